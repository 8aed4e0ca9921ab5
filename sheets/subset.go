package sheets

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// The PDF standard (ISO 32000-1, 9.6.4) names an embedded font subset
// with a tag of six capital letters, a plus sign and the font's
// PostScript name: /KQZTMB+DejaVuSansCondensed. Viewers and preflight
// tools rely on the tag to tell a subset from the whole font. gofpdf
// names its UTF-8 fonts "utf8" and its font key (utf8dejavusanscondensedB)
// and has no hook to change that, so writeTagged rewrites the finished
// document: the names in the font dictionaries change and the
// cross-reference table is rebuilt for the new offsets. Nothing else
// moves; content streams are copied as they are.
//
// The tag is derived from the subset's font program (the bytes of its
// FontFile2 stream), so the same document always gets the same tag, and
// two different subsets of one face (a sheet's Latin cut and the whole
// face) get different ones.

// gofpdfFontPrefix starts the name gofpdf gives every UTF-8 font.
const gofpdfFontPrefix = "utf8"

// fontNames maps the names gofpdf gives the embedded faces (for every
// family the sheets register, regular and bold) to their PostScript
// names.
func (fs *fontSet) fontNames() map[string]string {
	out := map[string]string{}
	for _, fam := range []string{fontFamily, latinFontFamily} {
		key := gofpdfFontPrefix + strings.ToLower(fam)
		out[key] = fs.regularName
		out[key+"B"] = fs.boldName
	}
	return out
}

// writeTagged finishes the canvas's document and writes it to w with its
// font subsets tagged.
func (c *canvas) writeTagged(w io.Writer) error {
	var buf bytes.Buffer
	if err := c.pdf.Output(&buf); err != nil {
		return err
	}
	names := c.fonts.fontNames()
	for family := range c.added {
		if strings.HasPrefix(family, fallbackFamily) {
			names[gofpdfFontPrefix+strings.ToLower(family)] = fallback().name
		}
	}
	doc, err := tagSubsets(buf.Bytes(), names)
	if err != nil {
		return err
	}
	_, err = w.Write(doc)
	return err
}

// pdfObject is one indirect object of a document: its number and where
// its bytes are.
type pdfObject struct {
	n          int
	start, end int
}

// tagSubsets returns doc, a PDF as gofpdf writes it (one classic
// cross-reference table, no object streams), with every font named in
// names renamed to its subset tag, "+" and its PostScript name.
func tagSubsets(doc []byte, names map[string]string) ([]byte, error) {
	objs, startxref, trailer, err := pdfObjects(doc)
	if err != nil {
		return nil, fmt.Errorf("tag font subsets: %w", err)
	}
	byNum := make(map[int]pdfObject, len(objs))
	for _, o := range objs {
		byNum[o.n] = o
	}
	// Each font descriptor names its font and points to the program.
	renamed := map[string]string{}
	for _, o := range objs {
		dict := objectDict(doc, o)
		if !bytes.Contains(dict, []byte("/Type /FontDescriptor")) {
			continue
		}
		name := nameAfter(dict, "/FontName /")
		ps, ok := names[name]
		if !ok {
			continue
		}
		ref := bytes.Fields(after(dict, "/FontFile2 "))
		if len(ref) < 3 {
			return nil, fmt.Errorf("tag font subsets: font %s has no FontFile2", name)
		}
		n, err := strconv.Atoi(string(ref[0]))
		prog, ok := byNum[n]
		if err != nil || !ok {
			return nil, fmt.Errorf("tag font subsets: font %s: bad FontFile2 reference %q", name, ref[0])
		}
		stream, err := objectStream(doc, prog)
		if err != nil {
			return nil, fmt.Errorf("tag font subsets: font %s: %w", name, err)
		}
		renamed[name] = subsetTag(stream) + "+" + ps
	}
	if len(renamed) == 0 {
		return doc, nil
	}
	out := make([]byte, 0, len(doc)+64*len(renamed))
	out = append(out, doc[:objs[0].start]...)
	offsets := make(map[int]int, len(objs))
	for _, o := range objs {
		offsets[o.n] = len(out)
		dict := objectDict(doc, o)
		out = renameFonts(out, dict, renamed)
		out = append(out, doc[o.start+len(dict):o.end]...)
	}
	xrefAt := len(out)
	size := len(objs) + 1
	out = fmt.Appendf(out, "xref\n0 %d\n0000000000 65535 f \n", size)
	for n := 1; n < size; n++ {
		out = fmt.Appendf(out, "%010d 00000 n \n", offsets[n])
	}
	out = append(out, doc[trailer:startxref]...)
	out = fmt.Appendf(out, "startxref\n%d\n%%%%EOF\n", xrefAt)
	return out, nil
}

