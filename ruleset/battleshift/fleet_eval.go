package battleshift

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/slipway/slipway/ruleset"
)

// FleetResult is the evaluation of a fleet: its cost against the limit,
// each class's evaluation, each squadron's and task force's numbers, and
// every problem. slipway fleet eval --json prints it.
type FleetResult struct {
	Ruleset      string `json:"ruleset"`
	ModelVersion string `json:"modelVersion"`
	Name         string `json:"name"`
	// Legal is true when no problem is an error.
	Legal bool `json:"legal"`
	// Cost is the sum over the squadrons of ships × class cost.
	Cost        int `json:"cost"`
	PointsLimit int `json:"pointsLimit"`
	// Ships counts the ships of every squadron.
	Ships int `json:"ships"`
	// Classes are the fleet's classes in document order, each with its
	// evaluation (absent for a class without a document).
	Classes []FleetClassResult `json:"classes"`
	// Squadrons are the squadrons in document order.
	Squadrons []FleetSquadronResult `json:"squadrons"`
	// TaskForces are the task forces in document order.
	TaskForces []FleetTaskForceResult `json:"taskForces"`
	// Problems are the fleet's problems and its classes' own, never nil.
	Problems ruleset.Problems `json:"problems"`
}

// Findings returns the fleet's problems.
func (r *FleetResult) Findings() ruleset.Problems { return r.Problems }

// FleetClassResult is one class of the fleet: its id, and the class's
// evaluation inlined (nil when the entry embeds no document).
type FleetClassResult struct {
	ID string `json:"id"`
	*Result
}

// FleetSquadronResult is one squadron's numbers, the ones a player
// writes beside it (line 280): every sum is over its ships, each ship
// counted once.
type FleetSquadronResult struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Classes are the ids of its classes, in order of first appearance.
	Classes []string `json:"classes"`
	// Ships counts its ships; SizeUnits sums their sizes.
	Ships     int `json:"ships"`
	SizeUnits int `json:"sizeUnits"`
	// Threshold is the damage that forces a destruction test: one ship's
	// hull, or in a mixed squadron ⌊Σ hull / ships⌋ (line 814).
	Threshold int `json:"threshold"`
	// TotalDamage is Σ hull: the damage that destroys the squadron.
	TotalDamage int `json:"totalDamage"`
	// HitsToSuppress is Σ of each ship's hits to suppress.
	HitsToSuppress int `json:"hitsToSuppress"`
	// ShieldDice is Σ shields.
	ShieldDice int `json:"shieldDice"`
	// Hardness is the lowest of its ships' shield hardness.
	Hardness int `json:"hardness"`
	// DestructionSave is the lowest of its ships' destruction saves (a
	// ship survives a test on a d6 at or below it).
	DestructionSave int `json:"destructionSave"`
	// Move is the slowest ship's move in inches: the squadron moves
	// together (line 810).
	Move         int `json:"move"`
	Cost         int `json:"cost"`
	FighterWings int `json:"fighterWings"`
	RepairRolls  int `json:"repairRolls"`
	// TaskForce is the id of its task force, "" when detached.
	TaskForce string `json:"taskForce"`
	// Flagship is true for the squadron that carries its task force's
	// flagship.
	Flagship bool `json:"flagship"`
	// Detached is true for a squadron in no task force (BS-TF-04).
	Detached bool `json:"detached"`
	// Mixed is true for a squadron of more than one class.
	Mixed bool `json:"mixed"`
	// TestOrder lists its ships by class id in the order they take
	// destruction tests: least hull first, in document order among equal
	// hulls (lines 815-818). Empty for a squadron of more than 7 ships.
	TestOrder []string `json:"testOrder"`
}

// FleetTaskForceResult is one task force's numbers.
type FleetTaskForceResult struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Squadrons are the ids of the fleet's squadrons it lists, each once.
	Squadrons []string `json:"squadrons"`
	// FlagshipSquadron is the squadron that carries the flagship.
	FlagshipSquadron string `json:"flagshipSquadron"`
	// FlagshipClass is the class of the flagship: the largest class of
	// the flagship squadron ("" when that squadron is not its own).
	FlagshipClass string `json:"flagshipClass"`
	Ships         int    `json:"ships"`
	Cost          int    `json:"cost"`
}

