package sheets

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"io"
	"math"
	"strings"
	"sync"

	"github.com/jung-kurt/gofpdf"
)

// The sheets print in DejaVu Sans Condensed, regular and bold (Bitstream
// Vera and Arev licences, fonts/LICENSE), compiled into the binary and
// embedded as a subset in every PDF (gofpdf's UTF-8 fonts: CID-keyed
// TrueType, Identity-H, with a ToUnicode map), so a document never depends
// on the fonts of the machine that opens it. The condensed face is within
// a few per cent of Helvetica's widths, which the layouts were drawn for,
// and covers Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and
// Arabic letters and many symbols.
//
//go:embed fonts/DejaVuSansCondensed.ttf
var regularTTF []byte

//go:embed fonts/DejaVuSansCondensed-Bold.ttf
var boldTTF []byte

// Characters DejaVu lacks print in WenQuanYi Micro Hei (Apache License
// 2.0, fonts/LICENSE-WenQuanYiMicroHei), built on Android's Droid Sans
// Fallback with hangul added: TrueType outlines for the Chinese, Japanese
// and Korean ideographs, kana, hangul and CJK punctuation. It has 29,000
// glyphs, so the binary carries it compressed (1.9 MB for 3.9 MB) and a
// process decompresses and reads it only when some text first needs a
// character DejaVu lacks (see fallback); a document embeds a cut of the
// glyphs it prints (see cutTTF). It has one weight: bold text in it is
// the regular face drawn with a thin outline (see canvas.fallbackPiece).
//
//go:embed fonts/WenQuanYiMicroHei.ttf.gz
var fallbackGz []byte

// Family names a document registers the faces under when its text first
// needs them (see canvas.selectFont): the whole faces, and their Latin
// cut.
const (
	fontFamily      = "DejaVuSansCondensed"
	latinFontFamily = "DejaVuSansCondensedLatin"
	fallbackFamily  = "WenQuanYiMicroHei"
)

// fallbackFont is the fallback face, its TrueType bytes and PostScript
// name.
type fallbackFont struct {
	face
	ttf  []byte
	name string
}

// fallback returns the process-wide fallback face, decompressed and read
// on first use, like fonts. A damaged copy yields an empty face: its
// characters then print as replacement boxes.
var fallback = sync.OnceValue(func() *fallbackFont {
	fb := &fallbackFont{name: "WenQuanYiMicroHei"}
	zr, err := gzip.NewReader(bytes.NewReader(fallbackGz))
	if err != nil {
		return fb
	}
	b, err := io.ReadAll(io.LimitReader(zr, 16<<20))
	if err != nil {
		return fb
	}
	fb.ttf = b
	fb.glyphs = new([0x10000]uint16)
	parseFace(&fb.face, b)
	fb.name = postScriptName(b, fb.name)
	return fb
})

// glyph is rune r's glyph in the fallback face, or 0.
func (fb *fallbackFont) glyph(r rune) int {
	if fb.glyphs == nil || r < 0 || r >= 0x10000 {
		return 0
	}
	return int(fb.glyphs[r])
}

// Where a rune prints: in DejaVu, in the fallback face, or as a drawn
// replacement box (U+FFFD, which clean puts for anything no face has).
const (
	srcDejaVu = iota
	srcFallback
	srcBox
)

// source says where rune r of clean text prints in style, and its
// advance width in thousandths of the font size. Measuring (canvas.width)
// and printing (canvas.text) both ask it, so what is measured is what
// prints. DejaVu comes first; the fallback face only for what it lacks.
func (fs *fontSet) source(style string, r rune) (src, advance int) {
	f := fs.face(style)
	switch {
	case r == replacement:
		return srcBox, f.advance(r)
	case f.cov.has(r):
		return srcDejaVu, int(f.width[r])
	}
	if fb := fallback(); fb.cov.has(r) {
		return srcFallback, int(fb.width[r])
	}
	return srcBox, f.advance(replacement)
}

