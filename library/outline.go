package library

import (
	"encoding/json"
	"strconv"
	"strings"
)

// OutlineSections are the sections an outline names, in drawing order.
var OutlineSections = []string{"core", "fore", "aft", "port", "starboard"}

// Outline summarises what a list draws of a design from its latest
// version's document: each section present with its hull hits (the sum
// over its layers), as "core:24,fore:10,aft:8" in OutlineSections order.
// A section named otherwise is not drawn and counts only towards the
// largest, as "*:N" when it is the largest (or the only kind). A document that cannot be read, or holds no
// section, is "-" (nothing to draw). Stores keep it on the design row,
// written with every version, so a list draws without reading documents;
// "" means a store has not computed it yet.
func Outline(doc json.RawMessage) string {
	var d struct {
		Sections map[string]struct {
			Layers []struct {
				HullHits int `json:"hullHits"`
			} `json:"layers"`
		} `json:"sections"`
	}
	if json.Unmarshal(doc, &d) != nil || len(d.Sections) == 0 {
		return "-"
	}
	hits := map[string]int{}
	for name, s := range d.Sections {
		for _, l := range s.Layers {
			hits[name] += l.HullHits
		}
	}
	var b strings.Builder
	known, other := 1, 1
	for _, name := range OutlineSections {
		if _, ok := d.Sections[name]; ok {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(name)
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(hits[name]))
			known = max(known, hits[name])
		}
	}
	for name, h := range hits {
		if !isOutlineSection(name) {
			other = max(other, h)
		}
	}
	if other > known || b.Len() == 0 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString("*:")
		b.WriteString(strconv.Itoa(other))
	}
	return b.String()
}

func isOutlineSection(name string) bool {
	for _, n := range OutlineSections {
		if n == name {
			return true
		}
	}
	return false
}

// OutlineSection is one section of a parsed outline.
type OutlineSection struct {
	Name     string
	HullHits int
}

// ParseOutline reads an outline: the sections it draws in order and the
// largest hull hits of any section (at least 1). ok is false for "" (not
// computed) or text that is no outline.
func ParseOutline(s string) (secs []OutlineSection, most int, ok bool) {
	if s == "" {
		return nil, 0, false
	}
	most = 1
	if s == "-" {
		return nil, most, true
	}
	for _, part := range strings.Split(s, ",") {
		name, n, found := strings.Cut(part, ":")
		h, err := strconv.Atoi(n)
		if !found || err != nil {
			return nil, 0, false
		}
		most = max(most, h)
		if name != "*" {
			secs = append(secs, OutlineSection{name, h})
		}
	}
	return secs, most, true
}
