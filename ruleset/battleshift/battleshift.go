// Package battleshift is Slipway's second game: Battleshift, mass starship
// combat in squadrons and task forces, where a ship class is a size and a
// list of systems bought with space units or points. This package holds the
// ship-class document, its validation (the BS-* rules of
// docs/battleshift.md), its derived numbers and its cost, explained. The
// facts come from one table, data/battleshift/catalogue.json; nothing here
// switches on a system kind's name.
//
// It imports only the standard library, ruleset and data.
package battleshift

import (
	"fmt"
	"sync"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/ruleset"
)

// ID is the value of a Battleshift document's "ruleset" member.
const ID = "battleshift"

// RulesVersion is the version of the construction rules implemented.
const RulesVersion = 1

// ModelVersion names the evaluation: the published cost rules of the seed
// with the decisions of docs/battleshift.md. A change of it makes the
// library recompute Battleshift designs, and no other's.
const ModelVersion = "battleshift-cost/1"

// Ruleset is Battleshift behind the ruleset.Ruleset interface. It is
// immutable once made and safe for concurrent use.
type Ruleset struct {
	cat *Catalogue

	templatesOnce     sync.Once
	templatesNumbered []ruleset.Template
}

var _ ruleset.Ruleset = (*Ruleset)(nil)

// New reads the embedded catalogue. It panics only when the embedded data
// is broken, which the package's tests rule out.
func New() *Ruleset {
	c, err := loadCatalogue(data.Battleshift())
	if err != nil {
		panic(fmt.Sprintf("battleshift: embedded catalogue: %v", err))
	}
	return &Ruleset{cat: c}
}

// Catalogue returns the system catalogue. Callers must not change it.
func (r *Ruleset) Catalogue() *Catalogue { return r.cat }

// DecodeClass reads one ship-class document strictly (ruleset.DecodeStrict,
// at most ruleset.MaxDocumentBytes): a structural problem is a
// *ruleset.DecodeError. It does not validate; EvaluateClass does.
func (r *Ruleset) DecodeClass(b []byte) (*Class, error) {
	var c Class
	if err := ruleset.DecodeStrict(b, &c, ruleset.MaxDocumentBytes); err != nil {
		if de, ok := err.(*ruleset.DecodeError); ok {
			de.Rename(func(p string) string { return r.cat.Place(nil, p) }) // the form's labels
		}
		return nil, err
	}
	return &c, nil
}

// Info describes Battleshift.
func (r *Ruleset) Info() ruleset.Info {
	return ruleset.Info{
		ID:            ID,
		Name:          "Battleshift",
		Summary:       "Mass starship combat in squadrons and task forces: ship classes built from a size and systems bought with space or points, fielded to a points limit.",
		RulesVersions: []int{RulesVersion},
		ModelVersion:  ModelVersion,
		Value:         "cost",
	}
}

// Decode reads a ship-class document (DecodeClass).
func (r *Ruleset) Decode(b []byte) (ruleset.Design, error) {
	c, err := r.DecodeClass(b)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Evaluate validates and prices d, which must be a *Class; Battleshift
// takes no options and ignores o.
func (r *Ruleset) Evaluate(d ruleset.Design, o ruleset.Options) (ruleset.Evaluation, error) {
	c, ok := d.(*Class)
	if !ok || c == nil {
		return nil, fmt.Errorf("battleshift: cannot evaluate a %T", d)
	}
	return r.EvaluateClass(c), nil
}

// internedWords are the short strings Battleshift documents repeat: the
// decoder hands them out without allocating a copy for each value
// (TestInternedCoversCatalogue keeps the list current).
var internedWords = []string{
	// catalogue kinds
	"lightBattery", "heavyBattery", "broadsideBattery", "superHeavyBattery", "missileLauncher",
	"fighterBay", "interceptor", "ionBeam", "heavyIonBeam", "assaultUnit", "engulfing", "extraSpace",
	"extraShield", "fast", "reinforcedHull", "hardenedHull", "repairSystem", "weakShields", "noShields",
	"flimsyHull", "slowDrives",
	// payments, factions, the ruleset
	PaySpace, PayCost, "bionid", "raishek", ID,
}

func init() { ruleset.Intern(internedWords...) }
