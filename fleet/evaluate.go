package fleet

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
)

// Designs maps the design versions a fleet references to their documents,
// as the caller resolved them. A reference missing from it is F-REF-01.
type Designs map[Ref]*designer.Design

// Evaluator checks and prices fleets with one costing model and one set
// of fleet facts. It is safe for concurrent use.
type Evaluator struct {
	model  *costing.Model
	facts  *Facts
	table  costing.Table
	prices *priceCache // nil: none
	stable bool        // EvaluatorOptions.StableRefs
	opts   EvaluatorOptions
	pins   *pinSet // evaluators of the models fleets pin (pin.go)
}

// NewEvaluator returns an evaluator over m (nil: the built-in model) and
// the Metaverse fleet facts, keeping the default number of priced ships
// and finding them by a digest of their documents.
func NewEvaluator(m *costing.Model) *Evaluator {
	return NewEvaluatorWith(m, EvaluatorOptions{})
}

// NewEvaluatorWith returns an evaluator over m (nil: the built-in model)
// and the Metaverse fleet facts, tuned by o. Its cache keeps the price of
// each ship (design, qualities and loadout) between evaluations, so that
// evaluating a fleet again after an edit prices only the ships changed.
func NewEvaluatorWith(m *costing.Model, o EvaluatorOptions) *Evaluator {
	if m == nil {
		m = costing.NewModel(nil)
	}
	return &Evaluator{model: m, facts: MetaverseFacts(), table: m.Table(), prices: newPriceCache(o.CacheSize), stable: o.StableRefs, opts: o, pins: &pinSet{}}
}

// CachedPrices reports how many priced ships the evaluator keeps.
func (e *Evaluator) CachedPrices() int { return e.prices.len() }

// Model returns the costing model the evaluator prices ships with.
func (e *Evaluator) Model() *costing.Model { return e.model }

// Facts returns the fleet facts the evaluator applies.
func (e *Evaluator) Facts() *Facts { return e.facts }

// Result is the evaluation of a fleet: every problem, the totals and what
// each ship and squadron entry costs.
type Result struct {
	Name      string            `json:"name"`
	Legal     bool              `json:"legal"`
	Problems  designer.Problems `json:"problems"`
	Totals    Totals            `json:"totals"`
	Ships     []ShipResult      `json:"ships"`
	Squadrons []SquadronResult  `json:"squadrons"`
	// Flagship is the id of the senior-most command ship, if any.
	Flagship string `json:"flagship,omitempty"`
	// Tows lists which ship tows each ship without FTL (F-07).
	Tows []Tow `json:"tows"`
	// Deployment sums each zone of the deployment, when one is given.
	Deployment []ZoneResult `json:"deployment,omitempty"`
}

// Totals sum the fleet (F-08).
type Totals struct {
	CV     int `json:"cv"`
	Points int `json:"points"`
	Ships  int `json:"ships"`
	// Squadrons counts the independent squadrons; CarriedSquadrons those
	// in hangar loadouts (the design's or the fleet's choice).
	Squadrons        int `json:"squadrons"`
	CarriedSquadrons int `json:"carriedSquadrons"`
	HighestTier      int `json:"highestTier"`
	// LimitKind is cv or points; Limit its value; Used the fleet's total
	// in that unit; Remaining what is left (negative when over).
	LimitKind string `json:"limitKind"`
	Limit     int    `json:"limit"`
	Used      int    `json:"used"`
	Remaining int    `json:"remaining"`
	TierLimit int    `json:"tierLimit,omitempty"`
}

// ShipResult is one ship as the fleet fields it.
type ShipResult struct {
	ID      string           `json:"id"`
	Name    string           `json:"name,omitempty"`
	Class   string           `json:"class"`
	Ref     *Ref             `json:"ref,omitempty"`
	CV      int              `json:"cv"`
	Points  int              `json:"points"`
	Tier    int              `json:"tier"`
	MF      int              `json:"massFactor"`
	FTL     bool             `json:"ftl"`
	Legal   bool             `json:"legal"`
	Quality costing.Quality  `json:"quality"`
	CiC     int              `json:"cic"`
	Level   string           `json:"level,omitempty"` // command level, for a command ship
	InChain bool             `json:"inChain"`
	Carried int              `json:"carriedSquadrons"`
	Result  *costing.Result  `json:"-"`
	Design  *designer.Design `json:"-"`
	// Loadout is the fleet's choice for the bays the design leaves open.
	Loadout map[string]map[string]int `json:"loadout,omitempty"`
}

// Label is how printed matter names the ship: "Name (Class)" or the class.
func (s *ShipResult) Label() string {
	if s.Name != "" && s.Name != s.Class {
		return s.Name + " (" + s.Class + ")"
	}
	return s.Class
}

