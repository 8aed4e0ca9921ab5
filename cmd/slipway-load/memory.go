package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
)

// The memory mode (issue 20, acceptance 1): each burst against a fresh
// `slipway serve` process on loopback, its peak resident memory and how
// far it falls back after the burst.

// burst is one burst of the memory mode.
type burst struct {
	name string
	n    int // requests in flight at once
	// stores is set for a burst that stores data: its fall-back is shown
	// but not judged, since SQLite keeps what it wrote in its page
	// caches (up to 64 MiB for the writer, outside the Go heap).
	stores bool
	// setup prepares the fresh server (users, ids) and returns the
	// request builder of the burst.
	setup func(ctx context.Context, base string) (func(i int) (*http.Request, error), error)
}

// memoryLimit and fallBack are the targets of issue 20: a peak of at most
// 500 MB, and within 60 s of the burst at most 1.5 times the idle level.
const (
	memoryLimitKB = 500 * 1000
	fallBackRatio = 1.5
	fallBackTime  = 60 * time.Second
)

func bursts() []burst {
	return []burst{
		{"fleets-evaluate", 64, false, func(ctx context.Context, base string) (func(int) (*http.Request, error), error) {
			body, err := armada(200)
			if err != nil {
				return nil, err
			}
			return func(int) (*http.Request, error) {
				return jsonRequest("POST", base+"/api/v1/fleets/evaluate", body, "")
			}, nil
		}},
		{"import", 8, false, importBurst("", badImport(700))},
		{"import-draft", 8, false, importBurst("?invalid=draft", badImport(700))},
		{"import-drafts-stored", 8, true, importBurst("?invalid=draft", badImport(450))},
		{"import-samples", 8, true, func(ctx context.Context, base string) (func(int) (*http.Request, error), error) {
			body, err := sampleImport(1_000_000)
			if err != nil {
				return nil, err
			}
			return importBurst("", body)(ctx, base)
		}},
		{"fleets-validate", 8, false, func(ctx context.Context, base string) (func(int) (*http.Request, error), error) {
			body := badFleet(fleet.MaxShips)
			return func(int) (*http.Request, error) {
				return jsonRequest("POST", base+"/api/v1/fleets/validate", body, "")
			}, nil
		}},
		{"sheet-pdf", 400, false, func(ctx context.Context, base string) (func(int) (*http.Request, error), error) {
			id, err := publicDesign(ctx, base)
			if err != nil {
				return nil, err
			}
			u := base + "/api/v1/designs/" + id + "/sheet.pdf"
			return func(int) (*http.Request, error) { return http.NewRequest("GET", u, nil) }, nil
		}},
		// A flood of verification pages of codes nobody printed: each
		// takes a turn of the API's work gate (issue 22), so that past its
		// turns and waiting places the page answers 503 at once.
		{"verify-page", 400, false, func(ctx context.Context, base string) (func(int) (*http.Request, error), error) {
			const digits = "0123456789abcdefghjkmnpqrstvwxyz"
			return func(i int) (*http.Request, error) {
				code := []byte("0000000000000000")
				for k, n := len(code)-1, i; k >= 0 && n > 0; k, n = k-1, n/32 {
					code[k] = digits[n%32]
				}
				return http.NewRequest("GET", base+"/v/"+string(code), nil)
			}, nil
		}},
		{"login", 200, false, func(ctx context.Context, base string) (func(int) (*http.Request, error), error) {
			name := fmt.Sprintf("login-%d", time.Now().UnixNano())
			body, _ := json.Marshal(map[string]string{"username": name, "password": "load-password"})
			req, _ := jsonRequest("POST", base+"/api/v1/auth/register", body, "")
			res, err := http.DefaultClient.Do(req.WithContext(ctx))
			if err != nil {
				return nil, err
			}
			res.Body.Close()
			if res.StatusCode != http.StatusCreated {
				return nil, fmt.Errorf("register: status %d", res.StatusCode)
			}
			return func(int) (*http.Request, error) {
				return jsonRequest("POST", base+"/api/v1/auth/login", body, "")
			}, nil
		}},
	}
}

