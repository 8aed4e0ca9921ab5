package sim

import (
	"context"
	"io/fs"
	"math"
	"strings"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
)

// TestReason: the reason names what decided the battles, from the
// winner's tally; near-even results say so; otherwise firepower.
func TestReason(t *testing.T) {
	f := &Forecast{}
	f.Sides[0].Name, f.Sides[1].Name = "Kiter", "Brick"
	f.Sides[0].Win, f.Sides[1].Win = 0.8, 0.2
	r := &Result{Runs: 10}
	cases := []struct {
		name string
		set  func(t *Tally)
		code string
		text string
	}{
		{"range", func(t *Tally) { t.Damage[0][ByGuns] = 100; t.Unanswered[0] = 70; t.Damage[1][ByGuns] = 40 }, "range", "Range: Kiter deals 70 % of its damage where the guns of Brick cannot answer."},
		{"point defence", func(t *Tally) {
			t.Damage[0][ByGuns] = 100
			t.Damage[1][ByMissiles] = 20
			t.Incoming[0], t.Stopped[0] = 100, 80
		}, "pointDefence", "Point defence: Kiter stops 80 % of the missiles of Brick."},
		{"fighters", func(t *Tally) { t.Damage[0][ByFighters] = 60; t.Damage[0][ByGuns] = 40 }, "fighters", "Fighters: 60 % of the damage Kiter deals comes from its fighters."},
		{"ftl", func(t *Tally) { t.Damage[0][ByFTL] = 30; t.Damage[0][ByGuns] = 70 }, "ftl", "FTL attack: 30 % of the damage Kiter deals comes from its FTL attacks."},
		{"missiles below their threshold", func(t *Tally) { t.Damage[0][ByMissiles] = 50; t.Damage[0][ByGuns] = 50; t.Damage[1][ByGuns] = 30 }, "firepower", "Firepower: Kiter deals 10 hull damage a battle, Brick 3.0."},
		{"firepower", func(t *Tally) { t.Damage[0][ByGuns] = 100; t.Damage[1][ByGuns] = 30 }, "firepower", "Firepower: Kiter deals 10 hull damage a battle, Brick 3.0."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r.Tally = Tally{}
			c.set(&r.Tally)
			got := reason(f, r)
			if got.Code != c.code || got.Text != c.text {
				t.Errorf("got %s %q\nwant %s %q", got.Code, got.Text, c.code, c.text)
			}
		})
	}
	even := &Forecast{}
	even.Sides[0].Win, even.Sides[1].Win, even.Draws = 0.46, 0.5, 0.04
	r.Tally = Tally{}
	r.Tally.Damage[0][ByGuns] = 50
	r.Tally.Damage[1][ByGuns] = 60
	if got := reason(even, r); got.Code != "even" || !strings.Contains(got.Text, "dice") {
		t.Errorf("46 / 50: %+v", got)
	}
	// Even, but the battles were decided by one thing (the rammer and its
	// target both falling): the sentence names it, with the draws.
	even.Sides[1].Name = "Brick"
	even.Sides[0].Win, even.Sides[1].Win, even.Draws = 0.27, 0.33, 0.40
	r.Tally = Tally{}
	r.Tally.Damage[0][ByGuns] = 80
	r.Tally.Damage[1][ByGuns], r.Tally.Damage[1][ByRam] = 10, 90
	want := "Even, decided by ramming: 90 % of the damage Brick deals comes from ramming; 40 % of the battles end in a draw."
	if got := reason(even, r); got.Code != "even" || got.Text != want {
		t.Errorf("27 / 33, draws 40 %%, rams:\ngot  %+v\nwant %q", got, want)
	}
	// Draws a quarter or more of the battles are said whatever the reason.
	even.Sides[0].Win, even.Sides[1].Win, even.Draws = 0.22, 0.38, 0.40
	want = "Ramming: 90 % of the damage Brick deals comes from ramming; 40 % of the battles end in a draw."
	if got := reason(even, r); got.Code != "ram" || got.Text != want {
		t.Errorf("22 / 38, draws 40 %%, rams:\ngot  %+v\nwant %q", got, want)
	}
	// Without many draws, no word of them.
	even.Sides[0].Win, even.Sides[1].Win, even.Draws = 0.45, 0.5, 0.05
	want = "Even, decided by ramming: 90 % of the damage Brick deals comes from ramming."
	if got := reason(even, r); got.Text != want {
		t.Errorf("45 / 50, rams:\ngot  %q\nwant %q", got.Text, want)
	}
}

