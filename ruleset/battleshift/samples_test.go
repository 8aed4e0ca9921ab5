package battleshift

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
)

// published is spec §6: every sample with its published cost (0: not
// readable) and the cost the rules give; reason says why they differ.
var published = []struct {
	file            string
	published, cost int
	reason          string
}{
	{"generic-fleet-destroyer.json", 10, 10, ""},
	{"generic-attack-destroyer.json", 10, 10, ""},
	{"generic-defense-frigate.json", 20, 20, ""},
	{"generic-missile-frigate.json", 20, 20, ""},
	{"generic-sword-frigate.json", 20, 20, ""},
	{"generic-shield-frigate.json", 30, 30, ""},
	{"generic-fleet-cruiser.json", 30, 30, ""},
	{"generic-fast-attack-cruiser.json", 36, 36, ""},
	{"generic-patrol-cruiser.json", 30, 30, ""},
	{"generic-missile-cruiser.json", 30, 30, ""},
	{"generic-light-carrier.json", 30, 30, ""},
	{"generic-fleet-battleship.json", 40, 40, ""},
	{"generic-fleet-carrier.json", 40, 40, ""},
	{"generic-broadside-battleship.json", 55, 55, ""},
	{"generic-patrol-battleship.json", 40, 40, ""},
	{"generic-dreadnought.json", 50, 50, ""},
	{"generic-missile-dreadnought.json", 60, 55, "7 missile launchers and 3 interceptors fill the 10 space units (50); " +
		"the rules' mixed-squadron table gives the ship 4 shields, so one extra shield paid in points (+5) = 55; " +
		"60 needs another +5 that the rules contradict (a fifth shield or a reinforced hull, against lines 869 and 959) or does not list"},
	{"generic-behemoth.json", 70, 70, ""},
	{"bionid-defense-drone.json", 0, 9, "the published cost is unreadable (the printed rules show a single smudged character); at size 1, 10 − 4 (no shields) + 3 (hardened hull) = 9"},
	{"bionid-attack-drone.json", 18, 18, ""},
	{"bionid-scout-drone.json", 18, 18, ""},
	{"bionid-missile-drone.json", 18, 18, ""},
	{"bionid-arbite-cruiser.json", 30, 30, ""},
	{"bionid-prangor-heavy-cruiser.json", 40, 40, ""},
	{"bionid-korzine-carrier.json", 48, 48, ""},
	{"bionid-dargen-battleship.json", 50, 50, ""},
	{"bionid-ankax-feedship.json", 91, 91, ""},
	{"bionid-matronis-swarm-carrier.json", 90, 90, ""},
	{"bionid-akkaris-huntship.json", 130, 130, ""},
	{"bionid-mothership.json", 187, 207, "170 − 68 (no shields) + 51 (hardened hull) + 20 (4 broadsides at +5) + 34 (engulfing in points; in space it needs 17) = 207 " +
		"with the 6 repair systems in space; 187 is 207 without the broadsides' +5 each, no payment choice reaches it, and a hardened hull at 2 per size gives 190"},
	{"raishek-destroyer.json", 15, 15, ""},
	{"raishek-frigate.json", 25, 25, ""},
	{"raishek-cruiser.json", 35, 35, ""},
	{"raishek-strike-cruiser.json", 49, 49, ""},
	{"raishek-missile-cruiser.json", 39, 35, "every system takes space only and the space is full: 30 + 5 (reinforced hull) = 35; " +
		"no add-on costs +4 at size 3 (+3, +5, +6 or +9), so 39 is most likely a misprint or a 5 misread as 9"},
	{"raishek-heavy-cruiser.json", 77, 77, ""},
	{"raishek-light-carrier.json", 45, 45, ""},
	{"raishek-battleship.json", 85, 85, ""},
	{"raishek-carrier.json", 55, 55, ""},
	{"raishek-dreadnought.json", 126, 126, ""},
	{"raishek-heavy-carrier.json", 75, 75, ""},
	{"raishek-planetary-interdictor.json", 165, 165, ""},
	{"raishek-dominator.json", 305, 305, ""},
}

