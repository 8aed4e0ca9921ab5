package library

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
)

// Precondition is what a writer says about the version it last read
// (HTTP's If-Match): Any for any current version ("*"), else a list of
// versions of which the current one must be one (an empty, non-nil list
// matches nothing). A write with neither (nil Versions) is refused, so
// nothing is overwritten blind.
type Precondition struct {
	Any      bool
	Versions []int
}

// base returns the version the store must still find (0: any).
func (p Precondition) base(current int) (int, error) {
	if p.Any {
		return 0, nil
	}
	if p.Versions == nil {
		return 0, &Error{Code: EPrecondition, Message: "send If-Match with the ETag of the version you read (or * for any)"}
	}
	for _, v := range p.Versions {
		if v == current {
			return current, nil
		}
	}
	return 0, staleError()
}

func staleError() *Error { return designKind.staleError() }

// newID returns a random, URL-safe design id.
func newID() string {
	b := make([]byte, 10)
	rand.Read(b)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// Evaluate returns the costing result of d with its validation problems.
// It is the same function the CLI, the printed sheets and the browser's
// live panel read; every number in it is finite.
func (s *Service) Evaluate(d *designer.Design, opt costing.Options) *costing.Result {
	return s.eval.Evaluate(d, opt)
}

// EvaluateDesign validates and prices d, a design of any ruleset served,
// with that ruleset's options o (a bad one is EInvalid naming it).
func (s *Service) EvaluateDesign(d ruleset.Design, o ruleset.Options) (ruleset.Evaluation, error) {
	r, err := s.rulesetOf(d)
	if err != nil {
		return nil, err
	}
	ev, err := r.Evaluate(d, o)
	return ev, fieldError(err)
}

// ValidateDesign checks d, a design of any ruleset served, with that
// ruleset's options o: by its Validator when it has one, else by
// evaluating it.
func (s *Service) ValidateDesign(d ruleset.Design, o ruleset.Options) (*ruleset.Validation, error) {
	r, err := s.rulesetOf(d)
	if err != nil {
		return nil, err
	}
	if v, ok := r.(ruleset.Validator); ok {
		out, err := v.Validate(d, o)
		return out, fieldError(err)
	}
	ev, err := r.Evaluate(d, o)
	if err != nil {
		return nil, fieldError(err)
	}
	ps := ev.Findings()
	return &ruleset.Validation{Legal: ps.Legal(), Problems: ps}, nil
}

// fieldError makes a ruleset's bad option EInvalid naming it.
func fieldError(err error) error {
	if fe, ok := err.(*ruleset.FieldError); ok {
		return &Error{Code: EInvalid, Field: fe.Field, Message: fe.Message, Err: err}
	}
	return err
}

// rulesetOf is the served ruleset of d, or EInvalid (R-DOC-01).
func (s *Service) rulesetOf(d ruleset.Design) (ruleset.Ruleset, error) {
	if d == nil {
		return nil, &Error{Code: EInvalid, Field: "design", Message: "is required"}
	}
	id := d.Head().Ruleset
	r, ok := s.rules.Get(id)
	if !ok {
		return nil, &Error{Code: EInvalid, Field: "ruleset", Message: fmt.Sprintf("is %q; served: %s", id, s.rules.Served())}
	}
	return r, nil
}

// ValidationReport is the outcome of Validate.
type ValidationReport struct {
	Legal    bool                `json:"legal"`
	Tier     designer.TierReport `json:"tier"`
	Problems designer.Problems   `json:"problems"`
}

// Validate checks d against every construction rule and a tier limit
// (0: none) and reports its tier.
func (s *Service) Validate(d *designer.Design, tierLimit int) ValidationReport {
	ps := s.cat.Validate(d, designer.Options{TierLimit: tierLimit})
	if ps == nil {
		ps = designer.Problems{}
	}
	return ValidationReport{Legal: ps.Legal(), Tier: s.cat.Tier(d), Problems: ps}
}

// Compare returns what changed between two designs and what each change
// did to the numbers.
func (s *Service) Compare(a, b *designer.Design) *costing.Comparison { return s.eval.Compare(a, b) }

// evaluation evaluates d into the stored summary, the full result as JSON
// and the validation problems, with d's ruleset. Saving, Recompute (the
// summary) and reading a version evaluated under an older model (current)
// all use it.
func (s *Service) evaluation(d ruleset.Design) (Evaluation, json.RawMessage, ruleset.Problems, error) {
	r, err := s.rulesetOf(d)
	if err != nil {
		return Evaluation{}, nil, nil, err
	}
	ev, err := r.Evaluate(d, nil)
	if err != nil {
		return Evaluation{}, nil, nil, err
	}
	e, probs, err := summary(d, ev)
	if err != nil {
		return Evaluation{}, nil, nil, err
	}
	b, err := json.Marshal(ev)
	if err != nil {
		return Evaluation{}, nil, nil, fmt.Errorf("encode evaluation: %w", err)
	}
	return e, b, probs, nil
}

// summary is the stored summary of d's evaluation ev, with its
// validation problems (never nil).
func summary(d ruleset.Design, ev ruleset.Evaluation) (Evaluation, ruleset.Problems, error) {
	e := ev.Summary()
	for _, f := range []float64{e.CV, e.Points, e.EMS, e.TargetRating, e.MassFactor} {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return Evaluation{}, nil, fmt.Errorf("model %s gave a non-finite number for %q", e.ModelVersion, d.Head().Name)
		}
	}
	return e, ev.Findings(), nil
}