// importBurst sends body to /import (with query) as one of 8 users.
func importBurst(query string, body []byte) func(ctx context.Context, base string) (func(int) (*http.Request, error), error) {
	return func(ctx context.Context, base string) (func(int) (*http.Request, error), error) {
		tokens := make([]string, 8)
		for i := range tokens {
			t, err := loadUser(ctx, base)
			if err != nil {
				return nil, err
			}
			tokens[i] = t
		}
		return func(i int) (*http.Request, error) {
			return jsonRequest("POST", base+"/api/v1/import"+query, body, tokens[i%len(tokens)])
		}, nil
	}
}

// sampleImport is an import of the sample designs in turn, each with a
// name of its own, up to size bytes: legal designs, all stored.
func sampleImport(size int) ([]byte, error) {
	ds, err := samples()
	if err != nil {
		return nil, err
	}
	var items []*designer.Design
	n := 2
	for i := 0; ; i++ {
		d := *ds[i%len(ds)]
		d.Name = fmt.Sprintf("%s %d", d.Name, i)
		b, err := json.Marshal(&d)
		if err != nil {
			return nil, err
		}
		if n+len(b)+1 > size {
			break
		}
		n += len(b) + 1
		items = append(items, &d)
	}
	return json.Marshal(items)
}

// samples returns the sample designs, sorted by file name.
func samples() ([]*designer.Design, error) {
	names, err := fs.Glob(data.Samples(), "*.json")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var ds []*designer.Design
	for _, nm := range names {
		b, err := fs.ReadFile(data.Samples(), nm)
		if err != nil {
			return nil, err
		}
		d, err := designer.DecodeDesign(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", nm, err)
		}
		ds = append(ds, d)
	}
	return ds, nil
}

// armada is the fleet of testdata/fleets/armada.go, n ships, the sample
// designs in turn, each embedded and named, except that each ship's
// design has a name of its own, so that no ship is priced from the
// evaluator's cache: the worst case.
func armada(n int) ([]byte, error) {
	ds, err := samples()
	if err != nil {
		return nil, err
	}
	f := &fleet.Fleet{Schema: fleet.Schema, Ruleset: designer.RulesetMetaverse, RulesVersion: designer.RulesVersion,
		Name: fmt.Sprintf("Armada of %d", n), Limit: fleet.Limit{CV: 1 << 30}}
	for i := range n {
		d := *ds[i%len(ds)]
		d.Name = fmt.Sprintf("%s %d", d.Name, i)
		f.Ships = append(f.Ships, fleet.Ship{ID: fmt.Sprintf("s%d", i), Name: fmt.Sprintf("Ship %d", i), Document: &d})
	}
	return json.Marshal(f)
}

// badDesign is a small design document (about 440 bytes) with over a
// hundred problems: 40 weapon definitions that name nothing but an id.
func badDesign(name string) map[string]any {
	ws := make([]map[string]string, 40)
	for i := range ws {
		ws[i] = map[string]string{"id": "w" + strconv.Itoa(i)}
	}
	return map[string]any{"schema": 1, "ruleset": "metaverse", "rulesVersion": 1, "name": name, "weapons": ws}
}

// badImport is an import of n bad designs (about 590 bytes each).
func badImport(n int) []byte {
	items := make([]any, n)
	for i := range items {
		items[i] = badDesign(fmt.Sprintf("Bad %d", i))
	}
	b, _ := json.Marshal(items)
	return b
}

// badFleet is a fleet of n ships each embedding a bad design.
func badFleet(n int) []byte {
	ships := make([]any, n)
	for i := range ships {
		ships[i] = map[string]any{"id": "s" + strconv.Itoa(i), "document": badDesign("B")}
	}
	b, _ := json.Marshal(map[string]any{"schema": 1, "ruleset": "metaverse", "rulesVersion": 1, "name": "Bad fleet",
		"limit": map[string]int{"cv": 1000}, "ships": ships})
	return b
}

