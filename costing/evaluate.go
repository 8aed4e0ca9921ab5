package costing

import (
	"math"
	"math/bits"
	"strconv"
	"sync"

	"github.com/slipway/slipway/designer"
)

// eval is the state of one evaluation.
type eval struct {
	m   *Model
	t   *Table
	d   *designer.Design
	r   *Result
	tl  int // tech level used in formulas, 1-10
	crw int // crew quality used, 1-5

	hull      int     // total hull hits
	defended  float64 // defended hull: the sum of the arcs of D
	sensor    int     // best sensor rating
	sensorCap int     // indirect weapons the sensors can guide
	// base3 is metaverse-cv/3's unrounded CV at the reference crew, before
	// quality3; points price it.
	base3 float64

	arena
	blk *resultBlock

	// secs are the design's present sections in SectionOrder
	// (Sections.List), read once; secBuf holds them.
	secs   []designer.NamedSection
	secBuf [len(designer.SectionOrder)]designer.NamedSection

	// prof is metaverse-cv/2's profile of the design (profile2), kept
	// with its buffers from one evaluation to the next (evalPool).
	prof *profile
}

// resultBlock is what an evaluation hands its caller, allocated in one
// block: the result, the first chunk of its explanation, and room for its
// reactors, life support and the sections reactors support.
type resultBlock struct {
	r        Result
	chunk    arenaChunk
	reactors [4]Reactor
	life     [len(designer.SectionOrder)]LifeSupport
	supports [2 * len(designer.SectionOrder)]designer.SectionName
}

// evalPool keeps evaluations' working memory that the result does not
// hold (the eval and its profile, with their buffers) for the next
// evaluation: each Evaluate takes one for itself and gives it back
// emptied of everything the caller holds, so concurrent evaluations
// never share one.
var evalPool = sync.Pool{New: func() any { return new(eval) }}

// release empties e of what the result and the design hold and gives it
// back to evalPool.
func (e *eval) release() {
	if e.prof != nil {
		e.prof.reset()
	}
	*e = eval{prof: e.prof}
	evalPool.Put(e)
}

// Evaluate derives every statistic of d and prices it. It never returns
// nil and never panics: an invalid design is evaluated as far as its
// parts allow and carries the validator's problems. A nil design is
// treated as an empty one.
func (m *Model) Evaluate(d *designer.Design, opt Options) *Result {
	if d == nil {
		d = &designer.Design{}
	}
	b := &resultBlock{}
	b.r = Result{ModelVersion: m.t.Version, Name: d.Name}
	e := evalPool.Get().(*eval)
	defer e.release()
	e.m, e.t, e.d, e.r, e.blk = m, m.t, d, &b.r, b
	e.arena.start(&b.chunk)
	e.secs = append(e.secBuf[:0], d.Sections.List()...)
	r := e.r
	r.Problems = m.cat.Validate(d, designer.Options{TierLimit: opt.TierLimit})
	if r.Problems == nil {
		r.Problems = designer.Problems{}
	}
	r.Legal = r.Problems.Legal()
	r.TierReport = m.cat.Tier(d)
	r.Tier = r.TierReport.Tier
	r.TechLevel = d.TechLevel
	r.Movement = d.Movement
	r.Hull = d.Hull
	e.tl = clampInt(d.TechLevel, 1, 10)
	e.quality(opt)

	var lb [64]byte
	root := e.node("evaluation", string(strconv.AppendQuote(append(lb[:0], "Evaluation of "...), d.Name)), e.t.Version, 0)
	loads := m.cat.LoadTotals(d)
	e.add(root, e.size(), e.reactors(loads), e.space(), e.lifeSupport(), e.speed())
	e.scan()

	if e.t.Formula >= 2 {
		p := e.profile2()
		r.CarriesFighters = len(p.squadrons)+len(p.cap) > 0 || p.launch > 0
		o := e.offence2(p)
		df := e.defence2(p)
		mo := e.mobility2(p)
		te := e.technology()
		u := e.utility2(p)
		e.add(root, e.combatValue2(o, df, mo, te, u), e.points2())
	} else {
		o := e.offence()
		df := e.defence()
		mo := e.mobility()
		te := e.technology()
		u := e.utility()
		cv := e.combatValue(o, df, mo, te, u)
		e.add(root, cv, e.points())
	}
	root.Value = float64(r.CV)
	r.Explanation = root
	return r
}