// SquadronResult is one entry of independent squadrons.
type SquadronResult struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Count      int    `json:"count"`
	CV         int    `json:"cv"`
	PointsEach int    `json:"pointsEach"`
	Points     int    `json:"points"`
	Breaching  bool   `json:"breaching"`
	AssignedTo string `json:"assignedTo,omitempty"`
}

// Tow is one ship brought into the game by another's grappler.
type Tow struct {
	Ship     string `json:"ship"`
	By       string `json:"by"`
	Grappler int    `json:"grappler"` // the rating of the grappler used
	Chosen   bool   `json:"chosen"`   // named by towedBy rather than found
}

// ZoneResult is one zone of a deployment.
type ZoneResult struct {
	Zone     string   `json:"zone"`
	Ships    []string `json:"ships"`
	CV       int      `json:"cv"`
	Share    float64  `json:"share"` // percent of the ships' CV
	MaxShare int      `json:"maxShare"`
}

// run is the state of one evaluation.
type run struct {
	e     *Evaluator
	f     *Fleet
	ds    Designs
	r     *Result
	byID  map[string]int // ship id -> index
	memo  map[memoKey]*costing.Result
	names map[*designer.Design]string // the cache's name of each design
	shown map[*designer.Design]bool
	// omitted counts the problems past MaxProblems, omittedErrors the
	// errors among them (R-LIM-07).
	omitted, omittedErrors int
}

// MaxProblems is the most problems an evaluation lists one by one; the
// rest are counted in one last R-LIM-07 problem (ruleset.Omitted), as a
// design's validation does, so that a fleet of 500 ships each embedding a
// design of a hundred problems answers a hundred problems and a count,
// not 51,000 (10 MB). Legal counts every problem, listed or not.
const MaxProblems = ruleset.MaxProblems

// problem lists p, or past MaxProblems counts it.
func (r *run) problem(p designer.Problem) {
	if len(r.r.Problems) >= MaxProblems {
		r.omitted++
		if p.Severity == designer.Error {
			r.omittedErrors++
		}
		return
	}
	r.r.Problems = append(r.r.Problems, p)
}

type memoKey struct {
	d       *designer.Design
	opt     costing.Options
	loadout string
}

func (r *run) add(rule, path, hint, format string, args ...any) {
	sev := designer.Error
	if ri := RuleByID(rule); ri != nil {
		sev = ri.Severity
	}
	if len(r.r.Problems) >= MaxProblems { // counted only: spare the words
		r.problem(designer.Problem{Severity: sev})
		return
	}
	r.problem(designer.Problem{Rule: rule, Severity: sev, Path: path, Message: ruleset.Capital(plainQuotes(fmt.Sprintf(format, args...))), Hint: plainQuotes(hint)})
}

// plainQuotes sets the ids and names a player typed, quoted with %q, in
// typographic quotes: a sentence a player reads shows no JSON.
func plainQuotes(s string) string {
	if !strings.Contains(s, `"`) {
		return s
	}
	var sb strings.Builder
	open := true
	for _, c := range s {
		if c == '"' {
			c = map[bool]rune{true: '‘', false: '’'}[open]
			open = !open
		}
		sb.WriteRune(c)
	}
	return sb.String()
}

// Evaluate checks f against F-DOC, F-REF and F-01 to F-08 and every
// ship's own design rules, prices each ship with costing (qualities and
// loadout as bought) and sums the fleet. It never panics and never returns
// nil; a nil fleet is an empty one. Identical ships are priced once.
func (e *Evaluator) Evaluate(f *Fleet, ds Designs) *Result {
	if f == nil {
		f = &Fleet{}
	}
	r := &run{e: e, f: f, ds: ds, r: &Result{Name: f.Name, Problems: designer.Problems{}, Ships: []ShipResult{}, Squadrons: []SquadronResult{}, Tows: []Tow{}},
		byID: map[string]int{}, memo: map[memoKey]*costing.Result{}, names: map[*designer.Design]string{}, shown: map[*designer.Design]bool{}}
	r.document()
	r.ships()
	r.squadrons()
	r.command()
	r.tows()
	r.deployment()
	r.totals()
	if r.omitted > 0 {
		r.r.Problems = append(r.r.Problems, ruleset.Omitted(r.omitted, r.omittedErrors, MaxProblems))
	}
	r.r.Legal = r.r.Problems.Legal()
	return r.r
}

// printable reports whether s has only characters a sheet can print
// (ruleset.Unprintable, the one text rule of documents).
func printable(s string) bool {
	_, bad := ruleset.Unprintable(s, false)
	return !bad
}

