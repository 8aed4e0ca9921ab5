package storetest

import (
	"fmt"
	"testing"
	"time"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/library"
)

// testVerify: verification records are stored once per code and capped
// per design; a code verifies against the design as it stands (matches,
// a newer version, a new model); a private design's code answers its
// owner and holders of its share link only, everyone else ENotFound.
func testVerify(t *testing.T, open Opener) {
	f := newFixture(t, open)
	vs, isVS := f.store.(library.VerifyStore)
	if !isVS {
		t.Fatal("the store keeps no verification records (library.VerifyStore)")
	}
	owner, _ := f.user("printer1")
	other, _ := f.user("reader1")
	d := f.create(owner, ship(t, "Printed Cruiser", "", nil, ""), library.Public)
	printed := func(svc *library.Service, id string, n int) library.Printed {
		t.Helper()
		dd, v, err := svc.Version(f.ctx, owner, id, n)
		ok(t, "version", err)
		rs, doc, err := svc.DecodeDocument(v)
		ok(t, "decode", err)
		ev, err := rs.Evaluate(doc, nil)
		ok(t, "evaluate", err)
		return library.DesignPrinted(rs, dd, v, doc.Head(), ev)
	}
	p := printed(f.svc, d.ID, 1)
	code, err := f.svc.RecordPrinted(f.ctx, p)
	ok(t, "record", err)
	again, err := f.svc.RecordPrinted(f.ctx, p)
	ok(t, "record again", err)
	if again != code || len(code) != 16 {
		t.Fatalf("the same facts recorded twice gave codes %q and %q", code, again)
	}
	rec, err := vs.PrintedByCode(f.ctx, code)
	ok(t, "printed by code", err)
	if rec.Subject != "design:"+d.ID || rec.Facts.Code() != code || rec.Facts.Name != "Printed Cruiser" || rec.CreatedAt.IsZero() {
		t.Fatalf("stored record %+v", rec)
	}
	_, err = vs.PrintedByCode(f.ctx, "0000000000000000")
	wantIs(t, "unknown code", err, library.ErrNotFound)

	v, err := f.svc.Verify(f.ctx, nil, code, "")
	ok(t, "verify", err)
	if !v.Matches || v.Latest != 0 || len(v.Changes) != 0 || v.Now == nil {
		t.Fatalf("verification of a current sheet: %+v", v)
	}

	// A new version: the old sheet still matches its version, and says a
	// newer one exists.
	d2 := ship(t, "Printed Cruiser II", "", nil, "")
	_, err = f.svc.UpdateDesign(f.ctx, owner, d.ID, library.Precondition{Any: true}, d2, "")
	ok(t, "update", err)
	v, err = f.svc.Verify(f.ctx, nil, code, "")
	ok(t, "verify after update", err)
	if !v.Matches || v.Latest != 2 || v.LatestFacts == nil || v.LatestFacts.Name != "Printed Cruiser II" || len(v.Changes) != 1 {
		t.Fatalf("verification after version 2: %+v", v)
	}

	// A sheet printed under an older model: the numbers then and now.
	old, err := costing.NewModelVersion(f.cat, costing.VersionV1)
	ok(t, "model v1", err)
	oldSvc := f.service(generous(), old, nil)
	p1 := printed(oldSvc, d.ID, 1)
	if p1.Model != costing.VersionV1 {
		t.Fatalf("printed under v1 says model %q", p1.Model)
	}
	code1, err := oldSvc.RecordPrinted(f.ctx, p1)
	ok(t, "record v1", err)
	v, err = f.svc.Verify(f.ctx, nil, code1, "")
	ok(t, "verify v1", err)
	if v.Matches || v.Now.Model != costing.ModelVersion || v.Printed.Model != costing.VersionV1 || len(v.Changes) < 2 {
		t.Fatalf("verification of a sheet of the old model: %+v", v)
	}

	// A private design.
	sec := f.create(owner, ship(t, "Secret Printed", "", nil, ""), library.Private)
	scode, err := f.svc.RecordPrinted(f.ctx, printed(f.svc, sec.ID, 1))
	ok(t, "record private", err)
	_, err = f.svc.Verify(f.ctx, nil, scode, "")
	wantCode(t, "private, anonymous", err, library.ENotFound)
	_, err = f.svc.Verify(f.ctx, other, scode, "")
	wantCode(t, "private, another", err, library.ENotFound)
	_, err = f.svc.Verify(f.ctx, owner, scode, "")
	ok(t, "private, owner", err)
	_, err = f.svc.CreateShare(f.ctx, other, sec.ID)
	wantCode(t, "share another's design", err, library.ENotFound)
	l, err := f.svc.CreateShare(f.ctx, owner, sec.ID)
	ok(t, "share", err)
	v, err = f.svc.Verify(f.ctx, other, scode, l.Token)
	ok(t, "private, with the share link", err)
	if !v.Matches || !v.Private {
		t.Fatalf("private with share link: %+v", v)
	}
	l2, err := f.svc.CreateShare(f.ctx, owner, sec.ID)
	ok(t, "share again", err)
	_, err = f.svc.Verify(f.ctx, other, scode, l.Token)
	wantCode(t, "the replaced share link", err, library.ENotFound)
	got, err := f.svc.ShareOf(f.ctx, owner, sec.ID)
	ok(t, "share of", err)
	if got.Token != l2.Token {
		t.Fatalf("share of: %+v, want %+v", got, l2)
	}
	ok(t, "revoke", f.svc.RevokeShare(f.ctx, owner, sec.ID))
	_, err = f.svc.Verify(f.ctx, other, scode, l2.Token)
	wantCode(t, "the revoked share link", err, library.ENotFound)
	_, err = f.svc.ShareOf(f.ctx, owner, sec.ID)
	wantCode(t, "no share link", err, library.ENotFound)

	// A deleted design's codes answer not found; purged, its records and
	// share link are gone.
	_, err = f.svc.CreateShare(f.ctx, owner, sec.ID)
	ok(t, "share before deleting", err)
	ok(t, "delete", f.svc.DeleteDesign(f.ctx, owner, sec.ID, library.Precondition{Any: true}))
	_, err = f.svc.Verify(f.ctx, owner, scode, "")
	wantCode(t, "a deleted design's code", err, library.ENotFound)
	_, err = f.store.PurgeDeleted(f.ctx, time.Now().Add(time.Hour))
	ok(t, "purge", err)
	_, err = vs.PrintedByCode(f.ctx, scode)
	wantIs(t, "a purged design's record", err, library.ErrNotFound)
	_, err = vs.Share(f.ctx, sec.ID)
	wantIs(t, "a purged design's share link", err, library.ErrNotFound)
	_, err = vs.PrintedByCode(f.ctx, code)
	ok(t, "another design's record after the purge", err)

	// The cap: a design keeps its newest MaxPrintedPerSubject codes.
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	var codes []string
	for i := range library.MaxPrintedPerSubject + 5 {
		q := p
		q.Name = fmt.Sprintf("Printed Cruiser %d", i)
		rec := library.PrintRecord{Code: q.Code(), Subject: "design:cap-check", Facts: q, CreatedAt: now.Add(time.Duration(i) * time.Second)}
		ok(t, "save", vs.SavePrinted(f.ctx, rec, library.MaxPrintedPerSubject))
		codes = append(codes, rec.Code)
	}
	for i, c := range codes {
		_, err := vs.PrintedByCode(f.ctx, c)
		if i < 5 {
			wantIs(t, fmt.Sprintf("code %d, past the cap", i), err, library.ErrNotFound)
		} else {
			ok(t, fmt.Sprintf("code %d", i), err)
		}
	}
}
