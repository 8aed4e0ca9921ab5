package library

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/ruleset"
)

// Fleets follow the rules of designs (library.go): a private fleet is seen
// by its owner only, an unlisted one by anyone with its id, a public one
// is also in the fleet library; only the owner changes or deletes it,
// through If-Match preconditions; versions saved while private stay
// private; anyone signed in who can read a fleet may fork it. On top:
//   - A fleet references design versions, never a design's latest, so a
//     later edit of a design never changes a fleet. A ship saved without a
//     version is pinned to the latest version its owner may read.
//   - A fleet may reference only designs its owner can read, and a public
//     or unlisted fleet only designs (and versions) that are public or
//     unlisted; anything else is F-REF-01 and a published fleet must be
//     legal.
//   - Readers resolve the references with their own rights: a design that
//     has since become private or been deleted shows as F-REF-01.
//   - A published fleet fields another owner's design only while it is
//     public, and a fleet shows another owner's design that is not public
//     only to that design's owner: to everyone else it is "a design you
//     cannot see" (fleethide.go; docs/fleets.md).

// newFleetEvaluator returns the fleet evaluator of a Service over its
// costing model (the built-in model over cat when ev is another
// Evaluator). Saved design versions never change, so the evaluator finds
// a referenced ship's price by its design reference.
func newFleetEvaluator(ev Evaluator, cat *designer.Catalogue) *fleet.Evaluator {
	return fleet.NewEvaluatorWith(costingModel(ev, cat), fleet.EvaluatorOptions{StableRefs: true})
}

// FleetEvaluator returns the Service's fleet evaluator, created with it.
func (s *Service) FleetEvaluator() *fleet.Evaluator { return s.fleets }

// ShipUpdate says that a newer version of a ship's design exists.
type ShipUpdate struct {
	Ship    string `json:"ship"`
	Design  string `json:"design"`
	Version int    `json:"version"`
	Latest  int    `json:"latest"`
}

// FleetView is a fleet as a reader sees it: the stored record, its
// document, the evaluation with the reader's rights and the ships whose
// designs have newer versions the reader may read.
type FleetView struct {
	Fleet    *Fleet
	Document *fleet.Fleet
	// Result prices the fleet with the model it is pinned to (Document's
	// Model), or the current one.
	Result *fleet.Result
	// Current is what the current model says of a fleet pinned to
	// another (nil otherwise).
	Current *fleet.Result
	// Model is the model Result is priced with.
	Model   string
	Updates []ShipUpdate
}

// resolve pins unversioned ship and squadron references to the latest
// version u may read, and loads every referenced version u may read; a
// published fleet (vis public or unlisted) resolves only public or
// unlisted designs and versions. What does not resolve is left out, for
// the evaluation to report as F-REF-01. Every reference is read from the
// store at once (readVersions), not one by one.
func (s *Service) resolve(ctx context.Context, u *User, f *fleet.Fleet, vis Visibility) (fleet.Designs, []ShipUpdate, error) {
	var owner int64
	if u != nil {
		owner = u.ID
	}
	ds, ups, _, err := s.resolveSet(ctx, u, owner, f, vis)
	return ds, ups, err
}

// resolveSet is resolve for a fleet of owner's (0: none, a document)
// that also returns the designs and versions it read. A published fleet
// fields another owner's design only while that design is public.
func (s *Service) resolveSet(ctx context.Context, u *User, owner int64, f *fleet.Fleet, vis Visibility) (fleet.Designs, []ShipUpdate, *VersionSet, error) {
	drs := designRefs(f)
	refs := make([]VersionRef, len(drs))
	for i, r := range drs {
		refs[i] = VersionRef{Design: r.id, N: *r.n}
	}
	set, err := s.readVersions(ctx, refs)
	if err != nil {
		return nil, nil, nil, err
	}
	ds := fleet.Designs{}
	latest := map[string]int{}
	pinned := map[VersionRef]int{} // what each ref resolved to; 0: nothing
	for i, r := range drs {
		n, ok := pinned[refs[i]]
		if !ok {
			n = resolveRef(u, owner, set, refs[i], vis, ds, latest)
			pinned[refs[i]] = n
		}
		if *r.n == 0 && n > 0 {
			*r.n = n
		}
	}
	var ups []ShipUpdate
	for _, sh := range f.Ships {
		if l, ok := latest[sh.Design]; ok && sh.Document == nil && sh.Version > 0 && l > sh.Version {
			ups = append(ups, ShipUpdate{Ship: sh.ID, Design: sh.Design, Version: sh.Version, Latest: l})
		}
	}
	return ds, ups, set, nil
}

