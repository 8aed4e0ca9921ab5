package sheets

import (
	"encoding/binary"
	"slices"
)

// cutTTF returns a TrueType font with only the glyphs of runes rs of the
// font src (and .notdef, and the parts of composite glyphs): its glyph
// outlines, horizontal metrics, a Unicode character map of rs, and the
// font's head, hhea, maxp, OS/2, name, post and hinting tables. gofpdf
// reads and subsets the result like any font, at a cost that grows with
// its few glyphs rather than with the 30,000 of the fallback face, so a
// document that prints a few Chinese characters costs kilobytes, not the
// forty megabytes of reading the whole face (see fallbackCut). glyph maps
// a rune to its glyph in src (0 for none); runes without a glyph are
// left out. It returns nil when src is not a TrueType font it can read.
func cutTTF(src []byte, rs []rune, glyph func(rune) int) []byte {
	t := ttf(src)
	head, hhea, maxp, hmtx, loca, glyf := t.table("head"), t.table("hhea"), t.table("maxp"), t.table("hmtx"), t.table("loca"), t.table("glyf")
	if head < 0 || hhea < 0 || maxp < 0 || hmtx < 0 || loca < 0 || glyf < 0 {
		return nil
	}
	numGlyphs, nMetrics, longLoca := t.u16(maxp+4), t.u16(hhea+34), t.i16(head+50) == 1
	if numGlyphs <= 0 || nMetrics <= 0 {
		return nil
	}
	// where is glyph g's outline in src: start and end, or -1.
	where := func(g int) (int, int) {
		if g < 0 || g >= numGlyphs {
			return -1, -1
		}
		var a, b int
		if longLoca {
			a, b = t.u32(loca+4*g), t.u32(loca+4*g+4)
		} else {
			a, b = 2*t.u16(loca+2*g), 2*t.u16(loca+2*g+2)
		}
		if a < 0 || b < a || glyf+b > len(src) {
			return -1, -1
		}
		return glyf + a, glyf + b
	}
	// The glyphs kept: .notdef, each rune's, and every component of a
	// composite one (a few levels deep at most in any real font).
	keep := map[int]bool{0: true}
	var add func(g, depth int)
	add = func(g, depth int) {
		if keep[g] || depth > 8 {
			return
		}
		a, b := where(g)
		if a < 0 {
			return
		}
		keep[g] = true
		for _, c := range components(src[a:b]) {
			add(int(binary.BigEndian.Uint16(src[a+c:])), depth+1)
		}
	}
	var runes []rune
	for _, r := range rs {
		if g := glyph(r); g > 0 && r < 0xFFFF {
			add(g, 0)
			if keep[g] {
				runes = append(runes, r)
			}
		}
	}
	slices.Sort(runes)
	runes = slices.Compact(runes)
	old := make([]int, 0, len(keep))
	for g := range keep {
		old = append(old, g)
	}
	slices.Sort(old)
	newID := make(map[int]int, len(old))
	for i, g := range old {
		newID[g] = i
	}
	// glyf and loca (long offsets), composites pointing to the new ids;
	// hmtx with a full metric per glyph.
	var glyfOut, locaOut, hmtxOut []byte
	for _, g := range old {
		locaOut = binary.BigEndian.AppendUint32(locaOut, uint32(len(glyfOut)))
		a, b := where(g)
		if a >= 0 {
			start := len(glyfOut)
			glyfOut = append(glyfOut, src[a:b]...)
			for _, c := range components(src[a:b]) {
				binary.BigEndian.PutUint16(glyfOut[start+c:], uint16(newID[int(binary.BigEndian.Uint16(src[a+c:]))]))
			}
			for len(glyfOut)%4 != 0 {
				glyfOut = append(glyfOut, 0)
			}
		}
		m := min(g, nMetrics-1)
		adv := t.u16(hmtx + 4*m)
		lsb := t.u16(hmtx + 4*m + 2)
		if g >= nMetrics {
			lsb = t.u16(hmtx + 4*nMetrics + 2*(g-nMetrics))
		}
		hmtxOut = binary.BigEndian.AppendUint16(hmtxOut, uint16(max(adv, 0)))
		hmtxOut = binary.BigEndian.AppendUint16(hmtxOut, uint16(max(lsb, 0)))
	}
	locaOut = binary.BigEndian.AppendUint32(locaOut, uint32(len(glyfOut)))

	tables := map[string][]byte{
		"glyf": glyfOut, "loca": locaOut, "hmtx": hmtxOut,
		"cmap": cmap4(runes, func(r rune) int { return newID[glyph(r)] }),
	}
	copyTable := func(name string, size int) []byte {
		b := tableBytes(t, name)
		if b == nil || len(b) < size {
			return nil
		}
		return slices.Clone(b)
	}
	if b := copyTable("head", 54); b != nil {
		binary.BigEndian.PutUint32(b[8:], 0) // checkSumAdjustment
		binary.BigEndian.PutUint16(b[50:], 1)
		tables["head"] = b
	} else {
		return nil
	}
	if b := copyTable("hhea", 36); b != nil {
		binary.BigEndian.PutUint16(b[34:], uint16(len(old)))
		tables["hhea"] = b
	} else {
		return nil
	}
	if b := copyTable("maxp", 6); b != nil {
		binary.BigEndian.PutUint16(b[4:], uint16(len(old)))
		tables["maxp"] = b
	} else {
		return nil
	}
	for _, name := range []string{"OS/2", "name", "cvt ", "fpgm", "prep", "gasp"} {
		if b := tableBytes(t, name); b != nil {
			tables[name] = b
		}
	}
	if b := tableBytes(t, "post"); len(b) >= 32 {
		post := slices.Clone(b[:32])
		binary.BigEndian.PutUint32(post, 0x00030000) // no glyph names
		tables["post"] = post
	}
	return assembleTTF(tables)
}