// encodeProblems is the stored form of a version's validation problems.
func encodeProblems(probs ruleset.Problems) (json.RawMessage, error) {
	pb, err := json.Marshal(probs)
	if err != nil {
		return nil, fmt.Errorf("encode problems: %w", err)
	}
	return pb, nil
}

// current brings a version read from the store up to its ruleset's
// current model. Recompute re-evaluates each design's summary (the numbers
// the library lists, filters and sorts by) eagerly and leaves the stored
// full results as they were; a version whose stored result or summary
// came from another model is re-evaluated here, when it is read, with
// evaluation, the function a save under this model stores: the answer is
// the one an eager recomputation would have stored. A version listed
// without its document is read in full first. Nothing is written back.
func (s *Service) current(ctx context.Context, owner *Design, v *Version) error {
	listed := v.Document == nil
	if listed {
		if s.models[v.Evaluation.ModelVersion] {
			return nil // every ruleset's model version names its ruleset
		}
		full, err := s.store.DesignVersion(ctx, v.DesignID, v.N)
		if err != nil {
			return err
		}
		v.Document, v.ResultModel = full.Document, full.ResultModel
	}
	if s.models[v.ResultModel] && v.Evaluation.ModelVersion == v.ResultModel {
		return nil
	}
	_, d, err := s.DecodeDocument(v)
	if err != nil {
		return err
	}
	if d, err = s.bindAsOwner(ctx, owner, d); err != nil { // the documents it uses, as its owner reads them
		return err
	}
	e, res, probs, err := s.evaluation(d)
	if err != nil {
		return fmt.Errorf("design %s version %d: %w", v.DesignID, v.N, err)
	}
	if listed {
		v.Document, v.ResultModel, v.Evaluation = nil, "", e
		return nil
	}
	pb, err := encodeProblems(probs)
	if err != nil {
		return err
	}
	v.Evaluation, v.Result, v.Problems, v.ResultModel = e, res, pb, e.ModelVersion
	return nil
}

// prepare evaluates d into a new design record for owner. Publishing
// (public or unlisted) needs a legal design; a private draft may be
// illegal. A version over the size limit is refused.
func (s *Service) prepare(d ruleset.Design, vis Visibility, owner int64) (*NewDesign, error) {
	if d == nil {
		return nil, &Error{Code: EInvalid, Field: "design", Message: "is required"}
	}
	if !vis.Valid() {
		return nil, &Error{Code: EInvalid, Field: "visibility", Message: fmt.Sprintf("is %q; allowed: private, unlisted, public", vis)}
	}
	e, res, probs, err := s.evaluation(d)
	if err != nil {
		return nil, err
	}
	return s.prepareEvaluated(d, vis, owner, e, res, probs)
}

