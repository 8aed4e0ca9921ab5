package library

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/ruleset"
)

// Printed is what one printed sheet, card page or fleet pack says: the
// facts a verification code stands for. The server builds it from the
// same evaluation that draws the document (DesignPrinted, FleetPrinted),
// stores it under its code when it prints, and builds it again to say
// whether the document still holds.
type Printed struct {
	// Kind is "design", "fleet" or "draft" (a design not saved in the
	// library, printed from the designer).
	Kind string `json:"kind"`
	// ID is the design's or fleet's id in the library ("" for a draft).
	ID   string `json:"id,omitempty"`
	Name string `json:"name"`
	// Version is the design's or fleet's version printed (0 for a draft).
	Version      int    `json:"version,omitempty"`
	Ruleset      string `json:"ruleset"`
	RulesVersion int    `json:"rulesVersion"`
	// Model is the evaluation model the numbers were priced with
	// ("metaverse-cv/2").
	Model string `json:"model"`
	Legal bool   `json:"legal"`
	// Problems are the rule problems printed, in the player's words.
	Problems []string `json:"problems"`
	// Numbers are the numbers printed, each with its label.
	Numbers []PrintedNumber `json:"numbers"`
}

// PrintedNumber is one labelled number of a printed document.
type PrintedNumber struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// Bounds of a Printed: a verification record and page stay small
// whatever the design or fleet.
const (
	maxPrintedProblems = 40
	maxPrintedNumbers  = 80
	maxPrintedText     = 240
	// MaxPrintedPerSubject is how many codes one design or fleet keeps
	// (the same facts are stored once); printing more drops the oldest.
	MaxPrintedPerSubject = 50
	// maxDrafts is how many draft codes the library keeps in all.
	maxDrafts = 2000
)

// codeBytes is how much of the digest a code holds: 80 bits, 16
// characters of base32.
const codeBytes = 10

// codeAlphabet is Crockford's base32 in lower case: no i, l, o or u, so
// a code read off paper has no letter that looks like another.
const codeAlphabet = "0123456789abcdefghjkmnpqrstvwxyz"

var codeEncoding = base32.NewEncoding(codeAlphabet).WithPadding(base32.NoPadding)

// Digest is the SHA-256 of p's canonical JSON (its fields in declaration
// order, as encoding/json writes a struct).
func (p Printed) Digest() [32]byte {
	b, _ := json.Marshal(p.bounded())
	return sha256.Sum256(b)
}

// Code is the short code of p: the first 80 bits of its digest in
// Crockford's base32, 16 characters.
func (p Printed) Code() string {
	d := p.Digest()
	return codeEncoding.EncodeToString(d[:codeBytes])
}

// NormalizeCode reads a code as a player may type it: any case, with
// hyphens or spaces, i and l for 1, o for 0. It returns "" when s cannot
// be a code.
func NormalizeCode(s string) string {
	if len(s) > 64 {
		return ""
	}
	var sb strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r == '-' || r == ' ':
			continue
		case r == 'i' || r == 'l':
			r = '1'
		case r == 'o':
			r = '0'
		}
		if !strings.ContainsRune(codeAlphabet, r) {
			return ""
		}
		sb.WriteRune(r)
	}
	if sb.Len() != codeEncoding.EncodedLen(codeBytes) {
		return ""
	}
	return sb.String()
}

// bounded is p with its texts and lists cut to the bounds: what is stored
// and digested.
func (p Printed) bounded() Printed {
	cut := func(s string) string {
		if len(s) <= maxPrintedText {
			return s
		}
		r := []rune(s)
		for len(string(r)) > maxPrintedText-3 {
			r = r[:len(r)-1]
		}
		return string(r) + "..."
	}
	out := p
	out.Name = cut(p.Name)
	out.Problems = make([]string, 0, min(len(p.Problems), maxPrintedProblems+1))
	for i, s := range p.Problems {
		if i == maxPrintedProblems {
			out.Problems = append(out.Problems, fmt.Sprintf("and %d more", len(p.Problems)-i))
			break
		}
		out.Problems = append(out.Problems, cut(s))
	}
	out.Numbers = make([]PrintedNumber, 0, min(len(p.Numbers), maxPrintedNumbers+1))
	for i, n := range p.Numbers {
		if i == maxPrintedNumbers {
			out.Numbers = append(out.Numbers, PrintedNumber{Label: "Not listed", Value: fmt.Sprintf("%d more numbers", len(p.Numbers)-i)})
			break
		}
		out.Numbers = append(out.Numbers, PrintedNumber{Label: cut(n.Label), Value: cut(n.Value)})
	}
	return out
}