// checkRefs refuses a fleet document whose ships or squadrons reference
// a library design by an id no design can have (checkID), naming the
// reference's path under field, before any store looks one up.
func checkRefs(field string, f *fleet.Fleet) error {
	if err := checkModel(field, f); err != nil {
		return err
	}
	for i := range f.Ships {
		if sh := &f.Ships[i]; sh.Design != "" && sh.Document == nil {
			if err := checkID(joinPath(field, "ships["+strconv.Itoa(i)+"].design"), sh.Design); err != nil {
				return err
			}
		}
	}
	for i := range f.Squadrons {
		if sq := &f.Squadrons[i]; sq.Design != "" && sq.Definition == nil {
			if err := checkID(joinPath(field, "squadrons["+strconv.Itoa(i)+"].design"), sq.Design); err != nil {
				return err
			}
		}
	}
	return nil
}

// designRef is a ship's or squadron's reference to a library design:
// the design's id and the entry's version field (0: the latest), which
// resolve pins.
type designRef struct {
	id string
	n  *int
}

// designRefs lists the references of f's ships, then its squadrons, to
// library design versions (a negative version references nothing).
func designRefs(f *fleet.Fleet) []designRef {
	var out []designRef
	for i := range f.Ships {
		if sh := &f.Ships[i]; sh.Design != "" && sh.Document == nil && sh.Version >= 0 {
			out = append(out, designRef{sh.Design, &sh.Version})
		}
	}
	for i := range f.Squadrons {
		if sq := &f.Squadrons[i]; sq.Design != "" && sq.Definition == nil && sq.Version >= 0 {
			out = append(out, designRef{sq.Design, &sq.Version})
		}
	}
	return out
}

// readVersions reads the design versions refs name from the store,
// MaxVersionRefs distinct refs a call (one call for any legal fleet).
func (s *Service) readVersions(ctx context.Context, refs []VersionRef) (*VersionSet, error) {
	set := NewVersionSet()
	seen := make(map[VersionRef]bool, len(refs))
	batch := make([]VersionRef, 0, min(len(refs), MaxVersionRefs))
	for i, r := range refs {
		if !seen[r] {
			seen[r] = true
			batch = append(batch, r)
		}
		if len(batch) < MaxVersionRefs && i < len(refs)-1 || len(batch) == 0 {
			continue
		}
		got, err := s.store.DesignVersions(ctx, batch)
		if err != nil {
			return nil, fmt.Errorf("read the fleet's design versions: %w", err)
		}
		maps.Copy(set.Designs, got.Designs)
		maps.Copy(set.Versions, got.Versions)
		batch = batch[:0]
	}
	return set, nil
}

// resolveRef resolves ref as u may read it, for a fleet of visibility vis
// (see resolve), from what readVersions read: it adds the version's
// design to ds and the design's latest version number to latest, and
// returns the version's number, or 0 when ref does not resolve. The rules
// are those of Service.Version: a design u may not read, or a version
// other than the latest saved while the design was private and not u's,
// does not resolve.
func resolveRef(u *User, owner int64, set *VersionSet, ref VersionRef, vis Visibility, ds fleet.Designs, latest map[string]int) int {
	d, v := set.Designs[ref.Design], set.Versions[ref]
	if d == nil || v == nil || !CanRead(u, d) {
		return 0
	}
	if ref.N != 0 && ref.N != d.Version && !CanReadVersion(u, d, v) {
		return 0
	}
	if vis != Private && vis != "" && (d.Visibility == Private || v.Visibility == Private) {
		return 0
	}
	if vis != Private && vis != "" && d.Visibility != Public && d.OwnerID != owner {
		return 0 // a published fleet fields another owner's design only when public
	}
	doc, err := DecodeVersion(v)
	if err != nil {
		return 0
	}
	ds[fleet.Ref{Design: ref.Design, Version: v.N}] = doc
	latest[ref.Design] = d.Version // readable: so is its latest version, saved at its visibility
	return v.N
}

// EvaluateFleet checks and prices f with u's rights to the designs it
// references (nil u: public and unlisted designs only), without saving
// anything. Unversioned references are pinned to the latest version in f.
// A reference no design can have is EInvalid naming its path in f
// (checkRefs), and nothing is read.
func (s *Service) EvaluateFleet(ctx context.Context, u *User, f *fleet.Fleet) (*fleet.Result, []ShipUpdate, error) {
	r, _, ups, err := s.EvaluateFleetPinned(ctx, u, f)
	return r, ups, err
}

// EvaluateFleetPinned is EvaluateFleet that also answers, for a fleet
// pinned to another model than the current one, what the current model
// says (current; nil otherwise).
func (s *Service) EvaluateFleetPinned(ctx context.Context, u *User, f *fleet.Fleet) (r, current *fleet.Result, ups []ShipUpdate, err error) {
	if f == nil {
		return nil, nil, nil, &Error{Code: EInvalid, Field: "fleet", Message: "is required"}
	}
	if err := checkRefs("", f); err != nil {
		return nil, nil, nil, err
	}
	var owner int64
	if u != nil {
		owner = u.ID
	}
	ds, ups, set, err := s.resolveSet(ctx, u, owner, f, Private)
	if err != nil {
		return nil, nil, nil, err
	}
	r, current = s.evaluatePinned(f, ds)
	// The caller sent the document: only its result is rewritten.
	hidden := hiddenDesigns(u, owner, Private, f, set)
	ups = hideDesigns(hidden, nil, r, ups)
	if current != nil {
		hideDesigns(hidden, nil, current, nil)
	}
	return r, current, ups, nil
}

