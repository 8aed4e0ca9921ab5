package storetest

import (
	"fmt"
	"sort"
	"sync"
	"testing"

	"github.com/slipway/slipway/library"
)

// testDesignLifecycle: create, read by whom, update and delete with
// preconditions, versions.
func testDesignLifecycle(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	bob, _ := f.user("bob22")
	d := f.create(alice, ship(t, "Iron Duke", "A slow brawler.", []string{"line", "heavy"}, "Outer Rim"), library.Private)
	if d.Version != 1 || d.OwnerID != alice.ID || d.OwnerName != "alice1" || d.Visibility != library.Private ||
		d.Name != "Iron Duke" || d.Description != "A slow brawler." || len(d.Tags) != 2 || d.Tags[1] != "heavy" ||
		d.Universe != "Outer Rim" || d.Ruleset != "metaverse" || d.RulesVersion != 1 || d.Seq == 0 ||
		d.CreatedAt.IsZero() || d.UpdatedAt.IsZero() || d.Deleted {
		t.Fatalf("created design %+v", d)
	}
	ev := d.Latest.Evaluation
	if ev.ModelVersion != f.model.Version() || ev.CV <= 0 || ev.Points <= 0 || ev.Tier < 1 || !ev.Legal || ev.Hull == "" || ev.Movement == "" {
		t.Fatalf("stored evaluation %+v", ev)
	}
	if len(d.Latest.Document) == 0 || len(d.Latest.Result) == 0 || len(d.Latest.Problems) == 0 || d.Latest.N != 1 {
		t.Fatalf("latest version without its documents: %+v", d.Latest)
	}
	back, err := library.DecodeVersion(&d.Latest)
	ok(t, "decode stored version", err)
	if back.Name != "Iron Duke" {
		t.Fatalf("stored document name %q", back.Name)
	}
	// Who may read a private design.
	_, err = f.svc.Design(f.ctx, bob, d.ID)
	wantCode(t, "bob reads alice's private design", err, library.ENotFound)
	_, err = f.svc.Design(f.ctx, nil, d.ID)
	wantCode(t, "anonymous read of a private design", err, library.ENotFound)
	_, err = f.svc.Design(f.ctx, nil, "nosuchdesign")
	wantCode(t, "missing design", err, library.ENotFound)

	// Preconditions.
	_, err = f.svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{}, ship(t, "Iron Duke", "", nil, ""), "")
	wantCode(t, "update without If-Match", err, library.EPrecondition)
	v2, err := f.svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Versions: []int{1}}, ship(t, "Iron Duke II", "Refit.", nil, ""), library.Unlisted)
	ok(t, "update at v1", err)
	if v2.Version != 2 || v2.Name != "Iron Duke II" || v2.Visibility != library.Unlisted || v2.Latest.N != 2 || v2.Seq != d.Seq || v2.ID != d.ID {
		t.Fatalf("after update: %+v", v2)
	}
	_, err = f.svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Versions: []int{1}}, ship(t, "Lost", "", nil, ""), "")
	wantCode(t, "stale update", err, library.EStale)
	_, err = f.svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Versions: []int{}}, ship(t, "Lost", "", nil, ""), "")
	wantCode(t, "update matching nothing", err, library.EStale)
	v3, err := f.svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Versions: []int{7, 2}}, ship(t, "Iron Duke III", "", nil, ""), "")
	ok(t, "update with a list", err)
	if v3.Version != 3 || v3.Visibility != library.Unlisted {
		t.Fatalf("visibility not kept or version wrong: %+v", v3)
	}
	// Others: unlisted is readable, not writable.
	if _, err := f.svc.Design(f.ctx, bob, d.ID); err != nil {
		t.Fatalf("bob reads an unlisted design: %v", err)
	}
	_, err = f.svc.UpdateDesign(f.ctx, bob, d.ID, library.Precondition{Any: true}, ship(t, "Mine", "", nil, ""), "")
	wantCode(t, "bob updates alice's design", err, library.EForbidden)
	wantCode(t, "bob deletes alice's design", f.svc.DeleteDesign(f.ctx, bob, d.ID, library.Precondition{Any: true}), library.EForbidden)
	_, err = f.svc.UpdateDesign(f.ctx, nil, d.ID, library.Precondition{Any: true}, ship(t, "Mine", "", nil, ""), "")
	wantCode(t, "anonymous update", err, library.EUnauthorized)
	// An illegal design cannot be published but saves as a private draft.
	bad := ship(t, "Broken", "", nil, "")
	bad.TechLevel = 99
	_, err = f.svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Any: true}, bad, library.Public)
	wantCode(t, "publish an illegal design", err, library.EIllegal)
	if cur, _ := f.svc.Design(f.ctx, alice, d.ID); cur.Version != 3 {
		t.Fatalf("a refused update wrote version %d", cur.Version)
	}
	draft, err := f.svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Any: true}, bad, library.Private)
	ok(t, "save an illegal private draft", err)
	if draft.Version != 4 || draft.Latest.Evaluation.Legal {
		t.Fatalf("draft %+v", draft.Latest.Evaluation)
	}

	vs, err := f.store.Versions(f.ctx, d.ID)
	ok(t, "versions", err)
	if len(vs) != 4 {
		t.Fatalf("%d versions, want 4", len(vs))
	}
	for i, v := range vs {
		if v.N != i+1 || v.DesignID != d.ID || v.AuthorID != alice.ID || v.CreatedAt.IsZero() || v.Evaluation.ModelVersion == "" {
			t.Fatalf("version %d: %+v", i+1, v)
		}
	}
	old, err := f.store.DesignVersion(f.ctx, d.ID, 1)
	ok(t, "version 1", err)
	if dd, err := library.DecodeVersion(old); err != nil || dd.Name != "Iron Duke" || old.Visibility != library.Private {
		t.Fatalf("version 1: %v %v %+v", dd, err, old.Visibility)
	}
	_, err = f.store.DesignVersion(f.ctx, d.ID, 9)
	wantIs(t, "missing version", err, library.ErrNotFound)

	// Delete: stale, then current.
	wantCode(t, "stale delete", f.svc.DeleteDesign(f.ctx, alice, d.ID, library.Precondition{Versions: []int{3}}), library.EStale)
	wantCode(t, "delete without If-Match", f.svc.DeleteDesign(f.ctx, alice, d.ID, library.Precondition{}), library.EPrecondition)
	ok(t, "delete", f.svc.DeleteDesign(f.ctx, alice, d.ID, library.Precondition{Versions: []int{4}}))
	_, err = f.svc.Design(f.ctx, alice, d.ID)
	wantCode(t, "read a deleted design", err, library.ENotFound)
	_, err = f.store.Versions(f.ctx, d.ID)
	wantIs(t, "versions of a deleted design", err, library.ErrNotFound)
	_, err = f.store.DesignVersion(f.ctx, d.ID, 1)
	wantIs(t, "version of a deleted design", err, library.ErrNotFound)
	wantCode(t, "delete twice", f.svc.DeleteDesign(f.ctx, alice, d.ID, library.Precondition{Any: true}), library.ENotFound)
	_, err = f.svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Any: true}, ship(t, "Ghost", "", nil, ""), "")
	wantCode(t, "update a deleted design", err, library.ENotFound)

	// Compare reads two versions.
	e := f.create(alice, ship(t, "Comparable", "", nil, ""), library.Public)
	two := ship(t, "Comparable", "", nil, "")
	two.TechLevel--
	_, err = f.svc.UpdateDesign(f.ctx, alice, e.ID, library.Precondition{Any: true}, two, "")
	ok(t, "second version", err)
	if _, err := f.svc.CompareVersions(f.ctx, bob, e.ID, 1, 2); err != nil {
		t.Fatalf("compare versions: %v", err)
	}
}

