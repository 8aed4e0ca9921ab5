package web

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/slipway/slipway/library"
)

// The verification page (issue 22): /v/{code} says what a printed sheet,
// card page or fleet pack printed and whether it still holds, in words.
// The facts and the comparison are the library's (Service.Verify), the
// same the API answers at /api/v1/verify/{code}; nothing is computed
// here.

func (s *Server) verifyRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /v", s.verifyForm)
	mux.HandleFunc("GET /v/{code}", s.verifyPage)
	mux.HandleFunc("POST /designs/{id}/share", s.shareDesign)
	mux.HandleFunc("POST /fleets/{id}/share", s.shareFleet)
}

// verifyData is the Data of the verification page.
type verifyData struct {
	V *library.Verification
	// What names the document printed: "record sheet or card".
	What string
	// Game is the game's name, Rows the numbers then and now.
	Game    string
	Rows    []verifyRow
	HasNow  bool
	Newest  bool
	Printed string
	// Link is the page of the design or fleet, when the reader may open it.
	Link string
}

// verifyRow is one number: as printed, as the printed version gives it
// now, and as the newest version gives it.
type verifyRow struct {
	Label, Then, Now, Newest string
	Changed                  bool
}

// verifyForm serves /v: a field to type the code printed under a QR
// code, or, with ?code=, the page of that code.
func (s *Server) verifyForm(w http.ResponseWriter, r *http.Request) {
	if code := strings.TrimSpace(r.URL.Query().Get("code")); code != "" && len(code) <= 64 {
		http.Redirect(w, r, "/v/"+url.PathEscape(code), http.StatusSeeOther)
		return
	}
	s.render(w, r, http.StatusOK, "verify", Page{Title: "Verify a printed sheet", Description: "Check a printed Slipway sheet, card or fleet pack against the library.",
		Data: verifyData{}})
}

// verifyPage serves /v/{code} (?share=token).
func (s *Server) verifyPage(w http.ResponseWriter, r *http.Request) {
	u := s.user(r)
	// Verifying evaluates the design or fleet again: a turn of the work
	// gate, as GET /api/v1/verify/{code} takes, so that a flood of codes
	// waits or is refused instead of evaluating without bound.
	var v *library.Verification
	err := s.work.Do(r.Context(), func() error {
		var err error
		v, err = s.lib.Verify(r.Context(), u, r.PathValue("code"), r.URL.Query().Get("share"))
		return err
	})
	if r.Context().Err() != nil { // the reader left while waiting
		return
	}
	switch library.ErrorCode(err) {
	case "":
		if err != nil {
			panic(err)
		}
	case library.ENotFound:
		s.errorPage(w, r, http.StatusNotFound, "No sheet with this code",
			"No printed sheet you may verify has this code. Check the 16 letters and digits under the QR code; a private design's sheet or a private fleet's pack verifies only for its owner and for those its owner gave a share link.")
		return
	case library.EBusy:
		s.errorPage(w, r, waitStatus(w, err, http.StatusServiceUnavailable), "The server is busy",
			"Too many sheets are being checked at once. Try again in a few seconds.")
		return
	default:
		_, msg := fieldError(err)
		s.errorPage(w, r, http.StatusBadRequest, "This code cannot be verified", msg)
		return
	}
	data := verifyData{V: v, What: printedWhat(v.Printed.Kind), HasNow: v.Now != nil, Newest: v.LatestFacts != nil,
		Printed: v.PrintedAt.UTC().Format("2 January 2006")}
	data.Game = v.Printed.Ruleset
	if g, ok := s.game(v.Printed.Ruleset); ok {
		data.Game = g.Name
	}
	// A private design's page opens for its owner only: a reader who
	// came with a share link gets no link to it.
	if !v.Private || r.URL.Query().Get("share") == "" {
		switch v.Printed.Kind {
		case "design":
			data.Link = "/designs/" + v.Printed.ID
		case "fleet":
			data.Link = "/fleets/" + v.Printed.ID
		}
	}
	data.Rows = verifyRows(v)
	w.Header().Set("X-Robots-Tag", "noindex")
	if v.Private {
		w.Header().Set("Cache-Control", "private, no-store")
	}
	s.render(w, r, http.StatusOK, "verify", Page{Title: "Verify " + v.Printed.Name, Description: "Whether a printed sheet of " + v.Printed.Name + " still holds.", Data: data})
}

