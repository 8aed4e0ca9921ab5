package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/battleshift"
)

// The library holds any served game's designs: these tests store
// Metaverse and Battleshift designs side by side (Battleshift's from its
// sample documents, data/battleshift/samples).

// games is a Service over f's store serving Metaverse under ev and the
// other games given, as slipway serve serves Metaverse and games.Extra().
func (f *fixture) games(ev library.Evaluator, extra ...ruleset.Ruleset) *library.Service {
	return library.New(library.Config{Store: f.store, Catalogue: f.cat, Evaluator: ev, Limits: generous(), Rulesets: extra})
}

// battleshiftClass decodes the Battleshift sample document file of
// data/battleshift/samples.
func battleshiftClass(t *testing.T, file string) *battleshift.Class {
	t.Helper()
	b, err := fs.ReadFile(data.Battleshift(), "samples/"+file)
	if err != nil {
		t.Fatal(err)
	}
	c, err := battleshift.New().DecodeClass(b)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return c
}

// battleshiftCost is what Battleshift's current model makes of c.
func battleshiftCost(c *battleshift.Class) float64 {
	return float64(battleshift.New().EvaluateClass(c).Cost)
}

// game is a game served to a test: it counts its evaluations and, when
// older is set, stands for an earlier model of the game (its model
// version olderBattleshiftVersion, every cost 3 more).
type game struct {
	ruleset.Ruleset
	evals *atomic.Int64
	older bool
}

const olderBattleshiftVersion = "storetest-battleshift-older/0"

func (g game) Info() ruleset.Info {
	i := g.Ruleset.Info()
	if g.older {
		i.ModelVersion = olderBattleshiftVersion
	}
	return i
}

func (g game) Evaluate(d ruleset.Design, o ruleset.Options) (ruleset.Evaluation, error) {
	g.evals.Add(1)
	ev, err := g.Ruleset.Evaluate(d, o)
	if err != nil || !g.older {
		return ev, err
	}
	r := ev.(*battleshift.Result)
	r.ModelVersion = olderBattleshiftVersion
	r.Cost += 3
	return r, nil
}

// countingModel is a Metaverse costing model that counts its evaluations.
type countingModel struct {
	library.Evaluator
	evals *atomic.Int64
}

func (m countingModel) Evaluate(d *designer.Design, opt costing.Options) *costing.Result {
	m.evals.Add(1)
	return m.Evaluator.Evaluate(d, opt)
}

// allWith pages through svc's library with q, as all does through f's.
func (f *fixture) allWith(svc *library.Service, q library.LibraryQuery) []*library.Design {
	f.t.Helper()
	keep := f.svc
	f.svc = svc
	defer func() { f.svc = keep }()
	return f.all(q)
}

// summaries reads each design's stored row.
func (f *fixture) summaries(ds []*library.Design) map[string]*library.Design {
	f.t.Helper()
	out := map[string]*library.Design{}
	for _, d := range ds {
		s, err := f.store.Design(f.ctx, d.ID)
		ok(f.t, "stored design", err)
		out[d.ID] = s
	}
	return out
}

// sameRows fails unless the designs' stored rows are as they were.
func sameRows(t *testing.T, what string, before, after map[string]*library.Design) {
	t.Helper()
	for id, b := range before {
		a := after[id]
		if a.Version != b.Version || a.Latest.Evaluation != b.Latest.Evaluation || a.Latest.ResultModel != b.Latest.ResultModel ||
			!a.UpdatedAt.Equal(b.UpdatedAt) {
			t.Errorf("%s: design %s (%s) changed: version %d, %+v, result under %q; was version %d, %+v, result under %q",
				what, id, a.Name, a.Version, a.Latest.Evaluation, a.Latest.ResultModel, b.Version, b.Latest.Evaluation, b.Latest.ResultModel)
		}
	}
}

// recomputationLog is the recomputation log a store keeps (both stores
// do; slipway recompute --history reads it through data/store).
type recomputationLog interface {
	Recomputations(ctx context.Context, limit int) ([]library.Recomputation, error)
}

