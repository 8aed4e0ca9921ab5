package ruleset

import (
	"strconv"
	"strings"
)

// Form describes a ruleset's designer form, for the web studio to draw
// without knowing the game: plain fields at the document's top level, a
// rows widget for lists of like entries (a Battleshift ship's systems),
// and named widgets for the parts a game draws its own way (Metaverse's
// sections, weapons, squadrons and hangars). Stats are the panel's
// numbers, read from the evaluation by JSON pointer.
type Form struct {
	Ruleset string `json:"ruleset"`
	// Title is the form's heading: "Ship class".
	Title string `json:"title"`
	// Intro is a sentence or two for a newcomer.
	Intro string `json:"intro,omitempty"`
	// Sheet names the design's printed sheet: "record sheet".
	Sheet string `json:"sheet,omitempty"`
	// Blank is the document a new design starts from.
	Blank RawJSON `json:"blank"`
	// Groups are the form's fieldsets, in order.
	Groups []FieldGroup `json:"groups"`
	// Stats are the numbers the live panel shows.
	Stats []Stat `json:"stats"`
	// Glossary explains what the form shows beyond its plain fields: the
	// fields and choices of its named widgets, by the path they edit.
	// The glossary page lists it after the groups' fields.
	Glossary []TermGroup `json:"glossary,omitempty"`
	// Templates are the legal designs a new one may start from
	// ("Cruiser"), each with its help.
	Templates []Template `json:"templates,omitempty"`
	// Guide is the guided path for a first design: a few steps, each a
	// part of the form with what to do there.
	Guide []GuideStep `json:"guide,omitempty"`
	// Armoury is ready definitions a player picks instead of filling a
	// definition's fields one by one (Metaverse's weapons).
	Armoury []ReadyPart `json:"armoury,omitempty"`
	// KindMember names the member that tells a game's document kinds
	// apart ("kind"), for a game whose form makes more than one kind of
	// document; empty for a game with one.
	KindMember string `json:"kindMember,omitempty"`
	// Kinds are the documents the form makes, when there is more than one
	// (a Star Eater loadout, card set and 2v2 team): the designer asks
	// which one the player is making. The first is the form's own (its
	// Title, Blank, Groups and Stats above, with the templates, guide and
	// armoury); each other kind has its own.
	Kinds []FormKind `json:"kinds,omitempty"`
}

// FormKind is one kind of document a form makes: what the player picks
// ("Card set"), and the form drawn for it.
type FormKind struct {
	// Value is the kind member's value in the document: "cardSet".
	Value string `json:"value"`
	// Label is the choice: "Card set".
	Label string `json:"label"`
	// Help says what the kind of document is for.
	Help string `json:"help"`
	// Title, Intro, Blank, Groups and Stats are the kind's form; the
	// first kind leaves them empty, as the form's own.
	Title  string       `json:"title,omitempty"`
	Intro  string       `json:"intro,omitempty"`
	Blank  RawJSON      `json:"blank,omitempty"`
	Groups []FieldGroup `json:"groups,omitempty"`
	Stats  []Stat       `json:"stats,omitempty"`
}

// TermGroup is a heading of the glossary with its terms.
type TermGroup struct {
	Heading string `json:"heading"`
	Help    string `json:"help,omitempty"`
	Terms   []Term `json:"terms"`
}

// Term is one field a widget shows, with its help and, for a choice,
// every option with its own.
type Term struct {
	// Path is the field's place as a pattern: a JSON path with "*" for
	// any key and "[]" for any list index ("weapons[].die").
	Path    string   `json:"path"`
	Label   string   `json:"label"`
	Help    string   `json:"help"`
	Options []Option `json:"options,omitempty"`
}

// RawJSON is a JSON value kept as its bytes (json.RawMessage, without
// the import in every ruleset).
type RawJSON []byte

// MarshalJSON returns the bytes as they are ("null" when empty).
func (r RawJSON) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return []byte("null"), nil
	}
	return r, nil
}

// UnmarshalJSON keeps the value's bytes, as json.RawMessage does.
func (r *RawJSON) UnmarshalJSON(b []byte) error {
	*r = append((*r)[:0], b...)
	return nil
}

// FieldGroup is one fieldset of the form.
type FieldGroup struct {
	// Legend is the fieldset's title: "Identity", "Hull", "Systems".
	Legend string  `json:"legend"`
	Help   string  `json:"help,omitempty"`
	Fields []Field `json:"fields"`
}

// Field kinds.
const (
	FieldText     = "text"     // one line of text
	FieldTextarea = "textarea" // several lines of text
	FieldInteger  = "integer"  // a whole number in [Min, Max]
	FieldEnum     = "enum"     // one of Options
	FieldBoolean  = "boolean"  // true or false
	FieldTags     = "tags"     // a list of short words
	FieldRows     = "rows"     // a list of objects, one row each, with Columns
	FieldWidget   = "widget"   // drawn by the named Widget
)

