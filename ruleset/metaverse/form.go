package metaverse

import (
	"encoding/json"

	"github.com/slipway/slipway/ruleset"
)

// Form describes Metaverse's designer form: the ship's plain fields, and
// its sections, weapons, squadrons and hangars as named widgets the web
// studio draws itself from the catalogue answer in Data.
func (r *Ruleset) Form() *ruleset.Form {
	r.formOnce.Do(func() { r.form, r.formErr = r.buildForm() })
	if r.formErr != nil {
		panic(r.formErr) // the built-in catalogue always builds (TestForm)
	}
	return r.form
}

// FormData is the data Metaverse's widgets draw from: the catalogue
// answer of GET /api/v1/catalogue.
func (r *Ruleset) FormData() (*CatalogueAnswer, error) { return BuildCatalogueAnswer(r.cat) }

func (r *Ruleset) buildForm() (*ruleset.Form, error) {
	a, err := BuildCatalogueAnswer(r.cat)
	if err != nil {
		return nil, err
	}
	blank, err := json.Marshal(a.Blank)
	if err != nil {
		return nil, err
	}
	h, err := loadHelp()
	if err != nil {
		return nil, err
	}
	enum := func(pattern string) []ruleset.Option { return h.options(pattern, a.Choices[pattern]) }
	choiceRange := func(pattern string) (*int, *int) {
		lo, hi := 0, 0
		for i, v := range a.Choices[pattern] {
			n, _ := v.(int)
			if i == 0 || n < lo {
				lo = n
			}
			if i == 0 || n > hi {
				hi = n
			}
		}
		return ruleset.Int(lo), ruleset.Int(hi)
	}
	templates, guide, err := start()
	if err != nil {
		return nil, err
	}
	ready, err := armoury()
	if err != nil {
		return nil, err
	}
	tlMin, tlMax := choiceRange("techLevel")
	cqMin, cqMax := choiceRange("crewQuality")
	f := &ruleset.Form{
		Ruleset: ID,
		Title:   "Starship",
		Sheet:   "record sheet",
		Intro:   "Build a starship section by section: hull, systems, weapons and defences. Combat value, points and every problem update as you type.",
		Blank:   blank,
		Groups: []ruleset.FieldGroup{
			{Legend: "Identity", Fields: []ruleset.Field{
				{Name: "name", Kind: ruleset.FieldText, Label: "Class name", MaxLength: 80},
				{Name: "description", Kind: ruleset.FieldTextarea, Label: "Description", MaxLength: 4000, Optional: true},
				{Name: "tags", Kind: ruleset.FieldTags, Label: "Tags", MaxLength: 32, MaxItems: 12, Optional: true},
				{Name: "universe", Kind: ruleset.FieldText, Label: "Universe", MaxLength: 80, Optional: true},
			}},
			{Legend: "Ship", Fields: []ruleset.Field{
				{Name: "scale", Kind: ruleset.FieldInteger, Label: "Scale (tons per hull hit)", Min: ruleset.Int(1), Max: ruleset.Int(1000000)},
				{Name: "techLevel", Kind: ruleset.FieldInteger, Label: "Tech level", Min: tlMin, Max: tlMax},
				{Name: "movement", Kind: ruleset.FieldEnum, Label: "Movement", Options: enum("movement")},
				{Name: "hull", Kind: ruleset.FieldEnum, Label: "Hull", Options: enum("hull")},
				{Name: "crewQuality", Kind: ruleset.FieldInteger, Label: "Crew quality", Min: cqMin, Max: cqMax, Options: enum("crewQuality")},
				{Name: "commandQuality", Kind: ruleset.FieldEnum, Label: "Command quality", Options: enum("commandQuality")},
				{Name: "damageControl", Kind: ruleset.FieldEnum, Label: "Damage control", Options: enum("damageControl")},
			}},
			{Legend: "Sections", Fields: []ruleset.Field{{Name: "sections", Kind: ruleset.FieldWidget, Widget: "sections", Label: "Sections"}}},
			{Legend: "Weapons", Fields: []ruleset.Field{{Name: "weapons", Kind: ruleset.FieldWidget, Widget: "weapons", Label: "Weapon definitions", Optional: true}}},
			{Legend: "Starfighter squadrons", Fields: []ruleset.Field{{Name: "starfighters", Kind: ruleset.FieldWidget, Widget: "squadrons", Label: "Squadron definitions", Optional: true}}},
			{Legend: "Hangar bays", Fields: []ruleset.Field{{Name: "hangarBays", Kind: ruleset.FieldWidget, Widget: "hangars", Label: "Hangar bay definitions", Optional: true}}},
		},
		Stats: []ruleset.Stat{
			{Pointer: "/cv", Label: "Combat value", Headline: true},
			{Pointer: "/points", Label: "Points", Headline: true},
			{Pointer: "/tier", Label: "Tier", Headline: true},
			{Pointer: "/minTechLevel", Label: "Min. tech level"},
			{Pointer: "/ems", Label: "EMS"},
			{Pointer: "/targetRating", Label: "Target rating"},
			{Pointer: "/massFactor", Label: "Mass factor"},
			{Pointer: "/hullHits", Label: "Hull hits"},
		},
		Glossary:  h.glossary(a),
		Templates: templates,
		Guide:     guide,
		Armoury:   ready,
	}
	for i := range f.Groups {
		g := &f.Groups[i]
		g.Help = h.Groups[g.Legend]
		for j := range g.Fields {
			g.Fields[j].Help = h.Fields[g.Fields[j].Name]
		}
	}
	for i := range f.Stats {
		f.Stats[i].Help = h.Stats[f.Stats[i].Pointer]
	}
	if f.Templates, err = ruleset.WithNumbers(r, f.Stats, f.Templates); err != nil {
		return nil, err
	}
	return f, nil
}