// printedWhat names the document a kind of record printed.
func printedWhat(kind string) string {
	switch kind {
	case "fleet":
		return "fleet pack"
	case "draft":
		return "sheet printed from the designer"
	case "draft-fleet":
		return "fleet pack of a fleet not saved"
	}
	return "record sheet or ship card"
}

// verifyRows lines up the numbers printed with the same labels now and
// in the newest version; a number only now is listed after.
func verifyRows(v *library.Verification) []verifyRow {
	find := func(p *library.Printed, label string) string {
		if p == nil {
			return ""
		}
		for _, n := range p.Numbers {
			if n.Label == label {
				return n.Value
			}
		}
		return "none"
	}
	var rows []verifyRow
	seen := map[string]bool{}
	for _, n := range v.Printed.Numbers {
		seen[n.Label] = true
		row := verifyRow{Label: n.Label, Then: n.Value, Now: find(v.Now, n.Label), Newest: find(v.LatestFacts, n.Label)}
		row.Changed = v.Now != nil && row.Now != row.Then
		rows = append(rows, row)
	}
	if v.Now != nil {
		for _, n := range v.Now.Numbers {
			if !seen[n.Label] {
				rows = append(rows, verifyRow{Label: n.Label, Then: "none", Now: n.Value, Newest: find(v.LatestFacts, n.Label), Changed: true})
			}
		}
	}
	return rows
}

// shareDesign serves POST /designs/{id}/share: the owner makes a new
// share link (action=create) or revokes it (action=revoke), and is sent
// back to the design's page.
func (s *Server) shareDesign(w http.ResponseWriter, r *http.Request) {
	u := s.user(r)
	id := r.PathValue("id")
	if u == nil {
		http.Redirect(w, r, "/login?next="+urlEscape("/designs/"+id), http.StatusSeeOther)
		return
	}
	var err error
	switch r.PostFormValue("action") {
	case "create":
		_, err = s.lib.CreateShare(r.Context(), u, id)
	case "revoke":
		err = s.lib.RevokeShare(r.Context(), u, id)
	default:
		s.showDesign(w, r, http.StatusBadRequest, "Share link: choose to make one or to revoke it.")
		return
	}
	if err != nil {
		if library.ErrorCode(err) == "" {
			panic(err)
		}
		if library.ErrorCode(err) == library.ENotFound {
			s.errorPage(w, r, http.StatusNotFound, "Design not found",
				"There is no design at this address that you may see. It may be private, or deleted. Search the library instead.")
			return
		}
		_, msg := fieldError(err)
		s.showDesign(w, r, http.StatusBadRequest, "Share link: "+msg)
		return
	}
	http.Redirect(w, r, "/designs/"+id+"#share", http.StatusSeeOther)
}

// shareFleet serves POST /fleets/{id}/share: the owner makes a new share
// link of a fleet (action=create) or revokes it (action=revoke), and is
// sent back to the fleet's page.
func (s *Server) shareFleet(w http.ResponseWriter, r *http.Request) {
	u := s.user(r)
	id := r.PathValue("id")
	if u == nil {
		http.Redirect(w, r, "/login?next="+urlEscape("/fleets/"+id), http.StatusSeeOther)
		return
	}
	var err error
	switch r.PostFormValue("action") {
	case "create":
		_, err = s.lib.CreateFleetShare(r.Context(), u, id)
	case "revoke":
		err = s.lib.RevokeFleetShare(r.Context(), u, id)
	default:
		s.showFleet(w, r, http.StatusBadRequest, "Share link: choose to make one or to revoke it.")
		return
	}
	if err != nil {
		switch library.ErrorCode(err) {
		case "":
			panic(err)
		case library.ENotFound, library.EInvalid:
			s.errorPage(w, r, http.StatusNotFound, "Fleet not found",
				"There is no fleet at this address that you may see. It may be private, or deleted. Search the fleets instead.")
			return
		}
		_, msg := fieldError(err)
		s.showFleet(w, r, http.StatusBadRequest, "Share link: "+msg)
		return
	}
	http.Redirect(w, r, "/fleets/"+id+"#share", http.StatusSeeOther)
}
