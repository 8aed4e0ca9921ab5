package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
)

// testQuotas: the store's usage figures drive the account quotas.
func testQuotas(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	bob, _ := f.user("bob22")
	one := f.create(alice, ship(t, "One", "", nil, ""), library.Private)
	use, err := f.store.Usage(f.ctx, alice.ID)
	ok(t, "usage", err)
	if use.Designs != 1 || use.Versions != 1 || use.Bytes != int64(one.Latest.Bytes()) || use.Bytes == 0 {
		t.Fatalf("usage %+v, version bytes %d", use, one.Latest.Bytes())
	}
	_, err = f.svc.UpdateDesign(f.ctx, alice, one.ID, library.Precondition{Any: true}, ship(t, "One", "two", nil, ""), "")
	ok(t, "update", err)
	two := f.create(alice, ship(t, "Two", "", nil, ""), library.Public)
	use, err = f.store.Usage(f.ctx, alice.ID)
	ok(t, "usage", err)
	if use.Designs != 2 || use.Versions != 3 {
		t.Fatalf("usage %+v, want 2 designs and 3 versions", use)
	}
	// Deleted designs no longer count.
	ok(t, "delete", f.svc.DeleteDesign(f.ctx, alice, two.ID, library.Precondition{Any: true}))
	use, _ = f.store.Usage(f.ctx, alice.ID)
	if use.Designs != 1 || use.Versions != 2 {
		t.Fatalf("usage after delete %+v", use)
	}
	if u, _ := f.store.Usage(f.ctx, bob.ID); u != (library.Usage{}) {
		t.Fatalf("bob's usage %+v", u)
	}
	// Quotas from those figures.
	l := generous()
	l.MaxDesigns, l.MaxVersions = 2, 4
	svc := f.service(l, f.model, nil)
	_, err = svc.CreateDesign(f.ctx, alice, ship(t, "Three", "", nil, ""), library.Private)
	ok(t, "second design within quota", err)
	_, err = svc.CreateDesign(f.ctx, alice, ship(t, "Four", "", nil, ""), library.Private)
	wantCode(t, "design over quota", err, library.EQuota)
	_, err = svc.UpdateDesign(f.ctx, alice, one.ID, library.Precondition{Any: true}, ship(t, "One", "three", nil, ""), "")
	ok(t, "fourth version", err)
	_, err = svc.UpdateDesign(f.ctx, alice, one.ID, library.Precondition{Any: true}, ship(t, "One", "four", nil, ""), "")
	wantCode(t, "version over quota", err, library.EQuota)
	use, err = f.store.Usage(f.ctx, alice.ID)
	ok(t, "usage", err)
	l = generous()
	l.MaxBytes = use.Bytes + 100
	svc = f.service(l, f.model, nil)
	_, err = svc.CreateDesign(f.ctx, alice, ship(t, "Big", "", nil, ""), library.Private)
	wantCode(t, "bytes over quota", err, library.EQuota)
	_, err = svc.CreateDesign(f.ctx, bob, ship(t, "Bob's", "", nil, ""), library.Private)
	ok(t, "another account is not affected", err)
}

// testImport: an import stores every good item in one go and reports the
// others.
func testImport(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	good, _ := json.Marshal(ship(t, "Imported", "", nil, ""))
	bad := ship(t, "Illegal", "", nil, "")
	bad.TechLevel = 99
	badB, _ := json.Marshal(bad)
	rep, err := f.svc.Import(f.ctx, alice, []json.RawMessage{good, []byte(`{"name":`), badB, good},
		library.ImportOptions{Visibility: library.Public, Drafts: true})
	ok(t, "import", err)
	if rep.Created != 2 || rep.Drafts != 1 || rep.Rejected != 1 {
		t.Fatalf("import report %+v", rep)
	}
	mine, err := f.svc.MyDesigns(f.ctx, alice)
	ok(t, "my designs", err)
	if len(mine) != 3 {
		t.Fatalf("import stored %d designs, want 3", len(mine))
	}
	if got := f.all(library.LibraryQuery{Q: "imported"}); len(got) != 2 {
		t.Fatalf("imported public designs listed: %s", describe(got))
	}
}

// olderModel stands for an earlier costing model: the current numbers
// shifted, under another version name.
type olderModel struct{ *costing.Model }

const olderVersion = "storetest-older/0"

func (o olderModel) Version() string { return olderVersion }