func (r *run) document() {
	f := r.f
	if f.Schema != Schema || f.Ruleset != r.e.facts.Ruleset || f.RulesVersion != designer.RulesVersion {
		r.add(RuleDocument, "schema", fmt.Sprintf("save the fleet again from Slipway, which writes Metaverse fleets in format %d, rules version %d", Schema, designer.RulesVersion),
			"the fleet file is not a Metaverse fleet in a format Slipway reads (format %d, game %q, rules version %d)", f.Schema, f.Ruleset, f.RulesVersion)
	}
	if n := utf8.RuneCountInString(strings.TrimSpace(f.Name)); n < 1 || n > 80 || !printable(f.Name) {
		r.add(RuleDocument, "name", "give the fleet a name of 1-80 printable characters", "fleet name must be 1-80 printable characters")
	}
	if utf8.RuneCountInString(f.Description) > 4000 {
		r.add(RuleDocument, "description", "shorten the description to 4000 characters", "description is longer than 4000 characters")
	}
	switch {
	case f.Limit.CV < 0 || f.Limit.Points < 0:
		r.add(RuleDocument, "limit", "a limit is a positive number", "the limit is negative")
	case f.Limit.Kind() == "":
		r.add(RuleDocument, "limit", "give the fleet exactly one limit: a CV limit (the rulebook's way) or a points limit", "the fleet needs exactly one limit, CV or points")
	}
	if f.TierLimit < 0 || f.TierLimit > 3 {
		r.add(RuleDocument, "tierLimit", "use 1, 2 or 3, or leave it out for no tier limit", "tier limit %d is not 0-3", f.TierLimit)
	}
	if len(f.Ships) > MaxShips {
		r.add(RuleDocument, "ships", fmt.Sprintf("split the fleet; at most %d ships", MaxShips), "%d ships; the limit is %d", len(f.Ships), MaxShips)
	}
	if len(f.Squadrons) > MaxSquadronEntries {
		r.add(RuleDocument, "squadrons", fmt.Sprintf("merge entries of the same type; at most %d", MaxSquadronEntries), "%d squadron entries; the limit is %d", len(f.Squadrons), MaxSquadronEntries)
	}
	if len(f.Ships) == 0 && len(f.Squadrons) == 0 {
		r.add(RuleDocument, "ships", "add at least one ship or squadron", "the fleet is empty")
	}
	seen := map[string]string{}
	id := func(path, id string) {
		if n := utf8.RuneCountInString(id); n < 1 || n > 32 || !printable(id) {
			r.add(RuleReferences, path, "give it an id of 1-32 printable characters, unique in the fleet", "id %q is not 1-32 printable characters", id)
			return
		}
		if _, dup := seen[id]; dup {
			r.add(RuleReferences, path, "ship and squadron ids are unique in the fleet", "the id %q is already used by another ship or squadron", id)
			return
		}
		seen[id] = path
	}
	for i := range min(len(f.Ships), MaxShips) {
		p := fmt.Sprintf("ships[%d].id", i)
		id(p, f.Ships[i].ID)
		if _, dup := r.byID[f.Ships[i].ID]; !dup && seen[f.Ships[i].ID] == p {
			r.byID[f.Ships[i].ID] = i
		}
	}
	for i := range min(len(f.Squadrons), MaxSquadronEntries) {
		id(fmt.Sprintf("squadrons[%d].id", i), f.Squadrons[i].ID)
	}
}

// shipRef checks that id names a fleet ship; it reports F-DOC-02 at path
// when it does not.
func (r *run) shipRef(path, id string) (int, bool) {
	i, ok := r.byID[id]
	if !ok {
		r.add(RuleReferences, path, "name a ship of the fleet by its id", "no ship %q in the fleet", id)
	}
	return i, ok
}

func (r *run) quality(path string, crew int, cmd, dc designer.Die, allowEmpty bool) bool {
	ok := true
	if !(designer.CrewQualities.Has(crew) || allowEmpty && crew == 0) {
		r.add(RuleDocument, path+".crewQuality", "crew quality is "+designer.CrewQualities.String(), "crew quality %d is not %s", crew, designer.CrewQualities)
		ok = false
	}
	if !(designer.CommandQualities.Has(cmd) || allowEmpty && cmd == "") {
		r.add(RuleDocument, path+".commandQuality", "command quality is one of "+dice(designer.CommandQualities), "command quality %q is not %s", cmd, designer.CommandQualities)
		ok = false
	}
	if !(designer.DamageControls.Has(dc) || allowEmpty && dc == "") {
		r.add(RuleDocument, path+".damageControl", "damage control is one of "+dice(designer.DamageControls), "damage control %q is not %s", dc, designer.DamageControls)
		ok = false
	}
	return ok
}

// dice lists the dice of rg: "D4, D5, D6".
func dice(rg designer.DieRange) string {
	var b strings.Builder
	for i, d := range rg.Dice() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(string(d))
	}
	return b.String()
}

func (r *run) hasKind(d *designer.Design, kinds []string) bool {
	for _, ns := range d.Sections.List() {
		for _, s := range ns.Section.Systems {
			if slices.Contains(kinds, s.Kind) {
				return true
			}
		}
	}
	return false
}

