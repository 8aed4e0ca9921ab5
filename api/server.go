// Package api is Slipway's HTTP service: accounts, private and public
// designs with immutable versions, the searchable library and the
// stateless evaluate and validate endpoints, under /api/v1 as JSON with
// RFC 9457 problem details for errors. It depends on a Store, which
// data/sqlite implements, and on an Evaluator, which costing provides.
package api

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/go-playground/validator/v10"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// MaxBodyBytes is the largest request body accepted: a 1 MiB design
// document plus room for the envelope around it.
const MaxBodyBytes = designer.MaxDocumentBytes + 64<<10

// SessionTTL is how long a login session lasts.
const SessionTTL = 30 * 24 * time.Hour

// Config configures a Server.
type Config struct {
	Store     Store
	Evaluator Evaluator
	Catalogue *designer.Catalogue
	Logger    *slog.Logger
	// BaseURL is the public URL of the service; an https scheme marks
	// session cookies Secure.
	BaseURL *url.URL
	// LoginRate is how many login attempts a client address or a user
	// name may make per minute; 0 means 10.
	LoginRate int
}

// Server serves the API. Create it with New.
type Server struct {
	store    Store
	eval     Evaluator
	cat      *designer.Catalogue
	log      *slog.Logger
	base     *url.URL
	validate *validator.Validate
	limiter  *loginLimiter
	dummy    string // a password hash verified for unknown users
	engine   *gin.Engine
	handler  http.Handler
	now      func() time.Time
}

// New builds a Server from cfg.
func New(cfg Config) *Server {
	s := &Server{
		store:    cfg.Store,
		eval:     cfg.Evaluator,
		cat:      cfg.Catalogue,
		log:      cfg.Logger,
		base:     cfg.BaseURL,
		validate: newValidator(),
		limiter:  newLoginLimiter(cfg.LoginRate),
		now:      time.Now,
	}
	if s.cat == nil {
		s.cat = designer.BuiltinCatalogue()
	}
	if s.eval == nil {
		s.eval = costing.NewModel(s.cat)
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	s.dummy = hashPassword("slipway-dummy-password")
	gin.SetMode(gin.ReleaseMode)
	s.engine = gin.New()
	s.engine.HandleMethodNotAllowed = true
	s.engine.NoRoute(func(c *gin.Context) { s.problem(c, http.StatusNotFound, "not-found", "no such resource", nil) })
	s.engine.NoMethod(func(c *gin.Context) {
		s.problem(c, http.StatusMethodNotAllowed, "method-not-allowed", "method not allowed here", nil)
	})
	s.engine.Use(s.recoverer, s.authenticate)
	s.routes()
	s.handler = s.middleware(s.engine)
	return s
}

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
	e.GET("/healthz", s.healthz)
	e.GET("/readyz", s.readyz)
	e.GET("/api/openapi.json", s.openAPI)

	v1 := e.Group("/api/v1")
	v1.POST("/auth/register", s.register)
	v1.POST("/auth/login", s.login)
	v1.POST("/auth/logout", s.logout)
	v1.GET("/me", s.me)
	v1.POST("/tokens", s.createToken)
	v1.GET("/tokens", s.listTokens)
	v1.DELETE("/tokens/:id", s.deleteToken)

	v1.POST("/evaluate", s.evaluate)
	v1.POST("/validate", s.validateDesign)

	v1.GET("/designs", s.myDesigns)
	v1.POST("/designs", s.createDesign)
	v1.GET("/designs/:id", s.getDesign)
	v1.PUT("/designs/:id", s.updateDesign)
	v1.DELETE("/designs/:id", s.deleteDesign)
	v1.GET("/designs/:id/versions", s.listVersions)
	v1.GET("/designs/:id/versions/:n", s.getVersion)
	v1.GET("/designs/:id/compare", s.compare)
	v1.POST("/designs/:id/fork", s.fork)
	v1.GET("/designs/:id/lineage", s.lineage)
	v1.GET("/designs/:id/export", s.export)
	v1.GET("/designs/:id/sheet.pdf", s.sheetPDF)
	v1.GET("/designs/:id/card.pdf", s.cardPDF)
	v1.GET("/aids.pdf", s.aidsPDF)

	v1.GET("/library", s.library)
	v1.POST("/import", s.importDesigns)
}

func (s *Server) healthz(c *gin.Context) {
	s.json(c, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) readyz(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ready(ctx); err != nil {
		s.log.ErrorContext(ctx, "not ready", "err", err)
		s.problem(c, http.StatusServiceUnavailable, "not-ready", "the database is not ready", nil)
		return
	}
	s.json(c, http.StatusOK, map[string]string{"status": "ready"})
}
