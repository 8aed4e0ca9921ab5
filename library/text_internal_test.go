package library

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/slipway/slipway/designer"
)

// TestCheckDocument: a NUL anywhere in a document is refused at its
// path (a key's at the object holding it); a backslash followed by
// "u0000" is text, not a NUL; the head's texts are checked as given.
func TestCheckDocument(t *testing.T) {
	for _, tc := range []struct {
		doc   string
		texts []docText
		field string // "" when fine
	}{
		{doc: `{"name": "Fine", "tags": ["a", "b"]}`},
		{doc: `{"name": "back\\u0000slash"}`},
		{doc: `{"name": "a\u0000b"}`, field: "design.name"},
		{doc: `{"sections": {"core": {"systems": [{"kind": "x"}, {"kind": "a\u0000"}]}}}`, field: "design.sections.core.systems[1].kind"},
		{doc: `{"loadout": {"bay\u0000": 1}}`, field: "design.loadout"},
		{doc: `["a\u0000"]`, field: "design[0]"},
		{doc: `{"name": "Fine"}`, texts: []docText{text("name", "ok"), {"tags", 1, "a\xffb"}}, field: "design.tags[1]"},
	} {
		err := checkDocument("design", []byte(tc.doc), tc.texts...)
		var le *Error
		switch {
		case tc.field == "" && err != nil:
			t.Errorf("%s: %v", tc.doc, err)
		case tc.field != "" && (!errors.As(err, &le) || le.Code != EInvalid || le.Field != tc.field):
			t.Errorf("%s: %v, want EInvalid at %s", tc.doc, err, tc.field)
		}
	}
}

// BenchmarkCheckDocument is the text rule's cost on a save of the
// reference cruiser: go test ./library -run XXX -bench CheckDocument
func BenchmarkCheckDocument(b *testing.B) {
	raw, err := os.ReadFile("../data/samples/reference-cruiser.json")
	if err != nil {
		b.Fatal(err)
	}
	d, err := designer.DecodeDesign(raw)
	if err != nil {
		b.Fatal(err)
	}
	doc, _ := json.Marshal(d)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		var buf [8]docText
		if err := checkDocument("design", doc, headTexts(append(buf[:0], text("movement", "cinematic"), text("hull", "metallic")), d.Head())...); err != nil {
			b.Fatal(err)
		}
	}
}