// prepareFleet resolves and evaluates f into a new fleet record of u's.
// A reference no design can have (checkRefs) or a text a store cannot
// keep (checkDocument) is EInvalid naming the place under "fleet", for a
// private fleet too.
func (s *Service) prepareFleet(ctx context.Context, u *User, f *fleet.Fleet, vis Visibility) (*NewFleet, *fleet.Result, error) {
	if f == nil {
		return nil, nil, &Error{Code: EInvalid, Field: "fleet", Message: "is required"}
	}
	if !vis.Valid() {
		return nil, nil, &Error{Code: EInvalid, Field: "visibility", Message: fmt.Sprintf("is %q; allowed: private, unlisted, public", vis)}
	}
	if err := checkRefs("fleet", f); err != nil {
		return nil, nil, err
	}
	ds, _, err := s.resolve(ctx, u, f, vis)
	if err != nil {
		return nil, nil, err
	}
	r, _ := s.evaluatePinned(f, ds) // the summary stored is the pinned model's
	if vis != Private && !r.Legal {
		return nil, r, &Error{Code: EIllegal, Problems: r.Problems,
			Message: "only a legal fleet can be public or unlisted, and it may field only public designs and your own unlisted ones; save it as private while you fix it"}
	}
	doc, err := json.Marshal(f)
	if err != nil {
		return nil, nil, fmt.Errorf("encode fleet: %w", err)
	}
	if err := checkDocument("fleet", doc, text("name", f.Name), text("description", f.Description)); err != nil {
		return nil, nil, err // a private fleet may break rules, but a store must keep its text
	}
	pb, err := json.Marshal(r.Problems)
	if err != nil {
		return nil, nil, fmt.Errorf("encode problems: %w", err)
	}
	t := r.Totals
	nf := &NewFleet{ID: newID(), OwnerID: u.ID, Visibility: vis, Name: f.Name, Description: f.Description,
		Version: FleetVersion{Visibility: vis, Document: doc, Problems: pb, AuthorID: u.ID, Summary: FleetSummary{
			CV: t.CV, Points: t.Points, Ships: t.Ships, Squadrons: t.Squadrons, HighestTier: t.HighestTier,
			LimitKind: t.LimitKind, Limit: t.Limit, Legal: r.Legal}}}
	if n := nf.Version.Bytes(); n > s.limits.MaxVersionBytes {
		return nil, nil, &Error{Code: ETooLarge, Field: "fleet",
			Message: fmt.Sprintf("stores %d bytes; one version may store at most %d bytes (reference library designs instead of embedding them)", n, s.limits.MaxVersionBytes)}
	}
	return nf, r, nil
}

// CreateFleet saves f as a new fleet of u with version 1. A private fleet
// may be illegal (a draft); public and unlisted ones must be legal and
// field only public or unlisted designs. The result is the evaluation.
func (s *Service) CreateFleet(ctx context.Context, u *User, f *fleet.Fleet, vis Visibility) (*FleetView, error) {
	if u == nil {
		return nil, mustSignIn()
	}
	if vis == "" {
		vis = Private
	}
	nf, _, err := s.prepareFleet(ctx, u, f, vis)
	if err != nil {
		return nil, err
	}
	return createRecord(ctx, s, u, fleetKind, nf, nf.ID, nf.Version.Bytes(), s.store.CreateFleet, s.Fleet)
}

// readableFleet loads a fleet u may read, or ENotFound.
func (s *Service) readableFleet(ctx context.Context, u *User, id string) (*Fleet, error) {
	f, err := readRecord(ctx, u, fleetKind, id, s.store.Fleet)
	if err != nil {
		return nil, err
	}
	if f.ParentID != "" {
		if p, err := s.store.Fleet(ctx, f.ParentID); err != nil || !CanList(u, p) {
			f.ParentID, f.ParentVersion = "", 0
		}
	}
	return f, nil
}

// ownedFleet loads a fleet u may change: EUnauthorized for anonymous
// callers, ENotFound when u cannot see it, EForbidden when u can but does
// not own it.
func (s *Service) ownedFleet(ctx context.Context, u *User, id string) (*Fleet, error) {
	return ownedRecord(ctx, u, fleetKind, id, s.readableFleet)
}

// DecodeFleetVersion decodes the fleet document of a stored version.
func DecodeFleetVersion(v *FleetVersion) (*fleet.Fleet, error) {
	f, err := fleet.Decode(v.Document)
	if err != nil {
		return nil, fmt.Errorf("stored fleet %s version %d: %w", v.FleetID, v.N, err)
	}
	return f, nil
}

