package sqlite

import (
	"context"
	"path/filepath"
	"sync"
)

// locks holds the named locks of every database this process has open,
// keyed by the database's absolute path and the lock's name: one channel
// of capacity one per lock, full while it is held.
var locks sync.Map // string -> chan struct{}

// Lock takes the named lock, waiting until it is free or ctx ends, and
// returns the function that releases it. An SQLite database is served by
// one process (several would contend for its single writer anyway), so
// the lock is the process's own: every DB of this process on the same
// file shares it. It does not exclude another process, such as
// "slipway recompute" run beside "slipway serve"; that one's recomputation
// is then done twice, which changes no number (docs/deploy.md).
func (db *DB) Lock(ctx context.Context, name string) (func(), error) {
	path, err := filepath.Abs(db.path)
	if err != nil {
		path = db.path
	}
	v, _ := locks.LoadOrStore(path+"\x00"+name, make(chan struct{}, 1))
	ch := v.(chan struct{})
	select {
	case ch <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	var once sync.Once
	return func() { once.Do(func() { <-ch }) }, nil
}
