// Package api is Slipway's HTTP JSON API: thin adapters that parse a
// request, call the library Service (or the costing model, for the
// stateless evaluate and validate endpoints) and answer JSON under
// /api/v1, with RFC 9457 problem details for errors. Every rule of the
// library lives in package library; this package only maps HTTP onto it.
package api

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"runtime"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/go-playground/validator/v10"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
)

// MaxBodyBytes is the largest request body accepted: a 1 MiB design
// document plus room for the envelope around it.
const MaxBodyBytes = designer.MaxDocumentBytes + 64<<10

// Config configures a Server.
type Config struct {
	// Service is the library; required.
	Service *library.Service
	Logger  *slog.Logger
	// BaseURL is the public URL of the service; an https scheme marks
	// session cookies Secure.
	BaseURL *url.URL
	// PrintConcurrency is how many PDFs render at once (default: the
	// number of CPUs) and PrintQueue how many more may wait (default
	// four times that); past both, 503 with Retry-After.
	PrintConcurrency, PrintQueue int
	// WorkConcurrency is how many fleet evaluations, fleet checks and
	// imports run at once (default: the number of CPUs) and WorkQueue how
	// many more may wait (default four times that); past both, 503 with
	// Retry-After. A waiting request has not read its body yet. A
	// negative WorkQueue lets none wait.
	WorkConcurrency, WorkQueue int
}

// Server serves the API. Create it with New.
type Server struct {
	svc      *library.Service
	cat      *designer.Catalogue
	log      *slog.Logger
	base     *url.URL
	validate *validator.Validate
	prints   *library.Gate
	bigPacks *library.Gate // fleet packs of more than bigPackShips ships
	work     *library.Gate // fleet evaluations and checks, encounters, imports
	imports  *library.Gate // imports, one at a time (then the work gate)
	aids     aidsCache
	engine   *gin.Engine
	handler  http.Handler
}

// New builds a Server from cfg.
func New(cfg Config) *Server {
	s := &Server{
		svc:      cfg.Service,
		cat:      cfg.Service.Catalogue(),
		log:      cfg.Logger,
		base:     cfg.BaseURL,
		validate: newValidator(),
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	n, q := gateSize(cfg.PrintConcurrency, cfg.PrintQueue)
	s.prints = library.NewGate(n, q)
	s.bigPacks = library.NewGate(1, 2)
	s.work = library.NewGate(gateSize(cfg.WorkConcurrency, cfg.WorkQueue))
	s.imports = library.NewGate(1, 4)
	gin.SetMode(gin.ReleaseMode)
	s.engine = gin.New()
	s.engine.HandleMethodNotAllowed = true
	s.engine.NoRoute(func(c *gin.Context) { s.problem(c, http.StatusNotFound, "not-found", "no such resource", nil) })
	s.engine.NoMethod(func(c *gin.Context) {
		s.problem(c, http.StatusMethodNotAllowed, "method-not-allowed", "method "+c.Request.Method+" is not allowed here", nil)
	})
	s.engine.Use(s.recoverer, s.authenticate)
	s.routes()
	s.handler = s.middleware(s.engine)
	return s
}

// gateSize is a gate's turns and waiting places as configured: by
// default (0) one turn per CPU and four waiting places per turn; a
// negative number of waiting places is none.
func gateSize(n, q int) (int, int) {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	switch {
	case q == 0:
		q = 4 * n
	case q < 0:
		q = 0
	}
	return n, q
}

// gated runs h through the work gate: a request past its turns and
// waiting places is answered 503 with Retry-After (its body read and
// dropped, not kept), and a waiting one has not read its body yet, so
// that a burst of large fleets or imports waits or is refused instead of
// holding every body and answer in memory at once.
func (s *Server) gated(h gin.HandlerFunc) gin.HandlerFunc { return s.gatedBy(s.work, h) }

// gatedBy runs h through gate g as gated does through the work gate.
func (s *Server) gatedBy(g *library.Gate, h gin.HandlerFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		err := g.Do(c.Request.Context(), func() error {
			h(c)
			return nil
		})
		switch {
		case err == nil:
		case c.Request.Context().Err() != nil: // the client left while waiting
			c.Abort()
		default:
			// Take the rest of the body (at most MaxBodyBytes, through a
			// small buffer) so that a client still sending it reads the
			// 503 and its Retry-After instead of a reset connection.
			io.Copy(io.Discard, c.Request.Body)
			s.fail(c, err)
		}
	}
}

// WorkGate is the gate every route that evaluates a design or fleet
// again takes a turn of (fleet routes, encounters, imports, verification).
// The studio's pages that evaluate as much (the verification page) take
// their turn of the same gate, so that the bound is one for both.
func (s *Server) WorkGate() *library.Gate { return s.work }

// Service returns the library service the server adapts.
func (s *Server) Service() *library.Service { return s.svc }

// ServeHTTP serves one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// Routes lists the registered routes as "METHOD /path/{param}".
func (s *Server) Routes() []string {
	var out []string
	for _, r := range s.engine.Routes() {
		out = append(out, r.Method+" "+openAPIPath(r.Path))
	}
	return out
}