func (o olderModel) Evaluate(d *designer.Design, opt costing.Options) *costing.Result {
	r := o.Model.Evaluate(d, opt)
	r.ModelVersion = olderVersion
	r.CV += 7
	r.Points += 5
	return r
}

// testRecompute: every live design stored under an older model gets its
// summary re-evaluated once, the library lists, filters and sorts by the
// new numbers, a second run finds nothing, and every version read through
// the Service (latest or older, full or listed) is exactly what a save
// under the new model stores, although the stored results were not
// rewritten.
func testRecompute(t *testing.T, open Opener) {
	f := newFixture(t, open)
	old := f.service(generous(), olderModel{f.model}, nil)
	alice, _ := f.user("alice1")
	var made []*library.Design
	for i := 0; i < 5; i++ {
		d, err := old.CreateDesign(f.ctx, alice, ship(t, fmt.Sprintf("Old %d", i), "", nil, ""), library.Public)
		ok(t, "create under the older model", err)
		made = append(made, d)
	}
	_, err := old.UpdateDesign(f.ctx, alice, made[0].ID, library.Precondition{Any: true}, ship(t, "Old 0", "v2", nil, ""), "")
	ok(t, "update under the older model", err)
	gone, err := old.CreateDesign(f.ctx, alice, ship(t, "Old gone", "", nil, ""), library.Public)
	ok(t, "create", err)
	ok(t, "delete", old.DeleteDesign(f.ctx, alice, gone.ID, library.Precondition{Any: true}))
	if d, _ := f.store.Design(f.ctx, made[1].ID); d.Latest.Evaluation.ModelVersion != olderVersion || d.Latest.ResultModel != olderVersion {
		t.Fatalf("stored under %q, result under %q", d.Latest.Evaluation.ModelVersion, d.Latest.ResultModel)
	}
	rep, err := f.svc.RecomputeWith(f.ctx, library.RecomputeOptions{Batch: 2, Workers: 3})
	ok(t, "recompute", err)
	if rep.Model != f.model.Version() || rep.Designs != 5 || len(rep.Changes) != 5 {
		t.Fatalf("recomputed %d designs (%d listed) under %s, want 5 under %s", rep.Designs, len(rep.Changes), rep.Model, f.model.Version())
	}
	for i, c := range rep.Changes {
		if c.OldModel != olderVersion || c.NewModel != f.model.Version() || c.OldCV != c.NewCV+7 || c.OldPoints != c.NewPoints+5 {
			t.Fatalf("change %+v", c)
		}
		if c.DesignID != made[i].ID {
			t.Fatalf("change %d is of %s, want %s (row order)", i, c.DesignID, made[i].ID)
		}
	}
	for _, d := range f.all(library.LibraryQuery{Sort: "cv"}) {
		e := d.Latest.Evaluation
		if e.ModelVersion != f.model.Version() {
			t.Fatalf("%s listed under model %s", d.Name, e.ModelVersion)
		}
	}
	// What a save under the new model stores, byte for byte.
	doc := ship(t, "Old 1", "", nil, "")
	want := f.model.Evaluate(doc, costing.Options{})
	wantResult, _ := json.Marshal(want)
	wantProblems, _ := json.Marshal(want.Problems)
	d, err := f.svc.Design(f.ctx, nil, made[1].ID)
	ok(t, "design", err)
	if d.Latest.Evaluation.CV != float64(want.CV) || d.Latest.Evaluation.Points != float64(want.Points) ||
		d.Latest.Evaluation.ModelVersion != f.model.Version() {
		t.Fatalf("after recompute: %+v, want CV %d points %d", d.Latest.Evaluation, want.CV, want.Points)
	}
	if string(d.Latest.Result) != string(wantResult) || string(d.Latest.Problems) != string(wantProblems) {
		t.Fatalf("read result is not what a save under the new model stores:\n%.200s\nwant\n%.200s", d.Latest.Result, wantResult)
	}
	// The stored result was left as it was (lazy); the store says so.
	if sd, _ := f.store.Design(f.ctx, made[1].ID); sd.Latest.ResultModel != olderVersion || sd.Latest.Evaluation.ModelVersion != f.model.Version() {
		t.Fatalf("stored: summary under %q, result under %q", sd.Latest.Evaluation.ModelVersion, sd.Latest.ResultModel)
	}
	// Older versions, listed or read in full, come under the new model too.
	_, v1, err := f.svc.Version(f.ctx, alice, made[0].ID, 1)
	ok(t, "old version", err)
	if v1.Evaluation.ModelVersion != f.model.Version() || v1.ResultModel != f.model.Version() {
		t.Fatalf("an older version read under %s", v1.Evaluation.ModelVersion)
	}
	_, vs, err := f.svc.Versions(f.ctx, alice, made[0].ID)
	ok(t, "versions", err)
	for _, v := range vs {
		if v.Evaluation.ModelVersion != f.model.Version() || v.Evaluation.CV != float64(want.CV) || v.Document != nil {
			t.Fatalf("listed version %d: %+v", v.N, v.Evaluation)
		}
	}
	// A design saved under the current model reads back as stored.
	fresh := f.create(alice, ship(t, "Fresh", "", nil, ""), library.Public)
	if sd, _ := f.store.Design(f.ctx, fresh.ID); sd.Latest.ResultModel != f.model.Version() {
		t.Fatalf("a fresh design's result is stored under %q", sd.Latest.ResultModel)
	}
	// The library filters on the new numbers.
	cv := float64(want.CV)
	if got := f.all(library.LibraryQuery{CVMin: &cv, CVMax: &cv}); len(got) != 6 {
		t.Fatalf("filter on the new CV lists %s", describe(got))
	}
	rep, err = f.svc.Recompute(f.ctx)
	ok(t, "recompute again", err)
	if rep.Designs != 0 || len(rep.Changes) != 0 {
		t.Fatalf("second recompute changed %d designs", rep.Designs)
	}
}

