package designer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

const schemaFile = "../docs/design.schema.json"

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("design.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("design.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSchemaFileIsCurrent(t *testing.T) {
	want, err := json.MarshalIndent(JSONSchema(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if *updateFixtures {
		if err := os.WriteFile(schemaFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run go test ./designer -run TestSchemaFileIsCurrent -update", schemaFile)
	}
}

// schemaRule returns how much of rule id the schema checks: whole,
// part, or not at all.
func schemaRule(id string) (listed, whole bool) {
	for _, r := range SchemaRules {
		if r.ID == id {
			return true, r.Whole
		}
	}
	return false, false
}

// TestSchemaAgainstTestdata runs every legal sample and the invalid
// corpus through the JSON Schema. A fixture breaks exactly one rule: when
// the schema checks that rule whole (SchemaRules), the fixture must fail
// the schema; when the schema does not check it at all, the fixture must
// pass (so the schema asks nothing Validate does not); a rule the schema
// checks in part may go either way. Every legal sample passes.
func TestSchemaAgainstTestdata(t *testing.T) {
	s := compileSchema(t)
	valid, _ := filepath.Glob("../data/samples/*.json")
	valid = append(valid, "../testdata/reference-cruiser.json")
	invalid, _ := filepath.Glob(filepath.Join(invalidDir, "R-*.json"))
	if len(valid) < 2 || len(invalid) < 10 {
		t.Fatal("testdata missing")
	}
	// Not instances the schema can judge: not one JSON value, duplicate
	// keys (the parser's job), a document over the size limit (the
	// schema has none), and the problem cap, which a document reaches
	// only by breaking other rules a hundred times.
	unjudged := map[string]bool{RuleJSONSyntax: true, RuleJSONDuplicate: true, RuleLimitBody: true, RuleProblemCap: true}
	failed := 0
	for _, f := range append(valid, invalid...) {
		base := filepath.Base(f)
		rule := strings.TrimSuffix(base, ".json")
		legal := !strings.HasPrefix(base, "R-")
		if unjudged[rule] {
			continue
		}
		t.Run(base, func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			err = s.Validate(inst)
			listed, whole := schemaRule(rule)
			switch {
			case legal && err != nil:
				t.Fatalf("a legal sample fails the schema: %v", err)
			case !legal && whole && err == nil:
				t.Fatalf("breaks %s, which the schema checks, but passes it", rule)
			case !legal && !listed && err != nil:
				t.Fatalf("breaks only %s, which the schema does not check, but fails it: %v", rule, err)
			}
			if err != nil {
				failed++
			}
		})
	}
	if failed < 20 {
		t.Errorf("only %d fixtures fail the schema", failed)
	}
}

// TestSchemaRulesListed: every rule SchemaRules names exists, once, and
// every rule a constraint or catalogue row names is listed.
func TestSchemaRulesListed(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range SchemaRules {
		if Rule(r.ID) == nil || seen[r.ID] {
			t.Errorf("SchemaRules: %s unknown or listed twice", r.ID)
		}
		seen[r.ID] = true
	}
	var named []string
	for key, c := range constraints {
		for _, id := range strings.Fields(c.rule) {
			named = append(named, key+" "+id)
		}
	}
	for _, k := range BuiltinCatalogue().Kinds {
		if k.Rating.Mode != RatingAutomatic {
			named = append(named, k.Kind+" "+k.RatingRule)
		}
		for pn, spec := range k.Params {
			named = append(named, k.Kind+"."+pn+" "+spec.Rule)
		}
	}
	for _, n := range named {
		id := n[strings.LastIndex(n, " ")+1:]
		if !seen[id] {
			t.Errorf("%s: rule %s is checked by the schema but not in SchemaRules", n[:strings.LastIndex(n, " ")], id)
		}
	}
}

// setJSON sets the member at a slash-separated path of a document parsed
// generically (object keys and array indices), creating objects on the
// way; a nil value deletes the member.
func setJSON(t *testing.T, doc any, path string, v any) {
	t.Helper()
	parts := strings.Split(path, "/")
	cur := doc
	for i, p := range parts {
		last := i == len(parts)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				if v == nil {
					delete(c, p)
				} else {
					c[p] = v
				}
				return
			}
			if c[p] == nil {
				c[p] = map[string]any{}
			}
			cur = c[p]
		case []any:
			n, err := strconv.Atoi(p)
			if err != nil || n < 0 || n >= len(c) {
				t.Fatalf("%s: no element %q", path, p)
			}
			if last {
				c[n] = v
				return
			}
			cur = c[n]
		default:
			t.Fatalf("%s: %q is not in an object or array", path, p)
		}
	}
}

// TestSchemaMatchesValidate edits legal samples at the edges of the
// schema's constraints and checks that the schema and Validate agree: a
// value one step outside is refused by both (Validate naming the rule
// the constraint names), and the value at the edge is refused by neither
// at that place.
func TestSchemaMatchesValidate(t *testing.T) {
	s := compileSchema(t)
	cat := BuiltinCatalogue()
	long := func(n int) string { return strings.Repeat("a", n) }
	type edit struct {
		path string
		v    any
		rule string // "" when the value is allowed
	}
	cases := map[string][]edit{
		"../testdata/reference-cruiser.json": {
			{"schema", 2, "R-DOC-01"}, {"ruleset", "starmada", "R-DOC-01"}, {"rulesVersion", 0, "R-DOC-01"},
			{"name", "", "R-DOC-02"}, {"name", "   ", "R-DOC-02"}, {"name", long(81), "R-DOC-02"}, {"name", long(80), ""},
			{"name", "a\u200bb", "R-DOC-02"}, {"name", "Ἀργώ / Аврора", ""},
			{"description", long(4001), "R-DOC-02"}, {"description", "two\nlines\tand a tab", ""}, {"description", "bell\a", "R-DOC-02"},
			{"tags", []any{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"}, "R-DOC-02"},
			{"tags", []any{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"}, ""},
			{"tags/0", long(33), "R-DOC-02"}, {"tags/0", "", "R-DOC-02"}, {"universe", long(81), "R-DOC-02"}, {"universe", "", ""},
			{"scale", 0, "R-DOC-02"}, {"scale", 1000001, "R-DOC-02"}, {"scale", 1000000, ""},
			{"techLevel", 0, "R-DOC-03"}, {"techLevel", 11, "R-DOC-03"}, {"techLevel", 10, ""},
			{"movement", "warp", "R-DOC-03"}, {"hull", "wooden", "R-DOC-03"}, {"hull", "biological", ""},
			{"crewQuality", 0, "R-DOC-03"}, {"crewQuality", 6, "R-DOC-03"}, {"crewQuality", 5, ""},
			{"commandQuality", "D1", "R-DOC-03"}, {"commandQuality", "D6", ""}, {"damageControl", "D3", "R-DOC-03"}, {"damageControl", "D4", ""},
			{"sections/core", nil, "R-SEC-01"},
			{"sections/fore/layers", []any{}, "R-SEC-02"},
			{"sections/fore/layers/0/hullHits", 0, "R-SEC-02"}, {"sections/fore/layers/0/crew", -1, "R-SEC-02"},
			{"sections/fore/layers/0/crew", 1000, "R-LIM-06"}, {"sections/fore/layers/0/marines", 999, ""},
			{"sections/fore/armour/fore/rating", 6, "R-SEC-04"}, {"sections/fore/armour/fore/rating", 5, ""},
			{"sections/fore/armour/fore/type", "plasma", "R-SEC-04"},
			{"sections/fore/ablative/fore", 6, "R-SEC-04"}, {"sections/fore/ablative/fore", -1, "R-SEC-04"}, {"sections/fore/ablative/fore", 5, ""},
			{"sections/fore/shields/fore/hits", -1, "R-SEC-04"}, {"sections/fore/shields/fore/hits", 1000, "R-LIM-06"},
			{"sections/fore/shields/fore/type", "ion", "R-SEC-04"},
			{"sections/fore/systems/0/count", 0, "R-DOC-04"}, {"sections/fore/systems/0/count", 1000, "R-LIM-06"},
			{"sections/fore/systems/0/count", 999, ""},
			{"sections/fore/systems/0/kind", "warpCore", "R-SYS-01"}, {"sections/fore/systems/0/kind", "lifeSupport", "R-SEC-06"},
			{"sections/fore/systems/0/rating", 11, "R-SECY-01"}, {"sections/fore/systems/0/rating", 10, ""},
			{"sections/fore/systems/0/rating", nil, "R-SECY-01"},
			{"sections/fore/systems/0/facing", "fore", "R-SYS-03"},
			{"sections/fore/systems/1/facing", "up", "R-PRO-01"}, {"sections/fore/systems/1/facing", nil, "R-PRO-01"},
			{"sections/fore/systems/1/rating", 21, "R-SYS-02"}, {"sections/fore/systems/1/rating", 20, ""},
			{"sections/core/systems/0/rating", 1, "R-SYS-02"}, {"sections/core/systems/1/rating", 3, "R-PRI-02"},
			{"sections/core/systems/2/rating", 11, "R-PRO-07"}, {"sections/core/systems/3/rating", 21, "R-EW-01"},
			{"sections/core/systems/4/rating", 0, "R-EW-02"},
			{"sections/fore/weapons/0/count", 0, "R-DOC-04"},
			{"sections/fore/weapons/0/sectors", []any{}, "R-WPN-02"}, {"sections/fore/weapons/0/sectors", []any{0, 0}, "R-WPN-02"},
			{"sections/fore/weapons/0/sectors", []any{8}, "R-WPN-02"}, {"sections/fore/weapons/0/sectors", []any{7, 0, 1, 2}, ""},
			{"weapons/0/id", "", "R-WD-03"}, {"weapons/0/id", long(41), "R-WD-03"},
			{"weapons/0/name", long(41), "R-WD-04"}, {"weapons/0/damageType", "sonic", "R-WD-04"},
			{"weapons/0/pulse", 0, "R-WD-04"}, {"weapons/0/pulse", 21, "R-WD-04"}, {"weapons/0/pulse", 20, ""},
			{"weapons/0/die", "D7", "R-WD-04"}, {"weapons/0/die", "D12", ""}, {"weapons/0/modifier", -1, "R-WD-04"}, {"weapons/0/modifier", 21, "R-WD-04"},
			{"weapons/0/effect", "splash", "R-WD-04"}, {"weapons/0/targetMethod", "psychic", "R-WD-04"},
			{"weapons/0/range", 12, "R-WD-04"}, {"weapons/0/range", 55, "R-WD-04"}, {"weapons/0/range", 50, ""},
			{"weapons/0/aoe", 15, "R-WD-04"}, {"weapons/0/aoe", 60, "R-WD-04"}, {"weapons/0/aoe", 50, ""},
			{"weapons/0/rateOfFire", "often", "R-WD-04"},
			{"weapons/0/armourPiercing", 6, "R-WD-04"}, {"weapons/0/shieldPiercing", -1, "R-WD-04"},
			{"weapons/0/deflectionPiercing", 12, "R-WD-04"}, {"weapons/0/deflectionPiercing", 11, ""},
			{"weapons/0/targets", []any{}, "R-WD-04"}, {"weapons/0/targets", []any{"planets"}, "R-WD-04"},
			{"weapons/0/targets", []any{"starships", "starships"}, "R-WD-04"},
			{"weapons/0/qualities", []any{"ZZ"}, "R-WD-04"}, {"weapons/0/qualities", []any{"AM", "AM"}, "R-WD-04"},
			{"weapons/0/qualities", []any{"PO"}, "R-WD-02"}, {"weapons/0/indirectTurns", 2, "R-WD-05"},
			{"weapons/0/targetMethod", "indirect", "R-WD-05"},
			{"weapons", func() any {
				w := make([]any, 101)
				for i := range w {
					w[i] = map[string]any{"id": fmt.Sprint("w", i), "name": "W", "damageType": "energy", "pulse": 1, "die": "D6",
						"modifier": 0, "effect": "raking", "targetMethod": "direct", "range": 10, "rateOfFire": "unlimited", "targets": []any{"starships"}}
				}
				return w
			}(), "R-LIM-05"},
		},
		"../data/samples/hims-avenger.json": {
			{"weapons/0/indirectTurns", 0, "R-WD-05"}, {"weapons/0/indirectTurns", 6, "R-WD-05"}, {"weapons/0/indirectTurns", 5, ""},
			{"weapons/0/qualities", []any{"PO"}, ""},
		},
		"../data/samples/uss-einstein.json": {
			{"starfighters/0/id", "", "R-SF-01"}, {"starfighters/0/name", long(41), "R-SF-02"},
			{"starfighters/0/strength", 21, "R-SF-02"}, {"starfighters/0/speed", 12, "R-SF-02"}, {"starfighters/0/speed", 35, "R-SF-02"},
			{"starfighters/0/speed", 30, ""}, {"starfighters/0/defence", 7, "R-SF-02"}, {"starfighters/0/targetRating", 3, "R-SF-02"},
			{"starfighters/0/targetRating", 9, ""}, {"starfighters/0/qualities", []any{"cloaked"}, "R-SF-02"},
			{"starfighters/0/weapons", []any{}, "R-SF-03"},
			{"starfighters/0/weapons/0/pulse", 0, "R-SF-03"}, {"starfighters/0/weapons/0/die", "D0", "R-SF-03"},
			{"starfighters/0/weapons/0/rateOfFire", "limited", "R-SF-04"}, {"starfighters/0/weapons/0/rateOfFire", "often", "R-SF-03"},
			{"starfighters/0/weapons/0/targets", []any{"starships", "starships"}, "R-SF-03"},
			{"starfighters/0/weapons/0/targets", []any{"planets"}, "R-SF-03"},
			{"hangarBays/0/id", long(41), "R-HB-01"}, {"hangarBays/0/launch", 0, "R-HB-02"}, {"hangarBays/0/launch", 21, "R-HB-02"},
			{"hangarBays/0/capacity", 1000, "R-HB-02"}, {"hangarBays/0/carries", []any{}, "R-HB-03"},
			{"hangarBays/0/carries", []any{"lancer", "lancer"}, "R-HB-03"}, {"hangarBays/0/loadout/lancer", 0, "R-HB-04"},
		},
	}
	for file, edits := range cases {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := DecodeDesign(src); err != nil || !cat.Validate(d, Options{}).Legal() {
			t.Fatalf("%s: not a legal base document (%v)", file, err)
		}
		for _, e := range edits {
			name := fmt.Sprintf("%s: %s = %.40s", filepath.Base(file), e.path, fmt.Sprint(e.v))
			var doc any
			if err := json.Unmarshal(src, &doc); err != nil {
				t.Fatal(err)
			}
			setJSON(t, doc, e.path, e.v)
			b, err := json.Marshal(doc)
			if err != nil {
				t.Fatal(err)
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			schemaErr := s.Validate(inst)
			d, err := DecodeDesign(b)
			if err != nil {
				t.Errorf("%s: does not decode: %v", name, err)
				continue
			}
			var rules []string
			for _, p := range cat.Validate(d, Options{}) {
				if p.Severity == Error {
					rules = append(rules, p.Rule)
				}
			}
			if e.rule == "" {
				if schemaErr != nil {
					t.Errorf("%s: allowed by Validate's rule but the schema refuses it: %v", name, schemaErr)
				}
				continue
			}
			if schemaErr == nil {
				t.Errorf("%s: the schema accepts it; Validate says %v", name, rules)
			}
			found := false
			for _, r := range rules {
				found = found || r == e.rule
			}
			if !found {
				t.Errorf("%s: Validate reports %v, not %s", name, rules, e.rule)
			}
		}
	}
}

// TestDraftSchema: every document the decoder accepts, legal or not,
// satisfies the draft schema, and it holds none of the rule keywords.
func TestDraftSchema(t *testing.T) {
	b, err := json.Marshal(DraftJSONSchema())
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"minimum", "maximum", "enum", "const", "pattern", "minItems", "maxItems", "multipleOf", "allOf", "$comment"} {
		if bytes.Contains(b, []byte(`"`+k+`"`)) {
			t.Errorf("the draft schema has %q", k)
		}
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("draft.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("draft.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(invalidDir, "R-*.json"))
	more, _ := filepath.Glob("testdata/*.json")
	decoded := 0
	for _, f := range append(files, more...) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := DecodeDesign(src); err != nil {
			continue
		}
		decoded++
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(inst); err != nil {
			t.Errorf("%s decodes but fails the draft schema: %v", f, err)
		}
	}
	if decoded < 40 {
		t.Errorf("only %d documents decoded", decoded)
	}
}
