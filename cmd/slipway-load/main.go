// Command slipway-load measures the design library service on loopback:
// evaluate throughput and latency, library search latency, and saves per
// second with concurrent writers. It can also fill a database with
// generated public designs for the search measurement. Every run is
// bounded in requests and time, and it only talks to 127.0.0.1.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// settings are the flags every mode shares.
type settings struct {
	url         string
	urls        []string // every node given in -url
	concurrency int
	requests    int
	duration    time.Duration
	limit       int
	seed        int64
	rate        float64
	page        bool // search the web page, not the API
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	mode := args[0]
	fs := flag.NewFlagSet(mode, flag.ContinueOnError)
	fs.SetOutput(stderr)
	var s settings
	fs.StringVar(&s.url, "url", "http://127.0.0.1:8080", "service base URL (loopback only); modes search and save take a comma-separated list of nodes and spread requests over them")
	fs.IntVar(&s.concurrency, "c", 64, "concurrent clients")
	fs.IntVar(&s.requests, "n", 100000, "stop after this many requests")
	fs.DurationVar(&s.duration, "d", 20*time.Second, "stop after this long (at most 5m)")
	fs.Float64Var(&s.rate, "rate", 0, "requests per second to schedule (open loop); 0 sends as fast as the clients can")
	fs.Int64Var(&s.seed, "seed", 1, "random seed for generated designs and queries")
	dbPath := fs.String("db", "./slipway-load.db", "database to fill, an SQLite path or postgres:// URL (mode seed)")
	count := fs.Int("designs", 100000, "designs to generate (mode seed)")
	workers := fs.Int("workers", 1, "goroutines generating and storing batches at once (mode seed)")
	fs.IntVar(&s.limit, "limit", 20, "library page size (mode search)")
	fs.BoolVar(&s.page, "page", false, "search the web page /library instead of /api/v1/library (mode search)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of this tool to `FILE` (mode seed: the seeding itself)")
	var mf memoryFlags
	fs.StringVar(&mf.slipway, "slipway", "", "the slipway `BINARY` to start a fresh server from for each burst (mode memory)")
	only := fs.String("bursts", "", "comma-separated bursts to run (mode memory; default all: fleets-evaluate, import, import-draft, import-drafts-stored, import-samples, fleets-validate, sheet-pdf, verify-page, login)")
	serverEnv := fs.String("server-env", "", "comma-separated NAME=VALUE settings for the server's environment, e.g. GOMEMLIMIT=off (mode memory)")
	fs.StringVar(&mf.log, "server-log", "", "append each server's log (standard error) to `FILE` (mode memory)")
	fs.DurationVar(&mf.settle, "settle", 12*time.Second, "how long a fresh server rests after setup before its idle memory is read (mode memory)")
	pid := fs.Int("pid", 0, "after the run, print this server process's peak resident memory (Linux)")
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if s.duration > 5*time.Minute {
		s.duration = 5 * time.Minute
	}
	if *only != "" {
		mf.only = strings.Split(*only, ",")
	}
	if *serverEnv != "" {
		mf.env = strings.Split(*serverEnv, ",")
	}
	s.urls = strings.Split(s.url, ",")
	s.url = s.urls[0]
	for _, u := range s.urls {
		if err := loopbackOnly(u); err != nil && mode != "seed" {
			fmt.Fprintln(stderr, "slipway-load:", err)
			return 2
		}
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "slipway-load:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "slipway-load:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	var err error
	switch mode {
	case "evaluate":
		err = evaluateLoad(ctx, s, stdout)
	case "search":
		err = searchLoad(ctx, s, stdout)
	case "save":
		err = saveLoad(ctx, s, stdout)
	case "login":
		err = loginLoad(ctx, s, stdout)
	case "pdf":
		err = pdfLoad(ctx, s, stdout)
	case "memory":
		err = memoryLoad(ctx, mf, stdout)
	case "seed":
		err = seedDB(ctx, *dbPath, *count, *workers, s.seed, stdout)
	default:
		usage(stderr)
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, "slipway-load:", err)
		return 1
	}
	if *pid > 0 {
		m, err := peakMemory(*pid)
		if err != nil {
			fmt.Fprintln(stderr, "slipway-load:", err)
			return 1
		}
		fmt.Fprintf(stdout, "  server peak resident memory %s\n", m)
	}
	return 0
}

// base returns the node the i-th request goes to.
func (s settings) base(i int) string { return s.urls[i%len(s.urls)] }

func usage(w io.Writer) {
	fmt.Fprintln(w, `usage: slipway-load MODE [flags]

modes:
  evaluate  POST /api/v1/evaluate with a sample design from -c clients
  search    GET /api/v1/library with generated queries and filters
  save      POST /api/v1/designs from -c writers (registers a user)
  login     POST /api/v1/auth/login for one user from -c clients (registers it)
  pdf       GET a public design's sheet.pdf from -c clients
  memory    each burst of issue 20 against a fresh server (-slipway): peak and after-burst memory
  seed      fill -db with -designs generated public designs (server stopped)

Run 'slipway-load MODE -h' for flags.`)
}

// loopbackOnly refuses any target but 127.0.0.1 or localhost.
func loopbackOnly(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	if h := u.Hostname(); h != "127.0.0.1" && h != "localhost" && h != "::1" {
		return fmt.Errorf("%s: this tool only loads loopback addresses", raw)
	}
	return nil
}