// testConcurrentAny: 20 concurrent updates with If-Match: * all succeed,
// each as its own version.
func testConcurrentAny(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	d := f.create(alice, ship(t, "Busy", "", nil, ""), library.Public)
	const n = 20
	var wg sync.WaitGroup
	errs := make([]error, n)
	got := make([]int, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			nd, err := f.svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Any: true}, ship(t, "Busy", "", nil, ""), "")
			errs[i] = err
			if err == nil {
				got[i] = nd.Version
			}
		}(i)
	}
	wg.Wait()
	for i, err := range errs {
		ok(t, "concurrent update", err)
		_ = i
	}
	vs, err := f.store.Versions(f.ctx, d.ID)
	ok(t, "versions", err)
	if len(vs) != n+1 {
		t.Fatalf("%d versions after %d concurrent updates, want %d", len(vs), n, n+1)
	}
	for i, v := range vs {
		if v.N != i+1 {
			t.Fatalf("version numbers %v", vs)
		}
	}
	cur, err := f.svc.Design(f.ctx, alice, d.ID)
	ok(t, "design", err)
	if cur.Version != n+1 {
		t.Fatalf("design at version %d, want %d", cur.Version, n+1)
	}
	sort.Ints(got)
	for i, v := range got {
		if v != i+2 {
			t.Fatalf("the updates answered versions %v; each must answer the version it wrote (2 to %d, once each)", got, n+1)
		}
	}
	use, err := f.store.Usage(f.ctx, alice.ID)
	ok(t, "usage", err)
	if use.Designs != 1 || use.Versions != n+1 {
		t.Fatalf("usage %+v", use)
	}
}

