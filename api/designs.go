package api

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/designer"
)

// parentJSON names the design and version a fork was made from.
type parentJSON struct {
	ID      string `json:"id"`
	Version int    `json:"version"`
}

// designJSON is a design as the API returns it.
type designJSON struct {
	ID           string          `json:"id"`
	Owner        string          `json:"owner"`
	Visibility   Visibility      `json:"visibility"`
	Ruleset      string          `json:"ruleset"`
	RulesVersion int             `json:"rulesVersion"`
	Name         string          `json:"name"`
	Description  string          `json:"description"`
	Tags         []string        `json:"tags"`
	Universe     string          `json:"universe"`
	Version      int             `json:"version"`
	Parent       *parentJSON     `json:"parent"`
	Forks        int             `json:"forks"`
	CreatedAt    time.Time       `json:"createdAt"`
	UpdatedAt    time.Time       `json:"updatedAt"`
	Evaluation   Evaluation      `json:"evaluation"`
	Problems     json.RawMessage `json:"problems,omitempty"`
	Design       json.RawMessage `json:"design,omitempty"`
}

func toDesignJSON(d *Design, full bool) designJSON {
	out := designJSON{
		ID: d.ID, Owner: d.OwnerName, Visibility: d.Visibility, Ruleset: d.Ruleset, RulesVersion: d.RulesVersion,
		Name: d.Name, Description: d.Description, Tags: d.Tags, Universe: d.Universe, Version: d.Version,
		Forks: d.Forks, CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt, Evaluation: d.Latest.Evaluation,
	}
	if out.Tags == nil {
		out.Tags = []string{}
	}
	if d.ParentID != "" {
		out.Parent = &parentJSON{ID: d.ParentID, Version: d.ParentVersion}
	}
	if full {
		out.Problems = d.Latest.Problems
		out.Design = d.Latest.Document
	}
	return out
}

// designWrite is the body of POST and PUT /designs.
type designWrite struct {
	Visibility Visibility       `json:"visibility" validate:"omitempty,oneof=private unlisted public"`
	Design     *designer.Design `json:"design" validate:"required"`
}

// designETag is the ETag of a design at a version.
func designETag(version int) string { return `"v` + strconv.Itoa(version) + `"` }