// fleetView evaluates version v of f as u sees it, the designs u may not
// see hidden (hideDesigns) unless raw, for the Service's own use.
func (s *Service) fleetView(ctx context.Context, u *User, f *Fleet, v *FleetVersion, raw bool) (*FleetView, error) {
	doc, err := DecodeFleetVersion(v)
	if err != nil {
		return nil, err
	}
	vis := f.Visibility
	if owns(u, f) {
		vis = Private // the owner sees what the owner may read
	}
	ds, ups, set, err := s.resolveSet(ctx, u, f.OwnerID, doc, vis)
	if err != nil {
		return nil, err
	}
	if !owns(u, f) {
		ups = nil // only the owner may move a fleet on
	}
	fv := &FleetView{Fleet: f, Document: doc, Updates: ups}
	fv.Result, fv.Current = s.evaluatePinned(doc, ds)
	fv.Model = s.FleetModel(doc)
	if !raw {
		hidden := hiddenDesigns(u, f.OwnerID, f.Visibility, doc, set)
		fv.Updates = hideDesigns(hidden, doc, fv.Result, fv.Updates)
		if fv.Current != nil {
			hideDesigns(hidden, nil, fv.Current, nil)
		}
	}
	return fv, nil
}

// Fleet returns fleet id as u may see it, evaluated with u's rights:
// ENotFound when u may not read it. Updates lists, for the owner, the
// ships whose designs have newer versions.
func (s *Service) Fleet(ctx context.Context, u *User, id string) (*FleetView, error) {
	f, err := s.readableFleet(ctx, u, id)
	if err != nil {
		return nil, err
	}
	return s.fleetView(ctx, u, f, &f.Latest, false)
}

// FleetVersionView returns version n of fleet id (0: the latest) as u may
// read it.
func (s *Service) FleetVersionView(ctx context.Context, u *User, id string, n int) (*FleetView, error) {
	f, err := s.readableFleet(ctx, u, id)
	if err != nil {
		return nil, err
	}
	v, err := s.fleetVersion(ctx, u, f, n)
	if err != nil {
		return nil, err
	}
	return s.fleetView(ctx, u, f, v, false)
}

// fleetVersion returns version n of f (0: the latest) as u may read it.
func (s *Service) fleetVersion(ctx context.Context, u *User, f *Fleet, n int) (*FleetVersion, error) {
	return recordVersion(ctx, fleetKind, f.ID, n, f.Version, &f.Latest, s.store.FleetVersion,
		func(v *FleetVersion) bool { return canReadFleetVersion(u, f, v) })
}

// UpdateFleet saves f as the next version of fleet id, owned by u, if the
// fleet is still at a version pre allows. vis "" keeps the visibility.
func (s *Service) UpdateFleet(ctx context.Context, u *User, id string, pre Precondition, f *fleet.Fleet, vis Visibility) (*FleetView, error) {
	cur, err := s.ownedFleet(ctx, u, id)
	if err != nil {
		return nil, err
	}
	base, err := pre.base(cur.Version)
	if err != nil {
		return nil, fleetKind.stale(err)
	}
	if vis == "" {
		vis = cur.Visibility
	}
	nf, _, err := s.prepareFleet(ctx, u, f, vis)
	if err != nil {
		return nil, err
	}
	if err := s.checkWriteOf(ctx, u, fleetKind, 0, 1, int64(nf.Version.Bytes())); err != nil {
		return nil, err
	}
	nf.ID = cur.ID
	if _, err := s.store.UpdateFleet(ctx, cur.ID, base, *nf, nf.Version); err != nil {
		return nil, fleetKind.stale(err)
	}
	return s.Fleet(ctx, u, cur.ID)
}

