package metaverse

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
)

// CatalogueAnswer is the body of GET /api/v1/catalogue: the systems
// catalogue and everything else a form needs to edit a design document
// without knowing the game, so that the web designer holds no list of
// system kinds, dice, hull types or sectors of its own.
type CatalogueAnswer struct {
	// Ruleset, RulesVersion and Schema name the document format served.
	Ruleset      string `json:"ruleset"`
	RulesVersion int    `json:"rulesVersion"`
	Schema       int    `json:"schema"`
	// Catalogue is the systems table (rules §4), as data/catalogue.json.
	Catalogue *designer.Catalogue `json:"catalogue"`
	// JSONSchema is the design document's JSON Schema (designer.JSONSchema).
	JSONSchema map[string]any `json:"jsonSchema"`
	// Blank is a new design document: the format's constants and the
	// defaults of rules §2, nothing else.
	Blank map[string]any `json:"blank"`
	// Sections lists the sections in designer.SectionOrder.
	Sections []SectionInfo `json:"sections"`
	// Arcs lists the four arcs in designer.ArcOrder.
	Arcs []ArcInfo `json:"arcs"`
	// Sectors lists the eight firing sectors, 0-7.
	Sectors []SectorInfo `json:"sectors"`
	// Choices maps a field pattern to the values the validator accepts
	// there. A pattern is a JSON path with "*" for any key and "[]" for
	// any list index, e.g. "weapons[].die" or "sections.*.armour.*.type".
	// A list field (targets, qualities) lists the values its items may take.
	Choices map[string][]any `json:"choices"`
	// Defaults maps a field pattern to the value the decoder gives the
	// field when a document leaves it out (rules §2).
	Defaults map[string]any `json:"defaults"`
	// Rules is every construction rule with its severity and summary.
	Rules []designer.RuleInfo `json:"rules"`
}

// SectionInfo says what the rules allow in one section.
type SectionInfo struct {
	Name designer.SectionName `json:"name"`
	// Arcs are the arcs the section faces when every outboard section is
	// absent: its own for an outboard section, all four for the core.
	Arcs []designer.Arc `json:"arcs"`
	// Sectors are the firing sectors a weapon mount in the section may use.
	Sectors []int `json:"sectors"`
	// Mirror is the section on the other side of the keel (port and
	// starboard swap; the others mirror onto themselves).
	Mirror designer.SectionName `json:"mirror"`
}

// ArcInfo is one arc with its two sectors and the arc opposite it.
type ArcInfo struct {
	Arc      designer.Arc `json:"arc"`
	Sectors  [2]int       `json:"sectors"`
	Opposite designer.Arc `json:"opposite"`
}

// SectorInfo is one firing sector.
type SectorInfo struct {
	Sector int          `json:"sector"`
	Arc    designer.Arc `json:"arc"`
	// Bearing is the direction of the sector's middle, in degrees
	// clockwise from the bow.
	Bearing float64 `json:"bearing"`
	// Mirror is the sector reflected across the keel.
	Mirror int `json:"mirror"`
}