// DesignPrinted is what the sheet or card of a design prints, from the
// evaluation that draws it: its head, its summary's numbers (as the
// ruleset labels its value) and its problems. d and v are nil for a
// draft. The API calls it with the evaluation it prints; Verify calls it
// with a fresh one.
func DesignPrinted(rs ruleset.Ruleset, d *Design, v *Version, head ruleset.Head, ev ruleset.Evaluation) Printed {
	info := rs.Info()
	sum := ev.Summary()
	p := Printed{Kind: "draft", Name: head.Name, Ruleset: info.ID, RulesVersion: head.RulesVersion,
		Model: sum.ModelVersion, Legal: ev.Findings().Legal()}
	if p.Model == "" {
		p.Model = info.ModelVersion
	}
	if d != nil && v != nil {
		p.Kind, p.ID, p.Version = "design", d.ID, v.N
	}
	for _, pr := range ev.Findings() {
		if pr.Severity == ruleset.Error {
			p.Problems = append(p.Problems, pr.Message)
		}
	}
	value := info.Value
	if value == "" {
		value = "value"
	}
	num := func(label string, v float64) {
		if v != 0 {
			p.Numbers = append(p.Numbers, PrintedNumber{label, ruleset.FormatNumber(v)})
		}
	}
	num(strings.ToUpper(value[:1])+value[1:], sum.CV)
	num("Points", sum.Points)
	num("Tier", float64(sum.Tier))
	num("EMS", sum.EMS)
	num("Target rating", sum.TargetRating)
	num("Mass factor", sum.MassFactor)
	num("Tech level", float64(sum.TechLevel))
	if sum.Movement != "" {
		p.Numbers = append(p.Numbers, PrintedNumber{"Movement", sum.Movement})
	}
	if sum.Hull != "" {
		p.Numbers = append(p.Numbers, PrintedNumber{"Hull", sum.Hull})
	}
	return p.bounded()
}

// FleetPrinted is what the pack of a Metaverse fleet prints: its totals
// as page one labels them, each ship's combat value and points, and the
// whole fleet's verdict, from the evaluation r that draws the pack,
// priced with model. f is nil for a fleet not saved.
func FleetPrinted(f *Fleet, version int, doc *fleet.Fleet, r *fleet.Result, model string) Printed {
	p := Printed{Kind: "fleet", Name: doc.Name, Ruleset: doc.Ruleset, RulesVersion: doc.RulesVersion,
		Model: model, Legal: r.Legal}
	if p.Ruleset == "" {
		p.Ruleset = "metaverse"
	}
	if f != nil {
		p.ID, p.Version = f.ID, version
	} else {
		p.Kind = "draft-fleet"
	}
	for _, pr := range r.Problems {
		if pr.Severity == ruleset.Error {
			p.Problems = append(p.Problems, pr.Message)
		}
	}
	for _, t := range r.PackTotals() {
		p.Numbers = append(p.Numbers, PrintedNumber{sentenceCase(t.Label), t.Value})
	}
	for i := range r.Ships {
		s := &r.Ships[i]
		if s.Result == nil {
			continue
		}
		p.Numbers = append(p.Numbers, PrintedNumber{s.Label(),
			ruleset.Thousands(s.Result.CV) + " CV, " + ruleset.Count(s.Result.Points, "point")})
	}
	return p.bounded()
}

// SeamFleetPrinted is what the pack of a fleet of a game whose fleets
// embed their ship classes (ruleset.Fleets) prints, not saved in the
// library: its name, game, model and verdict and, when the evaluation
// lists them (ruleset.NumberedFleet), the numbers the pack prints (its
// totals, each class's and each squadron's), from the same evaluation
// that draws the pack.
func SeamFleetPrinted(rs ruleset.Ruleset, head ruleset.Head, ev ruleset.FleetEvaluation) Printed {
	info := rs.Info()
	p := Printed{Kind: "draft-fleet", Name: head.Name, Ruleset: info.ID, RulesVersion: head.RulesVersion,
		Model: info.ModelVersion, Legal: ev.Findings().Legal()}
	for _, pr := range ev.Findings() {
		if pr.Severity == ruleset.Error {
			p.Problems = append(p.Problems, pr.Message)
		}
	}
	if nf, ok := ev.(ruleset.NumberedFleet); ok {
		for _, n := range nf.PrintedNumbers() {
			p.Numbers = append(p.Numbers, PrintedNumber{n.Label, n.Value})
		}
	}
	return p.bounded()
}

