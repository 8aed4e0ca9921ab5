package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// Valuer is one way of valuing a ship: a costing model's CV, or a
// baseline.
type Valuer struct {
	Name  string
	Value func(s *Ship) float64
	// model is the costing model behind a CV valuer, nil for a baseline.
	model *costing.Model
}

// CVValuer values ships by a costing model's published CV.
func CVValuer(m *costing.Model) Valuer {
	return Valuer{Name: m.Version(), model: m, Value: func(s *Ship) float64 {
		return float64(max(1, m.Evaluate(s.Design, costing.Options{}).CV))
	}}
}

// NaiveValuer is the naive count: hull hits plus weapon dice (count x
// pulse of every weapon that can target starships).
func NaiveValuer() Valuer {
	return Valuer{Name: "naive count", Value: func(s *Ship) float64 {
		v := float64(s.hullMax)
		for _, c := range s.copies {
			if w := &s.weapons[c.w]; w.tShips {
				v += float64(w.pulse)
			}
		}
		return max(1, v)
	}}
}

// PlainValuer is plain sqrt(offence x defence): offence the expected
// damage of every weapon copy that can target starships (pulse x (mean
// die + modifier)), defence the hull hits plus shield hits.
func PlainValuer() Valuer {
	return Valuer{Name: "sqrt(O x D)", Value: func(s *Ship) float64 {
		o := 0.0
		for _, c := range s.copies {
			if w := &s.weapons[c.w]; w.tShips {
				o += float64(w.pulse) * (float64(w.sides+1)/2 + float64(w.mod))
			}
		}
		dd := float64(s.hullMax)
		for _, a := range s.arcs {
			dd += float64(a.shieldMax)
		}
		return max(0.01, math.Sqrt(max(0.01, o)*dd))
	}}
}

// PairResult is many duels between two designs.
type PairResult struct {
	A, B   string
	StyleA Style
	StyleB Style
	// Values by valuer, in CalibrationConfig.Valuers order.
	VA, VB []float64
	// HullA, HullB orient pairs without reference to any model.
	HullA, HullB int
	// OffenceShareA, B: O / (O + D) of the plain baseline, to orient
	// glass against brick.
	Result Result
}

// Observed is the A side's score: wins plus half the draws, per duel.
func (p *PairResult) Observed() float64 { return p.Result.WinRate(0) }

// CalibrationConfig sizes a calibration run.
type CalibrationConfig struct {
	Seed uint64
	// Pairs random pairs of random-style designs, Duels duels each: the
	// Brier scores and logistic fits.
	Pairs, Duels int
	// NearPairs pairs matched within 10 % by each CV model, random styles.
	NearPairs int
	// StylePairs pairs matched within 10 % by each CV model for each
	// style pairing.
	StylePairs int
	// Fleets 3-against-3 battles of equal total CV (within 10 %) per CV
	// model, FleetBattles battles each.
	Fleets, FleetBattles int
	Workers              int
	Options              Options
	// Valuers: the CV models first, then the baselines.
	Valuers []Valuer
	// Catalogue and Model compile the designs (derived statistics only).
	Catalogue *designer.Catalogue
	Model     *costing.Model
}

// StylePairings are the pairings the acceptance names.
var StylePairings = [][2]Style{{StyleBrick, StyleGlass}, {StyleCarrier, StyleGunship}, {StyleMissile, StylePD}}

// Calibration is the outcome of a calibration run.
type Calibration struct {
	Config   CalibrationConfig `json:"-"`
	Valuers  []string
	Random   []PairResult
	Fits     []Fit
	Near     map[string]NearEqual // by CV model
	Styles   map[string][]NearEqual
	Fleets   map[string]NearEqual
	Duels    int
	Battles  int
	ShipTurn int
}

// Fit is a valuer's logistic fit P(A wins) = 1 / (1 + (V_B / V_A)^Beta)
// on the random pairs, and its Brier score there.
type Fit struct {
	Name  string
	Beta  float64
	Brier float64
	// Resolution is the mean squared gap between predicted and observed
	// win rates per pair; Brier less this is the dice's own noise.
	Resolution float64
	// Reliability bins: predicted probability deciles against observed.
	BinPred, BinObs []float64
	BinN            []int
}

