package api

import (
	"errors"
	"fmt"
	"slices"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
)

// FleetFactsAnswer is the body of GET /api/v1/fleet-facts: what a fleet
// form needs to edit a fleet document without knowing the game, so that
// the web fleet builder holds no list of command levels, qualities or
// limits of its own. Every value is read from package fleet: its facts
// table (data/fleetrules.json), its JSON Schema and its rule table.
type FleetFactsAnswer struct {
	// Ruleset, RulesVersion and Schema name the document format served.
	Ruleset      string `json:"ruleset"`
	RulesVersion int    `json:"rulesVersion"`
	Schema       int    `json:"schema"`
	// Levels are the command levels, lowest first (squadron ... fleet).
	Levels []string `json:"levels"`
	// LimitKinds are the kinds of limit a fleet may have (cv, points).
	LimitKinds []string `json:"limitKinds"`
	// TierLimits are the accepted tier limits; 0 is none.
	TierLimits []int `json:"tierLimits"`
	// Models are the combat value models a fleet may pin (its model);
	// CurrentModel is the one an unpinned fleet is priced with.
	Models       []string `json:"models"`
	CurrentModel string   `json:"currentModel"`
	// CrewQuality, CommandQuality and DamageControl are the values a
	// ship's bought qualities may take (absent: the design's own).
	CrewQuality    []int    `json:"crewQuality"`
	CommandQuality []string `json:"commandQuality"`
	DamageControl  []string `json:"damageControl"`
	// SquadronDefaults are an independent squadron entry's qualities
	// when the document leaves them out.
	SquadronDefaults SquadronDefaults `json:"squadronDefaults"`
	// SquadronFTLQuality is the starfighter quality that lets a squadron
	// be bought without a carrier (F-06).
	SquadronFTLQuality string `json:"squadronFTLQuality"`
	// MaxShips, MaxSquadronEntries, MaxCount and MaxCommandDepth are the
	// document's limits (F-DOC-01).
	MaxShips           int `json:"maxShips"`
	MaxSquadronEntries int `json:"maxSquadronEntries"`
	MaxCount           int `json:"maxCount"`
	MaxCommandDepth    int `json:"maxCommandDepth"`
	// Encounters are the encounter system's encounters and zones.
	Encounters []fleet.Encounter `json:"encounters"`
	// Rules is every fleet rule with its severity and summary.
	Rules []fleet.RuleInfo `json:"rules"`
	// JSONSchema is the fleet document's JSON Schema (fleet.JSONSchema).
	JSONSchema map[string]any `json:"jsonSchema"`
	// Blank is a new fleet document: the format's constants, no limit
	// (the players agree one) and no ships.
	Blank map[string]any `json:"blank"`
}

// SquadronDefaults are the qualities of an independent squadron entry
// that leaves them out.
type SquadronDefaults struct {
	CrewQuality    int    `json:"crewQuality"`
	CommandQuality string `json:"commandQuality"`
}

// BuildFleetFacts assembles the fleet facts answer from package fleet.
// The value lists come from the fleet's JSON Schema, which states the
// same ranges the evaluator checks, so the rules stay in package fleet.
func BuildFleetFacts() (*FleetFactsAnswer, error) {
	schema := fleet.JSONSchema()
	facts := fleet.MetaverseFacts()
	a := &FleetFactsAnswer{
		Ruleset: facts.Ruleset, RulesVersion: designer.RulesVersion, Schema: fleet.Schema,
		Levels:             slices.Clone(facts.Levels),
		SquadronDefaults:   SquadronDefaults{facts.SquadronDefaults.CrewQuality, string(facts.SquadronDefaults.CommandQuality)},
		SquadronFTLQuality: designer.SquadronFTL,
		MaxShips:           fleet.MaxShips, MaxSquadronEntries: fleet.MaxSquadronEntries,
		MaxCount: fleet.MaxCount, MaxCommandDepth: fleet.MaxCommandDepth,
		Encounters: facts.Encounters, Rules: fleet.Rules, JSONSchema: schema,
		Blank: map[string]any{"schema": fleet.Schema, "ruleset": facts.Ruleset, "rulesVersion": designer.RulesVersion,
			"name": "New fleet", "limit": map[string]any{}, "ships": []any{}},
	}
	defs, _ := schema["$defs"].(map[string]any)
	ship, err := schemaProps(defs, "Ship")
	if err != nil {
		return nil, err
	}
	limit, err := schemaProps(defs, "Limit")
	if err != nil {
		return nil, err
	}
	for k := range limit {
		a.LimitKinds = append(a.LimitKinds, k)
	}
	slices.Sort(a.LimitKinds)
	top, _ := schema["properties"].(map[string]any)
	if m, ok := top["model"].(map[string]any); ok {
		switch e := m["enum"].(type) {
		case []string:
			a.Models = slices.Clone(e)
		case []any:
			for _, v := range e {
				if s, ok := v.(string); ok {
					a.Models = append(a.Models, s)
				}
			}
		}
	}
	if len(a.Models) == 0 {
		return nil, errors.New("fleet facts: the schema lists no combat value model")
	}
	a.CurrentModel = costing.ModelVersion
	if a.TierLimits, err = intRange(top["tierLimit"]); err != nil {
		return nil, fmt.Errorf("fleet facts: tierLimit: %w", err)
	}
	if a.CrewQuality, err = intRange(ship["crewQuality"]); err != nil {
		return nil, fmt.Errorf("fleet facts: crewQuality: %w", err)
	}
	if a.CommandQuality, err = enum(ship["commandQuality"]); err != nil {
		return nil, fmt.Errorf("fleet facts: commandQuality: %w", err)
	}
	if a.DamageControl, err = enum(ship["damageControl"]); err != nil {
		return nil, fmt.Errorf("fleet facts: damageControl: %w", err)
	}
	return a, nil
}

// schemaProps returns the properties of a definition of the schema.
func schemaProps(defs map[string]any, name string) (map[string]any, error) {
	d, _ := defs[name].(map[string]any)
	p, _ := d["properties"].(map[string]any)
	if p == nil {
		return nil, fmt.Errorf("fleet facts: the fleet schema has no properties for %s", name)
	}
	return p, nil
}

// intRange lists the integers from a schema's minimum to its maximum.
func intRange(s any) ([]int, error) {
	m, _ := s.(map[string]any)
	lo, ok1 := m["minimum"].(int)
	hi, ok2 := m["maximum"].(int)
	if !ok1 || !ok2 || hi < lo || hi-lo > 100 {
		return nil, fmt.Errorf("want an integer minimum and maximum, have %v", s)
	}
	var out []int
	for v := lo; v <= hi; v++ {
		out = append(out, v)
	}
	return out, nil
}

// enum lists a schema's string enum.
func enum(s any) ([]string, error) {
	m, _ := s.(map[string]any)
	vs, ok := m["enum"].([]string)
	if !ok || len(vs) == 0 {
		return nil, fmt.Errorf("want a string enum, have %v", s)
	}
	return slices.Clone(vs), nil
}

// fleetFactsAnswer is the encoded answer, built once.
var fleetFactsAnswer encodedAnswer

// fleetFacts answers GET /api/v1/fleet-facts, tagged by the hash of its bytes.
func (s *Server) fleetFacts(c *gin.Context) {
	fleetFactsAnswer.serve(s, c, func() (any, error) { return BuildFleetFacts() })
}