// has reports whether some face can print rune r in every style: both
// DejaVu faces, or the fallback face. Only clean text's runes reach the
// faces.
func (fs *fontSet) has(r rune) bool {
	return fs.covered.has(r) || r >= 0x80 && fallback().cov.has(r)
}

// textRun is a stretch of clean text that prints from one source.
type textRun struct {
	src     int
	s       string
	advance int // thousandths of the font size
}

// runs splits clean text s into the stretches that print from one
// source in style, for a backend to draw one by one.
func (fs *fontSet) runs(style string, s string) []textRun {
	var out []textRun
	start := 0
	for i, r := range s {
		src, adv := fs.source(style, r)
		if n := len(out); n > 0 && out[n-1].src == src && src != srcBox {
			out[n-1].advance += adv
			continue
		}
		if n := len(out); n > 0 {
			out[n-1].s = s[start:i]
		}
		start = i
		out = append(out, textRun{src: src, advance: adv})
	}
	if n := len(out); n > 0 {
		out[n-1].s = s[start:]
	}
	return out
}

// inLatinCut reports whether rune r belongs in the Latin cut of the faces:
// Latin letters, general punctuation, currency and letterlike symbols,
// arrows, and the replacement character: what the sheets' own words and
// most names use.
func inLatinCut(r rune) bool {
	return r >= 0x20 && r < 0x250 || r >= 0x2000 && r < 0x2200 || r == replacement
}

// replacement is printed for a character the faces cannot show (emoji,
// unassigned code points, scripts they lack) and for control characters.
const replacement = '\uFFFD'

// ellipsis ends truncated text.
const ellipsis = "…"

// coverage is a set of runes of the Basic Multilingual Plane.
type coverage [0x10000 / 64]uint64

func (c *coverage) has(r rune) bool {
	return r >= 0 && r < 0x10000 && c[r>>6]&(1<<(r&63)) != 0
}

func (c *coverage) add(r rune) { c[r>>6] |= 1 << (r & 63) }

// face is what the layout needs of one embedded face: which runes it
// has a glyph for, their advance widths in thousandths of the font size,
// rounded exactly as gofpdf rounds them for the PDF's width array, and
// its cap height in the same unit.
type face struct {
	cov       coverage
	width     [0x10000]uint16
	glyphs    *[0x10000]uint16 // each rune's glyph, when asked for (the fallback face's, for cutTTF)
	missing   int              // width of .notdef, gofpdf's fallback
	capHeight int
}

// fontSet is the regular and bold face and the runes both can show, and
// the Latin cut of both faces.
type fontSet struct {
	regular, bold face
	covered       coverage
	// latin holds the runes of the Latin cut, latinRegular and latinBold
	// the cut TrueType files: the same glyphs and metrics for those
	// runes, a sixth of the glyphs, so gofpdf parses and subsets them
	// several times faster for each document.
	latin                   coverage
	latinRegular, latinBold []byte
	// regularName and boldName are the faces' PostScript names, which
	// name their subsets in a document (see tagSubsets).
	regularName, boldName string
}

// fonts returns the process-wide font set, parsed from the embedded bytes
// on first use. The sync.OnceValue guards it (as bsCatalogue guards
// Battleshift's catalogue), and the set is never written after it is
// built, so documents rendered concurrently share it without locks.
// gofpdf's API takes a font as bytes and parses them again for every
// document, which costs milliseconds per face for all of DejaVu; hence the
// Latin cut, made here once (tens of milliseconds, on first use), which
// most documents need alone.
var fonts = sync.OnceValue(func() *fontSet {
	fs := &fontSet{}
	parseFace(&fs.regular, regularTTF)
	parseFace(&fs.bold, boldTTF)
	for i := range fs.covered {
		fs.covered[i] = fs.regular.cov[i] & fs.bold.cov[i]
	}
	var cut strings.Builder
	for r := rune(0); r < 0x10000; r++ {
		if fs.covered.has(r) && inLatinCut(r) {
			fs.latin.add(r)
			cut.WriteRune(r)
		}
	}
	fs.latinRegular = gofpdf.UTF8CutFont(regularTTF, cut.String())
	fs.latinBold = gofpdf.UTF8CutFont(boldTTF, cut.String())
	fs.regularName = postScriptName(regularTTF, "DejaVuSansCondensed")
	fs.boldName = postScriptName(boldTTF, "DejaVuSansCondensed-Bold")
	return fs
})

