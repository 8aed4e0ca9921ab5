package sim

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"

	"github.com/slipway/slipway/ruleset"
)

// forecastBeta is, per CV model, the exponent of the win-chance curve
// P(A wins) = 1 / (1 + (CV_B / CV_A)^beta) that `slipway calibrate
// --seed 1` fits (docs/calibration.md, "Predicting the random pairs");
// TestCalibrationAcceptance checks it against the fit.
var forecastBeta = map[string]float64{
	"metaverse-cv/1": 1.032,
	"metaverse-cv/2": 1.477,
	"metaverse-cv/3": 1.436,
	"metaverse-cv/4": 1.453,
	"metaverse-cv/5": 1.453,
	"metaverse-cv/6": 1.509,
	"metaverse-cv/7": 1.666,
}

// ForecastBeta is the fitted exponent of model's win-chance curve, and
// whether the model has one.
func ForecastBeta(model string) (float64, bool) {
	b, ok := forecastBeta[model]
	return b, ok
}

// ForecastConfig sizes a forecast: Runs battles from Seed, on Workers
// goroutines (0: one per CPU; the result does not depend on it).
type ForecastConfig struct {
	Model   string
	Runs    int
	Seed    uint64
	Workers int
	Options Options
	// Names name the sides (a fleet's name); empty: SideName of the
	// ships.
	Names [2]string
}

// ForecastSide is one side of a forecast.
type ForecastSide struct {
	// Name is the side as a player reads it: "USS Newton", "2 × USS
	// Newton, Reference Cruiser".
	Name  string   `json:"name"`
	Ships []string `json:"ships"`
	CV    int      `json:"cv"`
	// Expected is the side's score CV predicts (wins plus half the
	// draws).
	Expected float64 `json:"expected"`
	// Win is the share of battles the side won, with its 95 % interval.
	Win     float64 `json:"win"`
	WinLow  float64 `json:"winLow"`
	WinHigh float64 `json:"winHigh"`
	// Damage is the mean hull damage the side dealt a battle, by means.
	Damage DamageByMeans `json:"damage"`
}

// DamageByMeans is mean hull damage a battle by each means.
type DamageByMeans struct {
	Guns     float64 `json:"guns"`
	Missiles float64 `json:"missiles"`
	Fighters float64 `json:"fighters"`
	FTL      float64 `json:"ftl"`
	Rams     float64 `json:"rams"`
}

// Reason is the main reason a forecast gives for its result: a code for
// programs (range, pointDefence, fighters, missiles, ftl, ram,
// firepower, even) and a sentence for players.
type Reason struct {
	Code string `json:"code"`
	Text string `json:"text"`
}

// Forecast is what many simulated battles say of a matchup, beside what
// CV says.
type Forecast struct {
	Model      string `json:"model"`
	Runs       int    `json:"runs"`
	Seed       uint64 `json:"seed"`
	StartRange int    `json:"startRange"` // 0: deployed by the encounter rules
	// Start says where the battles start, for a player ("from 100 cm",
	// "deployed by the encounter rules").
	Start     string          `json:"start"`
	MaxTurns  int             `json:"maxTurns"`
	Sides     [2]ForecastSide `json:"sides"`
	Draws     float64         `json:"draws"`
	DrawsLow  float64         `json:"drawsLow"`
	DrawsHigh float64         `json:"drawsHigh"`
	MeanTurns float64         `json:"meanTurns"`
	// CVSays and Simulated are the two halves of the headline.
	CVSays    string `json:"cvSays"`
	Simulated string `json:"simulated"`
	Reason    Reason `json:"reason"`
	// Starts, for a forecast deployed by the encounter rules, are the
	// same matchup played from each fixed start of ForecastStarts, a
	// quarter of Runs each: the start can decide a matchup that CV calls
	// even (docs/calibration.md, "Seeds and starts"), and a player should
	// know it before the game. Empty for a forecast from a fixed start.
	Starts []StartScore `json:"starts,omitempty"`
	// StartNote says in a sentence how much the start decides, when the
	// first side's wins differ by 20 points or more between two starts;
	// empty otherwise.
	StartNote string `json:"startNote,omitempty"`
}

