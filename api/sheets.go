package api

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/sheets"
)

// renderFunc prints one ship.
type renderFunc func(w io.Writer, s sheets.Ship, opt sheets.Options) error

// sheetPDF serves GET /api/v1/designs/{id}/sheet.pdf: the starship record
// sheet of the design's latest version (or ?version=n), with the design's
// visibility rules.
func (s *Server) sheetPDF(c *gin.Context) { s.designPDF(c, "sheet", sheets.RecordSheet) }

// cardPDF serves GET /api/v1/designs/{id}/card.pdf: the design's ship card.
func (s *Server) cardPDF(c *gin.Context) {
	s.designPDF(c, "card", func(w io.Writer, sh sheets.Ship, opt sheets.Options) error {
		return sheets.Cards(w, []sheets.Ship{sh}, opt)
	})
}

func (s *Server) designPDF(c *gin.Context, kind string, render renderFunc) {
	opt, err := sheets.OptionsFromQuery(c.Request.URL.Query())
	if err != nil {
		s.problem(c, http.StatusBadRequest, "bad-query", err.Error(), nil)
		return
	}
	d, ok := s.readable(c)
	if !ok {
		return
	}
	doc, n := d.Latest.Document, d.Version
	if q := c.Query("version"); q != "" {
		v, ok := s.version(c, d, q)
		if !ok {
			return
		}
		doc, n = v.Document, v.N
	}
	// The bytes depend only on the version, the costing model and the
	// options, so those make the ETag.
	etag := fmt.Sprintf(`"%s-%d-%s-%s"`, kind, n, s.eval.Version(), optionsTag(opt))
	c.Header("ETag", etag)
	if etagMatch(c.GetHeader("If-None-Match"), etag) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	dd, err := designer.DecodeDesign(doc)
	if err != nil {
		s.fail(c, fmt.Errorf("stored design %s version %d: %w", d.ID, n, err))
		return
	}
	ship := sheets.Evaluate(s.eval, dd, costing.Options{})
	ship.Version, ship.Link = n, s.designLink(d.ID)
	var buf bytes.Buffer
	if err := render(&buf, ship, opt); err != nil {
		s.fail(c, fmt.Errorf("render %s of %s: %w", kind, d.ID, err))
		return
	}
	name := sheets.SafeFileName(dd.Name) + "-v" + strconv.Itoa(n) + "-" + kind + ".pdf"
	s.pdf(c, name, buf.Bytes())
}

// aidsPDF serves GET /api/v1/aids.pdf: the play-aid cards and the
// plotting chart. No account needed.
func (s *Server) aidsPDF(c *gin.Context) {
	opt, err := sheets.OptionsFromQuery(c.Request.URL.Query())
	if err != nil {
		s.problem(c, http.StatusBadRequest, "bad-query", err.Error(), nil)
		return
	}
	etag := fmt.Sprintf(`"aids-%s"`, optionsTag(opt))
	c.Header("ETag", etag)
	c.Header("Cache-Control", "public, max-age=3600")
	if etagMatch(c.GetHeader("If-None-Match"), etag) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	var buf bytes.Buffer
	if err := sheets.Aids(&buf, opt); err != nil {
		s.fail(c, fmt.Errorf("render play aids: %w", err))
		return
	}
	s.pdf(c, "slipway-play-aids.pdf", buf.Bytes())
}

// pdf writes a PDF download with a file name safe in any browser.
func (s *Server) pdf(c *gin.Context, name string, b []byte) {
	c.Header("Content-Disposition", `attachment; filename="`+name+`"`)
	c.Data(http.StatusOK, "application/pdf", b)
}

// designLink is the short link printed in a sheet's footer: the design's
// API address under the public base URL, or its id when none is set.
func (s *Server) designLink(id string) string {
	if s.base == nil {
		return id
	}
	u := *s.base
	u.Path = u.Path + "/api/v1/designs/" + id
	return u.String()
}

func optionsTag(o sheets.Options) string {
	paper := o.Paper
	if paper == "" {
		paper = "letter"
	}
	return fmt.Sprintf("%s-bw%t-one%t", paper, o.BW, o.OnePerPage)
}
