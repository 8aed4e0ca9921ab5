package library

import (
	"context"
	"sync"
	"time"

	"unicode/utf8"

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
// account). It forgets every key when it holds too many, so its memory
// stays bounded; the limits are per process (see docs/deploy.md).
type keyedLimiter struct {
	mu      sync.Mutex
	perMin  int
	buckets map[string]*rate.Limiter
}

const maxLimiterKeys = 100_000

func newKeyedLimiter(perMinute int) *keyedLimiter {
	return &keyedLimiter{perMin: max(1, perMinute), buckets: map[string]*rate.Limiter{}}
}

// allow takes one token from every key's bucket and reports whether all
// had one; when not, it takes none and returns how long to wait.
func (l *keyedLimiter) allow(keys ...string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buckets) > maxLimiterKeys {
		clear(l.buckets)
	}
	var rs []*rate.Reservation
	var wait time.Duration
	for _, k := range keys {
		b := l.buckets[k]
		if b == nil {
			b = rate.NewLimiter(rate.Every(time.Minute/time.Duration(l.perMin)), l.perMin)
			l.buckets[k] = b
		}
		r := b.Reserve()
		rs = append(rs, r)
		wait = max(wait, r.Delay())
	}
	if wait > 0 {
		for _, r := range rs {
			r.Cancel()
		}
		return false, wait
	}
	return true, 0
}

// rateLimited is the refusal for a caller over a rate limit.
func rateLimited(what string, wait time.Duration) *Error {
	secs := int(wait.Seconds() + 0.999)
	return &Error{Code: ERateLimited, RetryAfter: wait,
		Message: what + "; try again in " + itoa(secs) + " s"}
}

func validUTF8(s string) bool { return utf8.ValidString(s) }
