// Package ruleset is the seam between Slipway and the games it serves. A
// game system is one package behind the small Ruleset interface plus its
// data (ruleset/metaverse, ruleset/battleshift), the way image/png sits
// beside image: the library, the API, the pages and the command line know
// this interface, not the game.
//
// The package holds no game rule. It has the shared parts every ruleset
// uses: the document head, problems and rule descriptions, the strict JSON
// decoder, explanation nodes, the form description the web designer draws,
// and the Registry that picks a ruleset by a document's "ruleset" member.
package ruleset

import (
	"io/fs"
	"sort"
)

// Schema is the version of the document envelope every ruleset reads.
const Schema = 1

// Info describes a ruleset to people and programs.
type Info struct {
	// ID is the value of a document's "ruleset" member: "metaverse".
	ID string `json:"id"`
	// Name is the game's name as players write it: "Metaverse".
	Name string `json:"name"`
	// Summary is one sentence on what the game is.
	Summary string `json:"summary"`
	// RulesVersions lists the rules versions served, oldest first.
	RulesVersions []int `json:"rulesVersions"`
	// ModelVersion names the evaluation that prices its designs
	// ("metaverse-cv/2", "battleshift-cost/1"). A change of it makes the
	// library recompute that ruleset's designs, and no other's.
	ModelVersion string `json:"modelVersion"`
	// Value names the number a design is priced in ("combat value",
	// "cost"), for labels.
	Value string `json:"value"`
}

// ServesVersion reports whether the rules version v is served.
func (i Info) ServesVersion(v int) bool {
	for _, w := range i.RulesVersions {
		if w == v {
			return true
		}
	}
	return false
}

// Head is what every design document has, whatever its game: the
// envelope (schema, ruleset, rules version) and the library's metadata.
type Head struct {
	Schema       int      `json:"schema"`
	Ruleset      string   `json:"ruleset"`
	RulesVersion int      `json:"rulesVersion"`
	Name         string   `json:"name"`
	Description  string   `json:"description,omitempty"`
	Tags         []string `json:"tags,omitempty"`
	Universe     string   `json:"universe,omitempty"`
}

// Design is one decoded design document of some ruleset. It marshals to
// its canonical JSON with encoding/json.
type Design interface {
	Head() Head
}

// Summary is the short form of an evaluation that the library stores
// beside every version to list, filter and sort by. A ruleset fills what
// its game has and leaves the rest zero.
type Summary struct {
	CV              float64 `json:"cv"`
	Points          float64 `json:"points"`
	Tier            int     `json:"tier"`
	EMS             float64 `json:"ems"`
	TargetRating    float64 `json:"targetRating"`
	MassFactor      float64 `json:"massFactor"`
	TechLevel       int     `json:"techLevel"`
	Movement        string  `json:"movement"`
	Hull            string  `json:"hull"`
	CarriesFighters bool    `json:"carriesFighters"`
	Legal           bool    `json:"legal"`
	ModelVersion    string  `json:"modelVersion"`
}

// Evaluation is a ruleset's full evaluation of one design: every derived
// number, explained, with the validation problems. It marshals to the JSON
// the API answers.
type Evaluation interface {
	// Summary is what the library stores to list, filter and sort by.
	Summary() Summary
	// Findings are the design's validation problems, never nil.
	Findings() Problems
}

// Options are a request's evaluation options, name to value: the API's
// query parameters, the command line's flags. A ruleset reads the ones it
// knows (Metaverse: tier, crew, command, damageControl, model) and answers
// a bad value with a *FieldError; it ignores names it does not know.
type Options map[string]string

// FieldError is a bad option or request field: which one and what is
// allowed.
type FieldError struct {
	Field   string
	Message string
}

func (e *FieldError) Error() string { return e.Field + " " + e.Message }

// Sample is one design of a ruleset's sample library.
type Sample struct {
	// File is the sample's file name ("fast-attack-cruiser.json"),
	// unique within its ruleset.
	File     string
	Document []byte
}

