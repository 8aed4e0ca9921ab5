package api

import (
	"bytes"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/internal/gzipped"
	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/metaverse"
	"github.com/slipway/slipway/sheets"
)

// svgCSP is the Content-Security-Policy of an SVG answer: the drawing
// loads, runs and frames nothing (it holds no script, style or external
// reference anyway; this keeps it so when opened on its own).
const svgCSP = "default-src 'none'; frame-ancestors 'none'; sandbox"

// draftSheetSVG serves POST /api/v1/sheet.svg: the record sheet (a
// Battleshift class sheet) of the design document in the body, drawn as
// one SVG from the layout the PDF prints: the designer's preview.
func (s *Server) draftSheetSVG(c *gin.Context) { s.draftSheet(c, true) }

// draftSheetPDF serves POST /api/v1/sheet.pdf: the same sheet as the PDF
// to print, for a draft that is not saved.
func (s *Server) draftSheetPDF(c *gin.Context) { s.draftSheet(c, false) }

// draftSheet evaluates the document in the body as POST /evaluate does
// (no account, nothing saved) and prints its sheet through the PDF gate.
func (s *Server) draftSheet(c *gin.Context, svg bool) {
	opt, err := sheets.OptionsFromQuery(c.Request.URL.Query())
	if err != nil {
		s.optionsError(c, err)
		return
	}
	rs, d, ok := s.decodeDesign(c)
	if !ok {
		return
	}
	name := sheets.SafeFileName(d.Head().Name) + "-sheet"
	var render func() ([]byte, error)
	printer, seam := sheets.PrinterFor(rs.Info().ID)
	switch {
	case seam:
		sp, canSVG := printer.(ruleset.SVGPrinter)
		if svg && !canSVG {
			s.problem(c, http.StatusNotFound, "not-found", fmt.Sprintf("%s designs have no sheet preview yet", rs.Info().Name), nil)
			return
		}
		d, ok := s.bind(c, d)
		if !ok {
			return
		}
		ev, err := rs.Evaluate(d, nil)
		if err != nil {
			s.fail(c, err)
			return
		}
		po := printOptions(opt, "")
		if po.Verify, ok = s.draftVerify(c, library.DesignPrinted(rs, nil, nil, d.Head(), ev), svg); !ok {
			return
		}
		render = func() ([]byte, error) {
			if svg {
				return sp.SheetSVG(d, ev, po)
			}
			return printer.Sheet(d, ev, po)
		}
	case rs == s.svc.Rulesets().Fallback():
		dd, ok := d.(*designer.Design)
		if !ok {
			s.fail(c, fmt.Errorf("a %s document decoded as %T", rs.Info().Name, d))
			return
		}
		ship := sheets.Evaluate(s.svc.Evaluator(), dd, costing.Options{})
		if ship.Verify, ok = s.draftVerify(c, library.DesignPrinted(rs, nil, nil, dd.Head(), &metaverse.Evaluation{Result: ship.Result}), svg); !ok {
			return
		}
		render = func() ([]byte, error) {
			var buf bytes.Buffer
			if svg {
				err := sheets.RecordSheetSVG(&buf, ship, opt)
				return buf.Bytes(), err
			}
			err := sheets.RecordSheet(&buf, ship, opt)
			return buf.Bytes(), err
		}
	default:
		s.problem(c, http.StatusNotFound, "not-found", fmt.Sprintf("%s designs have no printed sheet yet", rs.Info().Name), nil)
		return
	}
	var b []byte
	err = s.prints.Do(c.Request.Context(), func() error {
		var err error
		b, err = render()
		return err
	})
	if err != nil {
		if library.ErrorCode(err) == "" {
			err = fmt.Errorf("render the sheet of a document: %w", err)
		}
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "private, no-store")
	if !svg {
		s.pdf(c, name+".pdf", b)
		return
	}
	s.svg(c, name, b)
}

// svg answers a drawing b as name.svg, shown inline under the drawings'
// CSP, gzip-compressed when the client takes it: drawings are text and
// repeat themselves (the reference cruiser's 67 KB sends as 9 KB).
func (s *Server) svg(c *gin.Context, name string, b []byte) {
	c.Header("Content-Security-Policy", svgCSP)
	c.Header("Content-Disposition", `inline; filename="`+name+`.svg"`)
	c.Header("Vary", "Accept-Encoding")
	if gzipped.Accepts(c.Request) {
		if gz := gzipped.Compress(b); gz != nil {
			c.Header("Content-Encoding", "gzip")
			b = gz
		}
	}
	c.Data(http.StatusOK, "image/svg+xml; charset=utf-8", b)
}

// draftVerify is the verification address of a draft's sheet: recorded
// when it prints as PDF; the preview (svg) draws the same code without
// storing it, so a preview redrawn at every change writes nothing.
func (s *Server) draftVerify(c *gin.Context, p library.Printed, svg bool) (string, bool) {
	if !svg {
		return s.recordPrinted(c, p)
	}
	base := s.publicBase(c)
	if base == "" {
		return "", true
	}
	return base + VerifyPath(p.Code()), true
}
