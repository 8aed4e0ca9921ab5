package library

import (
	"context"
	"log/slog"
	"runtime"
	"sort"
	"time"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/metaverse"
)

// Evaluator costs designs. *costing.Model satisfies it, and is what slipway
// serve uses; the interface lets a test stand in an older model version to
// exercise recomputation.
type Evaluator interface {
	// Version names the costing model, e.g. "metaverse-cv/2".
	Version() string
	// Evaluate returns the full costing result of d.
	Evaluate(d *designer.Design, opt costing.Options) *costing.Result
	// Compare returns what changed between two designs and what each
	// change did to the numbers.
	Compare(a, b *designer.Design) *costing.Comparison
	// SquadronPoints prices one starfighter squadron at a crew quality.
	SquadronPoints(sq *designer.SquadronDef, crewQuality int) int
}

// Limits bound what one account, one record and one moment may cost the
// service. Zero fields take the defaults of DefaultLimits.
type Limits struct {
	// MaxDesigns is the most live designs one account may hold.
	MaxDesigns int
	// MaxVersions is the most versions, over all its live designs, one
	// account may hold.
	MaxVersions int
	// MaxBytes is the most stored bytes (documents, results, problems)
	// one account's live designs may hold.
	MaxBytes int64
	// MaxVersionBytes is the most stored bytes of one version.
	MaxVersionBytes int
	// WritesPerMinute is how many saves, forks and deletes one account may
	// make per minute (with a burst of as many).
	WritesPerMinute int
	// LoginsPerMinute is how many logins or registrations one client
	// address, and one name from one address, may attempt per minute.
	LoginsPerMinute int
	// HashConcurrency is how many password hashes run at once; HashQueue
	// how many more may wait for one. Past both, ErrBusy.
	HashConcurrency, HashQueue int
	// ForecastConcurrency is how many matchup forecasts play at once (each
	// on one core); ForecastQueue how many more may wait. Past both,
	// ErrBusy.
	ForecastConcurrency, ForecastQueue int
	// SessionTTL is how long a login session lasts.
	SessionTTL time.Duration
	// PurgeAfter is how long a deleted design's rows are kept before
	// PurgeDeleted removes them.
	PurgeAfter time.Duration
	// MaxGames is the most table games one account may keep, at most
	// (and by default) MaxGames.
	MaxGames int
}

// DefaultLimits are the limits a Service runs with unless told otherwise.
func DefaultLimits() Limits {
	n := runtime.GOMAXPROCS(0)
	return Limits{
		MaxDesigns:          2000,
		MaxVersions:         20000,
		MaxBytes:            256 << 20,
		MaxVersionBytes:     4 << 20,
		WritesPerMinute:     120,
		LoginsPerMinute:     10,
		HashConcurrency:     n,
		HashQueue:           4 * n,
		ForecastConcurrency: n,
		ForecastQueue:       2 * n,
		SessionTTL:          30 * 24 * time.Hour,
		PurgeAfter:          7 * 24 * time.Hour,
		MaxGames:            MaxGames,
	}
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxDesigns <= 0 {
		l.MaxDesigns = d.MaxDesigns
	}
	if l.MaxVersions <= 0 {
		l.MaxVersions = d.MaxVersions
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = d.MaxBytes
	}
	if l.MaxVersionBytes <= 0 {
		l.MaxVersionBytes = d.MaxVersionBytes
	}
	if l.WritesPerMinute <= 0 {
		l.WritesPerMinute = d.WritesPerMinute
	}
	if l.LoginsPerMinute <= 0 {
		l.LoginsPerMinute = d.LoginsPerMinute
	}
	if l.HashConcurrency <= 0 {
		l.HashConcurrency = d.HashConcurrency
	}
	if l.HashQueue <= 0 {
		l.HashQueue = d.HashQueue
	}
	if l.ForecastConcurrency <= 0 {
		l.ForecastConcurrency = d.ForecastConcurrency
	}
	if l.ForecastQueue <= 0 {
		l.ForecastQueue = d.ForecastQueue
	}
	if l.SessionTTL <= 0 {
		l.SessionTTL = d.SessionTTL
	}
	if l.MaxGames <= 0 || l.MaxGames > MaxGames {
		l.MaxGames = d.MaxGames
	}
	if l.PurgeAfter <= 0 {
		l.PurgeAfter = d.PurgeAfter
	}
	return l
}

