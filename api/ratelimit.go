package api

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// loginLimiter limits login attempts per client address and per user
// name with token buckets. It forgets everyone when it grows too big, so
// memory stays bounded.
type loginLimiter struct {
	mu      sync.Mutex
	perMin  int
	buckets map[string]*rate.Limiter
}

const maxLimiterKeys = 100_000

func newLoginLimiter(perMinute int) *loginLimiter {
	if perMinute <= 0 {
		perMinute = 10
	}
	return &loginLimiter{perMin: perMinute, buckets: map[string]*rate.Limiter{}}
}

// allow takes one token from every key's bucket and reports whether all
// had one; when not, it returns how long to wait.
func (l *loginLimiter) allow(keys ...string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buckets) > maxLimiterKeys {
		clear(l.buckets)
	}
	ok := true
	var wait time.Duration
	for _, k := range keys {
		b := l.buckets[k]
		if b == nil {
			b = rate.NewLimiter(rate.Every(time.Minute/time.Duration(l.perMin)), l.perMin)
			l.buckets[k] = b
		}
		r := b.Reserve()
		if d := r.Delay(); d > 0 {
			r.Cancel()
			ok = false
			wait = max(wait, d)
		}
	}
	return ok, wait
}