// EvaluateFleet checks and prices f, a *Fleet this ruleset decoded. It
// reads no option.
func (r *Ruleset) EvaluateFleet(f ruleset.Fleet, o ruleset.Options) (ruleset.FleetEvaluation, error) {
	fl, ok := f.(*Fleet)
	if !ok {
		return nil, fmt.Errorf("battleshift: EvaluateFleet needs a *battleshift.Fleet, got %T", f)
	}
	return r.EvaluateFleetDoc(fl), nil
}

// EvaluateFleetDoc checks f against BS-FDOC-01 to BS-FL-02 and every
// class against the class rules (their problems at
// classes[i].document...), evaluates each class once and sums each
// squadron, task force and the fleet. It never panics and never returns
// nil; a nil fleet is an empty one.
func (r *Ruleset) EvaluateFleetDoc(f *Fleet) *FleetResult {
	if f == nil {
		f = &Fleet{}
	}
	x := &fleetRun{rs: r, f: f, res: &FleetResult{Ruleset: ID, ModelVersion: ModelVersion, Name: f.Name, PointsLimit: f.PointsLimit,
		Classes: []FleetClassResult{}, Squadrons: []FleetSquadronResult{}, TaskForces: []FleetTaskForceResult{}, Problems: ruleset.Problems{}},
		classAt: map[string]int{}, squadAt: map[string]int{}, taskAt: map[string]int{},
		maxShips: r.Catalogue().Squadron.MaxShips, maxSizeUnits: r.Catalogue().Squadron.MaxSizeUnits}
	x.document()
	x.classes()
	x.squadrons()
	x.taskForces()
	x.totals()
	// The classes' problems are in the fleet's list, under
	// classes[i].document: a class's own list is left empty, so that a
	// fleet of 500 classes of 100 problems each answers 100 problems and
	// a count, not 50,000 twice.
	for _, c := range x.res.Classes {
		if c.Result != nil {
			c.Result.Problems = ruleset.Problems{}
		}
	}
	x.res.Problems = x.res.Problems.Capped(ruleset.MaxProblems)
	x.res.Legal = x.res.Problems.Legal()
	return x.res
}

// fleetRun is the state of one fleet evaluation.
type fleetRun struct {
	rs  *Ruleset
	f   *Fleet
	res *FleetResult
	// classAt, squadAt and taskAt find a class, squadron or task force by
	// id: its index in the document, and in the result's lists.
	classAt, squadAt, taskAt map[string]int
	// results are the classes' evaluations by index, nil without one.
	results []*Result
	// maxShips and maxSizeUnits bound a squadron (the catalogue's
	// squadron limits: 7 ships, 21 size units).
	maxShips, maxSizeUnits int
	// largest is each squadron's largest ship size, largestClass its class.
	largest      []int
	largestClass []string
	// unsized marks the squadrons with ships of a class the fleet cannot
	// evaluate (unknown, or without a document): BS-TF-02 cannot judge
	// their task force.
	unsized []bool
}

func (x *fleetRun) add(rule string, at *ruleset.Loc, hint, format string, args ...any) {
	x.res.Problems = append(x.res.Problems, ruleset.Problem{Rule: rule, Severity: fleetSeverity(rule),
		Path: at.String(), Message: ruleset.Capital(fmt.Sprintf(format, args...)), Hint: hint})
}

// text reports a BS-FDOC-01 error unless s has lo-hi characters, all
// printable (line breaks and tabs too when multiline), and when required
// (lo > 0) one visible.
func (x *fleetRun) text(at *ruleset.Loc, what, s string, lo, hi int, multiline bool) {
	n := utf8.RuneCountInString(s)
	if n < lo || n > hi {
		hint := fmt.Sprintf("give %d to %d characters", lo, hi)
		if lo == 0 {
			hint = fmt.Sprintf("shorten it to at most %d characters", hi)
		}
		x.add(FleetRuleDocument, at, hint, "%s has %s; %d to %s are allowed", what, ruleset.Count(n, "character"), lo, ruleset.Thousands(hi))
		return
	}
	if lo > 0 && strings.TrimSpace(s) == "" {
		x.add(FleetRuleDocument, at, "give it at least one visible character", "%s is blank", what)
		return
	}
	if c, ok := ruleset.Unprintable(s, multiline); ok {
		x.add(FleetRuleDocument, at, "remove control and invisible characters", "%s contains an invisible or control character (%U)", what, c)
	}
}