// ForecastStarts are the fixed start ranges, cm, a deployed forecast also
// plays: issue 21's regimes, a knife fight, the middle of the table and
// the far ends.
var ForecastStarts = []int{20, 100, 200}

// StartScore is a forecast's matchup played from one fixed start.
type StartScore struct {
	Range int `json:"range"` // cm
	Runs  int `json:"runs"`
	// Win is each side's share of the battles won; Draws the rest.
	Win   [2]float64 `json:"win"`
	Draws float64    `json:"draws"`
}

// Label is the start as a player reads it: "from 20 cm".
func (s StartScore) Label() string { return fmt.Sprintf("from %d cm", s.Range) }

// WinText is side i's wins from this start: "62 %".
func (s StartScore) WinText(i int) string { return pct(s.Win[i]) }

// DrawText is the draws from this start: "3 %".
func (s StartScore) DrawText() string { return pct(s.Draws) }

// startRuns is how many battles a deployed forecast of runs plays from
// each fixed start.
func startRuns(runs int) int { return max(1, runs/4) }

// startSeed is the seed of the battles from start range r: a stream of
// its own, never the deployed battles'.
func startSeed(seed uint64, r int) uint64 { return seed ^ uint64(r)<<48 ^ 0x5354415254 }

// Headline is the forecast in one line: "CV says even; simulated: 62 %
// / 35 %, draws 3 %".
func (f *Forecast) Headline() string { return f.CVSays + "; " + f.Simulated }

// Text is the forecast as the command line prints it.
func (f *Forecast) Text() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s\n", f.Headline())
	for i, s := range f.Sides {
		fmt.Fprintf(&sb, "%s  %-40s CV %4d   wins %5.1f %% (95 %% interval %.1f-%.1f)\n", "AB"[i:i+1], s.Name, s.CV, 100*s.Win, 100*s.WinLow, 100*s.WinHigh)
	}
	fmt.Fprintf(&sb, "   draws %.1f %% (95 %% interval %.1f-%.1f), mean length %.1f turns\n", 100*f.Draws, 100*f.DrawsLow, 100*f.DrawsHigh, f.MeanTurns)
	fmt.Fprintf(&sb, "Why: %s\n", f.Reason.Text)
	if len(f.Starts) > 0 {
		parts := make([]string, len(f.Starts))
		for i, st := range f.Starts {
			parts[i] = fmt.Sprintf("%s %s / %s", st.Label(), st.WinText(0), st.WinText(1))
		}
		fmt.Fprintf(&sb, "By start (wins of A / B): %s\n", strings.Join(parts, "; "))
	}
	if f.StartNote != "" {
		fmt.Fprintf(&sb, "Start: %s\n", f.StartNote)
	}
	fmt.Fprintf(&sb, "%s\n", f.Settings())
	return sb.String()
}

// WinText is the side's wins as a player reads them: "62 % (95 %
// interval 58-66 %)".
func (s *ForecastSide) WinText() string {
	return fmt.Sprintf("%s (95 %% interval %s-%s)", pct(s.Win), pctN(s.WinLow), pct(s.WinHigh))
}

// WinPercent is the side's wins as a whole percentage, for a meter.
func (s *ForecastSide) WinPercent() int { return int(math.Round(100 * s.Win)) }

// DrawText is the draws as a player reads them: "3 % (95 % interval 2-4
// %)".
func (f *Forecast) DrawText() string {
	return fmt.Sprintf("%s (95 %% interval %s-%s)", pct(f.Draws), pctN(f.DrawsLow), pct(f.DrawsHigh))
}