// sentenceCase turns a printed label in capitals ("FLEET TOTAL") into a
// sentence's ("Fleet total").
func sentenceCase(s string) string {
	if s == "" || strings.ToUpper(s) != s {
		return s
	}
	l := strings.ToLower(s)
	return strings.ToUpper(l[:1]) + l[1:]
}

// PrintRecord is a stored verification: the facts printed under a code,
// the design or fleet they are of, and when they were first printed.
type PrintRecord struct {
	Code string
	// Subject is "design:<id>", "fleet:<id>" or "draft": what the cap of
	// codes is counted over.
	Subject   string
	Facts     Printed
	CreatedAt time.Time
}

// ShareLink is a design owner's link that lets anyone holding it verify
// the design's sheets while the design is private.
type ShareLink struct {
	DesignID  string    `json:"designId"`
	Token     string    `json:"token"`
	CreatedAt time.Time `json:"createdAt"`
}

// VerifyStore keeps verification records and share links. Both stores
// implement it; the Service finds it on its Store by type assertion.
type VerifyStore interface {
	// SavePrinted stores rec under its code unless the code is stored
	// already (the same facts are stored once), then drops the oldest
	// records of its subject past keep.
	SavePrinted(ctx context.Context, rec PrintRecord, keep int) error
	// Printed returns the record of a code, or ErrNotFound.
	PrintedByCode(ctx context.Context, code string) (*PrintRecord, error)
	// SetShare stores the share link of a design, replacing any other.
	SetShare(ctx context.Context, l ShareLink) error
	// Share returns the share link of a design, or ErrNotFound.
	Share(ctx context.Context, designID string) (*ShareLink, error)
	// DeleteShare revokes the share link of a design (none is no error).
	DeleteShare(ctx context.Context, designID string) error
}

func (s *Service) verifyStore() (VerifyStore, error) {
	vs, ok := s.store.(VerifyStore)
	if !ok {
		return nil, errors.New("the store keeps no verification records")
	}
	return vs, nil
}

// RecordPrinted stores what a document printed and returns its code.
// Anyone who may print a document records it: the code is a digest of
// facts the printer could read.
func (s *Service) RecordPrinted(ctx context.Context, p Printed) (string, error) {
	vs, err := s.verifyStore()
	if err != nil {
		return "", err
	}
	p = p.bounded()
	rec := PrintRecord{Code: p.Code(), Subject: subjectOf(p), Facts: p, CreatedAt: s.clock()}
	// A sheet printed again is read, not written: the store's one writer
	// is not taken for every download of a public design's sheet.
	if _, err := vs.PrintedByCode(ctx, rec.Code); err == nil {
		return rec.Code, nil
	}
	keep := MaxPrintedPerSubject
	if rec.Subject == "draft" {
		keep = maxDrafts
	}
	if err := vs.SavePrinted(ctx, rec, keep); err != nil {
		return "", fmt.Errorf("record printed %s: %w", rec.Subject, err)
	}
	return rec.Code, nil
}

func subjectOf(p Printed) string {
	switch {
	case p.Kind == "design" && p.ID != "":
		return "design:" + p.ID
	case p.Kind == "fleet" && p.ID != "":
		return "fleet:" + p.ID
	}
	return "draft"
}

func (s *Service) clock() time.Time {
	if s.now != nil {
		return s.now().UTC()
	}
	return time.Now().UTC()
}

// Verification is what the verification page says of a code: what was
// printed, what the design or fleet says now, and whether they match.
type Verification struct {
	Code string `json:"code"`
	// Printed is what the document printed.
	Printed Printed `json:"printed"`
	// Now is what the same version says under today's model; nil for a
	// draft, which the library does not keep.
	Now *Printed `json:"now,omitempty"`
	// Matches is true when Now gives the same digest as Printed.
	Matches bool `json:"matches"`
	// Latest is the newest version of the design or fleet, when it is
	// newer than the version printed (0 otherwise).
	Latest int `json:"latestVersion,omitempty"`
	// LatestFacts is what the newest version says, when there is one.
	LatestFacts *Printed `json:"latest,omitempty"`
	// Changes say in words what changed since the document was printed;
	// empty when it matches.
	Changes []string `json:"changes"`
	// Private is true when the design is private: the page is shown to
	// its owner or a holder of its share link only.
	Private bool `json:"private"`
	// PrintedAt is when the code was first printed.
	PrintedAt time.Time `json:"printedAt"`
}