// id checks a class, squadron or task-force id (BS-FDOC-02) and records
// it in seen at index i; false when it is not recorded.
func (x *fleetRun) id(at *ruleset.Loc, kind, id string, seen map[string]int, i int) bool {
	if n := utf8.RuneCountInString(id); n < 1 || n > 32 || strings.TrimSpace(id) == "" {
		x.add(FleetRuleReferences, at, "give it an id of 1 to 32 printable characters, unique among the fleet's "+ruleset.Plural(kind), "%s %d's id %s is not 1 to 32 characters", ruleset.Capital(kind), i+1, fleetQuote(id))
		return false
	}
	if c, bad := ruleset.Unprintable(id, false); bad {
		x.add(FleetRuleReferences, at, "remove control and invisible characters", "%s %d's id %s contains an invisible or control character (%U)", ruleset.Capital(kind), i+1, fleetQuote(id), c)
		return false
	}
	if prev, dup := seen[id]; dup {
		x.add(FleetRuleReferences, at, "give each "+kind+" its own id", "%s %d's id %s is already the id of %s %d", ruleset.Capital(kind), i+1, fleetQuote(id), kind, prev+1)
		return false
	}
	seen[id] = i
	return true
}

// fleetQuote writes an id or name a player typed inside a sentence, in
// typographic quotes.
func fleetQuote(s string) string { return "‘" + s + "’" }

// over reports a list longer than MaxFleetShips entries, once.
func (x *fleetRun) over(at *ruleset.Loc, what string, n int) {
	x.add(FleetRuleDocument, at, fmt.Sprintf("split the fleet: at most %d %s", MaxFleetShips, what),
		"the fleet has %d %s; only the first %d are read", n, what, MaxFleetShips)
}

func (x *fleetRun) document() {
	f := x.f
	if f.Schema != ruleset.Schema {
		x.add(FleetRuleDocument, ruleset.Root("schema"), fmt.Sprintf("save the fleet again from Slipway, which writes format %d", ruleset.Schema), "the fleet file is in format %d; this version of Slipway reads format %d", f.Schema, ruleset.Schema)
	}
	if f.Ruleset != ID {
		x.add(FleetRuleDocument, ruleset.Root("ruleset"), "open it as a fleet of the game it was made for, or start a Battleshift fleet", "the fleet is not a Battleshift fleet")
	}
	if f.RulesVersion != RulesVersion {
		x.add(FleetRuleDocument, ruleset.Root("rulesVersion"), fmt.Sprintf("save the fleet again from Slipway, which writes rules version %d", RulesVersion), "the fleet follows rules version %d; Slipway reads version %d", f.RulesVersion, RulesVersion)
	}
	x.text(ruleset.Root("name"), "the fleet's name", f.Name, 1, 80, false)
	x.text(ruleset.Root("description"), "the description", f.Description, 0, 4000, true)
	if f.PointsLimit < 1 {
		x.add(FleetRuleDocument, ruleset.Root("pointsLimit"), "give the points total the players agreed, above 0", "the points limit is %d; it must be above 0", f.PointsLimit)
	}
	if m := f.MaxSquadronsPerTaskForce; m < 1 || m > MaxSquadronsPerTaskForce {
		x.add(FleetRuleDocument, ruleset.Root("maxSquadronsPerTaskForce"), fmt.Sprintf("use 1 to %d squadrons per task force, or leave it out for %d", MaxSquadronsPerTaskForce, DefaultSquadronsPerTaskForce),
			"%s per task force is not allowed; 1 to %d are", ruleset.Count(m, "squadron"), MaxSquadronsPerTaskForce)
	}
}

// maxPerTaskForce is the fleet's squadrons per task force, its default
// when the document's is out of range (BS-FDOC-01 says so).
func (x *fleetRun) maxPerTaskForce() int {
	if m := x.f.MaxSquadronsPerTaskForce; m >= 1 && m <= MaxSquadronsPerTaskForce {
		return m
	}
	return DefaultSquadronsPerTaskForce
}