// Settings says how the forecast was played, for its footnote.
func (f *Forecast) Settings() string {
	played := fmt.Sprintf("%s battles %s", ruleset.Thousands(f.Runs), f.Start)
	if len(f.Starts) > 0 {
		ranges := make([]string, len(f.Starts))
		for i, st := range f.Starts {
			ranges[i] = fmt.Sprint(st.Range)
		}
		last := len(ranges) - 1
		played += fmt.Sprintf(" and %s from each of %s and %s cm", ruleset.Thousands(f.Starts[0].Runs), strings.Join(ranges[:last], ", "), ranges[last])
	}
	return fmt.Sprintf("%s, at most %d turns each, seed %d, model %s", played, f.MaxTurns, f.Seed, f.Model)
}

// SideName names a side's ships for a player, each design once in the
// order first met, with its count when there are several: "2 × USS
// Newton, Reference Cruiser".
func SideName(names []string) string {
	var order []string
	count := map[string]int{}
	for _, n := range names {
		if count[n] == 0 {
			order = append(order, n)
		}
		count[n]++
	}
	parts := make([]string, len(order))
	for i, n := range order {
		parts[i] = n
		if count[n] > 1 {
			parts[i] = fmt.Sprintf("%d × %s", count[n], n)
		}
	}
	return strings.Join(parts, ", ")
}

// RunContext is Run that stops early with ctx's error when ctx ends.
func RunContext(ctx context.Context, a, b []*Ship, runs int, seed uint64, workers int, opt Options) (Result, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, runs))
	var total Result
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			bt := newBattle(a, b, opt)
			var r Result
			for i := w; i < runs && ctx.Err() == nil; i += workers {
				r.add(bt.play(battleRand(seed, i)))
			}
			mu.Lock()
			total.merge(r)
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return total, err
	}
	return total, nil
}

// NewForecast plays cfg.Runs battles between sides a and b and reads
// them: win and draw shares with 95 % intervals, what CV predicts, and
// the main reason. The same sides and config give the same forecast on
// any machine.
func NewForecast(ctx context.Context, a, b []*Ship, cfg ForecastConfig) (*Forecast, error) {
	if len(a) == 0 || len(b) == 0 {
		return nil, fmt.Errorf("sim: a forecast needs a ship on each side")
	}
	opt := cfg.Options.withDefaults()
	r, err := RunContext(ctx, a, b, cfg.Runs, cfg.Seed, cfg.Workers, opt)
	if err != nil {
		return nil, err
	}
	f := &Forecast{Model: cfg.Model, Runs: r.Runs, Seed: cfg.Seed, StartRange: opt.StartRange, Start: opt.StartText(), MaxTurns: opt.MaxTurns}
	for i, side := range [2][]*Ship{a, b} {
		s := &f.Sides[i]
		for _, sh := range side {
			s.Ships = append(s.Ships, sh.Name)
			if sh.Eval != nil {
				s.CV += sh.Eval.CV
			}
		}
		s.Name = cfg.Names[i]
		if s.Name == "" {
			s.Name = SideName(s.Ships)
		}
		s.Win = share(r.Wins[i], r.Runs)
		s.WinLow, s.WinHigh = Wilson(r.Wins[i], r.Runs)
		per := func(m Means) float64 { return round1(share(r.Tally.Damage[i][m], r.Runs)) }
		s.Damage = DamageByMeans{Guns: per(ByGuns), Missiles: per(ByMissiles), Fighters: per(ByFighters), FTL: per(ByFTL), Rams: per(ByRam)}
	}
	f.Draws = share(r.Draws, r.Runs)
	f.DrawsLow, f.DrawsHigh = Wilson(r.Draws, r.Runs)
	f.MeanTurns = round1(r.MeanTurns())
	f.Sides[0].Expected, f.Sides[1].Expected = 0.5, 0.5
	beta, ok := forecastBeta[cfg.Model]
	if ok && f.Sides[0].CV > 0 && f.Sides[1].CV > 0 {
		p := 1 / (1 + math.Pow(float64(f.Sides[1].CV)/float64(f.Sides[0].CV), beta))
		f.Sides[0].Expected, f.Sides[1].Expected = round3(p), round3(1-p)
	}
	f.CVSays = cvSays(f)
	f.Simulated = fmt.Sprintf("simulated: %s / %s, draws %s", pct(f.Sides[0].Win), pct(f.Sides[1].Win), pct(f.Draws))
	f.Reason = reason(f, &r)
	if opt.StartRange == 0 {
		n := startRuns(cfg.Runs)
		for _, rg := range ForecastStarts {
			o := opt
			o.StartRange = rg
			sr, err := RunContext(ctx, a, b, n, startSeed(cfg.Seed, rg), cfg.Workers, o)
			if err != nil {
				return nil, err
			}
			f.Starts = append(f.Starts, StartScore{Range: rg, Runs: sr.Runs,
				Win: [2]float64{round3(share(sr.Wins[0], sr.Runs)), round3(share(sr.Wins[1], sr.Runs))}, Draws: round3(share(sr.Draws, sr.Runs))})
		}
		f.StartNote = startNote(f)
	}
	return f, nil
}