// Verify answers the verification page of code for u, with share the
// token of a share link ("" for none). A code unknown, or of a design or
// fleet u may not read (a private design: its owner or a holder of its
// share link only), is ENotFound, the same answer, so that a code tells
// nothing of private data.
func (s *Service) Verify(ctx context.Context, u *User, code, share string) (*Verification, error) {
	notFound := &Error{Code: ENotFound, Message: "no printed sheet has this verification code; check the code on the paper (16 letters and digits)"}
	code = NormalizeCode(code)
	if code == "" {
		return nil, notFound
	}
	vs, err := s.verifyStore()
	if err != nil {
		return nil, err
	}
	rec, err := vs.PrintedByCode(ctx, code)
	if errors.Is(err, ErrNotFound) {
		return nil, notFound
	}
	if err != nil {
		return nil, err
	}
	out := &Verification{Code: code, Printed: rec.Facts, PrintedAt: rec.CreatedAt, Changes: []string{}}
	switch rec.Facts.Kind {
	case "design":
		err = s.verifyDesign(ctx, u, share, out)
	case "fleet":
		err = s.verifyFleet(ctx, u, share, out)
	case "draft-fleet":
		out.Changes = append(out.Changes, "This pack was printed from a fleet that was not saved in the library: the numbers above are the ones printed, and there is no saved fleet to compare them with.")
	default:
		out.Changes = append(out.Changes, "This sheet was printed from a design that was not saved in the library: the numbers above are the ones printed, and there is no saved design to compare them with.")
	}
	if err != nil {
		if ErrorCode(err) == ENotFound {
			return nil, notFound
		}
		return nil, err
	}
	return out, nil
}

// verifyDesign fills out for a design's code: the printed version as it
// evaluates now, and the latest version.
func (s *Service) verifyDesign(ctx context.Context, u *User, share string, out *Verification) error {
	id := out.Printed.ID
	reader := u
	raw, err := s.store.Design(ctx, id)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return &Error{Code: ENotFound, Message: "not found"}
		}
		return err
	}
	out.Private = raw.Visibility == Private
	if !CanRead(u, raw) || (out.Private && !owns(u, raw)) {
		if !s.shareOK(ctx, raw, share) {
			return &Error{Code: ENotFound, Message: "not found"}
		}
		reader = &User{ID: raw.OwnerID}
	}
	d, v, err := s.Version(ctx, reader, id, out.Printed.Version)
	if err != nil {
		return err
	}
	now, err := s.printedNow(ctx, d, v)
	if err != nil {
		return err
	}
	out.Now = &now
	out.Matches = now.Code() == out.Printed.Code()
	if !out.Matches {
		out.Changes = append(out.Changes, changes(out.Printed, now)...)
	}
	if d.Version > out.Printed.Version {
		_, lv, err := s.Version(ctx, reader, id, 0)
		if err == nil {
			lf, err := s.printedNow(ctx, d, lv)
			if err == nil {
				out.Latest, out.LatestFacts = lv.N, &lf
				out.Changes = append(out.Changes, fmt.Sprintf("A newer version of this design exists: version %d (this sheet printed version %d).", lv.N, out.Printed.Version))
			}
		}
	}
	return nil
}

// printedNow is what a sheet of version v of d would print today.
func (s *Service) printedNow(ctx context.Context, d *Design, v *Version) (Printed, error) {
	rs, doc, err := s.DecodeDocument(v)
	if err != nil {
		return Printed{}, err
	}
	if doc, err = s.bindAsOwner(ctx, d, doc); err != nil { // as its owner reads them, whoever checks the code
		return Printed{}, err
	}
	ev, err := rs.Evaluate(doc, nil)
	if err != nil {
		return Printed{}, err
	}
	return DesignPrinted(rs, d, v, doc.Head(), ev), nil
}

// verifyFleet fills out for a fleet's code, as u may read the fleet or,
// with the fleet's share link, as its owner reads it (the pack printed
// what the owner read).
func (s *Service) verifyFleet(ctx context.Context, u *User, share string, out *Verification) error {
	v, err := s.FleetVersionView(ctx, u, out.Printed.ID, out.Printed.Version)
	if ErrorCode(err) == ENotFound && s.fleetShareOK(ctx, out.Printed.ID, share) {
		raw, ferr := s.store.Fleet(ctx, out.Printed.ID)
		if ferr != nil {
			return &Error{Code: ENotFound, Message: "not found"}
		}
		v, err = s.FleetVersionView(ctx, &User{ID: raw.OwnerID}, out.Printed.ID, out.Printed.Version)
	}
	if err != nil {
		return err
	}
	out.Private = v.Fleet.Visibility == Private
	now := FleetPrinted(v.Fleet, out.Printed.Version, v.Document, v.Result, v.Model)
	out.Now = &now
	out.Matches = now.Code() == out.Printed.Code()
	if !out.Matches {
		out.Changes = append(out.Changes, changes(out.Printed, now)...)
	}
	if v.Fleet.Version > out.Printed.Version {
		out.Latest = v.Fleet.Version
		out.Changes = append(out.Changes, fmt.Sprintf("A newer version of this fleet exists: version %d (this pack printed version %d).", v.Fleet.Version, out.Printed.Version))
	}
	return nil
}