// ratings lists the rating of every copy of the systems of the kinds.
func (r *run) ratings(d *designer.Design, kinds []string) []int {
	var out []int
	for _, ns := range d.Sections.List() {
		for _, s := range ns.Section.Systems {
			if slices.Contains(kinds, s.Kind) {
				for range min(max(s.Count, 1), MaxCount) {
					out = append(out, s.Rating)
				}
			}
		}
	}
	return out
}

func (r *run) ships() {
	f := r.f
	for i := range min(len(f.Ships), MaxShips) {
		s := &f.Ships[i]
		p := fmt.Sprintf("ships[%d]", i)
		sr := ShipResult{ID: s.ID, Name: s.Name}
		if utf8.RuneCountInString(s.Name) > 80 || !printable(s.Name) {
			r.add(RuleDocument, p+".name", "a ship's name is at most 80 printable characters", "ship name is not at most 80 printable characters")
		}
		var d *designer.Design
		docPath := p + ".design"
		switch {
		case s.Document != nil && s.Design != "":
			r.add(RuleReferences, p, "keep either the library design or the design embedded in the fleet, not both", "ship both references a design and embeds one")
		case s.Document != nil:
			d = s.Document
			docPath = p + ".document"
		case s.Design == "":
			r.add(RuleReferences, p, "choose a library design and its version, or embed a design in the fleet", "ship names no design")
		case s.Version < 0:
			r.add(RuleReferences, p+".version", "pin the design version the fleet fields (1 or more), or leave it out for the latest", "version %d of design %s is not a version", s.Version, s.Design)
		default:
			ref := Ref{s.Design, s.Version}
			sr.Ref = &ref
			d = r.ds[ref]
			if d == nil {
				what := fmt.Sprintf("version %d", s.Version)
				if s.Version == 0 {
					what = "(latest version)"
				}
				r.add(RuleResolve, p+".design", "check the id and version, and that the design is readable by the fleet's owner (a published fleet: public designs, and its owner's own unlisted ones); fleet files embed their designs instead", "design %s %s cannot be found or read", s.Design, what)
			}
		}
		qok := r.quality(p, s.CrewQuality, s.CommandQuality, s.DamageControl, true)
		if d == nil {
			r.r.Ships = append(r.r.Ships, sr)
			continue
		}
		sr.Design = d
		sr.Class = d.Name
		applied := r.loadout(p, d, s.Loadout)
		if len(applied) > 0 {
			sr.Loadout = applied
		}
		opt := costing.Options{}
		if qok {
			opt = costing.Options{CrewQuality: s.CrewQuality, CommandQuality: s.CommandQuality, DamageControl: s.DamageControl}
		}
		res := r.price(d, sr.Ref, opt, applied)
		sr.Result = res
		sr.CV, sr.Points, sr.Tier, sr.MF = res.CV, res.Points, res.Tier, res.MassFactor
		sr.Legal = res.Legal
		sr.Quality = res.Quality
		sr.FTL = r.hasKind(d, r.e.facts.FTLKinds)
		for _, c := range r.ratings(d, r.e.facts.CommandKinds) {
			sr.CiC = max(sr.CiC, c)
		}
		sr.Carried = carried(d, applied)
		if !r.shown[d] {
			r.shown[d] = true
			for _, pr := range res.Problems {
				if pr.Rule == "R-PRO-08" || pr.Rule == "R-TIER-01" { // F-07 and F-02 say it for the fleet
					continue
				}
				if len(r.r.Problems) >= MaxProblems { // counted only: spare the words
					r.problem(pr)
					continue
				}
				where := docPath
				if pr.Path != "" && s.Document != nil {
					where += "." + pr.Path
				}
				msg := "Ship ‘" + s.ID + "’: " + pr.Message // which ship the place is in
				if s.Document == nil {
					msg = fmt.Sprintf("Ship ‘%s’ (design %s, version %d): %s", s.ID, s.Design, s.Version, pr.Message)
				}
				r.problem(designer.Problem{Rule: pr.Rule, Severity: pr.Severity, Path: where, Message: msg, Hint: pr.Hint})
			}
		}
		if f.TierLimit >= 1 && f.TierLimit <= 3 && res.Tier > f.TierLimit {
			r.add(RuleTier, docPath, "field a design of a lower tier, or agree a higher tier limit", "%s is tier %d; the fleet's tier limit is %d", d.Name, res.Tier, f.TierLimit)
		}
		r.r.Ships = append(r.r.Ships, sr)
	}
}

// carried counts the squadrons aboard: each bay's loadout (the design's,
// or the fleet's choice) times the bays mounted.
func carried(d *designer.Design, chosen map[string]map[string]int) int {
	n := 0
	for _, ns := range d.Sections.List() {
		for _, h := range ns.Section.Hangars {
			bay := d.HangarBay(h.Bay)
			if bay == nil {
				continue
			}
			lo := bay.Loadout
			if len(lo) == 0 {
				lo = chosen[bay.ID]
			}
			for _, k := range lo {
				n += max(0, min(k, MaxCount)) * max(0, min(h.Count, MaxCount))
			}
		}
	}
	return n
}