// prepareEvaluated is prepare for a design already evaluated. A design
// whose text a store cannot keep (checkDocument) is EInvalid naming the
// place under "design", draft or not.
func (s *Service) prepareEvaluated(d ruleset.Design, vis Visibility, owner int64, e Evaluation, res json.RawMessage, probs ruleset.Problems) (*NewDesign, error) {
	if vis != Private && !e.Legal {
		return nil, &Error{Code: EIllegal, Problems: probs,
			Message: "only a legal design can be public or unlisted; save it as private while you fix it"}
	}
	doc, err := json.Marshal(d)
	if err != nil {
		return nil, fmt.Errorf("encode design: %w", err)
	}
	h := d.Head()
	var buf [8]docText
	if err := checkDocument("design", doc, headTexts(append(buf[:0], text("movement", e.Movement), text("hull", e.Hull)), h)...); err != nil {
		return nil, err // a draft may break rules, but a store must keep its text
	}
	pb, err := encodeProblems(probs)
	if err != nil {
		return nil, err
	}
	nd := &NewDesign{
		ID: newID(), OwnerID: owner, Visibility: vis, Ruleset: h.Ruleset, RulesVersion: h.RulesVersion,
		Name: h.Name, Description: h.Description, Tags: h.Tags, Universe: h.Universe,
		Version: Version{Visibility: vis, Document: doc, Evaluation: e, Result: res, Problems: pb, ResultModel: e.ModelVersion, AuthorID: owner},
	}
	if n := nd.Version.Bytes(); n > s.limits.MaxVersionBytes {
		return nil, &Error{Code: ETooLarge, Field: "design",
			Message: fmt.Sprintf("stores %d bytes with its evaluation; one version may store at most %d bytes (make the design smaller)", n, s.limits.MaxVersionBytes)}
	}
	return nd, nil
}

// checkWrite applies the write rate limit and the account quotas to u
// adding designs new designs and versions new versions of bytes bytes.
func (s *Service) checkWrite(ctx context.Context, u *User, designs, versions int, bytes int64) error {
	return s.checkWriteOf(ctx, u, designKind, designs, versions, bytes)
}

// CreateDesign saves d as a new design of u with version 1. A private
// design may be illegal (a draft); public and unlisted ones must be legal.
func (s *Service) CreateDesign(ctx context.Context, u *User, d ruleset.Design, vis Visibility) (*Design, error) {
	if u == nil {
		return nil, mustSignIn()
	}
	if vis == "" {
		vis = Private
	}
	d, err := s.Bind(ctx, u, d) // the documents it uses, as its owner reads them
	if err != nil {
		return nil, err
	}
	if err := s.checkSharedUses(ctx, u, d, vis); err != nil {
		return nil, err
	}
	nd, err := s.prepare(d, vis, u.ID)
	if err != nil {
		return nil, err
	}
	return s.createDesign(ctx, u, nd)
}

// createDesign stores nd, a new design of u's, if the rate limit and
// quotas allow, and returns it as u reads it.
func (s *Service) createDesign(ctx context.Context, u *User, nd *NewDesign) (*Design, error) {
	create := func(ctx context.Context, nd *NewDesign) error { return s.store.CreateDesigns(ctx, []*NewDesign{nd}) }
	return createRecord(ctx, s, u, designKind, nd, nd.ID, nd.Version.Bytes(), create, s.Design)
}

// Design returns design id as u may see it: ENotFound when u may not read
// it; a parent u may not know of is hidden (ParentHidden), and Forks
// counts the public forks plus u's own.
func (s *Service) Design(ctx context.Context, u *User, id string) (*Design, error) {
	d, err := s.readable(ctx, u, id)
	if err != nil {
		return nil, err
	}
	return s.withForks(ctx, u, d)
}