// failingSaves is a Store whose SaveRecomputations fails after ok calls,
// as a process killed between two batches would stop.
type failingSaves struct {
	library.Store
	mu sync.Mutex
	ok int
}

func (s *failingSaves) SaveRecomputations(ctx context.Context, rs []library.Recomputation) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ok == 0 {
		return errors.New("stopped")
	}
	s.ok--
	return s.Store.SaveRecomputations(ctx, rs)
}

// testRecomputeResumes: a recomputation that stops midway leaves every
// design with its old or its new summary, never a mix, and the next run
// finishes the job without doing anything twice.
func testRecomputeResumes(t *testing.T, open Opener) {
	f := newFixture(t, open)
	old := f.service(generous(), olderModel{f.model}, nil)
	alice, _ := f.user("alice1")
	var ds []ruleset.Design
	for i := 0; i < 9; i++ {
		ds = append(ds, ship(t, fmt.Sprintf("Resume %d", i), "", nil, ""))
	}
	_, err := old.StoreDesigns(f.ctx, alice, ds, library.Public)
	ok(t, "store under the older model", err)
	stopping := library.New(library.Config{Store: &failingSaves{Store: f.store, ok: 2}, Catalogue: f.cat, Evaluator: f.model})
	rep, err := stopping.RecomputeWith(f.ctx, library.RecomputeOptions{Batch: 2, Workers: 2})
	if err == nil || rep.Designs != 4 {
		t.Fatalf("stopped run: %d designs, err %v; want 4 and an error", rep.Designs, err)
	}
	newModel := 0
	for _, d := range f.all(library.LibraryQuery{Sort: "newest", Desc: false}) {
		e := d.Latest.Evaluation
		switch {
		case e.ModelVersion == f.model.Version():
			newModel++
		case e.ModelVersion != olderVersion:
			t.Fatalf("%s under %q", d.Name, e.ModelVersion)
		}
	}
	if newModel != 4 {
		t.Fatalf("%d designs recomputed by the stopped run, want 4", newModel)
	}
	rep, err = f.svc.Recompute(f.ctx)
	ok(t, "resumed run", err)
	if rep.Designs != 5 {
		t.Fatalf("resumed run recomputed %d designs, want the 5 left", rep.Designs)
	}
	want := f.model.Evaluate(ds[0].(*designer.Design), costing.Options{})
	for _, d := range f.all(library.LibraryQuery{}) {
		if e := d.Latest.Evaluation; e.ModelVersion != f.model.Version() || e.CV != float64(want.CV) {
			t.Fatalf("%s after the resumed run: %+v", d.Name, e)
		}
	}
}