// testConcurrentForks: forks made at once are all counted.
func testConcurrentForks(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	src := f.create(alice, ship(t, "Popular", "", nil, ""), library.Public)
	const n = 12
	users := make([]*library.User, n)
	for i := range users {
		users[i], _ = f.user(fmt.Sprintf("forker%02d", i))
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range users {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			vis := library.Public
			if i%3 == 0 {
				vis = library.Private
			}
			_, errs[i] = f.svc.Fork(f.ctx, users[i], src.ID, library.ForkRequest{Visibility: vis})
		}(i)
	}
	wg.Wait()
	for _, err := range errs {
		ok(t, "concurrent fork", err)
	}
	d, err := f.svc.Design(f.ctx, nil, src.ID)
	ok(t, "design", err)
	if d.Forks != n-n/3 {
		t.Fatalf("%d public forks made at once, %d counted", n-n/3, d.Forks)
	}
}

// testVersionVisibility: versions saved while private stay private after
// the design is published.
func testVersionVisibility(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	bob, _ := f.user("bob22")
	d := f.create(alice, ship(t, "Draft", "", nil, ""), library.Private)
	_, err := f.svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Any: true}, ship(t, "Draft two", "", nil, ""), "")
	ok(t, "private v2", err)
	_, err = f.svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Any: true}, ship(t, "Published", "", nil, ""), library.Public)
	ok(t, "public v3", err)
	_, err = f.svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Any: true}, ship(t, "Unlisted now", "", nil, ""), library.Unlisted)
	ok(t, "unlisted v4", err)
	for _, c := range []struct {
		who  *library.User
		want []int
	}{{alice, []int{1, 2, 3, 4}}, {bob, []int{3, 4}}, {nil, []int{3, 4}}} {
		_, vs, err := f.svc.Versions(f.ctx, c.who, d.ID)
		ok(t, "versions", err)
		var got []int
		for _, v := range vs {
			got = append(got, v.N)
		}
		if len(got) != len(c.want) {
			t.Fatalf("versions seen: %v, want %v", got, c.want)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Fatalf("versions seen: %v, want %v", got, c.want)
			}
		}
	}
	_, _, err = f.svc.Version(f.ctx, bob, d.ID, 1)
	wantCode(t, "bob reads a private version", err, library.ENotFound)
	_, v, err := f.svc.Version(f.ctx, bob, d.ID, 3)
	ok(t, "bob reads a public version", err)
	if v.Visibility != library.Public || v.N != 3 {
		t.Fatalf("version 3: %+v", v)
	}
	_, v, err = f.svc.Version(f.ctx, alice, d.ID, 2)
	ok(t, "owner reads a private version", err)
	if v.Visibility != library.Private || len(v.Document) == 0 {
		t.Fatalf("version 2: %+v", v)
	}
	_, err = f.svc.Fork(f.ctx, bob, d.ID, library.ForkRequest{Version: 1})
	wantCode(t, "fork a private version", err, library.ENotFound)
}