// withForks sets d.Forks to the forks u may see: the public ones and u's own.
func (s *Service) withForks(ctx context.Context, u *User, d *Design) (*Design, error) {
	if u != nil {
		_, n, err := s.store.Forks(ctx, d.ID, u.ID, 0)
		if err != nil {
			return nil, err
		}
		d.Forks = n
	}
	return d, nil
}

// view hides from d what u may not know: a parent that is not public.
func view(u *User, d *Design) *Design {
	if d.ParentID != "" && !parentListed(u, d) {
		d.ParentID, d.ParentVersion, d.ParentHidden = "", 0, true
	}
	return d
}

// readable loads a design u may read, or ENotFound.
func (s *Service) readable(ctx context.Context, u *User, id string) (*Design, error) {
	d, err := readRecord(ctx, u, designKind, id, s.store.Design)
	if err != nil {
		return nil, err
	}
	if err := s.current(ctx, d, &d.Latest); err != nil {
		return nil, err
	}
	return view(u, d), nil
}

// owned loads a design u may change: EUnauthorized for anonymous callers,
// ENotFound when u cannot see it, EForbidden when u can but does not own it.
func (s *Service) owned(ctx context.Context, u *User, id string) (*Design, error) {
	return ownedRecord(ctx, u, designKind, id, s.readable)
}

// UpdateDesign saves d as the next version of design id, owned by u, if
// the design is still at a version pre allows. vis "" keeps the design's
// visibility. Concurrent writers with Any each get their own version. A
// design keeps its game: a document of another ruleset is EInvalid.
func (s *Service) UpdateDesign(ctx context.Context, u *User, id string, pre Precondition, doc ruleset.Design, vis Visibility) (d *Design, err error) {
	cur, err := s.owned(ctx, u, id)
	if err != nil {
		return nil, err
	}
	if doc != nil && doc.Head().Ruleset != cur.Ruleset {
		return nil, &Error{Code: EInvalid, Field: "ruleset", Message: fmt.Sprintf(
			"is %q but this design is a %s design, and a design keeps its game from version to version (save the document as a new design instead)",
			doc.Head().Ruleset, s.rulesetName(cur.Ruleset))}
	}
	base, err := pre.base(cur.Version)
	if err != nil {
		return nil, designKind.stale(err)
	}
	if vis == "" {
		vis = cur.Visibility
	}
	if doc, err = s.Bind(ctx, u, doc); err != nil {
		return nil, err
	}
	if err := s.checkSharedUses(ctx, u, doc, vis); err != nil {
		return nil, err
	}
	nd, err := s.prepare(doc, vis, u.ID)
	if err != nil {
		return nil, err
	}
	if err := s.checkWrite(ctx, u, 0, 1, int64(nd.Version.Bytes())); err != nil {
		return nil, err
	}
	nd.ID = cur.ID
	d, err = s.store.UpdateDesign(ctx, cur.ID, base, *nd, nd.Version)
	if err != nil {
		return nil, designKind.stale(err)
	}
	return s.withForks(ctx, u, view(u, d))
}

// DeleteDesign deletes design id, owned by u, if it is still at a version
// pre allows. Its rows are purged after Limits.PurgeAfter.
func (s *Service) DeleteDesign(ctx context.Context, u *User, id string, pre Precondition) error {
	return deleteRecord(ctx, s, u, designKind, id, pre, s.owned, s.store.DeleteDesign)
}

// Versions lists the versions of design id that u may read, oldest
// first, without their documents.
func (s *Service) Versions(ctx context.Context, u *User, id string) (*Design, []Version, error) {
	d, vs, err := readableVersions(ctx, u, id, s.readable, s.store.Versions, CanReadVersion)
	if err != nil {
		return nil, nil, err
	}
	for i := range vs {
		if err := s.current(ctx, d, &vs[i]); err != nil {
			return nil, nil, err
		}
	}
	return d, vs, nil
}