// UpgradeFleet moves ships of fleet id (all that have one when ships is
// empty) to the latest version of their design its owner u may read, as
// a new version, if the fleet is still at a version pre allows.
func (s *Service) UpgradeFleet(ctx context.Context, u *User, id string, pre Precondition, ships []string) (*FleetView, error) {
	if len(ships) > fleet.MaxShips {
		return nil, &Error{Code: EInvalid, Field: "ships", Message: fmt.Sprintf("names %d ships; a fleet has at most %d", len(ships), fleet.MaxShips)}
	}
	for i, sh := range ships {
		if err := checkText("ships["+strconv.Itoa(i)+"]", sh, 1, MaxIDLength, false); err != nil {
			return nil, err
		}
	}
	cur, err := s.ownedFleet(ctx, u, id)
	if err != nil {
		return nil, err
	}
	v, err := s.fleetView(ctx, u, cur, &cur.Latest, true) // the document is saved again whole
	if err != nil {
		return nil, err
	}
	hidden := map[string]bool{}
	for _, up := range v.Updates {
		hidden[up.Design] = true
	}
	shown, err := s.Fleet(ctx, u, cur.ID)
	if err != nil {
		return nil, err
	}
	for _, up := range shown.Updates {
		delete(hidden, up.Design)
	}
	want := map[string]bool{}
	for _, sh := range ships {
		want[sh] = true
	}
	moved := 0
	for _, up := range v.Updates {
		if hidden[up.Design] || len(ships) > 0 && !want[up.Ship] {
			continue
		}
		for i := range v.Document.Ships {
			if v.Document.Ships[i].ID == up.Ship {
				v.Document.Ships[i].Version = up.Latest
				moved++
			}
		}
		delete(want, up.Ship)
	}
	if len(want) > 0 {
		var left []string
		for sh := range want {
			left = append(left, sh)
		}
		sort.Strings(left)
		return nil, &Error{Code: EInvalid, Field: "ships", Message: "no newer design version for ship " + strings.Join(left, ", ")}
	}
	if moved == 0 {
		return shown, nil
	}
	return s.UpdateFleet(ctx, u, cur.ID, pre, v.Document, "")
}

// DeleteFleet deletes fleet id, owned by u, if it is still at a version
// pre allows.
func (s *Service) DeleteFleet(ctx context.Context, u *User, id string, pre Precondition) error {
	return deleteRecord(ctx, s, u, fleetKind, id, pre, s.ownedFleet, s.store.DeleteFleet)
}

// FleetVersions lists the versions of fleet id that u may read, oldest
// first, without their documents.
func (s *Service) FleetVersions(ctx context.Context, u *User, id string) (*Fleet, []FleetVersion, error) {
	return readableVersions(ctx, u, id, s.readableFleet, s.store.FleetVersions, canReadFleetVersion)
}

// ForkFleet copies a version of fleet id, which u may read, into a new
// fleet of u's that remembers where it came from. The copy is checked
// with u's rights to the designs it references.
func (s *Service) ForkFleet(ctx context.Context, u *User, id string, req ForkRequest) (*FleetView, error) {
	if u == nil {
		return nil, mustSignIn()
	}
	if err := req.check(); err != nil {
		return nil, err
	}
	src, err := s.readableFleet(ctx, u, id)
	if err != nil {
		return nil, err
	}
	v, err := s.fleetVersion(ctx, u, src, req.Version)
	if err != nil {
		return nil, err
	}
	// The copy keeps only what u may see of the source.
	sv, err := s.fleetView(ctx, u, src, v, false)
	if err != nil {
		return nil, err
	}
	doc := sv.Document
	if req.Name != "" {
		doc.Name = req.Name
	}
	if req.Visibility == "" {
		req.Visibility = Private
	}
	nf, _, err := s.prepareFleet(ctx, u, doc, req.Visibility)
	if err != nil {
		return nil, err
	}
	nf.ParentID, nf.ParentVersion = src.ID, v.N
	return createRecord(ctx, s, u, fleetKind, nf, nf.ID, nf.Version.Bytes(), s.store.CreateFleet, s.Fleet)
}

// MyFleets lists u's live fleets, newest first.
func (s *Service) MyFleets(ctx context.Context, u *User) ([]*Fleet, error) {
	if u == nil {
		return nil, mustSignIn()
	}
	return s.store.FleetsByOwner(ctx, u.ID)
}

// FleetLibrary returns a page of public fleets matching q: words of the
// name, description or owner, the CV, points, tier and limit-kind
// filters, in q's sort order (newest first by default), after q's
// cursor. FleetCursor gives the cursor of the page after it.
func (s *Service) FleetLibrary(ctx context.Context, q FleetQuery) ([]*Fleet, error) {
	if err := checkFleetQuery(&q); err != nil {
		return nil, err
	}
	fs, err := s.store.PublicFleets(ctx, q)
	if err != nil {
		return nil, err
	}
	out := fs[:0]
	for _, f := range fs {
		if CanList(nil, f) {
			out = append(out, f)
		}
	}
	return out, nil
}

// FleetCursor returns the cursor of the page that follows the fleet last
// in q's sort order.
func FleetCursor(q FleetQuery, last *Fleet) Cursor {
	c := Cursor{Seq: last.Seq}
	switch q.Sort {
	case "cv":
		c.Key = last.Latest.Summary.CV
	case "points":
		c.Key = last.Latest.Summary.Points
	case "ships":
		c.Key = last.Latest.Summary.Ships
	case "name":
		c.Key = last.Name
	}
	return c
}

