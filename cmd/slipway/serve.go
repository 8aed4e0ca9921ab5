package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime/debug"
	"time"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/data/store"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset/games"
	"github.com/slipway/slipway/web"
)

// serveFlags are the settings shared by the commands that open the
// database; each flag falls back to an environment variable.
type serveFlags struct {
	addr    string
	db      string
	baseURL string
	limits  library.Limits
}

// intEnv is envOr for whole numbers; a malformed value is the default.
func intEnv(name string, def int) int {
	var n int
	if _, err := fmt.Sscan(os.Getenv(name), &n); err == nil {
		return n
	}
	return def
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func serveCommand() command {
	return command{
		name:    "serve",
		summary: "run the design studio (web pages at /, HTTP API under /api/v1)",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("serve", stderr)
			var f serveFlags
			fs.StringVar(&f.addr, "addr", envOr("SLIPWAY_ADDR", ":8080"), "listen address `ADDR`, host:port (env SLIPWAY_ADDR)")
			fs.StringVar(&f.db, "db", envOr("SLIPWAY_DB", "./slipway.db"), "database `PATH|URL`: a SQLite file (created if missing) or a postgres:// URL (env SLIPWAY_DB)")
			fs.StringVar(&f.baseURL, "base-url", envOr("SLIPWAY_BASE_URL", ""),
				"public base `URL`, e.g. https://ships.example.org; https marks cookies Secure (env SLIPWAY_BASE_URL)")
			def := library.DefaultLimits()
			fs.IntVar(&f.limits.WritesPerMinute, "write-rate", intEnv("SLIPWAY_WRITE_RATE", def.WritesPerMinute),
				"`N` saves, forks and deletes one account may make per minute (env SLIPWAY_WRITE_RATE)")
			fs.IntVar(&f.limits.LoginsPerMinute, "login-rate", intEnv("SLIPWAY_LOGIN_RATE", def.LoginsPerMinute),
				"`N` logins and registrations one address (and one name from one address) may try per minute (env SLIPWAY_LOGIN_RATE)")
			fs.IntVar(&f.limits.MaxDesigns, "max-designs", intEnv("SLIPWAY_MAX_DESIGNS", def.MaxDesigns),
				"`N` live designs one account may hold (env SLIPWAY_MAX_DESIGNS)")
			fs.IntVar(&f.limits.MaxVersions, "max-versions", intEnv("SLIPWAY_MAX_VERSIONS", def.MaxVersions),
				"`N` versions one account may hold over all its designs (env SLIPWAY_MAX_VERSIONS)")
			fs.Usage = func() {
				fmt.Fprintln(stderr, "usage: slipway serve [--addr ADDR] [--db PATH|URL] [--base-url URL] [--login-rate N] [--write-rate N] [--max-designs N] [--max-versions N]")
				fmt.Fprintln(stderr, "\nServes the web studio (/, /designer), the JSON API (docs/api.md, /api/openapi.json),")
				fmt.Fprintln(stderr, "/healthz and /readyz.")
				fmt.Fprintln(stderr, "On first start it publishes the sample library as user \"slipway\"; on every start")
				fmt.Fprintln(stderr, "it re-evaluates designs stored under an older costing-model version.")
				fmt.Fprint(stderr, "Logs are JSON lines on stderr. SIGINT or SIGTERM shuts down gracefully.\n\n")
				listFlags(stderr, fs)
			}
			if code, ok := parseFlagsOnly(fs, args); !ok {
				return code
			}
			log := slog.New(slog.NewJSONHandler(stderr, nil))
			tuneGC()
			if err := serve(ctx, f, log, stdout); err != nil {
				log.Error("serve failed", "err", err)
				return 1
			}
			return 0
		},
	}
}

// tuneGC sets the collector for serve and recompute unless GOGC or
// GOMEMLIMIT say otherwise. Their heaps are small and short-lived (a
// request, a design's evaluation), so collecting at 400 % growth instead
// of 100 % trades some memory for much less collector work: recomputing
// 93,010 designs took 12.2-13.3 s of CPU at 400 % against 14.5-15.2 s at
// 100 % (docs/performance.md). The soft limit of 384 MiB keeps the
// generous percentage from letting a burst of hashes, renders or a
// recompute's batches grow the heap unchecked.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(384 << 20)
	}
}

// openServer opens the database and builds the API server on it.
func openServer(ctx context.Context, dbPath, baseURL string, limits library.Limits, log *slog.Logger) (store.DB, *api.Server, error) {
	var base *url.URL
	if baseURL != "" {
		u, err := url.Parse(baseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, nil, fmt.Errorf("base URL %q: want http(s)://host[:port]", baseURL)
		}
		base = u
	}
	db, err := store.Open(ctx, dbPath)
	if err != nil {
		return nil, nil, err
	}
	cat := designer.BuiltinCatalogue()
	svc := library.New(library.Config{Store: db, Evaluator: newEvaluator(cat), Catalogue: cat, Rulesets: games.Extra(), Logger: log, Limits: limits})
	srv := api.New(api.Config{Service: svc, Logger: log, BaseURL: base})
	return db, srv, nil
}

func serve(ctx context.Context, f serveFlags, log *slog.Logger, stdout io.Writer) error {
	// Take the port first: a server that cannot listen must not create
	// or change a database.
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	db, srv, err := openServer(ctx, f.db, f.baseURL, f.limits, log)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := srv.Service()
	n, err := svc.SeedSamples(ctx)
	if err != nil {
		return err
	}
	if n > 0 {
		log.Info("published the sample library", "designs", n, "user", library.SystemUser)
	}
	if n, err := svc.SeedSampleFleets(ctx); err != nil {
		log.Warn("sample fleets not published", "err", err)
	} else if n > 0 {
		log.Info("published the sample fleets", "fleets", n, "user", library.SystemUser)
	}
	rep, err := svc.Recompute(ctx)
	if err != nil {
		return err
	}
	if rep.Designs > 0 {
		log.Info("re-evaluated stored designs", "model", rep.Model, "designs", rep.Designs)
	}
	studio, err := web.New(web.Config{API: srv, Library: srv.Service(), Logger: log, BaseURL: f.baseURL})
	if err != nil {
		return err
	}
	hs := &http.Server{
		Handler:           studio,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	log.Info("listening", "addr", ln.Addr().String(), "db", store.Redact(f.db))
	fmt.Fprintf(stdout, "slipway serve: listening on http://%s\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	go returnMemory(ctx, log)
	go func() {
		t := time.NewTicker(time.Hour)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if n, err := svc.PurgeDeleted(ctx); err != nil {
					log.Warn("purge deleted designs", "err", err)
				} else if n > 0 {
					log.Info("purged deleted designs", "designs", n)
				}
				if err := db.Optimize(ctx); err != nil {
					log.Warn("optimize", "err", err)
				}
			}
		}
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// newEvaluator returns the costing model the service stores evaluations
// from.
func newEvaluator(cat *designer.Catalogue) library.Evaluator {
	return costing.NewModel(cat)
}