func (s *Server) routes() {
	e := s.engine
	get := func(g gin.IRoutes, path string, h gin.HandlerFunc) {
		g.GET(path, h)
		g.HEAD(path, h)
	}
	get(e, "/healthz", s.healthz)
	get(e, "/readyz", s.readyz)
	get(e, "/api/openapi.json", s.openAPI)

	v1 := e.Group("/api/v1")
	v1.POST("/auth/register", s.register)
	v1.POST("/auth/login", s.login)
	v1.POST("/auth/logout", s.logout)
	v1.POST("/auth/logout-everywhere", s.logoutEverywhere)
	v1.POST("/auth/password", s.changePassword)
	get(v1, "/me", s.me)
	v1.DELETE("/me", s.deleteAccount)
	v1.POST("/tokens", s.createToken)
	get(v1, "/tokens", s.listTokens)
	v1.DELETE("/tokens/:id", s.deleteToken)

	v1.POST("/evaluate", s.evaluate)
	v1.POST("/evaluate/change", s.evaluateChange)
	v1.POST("/validate", s.validateDesign)
	v1.POST("/sheet.svg", s.draftSheetSVG)
	v1.POST("/sheet.pdf", s.draftSheetPDF)
	get(v1, "/catalogue", s.catalogue)
	get(v1, "/rulesets", s.rulesets)
	get(v1, "/rulesets/:ruleset/form", s.rulesetForm)
	get(v1, "/rulesets/:ruleset/schema", s.rulesetSchema)
	get(v1, "/rulesets/:ruleset/aids.pdf", s.rulesetAids)

	get(v1, "/designs", s.myDesigns)
	v1.POST("/designs", s.createDesign)
	get(v1, "/designs/:id", s.getDesign)
	v1.PUT("/designs/:id", s.updateDesign)
	v1.DELETE("/designs/:id", s.deleteDesign)
	get(v1, "/designs/:id/versions", s.listVersions)
	get(v1, "/designs/:id/versions/:n", s.getVersion)
	get(v1, "/designs/:id/compare", s.compare)
	v1.POST("/designs/:id/fork", s.fork)
	get(v1, "/designs/:id/lineage", s.lineage)
	get(v1, "/designs/:id/export", s.export)
	get(v1, "/designs/:id/sheet.pdf", s.sheetPDF)
	get(v1, "/designs/:id/card.pdf", s.cardPDF)
	get(v1, "/designs/:id/share", s.getShare)
	v1.POST("/designs/:id/share", s.createShare)
	v1.DELETE("/designs/:id/share", s.deleteShare)
	// A verification evaluates the design or fleet again: the work gate.
	get(v1, "/verify/:code", s.gated(s.verify))
	get(v1, "/aids.pdf", s.aidsPDF)

	// Every fleet route that evaluates a fleet takes the work gate.
	get(v1, "/fleets", s.myFleets)
	v1.POST("/fleets", s.gated(s.createFleet))
	v1.POST("/fleets/validate", s.gated(s.validateFleet))
	v1.POST("/fleets/evaluate", s.gated(s.evaluateFleet))
	v1.POST("/fleets/pack", s.gated(s.packFleet))
	get(v1, "/fleets/:id", s.gated(s.getFleet))
	v1.PUT("/fleets/:id", s.gated(s.updateFleet))
	v1.DELETE("/fleets/:id", s.deleteFleet)
	get(v1, "/fleets/:id/versions", s.listFleetVersions)
	get(v1, "/fleets/:id/versions/:n", s.gated(s.getFleetVersion))
	v1.POST("/fleets/:id/fork", s.gated(s.forkFleet))
	v1.POST("/fleets/:id/upgrade", s.gated(s.upgradeFleet))
	get(v1, "/fleets/:id/pack.pdf", s.gated(s.fleetPackPDF))
	get(v1, "/fleets/:id/share", s.getFleetShare)
	v1.POST("/fleets/:id/share", s.createFleetShare)
	v1.DELETE("/fleets/:id/share", s.deleteFleetShare)
	get(v1, "/fleet-library", s.fleetLibrary)
	get(v1, "/fleet-facts", s.fleetFacts)
	v1.POST("/encounters", s.gated(s.encounter))
	v1.POST("/forecast", s.forecast)

	// Table games (docs/table.md).
	get(v1, "/games", s.myGames)
	v1.POST("/games", s.gated(s.startGame))
	get(v1, "/games/:id", s.getGame)
	v1.DELETE("/games/:id", s.deleteGame)
	v1.POST("/games/:id/marks", s.playGame)
	get(v1, "/games/:id/ships/:ship/sheet.svg", s.gameSheetSVG)
	get(v1, "/games/:id/ships/:ship/sheet.pdf", s.gameSheetPDF)
	// A game kept in the browser only: worked out again on every request.
	v1.POST("/play/derive", s.gated(s.deriveLocalGame))
	get(v1, "/play/ships/:ship/sheet.svg", s.gated(s.localGameSheet))
	get(v1, "/watch/:token", s.watchGame)
	get(v1, "/watch/:token/ships/:ship/sheet.svg", s.gameSheetSVG)
	get(v1, "/watch/:token/ships/:ship/sheet.pdf", s.gameSheetPDF)

	get(v1, "/library", s.library)
	// An import holds up to library.MaxImportBytes of new versions until
	// its transaction, and the store has one writer: imports run one at
	// a time (four more wait), each in a turn of the work gate. Eight at
	// once peaked at 438 MB, two of them running.
	v1.POST("/import", s.gatedBy(s.imports, s.gated(s.importDesigns)))
}

func (s *Server) healthz(c *gin.Context) {
	s.json(c, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) readyz(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if err := s.svc.Ready(ctx); err != nil {
		s.log.ErrorContext(ctx, "not ready", "err", err)
		s.problem(c, http.StatusServiceUnavailable, "not-ready", "the database is not ready", nil)
		return
	}
	s.json(c, http.StatusOK, map[string]string{"status": "ready"})
}