// components returns the offsets, in a composite glyph's bytes, of its
// components' glyph indices (none for a simple glyph).
func components(g []byte) []int {
	if len(g) < 10 || int16(binary.BigEndian.Uint16(g)) >= 0 {
		return nil
	}
	var out []int
	for off := 10; off+4 <= len(g) && len(out) < 64; {
		flags := binary.BigEndian.Uint16(g[off:])
		out = append(out, off+2)
		off += 4
		if flags&0x0001 != 0 { // arguments are words
			off += 4
		} else {
			off += 2
		}
		switch {
		case flags&0x0008 != 0: // a scale
			off += 2
		case flags&0x0040 != 0: // x and y scales
			off += 4
		case flags&0x0080 != 0: // a two by two matrix
			off += 8
		}
		if flags&0x0020 == 0 { // no more components
			break
		}
	}
	return out
}

// tableBytes returns the bytes of the named table, or nil.
func tableBytes(t ttf, name string) []byte {
	for i, n := 0, t.u16(4); i < n; i++ {
		rec := 12 + 16*i
		if rec+16 <= len(t) && string(t[rec:rec+4]) == name {
			off, size := t.u32(rec+8), t.u32(rec+12)
			if off < 0 || size < 0 || off+size > len(t) {
				return nil
			}
			return t[off : off+size]
		}
	}
	return nil
}

// cmap4 is a cmap table with one Unicode BMP subtable (platform 3,
// encoding 1, format 4): a segment per run of consecutive runes, sorted
// runes rs mapped to their glyphs.
func cmap4(rs []rune, glyph func(rune) int) []byte {
	type seg struct{ start, end int }
	var segs []seg
	for _, r := range rs {
		if n := len(segs); n > 0 && segs[n-1].end == int(r)-1 && glyph(r) == glyph(rune(segs[n-1].end))+1 {
			segs[n-1].end = int(r)
			continue
		}
		segs = append(segs, seg{int(r), int(r)})
	}
	segs = append(segs, seg{0xFFFF, 0xFFFF})
	n := len(segs)
	sub := make([]byte, 0, 16+8*n)
	u16 := func(v int) { sub = binary.BigEndian.AppendUint16(sub, uint16(v)) }
	search := 1
	for search*2 <= n {
		search *= 2
	}
	log := 0
	for 1<<(log+1) <= search {
		log++
	}
	u16(4)
	u16(16 + 8*n) // length
	u16(0)        // language
	u16(2 * n)
	u16(2 * search)
	u16(log)
	u16(2*n - 2*search)
	for _, s := range segs {
		u16(s.end)
	}
	u16(0) // reserved pad
	for _, s := range segs {
		u16(s.start)
	}
	for _, s := range segs {
		if s.start == 0xFFFF {
			u16(1)
			continue
		}
		u16((glyph(rune(s.start)) - s.start) & 0xFFFF)
	}
	for range segs {
		u16(0)
	}
	out := []byte{0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12}
	return append(out, sub...)
}

// assembleTTF writes a TrueType file of the tables, in tag order, each
// padded to four bytes, with their checksums.
func assembleTTF(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for k := range tables {
		tags = append(tags, k)
	}
	slices.Sort(tags)
	n := len(tags)
	search := 1
	for search*2 <= n {
		search *= 2
	}
	log := 0
	for 1<<(log+1) <= search {
		log++
	}
	out := binary.BigEndian.AppendUint32(nil, 0x00010000)
	out = binary.BigEndian.AppendUint16(out, uint16(n))
	out = binary.BigEndian.AppendUint16(out, uint16(16*search))
	out = binary.BigEndian.AppendUint16(out, uint16(log))
	out = binary.BigEndian.AppendUint16(out, uint16(16*n-16*search))
	off := 12 + 16*n
	var body []byte
	for _, tag := range tags {
		b := tables[tag]
		out = append(out, tag...)
		out = binary.BigEndian.AppendUint32(out, checksum(b))
		out = binary.BigEndian.AppendUint32(out, uint32(off+len(body)))
		out = binary.BigEndian.AppendUint32(out, uint32(len(b)))
		body = append(body, b...)
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
	}
	return append(out, body...)
}

// checksum is a TrueType table checksum: the sum of its big-endian
// 32-bit words, the last padded with zeros.
func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}