// testPurge: designs deleted longer ago than PurgeAfter go for good; the
// others stay.
func testPurge(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	keep := f.create(alice, ship(t, "Keep", "", nil, ""), library.Public)
	var gone []string
	for i := 0; i < 3; i++ {
		d := f.create(alice, ship(t, fmt.Sprintf("Gone %d", i), "", nil, ""), library.Public)
		_, err := f.svc.UpdateDesign(f.ctx, alice, d.ID, library.Precondition{Any: true}, ship(t, "Gone again", "", nil, ""), "")
		ok(t, "update", err)
		ok(t, "delete", f.svc.DeleteDesign(f.ctx, alice, d.ID, library.Precondition{Any: true}))
		gone = append(gone, d.ID)
	}
	fork, err := f.svc.Fork(f.ctx, alice, keep.ID, library.ForkRequest{Visibility: library.Public})
	ok(t, "fork", err)
	n, err := f.svc.PurgeDeleted(f.ctx)
	ok(t, "purge now", err)
	if n != 0 {
		t.Fatalf("purged %d designs deleted moments ago", n)
	}
	later := f.service(generous(), f.model, func() time.Time { return time.Now().Add(f.svc.Limits().PurgeAfter + time.Hour) })
	n, err = later.PurgeDeleted(f.ctx)
	ok(t, "purge later", err)
	if n != 3 {
		t.Fatalf("purged %d designs, want 3", n)
	}
	n, err = later.PurgeDeleted(f.ctx)
	ok(t, "purge again", err)
	if n != 0 {
		t.Fatalf("second purge removed %d", n)
	}
	for _, id := range gone {
		_, err := f.store.Design(f.ctx, id)
		wantIs(t, "purged design", err, library.ErrNotFound)
	}
	if _, err := f.svc.Design(f.ctx, nil, keep.ID); err != nil {
		t.Fatalf("live design purged: %v", err)
	}
	if _, err := f.svc.Design(f.ctx, nil, fork.ID); err != nil {
		t.Fatalf("fork purged: %v", err)
	}
	// A purged parent's fork names it no more.
	ok(t, "delete parent", f.svc.DeleteDesign(f.ctx, alice, keep.ID, library.Precondition{Any: true}))
	n, err = later.PurgeDeleted(f.ctx)
	ok(t, "purge parent", err)
	if n != 1 {
		t.Fatalf("purged %d, want the parent", n)
	}
	d, err := f.svc.Design(f.ctx, nil, fork.ID)
	ok(t, "fork of a purged parent", err)
	if d.ParentID != "" || !d.ParentHidden {
		t.Fatalf("fork of a purged parent: parent %q hidden %v", d.ParentID, d.ParentHidden)
	}
}