// family returns the family a document prints the DejaVu runes of clean
// text s in: the Latin cut when it has every one of them, else the whole
// faces. Runes DejaVu lacks print in the fallback face and do not count.
func (fs *fontSet) family(s string) string {
	for _, r := range s {
		if !fs.latin.has(r) && (fs.regular.cov.has(r) || fs.bold.cov.has(r)) {
			return fontFamily
		}
	}
	return latinFontFamily
}

// face returns the face of a text style ("B" or "BI" bold, else regular).
func (fs *fontSet) face(style string) *face {
	if len(style) > 0 && style[0] == 'B' {
		return &fs.bold
	}
	return &fs.regular
}

// advance is the width of rune r in thousandths of the font size, as
// gofpdf measures it.
func (f *face) advance(r rune) int {
	if f.cov.has(r) {
		return int(f.width[r])
	}
	return f.missing
}

// ttf reads big-endian numbers from a TrueType file; out-of-range reads
// give -1, so a malformed file yields an empty face, never a panic.
type ttf []byte

func (t ttf) u16(off int) int {
	if off < 0 || off+2 > len(t) {
		return -1
	}
	return int(binary.BigEndian.Uint16(t[off:]))
}

func (t ttf) i16(off int) int {
	v := t.u16(off)
	if v >= 0x8000 {
		v -= 0x10000
	}
	return v
}

func (t ttf) u32(off int) int {
	if off < 0 || off+4 > len(t) {
		return -1
	}
	return int(binary.BigEndian.Uint32(t[off:]))
}

// table returns the offset of the named table, or -1.
func (t ttf) table(name string) int {
	for i, n := 0, t.u16(4); i < n; i++ {
		rec := 12 + 16*i
		if rec+16 <= len(t) && string(t[rec:rec+4]) == name {
			return t.u32(rec + 8)
		}
	}
	return -1
}

// parseFace reads the tables gofpdf reads: the Unicode BMP character map
// (format 4) and the horizontal metrics; and the cap height (OS/2, or
// the top of the H).
func parseFace(f *face, b []byte) {
	t := ttf(b)
	head, hhea, hmtx, cmap, os2 := t.table("head"), t.table("hhea"), t.table("hmtx"), t.table("cmap"), t.table("OS/2")
	upem := t.u16(head + 18)
	nMetrics := t.u16(hhea + 34)
	if head < 0 || hhea < 0 || hmtx < 0 || cmap < 0 || upem <= 0 || nMetrics <= 0 {
		return
	}
	scale := 1000 / float64(upem)
	adv := func(glyph int) int {
		a := t.u16(hmtx + 4*min(glyph, nMetrics-1))
		if a < 0 || a >= 1<<15 {
			return 0
		}
		return int(math.Round(scale * float64(a)))
	}
	f.missing = adv(0)
	if os2 >= 0 && t.u16(os2) > 1 {
		f.capHeight = int(float64(t.i16(os2+88)) * scale)
	}
	sub := -1
	for i, n := 0, t.u16(cmap+2); i < n; i++ {
		rec := cmap + 4 + 8*i
		platform, enc, off := t.u16(rec), t.u16(rec+2), t.u32(rec+4)
		if (platform == 3 && enc == 1 || platform == 0) && t.u16(cmap+off) == 4 {
			sub = cmap + off
			break
		}
	}
	if sub < 0 {
		return
	}
	segs := t.u16(sub+6) / 2
	ends, starts := sub+14, sub+16+2*segs
	deltas, ranges := starts+2*segs, starts+4*segs
	for s := 0; s < segs; s++ {
		end, start := t.u16(ends+2*s), t.u16(starts+2*s)
		delta, rangeOff := t.u16(deltas+2*s), t.u16(ranges+2*s)
		if end < 0 || start < 0 || delta < 0 || rangeOff < 0 {
			return
		}
		for c := start; c <= end && c < 0xFFFF; c++ {
			g := 0
			if rangeOff == 0 {
				g = (c + delta) & 0xFFFF
			} else if v := t.u16(ranges + 2*s + rangeOff + 2*(c-start)); v > 0 {
				g = (v + delta) & 0xFFFF
			}
			if g != 0 && c != 0 {
				f.cov.add(rune(c))
				if f.glyphs != nil {
					f.glyphs[c] = uint16(g)
				}
				f.width[c] = uint16(adv(g))
				if c == 'H' && f.capHeight <= 0 {
					// OS/2 before version 2 has no cap height: take
					// the top of the H glyph's bounding box.
					f.capHeight = int(float64(glyphTop(t, head, g)) * scale)
				}
			}
		}
	}
	if f.capHeight <= 0 {
		f.capHeight = 720
	}
}