// startNote says how much the start decides the matchup, when the first
// side's wins differ by 20 points or more between two starts: "USS Newton
// wins 31 % from 20 cm but 7 % from 200 cm.", and "Whoever sets the range
// takes the battle." after it when the side's score (wins and half the
// draws) is over half from one start and under from another.
func startNote(f *Forecast) string {
	if len(f.Starts) < 2 {
		return ""
	}
	lo, hi := f.Starts[0], f.Starts[0]
	for _, st := range f.Starts[1:] {
		if st.Win[0] < lo.Win[0] {
			lo = st
		}
		if st.Win[0] > hi.Win[0] {
			hi = st
		}
	}
	if hi.Win[0]-lo.Win[0] < 0.2-1e-9 {
		return ""
	}
	note := fmt.Sprintf("%s wins %s %s but %s %s.", f.Sides[0].Name, hi.WinText(0), hi.Label(), lo.WinText(0), lo.Label())
	if score := func(st StartScore) float64 { return st.Win[0] + st.Draws/2 }; score(hi) > 0.5 && score(lo) < 0.5 {
		note += " Whoever sets the range takes the battle."
	}
	return note
}

// cvSays is what CV alone predicts, in words.
func cvSays(f *Forecast) string {
	p := f.Sides[0].Expected
	switch {
	case f.Sides[0].CV <= 0 || f.Sides[1].CV <= 0:
		return "CV says nothing (a side has no CV)"
	case math.Abs(p-0.5) < 0.05:
		return "CV says even"
	case p > 0.5:
		return fmt.Sprintf("CV favours %s: %s", f.Sides[0].Name, pct(p))
	default:
		return fmt.Sprintf("CV favours %s: %s", f.Sides[1].Name, pct(1-p))
	}
}

// reason picks the one thing that most decided the battles: of the side
// that scored more, the share of its damage dealt out of the other's
// reach, the share of the other's missiles it stopped, its fighters',
// FTL attacks' or rams' share of its damage; failing all, firepower. A
// result within 10 points of even is "even"; when one of those things
// still decided the battles on either side (a ship that rams, both
// falling, draws as often as it wins), the sentence names it. Draws a
// quarter or more of the battles are said too.
func reason(f *Forecast, r *Result) Reason {
	out := mainReason(f, r)
	if f.Draws >= 0.25 {
		out.Text = strings.TrimSuffix(out.Text, ".") + "; " + pct(f.Draws) + " of the battles end in a draw."
	}
	return out
}

