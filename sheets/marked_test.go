package sheets

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/slipway/slipway/designer"
)

// TestRecordSheetBoxIDs: every box a player marks on every sample's
// sheet carries its id, each id is one the design has (designer.CheckBox
// accepts it) and no id is drawn twice.
func TestRecordSheetBoxIDs(t *testing.T) {
	re := regexp.MustCompile(`<g data-mark="([a-z]+)"(?: data-box="([^"]*)")?>`)
	for _, name := range sampleNames(t) {
		d := loadSample(t, name)
		var buf bytes.Buffer
		if err := RecordSheetSVG(&buf, testShip(d), Options{}); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, m := range re.FindAllStringSubmatch(buf.String(), -1) {
			if m[2] == "" {
				t.Errorf("%s: a %s box has no id", name, m[1])
				continue
			}
			if seen[m[2]] {
				t.Errorf("%s: box %s drawn twice", name, m[2])
			}
			seen[m[2]] = true
			b, err := designer.ParseBox(m[2])
			if err == nil {
				err = d.CheckBox(b)
			}
			if err != nil {
				t.Errorf("%s: box %s: %v", name, m[2], err)
			}
			if b.Kind != m[1] && !(m[1] == "system" && (b.Kind == "hangar" || b.Kind == "weapon" || b.Kind == "lifeSupport")) {
				t.Errorf("%s: box %s drawn as a %s", name, m[2], m[1])
			}
		}
		if len(seen) < 20 {
			t.Errorf("%s: only %d boxes", name, len(seen))
		}
	}
}

// TestRecordSheetMarked prints the reference cruiser with marks and counts
// the boxes drawn in the mark's colour in the PDF's drawing operators: one
// per mark, none without marks, and qpdf finds nothing wrong.
func TestRecordSheetMarked(t *testing.T) {
	qpdf := needTool(t, "qpdf", "qpdf")
	s := testShip(loadSample(t, "reference-cruiser.json"))
	marks := map[string]string{"nowhere.hull.1.1": "hit"}
	for i := 1; i <= 10; i++ {
		marks[designer.BoxID(designer.SectionCore, designer.BoxHull, 1, i)] = "hit"
	}
	marks[designer.BoxID(designer.SectionCore, designer.BoxSystem, 2, 1)] = "destroyed"
	marks[designer.BoxID(designer.SectionCore, designer.BoxSystem, 1, 1)] = MarkDamaged
	marks[designer.ArcBoxID(designer.SectionFore, designer.BoxShield, designer.ArcFore, 1)] = "hit"
	count := func(m map[string]string) int {
		s.Marks = m
		var buf bytes.Buffer
		if err := RecordSheet(&buf, s, Options{}); err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		in, out := filepath.Join(dir, "in.pdf"), filepath.Join(dir, "out.pdf")
		if err := os.WriteFile(in, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if b, err := exec.Command(qpdf, "--check", in).CombinedOutput(); err != nil {
			t.Fatalf("qpdf --check: %v\n%s", err, b)
		}
		if b, err := exec.Command(qpdf, "--qdf", "--object-streams=disable", in, out).CombinedOutput(); err != nil {
			t.Fatalf("qpdf --qdf: %v\n%s", err, b)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		p := markPen()
		op := fmt.Sprintf("%.3f %.3f %.3f rg", float64(p.r)/255, float64(p.g)/255, float64(p.b)/255)
		return strings.Count(string(b), op)
	}
	if n := count(nil); n != 0 {
		t.Errorf("a sheet without marks has %d marked boxes", n)
	}
	if n, want := count(marks), len(marks)-1; n != want {
		t.Errorf("%d boxes drawn marked, want %d (every mark but the one on no box)", n, want)
	}
}