// checkFleetQuery refuses a query no store should run, naming the field,
// and fills its defaults: 20 a page, newest first.
func checkFleetQuery(q *FleetQuery) error {
	bad := func(field, format string, args ...any) error {
		return &Error{Code: EInvalid, Field: field, Message: fmt.Sprintf(format, args...)}
	}
	if len(q.Q) > MaxQueryBytes {
		return bad("q", "is %d bytes; at most %d allowed", len(q.Q), MaxQueryBytes)
	}
	if err := checkText("q", q.Q, 0, MaxQueryBytes, false); err != nil {
		return err
	}
	if q.Limit < 0 || q.Limit > MaxPage {
		return bad("limit", "must be from 1 to %d", MaxPage)
	}
	if q.Limit == 0 {
		q.Limit = 20
	}
	if q.Sort == "" {
		q.Sort = "newest"
	}
	desc, ok := FleetSorts[q.Sort]
	if !ok {
		return bad("sort", "is %q; allowed: newest, cv, points, name, ships", q.Sort)
	}
	switch q.Order {
	case "":
	case "asc":
		desc = false
	case "desc":
		desc = true
	default:
		return bad("order", "is %q; allowed: asc, desc", q.Order)
	}
	q.Desc = desc
	for _, r := range []struct {
		lo, hi *int
		name   string
	}{{q.CVMin, q.CVMax, "cv"}, {q.PtsMin, q.PtsMax, "points"}} {
		if r.lo != nil && *r.lo < 0 {
			return bad(r.name+"Min", "is %d; give 0 or more", *r.lo)
		}
		if r.hi != nil && *r.hi < 0 {
			return bad(r.name+"Max", "is %d; give 0 or more", *r.hi)
		}
		if r.lo != nil && r.hi != nil && *r.lo > *r.hi {
			return bad(r.name+"Min", "is %d, above %sMax %d", *r.lo, r.name, *r.hi)
		}
	}
	if q.MaxTier < 0 || q.MaxTier > 3 {
		return bad("tier", "is %d; give 1, 2 or 3", q.MaxTier)
	}
	if q.LimitKind != "" && q.LimitKind != "cv" && q.LimitKind != "points" {
		return bad("limitKind", "is %q; allowed: cv, points", q.LimitKind)
	}
	if q.After < 0 {
		return bad("cursor", "is not a cursor this service issued")
	}
	// The cursor's key must be of the sort's kind: a whole number for cv,
	// points and ships (JSON gives it as float64), a string for name.
	switch k := q.AfterKey.(type) {
	case nil:
		if q.After > 0 && q.Sort != "newest" {
			return bad("cursor", "was issued for another sort order; keep sort and order when paging")
		}
	case float64:
		if q.Sort != "cv" && q.Sort != "points" && q.Sort != "ships" || k != float64(int(k)) {
			return bad("cursor", "was issued for another sort order; keep sort and order when paging")
		}
		q.AfterKey = int(k)
	case int:
		if q.Sort != "cv" && q.Sort != "points" && q.Sort != "ships" {
			return bad("cursor", "was issued for another sort order; keep sort and order when paging")
		}
	case string:
		if checkStorable("cursor", k) != nil {
			return bad("cursor", "is not a cursor this service issued")
		}
		if q.Sort != "name" || len(k) > 400 {
			return bad("cursor", "was issued for another sort order; keep sort and order when paging")
		}
	default:
		return bad("cursor", "is not a cursor this service issued")
	}
	return nil
}

// SeedSampleFleets publishes the embedded sample fleets (data/fleets) as
// public fleets of the system user when it has none yet, each ship's
// embedded design replaced by a reference to the sample design of the
// same name that SeedSamples published. It returns how many it stored.
func (s *Service) SeedSampleFleets(ctx context.Context) (int, error) {
	u, err := s.EnsureUser(ctx, SystemUser)
	if err != nil {
		return 0, fmt.Errorf("seed fleets: %w", err)
	}
	have, err := s.store.FleetsByOwner(ctx, u.ID)
	if err != nil {
		return 0, fmt.Errorf("seed fleets: %w", err)
	}
	if len(have) > 0 {
		return 0, nil
	}
	designs, err := s.store.DesignsByOwner(ctx, u.ID)
	if err != nil {
		return 0, fmt.Errorf("seed fleets: %w", err)
	}
	byName := map[string]*Design{}
	for _, d := range designs {
		if d.Visibility == Public {
			byName[d.Name] = d
		}
	}
	names, err := fs.Glob(data.Fleets(), "*.json")
	if err != nil {
		return 0, fmt.Errorf("seed fleets: %w", err)
	}
	sort.Strings(names)
	n := 0
	for _, name := range names {
		b, err := fs.ReadFile(data.Fleets(), name)
		if err != nil {
			return n, fmt.Errorf("seed fleets %s: %w", name, err)
		}
		f, err := fleet.Decode(b)
		if err != nil {
			s.log.WarnContext(ctx, "sample fleet unreadable; skipped", "file", name, "err", err)
			continue
		}
		for i := range f.Ships {
			sh := &f.Ships[i]
			if sh.Document == nil {
				continue
			}
			if d := byName[sh.Document.Name]; d != nil {
				sh.Design, sh.Version, sh.Document = d.ID, d.Version, nil
			}
		}
		if _, err := s.CreateFleet(ctx, u, f, Public); err != nil {
			s.log.WarnContext(ctx, "sample fleet not stored", "file", name, "err", err)
			continue
		}
		n++
	}
	return n, nil
}

