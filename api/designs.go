package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
)

// parentJSON names the design and version a fork was made from, or says
// only that it came from a design that is not public.
type parentJSON struct {
	ID        string `json:"id,omitempty"`
	Version   int    `json:"version,omitempty"`
	NotPublic bool   `json:"notPublic,omitempty"`
}

// designJSON is a design as the API returns it.
type designJSON struct {
	ID           string             `json:"id"`
	Owner        string             `json:"owner"`
	Visibility   library.Visibility `json:"visibility"`
	Ruleset      string             `json:"ruleset"`
	RulesVersion int                `json:"rulesVersion"`
	Name         string             `json:"name"`
	Description  string             `json:"description"`
	Tags         []string           `json:"tags"`
	Universe     string             `json:"universe"`
	Version      int                `json:"version"`
	Parent       *parentJSON        `json:"parent"`
	Forks        int                `json:"forks"`
	CreatedAt    time.Time          `json:"createdAt"`
	UpdatedAt    time.Time          `json:"updatedAt"`
	Evaluation   library.Evaluation `json:"evaluation"`
	Problems     json.RawMessage    `json:"problems,omitempty"`
	Design       json.RawMessage    `json:"design,omitempty"`
}

// DeletedOwner is the owner shown for designs whose author deleted the account.
const DeletedOwner = "deleted user"

func toDesignJSON(d *library.Design, full bool) designJSON {
	out := designJSON{
		ID: d.ID, Owner: d.OwnerName, Visibility: d.Visibility, Ruleset: d.Ruleset, RulesVersion: d.RulesVersion,
		Name: d.Name, Description: d.Description, Tags: d.Tags, Universe: d.Universe, Version: d.Version,
		Forks: d.Forks, CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt, Evaluation: d.Latest.Evaluation,
	}
	if out.Owner == "" {
		out.Owner = DeletedOwner
	}
	if out.Tags == nil {
		out.Tags = []string{}
	}
	switch {
	case d.ParentID != "":
		out.Parent = &parentJSON{ID: d.ParentID, Version: d.ParentVersion}
	case d.ParentHidden:
		out.Parent = &parentJSON{NotPublic: true}
	}
	if full {
		out.Problems = d.Latest.Problems
		out.Design = d.Latest.Document
	}
	return out
}

// designWrite is the body of POST and PUT /designs: the design document
// of any ruleset served, read by the ruleset it names.
type designWrite struct {
	Visibility library.Visibility `json:"visibility" validate:"omitempty,oneof=private unlisted public"`
	Design     json.RawMessage    `json:"design" validate:"required"`
}

// decodeWrite reads a designWrite and its design document; on failure it
// has answered, with the document's problems at paths under "design".
func (s *Server) decodeWrite(c *gin.Context) (*designWrite, ruleset.Design, bool) {
	var req designWrite
	if !s.decodeBody(c, &req) {
		return nil, nil, false
	}
	_, d, err := s.svc.Rulesets().Decode(req.Design)
	if err != nil {
		var de *ruleset.DecodeError
		if errors.As(err, &de) {
			e := *de
			e.Path = prefixPath("design", e.Path)
			e.Offset = 0
			err = &e
		}
		s.decodeProblem(c, err)
		return nil, nil, false
	}
	return &req, d, true
}

// prefixPath puts the member name p before a JSON path.
func prefixPath(p, path string) string {
	switch {
	case path == "":
		return p
	case path[0] == '[':
		return p + path
	}
	return p + "." + path
}

// designETag is the ETag of a design at a version.
func designETag(version int) string { return `"v` + strconv.Itoa(version) + `"` }

// precondition reads If-Match as RFC 9110 defines it: "*" matches any
// current version; otherwise a list of entity tags, any of which may
// match; weak tags (W/"...") never match, since a write needs a strong
// comparison. No header at all is 428 from the Service.
func precondition(h string) library.Precondition {
	h = strings.TrimSpace(h)
	if h == "" {
		return library.Precondition{}
	}
	if h == "*" {
		return library.Precondition{Any: true}
	}
	p := library.Precondition{Versions: []int{}}
	for _, t := range strings.Split(h, ",") {
		t = strings.TrimSpace(t)
		if !strings.HasPrefix(t, `"v`) || !strings.HasSuffix(t, `"`) || len(t) < 4 {
			continue
		}
		n, err := strconv.Atoi(t[2 : len(t)-1])
		if err == nil && n > 0 && t == designETag(n) {
			p.Versions = append(p.Versions, n)
		}
	}
	return p
}

func (s *Server) createDesign(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	req, doc, ok := s.decodeWrite(c)
	if !ok {
		return
	}
	d, err := s.svc.CreateDesign(c.Request.Context(), caller(c), doc, req.Visibility)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Location", "/api/v1/designs/"+d.ID)
	s.jsonTagged(c, http.StatusCreated, toDesignJSON(d, true), designETag(d.Version))
}

// cacheFor sets the Cache-Control of an answer about design d.
func cacheFor(c *gin.Context, d *library.Design) {
	if d.Visibility == library.Public {
		c.Header("Cache-Control", "public, no-cache")
	} else {
		c.Header("Cache-Control", "private, no-cache")
	}
}