// SamplesOf reads every *.json file at the top of fsys (a game's embedded
// samples), sorted by name. It panics when fsys cannot be read: the
// samples are embedded in the binary.
func SamplesOf(fsys fs.FS) []Sample {
	names, err := fs.Glob(fsys, "*.json")
	if err != nil {
		panic("ruleset: samples: " + err.Error())
	}
	sort.Strings(names)
	out := make([]Sample, 0, len(names))
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			panic("ruleset: samples: " + err.Error())
		}
		out = append(out, Sample{File: n, Document: b})
	}
	return out
}

// Ruleset is one game system: how to read its design documents, price
// them, explain the rules and draw the designer's form.
type Ruleset interface {
	Info() Info
	// Decode reads one design document strictly; a structural problem is
	// a *DecodeError. It does not validate: Evaluate reports problems.
	Decode(b []byte) (Design, error)
	// Evaluate validates and prices d (a Design this ruleset decoded).
	Evaluate(d Design, o Options) (Evaluation, error)
	// Rules lists every rule id the ruleset reports, in documentation
	// order, the shared ones (R-JSON-*, R-LIM-01, R-DOC-01) included.
	Rules() []RuleInfo
	// JSONSchema is the JSON Schema (2020-12) of its design document.
	JSONSchema() []byte
	// Form describes the designer's form for this ruleset.
	Form() *Form
	// Samples are the sample designs the library is seeded with.
	Samples() []Sample
}

// Fleets is what a ruleset with fleet documents adds: reading, checking
// and pricing a fleet whose ship classes are embedded in it.
type Fleets interface {
	DecodeFleet(b []byte) (Fleet, error)
	EvaluateFleet(f Fleet, o Options) (FleetEvaluation, error)
	FleetRules() []RuleInfo
}

// Fleet is one decoded fleet document.
type Fleet interface {
	Head() Head
}

// FleetEvaluation is a fleet's evaluation: its totals, each part's numbers
// and its problems. It marshals to the JSON the API answers.
type FleetEvaluation interface {
	Findings() Problems
}

// Printer prints a ruleset's matter as PDF. A ruleset's printer lives
// beside the sheets package (it draws pages, which a ruleset does not);
// Attach joins the two for the Registry.
type Printer interface {
	// Sheet prints the design's sheet.
	Sheet(d Design, ev Evaluation, o PrintOptions) ([]byte, error)
	// Aids prints the ruleset's play aids and quick reference.
	Aids(o PrintOptions) ([]byte, error)
}

// SVGPrinter is a Printer that also draws the design's sheet as one SVG
// drawing, from the layout its PDF prints (the designer's preview).
type SVGPrinter interface {
	SheetSVG(d Design, ev Evaluation, o PrintOptions) ([]byte, error)
}

// FleetPrinter prints a fleet's pack.
type FleetPrinter interface {
	FleetPack(f Fleet, ev FleetEvaluation, o PrintOptions) ([]byte, error)
}

// PrintOptions are the choices every printed document takes.
type PrintOptions struct {
	// Paper is "letter" (the default) or "a4".
	Paper string
	// BW prints in black and white.
	BW bool
	// URL, when given, is printed as the design's link.
	URL string
	// Verify, when given, is the address of the public page verifying
	// what the document prints (the server's /v/<code>), printed as a QR
	// code and a short link.
	Verify string
}

// Validator is a ruleset that checks a design without pricing it, with a
// report of its own (Metaverse adds the design's tier). A ruleset without
// it is checked by Evaluate.
type Validator interface {
	Validate(d Design, o Options) (*Validation, error)
}

// Validation is the report of a check: legal or not, the problems, and
// what else the ruleset reports (Metaverse: the design's tier).
type Validation struct {
	Legal    bool     `json:"legal"`
	Tier     any      `json:"tier,omitempty"`
	Problems Problems `json:"problems"`
}

// Table is a ruleset's catalogue of parts for a terminal: a header and a
// row per part (`slipway catalogue --ruleset ID`).
type Table struct {
	Header []string
	Rows   [][]string
}

// Cataloguer is a ruleset with a catalogue of parts to list.
type Cataloguer interface {
	// CatalogueTable lists the parts, one row each.
	CatalogueTable() Table
	// CatalogueData is the catalogue as data, which marshals to its JSON.
	CatalogueData() any
}

// Verdicter is what a Validation's extra report (its Tier) may say for a
// terminal: a few words after "legal, " and lines of notes.
type Verdicter interface {
	Verdict() string
	Notes() []string
}