// changes says in words how now differs from then.
func changes(then, now Printed) []string {
	var out []string
	if then.Model != now.Model {
		out = append(out, fmt.Sprintf("The numbers are now priced with %s; this document printed them with %s.", now.Model, then.Model))
	}
	if then.Legal != now.Legal {
		if now.Legal {
			out = append(out, "The design is legal now; it was not when printed.")
		} else {
			out = append(out, "The design is not legal now; it was when printed.")
		}
	}
	old := map[string]string{}
	for _, n := range then.Numbers {
		old[n.Label] = n.Value
	}
	for _, n := range now.Numbers {
		if o, ok := old[n.Label]; ok && o != n.Value {
			out = append(out, fmt.Sprintf("%s: %s when printed, %s now.", n.Label, o, n.Value))
		}
	}
	if len(out) == 0 {
		out = append(out, "What the rules report about it changed since it was printed.")
	}
	return out
}

// shareOK reports whether token is the share link of d.
func (s *Service) shareOK(ctx context.Context, d *Design, token string) bool {
	if token == "" || len(token) > 64 {
		return false
	}
	vs, err := s.verifyStore()
	if err != nil {
		return false
	}
	l, err := vs.Share(ctx, d.ID)
	if err != nil {
		return false
	}
	return subtleEqual(l.Token, token)
}

func subtleEqual(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	var v byte
	for i := 0; i < len(a); i++ {
		v |= a[i] ^ b[i]
	}
	return v == 0
}

// CreateShare makes (or replaces) the share link of design id, owned by
// u: whoever holds it may verify the design's sheets while it is private.
func (s *Service) CreateShare(ctx context.Context, u *User, id string) (*ShareLink, error) {
	d, err := s.owned(ctx, u, id)
	if err != nil {
		return nil, err
	}
	vs, err := s.verifyStore()
	if err != nil {
		return nil, err
	}
	b := make([]byte, shareBytes)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	l := ShareLink{DesignID: d.ID, Token: codeEncoding.EncodeToString(b), CreatedAt: s.clock()}
	if err := vs.SetShare(ctx, l); err != nil {
		return nil, fmt.Errorf("share design %s: %w", d.ID, err)
	}
	return &l, nil
}

// shareBytes is the size of a share token: 80 random bits, 16
// characters, short enough to ride in a printed QR code.
const shareBytes = 10

// PrintShare is the share token to print in the verification link of a
// sheet of d that u prints: the design's share link when d is private,
// u owns it and has made one; "" otherwise.
func (s *Service) PrintShare(ctx context.Context, u *User, d *Design) string {
	if d == nil || d.Visibility != Private || !owns(u, d) {
		return ""
	}
	vs, err := s.verifyStore()
	if err != nil {
		return ""
	}
	l, err := vs.Share(ctx, d.ID)
	if err != nil {
		return ""
	}
	return l.Token
}

// ShareOf returns the share link of design id to its owner u, or
// ENotFound when it has none.
func (s *Service) ShareOf(ctx context.Context, u *User, id string) (*ShareLink, error) {
	d, err := s.owned(ctx, u, id)
	if err != nil {
		return nil, err
	}
	vs, err := s.verifyStore()
	if err != nil {
		return nil, err
	}
	l, err := vs.Share(ctx, d.ID)
	if errors.Is(err, ErrNotFound) {
		return nil, &Error{Code: ENotFound, Message: "this design has no share link"}
	}
	return l, err
}

// RevokeShare revokes the share link of design id, owned by u.
func (s *Service) RevokeShare(ctx context.Context, u *User, id string) error {
	d, err := s.owned(ctx, u, id)
	if err != nil {
		return err
	}
	vs, err := s.verifyStore()
	if err != nil {
		return err
	}
	return vs.DeleteShare(ctx, d.ID)
}
