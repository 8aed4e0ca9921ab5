package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/metaverse"
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
		s.optionsError(c, err)
		return
	}
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
	rs, ok := s.svc.Rulesets().Get(d.Ruleset)
	if !ok {
		s.fail(c, fmt.Errorf("design %s is of ruleset %q, which is not served", d.ID, d.Ruleset))
		return
	}
	printer, seam := sheets.PrinterFor(d.Ruleset)
	if !seam && rs != s.svc.Rulesets().Fallback() {
		s.problem(c, http.StatusNotFound, "not-found", fmt.Sprintf("%s designs have no printed %s yet", rs.Info().Name, kind), nil)
		return
	}
	if seam && kind != "sheet" {
		s.problem(c, http.StatusNotFound, "not-found",
			fmt.Sprintf("a %s design has no %s; its sheet is at /api/v1/designs/%s/sheet.pdf", rs.Info().Name, kind, d.ID), nil)
		return
	}
	// The bytes depend only on the version, the model and the options, so
	// those make the ETag.
	// (and the address its verification QR code links to). A design that
	// reads other documents of the library (a card set) depends on them
	// and on the caller too, and has none.
	share := s.svc.PrintShare(c.Request.Context(), caller(c), d)
	etag := fmt.Sprintf(`"%s-%s-%d-%s-%s-%s%s"`, kind, d.ID, v.N, rs.Info().ModelVersion, optionsTag(opt), etagPart(s.publicBase(c)), shareTag(share))
	if usesDocuments(rs, v.Document) {
		etag = ""
	} else {
		c.Header("ETag", etag)
	}
	if etag != "" && etagMatch(c.GetHeader("If-None-Match"), etag) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	if seam {
		s.seamSheet(c, rs, printer, d, v, opt, share)
		return
	}
	eval := s.svc.Evaluator()
	dd, err := library.DecodeVersion(v)
	if err != nil {
		s.fail(c, err)
		return
	}
	ship := sheets.Evaluate(eval, dd, costing.Options{})
	ship.Version, ship.Link = v.N, s.designLink(d.ID)
	if ship.Verify, ok = s.recordShared(c, library.DesignPrinted(rs, d, v, dd.Head(), &metaverse.Evaluation{Result: ship.Result}), share); !ok {
		return
	}
	var buf bytes.Buffer
	err = s.prints.Do(c.Request.Context(), func() error { return render(&buf, ship, opt) })
	if err != nil {
		if library.ErrorCode(err) == "" {
			err = fmt.Errorf("render %s of %s: %w", kind, d.ID, err)
		}
		s.fail(c, err)
		return
	}
	name := sheets.SafeFileName(dd.Name) + "-v" + strconv.Itoa(v.N) + "-" + kind + ".pdf"
	s.pdf(c, name, buf.Bytes())
}

// usesDocuments reports whether the stored document names library
// documents its game reads (ruleset.Referrer).
func usesDocuments(rs ruleset.Ruleset, doc []byte) bool {
	ref, ok := rs.(ruleset.Referrer)
	if !ok {
		return false
	}
	d, err := rs.Decode(doc)
	return err == nil && len(ref.Uses(d)) > 0
}

// seamSheet prints the sheet of a design whose game prints through the
// ruleset seam (sheets.PrinterFor).
func (s *Server) seamSheet(c *gin.Context, rs ruleset.Ruleset, p ruleset.Printer, d *library.Design, v *library.Version, opt sheets.Options, share string) {
	_, doc, err := s.svc.DecodeDocument(v)
	if err != nil {
		s.fail(c, err)
		return
	}
	doc, ok := s.bind(c, doc)
	if !ok {
		return
	}
	ev, err := rs.Evaluate(doc, nil)
	if err != nil {
		s.fail(c, err)
		return
	}
	po := printOptions(opt, s.designLink(d.ID))
	if po.Verify, ok = s.recordShared(c, library.DesignPrinted(rs, d, v, doc.Head(), ev), share); !ok {
		return
	}
	var b []byte
	err = s.prints.Do(c.Request.Context(), func() error {
		var err error
		b, err = p.Sheet(doc, ev, po)
		return err
	})
	if err != nil {
		if library.ErrorCode(err) == "" {
			err = fmt.Errorf("render sheet of %s: %w", d.ID, err)
		}
		s.fail(c, err)
		return
	}
	s.pdf(c, sheets.SafeFileName(doc.Head().Name)+"-v"+strconv.Itoa(v.N)+"-sheet.pdf", b)
}

