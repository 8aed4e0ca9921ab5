package costing

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strconv"

	"github.com/slipway/slipway/designer"
)

// profile is the evaluated ship as metaverse-cv/2 plays it.
type profile struct {
	// memo remembers what each mount does against each reference
	// opponent, by mount x len(opponents) + opponent (mountAgainst).
	memo []mountMemo
	// off is offenceAt's working memory (offScratch).
	off       offScratch
	sensors   []int // sensor array ratings, best first
	elint     int
	targeting int
	mounts    []mountV2
	arcs      [4]defArc
	coreArcs  [4]defArc // the core as each arc's fire meets it once the section is gone
	hull      float64
	layers    int
	ewArray   int
	ecm       int
	stealth   int
	cloak     bool
	pods      []int
	emsC      float64
	trC       float64
	mf        int
	speed     int
	turnSteps int
	squadrons []squadV2 // strike squadrons carried
	cap       []squadV2 // squadrons that fight only starfighters and weapons fire
	soc       int
	launch    int
	crewSec   float64 // mean crew parties per standing section
	ls        []int   // life support per section
	dcSides   int
	hullType  string
	ftl       string
	ftlRating int
	jammers   int
	gravity   int // the best gravity well's rating
	teleport  []int
	cic       int
	fragile   int // bridge, sensors, reactors: how many stand in one section only
	// size is s^SizePower (metaverse-cv/3): how much larger than the
	// reference opponents the ship meets them; 1 under metaverse-cv/2.
	size float64

	// trs remembers the target rating of the hull in an arc's line of
	// fire (survive), by that hull: nTr of them.
	trs [8]struct{ hull, tr float64 }
	nTr int

	// Room for ls and sensors, so that a typical ship needs no more.
	lsBuf     [5]int
	sensorBuf [4]int

	// Buffers kept from one evaluation to the next (reset): memo's, and
	// offScratch's ints, floats, rates and opponents.
	memoBuf   []mountMemo
	offInts   []int
	offFloats []float64
	offRates  []rates
	offOpp    []oppOffence
	offFTL    []ftlMemo
	texts     []mountText // mountTexts'
	textEnds  []int
	textBuf   []byte
}

// reset empties p for the next evaluation, keeping its buffers and
// dropping what points into the design.
func (p *profile) reset() {
	clear(p.mounts)
	clear(p.squadrons)
	clear(p.cap)
	clear(p.texts)
	*p = profile{mounts: p.mounts[:0], pods: p.pods[:0], teleport: p.teleport[:0], squadrons: p.squadrons[:0], cap: p.cap[:0],
		memoBuf: p.memoBuf, offInts: p.offInts, offFloats: p.offFloats, offRates: p.offRates, offOpp: p.offOpp, offFTL: p.offFTL,
		texts: p.texts, textEnds: p.textEnds, textBuf: p.textBuf}
}

// grow returns buf's first n elements, zeroed, reallocating buf when it
// is too short.
func grow[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n)
	}
	s := (*buf)[:n:n]
	clear(s)
	return s
}

// mountMemo is one remembered mountAgainst answer.
type mountMemo struct {
	r    rates   // direct: directRates; indirect: one pulse's expectation
	hits float64 // direct: hits a turn; indirect: the share of salvos that reach
	q    float64 // P(one point-defence copy of the opponent stops one hit)
	ok   bool
	// The last (1 - q)^tries offenceAt asked for, and its tries.
	powTries, pow float64
	powOK         bool
}

// keepPow is math.Pow(1-mm.q, tries), remembered for the last tries
// asked: offenceAt asks the same for every firing sector whose hits leave
// tries at its cap.
func (mm *mountMemo) keepPow(tries float64) float64 {
	if !mm.powOK || mm.powTries != tries {
		mm.pow, mm.powTries, mm.powOK = math.Pow(1-mm.q, tries), tries, true
	}
	return mm.pow
}

// offScratch is offenceAt's working memory, sized to the mounts once and
// reused by every firing sector it tries. Only the slices indexed by
// mount need clearing between uses; the others are refilled.
type offScratch struct {
	direct, indirect, order []int     // mount indices
	guided                  []float64 // by mount
	mr                      []rates   // by mount
	// What the sector being tried found, and the best so far (each points
	// into details).
	cur, best *offenceDetail
	details   [2]offenceDetail
	// For offence2: by mount, the first mount alike; the sectors' names.
	alike, names []int
	// ftl is ftlRates' memory, by opponent.
	ftl []ftlMemo
}