// NearEqual summarises pairs matched within 10 % by one CV model.
type NearEqual struct {
	Label string
	Pairs int
	Duels int
	// WinA is the A side's score (wins + half the draws) over all duels,
	// with a 95 % interval over pairs (pairs differ more than dice do);
	// A is the first style of a style pairing, the side with more hull
	// hits otherwise.
	WinA, Lo, Hi float64
	// HigherCV is the score of the side with the higher CV.
	HigherCV float64
	Draws    float64

	scores []float64 // per pair
}

// Calibrate runs a calibration. It is deterministic for a given config
// whatever the number of workers.
func Calibrate(cfg CalibrationConfig) (*Calibration, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Model == nil {
		cfg.Model = costing.NewModel(cfg.Catalogue)
	}
	c := &Calibration{Config: cfg, Near: map[string]NearEqual{}, Styles: map[string][]NearEqual{}, Fleets: map[string]NearEqual{}}
	for _, v := range cfg.Valuers {
		c.Valuers = append(c.Valuers, v.Name)
	}
	gen := shipGenerator(cfg.Seed, cfg.Catalogue, cfg.Model)
	// Random pairs.
	var jobs []job
	for k := 0; k < cfg.Pairs; k++ {
		a, err := gen(StyleRandom, 2*k)
		if err != nil {
			return nil, err
		}
		b, err := gen(StyleRandom, 2*k+1)
		if err != nil {
			return nil, err
		}
		jobs = append(jobs, job{a: []*Ship{a}, b: []*Ship{b}, runs: cfg.Duels})
	}
	res := runJobs(jobs, cfg.Seed, cfg.Workers, cfg.Options)
	for k, j := range jobs {
		c.Random = append(c.Random, c.pairResult(j.a[0], j.b[0], res[k]))
		c.count(res[k])
	}
	for vi := range cfg.Valuers {
		c.Fits = append(c.Fits, fit(cfg.Valuers[vi].Name, c.Random, vi))
	}
	// Near-equal pairs, style pairings and fleets, for each CV model.
	for vi, v := range cfg.Valuers {
		if v.model == nil {
			continue
		}
		ne, err := c.matched(gen, v, vi, StyleRandom, StyleRandom, cfg.NearPairs, "all styles", 1000+vi)
		if err != nil {
			return nil, err
		}
		c.Near[v.Name] = ne
		for pi, sp := range StylePairings {
			ne, err := c.matched(gen, v, vi, sp[0], sp[1], cfg.StylePairs, string(sp[0])+" v "+string(sp[1]), 2000+10*vi+pi)
			if err != nil {
				return nil, err
			}
			c.Styles[v.Name] = append(c.Styles[v.Name], ne)
		}
		fl, err := c.fleets(gen, v, vi)
		if err != nil {
			return nil, err
		}
		c.Fleets[v.Name] = fl
	}
	return c, nil
}

// shipGenerator makes the generator's designs of seed, compiled by model
// and marked with their style.
func shipGenerator(seed uint64, cat *designer.Catalogue, model *costing.Model) func(Style, int) (*Ship, error) {
	g := NewGenerator(seed, cat)
	return func(style Style, i int) (*Ship, error) {
		d, err := g.Design(style, i)
		if err != nil {
			return nil, err
		}
		s, err := Compile(model, d)
		if err != nil {
			return nil, err
		}
		s.style = style
		return s, nil
	}
}

func (c *Calibration) count(r Result) {
	c.Battles += r.Runs
	c.ShipTurn += r.ShipTurns
}

func (c *Calibration) pairResult(a, b *Ship, r Result) PairResult {
	p := PairResult{A: a.Name, B: b.Name, StyleA: a.style, StyleB: b.style, HullA: a.hullMax, HullB: b.hullMax, Result: r}
	for _, v := range c.Config.Valuers {
		p.VA = append(p.VA, v.Value(a))
		p.VB = append(p.VB, v.Value(b))
	}
	return p
}

type job struct {
	a, b []*Ship
	runs int
}

// runJobs plays every job; job k uses seed seed+k, so results do not
// depend on the number of workers.
func runJobs(jobs []job, seed uint64, workers int, opt Options) []Result {
	out := make([]Result, len(jobs))
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				j := jobs[k]
				bt := newBattle(j.a, j.b, opt)
				var r Result
				for i := 0; i < j.runs; i++ {
					r.add(bt.play(battleRand(seed+uint64(k)*7919, i)))
				}
				out[k] = r
			}
		}()
	}
	for k := range jobs {
		next <- k
	}
	close(next)
	wg.Wait()
	return out
}