// newID returns a random, URL-safe design id.
func newID() string {
	b := make([]byte, 10)
	rand.Read(b)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// prepare evaluates and validates d into a version and the design's
// metadata. Publishing (public or unlisted) needs a legal design: an
// illegal one is answered 422 with its problems and prepare returns false.
func (s *Server) prepare(c *gin.Context, d *designer.Design, vis Visibility, owner int64) (*NewDesign, bool) {
	e, res, probs, err := s.evaluation(d)
	if err != nil {
		s.fail(c, err)
		return nil, false
	}
	if vis != Private && !e.Legal {
		s.problem(c, http.StatusUnprocessableEntity, "illegal-design",
			"only a legal design can be public or unlisted; save it as private while you fix it", prefix("design", probs))
		return nil, false
	}
	nd, err := s.newDesign(d, vis, owner, e, res, probs)
	if err != nil {
		s.fail(c, err)
		return nil, false
	}
	return nd, true
}

func (s *Server) newDesign(d *designer.Design, vis Visibility, owner int64, e Evaluation, res json.RawMessage, probs designer.Problems) (*NewDesign, error) {
	doc, err := json.Marshal(d)
	if err != nil {
		return nil, fmt.Errorf("encode design: %w", err)
	}
	pb, err := json.Marshal(probs)
	if err != nil {
		return nil, fmt.Errorf("encode problems: %w", err)
	}
	return &NewDesign{
		ID: newID(), OwnerID: owner, Visibility: vis, Ruleset: d.Ruleset, RulesVersion: d.RulesVersion,
		Name: d.Name, Description: d.Description, Tags: d.Tags, Universe: d.Universe,
		Version: Version{Document: doc, Evaluation: e, Result: res, Problems: pb, AuthorID: owner},
	}, nil
}

// prefix puts a path prefix before every problem's path.
func prefix(p string, probs designer.Problems) designer.Problems {
	out := make(designer.Problems, len(probs))
	for i, pr := range probs {
		if pr.Path == "" {
			pr.Path = p
		} else if strings.HasPrefix(pr.Path, "[") {
			pr.Path = p + pr.Path
		} else {
			pr.Path = p + "." + pr.Path
		}
		out[i] = pr
	}
	return out
}

func (s *Server) createDesign(c *gin.Context) {
	u := s.mustUser(c)
	if u == nil {
		return
	}
	var req designWrite
	if !s.decodeBody(c, &req) {
		return
	}
	if req.Visibility == "" {
		req.Visibility = Private
	}
	nd, ok := s.prepare(c, req.Design, req.Visibility, u.ID)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	if err := s.store.CreateDesigns(ctx, []*NewDesign{nd}); err != nil {
		s.fail(c, err)
		return
	}
	d, err := s.store.Design(ctx, nd.ID)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Location", "/api/v1/designs/"+d.ID)
	s.jsonTagged(c, http.StatusCreated, toDesignJSON(d, true), designETag(d.Version))
}

// Access levels of a caller to a design.
type access int

const (
	noAccess   access = iota // the design is invisible to the caller
	readAccess               // the caller may read it
	ownAccess                // the caller owns it
)

func accessTo(u *User, d *Design) access {
	switch {
	case u != nil && u.ID == d.OwnerID:
		return ownAccess
	case d.Visibility == Public || d.Visibility == Unlisted:
		return readAccess
	}
	return noAccess
}

// readable loads a design the caller may read, or answers 404.
func (s *Server) readable(c *gin.Context) (*Design, bool) {
	d, err := s.store.Design(c.Request.Context(), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return nil, false
	}
	if accessTo(caller(c), d) == noAccess {
		s.fail(c, ErrNotFound)
		return nil, false
	}
	cache := "public, no-cache"
	if d.Visibility != Public {
		cache = "private, no-cache"
	}
	c.Header("Cache-Control", cache)
	return d, true
}

// owned loads a design the caller owns: 401 for anonymous callers, 404
// when the caller cannot see it, 403 when it can but does not own it.
func (s *Server) owned(c *gin.Context) (*Design, bool) {
	u := s.mustUser(c)
	if u == nil {
		return nil, false
	}
	d, err := s.store.Design(c.Request.Context(), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return nil, false
	}
	switch accessTo(u, d) {
	case noAccess:
		s.fail(c, ErrNotFound)
		return nil, false
	case readAccess:
		s.problem(c, http.StatusForbidden, "forbidden", "only the owner may change this design; fork it instead", nil)
		return nil, false
	}
	return d, true
}

// ifMatch reads the If-Match header: the version the caller last read.
// Writes without it are refused with 428, so nothing is overwritten blind.
func (s *Server) ifMatch(c *gin.Context, d *Design) (int, bool) {
	h := c.GetHeader("If-Match")
	if h == "" {
		s.problem(c, http.StatusPreconditionRequired, "if-match-required",
			"send If-Match with the ETag of the version you read", nil)
		return 0, false
	}
	if strings.TrimSpace(h) == "*" {
		return d.Version, true
	}
	for _, t := range strings.Split(h, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(t, `"v`), `"`)); err == nil && t == designETag(n) {
			return n, true
		}
	}
	s.fail(c, ErrStale)
	return 0, false
}

func (s *Server) getDesign(c *gin.Context) {
	d, ok := s.readable(c)
	if !ok {
		return
	}
	s.jsonTagged(c, http.StatusOK, toDesignJSON(d, true), designETag(d.Version))
}

func (s *Server) updateDesign(c *gin.Context) {
	d, ok := s.owned(c)
	if !ok {
		return
	}
	base, ok := s.ifMatch(c, d)
	if !ok {
		return
	}
	var req designWrite
	if !s.decodeBody(c, &req) {
		return
	}
	if req.Visibility == "" {
		req.Visibility = d.Visibility
	}
	nd, ok := s.prepare(c, req.Design, req.Visibility, caller(c).ID)
	if !ok {
		return
	}
	nd.ID = d.ID
	upd, err := s.store.UpdateDesign(c.Request.Context(), d.ID, base, *nd, nd.Version)
	if err != nil {
		s.fail(c, err)
		return
	}
	s.jsonTagged(c, http.StatusOK, toDesignJSON(upd, true), designETag(upd.Version))
}