// ftlMemo is the value of one FTL attack a charge against an opponent,
// once worked out (ftlRates).
type ftlMemo struct {
	value rates
	ok    bool
}

// offScratch returns p's offenceAt scratch, making it on first use: its
// slices are cut from one allocation of each type.
func (p *profile) offScratch(nOpp int) *offScratch {
	sc := &p.off
	if sc.cur == nil {
		n := len(p.mounts)
		ints := grow(&p.offInts, 6*n)
		sc.direct, sc.indirect, sc.order = ints[0:0:n], ints[n:n:2*n], ints[2*n:2*n:3*n]
		sc.alike, sc.names = ints[3*n:4*n:4*n], ints[4*n:4*n:6*n]
		floats := grow(&p.offFloats, 3*n)
		sc.guided = floats[0:n:n]
		sc.mr = grow(&p.offRates, n)
		sc.ftl = grow(&p.offFTL, nOpp)
		opp := grow(&p.offOpp, 2*nOpp)
		for k := range sc.details {
			sc.details[k] = offenceDetail{opp: opp[k*nOpp : (k+1)*nOpp : (k+1)*nOpp], perMount: floats[(k+1)*n : (k+2)*n : (k+2)*n]}
		}
		sc.cur, sc.best = &sc.details[0], &sc.details[1]
	}
	return sc
}

// mountV2 is one weapon mount: its weapon definition, its place in the
// design (section and index in its weapons), the count and weapon name
// the design gives, and the weapon as the dice roll it.
type mountV2 struct {
	def     *designer.WeaponDef
	section designer.SectionName
	index   int
	mounted int
	name    string
	count   float64
	w       wspec
	sectors uint8
}

// specOf is specOf(t, w), taken from an earlier mount of the same weapon
// definition when there is one.
func (p *profile) specOf(t *Table, w *designer.WeaponDef) wspec {
	for i := range p.mounts {
		if p.mounts[i].def == w {
			return p.mounts[i].w
		}
	}
	return specOf(t, w)
}

// appendExplain appends the mount's explanation key,
// "mount[sections.fore.weapons[0]]", then its label, "2 x Heavy laser
// (sections.fore.weapons[0])", to b, and returns b and where the key
// ends. They are made only for the explanation, not for every firing
// sector tried.
func (m *mountV2) appendExplain(b []byte) ([]byte, int) {
	start := len(b)
	b = append(b, "mount[sections."...)
	b = append(b, m.section...)
	b = append(b, ".weapons["...)
	b = strconv.AppendInt(b, int64(m.index), 10)
	b = append(b, "]]"...)
	nk := len(b)
	b = strconv.AppendInt(b, int64(m.mounted), 10)
	b = append(b, " x "...)
	b = append(b, m.name...)
	b = append(b, " ("...)
	b = append(b, b[start+len("mount["):nk-1]...)
	b = append(b, ')')
	return b, nk
}

// mountTexts returns each mount's explanation key and label
// (appendExplain), all cut from one string made for the result.
func (p *profile) mountTexts() []mountText {
	b := p.textBuf[:0]
	texts := grow(&p.texts, len(p.mounts))
	ends := grow(&p.textEnds, 2*len(p.mounts))
	for i := range p.mounts {
		var nk int
		b, nk = p.mounts[i].appendExplain(b)
		ends[2*i], ends[2*i+1] = nk, len(b)
	}
	all := string(b)
	p.textBuf = b[:0]
	start := 0
	for i := range texts {
		texts[i] = mountText{key: all[start:ends[2*i]], label: all[ends[2*i]:ends[2*i+1]]}
		start = ends[2*i+1]
	}
	return texts
}

// mountText is a mount's explanation key and label.
type mountText struct{ key, label string }

type squadV2 struct {
	def *designer.SquadronDef
	n   float64
}

