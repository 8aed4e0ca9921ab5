package storetest

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
)

// all pages through the library with q and returns every design listed,
// failing on a repeated design.
func (f *fixture) all(q library.LibraryQuery) []*library.Design {
	f.t.Helper()
	var out []*library.Design
	seen := map[string]bool{}
	for page := 0; ; page++ {
		if page > 1000 {
			f.t.Fatal("paging does not end")
		}
		p, err := f.svc.Library(f.ctx, q)
		if err != nil {
			f.t.Fatalf("library %+v: %v", q, err)
		}
		if q.Limit > 0 && len(p.Designs) > q.Limit {
			f.t.Fatalf("page of %d designs, limit %d", len(p.Designs), q.Limit)
		}
		for _, d := range p.Designs {
			if seen[d.ID] {
				f.t.Fatalf("library %+v lists %q twice", q, d.Name)
			}
			seen[d.ID] = true
			out = append(out, d)
		}
		if p.Next == nil {
			return out
		}
		if len(p.Designs) == 0 {
			f.t.Fatal("an empty page with a next cursor")
		}
		q.After = p.Next
	}
}

// testSearch: every word must occur, as a prefix of a word, in the name,
// description, tags, universe or author, in any case; only public, live
// designs are listed, and the index follows updates and deletes.
func testSearch(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	zeph, _ := f.user("zephyrwing")
	made := map[string]string{}
	add := func(u *library.User, name, desc string, tags []string, uni string, vis library.Visibility) {
		made[name] = f.create(u, ship(t, name, desc, tags, uni), vis).ID
	}
	add(alice, "Nebula Raptor", "A fast corsair of the line.", []string{"escort"}, "Core Worlds", library.Public)
	add(alice, "Nebular Drift", "Slow and steady.", nil, "", library.Public)
	add(alice, "Crimson Tide", "Heavy cruiser.", []string{"raptor", "flagship"}, "", library.Public)
	add(alice, "Quiet Harbour", "Tender.", nil, "Outer Rim", library.Public)
	add(zeph, "Solar Wind", "Picket.", nil, "", library.Public)
	add(zeph, "Nebula Hidden", "", nil, "", library.Unlisted)
	add(alice, "Nebula Secret", "", nil, "", library.Private)
	add(alice, "Nebula Gone", "", nil, "", library.Public)
	add(alice, "Ship 42-B", "Mark 7 hull.", []string{"x-ray"}, "", library.Public)
	add(alice, "Éclair Naïve v2.0", "", nil, "", library.Public)
	// One 6,000-byte word: longer than a PostgreSQL lexeme may be.
	add(alice, "Longword", strings.Repeat("ж", 3000), nil, "", library.Public)
	ok(t, "delete", f.svc.DeleteDesign(f.ctx, alice, made["Nebula Gone"], library.Precondition{Any: true}))

	cases := []struct {
		q    string
		want []string
	}{
		{"nebula", []string{"Nebula Raptor", "Nebular Drift"}},
		{"NEBULA raptor", []string{"Nebula Raptor"}},
		{"  nebula   RAPTOR  ", []string{"Nebula Raptor"}},
		{"raptor", []string{"Nebula Raptor", "Crimson Tide"}},
		{"neb rap", []string{"Nebula Raptor"}},
		{"corsair", []string{"Nebula Raptor"}},
		{"core", []string{"Nebula Raptor"}},
		{"outer rim", []string{"Quiet Harbour"}},
		{"flagship", []string{"Crimson Tide"}},
		{"zephyr", []string{"Solar Wind"}},
		{"zephyrwing solar", []string{"Solar Wind"}},
		{"alice1 tide", []string{"Crimson Tide"}},
		{"ebula", nil},
		{"raptors", nil},
		{"nomatch", nil},
		{"42", []string{"Ship 42-B"}},
		{"42-b", []string{"Ship 42-B"}},
		{"ray", []string{"Ship 42-B"}},
		{"mark 7", []string{"Ship 42-B"}},
		{"b-42", nil},
		{"42 b", []string{"Ship 42-B"}},
		{"eclair", []string{"Éclair Naïve v2.0"}},
		{"ÉCLAIR naive", []string{"Éclair Naïve v2.0"}},
		{"NAÏ", []string{"Éclair Naïve v2.0"}},
		{"v2", []string{"Éclair Naïve v2.0"}},
		{"v2.0", []string{"Éclair Naïve v2.0"}},
		{"2.0", nil},
		{"!!!", nil},
		{"жжжж", []string{"Longword"}},
		{"ship !!!", nil},
		{"", []string{"Nebula Raptor", "Nebular Drift", "Crimson Tide", "Quiet Harbour", "Solar Wind", "Ship 42-B", "Éclair Naïve v2.0", "Longword"}},
	}
	for _, c := range cases {
		got := f.all(library.LibraryQuery{Q: c.q, Limit: 2})
		var names []string
		for _, d := range got {
			names = append(names, d.Name)
		}
		if !sameSet(names, c.want) {
			t.Errorf("search %q found %q, want %q", c.q, names, c.want)
		}
	}
	// The index follows an update: the old name no longer matches.
	_, err := f.svc.UpdateDesign(f.ctx, alice, made["Crimson Tide"], library.Precondition{Any: true},
		ship(t, "Crimson Wave", "Heavy cruiser.", nil, ""), "")
	ok(t, "rename", err)
	for q, want := range map[string]int{"tide": 0, "wave": 1, "raptor": 1, "crimson": 1} {
		if got := f.all(library.LibraryQuery{Q: q}); len(got) != want {
			t.Errorf("after rename, %q finds %s, want %d", q, describe(got), want)
		}
	}
	// Making a design private takes it out of the library.
	_, err = f.svc.UpdateDesign(f.ctx, alice, made["Quiet Harbour"], library.Precondition{Any: true},
		ship(t, "Quiet Harbour", "Tender.", nil, "Outer Rim"), library.Private)
	ok(t, "make private", err)
	if got := f.all(library.LibraryQuery{Q: "harbour"}); len(got) != 0 {
		t.Errorf("a private design is listed: %s", describe(got))
	}
	// Search combines with filters and sorts.
	got := f.all(library.LibraryQuery{Q: "nebula", Sort: "name", Limit: 1})
	if len(got) != 2 || got[0].Name != "Nebula Raptor" || got[1].Name != "Nebular Drift" {
		t.Errorf("nebula by name: %s", describe(got))
	}
	tier := got[0].Latest.Evaluation.Tier
	if g := f.all(library.LibraryQuery{Q: "nebula", Tier: tier%3 + 1}); len(g) != 0 {
		t.Errorf("nebula in another tier: %s", describe(g))
	}
}

