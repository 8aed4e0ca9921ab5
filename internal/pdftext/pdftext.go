// Package pdftext reads the text of a PDF back for tests, the way a PDF
// viewer's copy and search do: the sheets', cards' and packs' fonts are
// decoded through the ToUnicode maps the document carries.
package pdftext

import (
	"bytes"
	"encoding/hex"
	"io"
	"math"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf16"

	"rsc.io/pdf"
)

// Read parses a PDF and returns, per page, its media box size in
// millimetres and its text as lines: the strings drawn on one baseline,
// left to right, joined.
//
// rsc.io/pdf's own text extraction does not decode the sheets' fonts:
// for a CID font with Identity-H encoding it returns the raw two-byte
// codes and splits them as if they were UTF-8. So the strings are taken
// from the content stream with rsc.io/pdf's interpreter and decoded the
// way a PDF viewer's copy and search do: through the ToUnicode map the
// document carries for the font (gofpdf writes one for every embedded
// UTF-8 font). Positions follow the text and transformation matrices, so
// text inside a scaled or slanted page part lands on its real baseline.
type Page struct {
	// W and H are the media box in millimetres.
	W, H float64
	// Lines are the strings drawn on one baseline, left to right, joined,
	// top to bottom.
	Lines []string
}

func Read(t testing.TB, b []byte) []Page {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("parse PDF: %v", err)
	}
	var out []Page
	for i := 1; i <= r.NumPage(); i++ {
		p := r.Page(i)
		// gofpdf puts the media box on the page tree; inherit it.
		mb := p.V.Key("MediaBox")
		for v := p.V; mb.IsNull() && !v.IsNull(); v = v.Key("Parent") {
			mb = v.Key("MediaBox")
		}
		pt := Page{
			W: (mb.Index(2).Float64() - mb.Index(0).Float64()) / 72 * 25.4,
			H: (mb.Index(3).Float64() - mb.Index(1).Float64()) / 72 * 25.4,
		}
		type line struct {
			y     float64
			parts []shown
		}
		var lines []*line
		byY := map[int64]*line{}
		for _, s := range pageStrings(t, p) {
			k := int64(math.Round(s.y * 10))
			l := byY[k]
			if l == nil {
				l = &line{y: s.y}
				byY[k] = l
				lines = append(lines, l)
			}
			l.parts = append(l.parts, s)
		}
		sort.SliceStable(lines, func(i, j int) bool { return lines[i].y > lines[j].y })
		for _, l := range lines {
			sort.SliceStable(l.parts, func(i, j int) bool { return l.parts[i].x < l.parts[j].x })
			var sb strings.Builder
			for _, s := range l.parts {
				sb.WriteString(s.s)
			}
			pt.Lines = append(pt.Lines, sb.String())
		}
		out = append(out, pt)
	}
	return out
}

// shown is one string a page draws and where its baseline starts, in
// points from the bottom left.
type shown struct {
	x, y float64
	s    string
}

// affine is a PDF matrix [a b c d e f].
type affine [6]float64

var identity = affine{1, 0, 0, 1, 0, 0}

