package api

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
)

// libraryJSON is one page of the library.
type libraryJSON struct {
	Designs []designJSON `json:"designs"`
	Next    string       `json:"next,omitempty"`
}

// cursorJSON is the opaque cursor: the sort order it was issued for and
// the last row's key.
type cursorJSON struct {
	Sort string `json:"o"`
	Desc bool   `json:"d"`
	library.Cursor
}

// library answers GET /library: public designs matching q and the
// filters, sorted, one page at a time.
func (s *Server) library(c *gin.Context) {
	q, ok := s.libraryQuery(c)
	if !ok {
		return
	}
	page, err := s.svc.Library(c.Request.Context(), q)
	if err != nil {
		s.fail(c, err)
		return
	}
	out := libraryJSON{Designs: make([]designJSON, 0, len(page.Designs))}
	for _, d := range page.Designs {
		out.Designs = append(out.Designs, toDesignJSON(d, false))
	}
	if page.Next != nil {
		b, _ := json.Marshal(cursorJSON{q.Sort, q.Desc, *page.Next})
		out.Next = base64.RawURLEncoding.EncodeToString(b)
	}
	c.Header("Cache-Control", "public, no-cache")
	s.json(c, http.StatusOK, out)
}

// ParseLibraryQuery reads the library's URL query parameters into a
// LibraryQuery; the Service checks the values. A malformed parameter is
// an error naming it. The web pages share it, so a search URL means the
// same on /library and /api/v1/library.
func ParseLibraryQuery(get func(string) string) (library.LibraryQuery, error) {
	q := library.LibraryQuery{Q: get("q"), Movement: get("movement"), Hull: get("hull"), Ruleset: get("ruleset"), Sort: get("sort")}
	bad := func(name, why string) (library.LibraryQuery, error) {
		return q, &library.Error{Code: library.EInvalid, Field: name, Message: why}
	}
	if q.Sort == "" {
		q.Sort = "newest"
	}
	desc, ok := library.Sorts[q.Sort]
	if !ok {
		return bad("sort", "must be one of newest, cv, points, name, forks")
	}
	switch get("order") {
	case "":
	case "asc":
		desc = false
	case "desc":
		desc = true
	default:
		return bad("order", "must be asc or desc")
	}
	q.Desc = desc
	for _, p := range []struct {
		name string
		dst  *int
	}{{"tier", &q.Tier}, {"techLevel", &q.TechLevel}, {"rulesVersion", &q.RulesVersion}, {"limit", &q.Limit}} {
		if v := get(p.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return bad(p.name, "must be a positive whole number")
			}
			*p.dst = n
		}
	}
	for _, p := range []struct {
		name string
		dst  **float64
	}{{"cvMin", &q.CVMin}, {"cvMax", &q.CVMax}, {"pointsMin", &q.PtsMin}, {"pointsMax", &q.PtsMax}} {
		if v := get(p.name); v != "" {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return bad(p.name, "must be a number")
			}
			*p.dst = &f
		}
	}
	if v := get("carriesFighters"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return bad("carriesFighters", "must be true or false")
		}
		q.CarriesFighters = &b
	}
	if v := get("cursor"); v != "" {
		var cur cursorJSON
		b, err := base64.RawURLEncoding.DecodeString(v)
		if err != nil || len(b) > 2048 || json.Unmarshal(b, &cur) != nil {
			return bad("cursor", "is not a cursor this service issued")
		}
		if cur.Sort != q.Sort || cur.Desc != q.Desc {
			return bad("cursor", "was issued for another sort order; keep sort and order when paging")
		}
		q.After = &cur.Cursor
	}
	return q, nil
}

func (s *Server) libraryQuery(c *gin.Context) (library.LibraryQuery, bool) {
	q, err := ParseLibraryQuery(c.Query)
	if err != nil {
		s.fail(c, err)
		return q, false
	}
	return q, true
}

// queryError is a bad query parameter, answered 400 as "bad-query"
// with one problem naming the parameter.
func (s *Server) queryError(c *gin.Context, name, why string) {
	s.problem(c, http.StatusBadRequest, "bad-query", fmt.Sprintf("query parameter %s: %s", name, why), fieldProblem(name, why))
}

// fieldProblem is the problem list of a refusal of one request field.
func fieldProblem(field, message string) designer.Problems {
	return designer.Problems{{Rule: RuleRequest, Severity: designer.Error, Path: field, Message: message}}
}