// testRecomputePerRuleset: a change of Metaverse's model recomputes
// Metaverse's designs and no Battleshift design (each model version names
// its game, and Recompute asks the store for the designs under none of
// the served games' current models), reading a Battleshift design then
// re-evaluates nothing, and the other way round: a change of
// Battleshift's model recomputes Battleshift's designs and no Metaverse
// design.
func testRecomputePerRuleset(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	bob, _ := f.user("bob22")
	var bsEvals, mvEvals atomic.Int64
	bsGame := game{Ruleset: battleshift.New(), evals: &bsEvals}

	// Both games' designs, Metaverse's under an older model.
	old := f.games(olderModel{f.model}, bsGame)
	var mv, bs []*library.Design
	for i := range 4 {
		d, err := old.CreateDesign(f.ctx, alice, ship(t, fmt.Sprintf("Old %d", i), "", nil, ""), library.Public)
		ok(t, "create a Metaverse design under the older model", err)
		mv = append(mv, d)
	}
	for i, file := range []string{"generic-fast-attack-cruiser.json", "raishek-battleship.json", "bionid-mothership.json", "generic-fleet-carrier.json"} {
		who, vis := alice, library.Public
		if i%2 == 1 {
			who, vis = bob, library.Private
		}
		d, err := old.CreateDesign(f.ctx, who, battleshiftClass(t, file), vis)
		ok(t, "create a Battleshift design", err)
		bs = append(bs, d)
	}
	v2 := battleshiftClass(t, "generic-patrol-cruiser.json")
	v2.Name = "Fast Attack Cruiser"
	d, err := old.UpdateDesign(f.ctx, alice, bs[0].ID, library.Precondition{Any: true}, v2, "")
	ok(t, "a second version of a Battleshift design", err)
	bs[0] = d
	_, err = old.UpdateDesign(f.ctx, alice, mv[0].ID, library.Precondition{Any: true}, ship(t, "Old 0", "v2", nil, ""), "")
	ok(t, "a second version of a Metaverse design", err)
	for _, d := range bs {
		if e := d.Latest.Evaluation; d.Ruleset != battleshift.ID || e.ModelVersion != battleshift.ModelVersion {
			t.Fatalf("Battleshift design stored as %s under %s", d.Ruleset, e.ModelVersion)
		}
	}
	bsBefore := f.summaries(bs)

	// Metaverse's model changes: the current one is served.
	bsEvals.Store(0)
	cur := f.games(countingModel{f.model, &mvEvals}, bsGame)
	if want := []string{battleshift.ModelVersion, f.model.Version()}; !slices.Equal(cur.Models(), want) {
		t.Fatalf("served models %v, want %v", cur.Models(), want)
	}
	rep, err := cur.RecomputeWith(f.ctx, library.RecomputeOptions{Batch: 2, Workers: 2})
	ok(t, "recompute", err)
	if rep.Designs != len(mv) || len(rep.Changes) != len(mv) || rep.Model != strings.Join(cur.Models(), ", ") {
		t.Fatalf("recomputed %d designs (%d listed) under %q, want the %d Metaverse designs under %q",
			rep.Designs, len(rep.Changes), rep.Model, len(mv), strings.Join(cur.Models(), ", "))
	}
	for i, c := range rep.Changes {
		if c.DesignID != mv[i].ID || c.OldModel != olderVersion || c.NewModel != f.model.Version() || c.OldCV != c.NewCV+7 {
			t.Errorf("change %d: %+v, want Metaverse design %s from %s to %s", i, c, mv[i].ID, olderVersion, f.model.Version())
		}
	}
	lg, readable := f.store.(recomputationLog)
	if !readable {
		t.Fatalf("%T has no Recomputations: the log slipway recompute --history reads", f.store)
	}
	logged, err := lg.Recomputations(f.ctx, 100)
	ok(t, "recomputation log", err)
	var loggedIDs []string
	for _, r := range logged {
		loggedIDs = append(loggedIDs, r.DesignID)
		if r.OldModel != olderVersion || r.NewModel != f.model.Version() {
			t.Errorf("log row %+v", r)
		}
	}
	if !sameSet(loggedIDs, ids(mv)) {
		t.Errorf("the recomputation log names %v, want the Metaverse designs %v", loggedIDs, ids(mv))
	}
	if n := bsEvals.Load(); n != 0 {
		t.Errorf("recompute evaluated %d Battleshift designs, want none", n)
	}
	if n := mvEvals.Load(); n != int64(len(mv)) {
		t.Errorf("recompute evaluated %d Metaverse designs, want %d", n, len(mv))
	}
	sameRows(t, "after Metaverse's model changed", bsBefore, f.summaries(bs))

	// Reading Battleshift designs, whole, as versions, listed, evaluates
	// nothing: they were stored under Battleshift's current model.
	bsEvals.Store(0)
	for _, d := range bs {
		owner := alice
		if d.OwnerID == bob.ID {
			owner = bob
		}
		got, err := cur.Design(f.ctx, owner, d.ID)
		ok(t, "read a Battleshift design", err)
		if got.Latest.Evaluation != bsBefore[d.ID].Latest.Evaluation || string(got.Latest.Result) != string(bsBefore[d.ID].Latest.Result) {
			t.Errorf("read %s: %+v, stored %+v", d.Name, got.Latest.Evaluation, bsBefore[d.ID].Latest.Evaluation)
		}
	}
	_, vs, err := cur.Versions(f.ctx, alice, bs[0].ID)
	ok(t, "versions", err)
	_, v1, err := cur.Version(f.ctx, alice, bs[0].ID, 1)
	ok(t, "version 1", err)
	if len(vs) != 2 || v1.Evaluation.ModelVersion != battleshift.ModelVersion || v1.Evaluation.CV != battleshiftCost(battleshiftClass(t, "generic-fast-attack-cruiser.json")) {
		t.Errorf("versions %d, version 1 %+v", len(vs), v1.Evaluation)
	}
	if listed := f.allWith(cur, library.LibraryQuery{Ruleset: battleshift.ID, Sort: "cv"}); len(listed) != 2 {
		t.Errorf("Battleshift lists %s, want alice's two public designs", describe(listed))
	}
	if n := bsEvals.Load(); n != 0 {
		t.Errorf("reading Battleshift designs evaluated %d times, want none", n)
	}
	rep, err = cur.Recompute(f.ctx)
	ok(t, "recompute again", err)
	if rep.Designs != 0 {
		t.Fatalf("a second recompute changed %d designs", rep.Designs)
	}

	// Battleshift's model changes (to one named storetest-battleshift-
	// older/0, costing 3 more): its designs are recomputed, Metaverse's
	// are not.
	mvBefore := f.summaries(mv)
	mvEvals.Store(0)
	bsEvals.Store(0)
	next := f.games(countingModel{f.model, &mvEvals}, game{Ruleset: battleshift.New(), evals: &bsEvals, older: true})
	rep, err = next.RecomputeWith(f.ctx, library.RecomputeOptions{Batch: 3, Workers: 2})
	ok(t, "recompute after Battleshift's model changed", err)
	if rep.Designs != len(bs) {
		t.Fatalf("recomputed %d designs, want the %d Battleshift designs", rep.Designs, len(bs))
	}
	for i, c := range rep.Changes {
		if c.DesignID != bs[i].ID || c.OldModel != battleshift.ModelVersion || c.NewModel != olderBattleshiftVersion ||
			c.NewCV != c.OldCV+3 || c.NewPoints != c.OldPoints+3 {
			t.Errorf("change %d: %+v, want Battleshift design %s from %s to %s", i, c, bs[i].ID, battleshift.ModelVersion, olderBattleshiftVersion)
		}
	}
	if n := mvEvals.Load(); n != 0 {
		t.Errorf("recompute evaluated %d Metaverse designs, want none", n)
	}
	sameRows(t, "after Battleshift's model changed", mvBefore, f.summaries(mv))
	// A Battleshift design read now is what a save under that model stores.
	got, err := next.Design(f.ctx, alice, bs[0].ID)
	ok(t, "read", err)
	want := battleshift.New().EvaluateClass(v2)
	want.ModelVersion, want.Cost = olderBattleshiftVersion, want.Cost+3
	wantResult, _ := json.Marshal(want)
	if got.Latest.Evaluation.ModelVersion != olderBattleshiftVersion || string(got.Latest.Result) != string(wantResult) {
		t.Errorf("read under the new Battleshift model: %+v\n%.200s\nwant\n%.200s", got.Latest.Evaluation, got.Latest.Result, wantResult)
	}
}