// testSearchOddInput: any search string is either answered or refused as
// an invalid query, never an internal error, and none is query syntax.
func testSearchOddInput(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	f.create(alice, ship(t, "Plain Ship", "", nil, ""), library.Public)
	for _, q := range []string{`"`, `"plain`, `plain"`, `*`, `plain*`, `-plain`, `NOT plain`, `plain OR nothing`,
		`(plain`, `plain)`, `'; DROP TABLE designs;--`, `a:b`, `plain & ship`, `plain | x`, `!plain`, `<->`,
		`\`, `%`, `_`, `plain:*`, `'`, `''`, `NEAR(plain ship)`, `{plain}`, `^plain`, `plain^`, `日本語`, `Ünïcödé`, `🚀`,
		strings.Repeat("x", library.MaxQueryBytes)} {
		p, err := f.svc.Library(f.ctx, library.LibraryQuery{Q: q})
		if err != nil && library.ErrorCode(err) != library.EInvalid {
			t.Errorf("search %q: internal error %v", q, err)
			continue
		}
		if err == nil && (q == `NOT plain` || q == `plain OR nothing`) && len(p.Designs) != 0 {
			t.Errorf("search %q is read as syntax: %s", q, describe(p.Designs))
		}
	}
	p, err := f.svc.Library(f.ctx, library.LibraryQuery{Q: `plain"`})
	if err == nil && len(p.Designs) != 1 {
		t.Errorf(`search 'plain"' found %s, want the plain ship`, describe(p.Designs))
	}
}

