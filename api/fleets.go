package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/fleet/fleetpdf"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/sheets"
)

// Fleets: thin adapters over the library Service's fleet methods, with
// the designs' visibility, ETag and If-Match rules (docs/fleets.md).

// fleetJSON is a stored fleet as the API returns it.
type fleetJSON struct {
	ID          string               `json:"id"`
	Owner       string               `json:"owner"`
	Visibility  library.Visibility   `json:"visibility"`
	Name        string               `json:"name"`
	Description string               `json:"description"`
	Version     int                  `json:"version"`
	Parent      *parentJSON          `json:"parent"`
	CreatedAt   time.Time            `json:"createdAt"`
	UpdatedAt   time.Time            `json:"updatedAt"`
	Summary     library.FleetSummary `json:"summary"`
	// Fleet is the document; Evaluation its evaluation with the caller's
	// rights; Updates the ships whose designs have newer versions (for
	// the owner). Absent in lists.
	Fleet      *fleet.Fleet          `json:"fleet,omitempty"`
	Evaluation *fleet.Result         `json:"evaluation,omitempty"`
	Updates    *[]library.ShipUpdate `json:"updates,omitempty"`
	// Model is the combat value model Evaluation is priced with: the
	// fleet's pin or the current one; Current what the current model
	// says of a fleet pinned to another. Absent in lists.
	Model   string        `json:"model,omitempty"`
	Current *fleet.Result `json:"current,omitempty"`
}

func toFleetJSON(f *library.Fleet, v *library.FleetView) fleetJSON {
	out := fleetJSON{ID: f.ID, Owner: f.OwnerName, Visibility: f.Visibility, Name: f.Name, Description: f.Description,
		Version: f.Version, CreatedAt: f.CreatedAt, UpdatedAt: f.UpdatedAt, Summary: f.Latest.Summary}
	if out.Owner == "" {
		out.Owner = DeletedOwner
	}
	if f.ParentID != "" {
		out.Parent = &parentJSON{ID: f.ParentID, Version: f.ParentVersion}
	}
	if v != nil {
		out.Fleet, out.Evaluation, out.Current = v.Document, v.Result, v.Current
		out.Model = v.Model
		ups := v.Updates
		if ups == nil {
			ups = []library.ShipUpdate{}
		}
		out.Updates = &ups
	}
	return out
}

// fleetWrite is the body of POST and PUT /fleets.
type fleetWrite struct {
	Visibility library.Visibility `json:"visibility" validate:"omitempty,oneof=private unlisted public"`
	Fleet      *fleet.Fleet       `json:"fleet" validate:"required"`
}

// decodeFleetWrite reads a fleetWrite. The library keeps Metaverse's
// fleets only: a fleet of a game whose fleets embed their classes
// (ruleset.Fleets) is refused with where to check, price and print it.
func (s *Server) decodeFleetWrite(c *gin.Context, req *fleetWrite) bool {
	b, ok := s.readBody(c)
	if !ok {
		return false
	}
	var peek struct {
		Visibility string          `json:"visibility"`
		Fleet      json.RawMessage `json:"fleet"`
	}
	if ruleset.DecodeStrict(b, &peek, 0) == nil {
		if rs, err := s.svc.Rulesets().Pick(peek.Fleet); err == nil {
			if _, seam := rs.(ruleset.Fleets); seam {
				msg := fmt.Sprintf("%s fleets are not kept in the library yet; check, price and print one with POST /api/v1/fleets/validate, /fleets/evaluate and /fleets/pack", rs.Info().Name)
				s.problem(c, http.StatusBadRequest, "invalid-request", "fleet.ruleset: "+msg,
					designer.Problems{{Rule: "R-API-01", Severity: designer.Error, Path: "fleet.ruleset", Message: msg}})
				return false
			}
		}
	}
	if err := designer.DecodeStrict(b, req, 0); err != nil {
		s.decodeProblem(c, err)
		return false
	}
	return s.check(c, req)
}

func cacheForFleet(c *gin.Context, f *library.Fleet) {
	if f.Visibility == library.Public {
		c.Header("Cache-Control", "public, no-cache")
	} else {
		c.Header("Cache-Control", "private, no-cache")
	}
}

