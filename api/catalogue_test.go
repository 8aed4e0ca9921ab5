package api_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/designer"
)

// TestCatalogueRoute checks the answer a form is built from: the
// catalogue as data, an ETag answered with 304, and choices that are
// what the validator accepts.
func TestCatalogueRoute(t *testing.T) {
	e := newEnv(t)
	c := e.anon()
	r := c.do("GET", "/api/v1/catalogue", nil).want(t, 200)
	tag := r.Header.Get("ETag")
	if tag == "" {
		t.Fatal("no ETag")
	}
	c.do("GET", "/api/v1/catalogue", nil, "If-None-Match", tag).want(t, 304)
	var a struct {
		Ruleset   string
		Catalogue struct {
			Kinds []struct{ Kind, Category string }
		}
		JSONSchema struct {
			Properties map[string]any
		}
		Blank    map[string]any
		Sections []struct {
			Name    string
			Arcs    []string
			Sectors []int
			Mirror  string
		}
		Sectors []struct {
			Sector, Mirror int
			Arc            string
		}
		Choices  map[string][]any
		Defaults map[string]any
	}
	r.decode(t, &a)
	cat := designer.BuiltinCatalogue()
	if a.Ruleset != designer.RulesetMetaverse || len(a.Catalogue.Kinds) != len(cat.Kinds) {
		t.Errorf("ruleset %q, %d kinds; want %q, %d", a.Ruleset, len(a.Catalogue.Kinds), designer.RulesetMetaverse, len(cat.Kinds))
	}
	if _, ok := a.JSONSchema.Properties["sections"]; !ok {
		t.Error("jsonSchema is not the design document's schema")
	}
	if a.Blank["schema"] != float64(designer.Schema) || a.Blank["commandQuality"] != "D2" || a.Blank["name"] != nil {
		t.Errorf("blank document %v", a.Blank)
	}
	want := map[string][]int{
		"core": {0, 1, 2, 3, 4, 5, 6, 7}, "fore": {0, 1, 2, 5, 6, 7}, "aft": {1, 2, 3, 4, 5, 6},
		"port": {0, 3, 4, 5, 6, 7}, "starboard": {0, 1, 2, 3, 4, 7},
	}
	for _, s := range a.Sections {
		if !slices.Equal(s.Sectors, want[s.Name]) {
			t.Errorf("section %s: sectors %v, want %v", s.Name, s.Sectors, want[s.Name])
		}
	}
	if len(a.Sections) != 5 || a.Sections[3].Mirror != "starboard" || a.Sections[1].Mirror != "fore" || len(a.Sections[0].Arcs) != 4 {
		t.Errorf("sections %+v", a.Sections)
	}
	for _, s := range a.Sectors {
		if a.Sectors[s.Mirror].Mirror != s.Sector || s.Mirror == s.Sector {
			t.Errorf("sector %d mirrors to %d", s.Sector, s.Mirror)
		}
	}
	if a.Sectors[5].Mirror != 2 || a.Sectors[0].Mirror != 7 {
		t.Errorf("port-aft sector 5 mirrors to %d, fore-starboard 0 to %d", a.Sectors[5].Mirror, a.Sectors[0].Mirror)
	}
	if fmt.Sprint(a.Defaults) != "map[commandQuality:D2 crewQuality:1 damageControl:D4 scale:1000 sections.*.hangars[].count:1 sections.*.systems[].count:1 sections.*.weapons[].count:1 weapons[].interceptable:true]" {
		t.Errorf("defaults %v", a.Defaults)
	}
	for pattern, w := range map[string]string{
		"commandQuality":                      "[D2 D3 D4 D5 D6]",
		"damageControl":                       "[D4 D5 D6]",
		"techLevel":                           "[1 2 3 4 5 6 7 8 9 10]",
		"crewQuality":                         "[1 2 3 4 5]",
		"hull":                                "[metallic technological biological]",
		"weapons[].aoe":                       "[0 10 20 30 40 50]",
		"weapons[].range":                     "[0 5 10 15 20 25 30 35 40 45 50]",
		"starfighters[].speed":                "[10 15 20 25 30]",
		"starfighters[].weapons[].rateOfFire": "[unlimited oneShot]",
		"sections.*.shields.*.type":           "[energy kinetic energyKinetic]",
		"weapons[].qualities":                 fmt.Sprint(designer.WeaponQualities),
	} {
		if got := fmt.Sprint(a.Choices[pattern]); got != w {
			t.Errorf("choices %s = %s, want %s", pattern, got, w)
		}
	}
}

// TestCatalogueAnswerBuilds checks that the answer builds for the
// built-in catalogue with a choice list for every field it names.
func TestCatalogueAnswerBuilds(t *testing.T) {
	a, err := api.BuildCatalogueAnswer(designer.BuiltinCatalogue())
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Choices) < 20 || len(a.Rules) != len(designer.Rules) {
		t.Errorf("%d choice fields, %d rules", len(a.Choices), len(a.Rules))
	}
}