// testSeedPerRuleset: a library seeded by a Service serving Metaverse
// alone holds its samples; the first start that serves Battleshift too
// seeds Battleshift's 43 into it, once however many nodes start together;
// later starts seed nothing; the game filter then lists each game's.
func testSeedPerRuleset(t *testing.T, open Opener) {
	f := newFixture(t, open)
	mvOnly := f.games(f.model)
	n, err := mvOnly.SeedSamples(f.ctx)
	ok(t, "seed Metaverse", err)
	mvSamples := samples(t)
	if n != len(mvSamples) || n != 10 {
		t.Fatalf("seeded %d, want Metaverse's %d samples (10)", n, len(mvSamples))
	}
	_, err = mvOnly.Library(f.ctx, library.LibraryQuery{Ruleset: battleshift.ID})
	wantCode(t, "a game not served", err, library.EInvalid)

	bsSamples := battleshift.New().Samples()
	if len(bsSamples) != 43 {
		t.Fatalf("%d Battleshift samples, want 43", len(bsSamples))
	}
	ns := make([]int, 3)
	errs := make([]error, 3)
	var wg sync.WaitGroup
	for i := range ns {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			ns[i], errs[i] = f.games(f.model, battleshift.New()).SeedSamples(f.ctx)
		}(i)
	}
	wg.Wait()
	total := 0
	for i := range ns {
		ok(t, "seed Battleshift", errs[i])
		total += ns[i]
	}
	if total != len(bsSamples) || !slices.Contains(ns, total) {
		t.Fatalf("starts serving both games seeded %v, want Battleshift's %d once", ns, len(bsSamples))
	}
	both := f.games(f.model, battleshift.New())
	for _, svc := range []*library.Service{both, mvOnly} {
		n, err := svc.SeedSamples(f.ctx)
		ok(t, "seed again", err)
		if n != 0 {
			t.Fatalf("a later start seeded %d designs", n)
		}
	}

	sys, err := both.EnsureUser(f.ctx, library.SystemUser)
	ok(t, "system user", err)
	mine, err := f.store.DesignsByOwner(f.ctx, sys.ID)
	ok(t, "the system user's designs", err)
	if len(mine) != len(mvSamples)+len(bsSamples) {
		t.Fatalf("the system user holds %d designs, want %d", len(mine), len(mvSamples)+len(bsSamples))
	}
	var bsNames, wantNames []string
	for _, d := range mine {
		if d.Ruleset != battleshift.ID {
			continue
		}
		bsNames = append(bsNames, d.Name)
		if e := d.Latest.Evaluation; d.RulesVersion != battleshift.RulesVersion || e.ModelVersion != battleshift.ModelVersion ||
			!e.Legal || d.Visibility != library.Public || e.CV != e.Points || e.CV <= 0 {
			t.Errorf("seeded %s: rules version %d, %s, %+v", d.Name, d.RulesVersion, d.Visibility, e)
		}
	}
	for _, s := range bsSamples {
		c, err := battleshift.New().DecodeClass(s.Document)
		ok(t, s.File, err)
		wantNames = append(wantNames, c.Name)
	}
	if !sameSet(bsNames, wantNames) {
		t.Errorf("Battleshift designs seeded: %q, want the samples %q", bsNames, wantNames)
	}
	legalMV := 0
	for _, d := range mvSamples {
		if f.cat.Validate(d, designer.Options{}).Legal() {
			legalMV++
		}
	}
	for _, c := range []struct {
		q    library.LibraryQuery
		want int
	}{
		{library.LibraryQuery{Ruleset: battleshift.ID, Limit: 100}, 43},
		{library.LibraryQuery{Ruleset: battleshift.ID, RulesVersion: 1, Limit: 100}, 43},
		{library.LibraryQuery{Ruleset: battleshift.ID, RulesVersion: 2}, 0},
		{library.LibraryQuery{Ruleset: "metaverse", Limit: 100}, legalMV},
		{library.LibraryQuery{Ruleset: "metaverse", RulesVersion: 1, Sort: "name"}, legalMV},
		{library.LibraryQuery{Limit: 100}, legalMV + 43},
	} {
		if got := f.allWith(both, c.q); len(got) != c.want {
			t.Errorf("library %+v lists %d designs, want %d", c.q, len(got), c.want)
		}
	}
	// One page of 100, as GET /api/v1/library?ruleset=battleshift&limit=100 asks.
	p, err := both.Library(f.ctx, library.LibraryQuery{Ruleset: battleshift.ID, Limit: 100})
	ok(t, "one page", err)
	if len(p.Designs) != 43 || p.Next != nil {
		t.Errorf("a page of 100 Battleshift designs holds %d, next %v", len(p.Designs), p.Next)
	}
}