func (e *eval) quality(opt Options) {
	q := Quality{Crew: e.d.CrewQuality, Command: e.d.CommandQuality, DamageControl: e.d.DamageControl}
	if opt.CrewQuality != 0 {
		q.Crew = opt.CrewQuality
	}
	if opt.CommandQuality != "" {
		q.Command = opt.CommandQuality
	}
	if opt.DamageControl != "" {
		q.DamageControl = opt.DamageControl
	}
	q.Crew = clampInt(q.Crew, 1, 5)
	if _, ok := e.t.CommandFactor[string(q.Command)]; !ok {
		q.Command = "D2"
	}
	if _, ok := e.t.DamageControl[string(q.DamageControl)]; !ok {
		q.DamageControl = "D4"
	}
	e.r.Quality = q
	e.crw = q.Crew
}

// size derives mass factor and target rating (rules §6.1, §6.2).
func (e *eval) size() *Node {
	for _, ns := range e.secs {
		e.hull += hullHits(ns.Section)
	}
	r := e.r
	r.HullHits = e.hull
	r.MassFactor = max(1, ceilPos(float64(e.hull)/e.t.HullHitsPerMassFactor))
	r.TargetRating = e.t.BaseTargetRating - (bits.Len(uint(r.MassFactor)) - 1)
	n := e.node("size", "Hull hits", "sum of every layer", float64(e.hull))
	e.add(n,
		e.node("massFactor", "Mass factor", "max(1, ceil(H / 10))", float64(r.MassFactor), in("H", float64(e.hull))),
		e.node("targetRating", "Target rating", "3 - floor(log2(MF))", float64(r.TargetRating), in("MF", float64(r.MassFactor))),
	)
	return n
}

// reactors derives each reactor's rating and the EMS (rules §6.3). A
// section without a reactor is powered by the core's; a design without a
// core reactor gets a virtual one so that its EMS still means something.
func (e *eval) reactors(loads []designer.SectionLoad) *Node {
	tl := float64(e.tl)
	e.r.Reactors = e.blk.reactors[:0]
	n := e.node("power", "Power, reactors and EMS", "", 0)
	var corePower float64
	coreReactors := 0
	// The sections each reactor supports: the core group's first, then
	// one for each outboard group, from the result's block when there is
	// room (they are part of the result).
	sup := e.blk.supports[:]
	if len(sup) < 2*len(loads) {
		sup = make([]designer.SectionName, 2*len(loads))
	}
	coreSupports := sup[0:0:len(loads)]
	outSupports := sup[len(loads):]
	hasCore := false
	type group struct {
		sec   designer.SectionName
		power float64
		n     int
	}
	var groupBuf [1 + len(designer.SectionOrder)]group
	groups := groupBuf[:1] // the core group goes first
	for _, sl := range loads {
		e.r.Power += sl.Power
		st := textsOf(sl.Section)
		e.add(n, e.node(st.powerKey, st.powerLabel, "sum of items", sl.Power))
		if sl.Section == designer.SectionCore {
			hasCore = true
			coreReactors = sl.Reactors
		}
		if sl.Section == designer.SectionCore || sl.Reactors == 0 {
			corePower += sl.Power
			coreSupports = append(coreSupports, sl.Section)
			continue
		}
		groups = append(groups, group{sl.Section, sl.Power, sl.Reactors})
	}
	// The core group first, then the outboard groups in section order.
	groups[0] = group{designer.SectionCore, corePower, coreReactors}
	all := groups
	sum := 0
	for i, g := range all {
		if i == 0 && len(coreSupports) == 0 && !hasCore {
			continue
		}
		virtual := g.n == 0
		copies := max(g.n, 1)
		rating := max(1, ceilPos(g.power/tl))
		supports := coreSupports
		if i > 0 {
			outSupports[0] = g.sec
			supports, outSupports = outSupports[0:1:1], outSupports[1:]
		}
		// An even split gives at most two ratings: the first rating%copies
		// copies carry one more. Identical copies share one entry.
		base, extra := rating/copies, rating%copies
		if base == 0 { // more copies than rating: every copy is rated 1
			base, extra = 1, 0
		}
		if extra > 0 {
			e.r.Reactors = append(e.r.Reactors, Reactor{Section: g.sec, Index: 1, Copies: extra, Rating: base + 1,
				Power: g.power, Supports: supports, Virtual: virtual})
			sum += extra * (base + 1)
		}
		if rest := copies - extra; rest > 0 {
			e.r.Reactors = append(e.r.Reactors, Reactor{Section: g.sec, Index: extra + 1, Copies: rest, Rating: base,
				Power: g.power, Supports: supports, Virtual: virtual})
			sum += rest * base
		}
		st := textsOf(g.sec)
		label := st.reactorLabel
		if virtual {
			label = "Missing core reactor (counted)"
		}
		e.add(n, e.node(st.reactorKey, label, "ceil(PU / TL), split over the copies", float64(rating),
			in("PU", g.power), in("TL", tl), in("copies", float64(copies))))
	}
	e.r.EMS = EMS(sum)
	e.add(n, e.node("ems", "EMS", "max(1, round(sqrt(sum of reactor ratings)))", float64(e.r.EMS), in("reactor ratings", float64(sum))))
	n.Value = float64(e.r.EMS)
	return n
}