func (x *fleetRun) classes() {
	f := x.f
	n := len(f.Classes)
	if n > MaxFleetShips {
		x.over(ruleset.Root("classes"), "classes", n)
		n = MaxFleetShips
	}
	x.results = make([]*Result, n)
	x.res.Classes = make([]FleetClassResult, 0, n)
	for i := range n {
		c := &f.Classes[i]
		at := ruleset.Root("classes").Idx(i)
		cr := FleetClassResult{ID: c.ID}
		x.id(at.Key("id"), "class", c.ID, x.classAt, i)
		switch {
		case c.Design != "" || c.Version != 0:
			x.add(FleetRuleReferences, at.Key("design"), "put the class itself in the fleet file instead",
				"class %s names a design of the library; a fleet cannot use library designs yet", fleetQuote(c.ID))
		case c.Document == nil:
			x.add(FleetRuleReferences, at, "put the class itself in the fleet file", "class %s holds no ship class", fleetQuote(c.ID))
		default:
			res := x.rs.EvaluateClass(c.Document)
			x.results[i] = res
			cr.Result = res
			doc := at.Key("document")
			var base string
			if len(res.Problems) > 0 {
				base = doc.String()
			}
			for _, p := range res.Problems {
				if p.Rule == RuleExperiment && f.Experimental {
					continue // BS-FL-02 decides for the fleet, which allows them
				}
				if p.Path != "" {
					p.Path = base + "." + p.Path
				} else {
					p.Path = base
				}
				p.Message = "Class " + fleetQuote(c.ID) + ": " + p.Message // which class the place is in
				x.res.Problems = append(x.res.Problems, p)
			}
			if res.Experimental && !f.Experimental {
				x.add(FleetRuleExperimental, doc, "allow experimental systems in the fleet if the players agree, or refit the class without them",
					"class %s uses experimental systems, which the fleet does not allow", fleetQuote(c.ID))
			}
		}
		x.res.Classes = append(x.res.Classes, cr)
	}
}

// fleetMember is an entry of a squadron whose class has an evaluation.
type fleetMember struct {
	class string
	res   *Result
	n     int
}