// BuildCatalogueAnswer assembles the catalogue answer for cat. The value
// choices are found by asking the validator: each candidate value is put
// into a legal design at the field, and kept when validation reports no
// problem there. So the form offers exactly what the rules accept, and
// the rules stay in designer.
func BuildCatalogueAnswer(cat *designer.Catalogue) (*CatalogueAnswer, error) {
	base, err := probeBase()
	if err != nil {
		return nil, err
	}
	a := &CatalogueAnswer{
		Ruleset: designer.RulesetMetaverse, RulesVersion: designer.RulesVersion, Schema: designer.Schema,
		Catalogue: cat, JSONSchema: designer.JSONSchema(), Rules: designer.Rules,
		Choices: map[string][]any{}, Defaults: map[string]any{},
	}
	for prefix, v := range map[string]any{
		"": &designer.Design{}, "weapons[].": &designer.WeaponDef{}, "sections.*.systems[].": &designer.System{},
		"sections.*.weapons[].": &designer.Mount{}, "sections.*.hangars[].": &designer.HangarMount{},
	} {
		if err := defaultsOf(prefix, v, a.Defaults); err != nil {
			return nil, err
		}
	}
	a.Blank, err = blankDocument()
	if err != nil {
		return nil, err
	}
	for _, arc := range designer.ArcOrder {
		a.Arcs = append(a.Arcs, ArcInfo{Arc: arc, Sectors: designer.ArcSectors[arc], Opposite: arc.Opposite()})
	}
	for s := 0; s < 8; s++ {
		a.Sectors = append(a.Sectors, SectorInfo{Sector: s, Arc: designer.SectorArc(s), Bearing: 22.5 + 45*float64(s), Mirror: mirrorSector(s)})
	}
	for _, n := range designer.SectionOrder {
		a.Sections = append(a.Sections, sectionInfo(cat, base, n))
	}
	for _, o := range cat.Options {
		pattern := map[string]string{"hull": "hull", "movement": "movement",
			"armour": "sections.*.armour.*.type", "shield": "sections.*.shields.*.type"}[o.Option]
		if pattern != "" {
			a.Choices[pattern] = append(a.Choices[pattern], o.Value)
		}
	}
	p := prober{cat: cat, base: base}
	dice := make([]any, len(designer.Dice))
	for i, d := range designer.Dice {
		dice[i] = string(d)
	}
	a.Choices["techLevel"] = p.keep("techLevel", ints(0, 20, 1), func(d *designer.Design, v any) { d.TechLevel = v.(int) })
	a.Choices["crewQuality"] = p.keep("crewQuality", ints(0, 10, 1), func(d *designer.Design, v any) { d.CrewQuality = v.(int) })
	a.Choices["commandQuality"] = p.keep("commandQuality", dice, func(d *designer.Design, v any) { d.CommandQuality = designer.Die(v.(string)) })
	a.Choices["damageControl"] = p.keep("damageControl", dice, func(d *designer.Design, v any) { d.DamageControl = designer.Die(v.(string)) })

	wpn := func(f func(w *designer.WeaponDef, v any)) func(d *designer.Design, v any) {
		return func(d *designer.Design, v any) { f(&d.Weapons[0], v) }
	}
	a.Choices["weapons[].damageType"] = p.keep("weapons[0].damageType", strs(designer.DamageEnergy, designer.DamageKinetic),
		wpn(func(w *designer.WeaponDef, v any) { w.DamageType = v.(string) }))
	a.Choices["weapons[].die"] = p.keep("weapons[0].die", dice, wpn(func(w *designer.WeaponDef, v any) { w.Die = designer.Die(v.(string)) }))
	a.Choices["weapons[].effect"] = p.keep("weapons[0].effect", strs(designer.EffectRaking, designer.EffectPenetrating),
		wpn(func(w *designer.WeaponDef, v any) { w.Effect = v.(string) }))
	a.Choices["weapons[].targetMethod"] = p.keep("weapons[0].targetMethod", strs(designer.TargetDirect, designer.TargetIndirect),
		wpn(func(w *designer.WeaponDef, v any) {
			w.TargetMethod = v.(string)
			if w.TargetMethod == designer.TargetIndirect {
				w.IndirectTurns = 1
			}
		}))
	a.Choices["weapons[].range"] = p.keep("weapons[0].range", ints(0, 60, 1), wpn(func(w *designer.WeaponDef, v any) { w.Range = v.(int) }))
	a.Choices["weapons[].aoe"] = p.keep("weapons[0].aoe", ints(0, 60, 1), wpn(func(w *designer.WeaponDef, v any) { w.AoE = v.(int) }))
	a.Choices["weapons[].rateOfFire"] = p.keep("weapons[0].rateOfFire", strs(designer.RateUnlimited, designer.RateLimited, designer.RateOneShot),
		wpn(func(w *designer.WeaponDef, v any) { w.RateOfFire = v.(string) }))
	a.Choices["weapons[].targets"] = p.keep("weapons[0].targets", strs(designer.TargetsStarships, designer.TargetsStarfighters, designer.TargetsDirectFire, designer.TargetsIndirectFire),
		wpn(func(w *designer.WeaponDef, v any) { w.Targets = []string{v.(string)} }))
	a.Choices["weapons[].qualities"] = p.keep("weapons[0].qualities", strs(designer.WeaponQualities...),
		wpn(func(w *designer.WeaponDef, v any) {
			w.Qualities = []string{v.(string)}
			w.TargetMethod, w.IndirectTurns = designer.TargetIndirect, 1 // some qualities need an indirect weapon
		}))

	sq := func(f func(s *designer.SquadronDef, v any)) func(d *designer.Design, v any) {
		return func(d *designer.Design, v any) { f(&d.Starfighters[0], v) }
	}
	fw := func(f func(w *designer.FighterWeapon, v any)) func(d *designer.Design, v any) {
		return func(d *designer.Design, v any) { f(&d.Starfighters[0].Weapons[0], v) }
	}
	a.Choices["starfighters[].speed"] = p.keep("starfighters[0].speed", ints(0, 40, 1), sq(func(s *designer.SquadronDef, v any) { s.Speed = v.(int) }))
	a.Choices["starfighters[].targetRating"] = p.keep("starfighters[0].targetRating", ints(0, 12, 1), sq(func(s *designer.SquadronDef, v any) { s.TargetRating = v.(int) }))
	a.Choices["starfighters[].qualities"] = p.keep("starfighters[0].qualities", strs(designer.SquadronQualities...),
		sq(func(s *designer.SquadronDef, v any) { s.Qualities = []string{v.(string)} }))
	a.Choices["starfighters[].weapons[].damageType"] = p.keep("starfighters[0].weapons[0].damageType", strs(designer.DamageEnergy, designer.DamageKinetic),
		fw(func(w *designer.FighterWeapon, v any) { w.DamageType = v.(string) }))
	a.Choices["starfighters[].weapons[].die"] = p.keep("starfighters[0].weapons[0].die", dice, fw(func(w *designer.FighterWeapon, v any) { w.Die = designer.Die(v.(string)) }))
	a.Choices["starfighters[].weapons[].rateOfFire"] = p.keep("starfighters[0].weapons[0].rateOfFire", strs(designer.RateUnlimited, designer.RateLimited, designer.RateOneShot),
		fw(func(w *designer.FighterWeapon, v any) { w.RateOfFire = v.(string) }))
	a.Choices["starfighters[].weapons[].targets"] = p.keep("starfighters[0].weapons[0].targets", strs(designer.FighterTargetsStarships, designer.FighterTargetsOther),
		fw(func(w *designer.FighterWeapon, v any) { w.Targets = []string{v.(string)} }))
	a.Choices["starfighters[].weapons[].qualities"] = p.keep("starfighters[0].weapons[0].qualities", strs(designer.WeaponQualities...),
		fw(func(w *designer.FighterWeapon, v any) { w.Qualities = []string{v.(string)} }))
	for k, v := range a.Choices {
		if len(v) == 0 {
			return nil, fmt.Errorf("catalogue answer: the validator accepts no value for %s", k)
		}
	}
	return a, nil
}

