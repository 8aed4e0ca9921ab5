package sim

import (
	"strings"
	"testing"
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
	if got := reason(even, r); got.Code != "even" || !strings.Contains(got.Text, "dice") {
		t.Errorf("46 / 50: %+v", got)
	}
}

// TestSideName: each design once, with its count.
func TestSideName(t *testing.T) {
	if got := SideName([]string{"A", "B", "A"}); got != "2 × A, B" {
		t.Errorf("got %q", got)
	}
}