// loadout checks a ship's chosen loadout (F-06) and returns the part of
// it that is legal to apply.
func (r *run) loadout(p string, d *designer.Design, lo map[string]map[string]int) map[string]map[string]int {
	if len(lo) == 0 {
		return nil
	}
	out := map[string]map[string]int{}
	bays := make([]string, 0, len(lo))
	for id := range lo {
		bays = append(bays, id)
	}
	sort.Strings(bays)
	for _, id := range bays {
		bp := p + ".loadout." + id
		bay := d.HangarBay(id)
		if bay == nil {
			var have []string
			for _, b := range d.HangarBays {
				have = append(have, b.ID)
			}
			hint := "the design has no hangar bays; remove the loadout"
			if len(have) > 0 {
				hint = "choose for one of the design's bays: " + strings.Join(have, ", ")
			}
			r.add(RuleHangars, bp, hint, "%s has no hangar bay %q", d.Name, id)
			continue
		}
		if len(bay.Loadout) > 0 {
			r.add(RuleHangars, bp, "remove this choice: the design fixes the loadout of this bay", "bay %q of %s already has a loadout fixed by the design", id, d.Name)
			continue
		}
		types := make([]string, 0, len(lo[id]))
		for t := range lo[id] {
			types = append(types, t)
		}
		sort.Strings(types)
		sum, ok := 0, true
		for _, t := range types {
			n := lo[id][t]
			if !slices.Contains(bay.Carries, t) {
				r.add(RuleHangars, bp+"."+t, "a bay carries only these squadron types: "+strings.Join(bay.Carries, ", "), "bay %q of %s cannot carry %q", id, d.Name, t)
				ok = false
				continue
			}
			if n < 0 || n > MaxCount {
				r.add(RuleHangars, bp+"."+t, fmt.Sprintf("a count is 0-%d", MaxCount), "count %d is out of range", n)
				ok = false
				continue
			}
			sum += n
		}
		if sum > bay.Capacity {
			r.add(RuleHangars, bp, fmt.Sprintf("carry at most %d squadrons in each %q bay", bay.Capacity, id), "%d squadrons chosen for bay %q of %s, which holds %d", sum, id, d.Name, bay.Capacity)
			ok = false
		}
		if ok {
			out[id] = lo[id]
		}
	}
	return out
}

// price evaluates d as bought, once per distinct design, quality and
// loadout in the fleet, and once per evaluator while its cache keeps the
// price. ref is the library reference d was resolved from, if any.
func (r *run) price(d *designer.Design, ref *Ref, opt costing.Options, lo map[string]map[string]int) *costing.Result {
	key := memoKey{d: d, opt: opt, loadout: loadoutKey(lo)}
	if res, ok := r.memo[key]; ok {
		return res
	}
	name, ok := r.names[d]
	if !ok {
		switch {
		case r.e.prices == nil:
		case ref != nil && r.e.stable:
			name = "ref:" + ref.String()
		default:
			name = digest(d)
		}
		r.names[d] = name
	}
	pk := priceKey{design: name, opt: opt, loadout: key.loadout}
	if name != "" {
		if res, ok := r.e.prices.get(pk); ok {
			r.memo[key] = res
			return res
		}
	}
	res := r.e.model.Evaluate(withLoadout(d, lo), opt)
	r.memo[key] = res
	if name != "" {
		r.e.prices.put(pk, res)
	}
	return res
}

// loadoutKey writes a loadout in one canonical string: bays and types
// sorted.
func loadoutKey(lo map[string]map[string]int) string {
	if len(lo) == 0 {
		return ""
	}
	var sb strings.Builder
	bays := make([]string, 0, len(lo))
	for b := range lo {
		bays = append(bays, b)
	}
	sort.Strings(bays)
	for _, b := range bays {
		types := make([]string, 0, len(lo[b]))
		for t := range lo[b] {
			types = append(types, t)
		}
		sort.Strings(types)
		sb.WriteString(b)
		for _, t := range types {
			sb.WriteString("\x00" + t + "=" + strconv.Itoa(lo[b][t]))
		}
		sb.WriteString("\x01")
	}
	return sb.String()
}