// mirrorSector reflects sector s across the keel: the arc swaps port and
// starboard, and the sector's place in its arc (clockwise first or second)
// swaps too.
func mirrorSector(s int) int {
	arc := designer.SectorArc(s)
	m := arc
	if arc == designer.ArcPort || arc == designer.ArcStarboard {
		m = arc.Opposite()
	}
	pair, mp := designer.ArcSectors[arc], designer.ArcSectors[m]
	if pair[0] == s {
		return mp[1]
	}
	return mp[0]
}

// sectionInfo asks the rules what section n faces and where its mounts
// may fire.
func sectionInfo(cat *designer.Catalogue, base *designer.Design, n designer.SectionName) SectionInfo {
	si := SectionInfo{Name: n, Mirror: n}
	if n == designer.SectionPort || n == designer.SectionStarboard {
		si.Mirror = designer.SectionName(designer.Arc(n).Opposite())
	}
	var alone designer.Sections
	alone.Set(n, &designer.Section{})
	si.Arcs = alone.FacedArcs(n)
	for s := 0; s < 8; s++ {
		d := cloneDesign(base)
		sec := d.Sections.Get(n)
		if sec == nil {
			sec = &designer.Section{Layers: []designer.Layer{{HullHits: 4}}}
			d.Sections.Set(n, sec)
		}
		sec.Weapons = append(sec.Weapons, designer.Mount{Weapon: d.Weapons[0].ID, Sectors: []int{s}, Count: 1})
		at := fmt.Sprintf("sections.%s.weapons[%d].sectors", n, len(sec.Weapons)-1)
		if !problemAt(cat.Validate(d, designer.Options{}), at) {
			si.Sectors = append(si.Sectors, s)
		}
	}
	return si
}

