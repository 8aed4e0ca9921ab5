// Package storetest is the conformance suite every library.Store passes.
// It drives a store through library.Service, the only way the rest of
// Slipway reaches a store, so that what it checks is what players see:
// accounts, sessions and tokens, designs with preconditions and versions,
// visibility, forks and lineage, the library's search, filters, sorts and
// cursors, quotas, recomputation and purging. Where the Service cannot
// tell a store's answer apart (ErrStale, ErrConflict, all-or-nothing
// batches) it calls the Store directly.
//
// A store's own tests call Run with a function that opens a fresh, empty
// store for one test:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) library.Store { ... })
//	}
package storetest

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"testing"
	"time"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
)

// Opener opens a fresh, empty store for one test; the store must be
// closed by the opener's own t.Cleanup.
type Opener func(t *testing.T) library.Store

// Run runs every conformance test against stores made by open, each test
// on a store of its own.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(t *testing.T, open Opener)
	}{
		{"Accounts", testAccounts},
		{"SessionsExpire", testSessionsExpire},
		{"Tokens", testTokens},
		{"PasswordChange", testPasswordChange},
		{"DeleteAccount", testDeleteAccount},
		{"DesignLifecycle", testDesignLifecycle},
		{"ConcurrentAnyUpdates", testConcurrentAny},
		{"ConcurrentForks", testConcurrentForks},
		{"VersionVisibility", testVersionVisibility},
		{"ForksAndLineage", testForksAndLineage},
		{"HiddenAncestors", testHiddenAncestors},
		{"MyDesigns", testMyDesigns},
		{"Search", testSearch},
		{"SearchOddInput", testSearchOddInput},
		{"Filters", testFilters},
		{"SortsAndCursors", testSortsAndCursors},
		{"CursorStableUnderInserts", testCursorStable},
		{"Quotas", testQuotas},
		{"Import", testImport},
		{"Recompute", testRecompute},
		{"RecomputeResumes", testRecomputeResumes},
		{"Purge", testPurge},
		{"StoreErrors", testStoreErrors},
		{"CreateDesignsAllOrNothing", testCreateDesignsAtomic},
		{"BadBytes", testBadBytes},
		{"ImportItemByItem", testImportItemByItem},
		{"Lock", testLock},
		{"SeedOnce", testSeedOnce},
		{"Fleets", testFleets},
		{"Games", testGames},
		{"FleetSearch", testFleetSearch},
		{"DesignVersions", testDesignVersions},
		{"FleetReferences", testFleetReferences},
		{"Outline", testOutline},
		{"RecomputePerRuleset", testRecomputePerRuleset},
		{"SeedPerRuleset", testSeedPerRuleset},
		{"RulesetFilters", testRulesetFilters},
		{"RulesetDesigns", testRulesetDesigns},
		{"Verify", testVerify},
		{"StareaterBindsAsOwner", testStareaterBindsAsOwner},
		{"FleetShares", testFleetShares},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open) })
	}
}

// password is a password every test account uses; it passes the policy.
const password = "vintage-anchor-47-quill"

// fixture is a store with a Service over it.
type fixture struct {
	t     *testing.T
	ctx   context.Context
	store library.Store
	svc   *library.Service
	cat   *designer.Catalogue
	model *costing.Model
}

// generous limits keep rate limits out of the way of the tests.
func generous() library.Limits {
	return library.Limits{LoginsPerMinute: 1 << 20, WritesPerMinute: 1 << 20}
}

func newFixture(t *testing.T, open Opener) *fixture {
	t.Helper()
	st := open(t)
	cat := designer.BuiltinCatalogue()
	m := costing.NewModel(cat)
	f := &fixture{t: t, ctx: context.Background(), store: st, cat: cat, model: m}
	f.svc = f.service(generous(), m, nil)
	if err := f.svc.Ready(f.ctx); err != nil {
		t.Fatalf("store not ready: %v", err)
	}
	return f
}

// service builds another Service over the same store.
func (f *fixture) service(l library.Limits, ev library.Evaluator, now func() time.Time) *library.Service {
	return library.New(library.Config{Store: f.store, Catalogue: f.cat, Evaluator: ev, Limits: l, Now: now})
}

// user registers name and returns the user and its session secret.
func (f *fixture) user(name string) (*library.User, string) {
	f.t.Helper()
	u, s, err := f.svc.Register(f.ctx, library.Credentials{Name: name, Password: password, Addr: "127.0.0.1"})
	if err != nil {
		f.t.Fatalf("register %s: %v", name, err)
	}
	return u, s.Secret
}

// samples returns the embedded sample designs, decoded, in name order.
func samples(t *testing.T) []*designer.Design {
	t.Helper()
	names, err := fs.Glob(data.Samples(), "*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("samples: %v", err)
	}
	sort.Strings(names)
	var out []*designer.Design
	for _, n := range names {
		b, err := fs.ReadFile(data.Samples(), n)
		if err != nil {
			t.Fatal(err)
		}
		d, err := designer.DecodeDesign(b)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		out = append(out, d)
	}
	return out
}

// ship returns a legal design (the reference cruiser) with the given
// name, description, tags and universe.
func ship(t *testing.T, name, desc string, tags []string, universe string) *designer.Design {
	t.Helper()
	b, err := fs.ReadFile(data.Samples(), "reference-cruiser.json")
	if err != nil {
		t.Fatal(err)
	}
	d, err := designer.DecodeDesign(b)
	if err != nil {
		t.Fatal(err)
	}
	d.Name, d.Description, d.Tags, d.Universe = name, desc, tags, universe
	return d
}

// create saves d for u with visibility vis.
func (f *fixture) create(u *library.User, d *designer.Design, vis library.Visibility) *library.Design {
	f.t.Helper()
	got, err := f.svc.CreateDesign(f.ctx, u, d, vis)
	if err != nil {
		f.t.Fatalf("create %q: %v", d.Name, err)
	}
	return got
}

// wantCode fails unless err carries the Service code want.
func wantCode(t *testing.T, what string, err error, want library.Code) {
	t.Helper()
	if got := library.ErrorCode(err); got != want {
		t.Fatalf("%s: error %v (code %q), want code %q", what, err, got, want)
	}
}

// wantIs fails unless errors.Is(err, target).
func wantIs(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("%s: error %v, want %v", what, err, target)
	}
}

func ok(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func ids(ds []*library.Design) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.ID
	}
	return out
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]int{}
	for _, s := range a {
		m[s]++
	}
	for _, s := range b {
		m[s]--
		if m[s] < 0 {
			return false
		}
	}
	return true
}

func describe(ds []*library.Design) string {
	s := "["
	for i, d := range ds {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%q", d.Name)
	}
	return s + "]"
}
