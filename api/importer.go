package api

import (
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
)

// importDesigns answers POST /import?invalid=draft|reject&visibility=V:
// the body is a JSON array of design documents. Legal items are stored
// with the visibility asked for (default private); illegal ones are
// stored as private drafts or rejected, as invalid says (default reject);
// unreadable ones are always rejected. Each item is reported on its own.
func (s *Server) importDesigns(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	mode := c.DefaultQuery("invalid", "reject")
	if mode != "reject" && mode != "draft" {
		s.queryError(c, "invalid", "must be draft or reject")
		return
	}
	vis := library.Visibility(c.DefaultQuery("visibility", string(library.Private)))
	if !vis.Valid() {
		s.queryError(c, "visibility", "must be private, unlisted or public")
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
	rep, err := s.svc.Import(c.Request.Context(), caller(c), raws, library.ImportOptions{Visibility: vis, Drafts: mode == "draft"})
	if err != nil {
		s.fail(c, err)
		return
	}
	s.json(c, http.StatusOK, rep)
}