func (s *Server) getDesign(c *gin.Context) {
	d, err := s.svc.Design(c.Request.Context(), caller(c), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	cacheFor(c, d)
	s.jsonTagged(c, http.StatusOK, toDesignJSON(d, true), designETag(d.Version))
}

func (s *Server) updateDesign(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	req, doc, ok := s.decodeWrite(c)
	if !ok {
		return
	}
	d, err := s.svc.UpdateDesign(c.Request.Context(), caller(c), c.Param("id"), precondition(c.GetHeader("If-Match")), doc, req.Visibility)
	if err != nil {
		s.fail(c, err)
		return
	}
	s.jsonTagged(c, http.StatusOK, toDesignJSON(d, true), designETag(d.Version))
}

func (s *Server) deleteDesign(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	if err := s.svc.DeleteDesign(c.Request.Context(), caller(c), c.Param("id"), precondition(c.GetHeader("If-Match"))); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (s *Server) myDesigns(c *gin.Context) {
	ds, err := s.svc.MyDesigns(c.Request.Context(), caller(c))
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
	Version    int                `json:"version"`
	Visibility library.Visibility `json:"visibility"`
	CreatedAt  time.Time          `json:"createdAt"`
	Evaluation library.Evaluation `json:"evaluation"`
	Result     json.RawMessage    `json:"result,omitempty"`
	Problems   json.RawMessage    `json:"problems,omitempty"`
	Design     json.RawMessage    `json:"design,omitempty"`
}

func (s *Server) listVersions(c *gin.Context) {
	d, vs, err := s.svc.Versions(c.Request.Context(), caller(c), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	out := make([]versionJSON, 0, len(vs))
	for _, v := range vs {
		out = append(out, versionJSON{Version: v.N, Visibility: v.Visibility, CreatedAt: v.CreatedAt, Evaluation: v.Evaluation})
	}
	cacheFor(c, d)
	s.json(c, http.StatusOK, map[string]any{"id": d.ID, "versions": out})
}

// versionParam reads a version number from a route or query parameter;
// "" is 0 (the latest) when latestOK.
func (s *Server) versionParam(c *gin.Context, name, raw string, latestOK bool) (int, bool) {
	if raw == "" && latestOK {
		return 0, true
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 {
		why := fmt.Sprintf("%q is not a version number; give a whole number from 1", raw)
		s.problem(c, http.StatusBadRequest, "bad-version", name+": "+why, fieldProblem(name, why))
		return 0, false
	}
	return n, true
}

func (s *Server) getVersion(c *gin.Context) {
	n, ok := s.versionParam(c, "version", c.Param("n"), false)
	if !ok {
		return
	}
	d, v, err := s.svc.Version(c.Request.Context(), caller(c), c.Param("id"), n)
	if err != nil {
		s.fail(c, err)
		return
	}
	cacheFor(c, d)
	s.jsonTagged(c, http.StatusOK, versionJSON{
		Version: v.N, Visibility: v.Visibility, CreatedAt: v.CreatedAt, Evaluation: v.Evaluation,
		Result: v.Result, Problems: v.Problems, Design: v.Document,
	}, designETag(v.N))
}

// compare answers GET /designs/{id}/compare?from=A&to=B with the costing
// model's comparison of two versions.
func (s *Server) compare(c *gin.Context) {
	from, ok := s.versionParam(c, "from", c.Query("from"), false)
	if !ok {
		return
	}
	to, ok := s.versionParam(c, "to", c.Query("to"), false)
	if !ok {
		return
	}
	id := c.Param("id")
	cmp, err := s.svc.CompareVersions(c.Request.Context(), caller(c), id, from, to)
	if err != nil {
		s.fail(c, err)
		return
	}
	s.json(c, http.StatusOK, map[string]any{"id": id, "from": from, "to": to, "comparison": cmp})
}

// forkRequest is the optional body of POST /designs/{id}/fork.
type forkRequest struct {
	Version    int                `json:"version" validate:"omitempty,min=1"`
	Visibility library.Visibility `json:"visibility" validate:"omitempty,oneof=private unlisted public"`
	Name       string             `json:"name" validate:"omitempty,max=80"`
}

func (s *Server) fork(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	var req forkRequest
	if c.Request.ContentLength != 0 {
		if !s.decodeBody(c, &req) {
			return
		}
	}
	f, err := s.svc.Fork(c.Request.Context(), caller(c), c.Param("id"),
		library.ForkRequest{Version: req.Version, Visibility: req.Visibility, Name: req.Name})
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Location", "/api/v1/designs/"+f.ID)
	s.jsonTagged(c, http.StatusCreated, toDesignJSON(f, true), designETag(f.Version))
}

// lineage answers with the design's ancestors (parent first, each with
// the version forked) and its direct forks, as far as the caller may know.
func (s *Server) lineage(c *gin.Context) {
	l, err := s.svc.Lineage(c.Request.Context(), caller(c), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	for i := range l.Ancestors {
		if l.Ancestors[i].Available && l.Ancestors[i].Owner == "" {
			l.Ancestors[i].Owner = DeletedOwner
		}
	}
	for i := range l.Forks {
		if l.Forks[i].Owner == "" {
			l.Forks[i].Owner = DeletedOwner
		}
	}
	c.Header("Cache-Control", "private, no-cache")
	s.json(c, http.StatusOK, l)
}

// export answers with the bare design document, as a file download.
func (s *Server) export(c *gin.Context) {
	n, ok := s.versionParam(c, "version", c.Query("version"), true)
	if !ok {
		return
	}
	d, v, err := s.svc.Version(c.Request.Context(), caller(c), c.Param("id"), n)
	if err != nil {
		s.fail(c, err)
		return
	}
	cacheFor(c, d)
	c.Header("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-v%d.json"`, d.ID, v.N))
	c.Header("ETag", designETag(v.N))
	if etagMatch(c.GetHeader("If-None-Match"), designETag(v.N)) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	c.Data(http.StatusOK, "application/json", v.Document)
}