// mainReason is reason without the draws.
func mainReason(f *Forecast, r *Result) Reason {
	score := func(i int) float64 { return f.Sides[i].Win + 0.5*f.Draws }
	if math.Abs(score(0)-score(1)) < 0.1 {
		best, out := 0.0, Reason{}
		for w := range 2 {
			if c, s := means(f, r, w); s > best {
				best, out = s, c
			}
		}
		if out.Code == "" {
			return Reason{Code: "even", Text: "Even: neither side has an edge the battles can name; the dice decide."}
		}
		return Reason{Code: "even", Text: "Even, decided by " + decidedBy(out.Code) + ": " + out.Text[strings.Index(out.Text, ": ")+2:]}
	}
	w := 0
	if score(1) > score(0) {
		w = 1
	}
	if out, _ := means(f, r, w); out.Code != "" {
		return out
	}
	l := 1 - w
	t := &r.Tally
	wn, ln := f.Sides[w].Name, f.Sides[l].Name
	return Reason{Code: "firepower", Text: fmt.Sprintf("Firepower: %s deals %s hull damage a battle, %s %s.", wn, num(float64(t.Dealt(w))/float64(max(1, r.Runs))), ln, num(float64(t.Dealt(l))/float64(max(1, r.Runs))))}
}

// means is the strongest of the things a side's battles can be won by
// (range, point defence, fighters, missiles, FTL attacks, ramming) that
// reaches its threshold for side w, and its strength; an empty Reason
// when none does.
func means(f *Forecast, r *Result, w int) (Reason, float64) {
	l := 1 - w
	t := &r.Tally
	wn, ln := f.Sides[w].Name, f.Sides[l].Name
	dealt := float64(max(1, t.Dealt(w)))
	lost := float64(max(1, t.Dealt(l)))
	best, out := 0.0, Reason{}
	// try offers a reason with strength s, taken when s reaches its
	// threshold and beats the others.
	try := func(s, threshold float64, code, text string) {
		if s >= threshold && s > best {
			best, out = s, Reason{Code: code, Text: text}
		}
	}
	if s := float64(t.Unanswered[w]) / dealt; t.Unanswered[w] > 0 {
		try(s, 0.3, "range", fmt.Sprintf("Range: %s deals %s of its damage where the guns of %s cannot answer.", wn, pct(s), ln))
	}
	if t.Incoming[w] > 0 {
		stop := float64(t.Stopped[w]) / float64(t.Incoming[w])
		missiles := float64(t.Damage[l][ByMissiles]+t.Stopped[w]) / (lost + float64(t.Stopped[w]))
		try(math.Min(stop, missiles), 0.3, "pointDefence", fmt.Sprintf("Point defence: %s stops %s of the missiles of %s.", wn, pct(stop), ln))
	}
	for _, m := range []struct {
		means      Means
		threshold  float64
		code, what string
	}{{ByFighters, 0.35, "fighters", "its fighters"}, {ByMissiles, 0.6, "missiles", "its missiles"}, {ByFTL, 0.25, "ftl", "its FTL attacks"}, {ByRam, 0.25, "ram", "ramming"}} {
		s := float64(t.Damage[w][m.means]) / dealt
		try(s, m.threshold, m.code, fmt.Sprintf("%s: %s of the damage %s deals comes from %s.", upper(m.code), pct(s), wn, m.what))
	}
	return out, best
}

// decidedBy is what an even result was decided by, for its sentence.
func decidedBy(code string) string {
	switch code {
	case "ftl":
		return "FTL attacks"
	case "ram":
		return "ramming"
	case "pointDefence":
		return "point defence"
	}
	return code
}

// upper is the reason's heading word.
func upper(code string) string {
	switch code {
	case "ftl":
		return "FTL attack"
	case "ram":
		return "Ramming"
	}
	return strings.ToUpper(code[:1]) + code[1:]
}

func share(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(k) / float64(n)
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// pct prints a share as a whole percentage ("62 %"), below 1 % with one
// decimal.
func pct(x float64) string {
	p := 100 * x
	if p > 0 && p < 1 {
		return fmt.Sprintf("%.1f %%", p)
	}
	return fmt.Sprintf("%.0f %%", p)
}

// pctN is pct without its sign, the first number of a range.
func pctN(x float64) string { return strings.TrimSuffix(pct(x), " %") }

func num(x float64) string {
	if x >= 10 {
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.1f", x)
}