// testForksAndLineage: fork counts count what the caller may see; a fork
// records its parent and survives the parent's deletion.
func testForksAndLineage(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	bob, _ := f.user("bob22")
	carol, _ := f.user("carol3")
	src := f.create(alice, ship(t, "Origin", "", nil, ""), library.Public)
	_, err := f.svc.UpdateDesign(f.ctx, alice, src.ID, library.Precondition{Any: true}, ship(t, "Origin", "v2", nil, ""), "")
	ok(t, "v2", err)
	priv := f.create(alice, ship(t, "Secret", "", nil, ""), library.Private)
	_, err = f.svc.Fork(f.ctx, bob, priv.ID, library.ForkRequest{})
	wantCode(t, "fork another's private design", err, library.ENotFound)
	_, err = f.svc.Fork(f.ctx, nil, src.ID, library.ForkRequest{})
	wantCode(t, "anonymous fork", err, library.EUnauthorized)

	bf, err := f.svc.Fork(f.ctx, bob, src.ID, library.ForkRequest{Version: 1})
	ok(t, "bob forks v1 privately", err)
	if bf.ParentID != src.ID || bf.ParentVersion != 1 || bf.Visibility != library.Private || bf.OwnerID != bob.ID || bf.Version != 1 || bf.Name != "Origin" {
		t.Fatalf("fork %+v", bf)
	}
	cf, err := f.svc.Fork(f.ctx, carol, src.ID, library.ForkRequest{Visibility: library.Public, Name: "Carol's Origin"})
	ok(t, "carol forks publicly", err)
	if cf.ParentVersion != 2 || cf.Name != "Carol's Origin" {
		t.Fatalf("carol's fork %+v", cf)
	}
	_, err = f.svc.Fork(f.ctx, carol, src.ID, library.ForkRequest{Visibility: library.Unlisted})
	ok(t, "carol forks unlisted", err)
	for _, c := range []struct {
		who  *library.User
		name string
		want int
	}{{nil, "anonymous", 1}, {alice, "alice", 1}, {bob, "bob", 2}, {carol, "carol", 2}} {
		d, err := f.svc.Design(f.ctx, c.who, src.ID)
		ok(t, "design", err)
		if d.Forks != c.want {
			t.Errorf("%s sees %d forks, want %d", c.name, d.Forks, c.want)
		}
		l, err := f.svc.Lineage(f.ctx, c.who, src.ID)
		ok(t, "lineage", err)
		if l.ForkCount != c.want || len(l.Forks) != c.want {
			t.Errorf("%s: lineage counts %d forks, lists %d, want %d", c.name, l.ForkCount, len(l.Forks), c.want)
		}
	}
	// The store's count, everyone's view, follows visibility changes.
	_, err = f.svc.UpdateDesign(f.ctx, bob, bf.ID, library.Precondition{Any: true}, ship(t, "Bob's Origin", "", nil, ""), library.Public)
	ok(t, "bob publishes his fork", err)
	if d, _ := f.svc.Design(f.ctx, nil, src.ID); d.Forks != 2 {
		t.Fatalf("forks after publishing a fork: %d, want 2", d.Forks)
	}
	page, err := f.svc.Library(f.ctx, library.LibraryQuery{Q: "origin"})
	ok(t, "library", err)
	for _, d := range page.Designs {
		if d.ID == src.ID && d.Forks != 2 {
			t.Fatalf("library shows %d forks, want 2", d.Forks)
		}
	}
	l, err := f.svc.Lineage(f.ctx, nil, cf.ID)
	ok(t, "lineage of a fork", err)
	if len(l.Ancestors) != 1 || l.Ancestors[0].ID != src.ID || !l.Ancestors[0].Available || l.Ancestors[0].Owner != "alice1" || l.Ancestors[0].Version != 2 {
		t.Fatalf("ancestors %+v", l.Ancestors)
	}
	forks, n, err := f.store.Forks(f.ctx, src.ID, 0, 1)
	ok(t, "store forks", err)
	if n != 2 || len(forks) != 1 || forks[0].ID != bf.ID {
		t.Fatalf("store forks limited to 1: %v of %d", ids(forks), n)
	}
	// Deleting the parent leaves the fork and its record of the parent.
	ok(t, "delete parent", f.svc.DeleteDesign(f.ctx, alice, src.ID, library.Precondition{Any: true}))
	got, err := f.svc.Design(f.ctx, nil, cf.ID)
	ok(t, "fork after parent deletion", err)
	if got.ParentID != src.ID || got.ParentVersion != 2 || got.ParentHidden {
		t.Fatalf("fork after parent deletion: %+v", got)
	}
	l, err = f.svc.Lineage(f.ctx, nil, cf.ID)
	ok(t, "lineage after parent deletion", err)
	if len(l.Ancestors) != 1 || l.Ancestors[0].ID != src.ID || l.Ancestors[0].Available {
		t.Fatalf("ancestors after parent deletion %+v", l.Ancestors)
	}
	// Deleting a fork updates the parent's count.
	other := f.create(alice, ship(t, "Second origin", "", nil, ""), library.Public)
	of, err := f.svc.Fork(f.ctx, bob, other.ID, library.ForkRequest{Visibility: library.Public})
	ok(t, "fork", err)
	if d, _ := f.svc.Design(f.ctx, nil, other.ID); d.Forks != 1 {
		t.Fatalf("forks %d, want 1", d.Forks)
	}
	ok(t, "delete fork", f.svc.DeleteDesign(f.ctx, bob, of.ID, library.Precondition{Any: true}))
	if d, _ := f.svc.Design(f.ctx, nil, other.ID); d.Forks != 0 {
		t.Fatalf("forks after deleting the fork: %d, want 0", d.Forks)
	}
}

