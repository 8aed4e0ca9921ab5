package battleshift

import "github.com/slipway/slipway/ruleset"

// Fleet rule ids (spec §4 "Fleet rules"). A class's own problems keep
// their BS ids, with paths under classes[i].document.
const (
	FleetRuleDocument     = "BS-FDOC-01"
	FleetRuleReferences   = "BS-FDOC-02"
	FleetRuleShips        = "BS-SQ-01"
	FleetRuleOneClass     = "BS-SQ-02"
	FleetRuleSizeUnits    = "BS-SQ-03"
	FleetRuleSquadrons    = "BS-TF-01"
	FleetRuleFlagship     = "BS-TF-02"
	FleetRuleOneTaskForce = "BS-TF-03"
	FleetRuleDetached     = "BS-TF-04"
	FleetRulePoints       = "BS-FL-01"
	FleetRuleExperimental = "BS-FL-02"
)

// fleetRules lists the fleet rules in documentation order.
var fleetRules = []ruleset.RuleInfo{
	{ID: FleetRuleDocument, Severity: ruleset.Error, Summary: "schema 1, ruleset battleshift, rules version 1; name 1-80 printable characters, description at most 4,000; a points limit above 0; maxSquadronsPerTaskForce 1-5 (default 3); task-force names 1-80 and squadron names at most 80 printable characters; counts 1-999; at most 500 ships, and at most 500 entries in any list"},
	{ID: FleetRuleReferences, Severity: ruleset.Error, Summary: "class, squadron and task-force ids are 1-32 printable characters and unique among their kind; a class embeds its document (library references are not accepted yet); every squadron entry names a class of the fleet; every task force names squadrons of the fleet and a flagship squadron among its own"},
	{ID: FleetRuleShips, Severity: ruleset.Error, Summary: "a squadron has 1-7 ships"},
	{ID: FleetRuleOneClass, Severity: ruleset.Error, Summary: "a squadron's ships are of one class, unless the fleet sets mixedSquadrons (experimental, lines 804-970)"},
	{ID: FleetRuleSizeUnits, Severity: ruleset.Error, Summary: "a squadron holds at most 21 size units"},
	{ID: FleetRuleSquadrons, Severity: ruleset.Error, Summary: "a task force has 1 to maxSquadronsPerTaskForce squadrons"},
	{ID: FleetRuleFlagship, Severity: ruleset.Error, Summary: "the flagship is one of the largest ships of its task force: its squadron holds a ship of the task force's largest size (lines 82-83, 284-285)"},
	{ID: FleetRuleOneTaskForce, Severity: ruleset.Error, Summary: "a squadron belongs to at most one task force, and is listed there once"},
	{ID: FleetRuleDetached, Severity: ruleset.Warning, Summary: "a squadron in no task force is detached: it activates after every task force and removes suppression markers on a 2 or less instead of a 3 or less (lines 790-792)"},
	{ID: FleetRulePoints, Severity: ruleset.Error, Summary: "the fleet's cost (the sum over its squadrons of ships × class cost) is within the points limit"},
	{ID: FleetRuleExperimental, Severity: ruleset.Error, Summary: "a class with experimental systems (super-heavy battery, ion beam, heavy ion beam, assault unit, engulfing) only in a fleet that sets experimental: true"},
}

// FleetRules lists every fleet rule id, in documentation order. A class's
// own rules are the ruleset's Rules.
func (r *Ruleset) FleetRules() []ruleset.RuleInfo {
	return append([]ruleset.RuleInfo(nil), fleetRules...)
}

// fleetSeverity is the severity of a fleet rule.
func fleetSeverity(id string) ruleset.Severity {
	for _, ri := range fleetRules {
		if ri.ID == id {
			return ri.Severity
		}
	}
	return ruleset.Error
}
