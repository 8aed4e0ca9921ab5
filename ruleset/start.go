package ruleset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
)

// Template is a legal design a new one may start from: a class of ship
// ("Cruiser") with a sentence on what it is for.
type Template struct {
	// ID names the template in a URL: "cruiser".
	ID string `json:"id"`
	// Label is the class in the form's words: "Cruiser".
	Label string `json:"label"`
	Help  string `json:"help"`
	// Document is the design, named "New cruiser", without the source's
	// description and tags.
	Document RawJSON `json:"document"`
	// Numbers are the template's headline numbers as the panel shows
	// them: the form's headline stats of its evaluation (WithNumbers).
	Numbers []Number `json:"numbers,omitempty"`
}

// Number is one number of an evaluation with its label: "Combat value" 96.
type Number struct {
	Label string `json:"label"`
	Value any    `json:"value"`
	Unit  string `json:"unit,omitempty"`
}

// WithNumbers returns ts with each template's headline numbers: the
// headline stats among stats, read from r's evaluation of the template,
// so that the chooser shows what the panel would.
func WithNumbers(r Ruleset, stats []Stat, ts []Template) ([]Template, error) {
	out := make([]Template, len(ts))
	for i, t := range ts {
		d, err := r.Decode(t.Document)
		if err != nil {
			return nil, fmt.Errorf("template %s: %w", t.ID, err)
		}
		ev, err := r.Evaluate(d, nil)
		if err != nil {
			return nil, fmt.Errorf("template %s: %w", t.ID, err)
		}
		b, err := json.Marshal(ev)
		if err != nil {
			return nil, err
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			return nil, err
		}
		t.Numbers = nil
		for _, s := range stats {
			if n, ok := Pointer(v, s.Pointer); ok && s.Headline {
				t.Numbers = append(t.Numbers, Number{Label: s.Label, Value: n, Unit: s.Unit})
			}
		}
		out[i] = t
	}
	return out, nil
}

// GuideStep is one step of the guided path for a first design.
type GuideStep struct {
	Title string `json:"title"`
	Help  string `json:"help"`
	// Path is the part of the form the step is about: a field's or a
	// widget's path ("name", "sections", "systems").
	Path string `json:"path"`
	// Action names what the step's button does beside going to Path, for
	// a page that knows it: "systems" (add a system), "armoury" (pick a
	// ready weapon). Empty for none.
	Action string `json:"action,omitempty"`
	// Offer is a button that does the step for the player ("Add a core,
	// fore and aft section"): it applies Patch, a JSON merge patch (RFC
	// 7386), to the document. A page offers it only while every value
	// the patch sets is absent from the document, so it never overwrites
	// what the player chose.
	Offer string  `json:"offer,omitempty"`
	Patch RawJSON `json:"patch,omitempty"`
}

// ReadyPart is a ready definition from the armoury: a whole entry of a
// document list, with its tier and what it is good at.
type ReadyPart struct {
	// List is the document list the entry joins: "weapons".
	List string `json:"list"`
	Name string `json:"name"`
	// Help says what the part is good at, in a player's words.
	Help string `json:"help"`
	// Tier is the tier the part gives a design (0 for a game without).
	Tier  int     `json:"tier,omitempty"`
	Value RawJSON `json:"value"`
}

// startFile is a ruleset's start.json: the templates it offers (each a
// design file of its data) and its guided path.
type startFile struct {
	Templates []struct {
		ID    string `json:"id"`
		Label string `json:"label"`
		Help  string `json:"help"`
		File  string `json:"file"`
	} `json:"templates"`
	Guide []GuideStep `json:"guide"`
}

// ReadStart reads a ruleset's start file (name, in fsys): its templates,
// each read from its own file of fsys and renamed "New <label>" without
// the description and tags of the design it was made from, and its guided
// path. Whether each template is legal is for the ruleset's tests.
func ReadStart(fsys fs.FS, name string) ([]Template, []GuideStep, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, nil, err
	}
	var sf startFile
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sf); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	var out []Template
	for _, t := range sf.Templates {
		doc, err := fs.ReadFile(fsys, t.File)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: template %s: %w", name, t.ID, err)
		}
		var m map[string]any
		if err := json.Unmarshal(doc, &m); err != nil {
			return nil, nil, fmt.Errorf("%s: template %s: %w", name, t.ID, err)
		}
		m["name"] = "New " + strings.ToLower(t.Label)
		delete(m, "description")
		delete(m, "tags")
		doc, err = json.Marshal(m)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, Template{ID: t.ID, Label: t.Label, Help: t.Help, Document: doc})
	}
	for i, g := range sf.Guide {
		if (g.Offer == "") != (len(g.Patch) == 0) {
			return nil, nil, fmt.Errorf("%s: step %q: an offer needs its patch and a patch its offer", name, g.Title)
		}
		if len(g.Patch) > 0 {
			var buf bytes.Buffer
			if err := json.Compact(&buf, g.Patch); err != nil {
				return nil, nil, fmt.Errorf("%s: step %q: %w", name, g.Title, err)
			}
			sf.Guide[i].Patch = buf.Bytes()
		}
	}
	return out, sf.Guide, nil
}
