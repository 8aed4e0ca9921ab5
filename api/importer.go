package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/designer"
)

// Import statuses of one item.
const (
	ImportCreated  = "created"  // stored with the requested visibility
	ImportDraft    = "draft"    // illegal, stored as a private draft
	ImportRejected = "rejected" // not stored
)

// importItem is the report on one item of an import.
type importItem struct {
	Index    int               `json:"index"`
	Status   string            `json:"status"`
	ID       string            `json:"id,omitempty"`
	Name     string            `json:"name,omitempty"`
	Problems designer.Problems `json:"problems"`
}

// importReport is the answer of POST /import.
type importReport struct {
	Created  int          `json:"created"`
	Drafts   int          `json:"drafts"`
	Rejected int          `json:"rejected"`
	Items    []importItem `json:"items"`
}

// importDesigns answers POST /import?invalid=draft|reject&visibility=V:
// the body is a JSON array of design documents. Legal items are stored
// with the visibility asked for (default private); illegal ones are
// stored as private drafts or rejected, as invalid says (default reject);
// unreadable ones are always rejected. Everything stored is stored in one
// transaction, so an import is never half-written.
func (s *Server) importDesigns(c *gin.Context) {
	u := s.mustUser(c)
	if u == nil {
		return
	}
	mode := c.DefaultQuery("invalid", "reject")
	if mode != "reject" && mode != "draft" {
		s.problem(c, http.StatusBadRequest, "bad-query", "query parameter invalid: must be draft or reject", nil)
		return
	}
	vis := Visibility(c.DefaultQuery("visibility", string(Private)))
	if vis != Private && vis != Unlisted && vis != Public {
		s.problem(c, http.StatusBadRequest, "bad-query", "query parameter visibility: must be private, unlisted or public", nil)
		return
	}
	b, ok := s.readBody(c)
	if !ok {
		return
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(b, &raws); err != nil {
		// Let the strict decoder name the place of the fault.
		var all []*designer.Design
		if derr := designer.DecodeStrict(b, &all, 0); derr != nil {
			s.decodeProblem(c, derr)
			return
		}
		s.problem(c, http.StatusBadRequest, "malformed", "the body must be a JSON array of design documents", nil)
		return
	}
	rep := importReport{Items: make([]importItem, 0, len(raws))}
	var batch []*NewDesign
	for i, raw := range raws {
		item := importItem{Index: i, Problems: designer.Problems{}}
		where := fmt.Sprintf("[%d]", i)
		d, err := designer.DecodeDesign(raw)
		if err != nil {
			var de *designer.DecodeError
			if !errors.As(err, &de) {
				s.fail(c, err)
				return
			}
			item.Status, item.Problems = ImportRejected, prefix(where, designer.Problems{de.Problem()})
			rep.Rejected++
			rep.Items = append(rep.Items, item)
			continue
		}
		item.Name = d.Name
		e, res, probs, err := s.evaluation(d)
		if err != nil {
			s.fail(c, err)
			return
		}
		item.Problems = prefix(where, probs)
		v := vis
		switch {
		case e.Legal:
			item.Status = ImportCreated
			rep.Created++
		case mode == "draft":
			item.Status, v = ImportDraft, Private
			rep.Drafts++
		default:
			item.Status = ImportRejected
			rep.Rejected++
			rep.Items = append(rep.Items, item)
			continue
		}
		nd, err := s.newDesign(d, v, u.ID, e, res, probs)
		if err != nil {
			s.fail(c, err)
			return
		}
		item.ID = nd.ID
		batch = append(batch, nd)
		rep.Items = append(rep.Items, item)
	}
	if len(batch) > 0 {
		if err := s.store.CreateDesigns(c.Request.Context(), batch); err != nil {
			s.fail(c, err)
			return
		}
	}
	s.json(c, http.StatusOK, rep)
}