// matched pairs designs of styles sa and sb whose CVs under v are within
// 10 %, and duels them.
func (c *Calibration) matched(gen func(Style, int) (*Ship, error), v Valuer, vi int, sa, sb Style, n int, label string, salt int) (NearEqual, error) {
	cfg := c.Config
	r := rand.New(rand.NewPCG(cfg.Seed, uint64(salt)))
	pool := func(st Style, base int) ([]*Ship, error) {
		var out []*Ship
		for i := 0; i < 3*n+20; i++ {
			s, err := gen(st, base+i)
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		}
		return out, nil
	}
	pa, err := pool(sa, salt*100000)
	if err != nil {
		return NearEqual{}, err
	}
	pb, err := pool(sb, salt*100000+50000)
	if err != nil {
		return NearEqual{}, err
	}
	vb := make([]float64, len(pb))
	for i, s := range pb {
		vb[i] = v.Value(s)
	}
	used := make([]bool, len(pb))
	var jobs []job
	for _, a := range pa {
		if len(jobs) == n {
			break
		}
		va := v.Value(a)
		var cand []int
		for i := range pb {
			if !used[i] && math.Abs(va/vb[i]-1) <= 0.1 && math.Abs(vb[i]/va-1) <= 0.1 {
				cand = append(cand, i)
			}
		}
		if len(cand) == 0 {
			continue
		}
		i := cand[r.IntN(len(cand))]
		used[i] = true
		b := pb[i]
		if sa == sb && b.hullMax > a.hullMax {
			a, b = b, a // orient random pairs: A is the side with more hull
		}
		jobs = append(jobs, job{a: []*Ship{a}, b: []*Ship{b}, runs: cfg.Duels})
	}
	res := runJobs(jobs, cfg.Seed+uint64(salt), cfg.Workers, cfg.Options)
	ne := NearEqual{Label: label, Pairs: len(jobs)}
	var tot Result
	higher := 0.0
	for k, j := range jobs {
		c.count(res[k])
		tot.merge(res[k])
		ne.scores = append(ne.scores, res[k].WinRate(0))
		if v.Value(j.a[0]) >= v.Value(j.b[0]) {
			higher += res[k].WinRate(0) * float64(res[k].Runs)
		} else {
			higher += res[k].WinRate(1) * float64(res[k].Runs)
		}
	}
	ne.fill(tot)
	if tot.Runs > 0 {
		ne.HigherCV = higher / float64(tot.Runs)
	}
	return ne, nil
}

func (ne *NearEqual) fill(tot Result) {
	ne.Duels = tot.Runs
	ne.WinA = tot.WinRate(0)
	// The interval is over pairs: mean +- 1.96 standard errors of the
	// per-pair scores.
	n := float64(len(ne.scores))
	if n > 1 {
		m, v := 0.0, 0.0
		for _, x := range ne.scores {
			m += x
		}
		m /= n
		for _, x := range ne.scores {
			v += (x - m) * (x - m)
		}
		se := math.Sqrt(v / (n - 1) / n)
		ne.Lo, ne.Hi = max(0, ne.WinA-1.96*se), min(1, ne.WinA+1.96*se)
	}
	if tot.Runs > 0 {
		ne.Draws = float64(tot.Draws) / float64(tot.Runs)
	}
}

// fleets plays 3-against-3 battles of random-style ships whose total CVs
// under v are within 10 %; A is the side with more hull.
func (c *Calibration) fleets(gen func(Style, int) (*Ship, error), v Valuer, vi int) (NearEqual, error) {
	cfg := c.Config
	var jobs []job
	base := 900000 + vi*100000
	for k := 0; len(jobs) < cfg.Fleets && k < 50*cfg.Fleets+100; k++ {
		var side [2][]*Ship
		var tot [2]float64
		for s := 0; s < 2; s++ {
			for i := 0; i < 3; i++ {
				sh, err := gen(StyleRandom, base+k*6+s*3+i)
				if err != nil {
					return NearEqual{}, err
				}
				side[s] = append(side[s], sh)
				tot[s] += v.Value(sh)
			}
		}
		if math.Abs(tot[0]/tot[1]-1) > 0.1 || math.Abs(tot[1]/tot[0]-1) > 0.1 {
			continue
		}
		if hullOf(side[1]) > hullOf(side[0]) {
			side[0], side[1] = side[1], side[0]
		}
		jobs = append(jobs, job{a: side[0], b: side[1], runs: cfg.FleetBattles})
	}
	res := runJobs(jobs, cfg.Seed+uint64(base), cfg.Workers, cfg.Options)
	var tot Result
	ne := NearEqual{Label: "3 v 3 fleets", Pairs: len(jobs)}
	for k := range jobs {
		c.count(res[k])
		tot.merge(res[k])
		ne.scores = append(ne.scores, res[k].WinRate(0))
	}
	ne.fill(tot)
	ne.HigherCV = math.NaN()
	return ne, nil
}