// EncounterSide names one fleet of an encounter: a stored fleet (ID, and
// Version, 0 for the latest) or a fleet document, exactly one of them,
// and optionally its deployment in the encounter's zones.
type EncounterSide struct {
	ID       string
	Version  int
	Document *fleet.Fleet
	// Zones deploys the fleet: zone id to the ship ids in it. nil: the
	// side is not deployed (a stored fleet's own deployment is not used).
	Zones map[string][]string
}

// EncounterRequest asks for the encounter set-up of two fleets and, when
// Encounter and zones are given, checks their deployments (F-08).
type EncounterRequest struct {
	A, B EncounterSide
	// Encounter is the encounter played (meeting, flank, divided, rear,
	// surrounded); "" sets up the initiative only.
	Encounter string
	// Attacker is "a" or "b", the side that won the initiative and chose
	// the encounter; needed to deploy, except in a meeting engagement.
	Attacker string
}

// EncounterSideView is one fleet of an encounter as the caller sees it.
type EncounterSideView struct {
	// Fleet is the stored fleet, nil for a document; Version the version
	// of it in the encounter.
	Fleet   *Fleet
	Version int
	// Document is the fleet with the deployment checked; Result its
	// evaluation with the caller's rights.
	Document *fleet.Fleet
	Result   *fleet.Result
	// Role is attacker or defender when an encounter is played.
	Role string
	// Deployed says whether a deployment was checked; Problems are its
	// problems (F-08, and F-DOC-02 for a ship id the fleet lacks), with
	// paths in the fleet document (the deployment at "deployment").
	Deployed bool
	Problems designer.Problems
	// Model is the combat value model Result is priced with: the fleet's
	// pin, or the current model. Current is what the current model says
	// of a fleet pinned to another (nil otherwise).
	Model   string
	Current *fleet.Result
}

// maxZones bounds the zones of a deployment given to Encounter.
const maxZones = 16

// EncounterView is the set-up of an encounter between two fleets.
type EncounterView struct {
	Setup     *fleet.EncounterSetup
	Encounter *fleet.Encounter // nil when none was named
	A, B      EncounterSideView
	// Model is the combat value model the two fleets' CV are compared
	// under (Setup's CV and EqualCV): the model both sides are priced
	// with when they agree; when they were agreed under different models,
	// the current model, which prices both alike. ModelsDiffer says so,
	// and Note says it in a player's words ("" when both sides are
	// priced with the current model).
	Model        string
	ModelsDiffer bool
	Note         string
}

// Encounter sets up an encounter between two fleets u may read (a stored
// fleet u may not read is ENotFound, as for Fleet), each evaluated with
// u's rights to the designs it references: the initiative, the chances
// and the encounters each difference offers; with an encounter named, its
// zones and each side's role; with zones given, each side's deployment
// checked against F-08. Nothing is saved.
func (s *Service) Encounter(ctx context.Context, u *User, req EncounterRequest) (*EncounterView, error) {
	facts := s.fleets.Facts()
	out := &EncounterView{}
	if req.Encounter != "" {
		out.Encounter = facts.Encounter(req.Encounter)
		if out.Encounter == nil {
			ids := make([]string, 0, len(facts.Encounters))
			for _, e := range facts.Encounters {
				ids = append(ids, e.ID)
			}
			return nil, &Error{Code: EInvalid, Field: "encounter", Message: fmt.Sprintf("is %q; allowed: %s", req.Encounter, strings.Join(ids, ", "))}
		}
	}
	deploying := req.A.Zones != nil || req.B.Zones != nil
	switch {
	case req.Attacker != "" && req.Attacker != "a" && req.Attacker != "b":
		return nil, &Error{Code: EInvalid, Field: "attacker", Message: fmt.Sprintf("is %q; give a or b, the side that won the initiative", req.Attacker)}
	case deploying && out.Encounter == nil:
		return nil, &Error{Code: EInvalid, Field: "encounter", Message: "is required to check a deployment; name the encounter played"}
	case req.Attacker == "" && out.Encounter != nil && out.Encounter.MinDifference == 0:
		req.Attacker = "a" // a meeting engagement: both sides deploy alike
	case req.Attacker == "" && deploying:
		return nil, &Error{Code: EInvalid, Field: "attacker", Message: fmt.Sprintf("is required to deploy for a %s; give a or b, the side that won the initiative", out.Encounter.Name)}
	}
	sides := []struct {
		name string
		in   *EncounterSide
		out  *EncounterSideView
	}{{"a", &req.A, &out.A}, {"b", &req.B, &out.B}}
	for _, sd := range sides {
		if err := s.encounterSide(ctx, u, sd.name, sd.in, sd.out, out.Encounter, req.Attacker); err != nil {
			return nil, err
		}
	}
	pe := s.fleets.EncounterPinned(
		fleet.PricedSide{Fleet: out.A.Document, Result: out.A.Result, Current: out.A.Current, Model: out.A.Model},
		fleet.PricedSide{Fleet: out.B.Document, Result: out.B.Result, Current: out.B.Current, Model: out.B.Model})
	out.Setup, out.Model, out.ModelsDiffer, out.Note = pe.Setup, pe.Model, pe.ModelsDiffer, pe.Note
	return out, nil
}