// testRulesetFilters: with both games' designs in the library, the
// ruleset and rulesVersion filters, alone, together, with other filters
// and with words, list exactly the public designs they should, in every
// sort and direction, paged by cursor.
func testRulesetFilters(t *testing.T, open Opener) {
	f := newFixture(t, open)
	pub := f.catalogue(t)
	svc := f.games(f.model, battleshift.New())
	carol, _ := f.user("carol3")
	dave, _ := f.user("dave44")
	var bsPub []*library.Design
	for i, s := range battleshift.New().Samples() {
		c, err := battleshift.New().DecodeClass(s.Document)
		ok(t, s.File, err)
		who := carol
		if i%2 == 1 {
			who = dave
		}
		if i%5 == 0 {
			c.Name = strings.ToLower(c.Name) // names differing in case only from others
		}
		d, err := svc.CreateDesign(f.ctx, who, c, library.Public)
		ok(t, "create "+c.Name, err)
		bsPub = append(bsPub, d)
	}
	fork := func(src *library.Design, who *library.User, vis library.Visibility) {
		d, err := svc.Fork(f.ctx, who, src.ID, library.ForkRequest{Visibility: vis})
		ok(t, "fork", err)
		if d.Ruleset != battleshift.ID {
			t.Fatalf("a fork of a Battleshift design is a %s design", d.Ruleset)
		}
		if vis == library.Public {
			bsPub = append(bsPub, d)
		}
	}
	fork(bsPub[3], dave, library.Public)
	fork(bsPub[3], carol, library.Public)
	fork(bsPub[7], carol, library.Public)
	fork(bsPub[8], dave, library.Private)
	for _, vis := range []library.Visibility{library.Private, library.Unlisted, library.Public} {
		c := battleshiftClass(t, "generic-fleet-cruiser.json")
		c.Name = "Never Listed " + string(vis)
		d, err := svc.CreateDesign(f.ctx, carol, c, vis)
		ok(t, "create", err)
		if vis == library.Public {
			ok(t, "delete", svc.DeleteDesign(f.ctx, carol, d.ID, library.Precondition{Any: true}))
		}
	}
	for i, d := range bsPub {
		cur, err := svc.Design(f.ctx, nil, d.ID)
		ok(t, "design", err)
		bsPub[i] = cur
	}
	all := append(slices.Clone(pub), bsPub...)
	ev := func(d *library.Design) library.Evaluation { return d.Latest.Evaluation }
	pf := func(v float64) *float64 { return &v }
	pb := func(v bool) *bool { return &v }
	isBS := func(d *library.Design) bool { return d.Ruleset == battleshift.ID }
	mvTier := ev(pub[0]).Tier
	filters := []struct {
		name  string
		q     library.LibraryQuery
		match func(*library.Design) bool
	}{
		{"ruleset=battleshift", library.LibraryQuery{Ruleset: battleshift.ID}, isBS},
		{"ruleset=metaverse", library.LibraryQuery{Ruleset: "metaverse"}, func(d *library.Design) bool { return !isBS(d) }},
		{"ruleset=battleshift&rulesVersion=1", library.LibraryQuery{Ruleset: battleshift.ID, RulesVersion: 1}, isBS},
		{"ruleset=metaverse&rulesVersion=1", library.LibraryQuery{Ruleset: "metaverse", RulesVersion: 1}, func(d *library.Design) bool { return !isBS(d) }},
		{"rulesVersion=1", library.LibraryQuery{RulesVersion: 1}, func(*library.Design) bool { return true }},
		{"rulesVersion=2", library.LibraryQuery{RulesVersion: 2}, func(*library.Design) bool { return false }},
		{"ruleset=battleshift&rulesVersion=2", library.LibraryQuery{Ruleset: battleshift.ID, RulesVersion: 2}, func(*library.Design) bool { return false }},
		{"ruleset=battleshift&cvMin=40&cvMax=120", library.LibraryQuery{Ruleset: battleshift.ID, CVMin: pf(40), CVMax: pf(120)},
			func(d *library.Design) bool { return isBS(d) && ev(d).CV >= 40 && ev(d).CV <= 120 }},
		{"ruleset=battleshift&carriesFighters=true", library.LibraryQuery{Ruleset: battleshift.ID, CarriesFighters: pb(true)},
			func(d *library.Design) bool { return isBS(d) && ev(d).CarriesFighters }},
		{"ruleset=metaverse&tier", library.LibraryQuery{Ruleset: "metaverse", Tier: mvTier},
			func(d *library.Design) bool { return !isBS(d) && ev(d).Tier == mvTier }},
		{"ruleset=battleshift&tier", library.LibraryQuery{Ruleset: battleshift.ID, Tier: mvTier}, func(*library.Design) bool { return false }},
	}
	split := 0
	for _, fl := range filters {
		var match []*library.Design
		for _, d := range all {
			if fl.match(d) {
				match = append(match, d)
			}
		}
		if len(match) > 1 && len(match) < len(all) {
			split++
		}
		for _, s := range []string{"newest", "cv", "points", "name", "forks"} {
			for _, desc := range []bool{false, true} {
				want := slices.Clone(match)
				slices.SortFunc(want, sortKey(s))
				if desc {
					slices.Reverse(want)
				}
				for _, limit := range []int{3, 100} {
					q := fl.q
					q.Sort, q.Desc, q.Limit = s, desc, limit
					got := f.allWith(svc, q)
					if !slices.Equal(ids(got), ids(want)) {
						t.Errorf("%s sort %s desc=%v limit %d:\n got %s\nwant %s", fl.name, s, desc, limit, describe(got), describe(want))
					}
				}
			}
		}
	}
	if split < 6 {
		t.Fatalf("only %d filters split the test library", split)
	}
	// Words with a game filter: the search's matches of that game.
	for _, w := range []string{"cruiser", "generic", "raishek carrier", "carol3", "fleet"} {
		found := f.allWith(svc, library.LibraryQuery{Q: w, Limit: 100})
		for _, rs := range []string{battleshift.ID, "metaverse"} {
			var match []*library.Design
			for _, d := range found {
				if d.Ruleset == rs {
					match = append(match, d)
				}
			}
			for _, s := range []string{"newest", "cv", "points", "name", "forks"} {
				want := slices.Clone(match)
				slices.SortFunc(want, sortKey(s))
				if library.Sorts[s] {
					slices.Reverse(want)
				}
				got := f.allWith(svc, library.LibraryQuery{Q: w, Ruleset: rs, RulesVersion: 1, Sort: s, Desc: library.Sorts[s], Limit: 2})
				if !slices.Equal(ids(got), ids(want)) {
					t.Errorf("q=%q ruleset=%s sort %s:\n got %s\nwant %s", w, rs, s, describe(got), describe(want))
				}
			}
		}
		if w == "cruiser" && (!slices.ContainsFunc(found, isBS) || !slices.ContainsFunc(found, func(d *library.Design) bool { return !isBS(d) })) {
			t.Fatalf("%q finds %s: the words should find both games' designs", w, describe(found))
		}
	}
}