// fleetETag is a fleet answer's ETag: "v<version>-<hash of the body>".
// The version part is what If-Match names; the hash changes when the
// evaluation does (a referenced design became unreadable, or has a newer
// version), so a conditional GET never hides that.
func fleetETag(version int, body any) string {
	b, _ := json.Marshal(body)
	sum := sha256.Sum256(b)
	return `"v` + strconv.Itoa(version) + "-" + base64.RawURLEncoding.EncodeToString(sum[:9]) + `"`
}

// fleetPrecondition reads If-Match for a fleet: "*", or entity tags
// "v<N>-<hash>" (or "v<N>"), of which the version part must match.
func fleetPrecondition(h string) library.Precondition {
	h = strings.TrimSpace(h)
	switch h {
	case "":
		return library.Precondition{}
	case "*":
		return library.Precondition{Any: true}
	}
	p := library.Precondition{Versions: []int{}}
	for _, t := range strings.Split(h, ",") {
		t = strings.TrimSpace(t)
		if !strings.HasPrefix(t, `"v`) || !strings.HasSuffix(t, `"`) || len(t) < 4 {
			continue
		}
		num, _, _ := strings.Cut(t[2:len(t)-1], "-")
		if n, err := strconv.Atoi(num); err == nil && n > 0 && strconv.Itoa(n) == num {
			p.Versions = append(p.Versions, n)
		}
	}
	return p
}

// answerFleet answers with a fleet view and its ETag.
func (s *Server) answerFleet(c *gin.Context, status int, v *library.FleetView) {
	cacheForFleet(c, v.Fleet)
	body := toFleetJSON(v.Fleet, v)
	s.jsonTagged(c, status, body, fleetETag(v.Fleet.Version, body))
}

func (s *Server) createFleet(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	var req fleetWrite
	if !s.decodeFleetWrite(c, &req) {
		return
	}
	v, err := s.svc.CreateFleet(c.Request.Context(), caller(c), req.Fleet, req.Visibility)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Location", "/api/v1/fleets/"+v.Fleet.ID)
	s.answerFleet(c, http.StatusCreated, v)
}