// postScriptName reads a TrueType font's PostScript name (name table,
// name 6, Windows Unicode or Macintosh Roman), or returns def when the
// font has none that is a valid PDF name of printable ASCII.
func postScriptName(b []byte, def string) string {
	t := ttf(b)
	tab := t.table("name")
	if tab < 0 {
		return def
	}
	count, store := t.u16(tab+2), tab+t.u16(tab+4)
	for i := 0; i < count; i++ {
		rec := tab + 6 + 12*i
		platform, id, n, off := t.u16(rec), t.u16(rec+6), t.u16(rec+8), t.u16(rec+10)
		if id != 6 || n <= 0 || off < 0 || store+off+n > len(b) {
			continue
		}
		raw := b[store+off : store+off+n]
		var name []byte
		switch platform {
		case 3: // UTF-16BE
			for j := 0; j+1 < len(raw); j += 2 {
				if raw[j] != 0 {
					name = nil
					break
				}
				name = append(name, raw[j+1])
			}
		case 1: // Macintosh Roman: ASCII for a PostScript name
			name = raw
		}
		if len(name) > 0 && len(name) <= 63 && nameLen(name) == len(name) && printableASCII(name) {
			return string(name)
		}
	}
	return def
}

// printableASCII reports whether b is printable ASCII without spaces.
func printableASCII(b []byte) bool {
	for _, c := range b {
		if c <= ' ' || c > '~' {
			return false
		}
	}
	return true
}

// glyphTop is the top of glyph g's bounding box in font units, or 0.
func glyphTop(t ttf, head, g int) int {
	loca, glyf := t.table("loca"), t.table("glyf")
	if loca < 0 || glyf < 0 {
		return 0
	}
	off := 2 * t.u16(loca+2*g)
	if t.i16(head+50) == 1 {
		off = t.u32(loca + 4*g)
	}
	if off < 0 {
		return 0
	}
	return t.i16(glyf + off + 8)
}

// planFallback looks, before a document of many pages is drawn, at all
// the text its ships and texts can print (each design whole, as JSON)
// and adds one cut of the fallback face with every character of it that
// prints there. A pack whose later pages bring new characters would
// otherwise add a cut per page, each of which gofpdf keeps until the end
// (about 2 MB apiece). Characters gathered that no page prints cost
// nothing in the PDF: gofpdf embeds only the glyphs drawn.
func (c *canvas) planFallback(ships []Ship, texts ...string) {
	var need []rune
	seen := map[rune]bool{}
	scan := func(s string) {
		for _, r := range s {
			if r < 0x80 || seen[r] || c.fonts.covered.has(r) {
				continue
			}
			seen[r] = true
			if src, _ := c.fonts.source("", r); src == srcFallback {
				need = append(need, r)
			}
		}
	}
	for _, s := range ships {
		if b, err := json.Marshal(s.Design); err == nil {
			scan(string(b))
		}
		scan(s.Link)
	}
	for _, t := range texts {
		scan(t)
	}
	if len(need) > 0 {
		c.cutFallback(need)
	}
}