// publicDesign returns the id of a public design of the library.
func publicDesign(ctx context.Context, base string) (string, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/v1/library?limit=1", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var page struct{ Designs []struct{ ID string } }
	if err := json.NewDecoder(res.Body).Decode(&page); err != nil || len(page.Designs) == 0 {
		return "", fmt.Errorf("no public design to print (%v)", err)
	}
	return page.Designs[0].ID, nil
}

// memoryFlags are the memory mode's own flags.
type memoryFlags struct {
	slipway string   // the slipway binary to start
	only    []string // burst names; empty: all
	env     []string // extra environment of the server
	settle  time.Duration
	log     string // file to append each server's log to
}

// memoryLoad runs each burst against a fresh server and prints a table:
// idle, peak and after-burst resident memory, and the statuses answered.
// It fails when a burst's peak is over 500 MB, or when the memory of a
// burst that stores nothing does not fall back within 60 s to 1.5 times
// the idle level.
func memoryLoad(ctx context.Context, mf memoryFlags, w io.Writer) error {
	if mf.slipway == "" {
		return errors.New("memory: give the slipway binary with -slipway (go build -o /tmp/slipway ./cmd/slipway)")
	}
	var failed []string
	fmt.Fprintf(w, "%-16s %4s %9s %9s %9s %7s %15s  %s\n", "burst", "n", "idle MB", "peak MB", "after MB", "fall s", "after anon/file", "statuses (largest answer)")
	for _, b := range bursts() {
		if len(mf.only) > 0 && !contains(mf.only, b.name) {
			continue
		}
		r, err := runBurst(ctx, mf, b)
		if err != nil {
			return fmt.Errorf("%s: %w", b.name, err)
		}
		fall := "-"
		if r.fell >= 0 {
			fall = fmt.Sprintf("%.0f", r.fell.Seconds())
		}
		fmt.Fprintf(w, "%-16s %4d %9.1f %9.1f %9.1f %7s %15s  %s\n", b.name, b.n, mb(r.idle), mb(r.peak), mb(r.after), fall,
			fmt.Sprintf("%.1f/%.1f", mb(r.anon), mb(r.file)), r.statuses)
		if r.peak > memoryLimitKB {
			failed = append(failed, fmt.Sprintf("%s peaked at %.1f MB (limit 500)", b.name, mb(r.peak)))
		}
		if r.fell < 0 && !b.stores {
			failed = append(failed, fmt.Sprintf("%s stayed at %.1f MB after 60 s (idle %.1f, limit %.1f)", b.name, mb(r.after), mb(r.idle), mb(r.idle)*fallBackRatio))
		}
	}
	if len(failed) > 0 {
		return errors.New(strings.Join(failed, "; "))
	}
	return nil
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func mb(kb int64) float64 { return float64(kb) / 1000 }

// burstResult is what one burst measured; memory in kB.
type burstResult struct {
	idle, peak, after int64
	anon, file        int64         // after: anonymous and file-backed (SQLite's mapped file)
	fell              time.Duration // -1: not within fallBackTime
	statuses          string
}

func runBurst(ctx context.Context, mf memoryFlags, b burst) (*burstResult, error) {
	dir, err := os.MkdirTemp("", "slipway-memory-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	base := "http://" + addr
	cmd := exec.Command(mf.slipway, "serve", "-addr", addr, "-db", filepath.Join(dir, "slipway.db"), "-login-rate", "100000")
	cmd.Env = append(os.Environ(), mf.env...)
	var logs bytes.Buffer
	cmd.Stderr = &logs
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	if mf.log != "" {
		defer func() {
			if f, err := os.OpenFile(mf.log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
				fmt.Fprintf(f, "== %s\n%s", b.name, logs.String())
				f.Close()
			}
		}()
	}
	defer func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	}()
	pid := cmd.Process.Pid
	if err := waitReady(ctx, base); err != nil {
		return nil, fmt.Errorf("%w; server log: %s", err, tail(logs.String()))
	}
	next, err := b.setup(ctx, base)
	if err != nil {
		return nil, err
	}
	time.Sleep(mf.settle)
	r := &burstResult{fell: -1}
	if r.idle, err = procStatus(pid, "VmRSS"); err != nil {
		return nil, err
	}
	// Reset the peak (VmHWM) to the resident memory now (Linux 4.0+);
	// sampling VmRSS as well covers kernels that refuse.
	_ = os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("5"), 0)
	var peak atomic.Int64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			if v, err := procStatus(pid, "VmRSS"); err == nil && v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	statuses, err := fire(ctx, b.n, next)
	close(stop)
	<-sampled
	if err != nil {
		return nil, err
	}
	r.statuses = statuses
	r.peak = peak.Load()
	if hwm, err := procStatus(pid, "VmHWM"); err == nil && hwm > r.peak {
		r.peak = hwm
	}
	t0 := time.Now()
	for {
		r.after, err = procStatus(pid, "VmRSS")
		if err != nil {
			return nil, err
		}
		if float64(r.after) <= fallBackRatio*float64(r.idle) {
			r.fell = time.Since(t0)
			break
		}
		if time.Since(t0) > fallBackTime {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	r.anon, _ = procStatus(pid, "RssAnon")
	r.file, _ = procStatus(pid, "RssFile")
	return r, nil
}

// fire sends n requests at once, each on its own connection, reads every
// answer whole and returns the statuses counted, with the bytes answered.
func fire(ctx context.Context, n int, next func(int) (*http.Request, error)) (string, error) {
	tr := &http.Transport{MaxIdleConnsPerHost: n, MaxConnsPerHost: n, DisableKeepAlives: true}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 5 * time.Minute}
	var (
		mu       sync.Mutex
		counts   = map[int]int{}
		bytesBy  = map[int]int64{}
		firstErr error
		errs     int
		wg       sync.WaitGroup
		start    = make(chan struct{})
	)
	for i := range n {
		req, err := next(i)
		if err != nil {
			return "", err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			res, err := hc.Do(req.WithContext(ctx))
			var nb int64
			if err == nil {
				nb, err = io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs++
				if firstErr == nil {
					firstErr = err
				}
				return
			}
			counts[res.StatusCode]++
			bytesBy[res.StatusCode] = max(bytesBy[res.StatusCode], nb)
		}()
	}
	close(start)
	wg.Wait()
	if errs == n {
		return "", firstErr
	}
	var codes []int
	for c := range counts {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	var parts []string
	for _, c := range codes {
		parts = append(parts, fmt.Sprintf("%d×%d (≤%s)", counts[c], c, size(bytesBy[c])))
	}
	if errs > 0 {
		parts = append(parts, fmt.Sprintf("%d×error (%v)", errs, firstErr))
	}
	return strings.Join(parts, " "), nil
}

// size writes n bytes for a reader: "812 B", "14.2 kB", "10.1 MB".
func size(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000_000:
		return fmt.Sprintf("%.1f kB", float64(n)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

func waitReady(ctx context.Context, base string) error {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		req, _ := http.NewRequestWithContext(ctx, "GET", base+"/readyz", nil)
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return errors.New("the server was not ready within 60 s")
}

func tail(s string) string {
	if len(s) > 2000 {
		return s[len(s)-2000:]
	}
	return s
}

// procStatus reads one kB field (VmRSS, VmHWM) of /proc/PID/status.
func procStatus(pid int, field string) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			return strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
		}
	}
	return 0, fmt.Errorf("no %s in /proc/%d/status", field, pid)
}