// catalogue is a varied public library: every sample design under two
// users, some renamed so that names differ only in case, a few forks so
// that fork counts differ, and designs that must never be listed.
func (f *fixture) catalogue(t *testing.T) []*library.Design {
	alice, _ := f.user("alice1")
	bob, _ := f.user("bob22")
	var pub []*library.Design
	for i, d := range samples(t) {
		vis := library.Public
		if !f.cat.Validate(d, designer.Options{}).Legal() {
			continue
		}
		pub = append(pub, f.create(alice, d, vis))
		d2 := *d
		switch i % 3 {
		case 0:
			d2.Name = strings.ToLower(d.Name)
		case 1:
			d2.Name = strings.ToUpper(d.Name)
		}
		pub = append(pub, f.create(bob, &d2, vis))
	}
	if len(pub) < 10 {
		t.Fatalf("only %d legal samples", len(pub))
	}
	// Forks: pub[0] gets three public forks, pub[1] one, pub[2] a private one.
	fork := func(src *library.Design, who *library.User, vis library.Visibility) {
		d, err := f.svc.Fork(f.ctx, who, src.ID, library.ForkRequest{Visibility: vis})
		ok(t, "fork", err)
		if vis == library.Public {
			pub = append(pub, d)
		}
	}
	fork(pub[0], bob, library.Public)
	fork(pub[0], alice, library.Public)
	fork(pub[0], bob, library.Public)
	fork(pub[1], alice, library.Public)
	fork(pub[2], bob, library.Private)
	f.create(alice, ship(t, "Unlisted One", "", nil, ""), library.Unlisted)
	f.create(alice, ship(t, "Private One", "", nil, ""), library.Private)
	gone := f.create(alice, ship(t, "Deleted One", "", nil, ""), library.Public)
	ok(t, "delete", f.svc.DeleteDesign(f.ctx, alice, gone.ID, library.Precondition{Any: true}))
	// Re-read each public design for its current fork count.
	for i, d := range pub {
		cur, err := f.svc.Design(f.ctx, nil, d.ID)
		ok(t, "design", err)
		pub[i] = cur
	}
	return pub
}

