package storetest

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"
)

// versionsFixture is a library whose designs cover every case of reading
// many design versions at once: alice's public design at version 2
// (pub), her design published at version 2 after a private version 1
// (draft), her private design (secret), her deleted design (gone), and
// bob's private design (mine).
type versionsFixture struct {
	*fixture
	alice, bob                     *library.User
	pub, draft, secret, gone, mine string
}

func newVersionsFixture(t *testing.T, open Opener) *versionsFixture {
	f := &versionsFixture{fixture: newFixture(t, open)}
	f.alice, _ = f.user("alice")
	f.bob, _ = f.user("bob")
	anyV := library.Precondition{Any: true}
	f.pub = f.create(f.alice, ship(t, "Pub", "", nil, ""), library.Public).ID
	_, err := f.svc.UpdateDesign(f.ctx, f.alice, f.pub, anyV, ship(t, "Pub two", "", nil, ""), "")
	ok(t, "pub v2", err)
	f.draft = f.create(f.alice, ship(t, "Draft", "", nil, ""), library.Private).ID
	_, err = f.svc.UpdateDesign(f.ctx, f.alice, f.draft, anyV, ship(t, "Draft published", "", nil, ""), library.Public)
	ok(t, "draft v2", err)
	f.secret = f.create(f.alice, ship(t, "Secret", "", nil, ""), library.Private).ID
	f.gone = f.create(f.alice, ship(t, "Gone", "", nil, ""), library.Public).ID
	ok(t, "delete gone", f.svc.DeleteDesign(f.ctx, f.alice, f.gone, anyV))
	f.mine = f.create(f.bob, ship(t, "Mine", "", nil, ""), library.Private).ID
	return f
}