// testStoreErrors: the errors the Store interface promises.
func testStoreErrors(t *testing.T, open Opener) {
	f := newFixture(t, open)
	ctx := f.ctx
	st := f.store
	u, err := st.CreateUser(ctx, library.NewUser{Name: "Erin5", Key: "erin5", Skeleton: "erin5-skel", PasswordHash: "h"})
	ok(t, "create user", err)
	if u.ID == 0 || u.Name != "Erin5" || u.Key != "erin5" || u.Skeleton != "erin5-skel" || u.PasswordHash != "h" {
		t.Fatalf("created user %+v", u)
	}
	_, err = st.CreateUser(ctx, library.NewUser{Name: "ERIN5", Key: "erin5", Skeleton: "other", PasswordHash: "h"})
	wantIs(t, "taken key", err, library.ErrConflict)
	_, err = st.CreateUser(ctx, library.NewUser{Name: "Erin6", Key: "erin6", Skeleton: "erin5-skel", PasswordHash: "h"})
	wantIs(t, "taken skeleton", err, library.ErrConflict)
	got, err := st.UserBySkeleton(ctx, "erin5-skel")
	ok(t, "user by skeleton", err)
	if got.ID != u.ID {
		t.Fatalf("user by skeleton %+v", got)
	}
	for what, err := range map[string]error{
		"user by key":      second(st.UserByKey(ctx, "nobody")),
		"user by skeleton": second(st.UserBySkeleton(ctx, "nobody")),
		"user by id":       second(st.UserByID(ctx, 987654)),
		"session":          second(st.SessionUser(ctx, "nohash", time.Now())),
		"token":            second(st.TokenUser(ctx, "nohash")),
		"design":           second(st.Design(ctx, "nosuch")),
		"versions":         second(st.Versions(ctx, "nosuch")),
		"design version":   second(st.DesignVersion(ctx, "nosuch", 1)),
		"update":           second(st.UpdateDesign(ctx, "nosuch", 0, library.NewDesign{}, library.Version{})),
		"delete":           st.DeleteDesign(ctx, "nosuch", 0),
		"delete token":     st.DeleteToken(ctx, u.ID, 987654),
		"set password":     st.SetPasswordHash(ctx, 987654, "h", ""),
		"delete user":      st.DeleteUser(ctx, 987654),
	} {
		wantIs(t, what, err, library.ErrNotFound)
	}
	nd := rawDesign("storeerr1", u.ID, library.Public)
	ok(t, "create design", st.CreateDesigns(ctx, []*library.NewDesign{nd}))
	v2 := nd.Version
	v2.Document = json.RawMessage(`{"name":"v2"}`)
	d, err := st.UpdateDesign(ctx, nd.ID, 1, *nd, v2)
	ok(t, "update at base 1", err)
	if d.Version != 2 || string(d.Latest.Document) != `{"name":"v2"}` {
		t.Fatalf("update answered %+v", d)
	}
	_, err = st.UpdateDesign(ctx, nd.ID, 1, *nd, v2)
	wantIs(t, "update at a stale base", err, library.ErrStale)
	wantIs(t, "delete at a stale base", st.DeleteDesign(ctx, nd.ID, 1), library.ErrStale)
	d, err = st.UpdateDesign(ctx, nd.ID, 0, *nd, v2)
	ok(t, "update at any base", err)
	if d.Version != 3 {
		t.Fatalf("version %d, want 3", d.Version)
	}
	err = st.CreateDesigns(ctx, []*library.NewDesign{rawDesign("storeerr1", u.ID, library.Public)})
	wantIs(t, "taken design id", err, library.ErrConflict)
	ok(t, "delete at base 3", st.DeleteDesign(ctx, nd.ID, 3))
	// Stored numbers and documents come back exactly.
	e := library.Evaluation{CV: 123.456789, Points: 0.1, Tier: 2, EMS: 3.25, TargetRating: 4.5, MassFactor: 1.75,
		TechLevel: 7, Movement: "newtonian", Hull: "heavy", CarriesFighters: true, Legal: true, ModelVersion: "m/9"}
	exact := rawDesign("exact1", u.ID, library.Unlisted)
	exact.Version.Evaluation = e
	exact.Tags = []string{"ünï", "b c"}
	exact.Description = "line one\nline two ☄"
	exact.Version.Result = json.RawMessage(`{"cv":123.456789}`)
	exact.Version.Problems = json.RawMessage(`[{"rule":"R-X"}]`)
	ok(t, "create", st.CreateDesigns(ctx, []*library.NewDesign{exact}))
	back, err := st.Design(ctx, "exact1")
	ok(t, "read back", err)
	if back.Latest.Evaluation != e || back.Description != exact.Description || len(back.Tags) != 2 || back.Tags[0] != "ünï" ||
		back.Visibility != library.Unlisted || back.OwnerName != "Erin5" || back.Latest.Visibility != library.Unlisted ||
		string(back.Latest.Document) != string(exact.Version.Document) || string(back.Latest.Result) != `{"cv":123.456789}` ||
		string(back.Latest.Problems) != `[{"rule":"R-X"}]` {
		t.Fatalf("read back %+v", back)
	}
	vs, err := st.Versions(ctx, "exact1")
	ok(t, "versions", err)
	if len(vs) != 1 || vs[0].Evaluation != e || len(vs[0].Document) != 0 {
		t.Fatalf("versions %+v (documents must be left out)", vs)
	}
}

func second[T any](_ T, err error) error { return err }

// rawDesign is a minimal design record, for direct Store calls.
func rawDesign(id string, owner int64, vis library.Visibility) *library.NewDesign {
	return &library.NewDesign{
		ID: id, OwnerID: owner, Visibility: vis, Ruleset: "metaverse", RulesVersion: 1, Name: "Ship " + id,
		Version: library.Version{Visibility: vis, Document: json.RawMessage(`{"name":"Ship ` + id + `"}`), AuthorID: owner,
			Evaluation: library.Evaluation{ModelVersion: "m/1", CV: 10, Tier: 1}},
	}
}

