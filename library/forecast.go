package library

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/sim"
)

// Bounds of a forecast: runs a request may ask for, and the work of one
// (runs × ships of A × ships of B), so a 1-v-1 plays up to 2,000 battles
// and a 10-v-10 up to 500; a deployed forecast plays three quarters as
// many again from its fixed starts (sim.ForecastStarts), which the bound
// leaves out. Forecasts run ForecastConcurrency at once, and
// ForecastQueue more wait; past both, EBusy.
const (
	MaxForecastRuns     = 2000
	DefaultForecastRuns = 1000
	MaxForecastWork     = 50_000
	forecastCacheSize   = 256
)

// ForecastSide names one side of a forecast, exactly one of: a library
// design (Version 0: the latest the caller may read), a design document,
// a library fleet, or a fleet document whose ships embed their designs or
// reference library designs.
type ForecastSide struct {
	Design        string
	Version       int
	Document      *designer.Design
	Fleet         string
	FleetDocument *fleet.Fleet
}

// ForecastRequest is a matchup to forecast and how many battles to play.
type ForecastRequest struct {
	A, B  ForecastSide
	Runs  int // 0: DefaultForecastRuns
	Seed  uint64
	Range int // start range, cm; 0: deployed by the encounter rules
	Turns int // 0: 30
}

// forecasts is the Service's forecast gate and its cache of answers by
// content: the sides' designs as played, the model and the settings.
type forecasts struct {
	gate  *Gate
	mu    sync.Mutex
	cache map[[32]byte]*sim.Forecast
	order [][32]byte // insertion order; the oldest goes first
}

func newForecasts(n, wait int) *forecasts {
	return &forecasts{gate: NewGate(n, wait), cache: map[[32]byte]*sim.Forecast{}}
}

func (f *forecasts) get(k [32]byte) *sim.Forecast {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.cache[k]
}

func (f *forecasts) put(k [32]byte, v *sim.Forecast) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.cache[k]; ok {
		return
	}
	f.cache[k] = v
	f.order = append(f.order, k)
	for len(f.order) > forecastCacheSize {
		delete(f.cache, f.order[0])
		f.order = f.order[1:]
	}
}

// Forecast plays req's matchup: what CV says, what simulated battles
// give and why. Library designs and fleets are read as u may read them;
// every design must be legal. The same request gives the same forecast,
// and a repeated one is answered from the cache.
func (s *Service) Forecast(ctx context.Context, u *User, req ForecastRequest) (*sim.Forecast, error) {
	runs := req.Runs
	if runs == 0 {
		runs = DefaultForecastRuns
	}
	switch {
	case runs < 1 || runs > MaxForecastRuns:
		return nil, &Error{Code: EInvalid, Field: "runs", Message: fmt.Sprintf("%d battles: allowed 1 to %d", runs, MaxForecastRuns)}
	case req.Range != 0 && (req.Range < 5 || req.Range > 200):
		return nil, &Error{Code: EInvalid, Field: "range", Message: fmt.Sprintf("a start range of %d cm: allowed 5 to 200", req.Range)}
	case req.Turns != 0 && (req.Turns < 1 || req.Turns > 100):
		return nil, &Error{Code: EInvalid, Field: "turns", Message: fmt.Sprintf("%d turns: allowed 1 to 100", req.Turns)}
	}
	m := costingModel(s.eval, s.cat)
	var sides [2][]*sim.Ship
	var names [2]string
	for i, side := range []ForecastSide{req.A, req.B} {
		field := []string{"a", "b"}[i]
		ds, name, err := s.forecastSide(ctx, u, field, side)
		if err != nil {
			return nil, err
		}
		names[i] = name
		sides[i], err = sim.CompileSide(m, ds)
		if err != nil {
			return nil, &Error{Code: EInvalid, Field: field, Message: err.Error()}
		}
	}
	if w := runs * len(sides[0]) * len(sides[1]); w > MaxForecastWork {
		most := MaxForecastWork / (len(sides[0]) * len(sides[1]))
		return nil, &Error{Code: EInvalid, Field: "runs", Message: fmt.Sprintf("%d battles of %d against %d ships: allowed up to %d", runs, len(sides[0]), len(sides[1]), most)}
	}
	cfg := sim.ForecastConfig{Model: m.Version(), Runs: runs, Seed: req.Seed, Workers: 1, Names: names,
		Options: sim.Options{MaxTurns: req.Turns, StartRange: req.Range}}
	key := forecastKey(cfg, sides)
	if f := s.forecast.get(key); f != nil {
		return f, nil
	}
	var out *sim.Forecast
	err := s.forecast.gate.Do(ctx, func() error {
		f, err := sim.NewForecast(ctx, sides[0], sides[1], cfg)
		out = f
		return err
	})
	if err != nil {
		return nil, err
	}
	s.forecast.put(key, out)
	return out, nil
}

// forecastSide reads one side's designs, as played, and its name.
func (s *Service) forecastSide(ctx context.Context, u *User, field string, side ForecastSide) ([]*designer.Design, string, error) {
	n := 0
	for _, set := range []bool{side.Design != "", side.Document != nil, side.Fleet != "", side.FleetDocument != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return nil, "", &Error{Code: EInvalid, Field: field, Message: "name exactly one of a library design, a design document, a library fleet or a fleet document"}
	}
	switch {
	case side.Document != nil:
		return []*designer.Design{side.Document}, "", nil
	case side.Design != "":
		if err := checkID(field+".design", side.Design); err != nil {
			return nil, "", err
		}
		_, v, err := s.Version(ctx, u, side.Design, side.Version)
		if err != nil {
			return nil, "", err
		}
		d, err := designer.DecodeDesign(v.Document)
		if err != nil {
			return nil, "", &Error{Code: EInvalid, Field: field + ".design", Message: "forecasts are for Metaverse designs"}
		}
		return []*designer.Design{d}, "", nil
	}
	f := side.FleetDocument
	if side.Fleet == "" {
		if err := checkRefs(field+".fleetDocument", f); err != nil {
			return nil, "", err
		}
	} else {
		if err := checkID(field+".fleet", side.Fleet); err != nil {
			return nil, "", err
		}
		fv, err := s.Fleet(ctx, u, side.Fleet)
		if err != nil {
			return nil, "", err
		}
		f = fv.Document
	}
	if len(f.Ships) > sim.MaxSideShips {
		return nil, "", &Error{Code: EInvalid, Field: field, Message: fmt.Sprintf("a fleet of %d ships: a forecast plays up to %d a side", len(f.Ships), sim.MaxSideShips)}
	}
	ds, _, err := s.resolve(ctx, u, f, Private)
	if err != nil {
		return nil, "", err
	}
	designs, err := f.ShipDesigns(ds)
	if err != nil {
		return nil, "", &Error{Code: EInvalid, Field: field, Message: err.Error()}
	}
	return designs, f.Name, nil
}

// forecastKey is a forecast's content address: its settings and every
// design as played.
func forecastKey(cfg sim.ForecastConfig, sides [2][]*sim.Ship) [32]byte {
	h := sha256.New()
	enc := json.NewEncoder(h)
	_ = enc.Encode(cfg)
	for _, side := range sides {
		fmt.Fprintf(h, "side %d\n", len(side))
		for _, sh := range side {
			_ = enc.Encode(sh.Design)
		}
	}
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// costingModel is the costing model behind ev, or the catalogue's
// current one when ev is another evaluator.
func costingModel(ev Evaluator, cat *designer.Catalogue) *costing.Model {
	if m, ok := ev.(*costing.Model); ok {
		return m
	}
	return costing.NewModel(cat)
}
