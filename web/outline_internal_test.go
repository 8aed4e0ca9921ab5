package web

import (
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/library"
)

// documentSVG is the drawing as the library page made it before outlines,
// from the whole document; sectionsSVG of the outline must draw the same.
func documentSVG(doc json.RawMessage, size int) template.HTML {
	var d struct {
		Sections map[string]struct {
			Layers []struct {
				HullHits int `json:"hullHits"`
			} `json:"layers"`
		} `json:"sections"`
	}
	if json.Unmarshal(doc, &d) != nil || len(d.Sections) == 0 {
		return ""
	}
	hits := map[string]int{}
	most := 1
	for name, s := range d.Sections {
		for _, l := range s.Layers {
			hits[name] += l.HullHits
		}
		most = max(most, hits[name])
	}
	cell := float64(size) / 3
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="ship-drawing" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="Sections: `, size, size, size, size)
	order := []struct {
		name   string
		cx, cy float64
	}{{"core", 1.5, 1.5}, {"fore", 1.5, 0.5}, {"aft", 1.5, 2.5}, {"port", 0.5, 1.5}, {"starboard", 2.5, 1.5}}
	var label []string
	for _, o := range order {
		if _, ok := d.Sections[o.name]; ok {
			label = append(label, fmt.Sprintf("%s %d hull hits", o.name, hits[o.name]))
		}
	}
	b.WriteString(template.HTMLEscapeString(strings.Join(label, ", ")))
	b.WriteString(`">`)
	for _, o := range order {
		if _, ok := d.Sections[o.name]; !ok {
			continue
		}
		side := cell * (0.35 + 0.6*math.Sqrt(float64(hits[o.name])/float64(most)))
		cls := "sec-out"
		if o.name == "core" {
			cls = "sec-core"
		}
		fmt.Fprintf(&b, `<rect class="%s" x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="2"/>`,
			cls, o.cx*cell-side/2, o.cy*cell-side/2, side, side)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// TestOutlineDrawsAsDocument compares the drawing from a design's outline
// with the drawing from its document, for every sample design, every
// invalid fixture and odd documents.
func TestOutlineDrawsAsDocument(t *testing.T) {
	var docs []string
	for _, glob := range []string{"../data/samples/*.json", "../testdata/*.json", "../testdata/invalid/*.json"} {
		files, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			docs = append(docs, string(b))
		}
	}
	if len(docs) < 10 {
		t.Fatalf("only %d documents", len(docs))
	}
	docs = append(docs, ``, `null`, `{}`, `{"sections":{}}`, `{"sections":{"core":null}}`, `not json`,
		`{"sections":{"core":{"layers":[{"hullHits":3},{"hullHits":4}]},"wing":{"layers":[{"hullHits":40}]}}}`,
		`{"sections":{"wing":{"layers":[{"hullHits":4}]}}}`,
		`{"sections":{"aft":{"layers":[{"hullHits":0}]},"port":{"layers":[{"hullHits":-2}]}}}`,
		`{"sections":{"core":{"layers":[{"hullHits":1.5}]}}}`)
	for _, doc := range docs {
		for _, size := range []int{56, 120} {
			want := documentSVG(json.RawMessage(doc), size)
			got := sectionsSVG(library.Outline(json.RawMessage(doc)), size)
			if got != want {
				t.Errorf("size %d, outline %q of %.80s:\n got %s\nwant %s", size, library.Outline(json.RawMessage(doc)), doc, got, want)
			}
		}
	}
	if got := sectionsSVG("", 56); got != "" {
		t.Errorf("no outline drew %s", got)
	}
}