func hullOf(ss []*Ship) int {
	n := 0
	for _, s := range ss {
		n += s.hullMax
	}
	return n
}

// fit fits beta by maximum likelihood (golden-section search on the
// log-likelihood, concave in beta) and scores the Brier.
func fit(name string, ps []PairResult, vi int) Fit {
	ll := func(beta float64) float64 {
		s := 0.0
		for i := range ps {
			p := predict(beta, ps[i].VA[vi], ps[i].VB[vi])
			p = min(max(p, 1e-9), 1-1e-9)
			r := ps[i].Result
			wa := float64(r.Wins[0]) + 0.5*float64(r.Draws)
			wb := float64(r.Wins[1]) + 0.5*float64(r.Draws)
			s += wa*math.Log(p) + wb*math.Log(1-p)
		}
		return s
	}
	lo, hi := 0.0, 20.0
	const gr = 0.6180339887498949
	for it := 0; it < 100; it++ {
		m1 := hi - gr*(hi-lo)
		m2 := lo + gr*(hi-lo)
		if ll(m1) < ll(m2) {
			lo = m1
		} else {
			hi = m2
		}
	}
	f := Fit{Name: name, Beta: (lo + hi) / 2}
	f.BinPred = make([]float64, 10)
	f.BinObs = make([]float64, 10)
	f.BinN = make([]int, 10)
	n := 0
	for i := range ps {
		p := predict(f.Beta, ps[i].VA[vi], ps[i].VB[vi])
		r := ps[i].Result
		f.Brier += float64(r.Wins[0])*sq(1-p) + float64(r.Wins[1])*sq(p) + float64(r.Draws)*sq(0.5-p)
		n += r.Runs
		obs := ps[i].Observed()
		f.Resolution += sq(p - obs)
		bin := min(9, int(p*10))
		f.BinPred[bin] += p
		f.BinObs[bin] += obs
		f.BinN[bin]++
	}
	if n > 0 {
		f.Brier /= float64(n)
	}
	if len(ps) > 0 {
		f.Resolution /= float64(len(ps))
	}
	for b := range f.BinN {
		if f.BinN[b] > 0 {
			f.BinPred[b] /= float64(f.BinN[b])
			f.BinObs[b] /= float64(f.BinN[b])
		}
	}
	return f
}

func predict(beta, va, vb float64) float64 {
	return 1 / (1 + math.Exp(-beta*math.Log(va/vb)))
}

func sq(x float64) float64 { return x * x }

// BrierMargin is the Brier score of valuer j less that of valuer i on the
// random pairs, with a 95 % interval from a paired bootstrap over pairs
// (fixed seed).
func (c *Calibration) BrierMargin(i, j int) (d, lo, hi float64) {
	per := func(vi int, p *PairResult) float64 {
		q := predict(c.Fits[vi].Beta, p.VA[vi], p.VB[vi])
		r := p.Result
		return (float64(r.Wins[0])*sq(1-q) + float64(r.Wins[1])*sq(q) + float64(r.Draws)*sq(0.5-q)) / float64(max(1, r.Runs))
	}
	diffs := make([]float64, len(c.Random))
	for k := range c.Random {
		diffs[k] = per(j, &c.Random[k]) - per(i, &c.Random[k])
		d += diffs[k]
	}
	if len(diffs) == 0 {
		return 0, 0, 0
	}
	d /= float64(len(diffs))
	r := rand.New(rand.NewPCG(c.Config.Seed, 77))
	boots := make([]float64, 1000)
	for b := range boots {
		s := 0.0
		for range diffs {
			s += diffs[r.IntN(len(diffs))]
		}
		boots[b] = s / float64(len(diffs))
	}
	sort.Float64s(boots)
	return d, boots[25], boots[974]
}

// String is a one-line summary for logs.
func (ne NearEqual) String() string {
	return fmt.Sprintf("%s: %d pairs, A scores %.3f [%.3f, %.3f], higher CV %.3f, draws %.3f", ne.Label, ne.Pairs, ne.WinA, ne.Lo, ne.Hi, ne.HigherCV, ne.Draws)
}