// prober tries values at one field of a legal design.
type prober struct {
	cat  *designer.Catalogue
	base *designer.Design
}

// keep returns the candidates that leave no problem at path when set.
func (p prober) keep(path string, candidates []any, set func(d *designer.Design, v any)) []any {
	out := []any{}
	for _, v := range candidates {
		d := cloneDesign(p.base)
		set(d, v)
		if !problemAt(p.cat.Validate(d, designer.Options{}), path) {
			out = append(out, v)
		}
	}
	return out
}

// problemAt reports whether any error names path or a place inside it.
// The tech-level rules (R-TL-*) are left out: whether a tech level is
// enough depends on the rest of the design, not on the field alone.
func problemAt(probs designer.Problems, path string) bool {
	for _, pr := range probs {
		if pr.Severity == designer.Error && !strings.HasPrefix(pr.Rule, "R-TL-") && (pr.Path == path || strings.HasPrefix(pr.Path, path+".") || strings.HasPrefix(pr.Path, path+"[")) {
			return true
		}
	}
	return false
}

// probeBase is the design the choices are tried on: the reference
// cruiser, with a starfighter squadron added for the squadron fields.
func probeBase() (*designer.Design, error) {
	b, err := fs.ReadFile(data.Samples(), "reference-cruiser.json")
	if err != nil {
		return nil, fmt.Errorf("catalogue answer: %w", err)
	}
	d, err := designer.DecodeDesign(b)
	if err != nil {
		return nil, fmt.Errorf("catalogue answer: reference cruiser: %w", err)
	}
	if len(d.Weapons) == 0 {
		return nil, fmt.Errorf("catalogue answer: the reference cruiser defines no weapon")
	}
	d.Starfighters = append(d.Starfighters, designer.SquadronDef{
		ID: "probe", Name: "Probe", Strength: 6, Speed: 20, Defence: 1, TargetRating: 6,
		Weapons: []designer.FighterWeapon{{Name: "Gun", DamageType: designer.DamageEnergy, Pulse: 1, Die: "D6",
			RateOfFire: designer.RateUnlimited, Targets: []string{designer.FighterTargetsStarships}}},
	})
	return d, nil
}

// cloneDesign deep-copies a design through its JSON form.
func cloneDesign(d *designer.Design) *designer.Design {
	b, err := json.Marshal(d)
	if err != nil {
		panic(err) // a decoded design always encodes
	}
	var out designer.Design
	if err := json.Unmarshal(b, &out); err != nil {
		panic(err)
	}
	return &out
}

// blankDocument is a new design: the format's constants and defaults,
// with the fields a player must choose left out.
func blankDocument() (map[string]any, error) {
	var d designer.Design
	d.SetDefaults()
	d.Schema, d.Ruleset, d.RulesVersion = designer.Schema, designer.RulesetMetaverse, designer.RulesVersion
	b, err := json.Marshal(&d)
	if err != nil {
		return nil, fmt.Errorf("blank document: %w", err)
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("blank document: %w", err)
	}
	for k, v := range m {
		if v == "" || v == json.Number("0") {
			delete(m, k)
		}
	}
	return m, nil
}

// defaultsOf records, under prefix, the fields that SetDefaults gives v
// (a pointer to a zero document type).
func defaultsOf(prefix string, v any, out map[string]any) error {
	zero, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("defaults: %w", err)
	}
	v.(interface{ SetDefaults() }).SetDefaults()
	set, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("defaults: %w", err)
	}
	var z, d map[string]any
	if err := json.Unmarshal(zero, &z); err != nil {
		return fmt.Errorf("defaults: %w", err)
	}
	if err := json.Unmarshal(set, &d); err != nil {
		return fmt.Errorf("defaults: %w", err)
	}
	for k, dv := range d {
		if fmt.Sprint(z[k]) != fmt.Sprint(dv) {
			out[prefix+k] = dv
		}
	}
	return nil
}

func ints(lo, hi, step int) []any {
	var out []any
	for i := lo; i <= hi; i += step {
		out = append(out, i)
	}
	return out
}

func strs(s ...string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}