// then is m followed by n (PDF composes row vectors: m x n).
func (m affine) then(n affine) affine {
	return affine{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// pageStrings interprets a page's content stream and returns every
// string shown with Tj, TJ, ' or ", decoded with its font. Each string is
// placed at the text matrix in force when it is shown; gofpdf starts
// every string with its own Td, so glyph widths are not needed.
func pageStrings(t testing.TB, p pdf.Page) []shown {
	t.Helper()
	decoders := map[string]func(string) string{}
	decoder := func(name string) func(string) string {
		if d, ok := decoders[name]; ok {
			return d
		}
		d := fontDecoder(t, p.Resources().Key("Font").Key(name))
		decoders[name] = d
		return d
	}
	var out []shown
	ctm, tm, tlm := identity, identity, identity
	var stack []affine
	dec := func(s string) string { return s }
	num := func(v pdf.Value) float64 { return v.Float64() }
	show := func(raw string) {
		pos := affine{1, 0, 0, 1, 0, 0}.then(tm).then(ctm)
		out = append(out, shown{x: pos[4], y: pos[5], s: dec(raw)})
	}
	contents := p.V.Key("Contents")
	streams := []pdf.Value{contents}
	if contents.Kind() == pdf.Array {
		streams = streams[:0]
		for i := 0; i < contents.Len(); i++ {
			streams = append(streams, contents.Index(i))
		}
	}
	for _, strm := range streams {
		pdf.Interpret(strm, func(stk *pdf.Stack, op string) {
			args := make([]pdf.Value, stk.Len())
			for i := len(args) - 1; i >= 0; i-- {
				args[i] = stk.Pop()
			}
			mat := func() affine {
				var m affine
				for i := range m {
					m[i] = num(args[i])
				}
				return m
			}
			switch op {
			case "q":
				stack = append(stack, ctm)
			case "Q":
				if n := len(stack); n > 0 {
					ctm, stack = stack[n-1], stack[:n-1]
				}
			case "cm":
				ctm = mat().then(ctm)
			case "BT":
				tm, tlm = identity, identity
			case "Td", "TD":
				tlm = affine{1, 0, 0, 1, num(args[0]), num(args[1])}.then(tlm)
				tm = tlm
			case "Tm":
				tlm = mat()
				tm = tlm
			case "Tf":
				dec = decoder(args[0].Name())
			case "Tj", "'":
				show(args[0].RawString())
			case "\"":
				show(args[2].RawString())
			case "TJ":
				var sb strings.Builder
				for i := 0; i < args[0].Len(); i++ {
					if x := args[0].Index(i); x.Kind() == pdf.String {
						sb.WriteString(x.RawString())
					}
				}
				show(sb.String())
			}
		})
	}
	return out
}

// fontDecoder returns how to turn a font's string codes into text. A
// Type0 font with Identity-H encoding has two-byte codes, mapped to
// Unicode by the font's ToUnicode CMap (bfchar and bfrange entries with
// UTF-16BE destinations); a code the map lacks fails the test. Simple
// fonts use rsc.io/pdf's decoding of their encoding.
func fontDecoder(t testing.TB, font pdf.Value) func(string) string {
	t.Helper()
	if font.Key("Subtype").Name() != "Type0" {
		enc := pdf.Font{V: font}.Encoder()
		return enc.Decode
	}
	if e := font.Key("Encoding").Name(); e != "Identity-H" {
		t.Fatalf("Type0 font with encoding %q", e)
	}
	tu := font.Key("ToUnicode")
	if tu.Kind() != pdf.Stream {
		t.Fatalf("font %s has no ToUnicode map", font.Key("BaseFont").Name())
	}
	rd := tu.Reader()
	src, err := io.ReadAll(rd)
	rd.Close()
	if err != nil {
		t.Fatalf("ToUnicode: %v", err)
	}
	cm := parseToUnicode(t, string(src))
	return func(raw string) string {
		if len(raw)%2 != 0 {
			t.Errorf("odd-length Identity-H string %q", raw)
		}
		var sb strings.Builder
		for i := 0; i+1 < len(raw); i += 2 {
			code := uint16(raw[i])<<8 | uint16(raw[i+1])
			u, ok := cm.lookup(code)
			if !ok {
				t.Errorf("code %04X not in the ToUnicode map", code)
				continue
			}
			sb.WriteString(u)
		}
		return sb.String()
	}
}

// toUnicode is a parsed ToUnicode CMap for two-byte codes.
type toUnicode struct {
	chars  map[uint16][]uint16
	ranges []struct {
		lo, hi uint16
		dst    []uint16
	}
}

func (m *toUnicode) lookup(code uint16) (string, bool) {
	if d, ok := m.chars[code]; ok {
		return string(utf16.Decode(d)), true
	}
	for _, r := range m.ranges {
		if r.lo <= code && code <= r.hi {
			d := append([]uint16(nil), r.dst...)
			d[len(d)-1] += code - r.lo
			return string(utf16.Decode(d)), true
		}
	}
	return "", false
}

// parseToUnicode reads the bfchar and bfrange sections of a CMap.
func parseToUnicode(t testing.TB, src string) *toUnicode {
	t.Helper()
	hex16 := func(h string) []uint16 {
		b, err := hex.DecodeString(strings.Trim(h, "<>"))
		if err != nil || len(b)%2 != 0 {
			t.Fatalf("ToUnicode: bad hex string %q", h)
		}
		out := make([]uint16, len(b)/2)
		for i := range out {
			out[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		}
		return out
	}
	m := &toUnicode{chars: map[uint16][]uint16{}}
	tok := regexp.MustCompile(`<[0-9A-Fa-f]*>|[A-Za-z]+`).FindAllString(src, -1)
	section := ""
	var args []string
	for _, w := range tok {
		switch w {
		case "beginbfchar", "beginbfrange":
			section, args = w, nil
		case "endbfchar":
			for i := 0; i+1 < len(args); i += 2 {
				c := hex16(args[i])
				m.chars[c[0]] = hex16(args[i+1])
			}
			section = ""
		case "endbfrange":
			for i := 0; i+2 < len(args); i += 3 {
				lo, hi := hex16(args[i]), hex16(args[i+1])
				m.ranges = append(m.ranges, struct {
					lo, hi uint16
					dst    []uint16
				}{lo[0], hi[0], hex16(args[i+2])})
			}
			section = ""
		default:
			if section != "" && strings.HasPrefix(w, "<") {
				args = append(args, w)
			}
		}
	}
	if len(m.chars) == 0 && len(m.ranges) == 0 {
		t.Fatalf("ToUnicode map without entries:\n%s", src)
	}
	return m
}

// Text joins the lines of every page, one a line.
func Text(pages []Page) string {
	var sb strings.Builder
	for _, p := range pages {
		for _, l := range p.Lines {
			sb.WriteString(l)
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// Strings returns every string the pages of a PDF show, decoded, in the
// order they are drawn.
func Strings(t testing.TB, b []byte) []string {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("parse PDF: %v", err)
	}
	var out []string
	for i := 1; i <= r.NumPage(); i++ {
		for _, s := range pageStrings(t, r.Page(i)) {
			out = append(out, s.s)
		}
	}
	return out
}