// testHiddenAncestors: a public fork of an unlisted design names its
// parent only as "not public" to those who may not know it.
func testHiddenAncestors(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	bob, _ := f.user("bob22")
	carol, _ := f.user("carol3")
	dave, _ := f.user("dave44")
	a := f.create(alice, ship(t, "Root", "", nil, ""), library.Public)
	b, err := f.svc.Fork(f.ctx, bob, a.ID, library.ForkRequest{Visibility: library.Unlisted, Name: "Middle"})
	ok(t, "unlisted fork", err)
	c, err := f.svc.Fork(f.ctx, carol, b.ID, library.ForkRequest{Visibility: library.Public, Name: "Leaf"})
	ok(t, "public fork of the unlisted design", err)
	for _, who := range []*library.User{nil, dave, carol} {
		d, err := f.svc.Design(f.ctx, who, c.ID)
		ok(t, "design", err)
		if d.ParentID != "" || d.ParentVersion != 0 || !d.ParentHidden {
			t.Fatalf("leaf names its unlisted parent: %+v", d)
		}
		l, err := f.svc.Lineage(f.ctx, who, c.ID)
		ok(t, "lineage", err)
		if len(l.Ancestors) != 1 || !l.Ancestors[0].NotPublic || l.Ancestors[0].ID != "" || l.Ancestors[0].Name != "" || l.Ancestors[0].Owner != "" {
			t.Fatalf("lineage names a non-public ancestor: %+v", l.Ancestors)
		}
		page, err := f.svc.Library(f.ctx, library.LibraryQuery{Q: "leaf"})
		ok(t, "library", err)
		if len(page.Designs) != 1 || page.Designs[0].ParentID != "" || !page.Designs[0].ParentHidden {
			t.Fatalf("library names a non-public parent: %+v", page.Designs)
		}
	}
	// Bob, who owns the middle, sees the whole line.
	l, err := f.svc.Lineage(f.ctx, bob, c.ID)
	ok(t, "owner's lineage", err)
	if len(l.Ancestors) != 2 || l.Ancestors[0].ID != b.ID || l.Ancestors[1].ID != a.ID || !l.Ancestors[1].Available {
		t.Fatalf("owner's lineage %+v", l.Ancestors)
	}
	// The unlisted middle is not among Root's listed forks to others.
	l, err = f.svc.Lineage(f.ctx, dave, a.ID)
	ok(t, "root's lineage", err)
	if l.ForkCount != 0 || len(l.Forks) != 0 {
		t.Fatalf("root lists an unlisted fork to a stranger: %+v", l)
	}
	l, err = f.svc.Lineage(f.ctx, bob, a.ID)
	ok(t, "root's lineage for bob", err)
	if l.ForkCount != 1 || l.Forks[0].ID != b.ID {
		t.Fatalf("root's lineage for the fork's owner: %+v", l)
	}
}

// testMyDesigns: a user's live designs, newest first, and only theirs.
func testMyDesigns(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	bob, _ := f.user("bob22")
	var want []string
	for _, n := range []string{"One", "Two", "Three"} {
		want = append([]string{f.create(alice, ship(t, n, "", nil, ""), library.Private).ID}, want...)
	}
	f.create(bob, ship(t, "Bob's", "", nil, ""), library.Public)
	gone := f.create(alice, ship(t, "Gone", "", nil, ""), library.Public)
	ok(t, "delete", f.svc.DeleteDesign(f.ctx, alice, gone.ID, library.Precondition{Any: true}))
	mine, err := f.svc.MyDesigns(f.ctx, alice)
	ok(t, "my designs", err)
	got := ids(mine)
	if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("my designs %s, want newest first %v", describe(mine), want)
	}
	_, err = f.svc.MyDesigns(f.ctx, nil)
	wantCode(t, "anonymous list", err, library.EUnauthorized)
}