// aidsPDF serves GET /api/v1/aids.pdf: the play-aid cards and the
// plotting chart. No account needed.
func (s *Server) aidsPDF(c *gin.Context) {
	s.playAids(c, "", "slipway-play-aids.pdf", "play aids", func(opt sheets.Options) ([]byte, error) {
		var buf bytes.Buffer
		err := sheets.Aids(&buf, opt)
		return buf.Bytes(), err
	})
}

// playAids answers a play-aids PDF: the same bytes for everyone, so
// tagged by the options (and game, prefixed to the tag when not empty),
// cached per process and rendered through the PDF gate.
func (s *Server) playAids(c *gin.Context, game, name, what string, render func(sheets.Options) ([]byte, error)) {
	opt, err := sheets.OptionsFromQuery(c.Request.URL.Query())
	if err != nil {
		s.optionsError(c, err)
		return
	}
	tag := optionsTag(opt)
	if game != "" {
		tag = game + "-" + tag
	}
	etag := fmt.Sprintf(`"aids-%s"`, tag)
	c.Header("ETag", etag)
	c.Header("Cache-Control", "public, max-age=3600")
	if etagMatch(c.GetHeader("If-None-Match"), etag) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	b, err := s.aids.get(tag, func() ([]byte, error) {
		var out []byte
		err := s.prints.Do(c.Request.Context(), func() error {
			var err error
			out, err = render(opt)
			return err
		})
		return out, err
	})
	if err != nil {
		if library.ErrorCode(err) == "" {
			err = fmt.Errorf("render %s: %w", what, err)
		}
		s.fail(c, err)
		return
	}
	s.pdf(c, name, b)
}

// optionsError answers a bad paper, bw or one parameter. The error of
// sheets.OptionsFromQuery names the parameter and what is allowed.
func (s *Server) optionsError(c *gin.Context, err error) {
	msg := strings.TrimPrefix(err.Error(), "sheets: ")
	var probs designer.Problems
	if oe := (*sheets.OptionError)(nil); errors.As(err, &oe) {
		probs = fieldProblem(oe.Param, msg)
	}
	s.problem(c, http.StatusBadRequest, "bad-query", "bad printing option: "+msg, probs)
}

// aidsCache keeps the play aids PDF of each option set: the same bytes
// for everyone, so rendered once per process.
type aidsCache struct {
	mu    sync.Mutex
	bytes map[string][]byte
}

// get returns the cached PDF for tag, rendering it with render when it is
// missing (a failed render is not cached).
func (a *aidsCache) get(tag string, render func() ([]byte, error)) ([]byte, error) {
	a.mu.Lock()
	b, ok := a.bytes[tag]
	a.mu.Unlock()
	if ok {
		return b, nil
	}
	b, err := render()
	if err != nil {
		return nil, err
	}
	a.mu.Lock()
	if a.bytes == nil {
		a.bytes = map[string][]byte{}
	}
	a.bytes[tag] = b
	a.mu.Unlock()
	return b, nil
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

// etagPart is s reduced to what an ETag may hold.
func etagPart(s string) string {
	return strings.Map(func(r rune) rune {
		if r <= ' ' || r == '"' || r > '~' {
			return '_'
		}
		return r
	}, s)
}

// shareTag is the part of a sheet's ETag that changes with the share
// token its QR code carries: a short digest of it, "" for none.
func shareTag(share string) string {
	if share == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(share))
	return "-s" + hex.EncodeToString(sum[:4])
}
