package metaverse_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/sim"
)

// TestPlayDeriveIsTheSimulatorsLosses: what the table derives from a ship's
// hull, crew and marine marks (layers and sections lost, the criticals
// and morale checks they call for, the ship destroyed) is sim.Losses of
// the same marks, the consequences the battle applies. Every sample takes
// random marks; the hand case is the reference cruiser's fore section.
func TestPlayDeriveIsTheSimulatorsLosses(t *testing.T) {
	r, _ := newRuleset()
	files, _ := filepath.Glob("../../data/samples/*.json")
	if len(files) == 0 {
		t.Fatal("no samples")
	}
	rng := rand.New(rand.NewPCG(22, 1))
	lostSeen, critsSeen := 0, 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := r.Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := r.Evaluate(d, nil)
		if err != nil {
			t.Fatal(err)
		}
		md := d.(*designer.Design)
		for round := 0; round < 20; round++ {
			marks := map[string]string{}
			var secs []sim.SectionStanding
			for _, ns := range md.Sections.List() {
				ss := sim.SectionStanding{Name: ns.Name}
				for li, l := range ns.Section.Layers {
					ls := sim.LayerStanding{Hits: l.HullHits, Crew: l.Crew, Marines: l.Marines}
					// a layer all crossed off, part of one, or none
					switch rng.IntN(3) {
					case 0:
						ls.HitsTaken = l.HullHits
					case 1:
						ls.HitsTaken = rng.IntN(l.HullHits + 1)
					}
					if l.Crew > 0 {
						ls.CrewLost = rng.IntN(l.Crew + 1)
					}
					for n := 1; n <= ls.HitsTaken; n++ {
						marks[designer.BoxID(ns.Name, designer.BoxHull, li+1, n)] = "hit"
					}
					for n := 1; n <= ls.CrewLost; n++ {
						marks[designer.BoxID(ns.Name, designer.BoxCrew, li+1, n)] = "hit"
					}
					ss.Layers = append(ss.Layers, ls)
				}
				secs = append(secs, ss)
			}
			want := sim.Losses(secs)
			st, err := r.Derive(d, ev, marks)
			if err != nil {
				t.Fatal(err)
			}
			if st.Destroyed != want.Destroyed {
				t.Fatalf("%s: destroyed %v, the simulator's %v", f, st.Destroyed, want.Destroyed)
			}
			if want.Destroyed {
				continue
			}
			if st.MoraleChecks != want.Morale {
				t.Fatalf("%s: %d morale checks, the simulator's %d", f, st.MoraleChecks, want.Morale)
			}
			if got := numberNow(t, st, "crew"); got != want.CrewLeft {
				t.Fatalf("%s: %d crew parties, the simulator's %d", f, got, want.CrewLeft)
			}
			var crits []string
			for _, s := range want.Sections {
				if got := numberNow(t, st, "hull."+string(s.Name)); got != s.Left {
					t.Fatalf("%s: %s hull %d, the simulator's %d", f, s.Name, got, s.Left)
				}
				switch {
				case s.Criticals == 1:
					crits = append(crits, "1 critical on the "+string(s.Name))
				case s.Criticals > 1:
					crits = append(crits, fmt.Sprintf("%d criticals on the %s", s.Criticals, s.Name))
				}
			}
			notes := strings.Join(st.Notes, "\n")
			if c := "Criticals to roll for destroyed layers and sections: " + strings.Join(crits, ", ") + "."; len(crits) > 0 && !strings.Contains(notes, c) {
				t.Fatalf("%s: notes lack %q:\n%s", f, c, notes)
			}
			if len(crits) == 0 && strings.Contains(notes, "Criticals") {
				t.Fatalf("%s: no critical is due, notes:\n%s", f, notes)
			}
			lostSeen += len(want.Lost)
			critsSeen += len(crits)
		}
	}
	if lostSeen == 0 || critsSeen == 0 {
		t.Fatalf("the marks reached no lost section (%d) or no critical (%d)", lostSeen, critsSeen)
	}

	// The reference cruiser's fore section, both layers crossed off: the
	// section is lost, the core takes the critical, one morale check.
	b, _ := os.ReadFile("../../data/samples/reference-cruiser.json")
	d, _ := r.Decode(b)
	ev, _ := r.Evaluate(d, nil)
	marks := map[string]string{}
	for li, l := range d.(*designer.Design).Sections.Fore.Layers {
		for n := 1; n <= l.HullHits; n++ {
			marks[designer.BoxID("fore", designer.BoxHull, li+1, n)] = "hit"
		}
	}
	st, err := r.Derive(d, ev, marks)
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(st.Notes, "\n")
	for _, want := range []string{
		"The fore section is destroyed: its systems and shields are lost.",
		"Criticals to roll for destroyed layers and sections: 1 critical on the core.",
		"Morale check due at the morale step: 1 section destroyed.",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if st.MoraleChecks != 1 || st.Destroyed {
		t.Errorf("morale checks %d, destroyed %v", st.MoraleChecks, st.Destroyed)
	}
}

func numberNow(t *testing.T, st *ruleset.ShipState, key string) int {
	t.Helper()
	for _, n := range st.Numbers {
		if n.Key == key {
			return n.Now
		}
	}
	t.Fatalf("no number %s", key)
	return 0
}