// encounterSide loads, deploys and evaluates one side of an encounter.
func (s *Service) encounterSide(ctx context.Context, u *User, name string, in *EncounterSide, out *EncounterSideView, enc *fleet.Encounter, attacker string) error {
	vis := Private
	switch {
	case in.Document != nil && in.ID != "":
		return &Error{Code: EInvalid, Field: name, Message: `gives both "id" and "fleet"; give one: a stored fleet's id or a fleet document`}
	case in.Document != nil:
		if in.Version != 0 {
			return &Error{Code: EInvalid, Field: name + ".version", Message: `goes with "id" only`}
		}
		if err := checkRefs(name+".fleet", in.Document); err != nil {
			return err
		}
		if err := checkModel(name+".fleet", in.Document); err != nil {
			return err
		}
		out.Document = in.Document
	case in.ID != "":
		if err := checkID(name+".id", in.ID); err != nil {
			return err
		}
		f, err := s.readableFleet(ctx, u, in.ID)
		if err != nil {
			return err
		}
		v, err := s.fleetVersion(ctx, u, f, in.Version)
		if err != nil {
			return err
		}
		doc, err := DecodeFleetVersion(v)
		if err != nil {
			return err
		}
		if !owns(u, f) {
			vis = f.Visibility // a reader sees what the fleet may field
		}
		out.Fleet, out.Version, out.Document = f, v.N, doc
	default:
		return &Error{Code: EInvalid, Field: name, Message: `is required: give "id" (a stored fleet) or "fleet" (a fleet document)`}
	}
	n := 0
	for _, ids := range in.Zones {
		n += len(ids)
	}
	if len(in.Zones) > maxZones || n > fleet.MaxShips {
		return &Error{Code: EInvalid, Field: name + ".deployment.zones",
			Message: fmt.Sprintf("names %s and %s; an encounter has at most %d zones and a fleet at most %d ships", ruleset.Count(len(in.Zones), "zone"), ruleset.Count(n, "ship"), maxZones, fleet.MaxShips)}
	}
	for _, zone := range slices.Sorted(maps.Keys(in.Zones)) {
		if err := checkText(name+".deployment.zones", zone, 1, MaxIDLength, false); err != nil {
			return err
		}
		for i, id := range in.Zones[zone] {
			if err := checkText(name+".deployment.zones."+zone+"["+strconv.Itoa(i)+"]", id, 1, MaxIDLength, false); err != nil {
				return err
			}
		}
	}
	out.Document.Deployment = nil
	if enc != nil && attacker != "" {
		out.Role = fleet.RoleDefender
		if attacker == name {
			out.Role = fleet.RoleAttacker
		}
		if in.Zones != nil {
			out.Document.Deployment = &fleet.Deployment{Encounter: enc.ID, Role: out.Role, Zones: in.Zones}
			out.Deployed = true
		}
	}
	var owner int64
	fvis := Private
	switch {
	case out.Fleet != nil:
		owner, fvis = out.Fleet.OwnerID, out.Fleet.Visibility
	case u != nil:
		owner = u.ID
	}
	ds, _, set, err := s.resolveSet(ctx, u, owner, out.Document, vis)
	if err != nil {
		return err
	}
	// A pinned fleet plays the encounter with its model's numbers, and
	// says what today's model would give.
	out.Result, out.Current = s.evaluatePinned(out.Document, ds)
	out.Model = s.FleetModel(out.Document)
	hidden := hiddenDesigns(u, owner, fvis, out.Document, set)
	if out.Fleet == nil {
		hideDesigns(hidden, nil, out.Result, nil) // the caller sent the document
	} else {
		hideDesigns(hidden, out.Document, out.Result, nil)
	}
	if out.Current != nil {
		hideDesigns(hidden, nil, out.Current, nil)
	}
	out.Problems = designer.Problems{}
	if out.Deployed {
		for _, p := range out.Result.Problems {
			// The fleet's R-LIM-07 (at no path) may count deployment
			// problems past the first fleet.MaxProblems: keep it.
			if p.Rule == fleet.RuleDeployment || strings.HasPrefix(p.Path, "deployment.") || p.Rule == ruleset.RuleProblemCap && p.Path == "" {
				out.Problems = append(out.Problems, p)
			}
		}
	}
	return nil
}