// Version returns version n of design id (0: the latest) as u may read it.
func (s *Service) Version(ctx context.Context, u *User, id string, n int) (*Design, *Version, error) {
	d, err := s.readable(ctx, u, id)
	if err != nil {
		return nil, nil, err
	}
	v, err := s.version(ctx, u, d, n)
	return d, v, err
}

// version returns version n of d (0: the latest) as u may read it, its
// stored result brought up to the current model (the latest one was when
// d was read).
func (s *Service) version(ctx context.Context, u *User, d *Design, n int) (*Version, error) {
	v, err := recordVersion(ctx, designKind, d.ID, n, d.Version, &d.Latest, s.store.DesignVersion,
		func(v *Version) bool { return CanReadVersion(u, d, v) })
	if err != nil || n == 0 || n == d.Version {
		return v, err
	}
	if err := s.current(ctx, d, v); err != nil {
		return nil, err
	}
	return v, nil
}

// rulesetName is the game's name of ruleset id, or the id itself.
func (s *Service) rulesetName(id string) string {
	if r, ok := s.rules.Get(id); ok {
		return r.Info().Name
	}
	return id
}

// DecodeDocument decodes the design document of a stored version with the
// ruleset it names.
func (s *Service) DecodeDocument(v *Version) (ruleset.Ruleset, ruleset.Design, error) {
	r, d, err := s.rules.Decode(v.Document)
	if err != nil {
		return nil, nil, fmt.Errorf("stored design %s version %d: %w", v.DesignID, v.N, err)
	}
	return r, d, nil
}

// DecodeVersion decodes the document of a stored Metaverse version (the
// compare and fleet paths, which are Metaverse's).
func DecodeVersion(v *Version) (*designer.Design, error) {
	d, err := designer.DecodeDesign(v.Document)
	if err != nil {
		return nil, fmt.Errorf("stored design %s version %d: %w", v.DesignID, v.N, err)
	}
	return d, nil
}

// CompareVersions compares versions from and to of design id, a Metaverse
// design (the compare of costing is Metaverse's; another game's design is
// EInvalid).
func (s *Service) CompareVersions(ctx context.Context, u *User, id string, from, to int) (*costing.Comparison, error) {
	d, err := s.readable(ctx, u, id)
	if err != nil {
		return nil, err
	}
	if mv := s.rules.Fallback().Info(); d.Ruleset != mv.ID {
		return nil, &Error{Code: EInvalid, Field: "id", Message: fmt.Sprintf(
			"is a %s design; comparing versions is served for %s designs only", s.rulesetName(d.Ruleset), mv.Name)}
	}
	var docs [2]*designer.Design
	for i, n := range []int{from, to} {
		if n < 1 {
			return nil, &Error{Code: EInvalid, Field: []string{"from", "to"}[i], Message: "must be a positive version number"}
		}
		v, err := s.version(ctx, u, d, n)
		if err != nil {
			return nil, err
		}
		if docs[i], err = DecodeVersion(v); err != nil {
			return nil, err
		}
	}
	return s.eval.Compare(docs[0], docs[1]), nil
}

// ForkRequest says what to fork: a version (0: the latest), the new
// design's visibility (default private) and name ("" keeps it).
type ForkRequest struct {
	Version    int
	Visibility Visibility
	Name       string
}

// check applies the text rule to the fork's new name, when it gives one:
// 1-80 printable characters, as a class name and a fleet name are.
func (r ForkRequest) check() error {
	if r.Name == "" {
		return nil
	}
	return checkText("name", r.Name, 1, MaxNameLength, false)
}