func (s *Server) getFleet(c *gin.Context) {
	v, err := s.svc.Fleet(c.Request.Context(), caller(c), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	s.answerFleet(c, http.StatusOK, v)
}

func (s *Server) updateFleet(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	var req fleetWrite
	if !s.decodeFleetWrite(c, &req) {
		return
	}
	v, err := s.svc.UpdateFleet(c.Request.Context(), caller(c), c.Param("id"), fleetPrecondition(c.GetHeader("If-Match")), req.Fleet, req.Visibility)
	if err != nil {
		s.fail(c, err)
		return
	}
	s.answerFleet(c, http.StatusOK, v)
}

// upgradeRequest is the optional body of POST /fleets/{id}/upgrade.
type upgradeRequest struct {
	Ships []string `json:"ships" validate:"omitempty,max=500,dive,min=1,max=32"`
}

func (s *Server) upgradeFleet(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	var req upgradeRequest
	if c.Request.ContentLength != 0 {
		if !s.decodeBody(c, &req) {
			return
		}
	}
	v, err := s.svc.UpgradeFleet(c.Request.Context(), caller(c), c.Param("id"), fleetPrecondition(c.GetHeader("If-Match")), req.Ships)
	if err != nil {
		s.fail(c, err)
		return
	}
	s.answerFleet(c, http.StatusOK, v)
}

func (s *Server) deleteFleet(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	if err := s.svc.DeleteFleet(c.Request.Context(), caller(c), c.Param("id"), fleetPrecondition(c.GetHeader("If-Match"))); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (s *Server) myFleets(c *gin.Context) {
	fs, err := s.svc.MyFleets(c.Request.Context(), caller(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	out := make([]fleetJSON, 0, len(fs))
	for _, f := range fs {
		out = append(out, toFleetJSON(f, nil))
	}
	c.Header("Cache-Control", "private, no-cache")
	s.json(c, http.StatusOK, map[string]any{"fleets": out})
}

// fleetLibrary answers GET /fleet-library: public fleets matching q and
// the filters (cvMin, cvMax, pointsMin, pointsMax, tier, limitKind), in
// the sort order asked (sort, order), a page of limit; next is the opaque
// cursor of the following page.
func (s *Server) fleetLibrary(c *gin.Context) {
	q, err := ParseFleetQuery(c.Query)
	if err != nil {
		s.fail(c, err)
		return
	}
	fs, err := s.svc.FleetLibrary(c.Request.Context(), q)
	if err != nil {
		s.fail(c, err)
		return
	}
	out := make([]fleetJSON, 0, len(fs))
	for _, f := range fs {
		out = append(out, toFleetJSON(f, nil))
	}
	var next any
	limit := q.Limit
	if limit == 0 {
		limit = 20
	}
	if len(fs) == limit {
		next = EncodeFleetCursor(q, fs[len(fs)-1])
	}
	c.Header("Cache-Control", "public, no-cache")
	s.json(c, http.StatusOK, map[string]any{"fleets": out, "next": next})
}

// EncodeFleetCursor returns the opaque cursor of the page that follows
// the fleet last for query q (as ParseFleetQuery read it), as
// /api/v1/fleet-library's "next" gives it; the web fleet library uses it,
// so a page link means the same on both.
func EncodeFleetCursor(q library.FleetQuery, last *library.Fleet) string {
	sort := q.Sort
	if sort == "" {
		sort = "newest"
	}
	desc := library.FleetSorts[sort]
	if q.Order != "" {
		desc = q.Order == "desc"
	}
	b, _ := json.Marshal(cursorJSON{sort, desc, library.FleetCursor(library.FleetQuery{Sort: sort}, last)})
	return base64.RawURLEncoding.EncodeToString(b)
}

// ParseFleetQuery reads the fleet library's URL query parameters (q,
// sort, order, limitKind, tier, cvMin, cvMax, pointsMin, pointsMax, limit,
// cursor) into a FleetQuery; the Service checks what they mean. A
// malformed parameter is an error naming it. The web fleet library shares
// it, so a search URL means the same on /fleets and
// /api/v1/fleet-library.
func ParseFleetQuery(get func(string) string) (library.FleetQuery, error) {
	q := library.FleetQuery{Q: get("q"), Sort: get("sort"), Order: get("order"), LimitKind: get("limitKind")}
	bad := func(name, why string) (library.FleetQuery, error) {
		return q, &library.Error{Code: library.EInvalid, Field: name, Message: why}
	}
	for _, p := range []struct {
		name, allowed string
		dst           *int
	}{{"tier", "give 1, 2 or 3", &q.MaxTier}, {"limit", fmt.Sprintf("give a whole number from 1 to %d", library.MaxPage), &q.Limit}} {
		if v := get(p.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return bad(p.name, fmt.Sprintf("is %q; %s", v, p.allowed))
			}
			*p.dst = n
		}
	}
	for _, p := range []struct {
		name string
		dst  **int
	}{{"cvMin", &q.CVMin}, {"cvMax", &q.CVMax}, {"pointsMin", &q.PtsMin}, {"pointsMax", &q.PtsMax}} {
		if v := get(p.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return bad(p.name, fmt.Sprintf("is %q; give a whole number from 0", v))
			}
			*p.dst = &n
		}
	}
	if v := get("cursor"); v != "" {
		var cur cursorJSON
		b, err := base64.RawURLEncoding.DecodeString(v)
		if err != nil || len(b) > 2048 || json.Unmarshal(b, &cur) != nil || cur.Seq < 1 {
			return bad("cursor", "is not a cursor this service issued")
		}
		sort := q.Sort
		if sort == "" {
			sort = "newest"
		}
		desc, known := library.FleetSorts[sort]
		switch q.Order {
		case "asc":
			desc = false
		case "desc":
			desc = true
		}
		if known && (cur.Sort != sort || cur.Desc != desc) {
			return bad("cursor", "was issued for another sort order; keep sort and order when paging")
		}
		q.AfterKey, q.After = cur.Key, cur.Seq
	}
	return q, nil
}

// fleetVersionJSON is one stored fleet version.
type fleetVersionJSON struct {
	Version    int                  `json:"version"`
	Visibility library.Visibility   `json:"visibility"`
	CreatedAt  time.Time            `json:"createdAt"`
	Summary    library.FleetSummary `json:"summary"`
	Fleet      *fleet.Fleet         `json:"fleet,omitempty"`
	Evaluation *fleet.Result        `json:"evaluation,omitempty"`
}

func (s *Server) listFleetVersions(c *gin.Context) {
	f, vs, err := s.svc.FleetVersions(c.Request.Context(), caller(c), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	out := make([]fleetVersionJSON, 0, len(vs))
	for _, v := range vs {
		out = append(out, fleetVersionJSON{Version: v.N, Visibility: v.Visibility, CreatedAt: v.CreatedAt, Summary: v.Summary})
	}
	cacheForFleet(c, f)
	s.json(c, http.StatusOK, map[string]any{"id": f.ID, "versions": out})
}

func (s *Server) getFleetVersion(c *gin.Context) {
	n, ok := s.versionParam(c, "version", c.Param("n"), false)
	if !ok {
		return
	}
	v, err := s.svc.FleetVersionView(c.Request.Context(), caller(c), c.Param("id"), n)
	if err != nil {
		s.fail(c, err)
		return
	}
	cacheForFleet(c, v.Fleet)
	body := fleetVersionJSON{Version: n, Visibility: v.Fleet.Visibility, CreatedAt: v.Fleet.UpdatedAt,
		Summary: library.FleetSummary{CV: v.Result.Totals.CV, Points: v.Result.Totals.Points, Ships: v.Result.Totals.Ships,
			Squadrons: v.Result.Totals.Squadrons, HighestTier: v.Result.Totals.HighestTier, LimitKind: v.Result.Totals.LimitKind,
			Limit: v.Result.Totals.Limit, Legal: v.Result.Legal},
		Fleet: v.Document, Evaluation: v.Result}
	s.jsonTagged(c, http.StatusOK, body, fleetETag(n, body))
}

func (s *Server) forkFleet(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	var req forkRequest
	if c.Request.ContentLength != 0 {
		if !s.decodeBody(c, &req) {
			return
		}
	}
	v, err := s.svc.ForkFleet(c.Request.Context(), caller(c), c.Param("id"),
		library.ForkRequest{Version: req.Version, Visibility: req.Visibility, Name: req.Name})
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Location", "/api/v1/fleets/"+v.Fleet.ID)
	s.answerFleet(c, http.StatusCreated, v)
}

// decodeFleetBytes decodes b as a Metaverse fleet document; on failure it
// has answered.
func (s *Server) decodeFleetBytes(c *gin.Context, b []byte) (*fleet.Fleet, bool) {
	f, err := fleet.Decode(b)
	if err != nil {
		s.decodeProblem(c, err)
		return nil, false
	}
	return f, true
}

// fleetReport is the answer of POST /fleets/validate.
type fleetReport struct {
	Legal    bool                 `json:"legal"`
	Problems designer.Problems    `json:"problems"`
	Totals   fleet.Totals         `json:"totals"`
	Updates  []library.ShipUpdate `json:"updates"`
}

// checkFleet decodes the fleet document in the body and evaluates it
// with the caller's rights to the designs it references (anonymous:
// public and unlisted ones); on failure it has answered.
func (s *Server) checkFleet(c *gin.Context, b []byte) (*fleet.Fleet, *fleet.Result, *fleet.Result, []library.ShipUpdate, bool) {
	f, ok := s.decodeFleetBytes(c, b)
	if !ok {
		return nil, nil, nil, nil, false
	}
	r, current, ups, err := s.svc.EvaluateFleetPinned(c.Request.Context(), caller(c), f)
	if err != nil {
		s.fail(c, err)
		return nil, nil, nil, nil, false
	}
	if ups == nil {
		ups = []library.ShipUpdate{}
	}
	return f, r, current, ups, true
}

// validateFleet answers POST /fleets/validate: legality, problems and
// totals.
func (s *Server) validateFleet(c *gin.Context) {
	b, ok := s.readBody(c)
	if !ok {
		return
	}
	if fl, handled := s.seamFleet(c, b); handled {
		if fl != nil {
			ps := fl.eval.Findings()
			s.json(c, http.StatusOK, map[string]any{"legal": ps.Legal(), "problems": ps})
		}
		return
	}
	if _, r, _, ups, ok := s.checkFleet(c, b); ok {
		s.json(c, http.StatusOK, fleetReport{Legal: r.Legal, Problems: r.Problems, Totals: r.Totals, Updates: ups})
	}
}

// evaluateFleet answers with the whole evaluation and the document as
// checked (unversioned references pinned).
func (s *Server) evaluateFleet(c *gin.Context) {
	b, ok := s.readBody(c)
	if !ok {
		return
	}
	if fl, handled := s.seamFleet(c, b); handled {
		if fl != nil {
			s.json(c, http.StatusOK, map[string]any{"fleet": fl.doc, "evaluation": fl.eval})
		}
		return
	}
	if f, r, current, ups, ok := s.checkFleet(c, b); ok {
		out := map[string]any{"fleet": f, "evaluation": r, "updates": ups, "model": s.svc.FleetModel(f)}
		if current != nil {
			out["current"] = current
		}
		s.json(c, http.StatusOK, out)
	}
}

// fleetPackPDF serves GET /fleets/{id}/pack.pdf (?version=n): the fleet
// pack of a stored fleet, as the caller may see it.
func (s *Server) fleetPackPDF(c *gin.Context) {
	opt, err := sheets.OptionsFromQuery(c.Request.URL.Query())
	if err != nil {
		s.optionsError(c, err)
		return
	}
	n, ok := s.versionParam(c, "version", c.Query("version"), true)
	if !ok {
		return
	}
	v, err := s.svc.FleetVersionView(c.Request.Context(), caller(c), c.Param("id"), n)
	if err != nil {
		s.fail(c, err)
		return
	}
	cacheForFleet(c, v.Fleet)
	what := "fleet pack of " + v.Fleet.ID
	version := n
	if version == 0 {
		version = v.Fleet.Version
	}
	// A private fleet's pack printed by its owner while the fleet has a
	// share link carries the link's token, so whoever holds the paper may
	// verify it.
	share := s.svc.PrintFleetShare(c.Request.Context(), caller(c), v.Fleet)
	verify, ok := s.recordShared(c, library.FleetPrinted(v.Fleet, version, v.Document, v.Result, v.Model), share)
	if !ok {
		return
	}
	buf, ok := s.renderFleetPack(c, v.Document, v.Result, opt, what,
		fleetpdf.Extra{Verify: verify, Current: v.Current, CurrentModel: s.svc.FleetEvaluator().Model().Version()})
	if !ok {
		return
	}
	s.pdf(c, sheets.SafeFileName(v.Document.Name)+"-v"+strconv.Itoa(version)+"-pack.pdf", buf.Bytes())
}

// bigPackShips is the most printable ships of a fleet pack that renders
// beside others; a larger pack (up to fleet.MaxShips, about 300 MB of
// heap for 500 ships) also takes the one turn of the big-pack gate, so
// that big packs render one at a time and memory stays bounded.
const bigPackShips = 100

// renderFleetPack prints the pack of f, evaluated as r, through the PDF
// gate (and, past bigPackShips printable ships, the big-pack gate): 422
// when no ship's design could be read, 503 when a gate is full. It
// answers the failure itself and reports whether it rendered.
func (s *Server) renderFleetPack(c *gin.Context, f *fleet.Fleet, r *fleet.Result, opt sheets.Options, what string, x fleetpdf.Extra) (*bytes.Buffer, bool) {
	printable := 0
	for _, sh := range r.Ships {
		if sh.Design != nil {
			printable++
		}
	}
	if printable == 0 {
		s.problem(c, http.StatusUnprocessableEntity, "nothing-to-print", "the fleet has no ship whose design you may read", r.Problems)
		return nil, false
	}
	var buf bytes.Buffer
	render := func() error {
		return s.prints.Do(c.Request.Context(), func() error {
			return fleetpdf.WriteWith(&buf, s.svc.FleetEvaluatorFor(f), f, r, opt, x)
		})
	}
	var err error
	if printable > bigPackShips {
		err = s.bigPacks.Do(c.Request.Context(), render)
	} else {
		err = render()
	}
	if err != nil {
		if library.ErrorCode(err) == "" {
			err = fmt.Errorf("render %s: %w", what, err)
		}
		s.fail(c, err)
		return nil, false
	}
	return &buf, true
}

// packFleet serves POST /fleets/pack: the fleet pack of a fleet document
// not saved, with the caller's rights to the designs it references
// (anonymous callers: public and unlisted ones), rendered through the
// same gate as every PDF.
func (s *Server) packFleet(c *gin.Context) {
	opt, err := sheets.OptionsFromQuery(c.Request.URL.Query())
	if err != nil {
		s.optionsError(c, err)
		return
	}
	b, ok := s.readBody(c)
	if !ok {
		return
	}
	if fl, handled := s.seamFleet(c, b); handled {
		if fl != nil {
			s.seamFleetPack(c, fl, opt)
		}
		return
	}
	f, ok := s.decodeFleetBytes(c, b)
	if !ok {
		return
	}
	r, current, _, err := s.svc.EvaluateFleetPinned(c.Request.Context(), caller(c), f)
	if err != nil {
		s.fail(c, err)
		return
	}
	verify, ok := s.recordPrinted(c, library.FleetPrinted(nil, 0, f, r, s.svc.FleetModel(f)))
	if !ok {
		return
	}
	buf, ok := s.renderFleetPack(c, f, r, opt, "fleet pack of a document",
		fleetpdf.Extra{Verify: verify, Current: current, CurrentModel: s.svc.FleetEvaluator().Model().Version()})
	if !ok {
		return
	}
	c.Header("Cache-Control", "private, no-store")
	s.pdf(c, sheets.SafeFileName(f.Name)+"-pack.pdf", buf.Bytes())
}

// seamFleetDoc is a fleet document of a game whose fleets embed their
// ship classes (ruleset.Fleets), with its evaluation.
type seamFleetDoc struct {
	rs   ruleset.Ruleset
	doc  ruleset.Fleet
	eval ruleset.FleetEvaluation
}

// seamFleet reads b as a fleet of a game whose fleets embed their classes
// (ruleset.Fleets) and evaluates it. handled is false when b's game keeps
// its fleets in the library (Metaverse); when true and the fleet is nil,
// it has answered the failure.
func (s *Server) seamFleet(c *gin.Context, b []byte) (fl *seamFleetDoc, handled bool) {
	rs, err := s.svc.Rulesets().Pick(b)
	if err != nil {
		s.decodeProblem(c, err)
		return nil, true
	}
	fleets, ok := rs.(ruleset.Fleets)
	if !ok {
		return nil, false
	}
	f, err := fleets.DecodeFleet(b)
	if err != nil {
		s.decodeProblem(c, err)
		return nil, true
	}
	ev, err := fleets.EvaluateFleet(f, queryOptions(c))
	if err != nil {
		s.optionFail(c, err)
		return nil, true
	}
	return &seamFleetDoc{rs: rs, doc: f, eval: ev}, true
}

// seamFleetPack prints the pack of a fleet read by seamFleet.
func (s *Server) seamFleetPack(c *gin.Context, fl *seamFleetDoc, opt sheets.Options) {
	p, ok := sheets.PrinterFor(fl.rs.Info().ID)
	fp, ok2 := p.(ruleset.FleetPrinter)
	if !ok || !ok2 {
		s.problem(c, http.StatusNotFound, "not-found", fmt.Sprintf("%s fleets have no printed pack yet", fl.rs.Info().Name), nil)
		return
	}
	po := printOptions(opt, "")
	if po.Verify, ok = s.recordPrinted(c, library.SeamFleetPrinted(fl.rs, fl.doc.Head(), fl.eval)); !ok {
		return
	}
	var b []byte
	err := s.prints.Do(c.Request.Context(), func() error {
		var err error
		b, err = fp.FleetPack(fl.doc, fl.eval, po)
		return err
	})
	if err != nil {
		if library.ErrorCode(err) == "" {
			err = fmt.Errorf("render %s fleet pack: %w", fl.rs.Info().ID, err)
		}
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-store")
	s.pdf(c, sheets.SafeFileName(fl.doc.Head().Name)+"-pack.pdf", b)
}