func (s *Server) deleteDesign(c *gin.Context) {
	d, ok := s.owned(c)
	if !ok {
		return
	}
	base, ok := s.ifMatch(c, d)
	if !ok {
		return
	}
	if err := s.store.DeleteDesign(c.Request.Context(), d.ID, base); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (s *Server) myDesigns(c *gin.Context) {
	u := s.mustUser(c)
	if u == nil {
		return
	}
	ds, err := s.store.DesignsByOwner(c.Request.Context(), u.ID)
	if err != nil {
		s.fail(c, err)
		return
	}
	out := make([]designJSON, 0, len(ds))
	for _, d := range ds {
		out = append(out, toDesignJSON(d, false))
	}
	c.Header("Cache-Control", "private, no-cache")
	s.json(c, http.StatusOK, map[string]any{"designs": out})
}

// versionJSON is one stored version.
type versionJSON struct {
	Version    int             `json:"version"`
	CreatedAt  time.Time       `json:"createdAt"`
	Evaluation Evaluation      `json:"evaluation"`
	Result     json.RawMessage `json:"result,omitempty"`
	Problems   json.RawMessage `json:"problems,omitempty"`
	Design     json.RawMessage `json:"design,omitempty"`
}

func (s *Server) listVersions(c *gin.Context) {
	d, ok := s.readable(c)
	if !ok {
		return
	}
	vs, err := s.store.Versions(c.Request.Context(), d.ID)
	if err != nil {
		s.fail(c, err)
		return
	}
	out := make([]versionJSON, 0, len(vs))
	for _, v := range vs {
		out = append(out, versionJSON{Version: v.N, CreatedAt: v.CreatedAt, Evaluation: v.Evaluation})
	}
	s.json(c, http.StatusOK, map[string]any{"id": d.ID, "versions": out})
}

// version loads version n (from the route parameter or query name) of a
// readable design.
func (s *Server) version(c *gin.Context, d *Design, raw string) (*Version, bool) {
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 {
		s.problem(c, http.StatusBadRequest, "bad-version", fmt.Sprintf("version %q is not a positive whole number", raw), nil)
		return nil, false
	}
	v, err := s.store.DesignVersion(c.Request.Context(), d.ID, n)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			s.problem(c, http.StatusNotFound, "not-found", fmt.Sprintf("design %s has no version %d", d.ID, n), nil)
			return nil, false
		}
		s.fail(c, err)
		return nil, false
	}
	return v, true
}

func (s *Server) getVersion(c *gin.Context) {
	d, ok := s.readable(c)
	if !ok {
		return
	}
	v, ok := s.version(c, d, c.Param("n"))
	if !ok {
		return
	}
	s.jsonTagged(c, http.StatusOK, versionJSON{
		Version: v.N, CreatedAt: v.CreatedAt, Evaluation: v.Evaluation,
		Result: v.Result, Problems: v.Problems, Design: v.Document,
	}, designETag(v.N))
}

// compare answers GET /designs/{id}/compare?from=A&to=B with the costing
// model's comparison of two versions.
func (s *Server) compare(c *gin.Context) {
	d, ok := s.readable(c)
	if !ok {
		return
	}
	a, ok := s.version(c, d, c.Query("from"))
	if !ok {
		return
	}
	b, ok := s.version(c, d, c.Query("to"))
	if !ok {
		return
	}
	da, err := designer.DecodeDesign(a.Document)
	if err != nil {
		s.fail(c, fmt.Errorf("stored version %d: %w", a.N, err))
		return
	}
	db, err := designer.DecodeDesign(b.Document)
	if err != nil {
		s.fail(c, fmt.Errorf("stored version %d: %w", b.N, err))
		return
	}
	s.json(c, http.StatusOK, map[string]any{"id": d.ID, "from": a.N, "to": b.N, "comparison": s.eval.Compare(da, db)})
}

