package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// result is the outcome of one load run.
type result struct {
	name      string
	latencies []time.Duration
	errors    int
	statuses  map[int]int
	elapsed   time.Duration
}

// request builds the i-th request of a run.
type request func(i int) (*http.Request, error)

// drive sends requests from s.concurrency clients until s.requests are
// sent or s.duration has passed, and records each latency.
func drive(ctx context.Context, s settings, name string, next request) *result {
	ctx, cancel := context.WithTimeout(ctx, s.duration)
	defer cancel()
	tr := &http.Transport{MaxIdleConns: s.concurrency, MaxIdleConnsPerHost: s.concurrency, MaxConnsPerHost: s.concurrency}
	hc := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	defer tr.CloseIdleConnections()
	var (
		n    atomic.Int64
		mu   sync.Mutex
		res  = &result{name: name, statuses: map[int]int{}}
		wg   sync.WaitGroup
		t0   = time.Now()
		lats = make([][]time.Duration, s.concurrency)
	)
	// With a rate, requests are scheduled at fixed times (open loop) and
	// latency counts from the scheduled time, so a slow server cannot hide
	// its queueing delay by slowing the clients down.
	var sched chan time.Time
	if s.rate > 0 {
		sched = make(chan time.Time, s.concurrency)
		go func() {
			defer close(sched)
			interval := time.Duration(float64(time.Second) / s.rate)
			for i := 0; i < s.requests; i++ {
				at := t0.Add(time.Duration(i) * interval)
				if d := time.Until(at); d > 0 {
					select {
					case <-time.After(d):
					case <-ctx.Done():
						return
					}
				}
				select {
				case sched <- at:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	for w := 0; w < s.concurrency; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for ctx.Err() == nil {
				var at time.Time
				if sched != nil {
					var ok bool
					if at, ok = <-sched; !ok {
						return
					}
				}
				i := int(n.Add(1))
				if i > s.requests {
					return
				}
				req, err := next(i)
				if err != nil {
					mu.Lock()
					res.errors++
					mu.Unlock()
					continue
				}
				start := time.Now()
				if !at.IsZero() {
					start = at
				}
				r, err := hc.Do(req.WithContext(ctx))
				if err != nil {
					if ctx.Err() != nil {
						return
					}
					mu.Lock()
					res.errors++
					mu.Unlock()
					continue
				}
				io.Copy(io.Discard, r.Body)
				r.Body.Close()
				lats[w] = append(lats[w], time.Since(start))
				mu.Lock()
				res.statuses[r.StatusCode]++
				mu.Unlock()
			}
		}(w)
	}
	wg.Wait()
	res.elapsed = time.Since(t0)
	for _, l := range lats {
		res.latencies = append(res.latencies, l...)
	}
	sort.Slice(res.latencies, func(i, j int) bool { return res.latencies[i] < res.latencies[j] })
	return res
}

func (r *result) pct(p float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	i := int(float64(len(r.latencies))*p/100+0.5) - 1
	return r.latencies[min(max(i, 0), len(r.latencies)-1)]
}

func (r *result) print(w io.Writer, s settings) {
	n := len(r.latencies)
	mode := "closed loop"
	if s.rate > 0 {
		mode = fmt.Sprintf("open loop at %.0f req/s", s.rate)
	}
	fmt.Fprintf(w, "%s: %d requests in %.1fs from %d clients (%s): %.0f req/s\n", r.name, n, r.elapsed.Seconds(),
		s.concurrency, mode, float64(n)/r.elapsed.Seconds())
	fmt.Fprintf(w, "  latency p50 %s  p95 %s  p99 %s  max %s\n", ms(r.pct(50)), ms(r.pct(95)), ms(r.pct(99)), ms(r.pct(100)))
	fmt.Fprintf(w, "  statuses %v  transport errors %d\n", r.statuses, r.errors)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }

func jsonRequest(method, url string, body []byte, token string) (*http.Request, error) {
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return req, nil
}