func (x *fleetRun) squadrons() {
	f := x.f
	n := len(f.Squadrons)
	if n > MaxFleetShips {
		x.over(ruleset.Root("squadrons"), "squadrons", n)
		n = MaxFleetShips
	}
	entries, ships := 0, 0
	x.res.Squadrons = make([]FleetSquadronResult, 0, n)
	x.largest, x.largestClass, x.unsized = make([]int, 0, n), make([]string, 0, n), make([]bool, 0, n)
	if e := fleetEntries(f.Squadrons[:n]); e > MaxFleetShips {
		x.over(ruleset.Root("squadrons"), "squadron entries", e)
	}
	var ms []fleetMember
	for i := range n {
		s := &f.Squadrons[i]
		at := ruleset.Root("squadrons").Idx(i)
		sr := FleetSquadronResult{ID: s.ID, Name: s.Name, Classes: []string{}, TestOrder: []string{}}
		x.id(at.Key("id"), "squadron", s.ID, x.squadAt, i)
		x.text(at.Key("name"), "squadron "+squadronLabel(s.ID, i)+"'s name", s.Name, 0, 80, false)
		ms = ms[:0]
		unsized := false
		for j := range s.Ships {
			if entries == MaxFleetShips {
				break
			}
			entries++
			e := &s.Ships[j]
			eat := at.Key("ships").Idx(j)
			k := e.Count
			if k < 1 || k > MaxFleetCount {
				x.add(FleetRuleDocument, eat.Key("count"), fmt.Sprintf("use a count of 1 or more, or remove the entry (a squadron holds at most %d ships)", x.maxShips),
					"squadron %s, ship entry %d: a count of %d is not allowed; 1 to %d are", squadronLabel(s.ID, i), j+1, k, MaxFleetCount)
				k = max(0, min(k, MaxFleetCount))
			}
			sr.Ships += k
			ci, ok := x.classAt[e.Class]
			if !ok {
				x.add(FleetRuleReferences, eat.Key("class"), "choose one of the fleet's classes: "+x.classIDs(), "squadron %s, ship entry %d: the fleet has no class %s", squadronLabel(s.ID, i), j+1, fleetQuote(e.Class))
				unsized = true
				continue
			}
			if !slices.Contains(sr.Classes, e.Class) {
				sr.Classes = append(sr.Classes, e.Class)
			}
			switch res := x.results[ci]; {
			case res == nil:
				unsized = true
			case k > 0:
				ms = append(ms, fleetMember{class: e.Class, res: res, n: k})
			}
		}
		big, bigClass := sumSquadron(&sr, ms, x.maxShips)
		x.largest = append(x.largest, big)
		x.largestClass = append(x.largestClass, bigClass)
		x.unsized = append(x.unsized, unsized)
		sr.Mixed = len(sr.Classes) > 1
		switch {
		case sr.Ships < 1:
			x.add(FleetRuleShips, at.Key("ships"), fmt.Sprintf("give it 1 to %d ships, or remove the squadron", x.maxShips), "squadron %s has no ships", squadronLabel(s.ID, i))
		case sr.Ships > x.maxShips:
			x.add(FleetRuleShips, at.Key("ships"), fmt.Sprintf("split it into squadrons of at most %d ships", x.maxShips), "squadron %s has %s; a squadron has at most %d", squadronLabel(s.ID, i), ruleset.Count(sr.Ships, "ship"), x.maxShips)
		}
		if sr.Mixed && !f.MixedSquadrons {
			quoted := make([]string, len(sr.Classes))
			for k, c := range sr.Classes {
				quoted[k] = fleetQuote(c)
			}
			x.add(FleetRuleOneClass, at.Key("ships"), "field one class per squadron, or allow mixed squadrons in the fleet to play the experimental rules for them",
				"squadron %s mixes %d classes: %s", squadronLabel(s.ID, i), len(sr.Classes), ruleset.List(quoted, "and"))
		}
		if sr.SizeUnits > x.maxSizeUnits {
			hint := fmt.Sprintf("remove ships until the squadron holds at most %d size units", x.maxSizeUnits)
			if size := fleetMemberSize(ms); len(sr.Classes) == 1 && size > 0 && size <= x.maxSizeUnits {
				hint = fmt.Sprintf("field at most %s of size %d in one squadron", ruleset.Count(x.maxSizeUnits/size, "ship"), size)
			}
			x.add(FleetRuleSizeUnits, at.Key("ships"), hint, "squadron %s holds %s; at most %d", squadronLabel(s.ID, i), ruleset.Count(sr.SizeUnits, "size unit"), x.maxSizeUnits)
		}
		ships += sr.Ships
		x.res.Squadrons = append(x.res.Squadrons, sr)
	}
	x.res.Ships = ships
	if ships > MaxFleetShips {
		x.add(FleetRuleDocument, ruleset.Root("squadrons"), fmt.Sprintf("split the fleet: at most %d ships", MaxFleetShips), "the fleet has %s; at most %d", ruleset.Count(ships, "ship"), MaxFleetShips)
	}
}

// sumSquadron fills a squadron's numbers from its members (the ships
// whose class has an evaluation), sorting them into test order, and
// returns its largest size and the first class of that size.
func sumSquadron(sr *FleetSquadronResult, ms []fleetMember, maxShips int) (int, string) {
	ships, big, bigClass := 0, 0, ""
	for i, m := range ms {
		r := m.res
		ships += m.n
		// Saturating, as the class's own numbers: absurd classes give
		// large numbers, never wrapped ones.
		sr.SizeUnits = sadd(sr.SizeUnits, smul(m.n, r.Size))
		sr.TotalDamage = sadd(sr.TotalDamage, smul(m.n, r.Hull))
		sr.HitsToSuppress = sadd(sr.HitsToSuppress, smul(m.n, r.HitsToSuppress))
		sr.ShieldDice = sadd(sr.ShieldDice, smul(m.n, r.Shields))
		sr.Cost = sadd(sr.Cost, smul(m.n, r.Cost))
		sr.FighterWings = sadd(sr.FighterWings, smul(m.n, r.FighterWings))
		sr.RepairRolls = sadd(sr.RepairRolls, smul(m.n, r.RepairRolls))
		if i == 0 {
			sr.Hardness, sr.DestructionSave, sr.Move = r.Hardness, r.DestructionSave, r.Move
		}
		sr.Hardness = min(sr.Hardness, r.Hardness)
		sr.DestructionSave = min(sr.DestructionSave, r.DestructionSave)
		sr.Move = min(sr.Move, r.Move)
		if r.Size > big {
			big, bigClass = r.Size, m.class
		}
	}
	if ships > 0 {
		sr.Threshold = sr.TotalDamage / ships
	}
	if ships <= maxShips {
		slices.SortStableFunc(ms, func(a, b fleetMember) int { return a.res.Hull - b.res.Hull })
		sr.TestOrder = make([]string, 0, ships)
		for _, m := range ms {
			for range m.n {
				sr.TestOrder = append(sr.TestOrder, m.class)
			}
		}
	}
	return big, bigClass
}

