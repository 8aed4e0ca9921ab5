package designer

import (
	"fmt"
	"io"

	"github.com/slipway/slipway/ruleset"
)

// MaxDocumentBytes is the largest design document accepted (R-LIM-01).
const MaxDocumentBytes = ruleset.MaxDocumentBytes

// DecodeError is a structural problem with a JSON document
// (ruleset.DecodeError): it is not JSON, or its shape does not match the
// document format.
type DecodeError = ruleset.DecodeError

// Structural rule identifiers for documents that cannot be read at all.
const (
	RuleJSONSyntax    = ruleset.RuleJSONSyntax
	RuleJSONUnknown   = ruleset.RuleJSONUnknown
	RuleJSONType      = ruleset.RuleJSONType
	RuleJSONDuplicate = ruleset.RuleJSONDuplicate
	RuleLimitBody     = ruleset.RuleLimitBody
)

// DecodeDesign reads one design document strictly: unknown fields, wrong
// types, duplicate keys, trailing data, invalid UTF-8 and documents over
// MaxDocumentBytes are errors naming the JSON path. It checks structure
// only; Validate checks the construction rules.
func DecodeDesign(b []byte) (*Design, error) {
	var d Design
	if err := ruleset.DecodeStrict(b, &d, MaxDocumentBytes); err != nil {
		if de, ok := err.(*DecodeError); ok {
			de.Rename(func(p string) string { return BuiltinCatalogue().Place(nil, p) }) // the form's labels
		}
		return nil, err
	}
	return &d, nil
}

// ReadDesign reads at most MaxDocumentBytes+1 bytes from r and decodes them
// with DecodeDesign.
func ReadDesign(r io.Reader) (*Design, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxDocumentBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read design: %w", err)
	}
	return DecodeDesign(b)
}

// DecodeStrict decodes b into v (a pointer) with the strict rules of
// DecodeDesign (ruleset.DecodeStrict). A max of 0 means no size limit.
func DecodeStrict(b []byte, v any, max int) error { return ruleset.DecodeStrict(b, v, max) }

// internedWords are the short strings Metaverse documents repeat: the
// decoder hands them out without allocating a copy for each value
// (TestInternedCoversCatalogue keeps the list current).
var internedWords = []string{
	// catalogue kinds
	"ansible", "bridge", "cic", "cloak", "cmPod", "deflector", "ecm", "elint", "energyGrappler",
	"ewArray", "ftlAdvanced", "ftlBasic", "ftlPrimitive", "grappler", "gravityWell", "jammer",
	"lifeSupport", "reactor", "sensor", "shieldAdaptive", "shieldBasic", "shieldModulated", "soc",
	"stealth", "stlAdvanced", "stlBasic", "stlPrimitive", "targeting", "teleporterAdvanced",
	"teleporterBasic", "thruster",
	// sections, arcs, axes, defence types, options
	"core", "fore", "aft", "port", "starboard", "foreAft", "portStarboard",
	"energy", "kinetic", "energyKinetic", "metallic", "technological", "biological",
	"cinematic", "newtonian", "metaverse",
	// dice
	"D1", "D2", "D3", "D4", "D5", "D6", "D8", "D10", "D12",
	// weapons and squadrons
	"raking", "penetrating", "direct", "indirect", "unlimited", "limited", "oneShot",
	"starships", "starfighters", "directFire", "indirectFire", "other",
	"AM", "DM", "DS", "GR", "IO", "ML", "PH", "PO", "PR", "QM", "RT", "SP", "TM", "UN",
	"ftl", "breaching",
}

func init() { ruleset.Intern(internedWords...) }