func (r *run) squadrons() {
	f := r.f
	defaults := r.e.facts.SquadronDefaults
	for i := range min(len(f.Squadrons), MaxSquadronEntries) {
		s := &f.Squadrons[i]
		p := fmt.Sprintf("squadrons[%d]", i)
		sr := SquadronResult{ID: s.ID, Count: s.Count, AssignedTo: s.AssignedTo}
		if s.Count < 1 || s.Count > MaxCount {
			r.add(RuleDocument, p+".count", fmt.Sprintf("buy 1-%d squadrons in an entry", MaxCount), "count %d is not 1-%d", s.Count, MaxCount)
		}
		crew, cmd := s.CrewQuality, s.CommandQuality
		if !r.quality(p, crew, cmd, "D4", false) {
			crew, cmd = defaults.CrewQuality, defaults.CommandQuality
		}
		var def *designer.SquadronDef
		switch {
		case s.Definition != nil && s.Design != "":
			r.add(RuleReferences, p, "keep either the squadron embedded in the fleet or a library design's squadron, not both", "squadron entry both embeds a definition and references one")
		case s.Definition != nil:
			def = s.Definition
		case s.Design == "" || s.Type == "" || s.Version < 0:
			r.add(RuleReferences, p, "embed a squadron in the fleet, or choose a library design, its version and one of its squadrons", "squadron entry names no squadron definition")
		default:
			d := r.ds[Ref{s.Design, s.Version}]
			if d != nil {
				def = d.Squadron(s.Type)
			}
			if def == nil {
				r.add(RuleResolve, p+".type", "check the design, version and squadron type, and that the fleet's owner may read the design", "no squadron %q in design %s version %d", s.Type, s.Design, s.Version)
			}
		}
		if s.AssignedTo != "" {
			if j, ok := r.shipRef(p+".assignedTo", s.AssignedTo); ok {
				if d := r.r.Ships[j].Design; d != nil && !r.hasKind(d, r.e.facts.SoCKinds) {
					r.add(RuleHangars, p+".assignedTo", "assign the squadrons to a ship with an SoC, or leave them on a fixed starting mission", "ship %q has no SoC to take squadrons", s.AssignedTo)
				}
			}
		}
		if def == nil {
			r.r.Squadrons = append(r.r.Squadrons, sr)
			continue
		}
		sr.Name = def.Name
		if !def.Has(designer.SquadronFTL) {
			r.add(RuleHangars, p, "only FTL-capable squadrons are bought without a carrier; put this type in a carrier's hangar loadout", "squadron %q has no FTL quality", def.Name)
		}
		base := r.e.model.SquadronPoints(def, crew)
		factor, ok := r.e.table.CommandFactor[string(cmd)]
		if !ok {
			factor = 1
		}
		each := costing.Round(float64(base) * factor)
		if def.Has(designer.SquadronBreaching) {
			sr.Breaching = true
			each *= max(1, r.e.facts.BreachingByFTLFactor)
		}
		n := max(0, min(s.Count, MaxCount))
		sr.PointsEach = each
		sr.Points = each * n
		sr.CV = base * n
		r.r.Squadrons = append(r.r.Squadrons, sr)
	}
}

func (r *run) command() {
	f := r.f
	if len(f.Command) == 0 {
		if len(f.Ships) > 0 {
			r.add(RuleUnled, "command", "set up a chain of command: pick a ship with a CiC as flagship and put the others under it", "no chain of command: all %d ships fight at crew quality - %d", len(f.Ships), r.e.facts.UnledCrewPenalty)
		}
		return
	}
	inChain := map[string]string{}
	var walk func(c *Command, p string, depth int, parent int)
	walk = func(c *Command, p string, depth int, parent int) {
		if c == nil {
			r.add(RuleLevels, p, "remove the empty command", "command is null")
			return
		}
		if depth > MaxCommandDepth {
			r.add(RuleDocument, p, "the chain has four levels; nest no deeper", "chain of command nested deeper than %d", MaxCommandDepth)
			return
		}
		lvl := r.e.facts.Level(c.Level)
		if lvl < 0 {
			r.add(RuleLevels, p+".level", "use one of "+strings.Join(r.e.facts.Levels, ", "), "unknown command level %q", c.Level)
		} else if parent >= 0 && lvl != parent-1 {
			want := "no sub-commanders"
			if parent > 0 {
				want = r.e.facts.Levels[parent-1] + " leaders"
			}
			r.add(RuleLevels, p+".level", fmt.Sprintf("a %s leader commands %s", r.e.facts.Levels[parent], want), "a %s command under a %s leader", c.Level, r.e.facts.Levels[parent])
		}
		member := func(path, id string) {
			if _, ok := r.shipRef(path, id); !ok {
				return
			}
			if _, dup := inChain[id]; dup {
				r.add(RuleLevels, path, "a ship has one place in the chain of command", "ship %q already has a place in the chain of command", id)
				return
			}
			inChain[id] = path
		}
		member(p+".ship", c.Ship)
		if j, ok := r.byID[c.Ship]; ok {
			sr := &r.r.Ships[j]
			if lvl >= 0 && sr.Level == "" {
				sr.Level = c.Level
			}
			if sr.Design != nil {
				if sr.CiC == 0 {
					r.add(RuleCiC, p+".ship", "make a ship with a CiC the commander, or add a CiC to this design", "command ship %q (%s) has no CiC", c.Ship, sr.Class)
				} else if c.Units() > sr.CiC {
					r.add(RuleCiC, p, fmt.Sprintf("command at most %d units here, or pick a commander with a larger CiC", sr.CiC),
						"ship %q commands %s (%s and %s); its largest CiC is rated %d", c.Ship, ruleset.Count(c.Units(), "unit"), ruleset.Count(len(c.Ships), "ship"), ruleset.Count(len(c.Commands), "sub-commander"), sr.CiC)
				}
			}
		}
		for k, id := range c.Ships {
			member(fmt.Sprintf("%s.ships[%d]", p, k), id)
		}
		for k, sub := range c.Commands {
			walk(sub, fmt.Sprintf("%s.commands[%d]", p, k), depth+1, max(lvl, 0))
		}
	}
	for i, c := range f.Command {
		p := fmt.Sprintf("command[%d]", i)
		if i > 0 {
			r.add(RuleLevels, p, "put this command under the flagship's, or merge the two", "a second top command: a fleet has exactly one flagship")
		}
		walk(c, p, 1, -1)
	}
	if c := f.Command[0]; c != nil {
		r.r.Flagship = c.Ship
	}
	for i := range r.r.Ships {
		s := &r.r.Ships[i]
		if _, ok := inChain[s.ID]; ok {
			s.InChain = true
			continue
		}
		r.add(RuleUnled, fmt.Sprintf("ships[%d]", i), "put the ship in a squadron of the chain of command", "ship %q is outside the chain of command and fights at crew quality - %d", s.ID, r.e.facts.UnledCrewPenalty)
	}
}