// space reports space, density and minimum tech level (rules §6.6).
func (e *eval) space() *Node {
	s := e.m.cat.Space(e.d)
	e.r.Space, e.r.Density, e.r.MinTechLevel = s.Space, s.Density, s.MinTechLevel
	return e.node("minTechLevel", "Minimum tech level", "max(1, ceil(2 x SU / H))", float64(s.MinTechLevel),
		in("SU", s.Space), in("H", float64(s.HullHits)), in("density", s.Density))
}

// lifeSupport derives each crewed section's life support (rules §6.4).
func (e *eval) lifeSupport() *Node {
	n := e.node("lifeSupport", "Life support", "ceil((crew + marines) / 4) per section", 0)
	e.r.LifeSupport = e.blk.life[:0]
	total := 0
	for _, ns := range e.secs {
		crew, marines := 0, 0
		for _, l := range ns.Section.Layers {
			crew += clampInt(l.Crew, 0, 1_000_000)
			marines += clampInt(l.Marines, 0, 1_000_000)
		}
		p := crew + marines
		if p == 0 {
			continue
		}
		ls := (p + e.t.LifeSupportPeoplePerPoint - 1) / e.t.LifeSupportPeoplePerPoint
		total += ls
		e.r.LifeSupport = append(e.r.LifeSupport, LifeSupport{Section: ns.Name, People: p, Rating: ls})
		st := textsOf(ns.Name)
		e.add(n, e.node(st.lifeSupportKey, st.lifeSupportLabel, "ceil(people / 4)", float64(ls), in("people", float64(p))))
	}
	n.Value = float64(total)
	return n
}