// testFilters: every filter, alone and combined, lists exactly the public
// designs it should.
func testFilters(t *testing.T, open Opener) {
	f := newFixture(t, open)
	pub := f.catalogue(t)
	ev := func(d *library.Design) library.Evaluation { return d.Latest.Evaluation }
	pf := func(v float64) *float64 { return &v }
	pb := func(v bool) *bool { return &v }
	// Thresholds taken from the data, so that each filter splits it.
	cvs := make([]float64, len(pub))
	pts := make([]float64, len(pub))
	for i, d := range pub {
		cvs[i], pts[i] = ev(d).CV, ev(d).Points
	}
	slices.Sort(cvs)
	slices.Sort(pts)
	midCV, lowCV, midPts := cvs[len(cvs)/2], cvs[len(cvs)/4], pts[len(pts)/2]
	first := pub[0]
	type filter struct {
		name  string
		q     library.LibraryQuery
		match func(*library.Design) bool
	}
	filters := []filter{
		{"tier", library.LibraryQuery{Tier: ev(first).Tier}, func(d *library.Design) bool { return ev(d).Tier == ev(first).Tier }},
		{"techLevel", library.LibraryQuery{TechLevel: ev(first).TechLevel}, func(d *library.Design) bool { return ev(d).TechLevel == ev(first).TechLevel }},
		{"movement", library.LibraryQuery{Movement: ev(first).Movement}, func(d *library.Design) bool { return ev(d).Movement == ev(first).Movement }},
		{"hull", library.LibraryQuery{Hull: ev(first).Hull}, func(d *library.Design) bool { return ev(d).Hull == ev(first).Hull }},
		{"carriesFighters", library.LibraryQuery{CarriesFighters: pb(true)}, func(d *library.Design) bool { return ev(d).CarriesFighters }},
		{"no fighters", library.LibraryQuery{CarriesFighters: pb(false)}, func(d *library.Design) bool { return !ev(d).CarriesFighters }},
		{"ruleset", library.LibraryQuery{Ruleset: "metaverse"}, func(d *library.Design) bool { return d.Ruleset == "metaverse" }},
		{"rulesVersion", library.LibraryQuery{RulesVersion: 1}, func(d *library.Design) bool { return d.RulesVersion == 1 }},
		{"other rulesVersion", library.LibraryQuery{RulesVersion: 2}, func(d *library.Design) bool { return d.RulesVersion == 2 }},
		{"cvMin", library.LibraryQuery{CVMin: pf(midCV)}, func(d *library.Design) bool { return ev(d).CV >= midCV }},
		{"cvMax", library.LibraryQuery{CVMax: pf(midCV)}, func(d *library.Design) bool { return ev(d).CV <= midCV }},
		{"cv range", library.LibraryQuery{CVMin: pf(lowCV), CVMax: pf(midCV)}, func(d *library.Design) bool { return ev(d).CV >= lowCV && ev(d).CV <= midCV }},
		{"pointsMin", library.LibraryQuery{PtsMin: pf(midPts)}, func(d *library.Design) bool { return ev(d).Points >= midPts }},
		{"pointsMax", library.LibraryQuery{PtsMax: pf(midPts)}, func(d *library.Design) bool { return ev(d).Points <= midPts }},
		{"tier and cvMin", library.LibraryQuery{Tier: ev(first).Tier, CVMin: pf(lowCV)}, func(d *library.Design) bool { return ev(d).Tier == ev(first).Tier && ev(d).CV >= lowCV }},
	}
	split := 0
	for _, fl := range filters {
		var want []string
		for _, d := range pub {
			if fl.match(d) {
				want = append(want, d.ID)
			}
		}
		if len(want) > 0 && len(want) < len(pub) {
			split++
		}
		for _, sortBy := range []string{"newest", "cv"} {
			q := fl.q
			q.Sort, q.Desc, q.Limit = sortBy, true, 4
			got := f.all(q)
			if !sameSet(ids(got), want) {
				t.Errorf("filter %s (sort %s): listed %s, want %d designs", fl.name, sortBy, describe(got), len(want))
			}
		}
	}
	if split < 6 {
		t.Fatalf("only %d filters split the test library; the data is too uniform to test them", split)
	}
	// Bad filters are refused before the store sees them.
	for _, q := range []library.LibraryQuery{{Tier: 4}, {TechLevel: 11}, {Limit: library.MaxPage + 1}, {Sort: "rank"},
		{Movement: "a\x00b"}, {Q: strings.Repeat("x", library.MaxQueryBytes+1)}, {Ruleset: "other"}, {RulesVersion: -1}} {
		_, err := f.svc.Library(f.ctx, q)
		wantCode(t, fmt.Sprintf("bad query %+v", q), err, library.EInvalid)
	}
}