// fleetPoints writes n points: "1 point", "20 points".
func fleetPoints(n int) string {
	if n == 1 {
		return "1 point"
	}
	return strconv.Itoa(n) + " points"
}

// fleetMemberSize is the size of the first member's class, 0 for none.
func fleetMemberSize(ms []fleetMember) int {
	if len(ms) == 0 {
		return 0
	}
	return ms[0].res.Size
}

// fleetEntries counts the entries of the squadrons' ships.
func fleetEntries(sqs []FleetSquadron) int {
	n := 0
	for _, s := range sqs {
		n += len(s.Ships)
	}
	return n
}

// fleetRefs counts the squadrons the task forces list.
func fleetRefs(tfs []FleetTaskForce) int {
	n := 0
	for _, t := range tfs {
		n += len(t.Squadrons)
	}
	return n
}

// squadronLabel names a squadron in a message: its id, or its place.
func squadronLabel(id string, i int) string {
	if id == "" {
		return strconv.Itoa(i + 1)
	}
	return fleetQuote(id)
}

// classIDs lists the fleet's class ids for a hint, the first eight.
func (x *fleetRun) classIDs() string {
	var ids []string
	for i, c := range x.res.Classes {
		if x.classAt[c.ID] != i {
			continue // a duplicate, or not an id
		}
		if len(ids) == 8 {
			ids = append(ids, "...")
			break
		}
		ids = append(ids, fleetQuote(c.ID))
	}
	if len(ids) == 0 {
		return "the fleet has none; add a class first"
	}
	return ruleset.List(ids, "or")
}

func (x *fleetRun) taskForces() {
	f := x.f
	n := len(f.TaskForces)
	if n > MaxFleetShips {
		x.over(ruleset.Root("taskForces"), "task forces", n)
		n = MaxFleetShips
	}
	first := make([]int, len(x.res.Squadrons)) // each squadron's first task force, -1 for none
	for i := range first {
		first[i] = -1
	}
	limit := x.maxPerTaskForce()
	x.res.TaskForces = make([]FleetTaskForceResult, 0, n)
	refs := 0
	if c := fleetRefs(f.TaskForces[:n]); c > MaxFleetShips {
		x.over(ruleset.Root("taskForces"), "squadrons listed in task forces", c)
	}
	var own []int
	for k := range n {
		t := &f.TaskForces[k]
		at := ruleset.Root("taskForces").Idx(k)
		tr := FleetTaskForceResult{ID: t.ID, Name: t.Name, Squadrons: []string{}, FlagshipSquadron: t.Flagship}
		x.id(at.Key("id"), "task force", t.ID, x.taskAt, k)
		x.text(at.Key("name"), "task force "+squadronLabel(t.ID, k)+"'s name", t.Name, 1, 80, false)
		own = own[:0]
		for m, sid := range t.Squadrons {
			if refs == MaxFleetShips {
				break
			}
			refs++
			sat := at.Key("squadrons").Idx(m)
			si, ok := x.squadAt[sid]
			if !ok {
				x.add(FleetRuleReferences, sat, "choose one of the fleet's squadrons", "task force %s: the fleet has no squadron %s", squadronLabel(t.ID, k), fleetQuote(sid))
				continue
			}
			if slices.Contains(own, si) {
				x.add(FleetRuleOneTaskForce, sat, "list each squadron once", "squadron %s is listed twice in task force %s", fleetQuote(sid), squadronLabel(t.ID, k))
				continue
			}
			if first[si] >= 0 {
				x.add(FleetRuleOneTaskForce, sat, "list the squadron in one task force only",
					"squadron %s already belongs to task force %s", fleetQuote(sid), squadronLabel(f.TaskForces[first[si]].ID, first[si]))
			} else {
				first[si] = k
			}
			own = append(own, si)
			sq := &x.res.Squadrons[si]
			tr.Squadrons = append(tr.Squadrons, sq.ID)
			tr.Ships += sq.Ships
			tr.Cost = sadd(tr.Cost, sq.Cost)
		}
		if c := len(t.Squadrons); c < 1 || c > limit {
			hint := fmt.Sprintf("give it 1 to %d squadrons", limit)
			if c > limit && limit < MaxSquadronsPerTaskForce {
				hint = fmt.Sprintf("split it into task forces of at most %d squadrons, or raise the fleet's squadrons per task force up to %d", limit, MaxSquadronsPerTaskForce)
			}
			x.add(FleetRuleSquadrons, at.Key("squadrons"), hint, "task force %s has %s; 1 to %d are allowed", squadronLabel(t.ID, k), ruleset.Count(c, "squadron"), limit)
		}
		if len(t.Squadrons) > 0 {
			x.flagship(at, t, own, &tr)
		}
		x.res.TaskForces = append(x.res.TaskForces, tr)
	}
	for i := range x.res.Squadrons {
		sq := &x.res.Squadrons[i]
		if first[i] >= 0 {
			sq.TaskForce = f.TaskForces[first[i]].ID
			continue
		}
		sq.Detached = true
		x.add(FleetRuleDetached, ruleset.Root("squadrons").Idx(i), "add it to a task force, or keep it detached knowingly",
			"squadron %s is in no task force: it is detached, activates after every task force and removes suppression markers on a 2 or less", squadronLabel(sq.ID, i))
	}
}