type grappler struct {
	ship   int
	rating int
	used   bool
}

func (r *run) tows() {
	f := r.f
	var gs []*grappler
	for i := range r.r.Ships {
		s := &r.r.Ships[i]
		if s.Design == nil || !s.FTL {
			continue
		}
		for _, g := range r.ratings(s.Design, r.e.facts.TowKinds) {
			gs = append(gs, &grappler{ship: i, rating: g})
		}
	}
	div := r.e.facts.TowDivisor
	fits := func(g *grappler, towed int) bool {
		return !g.used && r.r.Ships[towed].MF*div <= g.rating*r.r.Ships[g.ship].MF
	}
	// best picks the free grappler that tows the ship with the least to
	// spare, among the grapplers of ship only when only >= 0.
	best := func(towed, only int) *grappler {
		var b *grappler
		for _, g := range gs {
			if (only >= 0 && g.ship != only) || g.ship == towed || !fits(g, towed) {
				continue
			}
			if b == nil || g.rating*r.r.Ships[g.ship].MF < b.rating*r.r.Ships[b.ship].MF {
				b = g
			}
		}
		return b
	}
	need := func(i int) string {
		return fmt.Sprintf("mass factor %d needs a grappler of rating g on an FTL ship of mass factor M with g x M >= %d", r.r.Ships[i].MF, r.r.Ships[i].MF*div)
	}
	var auto []int
	for i := range r.r.Ships {
		s := &r.r.Ships[i]
		if s.Design == nil {
			continue
		}
		by := f.Ships[i].TowedBy
		p := fmt.Sprintf("ships[%d].towedBy", i)
		if s.FTL {
			if by != "" {
				r.add(RuleTow, p, "remove towedBy: the ship jumps by itself", "ship %q has an FTL drive and needs no tow", s.ID)
			}
			continue
		}
		if by == "" {
			auto = append(auto, i)
			continue
		}
		j, ok := r.shipRef(p, by)
		if !ok {
			continue
		}
		tw := &r.r.Ships[j]
		switch {
		case j == i:
			r.add(RuleTow, p, "name another ship", "a ship cannot tow itself")
		case tw.Design == nil:
		case !tw.FTL:
			r.add(RuleTow, p, "name a tow with an FTL drive", "tow %q has no FTL drive", by)
		default:
			if g := best(i, j); g != nil {
				g.used = true
				r.r.Tows = append(r.r.Tows, Tow{Ship: s.ID, By: by, Grappler: g.rating, Chosen: true})
			} else {
				r.add(RuleTow, p, need(i), "%q has no free grappler that can tow %q", by, s.ID)
			}
		}
	}
	sort.SliceStable(auto, func(a, b int) bool { return r.r.Ships[auto[a]].MF > r.r.Ships[auto[b]].MF })
	for _, i := range auto {
		s := &r.r.Ships[i]
		if g := best(i, -1); g != nil {
			g.used = true
			r.r.Tows = append(r.r.Tows, Tow{Ship: s.ID, By: r.r.Ships[g.ship].ID, Grappler: g.rating})
			continue
		}
		r.add(RuleTow, fmt.Sprintf("ships[%d]", i), need(i)+"; add such a tow to the fleet, or an FTL drive to the design",
			"ship %q has no FTL drive and no free grappler in the fleet can tow it", s.ID)
	}
}