// TestPublishedCosts holds spec §6: every sample's cost, legal (warnings
// allowed), and the published cost in its description; the three that
// differ and the unreadable one are logged with their reasons (go test
// ./ruleset/battleshift -run TestPublishedCosts -v).
func TestPublishedCosts(t *testing.T) {
	var sumPublished, sumComputed, reproduced int
	for _, s := range published {
		c := loadSample(t, s.file)
		res := rs.EvaluateClass(c)
		if res.Cost != s.cost {
			t.Errorf("%s: cost %d, want %d\n%s", s.file, res.Cost, s.cost, res.Explanation.Text())
		}
		if !res.Legal {
			t.Errorf("%s: not legal: %v", s.file, res.Problems)
		}
		want := fmt.Sprintf("Published cost %d.", s.published)
		if s.published == 0 {
			want = "Published cost unreadable."
		}
		if !strings.Contains(c.Description, want) {
			t.Errorf("%s: the description does not say %q", s.file, want)
		}
		switch {
		case s.published == s.cost:
			reproduced++
			if s.reason != "" {
				t.Errorf("%s: a reason for a cost that reproduces", s.file)
			}
		case s.reason == "":
			t.Errorf("%s: published %d, computed %d, and no reason", s.file, s.published, s.cost)
		case s.published == 0:
			t.Logf("%-36s published ?    expected %3d  %s", s.file, s.cost, s.reason)
		default:
			t.Logf("%-36s published %3d  expected %3d  %s", s.file, s.published, s.cost, s.reason)
		}
		if s.published != 0 { // spec §6 sums the 42 readable costs
			sumPublished += s.published
			sumComputed += res.Cost
		}
	}
	t.Logf("%d samples, %d reproduce their published cost; over the 42 readable ones published sum %d, computed sum %d", len(published), reproduced, sumPublished, sumComputed)
	if reproduced != 39 || sumPublished != 2437 || sumComputed != 2448 {
		t.Errorf("spec §6 totals: 39 reproduced, published 2,437, computed 2,448; got %d, %d, %d", reproduced, sumPublished, sumComputed)
	}
}

// TestSampleNumbers checks the numbers spec §6 prints for every sample
// (hull, shields, move, space used and available), and the warnings the
// samples carry: BS-SPACE-02 for the six that pay an either-or system in
// points with room free, BS-EXP-01 for the five with experimental systems.
func TestSampleNumbers(t *testing.T) {
	rows := map[string][6]int{ // hull, shields, move, used, space, cost
		"generic-fleet-destroyer.json": {2, 1, 18, 2, 2, 10}, "generic-attack-destroyer.json": {2, 1, 18, 2, 2, 10},
		"generic-defense-frigate.json": {3, 1, 12, 4, 4, 20}, "generic-missile-frigate.json": {3, 1, 12, 4, 4, 20},
		"generic-sword-frigate.json": {3, 1, 12, 4, 4, 20}, "generic-shield-frigate.json": {3, 3, 12, 2, 4, 30},
		"generic-fleet-cruiser.json": {4, 2, 12, 6, 6, 30}, "generic-fast-attack-cruiser.json": {4, 2, 18, 6, 6, 36},
		"generic-patrol-cruiser.json": {4, 2, 12, 6, 6, 30}, "generic-missile-cruiser.json": {4, 2, 12, 6, 6, 30},
		"generic-light-carrier.json": {4, 2, 12, 6, 6, 30}, "generic-fleet-battleship.json": {5, 2, 12, 8, 8, 40},
		"generic-fleet-carrier.json": {5, 2, 12, 8, 8, 40}, "generic-broadside-battleship.json": {5, 2, 12, 8, 8, 55},
		"generic-patrol-battleship.json": {5, 2, 12, 8, 8, 40}, "generic-dreadnought.json": {6, 3, 12, 10, 10, 50},
		"generic-missile-dreadnought.json": {6, 4, 12, 10, 10, 55}, "generic-behemoth.json": {8, 4, 12, 14, 14, 70},
		"bionid-defense-drone.json": {2, 1, 18, 2, 2, 9}, "bionid-attack-drone.json": {3, 1, 12, 4, 4, 18},
		"bionid-scout-drone.json": {3, 1, 18, 4, 4, 18}, "bionid-missile-drone.json": {3, 1, 12, 4, 4, 18},
		"bionid-arbite-cruiser.json": {4, 2, 12, 6, 6, 30}, "bionid-prangor-heavy-cruiser.json": {5, 2, 12, 8, 8, 40},
		"bionid-korzine-carrier.json": {5, 2, 12, 7, 8, 48}, "bionid-dargen-battleship.json": {6, 3, 12, 10, 10, 50},
		"bionid-ankax-feedship.json": {8, 4, 12, 7, 14, 91}, "bionid-matronis-swarm-carrier.json": {11, 5, 12, 20, 20, 90},
		"bionid-akkaris-huntship.json": {11, 5, 18, 20, 20, 130}, "bionid-mothership.json": {18, 9, 12, 30, 34, 207},
		"raishek-destroyer.json": {3, 1, 18, 2, 2, 15}, "raishek-frigate.json": {4, 1, 12, 4, 4, 25},
		"raishek-cruiser.json": {5, 2, 12, 5, 6, 35}, "raishek-strike-cruiser.json": {5, 3, 12, 5, 6, 49},
		"raishek-missile-cruiser.json": {5, 2, 12, 6, 6, 35}, "raishek-heavy-cruiser.json": {6, 3, 12, 7, 8, 77},
		"raishek-light-carrier.json": {6, 2, 12, 8, 8, 45}, "raishek-battleship.json": {7, 3, 12, 10, 10, 85},
		"raishek-carrier.json": {7, 3, 12, 10, 10, 55}, "raishek-dreadnought.json": {9, 5, 12, 13, 14, 126},
		"raishek-heavy-carrier.json": {9, 4, 12, 14, 14, 75}, "raishek-planetary-interdictor.json": {12, 5, 12, 20, 20, 165},
		"raishek-dominator.json": {22, 10, 12, 40, 40, 305},
	}
	spaceAdvice := []string{"generic-shield-frigate.json", "bionid-korzine-carrier.json", "bionid-ankax-feedship.json",
		"raishek-strike-cruiser.json", "raishek-heavy-cruiser.json", "raishek-dreadnought.json"}
	experimental := []string{"bionid-korzine-carrier.json", "bionid-dargen-battleship.json", "bionid-ankax-feedship.json",
		"bionid-akkaris-huntship.json", "bionid-mothership.json"}
	for file, want := range rows {
		res := rs.EvaluateClass(loadSample(t, file))
		if got := [6]int{res.Hull, res.Shields, res.Move, res.SpaceUsed, res.Space, res.Cost}; got != want {
			t.Errorf("%s: hull, shields, move, space used, space, cost = %v, want %v", file, got, want)
		}
		for _, p := range res.Problems {
			switch {
			case p.Rule == RuleSpaceAdvice && slices.Contains(spaceAdvice, file):
			case p.Rule == RuleExperiment && slices.Contains(experimental, file):
			default:
				t.Errorf("%s: unexpected %v", file, p)
			}
		}
		rules := res.Problems.Rules()
		if slices.Contains(spaceAdvice, file) != slices.Contains(rules, RuleSpaceAdvice) ||
			slices.Contains(experimental, file) != slices.Contains(rules, RuleExperiment) || res.Experimental != slices.Contains(experimental, file) {
			t.Errorf("%s: warnings %v", file, rules)
		}
	}
	if len(rows) != len(published) {
		t.Errorf("%d rows for %d samples", len(rows), len(published))
	}
}

