package storetest

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/stareater"
)

// olderStareater stands for an earlier model of Star Eater: its model
// version is olderStareaterVersion, its numbers the same.
type olderStareater struct{ *stareater.Ruleset }

const olderStareaterVersion = "storetest-stareater-older/0"

func (g olderStareater) Info() ruleset.Info {
	i := g.Ruleset.Info()
	i.ModelVersion = olderStareaterVersion
	return i
}

func (g olderStareater) Evaluate(d ruleset.Design, o ruleset.Options) (ruleset.Evaluation, error) {
	ev, err := g.Ruleset.Evaluate(d, o)
	if r, ok := ev.(*stareater.Result); ok {
		r.ModelVersion = olderStareaterVersion
	}
	return ev, err
}

// stareaterDoc decodes a Star Eater sample of data/stareater/samples,
// each old→new replacement made in its text first.
func stareaterDoc(t *testing.T, file string, replace ...string) ruleset.Design {
	t.Helper()
	b, err := fs.ReadFile(data.Stareater(), "samples/"+file)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(replace); i += 2 {
		if !bytes.Contains(b, []byte(replace[i])) {
			t.Fatalf("%s has no %q", file, replace[i])
		}
		b = bytes.ReplaceAll(b, []byte(replace[i]), []byte(replace[i+1]))
	}
	d, err := stareater.New().Decode(b)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return d
}

// testStareaterBindsAsOwner: an evaluation with no caller reads the card
// set a loadout names with its owner's rights, never a reader's: a
// version read under a newer model (a stranger reading a public loadout
// sees its card set's numbers), the recomputation after a model change
// (a private loadout taking more copies of a card than its owner's
// private set gives stays illegal) and the verification of a printed
// code (the same facts as printed).
func testStareaterBindsAsOwner(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("dealer1")
	bob, _ := f.user("stranger1")
	old := f.games(f.model, olderStareater{stareater.New()})

	set, err := old.CreateDesign(f.ctx, alice, stareaterDoc(t, "example-card-set.json"), library.Private)
	ok(t, "a private card set", err)
	greedy, err := old.CreateDesign(f.ctx, alice, stareaterDoc(t, "lamais-first-game.json",
		`"cardSet": "builtin"`, `"cardSet": "`+set.ID+`"`, `"vanguard"`, `"authority"`), library.Private)
	ok(t, "a private loadout of four Authority naming the private set", err)
	if greedy.Latest.Evaluation.Legal || greedy.Latest.Evaluation.ModelVersion != olderStareaterVersion {
		t.Fatalf("four Authority where the set gives two copies, saved: %+v", greedy.Latest.Evaluation)
	}
	shared, err := old.CreateDesign(f.ctx, alice, stareaterDoc(t, "example-card-set.json"), library.Public)
	ok(t, "a public card set", err)
	pub, err := old.CreateDesign(f.ctx, alice, stareaterDoc(t, "lamais-first-game.json",
		`"cardSet": "builtin"`, `"cardSet": "`+shared.ID+`"`), library.Public)
	ok(t, "a public loadout naming the public set", err)

	// Star Eater's model changes.
	cur := f.games(f.model, stareater.New())

	// Read under the new model before any recomputation: re-evaluated
	// with the card set as its owner reads it, whoever reads.
	for i, u := range []*library.User{bob, nil, alice} {
		_, v, err := cur.Version(f.ctx, u, pub.ID, 1)
		ok(t, "read the public loadout under the new model", err)
		if !strings.Contains(string(v.Result), `"totalArmour":18`) || strings.Contains(string(v.Result), stareater.RuleUnread) {
			t.Errorf("the public loadout read by %s under the new model: %.300s", []string{"a stranger", "nobody signed in", "its owner"}[i], v.Result)
		}
	}
	_, v, err := cur.Version(f.ctx, alice, greedy.ID, 1)
	ok(t, "read the private loadout under the new model", err)
	if v.Evaluation.Legal || !strings.Contains(string(v.Problems), stareater.RuleCopies) {
		t.Errorf("the private loadout read by its owner under the new model: legal %v, %s", v.Evaluation.Legal, v.Problems)
	}

	// The sheet printed as its owner reads the set verifies as matching,
	// for its owner.
	dd, v, err := cur.Version(f.ctx, alice, greedy.ID, 1)
	ok(t, "version", err)
	rs, doc, err := cur.DecodeDocument(v)
	ok(t, "decode", err)
	doc, err = cur.Bind(f.ctx, alice, doc)
	ok(t, "bind", err)
	ev, err := rs.Evaluate(doc, nil)
	ok(t, "evaluate", err)
	p := library.DesignPrinted(rs, dd, v, doc.Head(), ev)
	if p.Legal {
		t.Fatalf("the printed facts say legal: %+v", p)
	}
	code, err := cur.RecordPrinted(f.ctx, p)
	ok(t, "record", err)
	ver, err := cur.Verify(f.ctx, alice, code, "")
	ok(t, "verify", err)
	if !ver.Matches {
		t.Errorf("the private loadout's sheet does not match its design: %+v", ver)
	}

	// Recompute: the summaries as their owner's sets make them.
	rep, err := cur.Recompute(f.ctx)
	ok(t, "recompute", err)
	if rep.Designs != 4 {
		t.Errorf("recomputed %d designs, want the 4 Star Eater ones", rep.Designs)
	}
	got, err := cur.Design(f.ctx, alice, greedy.ID)
	ok(t, "read", err)
	if e := got.Latest.Evaluation; e.Legal || e.ModelVersion != stareater.ModelVersion {
		t.Errorf("after recomputing, the loadout of four Authority is %+v, want illegal under %s", e, stareater.ModelVersion)
	}
	got, err = cur.Design(f.ctx, bob, pub.ID)
	ok(t, "read", err)
	if e := got.Latest.Evaluation; !e.Legal || e.ModelVersion != stareater.ModelVersion {
		t.Errorf("after recomputing, the public loadout is %+v", e)
	}
}