// sortKey orders designs as the library's sort s does, ascending; ties
// fall to Seq.
func sortKey(s string) func(a, b *library.Design) int {
	key := func(a, b *library.Design) int {
		switch s {
		case "cv":
			return cmp.Compare(a.Latest.Evaluation.CV, b.Latest.Evaluation.CV)
		case "points":
			return cmp.Compare(a.Latest.Evaluation.Points, b.Latest.Evaluation.Points)
		case "name":
			return strings.Compare(asciiLower(a.Name), asciiLower(b.Name))
		case "forks":
			return cmp.Compare(a.Forks, b.Forks)
		}
		return 0
	}
	return func(a, b *library.Design) int {
		if c := key(a, b); c != 0 {
			return c
		}
		return cmp.Compare(a.Seq, b.Seq)
	}
}

// asciiLower folds ASCII letters only: names sort case-insensitively for
// ASCII and by code point otherwise.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// testSortsAndCursors: every sort in both directions, paged by cursor
// with pages of every size from 1 to 7, lists every public design once in
// the right order.
func testSortsAndCursors(t *testing.T, open Opener) {
	f := newFixture(t, open)
	pub := f.catalogue(t)
	for _, s := range []string{"newest", "cv", "points", "name", "forks"} {
		for _, desc := range []bool{false, true} {
			want := slices.Clone(pub)
			slices.SortFunc(want, sortKey(s))
			if desc {
				slices.Reverse(want)
			}
			for _, limit := range []int{1, 2, 3, 7, 100} {
				got := f.all(library.LibraryQuery{Sort: s, Desc: desc, Limit: limit})
				if !slices.Equal(ids(got), ids(want)) {
					t.Fatalf("sort %s desc=%v limit %d:\n got %s\nwant %s", s, desc, limit, describe(got), describe(want))
				}
			}
		}
	}
	// The default is newest first, 20 a page.
	p, err := f.svc.Library(f.ctx, library.LibraryQuery{})
	ok(t, "default library", err)
	want := slices.Clone(pub)
	slices.SortFunc(want, sortKey("newest"))
	slices.Reverse(want)
	if n := min(20, len(want)); len(p.Designs) != n || p.Designs[0].ID != want[0].ID {
		t.Fatalf("default page: %s", describe(p.Designs))
	}
	// Forged cursors are refused by the Service.
	for _, c := range []*library.Cursor{{Key: "x", Seq: 1}, {Key: 1.5, Seq: 0}, {Key: true, Seq: 1}} {
		_, err := f.svc.Library(f.ctx, library.LibraryQuery{Sort: "cv", After: c})
		wantCode(t, fmt.Sprintf("cursor %+v", c), err, library.EInvalid)
	}
	// A cursor past the end gives an empty last page.
	last := want[len(want)-1]
	p, err = f.svc.Library(f.ctx, library.LibraryQuery{Sort: "newest", Desc: true, After: &library.Cursor{Seq: last.Seq}})
	ok(t, "past the end", err)
	if len(p.Designs) != 0 || p.Next != nil {
		t.Fatalf("past the end: %s", describe(p.Designs))
	}
}

// testCursorStable: designs added while a client pages through the
// library neither repeat nor push earlier designs out of its pages.
func testCursorStable(t *testing.T, open Opener) {
	f := newFixture(t, open)
	pub := f.catalogue(t)
	carol, _ := f.user("carol3")
	for _, s := range []string{"newest", "cv", "name"} {
		q := library.LibraryQuery{Sort: s, Desc: s != "name", Limit: 3}
		seen := map[string]bool{}
		for i := 0; ; i++ {
			p, err := f.svc.Library(f.ctx, q)
			ok(t, "page", err)
			for _, d := range p.Designs {
				if seen[d.ID] {
					t.Fatalf("sort %s: %q twice", s, d.Name)
				}
				seen[d.ID] = true
			}
			// A new design between pages, sorting anywhere.
			f.create(carol, ship(t, fmt.Sprintf("%s insert %d", s, i), "", nil, ""), library.Public)
			if p.Next == nil {
				break
			}
			q.After = p.Next
		}
		for _, d := range pub {
			if !seen[d.ID] {
				t.Fatalf("sort %s: %q skipped while designs were added", s, d.Name)
			}
		}
	}
}