// Config configures a Service.
type Config struct {
	Store     Store
	Evaluator Evaluator
	Catalogue *designer.Catalogue
	// Rulesets are the games served beside Metaverse, which the Service
	// serves itself over Catalogue and Evaluator (metaverse.New).
	Rulesets []ruleset.Ruleset
	Limits   Limits
	Logger   *slog.Logger
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
}

// Service holds every rule of the library: who may read and change what,
// versions and their preconditions, visibility, forks and lineage,
// accounts and sessions, quotas and rate limits, recomputation after a
// costing-model change. Adapters (the HTTP API, the web pages, the command
// line) call it and never the Store directly. It is safe for concurrent use.
type Service struct {
	store  Store
	eval   Evaluator
	cat    *designer.Catalogue
	rules  *ruleset.Registry // every game served; Metaverse reads documents naming none
	models map[string]bool   // the served rulesets' current model versions
	limits Limits
	log    *slog.Logger
	now    func() time.Time

	logins *keyedLimiter // login and registration attempts
	writes *keyedLimiter // design writes per account
	hashes *Gate         // password hashing
	dummy  string        // a password hash verified for unknown users

	fleets   *fleet.Evaluator // fleets, with its cache of priced ships
	forecast *forecasts       // matchup forecasts: their gate and cache
}

// New builds a Service from cfg. Store is required; the catalogue and
// evaluator default to the built-in catalogue and the current costing
// model.
func New(cfg Config) *Service {
	s := &Service{
		store:  cfg.Store,
		eval:   cfg.Evaluator,
		cat:    cfg.Catalogue,
		limits: cfg.Limits.withDefaults(),
		log:    cfg.Logger,
		now:    cfg.Now,
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
	if s.now == nil {
		s.now = time.Now
	}
	s.logins = newKeyedLimiter(s.limits.LoginsPerMinute)
	s.logins.now = s.now
	s.writes = newKeyedLimiter(s.limits.WritesPerMinute)
	s.hashes = NewGate(s.limits.HashConcurrency, s.limits.HashQueue)
	s.dummy = hashPassword("slipway-dummy-password")
	s.fleets = newFleetEvaluator(s.eval, s.cat)
	s.forecast = newForecasts(s.limits.ForecastConcurrency, s.limits.ForecastQueue)
	s.rules = ruleset.NewRegistry(append([]ruleset.Ruleset{metaverse.New(s.cat, s.eval)}, cfg.Rulesets...)...)
	s.models = map[string]bool{}
	for _, r := range s.rules.List() {
		s.models[r.Info().ModelVersion] = true
	}
	return s
}

// Rulesets returns the games the Service serves.
func (s *Service) Rulesets() *ruleset.Registry { return s.rules }

// Models returns the served rulesets' current model versions, sorted.
func (s *Service) Models() []string {
	out := make([]string, 0, len(s.models))
	for _, r := range s.rules.List() {
		out = append(out, r.Info().ModelVersion)
	}
	sort.Strings(out)
	return out
}

// Catalogue returns the systems catalogue the Service validates with.
func (s *Service) Catalogue() *designer.Catalogue { return s.cat }

// Evaluator returns the costing model the Service evaluates with.
func (s *Service) Evaluator() Evaluator { return s.eval }

// Limits returns the limits in force.
func (s *Service) Limits() Limits { return s.limits }

// Ready reports whether the store can serve requests.
func (s *Service) Ready(ctx context.Context) error { return s.store.Ready(ctx) }