// Field is one input of the form, bound to a member of the document (or,
// in a rows widget, of a row).
type Field struct {
	// Name is the JSON member the field edits: "size", "systems".
	Name string `json:"name"`
	// Kind is one of the Field* kinds.
	Kind string `json:"kind"`
	// Label is the field's label in the form's own words.
	Label string `json:"label"`
	// Help says what the field means, in a sentence a newcomer can read.
	Help string `json:"help,omitempty"`
	// Min, Max bound an integer field.
	Min *int `json:"min,omitempty"`
	Max *int `json:"max,omitempty"`
	// MaxLength bounds a text field, in characters (a tags field's:
	// each tag's).
	MaxLength int `json:"maxLength,omitempty"`
	// MaxItems bounds a tags field's count of tags.
	MaxItems int `json:"maxItems,omitempty"`
	// Default is the value a new row or an empty field takes.
	Default RawJSON `json:"default,omitempty"`
	// Optional fields are left out of the document when empty or at their
	// default.
	Optional bool `json:"optional,omitempty"`
	// Options are an enum's choices; an integer field may list its
	// values too, to give each its help ("1 (green)"), and a text field
	// its suggestions (any other text is allowed: a card of the catalogue
	// or one of the player's own).
	Options []Option `json:"options,omitempty"`
	// Columns are a rows field's inputs, one row per list entry.
	Columns []Field `json:"columns,omitempty"`
	// ShowIf names a column of the same row and the option values under
	// which this column is shown (and kept in the document): a Battleshift
	// system's "pay" only for the either-or kinds.
	ShowIf *Condition `json:"showIf,omitempty"`
	// Widget names a widget the page draws itself, for FieldWidget.
	Widget string `json:"widget,omitempty"`
	// AddLabel is a rows field's add button: "Add a system".
	AddLabel string `json:"addLabel,omitempty"`
}

// Condition shows a column when another column of its row has one of
// Values.
type Condition struct {
	Field  string   `json:"field"`
	Values []string `json:"values"`
}

// Option is one choice of an enum.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
	Help  string `json:"help,omitempty"`
}

// Stat is one number of the live panel.
type Stat struct {
	// Pointer is the JSON pointer of the number in the evaluation:
	// "/cost", "/derived/hull".
	Pointer string `json:"pointer"`
	Label   string `json:"label"`
	Help    string `json:"help,omitempty"`
	// Unit follows the number: "\"" for inches, "" for none.
	Unit string `json:"unit,omitempty"`
	// Headline stats are shown large at the top of the panel.
	Headline bool `json:"headline,omitempty"`
}

// Int returns a pointer to n, for Field.Min and Field.Max.
func Int(n int) *int { return &n }

// MissingHelp lists every place of f a player can see that has no help
// text: a group's field, a rows field's column, an option of either, a
// panel number, a glossary term or its option, a template, a step of the
// guided path or an armoury entry. Each is named by where it
// is ("Ship / Hull / biological"); a complete form gives none.
func (f *Form) MissingHelp() []string {
	var out []string
	var field func(at string, fl *Field)
	field = func(at string, fl *Field) {
		at += " / " + fl.Label
		if fl.Help == "" {
			out = append(out, at)
		}
		for _, o := range fl.Options {
			if o.Help == "" {
				out = append(out, at+" / "+o.Label)
			}
		}
		for i := range fl.Columns {
			field(at, &fl.Columns[i])
		}
	}
	for _, g := range f.Groups {
		for i := range g.Fields {
			field(g.Legend, &g.Fields[i])
		}
	}
	for _, s := range f.Stats {
		if s.Help == "" {
			out = append(out, "panel / "+s.Label)
		}
	}
	for _, k := range f.Kinds {
		if k.Help == "" {
			out = append(out, "kinds / "+k.Label)
		}
		for _, g := range k.Groups {
			for i := range g.Fields {
				field(k.Label+" / "+g.Legend, &g.Fields[i])
			}
		}
		for _, s := range k.Stats {
			if s.Help == "" {
				out = append(out, k.Label+" / panel / "+s.Label)
			}
		}
	}
	for _, t := range f.Templates {
		if t.Help == "" {
			out = append(out, "templates / "+t.Label)
		}
	}
	for _, g := range f.Guide {
		if g.Help == "" {
			out = append(out, "guide / "+g.Title)
		}
	}
	for _, r := range f.Armoury {
		if r.Help == "" {
			out = append(out, "armoury / "+r.Name)
		}
	}
	for _, g := range f.Glossary {
		for _, t := range g.Terms {
			at := g.Heading + " / " + t.Label + " (" + t.Path + ")"
			if t.Help == "" {
				out = append(out, at)
			}
			for _, o := range t.Options {
				if o.Help == "" {
					out = append(out, at+" / "+o.Label)
				}
			}
		}
	}
	return out
}

// Pointer reads the JSON pointer p (RFC 6901, "/derived/hull") in v, a
// decoded JSON value: the way a Stat finds its number in an evaluation.
func Pointer(v any, p string) (any, bool) {
	if p == "" {
		return v, true
	}
	for _, step := range strings.Split(strings.TrimPrefix(p, "/"), "/") {
		step = strings.ReplaceAll(strings.ReplaceAll(step, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[step]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(step)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}