// TestSamplesComplete checks that the embedded samples are the 43 of
// spec §6, that Samples serves them, and that each names its faction.
func TestSamplesComplete(t *testing.T) {
	entries, err := fs.ReadDir(data.Battleshift(), "samples")
	if err != nil {
		t.Fatal(err)
	}
	var files, want []string
	for _, e := range entries {
		files = append(files, e.Name())
	}
	for _, s := range published {
		want = append(want, s.file)
	}
	slices.Sort(want)
	if !slices.Equal(files, want) {
		t.Fatalf("sample files\n got %v\nwant %v", files, want)
	}
	samples := rs.Samples()
	if len(samples) != 43 {
		t.Fatalf("Samples() serves %d", len(samples))
	}
	names := map[string]bool{}
	for _, s := range samples {
		c, err := rs.DecodeClass(s.Document)
		if err != nil {
			t.Fatalf("%s: %v", s.File, err)
		}
		group, _, _ := strings.Cut(s.File, "-")
		if group != "generic" {
			if c.Faction != group {
				t.Errorf("%s: faction %q, want %q", s.File, c.Faction, group)
			}
		} else if c.Faction != "" {
			t.Errorf("%s: a generic ship with faction %q", s.File, c.Faction)
		}
		if names[c.Name] {
			t.Errorf("%s: name %q used twice", s.File, c.Name)
		}
		names[c.Name] = true
		if c.Head().Ruleset != ID || c.Head().Name != c.Name || len(c.Tags) == 0 {
			t.Errorf("%s: head %+v", s.File, c.Head())
		}
	}
}

// TestSamplesSummary checks the summary the library stores.
func TestSamplesSummary(t *testing.T) {
	ev, err := rs.Evaluate(loadSample(t, "raishek-carrier.json"), ruleset.Options{"tier": "3"})
	if err != nil {
		t.Fatal(err)
	}
	got := ev.Summary()
	want := ruleset.Summary{CV: 55, Points: 55, Hull: "dreadnought", CarriesFighters: true, Legal: true, ModelVersion: ModelVersion}
	if got != want {
		t.Errorf("summary %+v, want %+v", got, want)
	}
	if ps := ev.Findings(); ps == nil || len(ps) != 0 {
		t.Errorf("findings %#v", ps)
	}
}
