package designer

import (
	"strings"
	"testing"

	"github.com/slipway/slipway/data"
)

func TestBuiltinCatalogueLoads(t *testing.T) {
	c := BuiltinCatalogue()
	if len(c.Kinds) != 31 {
		t.Fatalf("want 31 kinds (rules §4), got %d", len(c.Kinds))
	}
	for _, k := range []string{"bridge", "reactor", "stlAdvanced", "cloak", "gravityWell"} {
		if c.Kind(k) == nil {
			t.Errorf("kind %s missing", k)
		}
	}
	if got := c.Kind("ftlBasic").Power.Of(4); got != 10.5 {
		t.Errorf("ftlBasic rating 4 power = %v, want 10.5", got)
	}
}

func TestLoadCatalogueRejects(t *testing.T) {
	base := string(data.CatalogueJSON())
	tests := []struct {
		name, from, to, want string
	}{
		{"duplicate kind", `"kind": "reactor"`, `"kind": "bridge"`, "duplicate kind"},
		{"unknown field", `"kind": "reactor"`, `"kind": "reactor", "colour": 1`, "kinds[1].colour: Kind 2: Slipway knows no field ‘colour’ here"},
		{"bad range", `"min": 1,`, `"min": 30,`, "bad rating range"},
		{"unknown category", `"category": "ew"`, `"category": "tertiary"`, "unknown category"},
		{"bad tier", `"tier": 3`, `"tier": 4`, "tier 4"},
		{"duplicate key", `"kind": "reactor"`, `"kind": "reactor", "kind": "reactor"`, "kinds[1].kind: Kind 2, kind: it is given twice"},
		{"bad mode", `"mode": "derived"`, `"mode": "magic"`, "unknown rating mode"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(base, tt.from) {
				t.Fatalf("fixture text %q not in catalogue", tt.from)
			}
			_, err := LoadCatalogue([]byte(strings.Replace(base, tt.from, tt.to, 1)))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want error containing %q", err, tt.want)
			}
		})
	}
}
