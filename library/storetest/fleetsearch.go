package storetest

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"
)

// testFleetSearch: the fleet library's filters, sorts and cursors give
// the same fleets in the same order on every store, equal to what the
// rules say computed here: every page of two, in each sort order both
// ways, joined, is the whole filtered list.
func testFleetSearch(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice")
	var ids []string
	for _, d := range samples(t)[:4] {
		ids = append(ids, f.create(alice, d, library.Public).ID)
	}
	// Ships drawn from the samples so that CV, points and ship counts
	// differ and tie; names differ in case; one points limit; one private.
	specs := []struct {
		name   string
		ships  []int
		points bool
		vis    library.Visibility
	}{
		{"alpha Wing", []int{0}, false, library.Public},
		{"Bravo Line", []int{0, 1}, false, library.Public},
		{"charlie Screen", []int{1, 1}, true, library.Public},
		{"Delta Guard", []int{2, 3, 0}, false, library.Public},
		{"echo Reserve", []int{3}, false, library.Public},
		{"Bravo Line", []int{0, 1}, false, library.Public},
		{"Foxtrot Secret", []int{2}, false, library.Private},
	}
	for _, sp := range specs {
		var refs []string
		for _, i := range sp.ships {
			refs = append(refs, ids[i])
		}
		doc := fleetOf(sp.name, refs...)
		if sp.points {
			doc.Limit = fleet.Limit{Points: 100000}
		}
		_, err := f.svc.CreateFleet(f.ctx, alice, doc, sp.vis)
		ok(t, "create "+sp.name, err)
	}
	all, err := f.svc.FleetLibrary(f.ctx, library.FleetQuery{Limit: library.MaxPage})
	ok(t, "all public fleets", err)
	if len(all) != 6 {
		t.Fatalf("%d public fleets, want 6", len(all))
	}
	key := func(fl *library.Fleet, sort string) any {
		s := fl.Latest.Summary
		switch sort {
		case "cv":
			return s.CV
		case "points":
			return s.Points
		case "ships":
			return s.Ships
		case "name":
			return strings.Map(func(r rune) rune { // ASCII case folded, as both stores sort
				if r >= 'A' && r <= 'Z' {
					return r + 'a' - 'A'
				}
				return r
			}, fl.Name)
		}
		return fl.Seq
	}
	cmp := func(a, b any) int {
		switch a := a.(type) {
		case int:
			return a - b.(int)
		case string:
			return strings.Compare(a, b.(string))
		case int64:
			return int(a - b.(int64))
		}
		return 0
	}
	i5, i600 := 5, 600
	filters := []struct {
		name string
		q    library.FleetQuery
		keep func(s library.FleetSummary) bool
	}{
		{"none", library.FleetQuery{}, func(library.FleetSummary) bool { return true }},
		{"cv", library.FleetQuery{CVMin: &i5, CVMax: &i600}, func(s library.FleetSummary) bool { return s.CV >= 5 && s.CV <= 600 }},
		{"points", library.FleetQuery{PtsMax: &i600}, func(s library.FleetSummary) bool { return s.Points <= 600 }},
		{"tier", library.FleetQuery{MaxTier: 2}, func(s library.FleetSummary) bool { return s.HighestTier <= 2 }},
		{"limitKind", library.FleetQuery{LimitKind: "points"}, func(s library.FleetSummary) bool { return s.LimitKind == "points" }},
	}
	for _, flt := range filters {
		for sort, desc := range library.FleetSorts {
			for _, order := range []string{"", "asc", "desc"} {
				d := desc
				if order != "" {
					d = order == "desc"
				}
				var want []string
				exp := slices.Clone(all)
				slices.SortStableFunc(exp, func(a, b *library.Fleet) int {
					c := cmp(key(a, sort), key(b, sort))
					if c == 0 {
						c = int(a.Seq - b.Seq)
					}
					if d {
						return -c
					}
					return c
				})
				for _, fl := range exp {
					if flt.keep(fl.Latest.Summary) {
						want = append(want, fl.ID)
					}
				}
				var got []string
				q := flt.q
				q.Sort, q.Order, q.Limit = sort, order, 2
				for page := 0; page < 10; page++ {
					fs, err := f.svc.FleetLibrary(f.ctx, q)
					ok(t, fmt.Sprintf("%s by %s %s page %d", flt.name, sort, order, page), err)
					for _, fl := range fs {
						got = append(got, fl.ID)
					}
					if len(fs) < q.Limit {
						break
					}
					c := library.FleetCursor(q, fs[len(fs)-1])
					q.AfterKey, q.After = c.Key, c.Seq
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s filter, by %s %q: %v, want %v", flt.name, sort, order, got, want)
				}
			}
		}
	}
	for _, bad := range []struct {
		field string
		q     library.FleetQuery
	}{
		{"sort", library.FleetQuery{Sort: "forks"}},
		{"order", library.FleetQuery{Order: "up"}},
		{"cvMin", library.FleetQuery{CVMin: &i600, CVMax: &i5}},
		{"tier", library.FleetQuery{MaxTier: 4}},
		{"limitKind", library.FleetQuery{LimitKind: "tons"}},
		{"cursor", library.FleetQuery{Sort: "name", AfterKey: 3.0, After: 9}},
		{"cursor", library.FleetQuery{Sort: "cv", After: 9}},
	} {
		_, err := f.svc.FleetLibrary(f.ctx, bad.q)
		var le *library.Error
		if library.ErrorCode(err) != library.EInvalid || !errors.As(err, &le) || le.Field != bad.field {
			t.Errorf("%+v: %v, want EInvalid at %s", bad.q, err, bad.field)
		}
	}
}