// forkRequest is the optional body of POST /designs/{id}/fork.
type forkRequest struct {
	Version    int        `json:"version" validate:"omitempty,min=1"`
	Visibility Visibility `json:"visibility" validate:"omitempty,oneof=private unlisted public"`
	Name       string     `json:"name" validate:"omitempty,max=80"`
}

func (s *Server) fork(c *gin.Context) {
	u := s.mustUser(c)
	if u == nil {
		return
	}
	d, ok := s.readable(c)
	if !ok {
		return
	}
	var req forkRequest
	if c.Request.ContentLength != 0 {
		if !s.decodeBody(c, &req) {
			return
		}
	}
	n := req.Version
	if n == 0 {
		n = d.Version
	}
	v, ok := s.version(c, d, strconv.Itoa(n))
	if !ok {
		return
	}
	doc, err := designer.DecodeDesign(v.Document)
	if err != nil {
		s.fail(c, fmt.Errorf("stored version %d: %w", v.N, err))
		return
	}
	if req.Name != "" {
		doc.Name = req.Name
	}
	if req.Visibility == "" {
		req.Visibility = Private
	}
	nd, ok := s.prepare(c, doc, req.Visibility, u.ID)
	if !ok {
		return
	}
	nd.ParentID, nd.ParentVersion = d.ID, v.N
	ctx := c.Request.Context()
	if err := s.store.CreateDesigns(ctx, []*NewDesign{nd}); err != nil {
		s.fail(c, err)
		return
	}
	f, err := s.store.Design(ctx, nd.ID)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Location", "/api/v1/designs/"+f.ID)
	s.jsonTagged(c, http.StatusCreated, toDesignJSON(f, true), designETag(f.Version))
}

// lineageRef is one design in a lineage; a design the caller cannot see
// (deleted or private) appears with its id and available false.
type lineageRef struct {
	ID        string `json:"id"`
	Version   int    `json:"version,omitempty"`
	Name      string `json:"name,omitempty"`
	Owner     string `json:"owner,omitempty"`
	Available bool   `json:"available"`
}

// lineage answers with the design's ancestors (parent first, each with
// the version forked) and its visible direct forks.
func (s *Server) lineage(c *gin.Context) {
	d, ok := s.readable(c)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	u := caller(c)
	ancestors := []lineageRef{}
	seen := map[string]bool{d.ID: true}
	pid, pver := d.ParentID, d.ParentVersion
	for pid != "" && !seen[pid] && len(ancestors) < 100 {
		seen[pid] = true
		ref := lineageRef{ID: pid, Version: pver}
		p, err := s.store.Design(ctx, pid)
		if err != nil && !errors.Is(err, ErrNotFound) {
			s.fail(c, err)
			return
		}
		if p == nil || accessTo(u, p) == noAccess {
			ancestors = append(ancestors, ref)
			break
		}
		ref.Name, ref.Owner, ref.Available = p.Name, p.OwnerName, true
		ancestors = append(ancestors, ref)
		pid, pver = p.ParentID, p.ParentVersion
	}
	fs, err := s.store.Forks(ctx, d.ID)
	if err != nil {
		s.fail(c, err)
		return
	}
	forks := []lineageRef{}
	for _, f := range fs {
		if accessTo(u, f) == noAccess || (f.Visibility == Unlisted && accessTo(u, f) != ownAccess) {
			continue
		}
		forks = append(forks, lineageRef{ID: f.ID, Version: f.ParentVersion, Name: f.Name, Owner: f.OwnerName, Available: true})
	}
	s.json(c, http.StatusOK, map[string]any{"id": d.ID, "ancestors": ancestors, "forks": forks})
}

// export answers with the bare design document, as a file download.
func (s *Server) export(c *gin.Context) {
	d, ok := s.readable(c)
	if !ok {
		return
	}
	doc := d.Latest.Document
	n := d.Version
	if q := c.Query("version"); q != "" {
		v, ok := s.version(c, d, q)
		if !ok {
			return
		}
		doc, n = v.Document, v.N
	}
	c.Header("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-v%d.json"`, d.ID, n))
	c.Header("ETag", designETag(n))
	if etagMatch(c.GetHeader("If-None-Match"), designETag(n)) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	c.Data(http.StatusOK, "application/json", doc)
}