// testCreateDesignsAtomic: a batch with one bad design stores none.
func testCreateDesignsAtomic(t *testing.T, open Opener) {
	f := newFixture(t, open)
	u, err := f.store.CreateUser(f.ctx, library.NewUser{Name: "Finn7", Key: "finn7", Skeleton: "finn7", PasswordHash: "h"})
	ok(t, "user", err)
	ok(t, "first", f.store.CreateDesigns(f.ctx, []*library.NewDesign{rawDesign("atom-a", u.ID, library.Public)}))
	for name, batch := range map[string][]*library.NewDesign{
		"duplicate id":  {rawDesign("atom-b", u.ID, library.Public), rawDesign("atom-c", u.ID, library.Public), rawDesign("atom-a", u.ID, library.Public)},
		"missing owner": {rawDesign("atom-d", u.ID, library.Public), rawDesign("atom-e", 987654, library.Public)},
		"repeat within": {rawDesign("atom-f", u.ID, library.Public), rawDesign("atom-f", u.ID, library.Public)},
	} {
		if err := f.store.CreateDesigns(f.ctx, batch); err == nil {
			t.Fatalf("%s: batch accepted", name)
		}
		for _, nd := range batch {
			if nd.ID == "atom-a" {
				continue
			}
			_, err := f.store.Design(f.ctx, nd.ID)
			wantIs(t, name+": design of a failed batch", err, library.ErrNotFound)
		}
	}
	use, err := f.store.Usage(f.ctx, u.ID)
	ok(t, "usage", err)
	if use.Designs != 1 {
		t.Fatalf("usage after failed batches %+v", use)
	}
	page, err := f.store.Library(f.ctx, library.LibraryQuery{Sort: "newest", Desc: true, Limit: 20})
	ok(t, "library", err)
	if len(page.Designs) != 1 {
		t.Fatalf("library after failed batches %s", describe(page.Designs))
	}
	// A large batch goes in whole.
	var big []*library.NewDesign
	for i := 0; i < 500; i++ {
		big = append(big, rawDesign(fmt.Sprintf("bulk-%03d", i), u.ID, library.Public))
	}
	ok(t, "large batch", f.store.CreateDesigns(f.ctx, big))
	use, _ = f.store.Usage(f.ctx, u.ID)
	if use.Designs != 501 {
		t.Fatalf("after a batch of 500: %+v", use)
	}
}

// testSeedOnce: services starting together over one store publish the
// sample library once.
func testSeedOnce(t *testing.T, open Opener) {
	f := newFixture(t, open)
	var wg sync.WaitGroup
	ns := make([]int, 4)
	errs := make([]error, 4)
	for i := range ns {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			ns[i], errs[i] = f.service(generous(), f.model, nil).SeedSamples(f.ctx)
		}(i)
	}
	wg.Wait()
	total := 0
	for i := range ns {
		ok(t, "seed", errs[i])
		total += ns[i]
	}
	all := f.all(library.LibraryQuery{Limit: 100})
	if total == 0 || len(all) > total {
		t.Fatalf("seeded %v designs, library holds %d", ns, len(all))
	}
	for _, n := range ns {
		if n != 0 && n != total {
			t.Fatalf("more than one service seeded: %v", ns)
		}
	}
}

// testLock: a named lock is held by one holder at a time; another name is
// independent; a waiter gives up when its context ends.
func testLock(t *testing.T, open Opener) {
	f := newFixture(t, open)
	unlock, err := f.store.Lock(f.ctx, "storetest")
	ok(t, "lock", err)
	other, err := f.store.Lock(f.ctx, "storetest-other")
	ok(t, "another lock", err)
	other()
	short, cancel := context.WithTimeout(f.ctx, 200*time.Millisecond)
	defer cancel()
	if u2, err := f.store.Lock(short, "storetest"); err == nil {
		u2()
		t.Fatal("a held lock was taken twice")
	} else if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("waiting for a held lock: %v, want the context's deadline", err)
	}
	got := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		u2, err := f.store.Lock(f.ctx, "storetest")
		if err != nil {
			t.Errorf("lock after release: %v", err)
			close(got)
			return
		}
		close(got)
		u2()
	}()
	select {
	case <-got:
		t.Fatal("lock taken while held")
	case <-time.After(100 * time.Millisecond):
	}
	unlock()
	select {
	case <-got:
	case <-time.After(10 * time.Second):
		t.Fatal("lock not handed on after release")
	}
	wg.Wait()
	// Recompute runs under the lock: with it held elsewhere, it waits.
	unlock, err = f.store.Lock(f.ctx, library.RecomputeLock)
	ok(t, "recompute lock", err)
	done := make(chan error, 1)
	go func() { _, err := f.svc.Recompute(f.ctx); done <- err }()
	select {
	case err := <-done:
		t.Fatalf("recompute ran while another holder had its lock (err %v)", err)
	case <-time.After(200 * time.Millisecond):
	}
	unlock()
	select {
	case err := <-done:
		ok(t, "recompute after release", err)
	case <-time.After(10 * time.Second):
		t.Fatal("recompute did not run after the lock was released")
	}
}