// testDesignVersions: Store.DesignVersions reads many (design, version)
// refs at once: live designs with their owner, visibility and latest
// version number; each version found under the ref as asked (0: the
// latest), with the document DesignVersion reads; nothing for a missing
// or deleted design or a missing version; duplicates read once; and a
// refusal, changing nothing, above MaxVersionRefs refs or for a negative
// version.
func testDesignVersions(t *testing.T, open Opener) {
	f := newVersionsFixture(t, open)
	ref := func(id string, n int) library.VersionRef { return library.VersionRef{Design: id, N: n} }
	refs := []library.VersionRef{ref(f.pub, 1), ref(f.pub, 2), ref(f.pub, 0), ref(f.pub, 9),
		ref("nosuchdesign", 1), ref(f.gone, 1), ref(f.mine, 1), ref(f.pub, 1), ref(f.draft, 1),
		ref(f.secret, 0), ref("", 0), ref("nul\x00id", 1), ref("bad\xffutf8", 1)}
	set, err := f.store.DesignVersions(f.ctx, refs)
	ok(t, "design versions", err)

	wantDesigns := map[string]struct {
		owner   int64
		vis     library.Visibility
		version int
	}{
		f.pub: {f.alice.ID, library.Public, 2}, f.draft: {f.alice.ID, library.Public, 2},
		f.secret: {f.alice.ID, library.Private, 1}, f.mine: {f.bob.ID, library.Private, 1},
	}
	if len(set.Designs) != len(wantDesigns) {
		t.Errorf("designs read: %v, want %d: pub, draft, secret, mine (not gone, not missing)", keys(set.Designs), len(wantDesigns))
	}
	for id, w := range wantDesigns {
		d := set.Designs[id]
		if d == nil {
			t.Errorf("design %s not read", id)
			continue
		}
		if d.ID != id || d.OwnerID != w.owner || d.Visibility != w.vis || d.Version != w.version {
			t.Errorf("design %s: id %q owner %d visibility %s version %d, want owner %d visibility %s version %d",
				id, d.ID, d.OwnerID, d.Visibility, d.Version, w.owner, w.vis, w.version)
		}
	}

	wantVersions := map[library.VersionRef]struct {
		n   int
		vis library.Visibility
	}{
		ref(f.pub, 1): {1, library.Public}, ref(f.pub, 2): {2, library.Public}, ref(f.pub, 0): {2, library.Public},
		ref(f.mine, 1): {1, library.Private}, ref(f.draft, 1): {1, library.Private}, ref(f.secret, 0): {1, library.Private},
	}
	if len(set.Versions) != len(wantVersions) {
		var got []string
		for r := range set.Versions {
			got = append(got, fmt.Sprintf("%s@%d", r.Design, r.N))
		}
		sort.Strings(got)
		t.Errorf("versions read: %v, want %d (none for pub@9, a missing or a deleted design)", got, len(wantVersions))
	}
	for r, w := range wantVersions {
		v := set.Versions[r]
		if v == nil {
			t.Errorf("version %s@%d not read", r.Design, r.N)
			continue
		}
		one, err := f.store.DesignVersion(f.ctx, r.Design, w.n)
		ok(t, "design version", err)
		if v.DesignID != r.Design || v.N != w.n || v.Visibility != w.vis || v.AuthorID != one.AuthorID ||
			!v.CreatedAt.Equal(one.CreatedAt) || len(v.Document) == 0 || !bytes.Equal(v.Document, one.Document) {
			t.Errorf("version %s@%d: %s@%d %s author %d at %v, %d document bytes; DesignVersion reads %s@%d %s author %d at %v, %d bytes",
				r.Design, r.N, v.DesignID, v.N, v.Visibility, v.AuthorID, v.CreatedAt, len(v.Document),
				one.DesignID, one.N, one.Visibility, one.AuthorID, one.CreatedAt, len(one.Document))
		}
	}

	for _, empty := range [][]library.VersionRef{nil, {}} {
		set, err := f.store.DesignVersions(f.ctx, empty)
		ok(t, "no refs", err)
		if set == nil || set.Designs == nil || set.Versions == nil || len(set.Designs)+len(set.Versions) != 0 {
			t.Errorf("no refs read %+v, want two empty maps", set)
		}
	}

	// The bound: MaxVersionRefs refs are read, one more is refused.
	many := make([]library.VersionRef, library.MaxVersionRefs+1)
	for i := range many {
		many[i] = ref(f.pub, i+1)
	}
	set, err = f.store.DesignVersions(f.ctx, many[:library.MaxVersionRefs])
	ok(t, "MaxVersionRefs refs", err)
	if len(set.Versions) != 2 || set.Versions[ref(f.pub, 2)] == nil {
		t.Errorf("MaxVersionRefs refs read %d versions, want pub's 2", len(set.Versions))
	}
	_, err = f.store.DesignVersions(f.ctx, many)
	wantCode(t, "MaxVersionRefs+1 refs", err, library.EInvalid)
	if want := fmt.Sprintf("asks for %d design versions; one read may ask for at most %d", len(many), library.MaxVersionRefs); !strings.Contains(fmt.Sprint(err), want) {
		t.Errorf("over the bound: %v, want it to say %q", err, want)
	}
	_, err = f.store.DesignVersions(f.ctx, []library.VersionRef{ref(f.pub, 1), ref(f.pub, -1)})
	wantCode(t, "a negative version", err, library.EInvalid)
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// testFleetReferences: a fleet's references resolve with the reader's
// rights, read together, exactly as reading each version through
// Service.Version would: a design the reader may not read, a version
// saved while private (not the reader's), a deleted design, a missing
// design or version is F-REF-01; unversioned ships are pinned to the
// latest version; ships of an older version than one the reader may read
// are offered the newer one; a published fleet fields public and
// unlisted designs only.
func testFleetReferences(t *testing.T, open Opener) {
	f := newVersionsFixture(t, open)
	type shipRef struct {
		design string
		n      int
	}
	ships := []shipRef{{f.pub, 1}, {f.pub, 0}, {f.draft, 1}, {f.draft, 2}, {f.mine, 1}, {"nosuchdesign", 1},
		{f.gone, 1}, {f.pub, 9}, {f.pub, 1}, {f.secret, 1}, {f.secret, 0}, {f.draft, 0}}
	doc := func() *fleet.Fleet {
		fl := &fleet.Fleet{Schema: 1, Ruleset: "metaverse", RulesVersion: 1, Name: "References", Limit: fleet.Limit{CV: 1 << 30}}
		for i, s := range ships {
			fl.Ships = append(fl.Ships, fleet.Ship{ID: fmt.Sprintf("s%d", i), Design: s.design, Version: s.n})
		}
		return fl
	}
	for _, c := range []struct {
		name string
		u    *library.User
		// unresolved lists the ships that are F-REF-01; pinned the
		// version each unversioned ship gets; updates the ships offered
		// a newer version.
		unresolved []int
		pinned     map[int]int
		updates    []string
	}{
		{"owner of pub, draft and secret", f.alice, []int{4, 5, 6, 7}, map[int]int{1: 2, 10: 1, 11: 2},
			[]string{"s0:1->2", "s2:1->2", "s8:1->2"}},
		{"bob", f.bob, []int{2, 5, 6, 7, 9, 10}, map[int]int{1: 2, 10: 0, 11: 2},
			[]string{"s0:1->2", "s2:1->2", "s8:1->2"}},
		{"anonymous", nil, []int{2, 4, 5, 6, 7, 9, 10}, map[int]int{1: 2, 10: 0, 11: 2},
			[]string{"s0:1->2", "s2:1->2", "s8:1->2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			fl := doc()
			r, ups, err := f.svc.EvaluateFleet(f.ctx, c.u, fl)
			ok(t, "evaluate", err)
			var got []int
			for i := range ships {
				if hasProblem(r, fleet.RuleResolve, fmt.Sprintf("ships[%d].design", i)) {
					got = append(got, i)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(c.unresolved) {
				t.Errorf("F-REF-01 on ships %v, want %v", got, c.unresolved)
			}
			// The same answer as reading each version on its own.
			for i, s := range ships {
				_, _, err := f.svc.Version(f.ctx, c.u, s.design, s.n)
				if res := !hasProblem(r, fleet.RuleResolve, fmt.Sprintf("ships[%d].design", i)); res != (err == nil) {
					t.Errorf("ship %d (%s@%d) resolves %v, but Service.Version answers %v", i, s.design, s.n, res, err)
				}
			}
			for i, want := range c.pinned {
				if fl.Ships[i].Version != want {
					t.Errorf("ship %d pinned to version %d, want %d", i, fl.Ships[i].Version, want)
				}
			}
			var gotUps []string
			for _, u := range ups {
				gotUps = append(gotUps, fmt.Sprintf("%s:%d->%d", u.Ship, u.Version, u.Latest))
			}
			if fmt.Sprint(gotUps) != fmt.Sprint(c.updates) {
				t.Errorf("updates %v, want %v", gotUps, c.updates)
			}
		})
	}

	// A published fleet fields public and unlisted designs only, even its
	// owner's own private ones.
	one := func(id string, n int) *fleet.Fleet {
		fl := &fleet.Fleet{Schema: 1, Ruleset: "metaverse", RulesVersion: 1, Name: "One", Limit: fleet.Limit{CV: 1 << 30}}
		fl.Ships = []fleet.Ship{{ID: "a", Design: id, Version: n}}
		return fl
	}
	_, err := f.svc.CreateFleet(f.ctx, f.bob, one(f.mine, 1), library.Public)
	wantCode(t, "a public fleet of a private design", err, library.EIllegal)
	_, err = f.svc.CreateFleet(f.ctx, f.alice, one(f.draft, 1), library.Unlisted)
	wantCode(t, "an unlisted fleet of a version saved while private", err, library.EIllegal)
	v, err := f.svc.CreateFleet(f.ctx, f.bob, one(f.pub, 0), library.Public)
	ok(t, "a public fleet of a public design", err)
	if v.Document.Ships[0].Version != 2 || !v.Result.Legal {
		t.Errorf("public fleet: ship at version %d, legal %v: %v", v.Document.Ships[0].Version, v.Result.Legal, v.Result.Problems)
	}
	// A fleet of more distinct references than one store read may ask
	// for (only a fleet over the ship limit has them) is read in several:
	// its last ship, unversioned, is pinned from the second read.
	big := &fleet.Fleet{Schema: 1, Ruleset: "metaverse", RulesVersion: 1, Name: "Big", Limit: fleet.Limit{CV: 1 << 30}}
	for i := range library.MaxVersionRefs {
		big.Ships = append(big.Ships, fleet.Ship{ID: fmt.Sprintf("b%d", i), Design: f.pub, Version: i + 2})
	}
	big.Ships = append(big.Ships, fleet.Ship{ID: "last", Design: f.pub})
	r, _, err := f.svc.EvaluateFleet(f.ctx, f.alice, big)
	ok(t, "evaluate a fleet over the ship limit", err)
	if last := big.Ships[len(big.Ships)-1]; last.Version != 2 {
		t.Errorf("the last ship of %d is pinned to version %d, want 2", len(big.Ships), last.Version)
	}
	if hasProblem(r, fleet.RuleResolve, "ships[0].design") || !hasProblem(r, fleet.RuleResolve, "ships[1].design") ||
		!hasProblem(r, fleet.RuleDocument, "ships") {
		t.Errorf("over the ship limit: ships[0] (version 2) must resolve, ships[1] (version 3) not, and F-DOC-01 must say the fleet is too big: %v", r.Problems[:min(len(r.Problems), 5)])
	}
}

func hasProblem(r *fleet.Result, rule, path string) bool {
	for _, p := range r.Problems {
		if p.Rule == rule && p.Path == path {
			return true
		}
	}
	return false
}
