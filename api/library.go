package api

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
)

// libraryJSON is one page of the library.
type libraryJSON struct {
	Designs []designJSON `json:"designs"`
	Next    string       `json:"next,omitempty"`
}

// defaultDesc says which sorts run high to low unless order=asc.
var defaultDesc = map[string]bool{"newest": true, "cv": true, "points": true, "name": false, "forks": true}

// library answers GET /library: public designs matching q and the
// filters, sorted, one page at a time.
func (s *Server) library(c *gin.Context) {
	q, ok := s.libraryQuery(c)
	if !ok {
		return
	}
	page, err := s.store.Library(c.Request.Context(), q)
	if err != nil {
		s.fail(c, err)
		return
	}
	out := libraryJSON{Designs: make([]designJSON, 0, len(page.Designs))}
	for _, d := range page.Designs {
		out.Designs = append(out.Designs, toDesignJSON(d, false))
	}
	if page.Next != nil {
		b, _ := json.Marshal(struct {
			Sort string `json:"o"`
			Desc bool   `json:"d"`
			*Cursor
		}{q.Sort, q.Desc, page.Next})
		out.Next = base64.RawURLEncoding.EncodeToString(b)
	}
	c.Header("Cache-Control", "public, no-cache")
	s.json(c, http.StatusOK, out)
}

func (s *Server) libraryQuery(c *gin.Context) (LibraryQuery, bool) {
	q := LibraryQuery{Q: c.Query("q"), Movement: c.Query("movement"), Hull: c.Query("hull"), Ruleset: c.Query("ruleset")}
	bad := func(name, why string) (LibraryQuery, bool) {
		s.problem(c, http.StatusBadRequest, "bad-query", fmt.Sprintf("query parameter %s: %s", name, why), nil)
		return q, false
	}
	if len(q.Q) > 256 {
		return bad("q", "is longer than 256 bytes")
	}
	q.Sort = c.DefaultQuery("sort", "newest")
	desc, ok := defaultDesc[q.Sort]
	if !ok {
		return bad("sort", "must be one of newest, cv, points, name, forks")
	}
	switch c.Query("order") {
	case "":
	case "asc":
		desc = false
	case "desc":
		desc = true
	default:
		return bad("order", "must be asc or desc")
	}
	q.Desc = desc
	ints := map[string]*int{"tier": &q.Tier, "techLevel": &q.TechLevel, "limit": &q.Limit}
	for name, dst := range ints {
		if v := c.Query(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return bad(name, "must be a positive whole number")
			}
			*dst = n
		}
	}
	if q.Limit > 100 {
		return bad("limit", "must be at most 100")
	}
	floats := map[string]**float64{"cvMin": &q.CVMin, "cvMax": &q.CVMax, "pointsMin": &q.PtsMin, "pointsMax": &q.PtsMax}
	for name, dst := range floats {
		if v := c.Query(name); v != "" {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return bad(name, "must be a number")
			}
			*dst = &f
		}
	}
	if v := c.Query("carriesFighters"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return bad("carriesFighters", "must be true or false")
		}
		q.CarriesFighters = &b
	}
	if v := c.Query("cursor"); v != "" {
		var cur struct {
			Sort string `json:"o"`
			Desc bool   `json:"d"`
			Cursor
		}
		b, err := base64.RawURLEncoding.DecodeString(v)
		if err != nil || json.Unmarshal(b, &cur) != nil || cur.Seq <= 0 {
			return bad("cursor", "is not a cursor this service issued")
		}
		if cur.Sort != q.Sort || cur.Desc != q.Desc {
			return bad("cursor", "was issued for another sort order; keep sort and order when paging")
		}
		q.After = &cur.Cursor
		if _, isString := q.After.Key.(string); isString != (q.Sort == "name") && q.Sort != "newest" {
			return bad("cursor", "has a key of the wrong type")
		}
	}
	return q, true
}
