// Package web is Slipway's studio: the pages a player's browser opens.
// Pages are rendered on the server with html/template from one layout;
// scripts, styles and images are embedded in the binary and served under
// a content-hashed URL with long cache lifetimes. Every page carries a
// strict Content-Security-Policy (no inline script or style) and state-
// changing requests from other sites are refused.
//
// The package is an edge: it depends on the domain packages and on the
// JSON API's handler, which it serves unchanged under /api/, /healthz and
// /readyz. The designer page reads and evaluates designs through that
// public API from the browser, so a number shown on a page comes from the
// same Go function as the API's.
package web

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"runtime"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
)

// Config configures a Server.
type Config struct {
	// API serves /api/, /healthz and /readyz. Required.
	API http.Handler
	// Library is the library service the pages read. Optional: without
	// it, pages show every visitor as signed out.
	Library *library.Service
	// Logger receives one line per page request; nil discards.
	Logger *slog.Logger
	// BaseURL is the public URL of the service, if known; an https scheme
	// turns on Strict-Transport-Security.
	BaseURL string
}

// Server serves the studio's pages and static assets, and hands API
// requests to the API handler. Create it with New.
type Server struct {
	api     http.Handler
	lib     *library.Service
	games   *ruleset.Registry
	log     *slog.Logger
	secure  bool
	assets  *assets
	pages   *pages
	handler http.Handler
	// work bounds the pages that evaluate a design or fleet again (the
	// verification page): the API's work gate when the API has one
	// (api.Server.WorkGate), so pages and API share one bound.
	work *library.Gate
}

// New builds the studio server from cfg.
func New(cfg Config) (*Server, error) {
	if cfg.API == nil {
		return nil, fmt.Errorf("web: Config.API is required")
	}
	s := &Server{api: cfg.API, lib: cfg.Library, games: registryOf(cfg), log: cfg.Logger}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if cfg.BaseURL != "" {
		u, err := url.Parse(cfg.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("web: base URL %q: want http(s)://host[:port]", cfg.BaseURL)
		}
		s.secure = u.Scheme == "https"
	}
	if g, ok := cfg.API.(interface{ WorkGate() *library.Gate }); ok && g.WorkGate() != nil {
		s.work = g.WorkGate()
	} else {
		n := runtime.GOMAXPROCS(0)
		s.work = library.NewGate(n, 4*n)
	}
	var err error
	if s.assets, err = loadAssets(); err != nil {
		return nil, err
	}
	if s.pages, err = parsePages(s.assets); err != nil {
		return nil, err
	}
	s.handler = s.routes()
	return s, nil
}

// ServeHTTP serves one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// routes wires the URL space: the API's prefixes go straight to the API
// (which has its own logging, headers and cross-origin protection);
// everything else passes through the page middleware.
func (s *Server) routes() http.Handler {
	pages := http.NewServeMux()
	pages.Handle("GET "+staticPrefix, s.assets)
	pages.HandleFunc("GET /favicon.ico", s.assets.favicon)
	pages.HandleFunc("GET /{$}", s.home)
	pages.HandleFunc("GET /designer", s.designer)
	pages.HandleFunc("GET /glossary", s.glossary)
	s.readingRoutes(pages)
	s.fleetRoutes(pages)
	s.playRoutes(pages)
	s.verifyRoutes(pages)
	pages.HandleFunc("/", s.notFound)

	mux := http.NewServeMux()
	mux.Handle("/api/", s.api)
	mux.Handle("/healthz", s.api)
	mux.Handle("/readyz", s.api)
	mux.Handle("/", s.middleware(pages))
	return mux
}

// user returns the signed-in user of a request from its session cookie,
// or nil: no library, no cookie, or a session that has ended.
func (s *Server) user(r *http.Request) *library.User {
	if s.lib == nil {
		return nil
	}
	ck, err := r.Cookie(api.SessionCookie)
	if err != nil || ck.Value == "" {
		return nil
	}
	u, err := s.lib.SessionUser(r.Context(), ck.Value)
	if err != nil {
		return nil
	}
	return u
}