// Fork copies a version of design id, which u may read, into a new design
// of u's that remembers where it came from.
func (s *Service) Fork(ctx context.Context, u *User, id string, req ForkRequest) (*Design, error) {
	if u == nil {
		return nil, mustSignIn()
	}
	if err := req.check(); err != nil {
		return nil, err
	}
	src, v, err := s.Version(ctx, u, id, req.Version)
	if err != nil {
		return nil, err
	}
	raw := v.Document
	if req.Name != "" {
		if raw, err = ruleset.SetName(raw, req.Name); err != nil {
			return nil, fmt.Errorf("fork %s version %d: %w", id, v.N, err)
		}
	}
	_, doc, err := s.rules.Decode(raw)
	if err != nil {
		return nil, fmt.Errorf("stored design %s version %d: %w", v.DesignID, v.N, err)
	}
	if req.Visibility == "" {
		req.Visibility = Private
	}
	if doc, err = s.Bind(ctx, u, doc); err != nil { // the documents it uses, as the forker reads them
		return nil, err
	}
	if err := s.checkSharedUses(ctx, u, doc, req.Visibility); err != nil {
		return nil, err
	}
	nd, err := s.prepare(doc, req.Visibility, u.ID)
	if err != nil {
		return nil, err
	}
	nd.ParentID, nd.ParentVersion = src.ID, v.N
	return s.createDesign(ctx, u, nd)
}

// LineageRef is one design in a lineage. One that u may not know of is
// only "not public": no id, name, owner or link.
type LineageRef struct {
	ID        string `json:"id,omitempty"`
	Version   int    `json:"version,omitempty"`
	Name      string `json:"name,omitempty"`
	Owner     string `json:"owner,omitempty"`
	Available bool   `json:"available"`
	NotPublic bool   `json:"notPublic,omitempty"`
}

// Lineage is where a design came from and what was forked from it.
type Lineage struct {
	ID string `json:"id"`
	// Ancestors run from the parent back; the walk stops at the first
	// ancestor u may not know of, which appears as "not public".
	Ancestors []LineageRef `json:"ancestors"`
	// Forks are the first MaxLineageForks direct forks u may know of
	// (public ones and u's own), oldest first; ForkCount counts them all.
	Forks     []LineageRef `json:"forks"`
	ForkCount int          `json:"forkCount"`
}

// MaxLineageForks is the most forks a Lineage lists.
const MaxLineageForks = 100

// maxAncestors bounds the walk up a lineage.
const maxAncestors = 100

// Lineage returns design id's ancestors and direct forks as u may see them.
func (s *Service) Lineage(ctx context.Context, u *User, id string) (*Lineage, error) {
	d, err := s.readable(ctx, u, id)
	if err != nil {
		return nil, err
	}
	out := &Lineage{ID: d.ID, Ancestors: []LineageRef{}, Forks: []LineageRef{}}
	seen := map[string]bool{d.ID: true}
	cur := d
	for len(out.Ancestors) < maxAncestors {
		if cur.ParentHidden {
			out.Ancestors = append(out.Ancestors, LineageRef{NotPublic: true})
			break
		}
		if cur.ParentID == "" || seen[cur.ParentID] {
			break
		}
		seen[cur.ParentID] = true
		p, err := s.store.Design(ctx, cur.ParentID)
		if errors.Is(err, ErrNotFound) {
			// Deleted since; it was public or u's own (else ParentHidden).
			out.Ancestors = append(out.Ancestors, LineageRef{ID: cur.ParentID, Version: cur.ParentVersion})
			break
		}
		if err != nil {
			return nil, err
		}
		out.Ancestors = append(out.Ancestors, LineageRef{ID: p.ID, Version: cur.ParentVersion, Name: p.Name, Owner: p.OwnerName, Available: true})
		cur = view(u, p)
	}
	var viewer int64
	if u != nil {
		viewer = u.ID
	}
	fs, n, err := s.store.Forks(ctx, d.ID, viewer, MaxLineageForks)
	if err != nil {
		return nil, err
	}
	out.ForkCount = n
	for _, f := range fs {
		out.Forks = append(out.Forks, LineageRef{ID: f.ID, Version: f.ParentVersion, Name: f.Name, Owner: f.OwnerName, Available: true})
	}
	return out, nil
}