// pdfObjects reads the cross-reference table of doc and returns its
// objects in the order they appear, where the startxref line is, and
// where the trailer dictionary starts. It accepts only what gofpdf
// writes: objects 1 to n, each with its entry, in one table after the
// last object.
func pdfObjects(doc []byte) (objs []pdfObject, startxref, trailer int, err error) {
	startxref = bytes.LastIndex(doc, []byte("startxref\n"))
	if startxref < 0 {
		return nil, 0, 0, errors.New("no startxref")
	}
	f := bytes.Fields(doc[startxref+len("startxref\n"):])
	if len(f) == 0 {
		return nil, 0, 0, errors.New("no startxref offset")
	}
	at, err := strconv.Atoi(string(f[0]))
	if err != nil || at < 0 || at >= startxref || !bytes.HasPrefix(doc[at:], []byte("xref\n0 ")) {
		return nil, 0, 0, fmt.Errorf("startxref %q does not point to a cross-reference table", f[0])
	}
	p := at + len("xref\n0 ")
	eol := bytes.IndexByte(doc[p:startxref], '\n')
	if eol < 0 {
		return nil, 0, 0, errors.New("truncated cross-reference table")
	}
	size, err := strconv.Atoi(string(doc[p : p+eol]))
	p += eol + 1
	const entry = 20
	if err != nil || size < 2 || size > len(doc)/entry || p+size*entry > startxref {
		return nil, 0, 0, fmt.Errorf("cross-reference table of %q entries", doc[p-eol-1:p-1])
	}
	objs = make([]pdfObject, 0, size-1)
	for n := 1; n < size; n++ {
		e := doc[p+n*entry : p+(n+1)*entry]
		off, err := strconv.Atoi(string(e[:10]))
		if err != nil || e[17] != 'n' || off <= 0 || off >= at ||
			!bytes.HasPrefix(doc[off:], []byte(strconv.Itoa(n)+" 0 obj")) {
			return nil, 0, 0, fmt.Errorf("cross-reference entry %d (%q) does not point to its object", n, e)
		}
		objs = append(objs, pdfObject{n: n, start: off})
	}
	trailer = p + size*entry
	if !bytes.HasPrefix(doc[trailer:], []byte("trailer\n")) {
		return nil, 0, 0, errors.New("no trailer after the cross-reference table")
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].start < objs[j].start })
	for i := range objs {
		objs[i].end = at
		if i+1 < len(objs) {
			objs[i].end = objs[i+1].start
		}
	}
	return objs, startxref, trailer, nil
}

// objectDict is the part of object o before its stream data, if any:
// where names can be.
func objectDict(doc []byte, o pdfObject) []byte {
	b := doc[o.start:o.end]
	if i := bytes.Index(b, []byte("\nstream\n")); i >= 0 {
		return b[:i+len("\nstream\n")]
	}
	return b
}

// objectStream returns the stream data of object o as stored.
func objectStream(doc []byte, o pdfObject) ([]byte, error) {
	b := doc[o.start:o.end]
	i := bytes.Index(b, []byte("\nstream\n"))
	j := bytes.LastIndex(b, []byte("\nendstream"))
	if i < 0 || j < i+len("\nstream\n") {
		return nil, fmt.Errorf("object %d has no stream", o.n)
	}
	return b[i+len("\nstream\n") : j], nil
}

// after returns what follows the first key in b, or nil.
func after(b []byte, key string) []byte {
	i := bytes.Index(b, []byte(key))
	if i < 0 {
		return nil
	}
	return b[i+len(key):]
}

// nameAfter returns the PDF name token that follows key in b.
func nameAfter(b []byte, key string) string {
	rest := after(b, key)
	return string(rest[:nameLen(rest)])
}

// nameLen is the length of the name token at the start of b: up to the
// first white space or delimiter.
func nameLen(b []byte) int {
	for i, c := range b {
		if strings.IndexByte(" \t\r\n\f\x00/<>[]()%{}", c) >= 0 {
			return i
		}
	}
	return len(b)
}

// renameFonts appends dict to out with every name /old of renamed
// replaced by /new; a name that only starts like one is left alone.
func renameFonts(out, dict []byte, renamed map[string]string) []byte {
	for {
		i := bytes.Index(dict, []byte("/"+gofpdfFontPrefix))
		if i < 0 {
			return append(out, dict...)
		}
		n := 1 + nameLen(dict[i+1:])
		out = append(out, dict[:i]...)
		if nw, ok := renamed[string(dict[i+1:i+n])]; ok {
			out = append(out, '/')
			out = append(out, nw...)
		} else {
			out = append(out, dict[i:i+n]...)
		}
		dict = dict[i+n:]
	}
}

// subsetTag is the six capital letters that name the subset whose font
// program is prog: derived from its SHA-256, so equal subsets get equal
// tags.
func subsetTag(prog []byte) string {
	sum := sha256.Sum256(prog)
	var tag [6]byte
	for i := range tag {
		tag[i] = 'A' + sum[i]%26
	}
	return string(tag[:])
}