// flagship checks a task force's flagship squadron: one of its own
// (BS-FDOC-02) holding a ship of its largest size (BS-TF-02).
func (x *fleetRun) flagship(at *ruleset.Loc, t *FleetTaskForce, own []int, tr *FleetTaskForceResult) {
	fat := at.Key("flagship")
	fi, ok := x.squadAt[t.Flagship]
	if !ok || !slices.Contains(own, fi) {
		ids := make([]string, len(own))
		for i, si := range own {
			ids[i] = fleetQuote(x.res.Squadrons[si].ID)
		}
		hint := "choose the squadron, one of the task force's own, that carries the flagship"
		if len(ids) > 0 {
			hint += ": " + ruleset.List(ids, "or")
		}
		what := fmt.Sprintf("the flagship squadron %s is not one of task force %s's squadrons", fleetQuote(t.Flagship), fleetQuote(t.ID))
		if t.Flagship == "" {
			what = fmt.Sprintf("task force %s names no flagship squadron", fleetQuote(t.ID))
		}
		x.add(FleetRuleReferences, fat, hint, "%s", what)
		return
	}
	x.res.Squadrons[fi].Flagship = true
	tr.FlagshipClass = x.largestClass[fi]
	big, bigAt := 0, -1
	for _, si := range own {
		if x.unsized[si] {
			return // a class the fleet cannot read, already reported
		}
		if x.largest[si] > big {
			big, bigAt = x.largest[si], si
		}
	}
	if x.largest[fi] < big {
		x.add(FleetRuleFlagship, fat, fmt.Sprintf("carry the flagship in squadron %s, which has a size-%d ship", fleetQuote(x.res.Squadrons[bigAt].ID), big),
			"the flagship must be one of task force %s's largest ships, of size %d; squadron %s's largest is size %d", fleetQuote(t.ID), big, fleetQuote(t.Flagship), x.largest[fi])
	}
}

func (x *fleetRun) totals() {
	cost := 0
	for _, sq := range x.res.Squadrons {
		cost = sadd(cost, sq.Cost)
	}
	x.res.Cost = cost
	if l := x.f.PointsLimit; l > 0 && cost > l {
		x.add(FleetRulePoints, ruleset.Root("pointsLimit"), "remove ships worth "+fleetPoints(cost-l)+", or agree a higher limit",
			"the fleet costs %d points; the limit is %d", cost, l)
	}
}