// testRulesetDesigns: a Battleshift design's versions, visibility, fork
// and lineage work as a Metaverse one's, and it keeps its game: a fork is
// a Battleshift design, and neither game's document may become a version
// of the other's design.
func testRulesetDesigns(t *testing.T, open Opener) {
	f := newFixture(t, open)
	svc := f.games(f.model, battleshift.New())
	alice, _ := f.user("alice1")
	bob, _ := f.user("bob22")
	carol, _ := f.user("carol3")
	fac := battleshiftClass(t, "generic-fast-attack-cruiser.json")
	d, err := svc.CreateDesign(f.ctx, alice, fac, library.Public)
	ok(t, "create", err)
	if e := d.Latest.Evaluation; d.Ruleset != battleshift.ID || d.RulesVersion != 1 || d.Version != 1 || d.Name != "Fast Attack Cruiser" ||
		e.ModelVersion != battleshift.ModelVersion || e.CV != 36 || e.Points != 36 || !e.Legal || d.Latest.ResultModel != battleshift.ModelVersion ||
		len(d.Tags) != 3 {
		t.Fatalf("created %+v", d)
	}
	// A design keeps its game.
	_, err = svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Any: true}, ship(t, "Metaverse now", "", nil, ""), "")
	wantCode(t, "a Metaverse document onto a Battleshift design", err, library.EInvalid)
	mv := f.create(alice, ship(t, "Metaverse ship", "", nil, ""), library.Public)
	_, err = svc.UpdateDesign(f.ctx, alice, mv.ID, library.Precondition{Any: true}, battleshiftClass(t, "generic-fleet-cruiser.json"), "")
	wantCode(t, "a Battleshift document onto a Metaverse design", err, library.EInvalid)

	// Versions, with preconditions and visibility.
	v2doc := battleshiftClass(t, "generic-patrol-cruiser.json")
	v2doc.Name = "Fast Attack Cruiser Mk II"
	_, err = svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Versions: []int{2}}, v2doc, "")
	wantCode(t, "stale update", err, library.EStale)
	v2, err := svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Versions: []int{1}}, v2doc, "")
	ok(t, "version 2", err)
	if v2.Version != 2 || v2.Name != "Fast Attack Cruiser Mk II" || v2.Ruleset != battleshift.ID || v2.Latest.Evaluation.CV != battleshiftCost(v2doc) {
		t.Fatalf("version 2: %+v", v2)
	}
	bad := battleshiftClass(t, "generic-fleet-cruiser.json")
	bad.Size = 99
	_, err = svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Any: true}, bad, "")
	wantCode(t, "publish an illegal Battleshift design", err, library.EIllegal)
	v3, err := svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Any: true}, bad, library.Private)
	ok(t, "an illegal private draft", err)
	if v3.Version != 3 || v3.Latest.Evaluation.Legal {
		t.Fatalf("draft: %+v", v3)
	}
	v4doc := battleshiftClass(t, "generic-fleet-cruiser.json")
	v4, err := svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Versions: []int{3}}, v4doc, library.Public)
	ok(t, "version 4, public", err)
	if v4.Version != 4 || v4.Name != "Fleet Cruiser" || v4.Latest.Evaluation.CV != battleshiftCost(v4doc) {
		t.Fatalf("version 4: %+v", v4)
	}
	for _, c := range []struct {
		who  *library.User
		want []int
	}{{alice, []int{1, 2, 3, 4}}, {bob, []int{1, 2, 4}}, {nil, []int{1, 2, 4}}} {
		_, vs, err := svc.Versions(f.ctx, c.who, d.ID)
		ok(t, "versions", err)
		var got []int
		for _, v := range vs {
			got = append(got, v.N)
			if v.Evaluation.ModelVersion != battleshift.ModelVersion || v.Document != nil {
				t.Errorf("listed version %d: %+v", v.N, v.Evaluation)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("versions seen: %v, want %v", got, c.want)
		}
	}
	_, _, err = svc.Version(f.ctx, bob, d.ID, 3)
	wantCode(t, "bob reads a version saved private", err, library.ENotFound)
	_, v1, err := svc.Version(f.ctx, bob, d.ID, 1)
	ok(t, "version 1", err)
	r, doc, err := svc.DecodeDocument(v1)
	ok(t, "decode version 1", err)
	if r.Info().ID != battleshift.ID || doc.Head().Name != "Fast Attack Cruiser" || v1.Evaluation.CV != 36 {
		t.Fatalf("version 1 decodes as %s %q, CV %v", r.Info().ID, doc.Head().Name, v1.Evaluation.CV)
	}
	stored, err := f.store.Versions(f.ctx, d.ID)
	ok(t, "store versions", err)
	if len(stored) != 4 || stored[2].Visibility != library.Private || stored[3].Visibility != library.Public {
		t.Fatalf("stored versions: %d", len(stored))
	}

	// Forks keep the game; lineage runs across them.
	bf, err := svc.Fork(f.ctx, bob, d.ID, library.ForkRequest{Version: 2, Visibility: library.Public, Name: "Bob's Cruiser"})
	ok(t, "bob forks version 2", err)
	if e := bf.Latest.Evaluation; bf.Ruleset != battleshift.ID || bf.RulesVersion != 1 || bf.ParentID != d.ID || bf.ParentVersion != 2 ||
		bf.Name != "Bob's Cruiser" || e.ModelVersion != battleshift.ModelVersion || e.CV != battleshiftCost(v2doc) || bf.OwnerID != bob.ID {
		t.Fatalf("bob's fork %+v", bf)
	}
	_, fdoc, err := svc.DecodeDocument(&bf.Latest)
	ok(t, "decode the fork", err)
	if c, isClass := fdoc.(*battleshift.Class); !isClass || c.Name != "Bob's Cruiser" || c.Size != v2doc.Size || len(c.Systems) != len(v2doc.Systems) {
		t.Fatalf("the fork's document: %#v", fdoc)
	}
	_, err = svc.Fork(f.ctx, carol, d.ID, library.ForkRequest{Version: 3})
	wantCode(t, "carol forks a version saved private", err, library.ENotFound)
	cf, err := svc.Fork(f.ctx, carol, bf.ID, library.ForkRequest{Visibility: library.Public})
	ok(t, "carol forks bob's fork", err)
	if cf.Ruleset != battleshift.ID || cf.ParentID != bf.ID || cf.Name != "Bob's Cruiser" {
		t.Fatalf("carol's fork %+v", cf)
	}
	_, err = svc.Fork(f.ctx, carol, d.ID, library.ForkRequest{Visibility: library.Private})
	ok(t, "carol forks privately", err)
	l, err := svc.Lineage(f.ctx, nil, cf.ID)
	ok(t, "lineage", err)
	if len(l.Ancestors) != 2 || l.Ancestors[0].ID != bf.ID || l.Ancestors[0].Version != 1 || l.Ancestors[1].ID != d.ID ||
		l.Ancestors[1].Version != 2 || l.Ancestors[1].Owner != "alice1" {
		t.Fatalf("ancestors %+v", l.Ancestors)
	}
	for _, c := range []struct {
		who  *library.User
		want int
	}{{nil, 1}, {alice, 1}, {carol, 2}} {
		l, err := svc.Lineage(f.ctx, c.who, d.ID)
		ok(t, "lineage", err)
		if l.ForkCount != c.want || len(l.Forks) != c.want || l.Forks[0].ID != bf.ID {
			t.Errorf("lineage as %v: %d forks %+v, want %d", c.who, l.ForkCount, l.Forks, c.want)
		}
	}
	listed := f.allWith(svc, library.LibraryQuery{Ruleset: battleshift.ID, Sort: "forks", Desc: true})
	if !slices.Equal(ids(listed), []string{bf.ID, d.ID, cf.ID}) || listed[0].Forks != 1 || listed[1].Forks != 1 || listed[2].Forks != 0 {
		t.Fatalf("Battleshift's library by forks: %s", describe(listed))
	}
	if got := f.allWith(svc, library.LibraryQuery{Ruleset: "metaverse"}); len(got) != 1 || got[0].ID != mv.ID {
		t.Fatalf("Metaverse's library: %s", describe(got))
	}
	// Deleting the Battleshift parent leaves its forks and their record.
	ok(t, "delete", svc.DeleteDesign(f.ctx, alice, d.ID, library.Precondition{Versions: []int{4}}))
	got, err := svc.Design(f.ctx, nil, bf.ID)
	ok(t, "the fork after its parent's deletion", err)
	if got.ParentID != d.ID || got.ParentVersion != 2 || got.Ruleset != battleshift.ID {
		t.Fatalf("fork after parent deletion: %+v", got)
	}
}