// profile2 reads the design into a profile.
func (e *eval) profile2() *profile {
	t := e.t
	d := e.d
	if e.prof == nil {
		e.prof = &profile{}
	}
	p := e.prof
	p.reset()
	p.dcSides, p.hullType, p.mf = designer.Die(e.r.Quality.DamageControl).Sides(), d.Hull, e.r.MassFactor
	if p.dcSides == 0 {
		p.dcSides = 4
	}
	secs := &d.Sections
	core := secs.Core
	coreHull, coreLayers := 0.0, 0
	if core != nil {
		coreHull, coreLayers = float64(hullHits(core)), standingLayers(core)
	}
	for ai, a := range designer.ArcOrder {
		sec := secs.Get(designer.SectionName(a))
		src := sec
		ar := defArc{coreHull: coreHull, coreLayers: coreLayers}
		if sec != nil {
			ar.secHull, ar.secLayers = float64(hullHits(sec)), standingLayers(sec)
		} else {
			src = core
		}
		if src != nil {
			if x := src.Armour.Get(a); x != nil {
				ar.armour, ar.armourMask = clampInt(x.Rating, 0, 5), defenceMask(x.Type)
			}
			if x := src.Ablative.Get(a); x != nil {
				ar.ablative = clampInt(*x, 0, 5)
			}
			if x := src.Shields.Get(a); x != nil {
				ar.shields, ar.shieldMask = float64(clampInt(x.Hits, 0, 1_000_000)), defenceMask(x.Type)
			}
		}
		p.arcs[ai] = ar
		p.coreArcs[ai] = defArc{armour: 1, armourMask: maskEnergy | maskKinetic, coreHull: coreHull, coreLayers: coreLayers, through: true}
		if sec == nil {
			// The core faces this arc itself: once its shields are down,
			// fire meets its own armour.
			c := ar
			c.shields = 0
			p.coreArcs[ai] = c
		}
	}
	p.ls, p.sensors = p.lsBuf[:0], p.sensorBuf[:0]
	nMounts := 0
	for _, ns := range e.secs {
		nMounts += len(ns.Section.Weapons)
	}
	if cap(p.mounts) < nMounts {
		p.mounts = make([]mountV2, 0, nMounts)
	}
	crewTotal, secN := 0, 0
	for _, ns := range e.secs {
		sec := ns.Section
		p.hull += float64(hullHits(sec))
		p.layers += standingLayers(sec)
		c, _ := sec.People()
		c = clampInt(c, 0, 1_000_000)
		crewTotal += c
		secN++
		ls := 0
		for _, l := range e.r.LifeSupport {
			if l.Section == ns.Name {
				ls = l.Rating
			}
		}
		p.ls = append(p.ls, ls)
		arcOfSys := func(s designer.System) int {
			if ns.Name == designer.SectionCore {
				return arcIndex(designer.Arc(s.Arc))
			}
			return arcIndex(designer.Arc(ns.Name))
		}
		for _, s := range sec.Systems {
			if s.Count <= 0 {
				continue
			}
			c, rt := clampCount(s.Count), clampInt(s.Rating, 0, 1000)
			switch s.Kind {
			case kindSensor:
				for k := 0; k < c && rt > 0; k++ {
					p.sensors = append(p.sensors, rt)
				}
			case kindEWArray:
				p.ewArray = max(p.ewArray, rt)
			case kindECM:
				p.ecm += c
			case kindCMPod:
				for k := 0; k < c; k++ {
					p.pods = append(p.pods, rt)
				}
			case kindStealth:
				p.stealth = max(p.stealth, rt)
			case kindCloak:
				p.cloak = true
			case kindSoC:
				p.soc += c * rt
			case "elint":
				p.elint = max(p.elint, rt)
			case "targeting":
				p.targeting = max(p.targeting, rt)
			case "jammer":
				p.jammers += c
			case "gravityWell":
				p.gravity = max(p.gravity, rt)
			case "cic":
				p.cic = max(p.cic, rt)
			case "teleporterBasic", "teleporterAdvanced":
				for k := 0; k < c; k++ {
					p.teleport = append(p.teleport, rt)
				}
			case "ftlBasic", "ftlAdvanced", "ftlPrimitive":
				if ftlRank(s.Kind) > ftlRank(p.ftl) || (s.Kind == p.ftl && rt < p.ftlRating) {
					p.ftl, p.ftlRating = s.Kind, max(1, rt)
				}
			case kindDeflector:
				if ai := arcOfSys(s); ai >= 0 && rt > p.arcs[ai].deflector {
					p.arcs[ai].deflector, p.arcs[ai].deflMask = rt, defenceMask(s.Type)
				}
			}
			if g, ok := t.ShieldRegen[s.Kind]; ok {
				if ai := arcOfSys(s); ai >= 0 {
					p.arcs[ai].regen += float64(g * float64(c*rt))
					if s.Kind == "shieldAdaptive" {
						p.arcs[ai].adapt = min(2, p.arcs[ai].adapt+c*rt)
					}
				}
			}
		}
		for i, mt := range sec.Weapons {
			w := d.Weapon(mt.Weapon)
			if w == nil || mt.Count <= 0 {
				continue
			}
			var m uint8
			for _, x := range mt.Sectors {
				if x >= 0 && x < 8 {
					m |= 1 << uint(x)
				}
			}
			p.mounts = append(p.mounts, mountV2{def: w, section: ns.Name, index: i, mounted: mt.Count, name: w.Name,
				count: float64(clampCount(mt.Count)), w: p.specOf(t, w), sectors: m})
		}
		for _, h := range sec.Hangars {
			bay := d.HangarBay(h.Bay)
			if bay == nil || h.Count <= 0 {
				continue
			}
			p.launch += clampCount(h.Count) * clampInt(bay.Launch, 0, 1000)
			ids := make([]string, 0, len(bay.Loadout))
			for id := range bay.Loadout {
				ids = append(ids, id)
			}
			sort.Strings(ids)
			for _, id := range ids {
				sq := d.Squadron(id)
				if sq == nil || !containsString(bay.Carries, id) {
					continue
				}
				n := float64(clampCount(h.Count) * clampInt(bay.Loadout[id], 0, 1000))
				if strikes(sq) {
					p.squadrons = append(p.squadrons, squadV2{sq, n})
				} else {
					p.cap = append(p.cap, squadV2{sq, n})
				}
			}
		}
	}
	for _, kind := range []string{"bridge", kindSensor, kindReactor} {
		where := 0
		for _, ns := range e.secs {
			for _, sy := range ns.Section.Systems {
				if sy.Kind == kind && sy.Count > 0 {
					where++
					break
				}
			}
		}
		if where <= 1 {
			p.fragile++
		}
	}
	descending := func(a, b int) int { return cmp.Compare(b, a) }
	slices.SortFunc(p.sensors, descending)
	slices.SortFunc(p.pods, descending)
	if secN > 0 {
		p.crewSec = float64(crewTotal) / float64(secN)
	}
	p.emsC = max(1, math.Sqrt(max(0, e.r.Power)/float64(e.tl)))
	p.trC = float64(t.BaseTargetRating) - math.Log2(max(1, p.hull/t.HullHitsPerMassFactor))
	a := e.r.Acceleration
	if a.Forward > 0 {
		p.speed = e.r.MaxSpeed
		if e.d.Movement == designer.MovementNewtonian {
			p.speed = t.CinematicSpeedPerTechLevel * e.tl // the same cap for both methods
		}
	}
	p.turnSteps = int(a.Port+a.Starboard) / 2
	p.size = 1
	if v3 := t.V3; v3 != nil && v3.SizePower != 0 {
		sz := min(v3.SizeMax, max(v3.SizeMin, p.hull/v3.SizeRef))
		p.size = math.Pow(sz, v3.SizePower)
	}
	return p
}