// MyDesigns lists u's live designs, newest first.
func (s *Service) MyDesigns(ctx context.Context, u *User) ([]*Design, error) {
	if u == nil {
		return nil, mustSignIn()
	}
	ds, err := s.store.DesignsByOwner(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	for _, d := range ds {
		view(u, d)
	}
	return ds, nil
}

// MaxQueryBytes is the longest library search string.
const MaxQueryBytes = 256

// Library returns one page of public designs matching q. Every field of q
// is checked first: a bad one is EInvalid naming it.
func (s *Service) Library(ctx context.Context, q LibraryQuery) (*LibraryPage, error) {
	bad := func(field, msg string) error { return &Error{Code: EInvalid, Field: field, Message: msg} }
	if len(q.Q) > MaxQueryBytes {
		return nil, bad("q", fmt.Sprintf("is %d bytes; at most %d allowed", len(q.Q), MaxQueryBytes))
	}
	if q.Ruleset != "" {
		if _, ok := s.rules.Get(q.Ruleset); !ok {
			return nil, bad("ruleset", fmt.Sprintf("must be one of %s", s.rules.Served()))
		}
	}
	if q.RulesVersion < 0 || q.RulesVersion > 1000 {
		return nil, bad("rulesVersion", "must be a whole number from 1 to 1000")
	}
	if err := checkText("q", q.Q, 0, MaxQueryBytes, false); err != nil {
		return nil, err
	}
	for _, f := range []struct{ name, v string }{{"movement", q.Movement}, {"hull", q.Hull}} {
		if err := checkText(f.name, f.v, 0, 64, false); err != nil {
			return nil, err
		}
	}
	desc, ok := Sorts[q.Sort]
	if q.Sort == "" {
		q.Sort, desc, ok = "newest", true, true
		q.Desc = true
	}
	_ = desc
	if !ok {
		return nil, bad("sort", "must be one of newest, cv, points, name, forks")
	}
	if q.Limit < 0 || q.Limit > MaxPage {
		return nil, bad("limit", fmt.Sprintf("must be from 1 to %d", MaxPage))
	}
	if q.Limit == 0 {
		q.Limit = 20
	}
	for name, f := range map[string]*float64{"cvMin": q.CVMin, "cvMax": q.CVMax, "pointsMin": q.PtsMin, "pointsMax": q.PtsMax} {
		if f != nil && (math.IsNaN(*f) || math.IsInf(*f, 0)) {
			return nil, bad(name, "must be a finite number")
		}
	}
	if q.Tier < 0 || q.Tier > 3 {
		return nil, bad("tier", "must be 1, 2 or 3")
	}
	if q.TechLevel < 0 || q.TechLevel > 10 {
		return nil, bad("techLevel", "must be from 1 to 10")
	}
	if c := q.After; c != nil {
		switch k := c.Key.(type) {
		case nil:
			if q.Sort != "newest" {
				return nil, bad("cursor", "is not a cursor this service issued")
			}
		case string:
			if q.Sort != "name" || len(k) > 1024 || checkStorable("cursor", k) != nil {
				return nil, bad("cursor", "is not a cursor this service issued")
			}
		case float64:
			if q.Sort == "name" || q.Sort == "newest" || math.IsNaN(k) || math.IsInf(k, 0) {
				return nil, bad("cursor", "is not a cursor this service issued")
			}
		default:
			return nil, bad("cursor", "is not a cursor this service issued")
		}
		if c.Seq <= 0 {
			return nil, bad("cursor", "is not a cursor this service issued")
		}
	}
	page, err := s.store.Library(ctx, q)
	if errors.Is(err, ErrBadQuery) {
		return nil, &Error{Code: EInvalid, Field: "q", Message: "is not a search this library understands; use words, \"phrases\" and a trailing * for prefixes", Err: err}
	}
	if err != nil {
		return nil, err
	}
	for _, d := range page.Designs {
		view(nil, d)
	}
	return page, nil
}
