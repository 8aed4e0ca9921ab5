package web

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/library"
)

// compareRow is one number across the compared designs.
type compareRow struct {
	Label   string
	Values  []string
	Differs bool
}

// compareData is the Data of the compare page.
type compareData struct {
	IDs     string
	Designs []designCard
	Rows    []compareRow
	Diff    *costing.Comparison
	Error   string
}

// comparePage serves /compare?ids=a,b[,c,d]: two to four designs the
// caller may read side by side, from their stored evaluations; for two,
// the costing comparison attributes the CV difference to its parts.
func (s *Server) comparePage(w http.ResponseWriter, r *http.Request) {
	u := s.user(r)
	ctx := r.Context()
	data := compareData{IDs: r.URL.Query().Get("ids")}
	var ids []string
	for _, id := range strings.Split(data.IDs, ",") {
		if id = strings.TrimSpace(id); id != "" {
			ids = append(ids, id)
		}
	}
	fail := func(status int, msg string) {
		data.Error = msg
		s.render(w, r, status, "compare", Page{Title: "Compare designs", Nav: "library", Data: data})
	}
	if len(ids) < 2 || len(ids) > 4 {
		fail(http.StatusBadRequest, fmt.Sprintf("Give two to four design ids separated by commas (ids=a,b); you gave %d.", len(ids)))
		return
	}
	var ds []*library.Design
	for _, id := range ids {
		d, err := s.lib.Design(ctx, u, id)
		if library.ErrorCode(err) == library.ENotFound {
			fail(http.StatusNotFound, "There is no design "+id+" that you may see.")
			return
		}
		if err != nil {
			panic(err)
		}
		ds = append(ds, d)
		data.Designs = append(data.Designs, s.card(d))
	}
	row := func(label string, f func(e library.Evaluation) string) {
		rw := compareRow{Label: label}
		for _, d := range ds {
			v := f(d.Latest.Evaluation)
			rw.Differs = rw.Differs || (len(rw.Values) > 0 && v != rw.Values[0])
			rw.Values = append(rw.Values, v)
		}
		data.Rows = append(data.Rows, rw)
	}
	row("CV", func(e library.Evaluation) string { return fmtNum(e.CV) })
	row("Points", func(e library.Evaluation) string { return fmtNum(e.Points) })
	row("EMS", func(e library.Evaluation) string { return fmtNum(e.EMS) })
	row("Target rating", func(e library.Evaluation) string { return fmtNum(e.TargetRating) })
	row("Mass factor", func(e library.Evaluation) string { return fmtNum(e.MassFactor) })
	row("Tech level", func(e library.Evaluation) string { return fmt.Sprint(e.TechLevel) })
	row("Tier", func(e library.Evaluation) string { return fmt.Sprint(e.Tier) })
	row("Movement", func(e library.Evaluation) string { return e.Movement })
	row("Hull", func(e library.Evaluation) string { return e.Hull })
	row("Carries fighters", func(e library.Evaluation) string { return map[bool]string{true: "yes", false: "no"}[e.CarriesFighters] })
	row("Legal", func(e library.Evaluation) string { return map[bool]string{true: "yes", false: "no"}[e.Legal] })
	if len(ds) == 2 {
		a, errA := library.DecodeVersion(&ds[0].Latest)
		b, errB := library.DecodeVersion(&ds[1].Latest)
		if errA == nil && errB == nil {
			data.Diff = s.lib.Compare(a, b)
		}
	}
	s.render(w, r, http.StatusOK, "compare", Page{Title: "Compare designs", Nav: "library", Data: data})
}
