package metaverse

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
)

// This file holds what a new Metaverse design may start from: the
// templates and the guided path (data/metaverse-start.json,
// data/templates) and the armoury (data/armoury.json).

// start reads the templates and the guided path.
func start() ([]ruleset.Template, []ruleset.GuideStep, error) {
	return ruleset.ReadStart(data.MetaverseStart(), "metaverse-start.json")
}

// armoury reads the armoury's ready weapons, each with the tier the
// designer gives its definition (designer.WeaponTier, the rule the tier
// report uses).
func armoury() ([]ruleset.ReadyPart, error) {
	var f struct {
		Weapons []struct {
			Help   string          `json:"help"`
			Weapon json.RawMessage `json:"weapon"`
		} `json:"weapons"`
	}
	dec := json.NewDecoder(bytes.NewReader(data.ArmouryJSON()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("armoury.json: %w", err)
	}
	var out []ruleset.ReadyPart
	for i, w := range f.Weapons {
		var def designer.WeaponDef
		wd := json.NewDecoder(bytes.NewReader(w.Weapon))
		wd.DisallowUnknownFields()
		if err := wd.Decode(&def); err != nil {
			return nil, fmt.Errorf("armoury.json: weapon %d: %w", i+1, err)
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, w.Weapon); err != nil {
			return nil, err
		}
		tier, _ := designer.WeaponTier(&def)
		out = append(out, ruleset.ReadyPart{List: "weapons", Name: def.Name, Help: w.Help, Tier: tier, Value: buf.Bytes()})
	}
	return out, nil
}