func ftlRank(kind string) int {
	switch kind {
	case "ftlPrimitive":
		return 1
	case "ftlBasic":
		return 2
	case "ftlAdvanced":
		return 3
	}
	return 0
}

func strikes(sq *designer.SquadronDef) bool {
	for _, w := range sq.Weapons {
		if containsString(w.Targets, designer.FighterTargetsStarships) && w.Pulse > 0 {
			return true
		}
	}
	return false
}

func standingLayers(s *designer.Section) int {
	n := 0
	for _, l := range s.Layers {
		if l.HullHits > 0 {
			n++
		}
	}
	return n
}

func arcIndex(a designer.Arc) int {
	for i, x := range designer.ArcOrder {
		if x == a {
			return i
		}
	}
	return -1
}

// fighterSpec turns a squadron weapon into a wspec.
func fighterSpec(t *Table, w *designer.FighterWeapon) wspec {
	rof, ok := t.RateOfFire[w.RateOfFire]
	if !ok {
		rof = t.RateOfFire[designer.RateOneShot]
	}
	has := func(q string) bool { return containsString(w.Qualities, q) }
	return wspec{name: w.Name, bit: damageMask(w.DamageType), pulse: clampInt(w.Pulse, 0, 100), sides: w.Die.Sides(),
		mod: clampInt(w.Modifier, -100, 100), rof: rof, tShips: containsString(w.Targets, designer.FighterTargetsStarships),
		am: has("AM"), dm: has("DM"), ds: has("DS"), io: has("IO"), ml: has("ML"), ph: has("PH"), pr: has("PR"),
		qm: has("QM"), spq: has("SP"), tm: has("TM")}
}