func (r *run) deployment() {
	dep := r.f.Deployment
	if dep == nil {
		return
	}
	facts := r.e.facts
	enc := facts.Encounter(dep.Encounter)
	if enc == nil {
		var ids []string
		for _, e := range facts.Encounters {
			ids = append(ids, e.ID)
		}
		r.add(RuleDeployment, "deployment.encounter", "use one of "+strings.Join(ids, ", "), "unknown encounter %q", dep.Encounter)
		return
	}
	zones := enc.Zones(dep.Role)
	if zones == nil {
		r.add(RuleDeployment, "deployment.role", "use attacker (the initiative winner) or defender", "unknown role %q", dep.Role)
		return
	}
	var zoneIDs []string
	for _, z := range zones {
		zoneIDs = append(zoneIDs, z.Zone)
	}
	names := make([]string, 0, len(dep.Zones))
	for z := range dep.Zones {
		names = append(names, z)
	}
	sort.Strings(names)
	placed := map[string]string{}
	zoneOf := map[string]string{}
	for _, z := range names {
		if !slices.Contains(zoneIDs, z) {
			r.add(RuleDeployment, "deployment.zones."+z, fmt.Sprintf("the %s of a %s deploys in the zones %s", dep.Role, enc.Name, ruleset.SpacedList(zoneIDs, "and")), "the encounter has no zone %q", ruleset.Spaced(z))
		}
		for k, id := range dep.Zones[z] {
			p := fmt.Sprintf("deployment.zones.%s[%d]", z, k)
			if _, ok := r.shipRef(p, id); !ok {
				continue
			}
			if _, dup := placed[id]; dup {
				r.add(RuleDeployment, p, "deploy each ship in one zone", "ship %q is already deployed in a zone", id)
				continue
			}
			placed[id] = p
			zoneOf[id] = z
		}
	}
	total := 0
	for i, s := range r.r.Ships {
		total += max(0, s.CV)
		if _, ok := placed[s.ID]; !ok && s.ID != "" {
			r.add(RuleDeployment, fmt.Sprintf("ships[%d]", i), "place every ship of the fleet in a zone", "ship %q is not deployed", s.ID)
		}
	}
	for _, t := range r.r.Tows {
		if zs, zt := zoneOf[t.Ship], zoneOf[t.By]; zs != "" && zt != "" && zs != zt {
			r.add(RuleDeployment, placed[t.Ship], "a towed ship deploys within 5 cm of its tow: put both in one zone", "ship %q is towed by %q, deployed in zone %q", t.Ship, t.By, ruleset.Spaced(zt))
		}
	}
	for _, z := range zones {
		zr := ZoneResult{Zone: z.Zone, Ships: []string{}, MaxShare: z.MaxShare}
		for _, id := range dep.Zones[z.Zone] {
			if zoneOf[id] == z.Zone && placed[id] != "" {
				if i, ok := r.byID[id]; ok {
					zr.CV += max(0, r.r.Ships[i].CV)
					zr.Ships = append(zr.Ships, id)
				}
			}
		}
		if total > 0 {
			zr.Share = float64(zr.CV) * 100 / float64(total)
		}
		if zr.CV*100 > z.MaxShare*total {
			r.add(RuleDeployment, "deployment.zones."+z.Zone, fmt.Sprintf("move ships out of the zone: it may hold at most %d%% of the fleet's CV (%d of %d)", z.MaxShare, z.MaxShare*total/100, total),
				"zone %q holds %d of %d CV (%.0f%%), over its %d%%", ruleset.Spaced(z.Zone), zr.CV, total, zr.Share, z.MaxShare)
		}
		r.r.Deployment = append(r.r.Deployment, zr)
	}
}

func (r *run) totals() {
	t := &r.r.Totals
	for _, s := range r.r.Ships {
		t.CV += max(0, s.CV)
		t.Points += max(0, s.Points)
		t.HighestTier = max(t.HighestTier, s.Tier)
		t.CarriedSquadrons += s.Carried
	}
	for _, s := range r.r.Squadrons {
		t.CV += s.CV
		t.Points += s.Points
		t.Squadrons += max(0, s.Count)
	}
	t.Ships = len(r.r.Ships)
	t.TierLimit = r.f.TierLimit
	t.LimitKind = r.f.Limit.Kind()
	t.Limit = r.f.Limit.Value()
	t.Used = t.Points
	if t.LimitKind == "cv" {
		t.Used = t.CV
	}
	t.Remaining = t.Limit - t.Used
	if t.LimitKind != "" && t.Used > t.Limit {
		unit := "points"
		if t.LimitKind == "cv" {
			unit = "CV"
		}
		r.add(RuleLimit, "limit."+t.LimitKind, "remove ships or squadrons, buy lower qualities, or agree a higher limit",
			"the fleet is %d %s; the limit is %d (%d over)", t.Used, unit, t.Limit, t.Used-t.Limit)
	}
}
