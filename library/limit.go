package library

import (
	"container/list"
	"context"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Gate bounds how many costly jobs (password hashes, PDF renders) run at
// once, and how many may wait for a turn. Past both it refuses at once
// with EBusy, so that a burst is answered "try again" instead of queueing
// gigabytes.
type Gate struct {
	run   chan struct{}
	queue chan struct{}
}

// NewGate returns a Gate letting n jobs run at once and up to wait more
// wait for a turn.
func NewGate(n, wait int) *Gate {
	return &Gate{run: make(chan struct{}, max(1, n)), queue: make(chan struct{}, max(0, wait))}
}

// busyRetry is the Retry-After suggested when a Gate is full.
const busyRetry = 2 * time.Second

// Do runs fn when a turn is free. It returns an *Error with code EBusy,
// without running fn, when every turn and every waiting place is taken,
// and ctx's error when ctx ends while waiting.
func (g *Gate) Do(ctx context.Context, fn func() error) error {
	select {
	case g.run <- struct{}{}:
	default:
		select {
		case g.queue <- struct{}{}:
		default:
			return &Error{Code: EBusy, Message: "the server is busy; try again in " + itoa(int(busyRetry.Seconds())) + " s", RetryAfter: busyRetry}
		}
		select {
		case g.run <- struct{}{}:
			<-g.queue
		case <-ctx.Done():
			<-g.queue
			return ctx.Err()
		}
	}
	defer func() { <-g.run }()
	return fn()
}

// Load reports how many jobs run and how many wait now.
func (g *Gate) Load() (running, waiting int) { return len(g.run), len(g.queue) }

// keyedLimiter keeps a token bucket per key (a client address, an
// account). Its memory is bounded by evicting the key used longest ago,
// one at a time, never all at once: a key refused or allowed in the last
// minute was used more recently than the keys an attacker made since,
// and a bucket left alone for a minute is full again, so forgetting it
// loses nothing. A refused request makes no new key, so a caller over a
// limit cannot flood the limiter from behind it. The limits are per
// process (see docs/deploy.md).
type keyedLimiter struct {
	mu      sync.Mutex
	perMin  int
	max     int                      // most keys kept
	buckets map[string]*list.Element // of *bucket, in lru
	lru     list.List                // most recently used first
	now     func() time.Time
}

type bucket struct {
	key string
	lim *rate.Limiter
}

// maxLimiterKeys is how many keys a keyedLimiter keeps (about 200 bytes
// each).
const maxLimiterKeys = 100_000

func newKeyedLimiter(perMinute int) *keyedLimiter {
	return newKeyedLimiterSize(perMinute, maxLimiterKeys)
}

func newKeyedLimiterSize(perMinute, size int) *keyedLimiter {
	return &keyedLimiter{perMin: max(1, perMinute), max: max(1, size), buckets: map[string]*list.Element{}, now: time.Now}
}

// allow takes one token from every key's bucket and reports whether all
// had one; when not, it takes none, makes no new key, and returns how
// long to wait.
func (l *keyedLimiter) allow(keys ...string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	var rs []*rate.Reservation
	var fresh []*bucket
	var wait time.Duration
	for _, k := range keys {
		var b *bucket
		if e := l.buckets[k]; e != nil {
			b = e.Value.(*bucket)
			l.lru.MoveToFront(e)
		} else {
			b = &bucket{key: k, lim: rate.NewLimiter(rate.Every(time.Minute/time.Duration(l.perMin)), l.perMin)}
			fresh = append(fresh, b)
		}
		r := b.lim.ReserveN(now, 1)
		rs = append(rs, r)
		wait = max(wait, r.DelayFrom(now))
	}
	if wait > 0 {
		for _, r := range rs {
			r.CancelAt(now)
		}
		return false, wait
	}
	for _, b := range fresh {
		if _, dup := l.buckets[b.key]; dup {
			continue
		}
		l.buckets[b.key] = l.lru.PushFront(b)
		for len(l.buckets) > l.max {
			old := l.lru.Back()
			l.lru.Remove(old)
			delete(l.buckets, old.Value.(*bucket).key)
		}
	}
	return true, 0
}

// size reports how many keys l holds.
func (l *keyedLimiter) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}

// addrKey is the limiter key of a client address: an IPv6 address by its
// /64 prefix (one subscriber's network, which hands its owner billions of
// addresses), anything else as given.
func addrKey(addr string) string {
	a, err := netip.ParseAddr(addr)
	if err != nil || !a.Is6() || a.Is4In6() {
		return addr
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// rateLimited is the refusal for a caller over a rate limit.
func rateLimited(what string, wait time.Duration) *Error {
	secs := int(wait.Seconds() + 0.999)
	return &Error{Code: ERateLimited, RetryAfter: wait,
		Message: what + "; try again in " + itoa(secs) + " s"}
}