// TestSideName: each design once, with its count.
func TestSideName(t *testing.T) {
	if got := SideName([]string{"A", "B", "A"}); got != "2 × A, B" {
		t.Errorf("got %q", got)
	}
}

// TestForecastStarts: a forecast deployed by the encounter rules also
// plays the matchup from each fixed start, a quarter of its battles each,
// on streams of their own (the same as a forecast from that start with
// the start's seed); a forecast from a fixed start plays no others; the
// note speaks only when the start moves the first side's wins by 20
// points, and says the start decides when it turns the result.
func TestForecastStarts(t *testing.T) {
	m := costing.NewModel(nil)
	ship := func(name string) []*Ship {
		raw, err := fs.ReadFile(data.Samples(), name+".json")
		if err != nil {
			t.Fatal(err)
		}
		d, err := designer.DecodeDesign(raw)
		if err != nil {
			t.Fatal(err)
		}
		s, err := CompileSide(m, []*designer.Design{d})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a, b := ship("uss-einstein"), ship("hims-avenger")
	f, err := NewForecast(context.Background(), a, b, ForecastConfig{Model: m.Version(), Runs: 400, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Starts) != len(ForecastStarts) {
		t.Fatalf("starts: %+v", f.Starts)
	}
	for i, st := range f.Starts {
		if st.Range != ForecastStarts[i] || st.Runs != 100 {
			t.Errorf("start %d: %+v", i, st)
		}
		if sum := st.Win[0] + st.Win[1] + st.Draws; math.Abs(sum-1) > 0.002 {
			t.Errorf("from %d cm the shares add to %v", st.Range, sum)
		}
		r := Run(a, b, 100, startSeed(3, st.Range), 2, Options{StartRange: st.Range})
		if want := round3(share(r.Wins[0], r.Runs)); st.Win[0] != want {
			t.Errorf("from %d cm: %v, a run from there gives %v", st.Range, st.Win[0], want)
		}
	}
	if startSeed(3, 20) == 3 || startSeed(3, 20) == startSeed(3, 100) {
		t.Error("the starts share the deployed battles' stream or each other's")
	}
	fixed, err := NewForecast(context.Background(), a, b, ForecastConfig{Model: m.Version(), Runs: 40, Seed: 3, Options: Options{StartRange: 100}})
	if err != nil {
		t.Fatal(err)
	}
	if len(fixed.Starts) != 0 || fixed.StartNote != "" || strings.Contains(fixed.Settings(), "from each") {
		t.Errorf("a forecast from 100 cm played other starts: %+v %q", fixed.Starts, fixed.Settings())
	}

	g := &Forecast{}
	g.Sides[0].Name = "Carrier"
	g.Starts = []StartScore{{Range: 20, Win: [2]float64{0.25, 0.7}, Draws: 0.05}, {Range: 100, Win: [2]float64{0.4, 0.55}, Draws: 0.05}, {Range: 200, Win: [2]float64{0.44, 0.5}, Draws: 0.06}}
	if got := startNote(g); got != "" {
		t.Errorf("19 points apart: %q", got)
	}
	g.Starts[2].Win = [2]float64{0.45, 0.5}
	if got, want := startNote(g), "Carrier wins 45 % from 200 cm but 25 % from 20 cm."; got != want {
		t.Errorf("20 points, a loss from every start:\n got %q\nwant %q", got, want)
	}
	g.Starts[2].Win = [2]float64{0.75, 0.2}
	if got, want := startNote(g), "Carrier wins 75 % from 200 cm but 25 % from 20 cm. Whoever sets the range takes the battle."; got != want {
		t.Errorf("a win from one start, a loss from another:\n got %q\nwant %q", got, want)
	}
}