// speed reports maximum speed and acceleration (rules §6.5).
func (e *eval) speed() *Node {
	var a Acceleration
	for _, ns := range e.secs {
		for _, s := range ns.Section.Systems {
			pts := float64(clampCount(s.Count) * clampInt(s.Rating, 0, 1000))
			switch s.Kind {
			case kindSTLPrimitive:
				// metaverse-cv/2 reads rules §1.2: rear sections accelerate,
				// fore sections decelerate, so a drive facing against its
				// section's end pushes nothing.
				switch {
				case s.Facing == "aft" && (e.t.Formula < 2 || ns.Name != designer.SectionFore):
					a.Forward += pts
				case s.Facing == "fore" && (e.t.Formula < 2 || ns.Name != designer.SectionAft):
					a.Reverse += pts
				}
			case kindSTLBasic:
				if s.Axis == axisForeAft {
					a.Forward += pts
					a.Reverse += pts
				}
			case kindSTLAdvanced:
				a.Forward += pts
				a.Reverse += pts
				a.Port += float64(pts * e.t.AdvancedThrust)
				a.Starboard += float64(pts * e.t.AdvancedThrust)
			case kindThruster:
				switch s.Facing {
				case "port":
					a.Port += pts
				case "starboard":
					a.Starboard += pts
				}
			}
		}
	}
	e.r.Acceleration = a
	if e.d.Movement == designer.MovementNewtonian {
		e.r.MaxSpeed, e.r.ReverseSpeed = 0, 0
		return e.node("maxSpeed", "Maximum speed", "newtonian: no fixed maximum", 0,
			in("forward", a.Forward), in("reverse", a.Reverse), in("port", a.Port), in("starboard", a.Starboard))
	}
	e.r.MaxSpeed = e.t.CinematicSpeedPerTechLevel * e.tl
	e.r.ReverseSpeed = e.r.MaxSpeed / 2
	return e.node("maxSpeed", "Maximum speed", "2 x TL cm per turn; reverse half, rounded down", float64(e.r.MaxSpeed),
		in("TL", float64(e.tl)), in("reverse", float64(e.r.ReverseSpeed)),
		in("forward", a.Forward), in("reverse drive", a.Reverse), in("port", a.Port), in("starboard", a.Starboard))
}

// scan collects the sensor figures offence needs.
func (e *eval) scan() {
	for _, ns := range e.secs {
		for _, s := range ns.Section.Systems {
			if s.Kind != kindSensor || s.Count <= 0 {
				continue
			}
			rt := clampInt(s.Rating, 0, 20)
			e.sensor = max(e.sensor, rt)
			e.sensorCap += clampCount(s.Count) * rt
		}
	}
}

// combatValue combines the terms (rules §7.1).
func (e *eval) combatValue(o, d, mo, te, u *Node) *Node {
	t := e.t
	root := float64(math.Sqrt(max(0, float64(o.Value*d.Value))))
	cv := float64(float64(float64(float64(t.K*root)*mo.Value)*te.Value)) + u.Value
	e.r.CV = Round(cv)
	e.r.Components = Components{Offence: o.Value, Defence: d.Value, Mobility: mo.Value, Technology: te.Value, Utility: u.Value, K: t.K, CV: cv}
	n := e.node("cv", "Combat value", "round(k x sqrt(O x D) x M x T + U)", float64(e.r.CV),
		in("k", t.K), in("sqrt(O x D)", root), in("unrounded", cv))
	return e.add(n, o, d, mo, te, u)
}

// sectionTexts are the explanation keys and labels that name a section.
type sectionTexts struct {
	powerKey, powerLabel             string
	reactorKey, reactorLabel         string
	lifeSupportKey, lifeSupportLabel string
}

func newSectionTexts(s designer.SectionName) sectionTexts {
	n := string(s)
	return sectionTexts{powerKey: "power." + n, powerLabel: "Power drawn in " + n,
		reactorKey: "reactor." + n, reactorLabel: "Reactors in " + n,
		lifeSupportKey: "lifeSupport." + n, lifeSupportLabel: "Life support in " + n}
}

// sectionTextsByOrder holds the texts of each of designer.SectionOrder,
// made once rather than concatenated in every evaluation.
var sectionTextsByOrder = func() (out [len(designer.SectionOrder)]sectionTexts) {
	for i, s := range designer.SectionOrder {
		out[i] = newSectionTexts(s)
	}
	return out
}()

// textsOf returns the explanation texts that name section s.
func textsOf(s designer.SectionName) sectionTexts {
	for i, x := range designer.SectionOrder {
		if x == s {
			return sectionTextsByOrder[i]
		}
	}
	return newSectionTexts(s)
}
