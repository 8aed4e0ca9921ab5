package sim

import (
	"fmt"
	"sort"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// Section indices: the core and the four outboard sections, in
// designer.SectionOrder. Arc indices: fore, aft, port, starboard, in
// designer.ArcOrder; the outboard section of arc a is a+1.
const (
	secCore = 0
	nSec    = 5
	nArc    = 4

	arcFore      = 0
	arcAft       = 1
	arcPort      = 2
	arcStarboard = 3
)

var arcOf = [4]designer.Arc{designer.ArcFore, designer.ArcAft, designer.ArcPort, designer.ArcStarboard}

// oppositeArc is the arc facing away from each arc.
var oppositeArc = [4]int{1, 0, 3, 2}

// sectorArc is the arc (index) a firing sector 0-7 belongs to.
var sectorArc = [8]int{0, 3, 3, 1, 1, 2, 2, 0}

func arcIndex(a designer.Arc) int {
	for i, x := range arcOf {
		if x == a {
			return i
		}
	}
	return -1
}

// dmgMask says which damage types a defence interacts with.
type dmgMask uint8

const (
	maskEnergy  dmgMask = 1
	maskKinetic dmgMask = 2
	maskBoth            = maskEnergy | maskKinetic
)

func typeMask(s string) dmgMask {
	switch s {
	case designer.DefenceEnergy:
		return maskEnergy
	case designer.DefenceKinetic:
		return maskKinetic
	case designer.DefenceEnergyKinetic:
		return maskBoth
	}
	return 0
}

// kind is what a system does in play. Only the behaviour lives here: the
// catalogue keeps power, space, tiers and ratings.
type kind uint8

const (
	kOther kind = iota
	kBridge
	kReactor
	kSensor
	kEWArray
	kECM
	kJammer
	kELINT
	kTargeting
	kAnsible
	kCMPod
	kStealth
	kCloak
	kCiC
	kSoC
	kShieldBasic
	kShieldAdaptive
	kShieldModulated
	kDeflector
	kGrappler
	kEnergyGrappler
	kTeleBasic
	kTeleAdvanced
	kGravityWell
	kSTLPrimitive
	kSTLBasic
	kSTLAdvanced
	kThruster
	kFTLPrimitive
	kFTLBasic
	kFTLAdvanced
	kLifeSupport // one per crewed section, for critical hits
	kHangar      // one per hangar bay copy, for critical hits
	nKinds
)

var kindNames = map[string]kind{
	"bridge": kBridge, "reactor": kReactor, "sensor": kSensor, "ewArray": kEWArray, "ecm": kECM,
	"jammer": kJammer, "elint": kELINT, "targeting": kTargeting, "ansible": kAnsible, "cmPod": kCMPod,
	"stealth": kStealth, "cloak": kCloak, "cic": kCiC, "soc": kSoC, "shieldBasic": kShieldBasic,
	"shieldAdaptive": kShieldAdaptive, "shieldModulated": kShieldModulated, "deflector": kDeflector,
	"grappler": kGrappler, "energyGrappler": kEnergyGrappler, "teleporterBasic": kTeleBasic,
	"teleporterAdvanced": kTeleAdvanced, "gravityWell": kGravityWell, "stlPrimitive": kSTLPrimitive,
	"stlBasic": kSTLBasic, "stlAdvanced": kSTLAdvanced, "thruster": kThruster, "ftlPrimitive": kFTLPrimitive,
	"ftlBasic": kFTLBasic, "ftlAdvanced": kFTLAdvanced,
}

func (k kind) shieldGen() bool {
	return k == kShieldBasic || k == kShieldAdaptive || k == kShieldModulated
}

// quality flags of a weapon.
type qual uint16

const (
	qAM qual = 1 << iota
	qDM
	qDS
	qGR
	qIO
	qML
	qPH
	qPO
	qPR
	qQM
	qRT
	qSP
	qTM
	qUN
)

var qualCodes = map[string]qual{"AM": qAM, "DM": qDM, "DS": qDS, "GR": qGR, "IO": qIO, "ML": qML, "PH": qPH,
	"PO": qPO, "PR": qPR, "QM": qQM, "RT": qRT, "SP": qSP, "TM": qTM, "UN": qUN}

func quals(codes []string) qual {
	var q qual
	for _, c := range codes {
		q |= qualCodes[c]
	}
	return q
}

// Rates of fire.
const (
	rofUnlimited = iota
	rofLimited
	rofOneShot
)

func rofOf(s string) uint8 {
	switch s {
	case designer.RateLimited:
		return rofLimited
	case designer.RateOneShot:
		return rofOneShot
	}
	return rofUnlimited
}

// weapon is one weapon definition as play uses it.
type weapon struct {
	name          string
	bit           dmgMask
	kinetic       bool
	pulse         int
	sides         int
	mod           int
	penetrating   bool
	indirect      bool
	turns         int
	rng           int
	aoeSides      int
	rof           uint8
	ap, sp, dp    int
	interceptable bool
	tShips        bool
	tFighters     bool
	tDirect       bool
	tIndirect     bool
	q             qual
}

// copyInst is one copy of a weapon mount.
type copyInst struct {
	w       int
	sec     int8
	sectors uint8 // bit s set when the copy fires into sector s
}

// sysInst is one copy of a system.
type sysInst struct {
	k      kind
	rating int
	sec    int8
	arc    int8 // the arc a core shield generator, deflector or energy grappler serves; -1 otherwise
	mask   dmgMask
	facing int8 // primitive drives and thrusters: the arc faced; basic drives: 0 fore-aft, 2 port-starboard
	bay    int  // hangar copies: index into Ship.bays
}

// squadron is a starfighter squadron definition as play uses it.
type squadron struct {
	name      string
	strength  int
	speed     int
	defence   int
	tr        int
	ecm       bool
	breaching bool
	weapons   []fighterWeapon
}

type fighterWeapon struct {
	bit      dmgMask
	pulse    int
	sides    int
	mod      int
	indirect bool
	oneShot  bool
	tShips   bool
	tOther   bool
	q        qual
}

// bay is one hangar bay copy with the squadrons it carries into battle.
type bay struct {
	sec    int8
	launch int
	loaded []int // squadron definition indices
}

type layerSpec struct{ hits, crew, marines int }

type secSpec struct {
	present bool
	layers  []layerSpec
	power   int8 // the section whose reactors power this one
	ls      int  // life support rating
}

type arcSpec struct {
	sec        int8 // the section that faces the arc by design: its outboard section, or the core
	armour     int
	armourMask dmgMask
	ablative   int
	shieldMax  int
	shieldMask dmgMask
}

// Ship is a design compiled for play: everything the simulator needs,
// read once. A Ship is immutable and safe to share between goroutines.
type Ship struct {
	Name   string
	Design *designer.Design
	style  Style
	// Eval is the costing result the ship's statistics come from.
	Eval *costing.Result

	mf, tr, ems int
	newtonian   bool
	crew        int
	cmdSides    int
	dcSides     int
	hull        string
	tl          int
	maxSpeed    int
	fwd, rev    int
	thrPort     int // points of thrusters on the port side (they turn the ship to starboard)
	thrStar     int
	advThrust   int // thruster points advanced drives give (either side)

	secs    [nSec]secSpec
	arcs    [nArc]arcSpec
	layers  int // total layers
	layerAt [nSec + 1]int
	hullMax int

	weapons   []weapon
	copies    []copyInst
	systems   []sysInst
	squadrons []squadron
	bays      []bay
	missions  int // SoC missions

	ftl       kind // best FTL drive kind, kOther without
	ftlRating int

	// secFire is, for each sector the enemy may lie in, the share of
	// the direct fire into it that each section's mounts give (by
	// pulses, their mean and the rate of fire): what the ship loses of
	// it when that section falls (bestFacing).
	secFire [8][nSec]float64
	// salvoAt is, at each range 0-150 cm in 5 cm steps, what the ship's
	// salvos that could strike a target there that stayed put are worth a
	// turn, on fireShip's scale for salvos (the standoff Range policy).
	salvoAt [31]float64
}

// Compile reads a design into a Ship, using m for the derived statistics
// (mass factor, target rating, EMS, speed, life support). Any design the
// decoder accepts compiles; an illegal one plays as far as its parts allow.
func Compile(m *costing.Model, d *designer.Design) (*Ship, error) {
	if d == nil || d.Sections.Core == nil {
		return nil, fmt.Errorf("sim: design %q has no core section", nameOf(d))
	}
	r := m.Evaluate(d, costing.Options{})
	s := &Ship{Name: d.Name, Design: d, Eval: r, mf: r.MassFactor, tr: r.TargetRating, ems: max(1, r.EMS),
		crew: clamp(d.CrewQuality, 0, 5), cmdSides: dieOr(d.CommandQuality, 2), dcSides: dieOr(d.DamageControl, 4),
		hull: d.Hull, tl: clamp(d.TechLevel, 1, 10)}
	s.maxSpeed = 2 * s.tl // cinematic and newtonian alike (docs/simulation.md)
	s.newtonian = d.Movement == designer.MovementNewtonian
	for _, ls := range r.LifeSupport {
		if i := secIndex(ls.Section); i >= 0 {
			s.secs[i].ls = ls.Rating
		}
	}
	for i := range d.Weapons {
		s.weapons = append(s.weapons, compileWeapon(&d.Weapons[i]))
	}
	for i := range d.Starfighters {
		s.squadrons = append(s.squadrons, compileSquadron(&d.Starfighters[i]))
	}
	// Sections, layers, arcs.
	for si, name := range designer.SectionOrder {
		sec := d.Sections.Get(name)
		if sec == nil {
			continue
		}
		ss := &s.secs[si]
		ss.present = true
		for _, l := range sec.Layers {
			if l.HullHits <= 0 {
				continue
			}
			ss.layers = append(ss.layers, layerSpec{min(l.HullHits, 2000), clamp(l.Crew, 0, 999), clamp(l.Marines, 0, 999)})
			s.hullMax += min(l.HullHits, 2000)
		}
	}
	if len(s.secs[secCore].layers) == 0 {
		return nil, fmt.Errorf("sim: design %q has no hull hits in its core", d.Name)
	}
	for si := 0; si < nSec; si++ {
		s.layerAt[si] = s.layers
		s.layers += len(s.secs[si].layers)
	}
	s.layerAt[nSec] = s.layers
	for a := 0; a < nArc; a++ {
		as := &s.arcs[a]
		src := d.Sections.Core
		if s.secs[a+1].present {
			as.sec = int8(a + 1)
			src = d.Sections.Get(designer.SectionName(arcOf[a]))
		}
		if ar := src.Armour.Get(arcOf[a]); ar != nil {
			as.armour, as.armourMask = clamp(ar.Rating, 0, 5), typeMask(ar.Type)
		}
		if p := src.Ablative.Get(arcOf[a]); p != nil {
			as.ablative = clamp(*p, 0, 5)
		}
		if sh := src.Shields.Get(arcOf[a]); sh != nil {
			as.shieldMax, as.shieldMask = clamp(sh.Hits, 0, 999), typeMask(sh.Type)
		}
	}
	// Reactors: a section without one is powered by the core's.
	hasReactor := [nSec]bool{}
	for si, name := range designer.SectionOrder {
		if sec := d.Sections.Get(name); sec != nil {
			for _, sy := range sec.Systems {
				if sy.Kind == designer.KindReactor && sy.Count > 0 {
					hasReactor[si] = true
				}
			}
		}
	}
	for si := range s.secs {
		if hasReactor[si] {
			s.secs[si].power = int8(si)
		}
	}
	// Systems, mounts and hangars.
	for si, name := range designer.SectionOrder {
		sec := d.Sections.Get(name)
		if sec == nil {
			continue
		}
		for _, sy := range sec.Systems {
			k, ok := kindNames[sy.Kind]
			if !ok || sy.Count <= 0 {
				continue
			}
			in := sysInst{k: k, rating: clamp(sy.Rating, 0, 20), sec: int8(si), arc: -1, mask: typeMask(sy.Type), facing: -1}
			switch {
			case si == secCore && (k.shieldGen() || k == kDeflector || k == kEnergyGrappler):
				in.arc = int8(arcIndex(designer.Arc(sy.Arc)))
			case si != secCore && (k.shieldGen() || k == kDeflector || k == kEnergyGrappler):
				in.arc = int8(si - 1)
			}
			switch k {
			case kSTLPrimitive, kThruster:
				in.facing = int8(arcIndex(designer.Arc(sy.Facing)))
			case kSTLBasic:
				in.facing = 0
				if sy.Axis == "portStarboard" {
					in.facing = 2
				}
			}
			for c := 0; c < min(sy.Count, 999); c++ {
				s.systems = append(s.systems, in)
			}
		}
		if s.secs[si].ls > 0 {
			s.systems = append(s.systems, sysInst{k: kLifeSupport, rating: s.secs[si].ls, sec: int8(si), arc: -1, facing: -1})
		}
		for _, mt := range sec.Weapons {
			wi := -1
			for j := range d.Weapons {
				if d.Weapons[j].ID == mt.Weapon {
					wi = j
					break
				}
			}
			if wi < 0 || mt.Count <= 0 {
				continue
			}
			var mask uint8
			for _, x := range mt.Sectors {
				if x >= 0 && x < 8 {
					mask |= 1 << uint(x)
				}
			}
			for c := 0; c < min(mt.Count, 999); c++ {
				s.copies = append(s.copies, copyInst{w: wi, sec: int8(si), sectors: mask})
			}
		}
		for _, hm := range sec.Hangars {
			def := d.HangarBay(hm.Bay)
			if def == nil || hm.Count <= 0 {
				continue
			}
			var loaded []int
			ids := make([]string, 0, len(def.Loadout))
			for id := range def.Loadout {
				ids = append(ids, id)
			}
			sort.Strings(ids)
			for _, id := range ids {
				for j := range d.Starfighters {
					if d.Starfighters[j].ID == id {
						for n := 0; n < clamp(def.Loadout[id], 0, 999); n++ {
							loaded = append(loaded, j)
						}
					}
				}
			}
			for c := 0; c < min(hm.Count, 999); c++ {
				s.bays = append(s.bays, bay{sec: int8(si), launch: clamp(def.Launch, 0, 20), loaded: loaded})
				s.systems = append(s.systems, sysInst{k: kHangar, sec: int8(si), arc: -1, facing: -1, bay: len(s.bays) - 1})
			}
		}
	}
	// Drives (rules §1.2: rear sections accelerate, fore sections
	// decelerate; an advanced drive gives two thruster points per rating).
	for _, in := range s.systems {
		switch in.k {
		case kSTLPrimitive:
			switch {
			case in.facing == 1 && in.sec != 1: // aft-facing, not in the fore section
				s.fwd += in.rating
			case in.facing == 0 && in.sec != 2: // fore-facing, not in the aft section
				s.rev += in.rating
			}
		case kSTLBasic:
			if in.facing == 0 {
				s.fwd += in.rating
				s.rev += in.rating
			}
		case kSTLAdvanced:
			s.fwd += in.rating
			s.rev += in.rating
			s.advThrust += 2 * in.rating
		case kThruster:
			if in.facing == 2 {
				s.thrPort += in.rating
			} else if in.facing == 3 {
				s.thrStar += in.rating
			}
		case kSoC:
			s.missions += in.rating
		case kFTLPrimitive, kFTLBasic, kFTLAdvanced:
			if in.k > s.ftl || (in.k == s.ftl && in.rating < s.ftlRating) {
				s.ftl, s.ftlRating = in.k, max(1, in.rating)
			}
		}
	}
	for sec := 0; sec < 8; sec++ {
		tot := 0.0
		for ci := range s.copies {
			c := &s.copies[ci]
			w := &s.weapons[c.w]
			if c.sectors&(1<<uint(sec)) == 0 || !w.tShips || w.indirect || w.rng == 0 {
				continue
			}
			v := turnShare(w) * float64(w.pulse) * meanPulse(w.sides, w.mod)
			s.secFire[sec][c.sec] += v
			tot += v
		}
		for si := range s.secFire[sec] {
			if tot > 0 {
				s.secFire[sec][si] /= tot
			}
		}
	}
	for ci := range s.copies {
		w := &s.weapons[s.copies[ci].w]
		if !w.indirect || !w.tShips || w.pulse == 0 || w.q&qPO != 0 {
			continue
		}
		reach := w.rng*max(1, w.turns) + w.strikeRadius() // as salvoReaches, against EW 0
		v := turnShare(w) * salvoWorth(w)
		for k := range s.salvoAt {
			if 5*k <= reach {
				s.salvoAt[k] += v
			}
		}
	}
	return s, nil
}

// strikeRadius is how near a salvo must come to strike a ship: 15 cm,
// 20 with GR, before the target's EW (rules §1.3.2).
func (w *weapon) strikeRadius() int {
	if w.q&qGR != 0 {
		return 20
	}
	return 15
}

func compileWeapon(w *designer.WeaponDef) weapon {
	cw := weapon{name: w.Name, bit: maskEnergy, pulse: clamp(w.Pulse, 0, 20), sides: w.Die.Sides(), mod: clamp(w.Modifier, 0, 20),
		penetrating: w.Effect == designer.EffectPenetrating, indirect: w.Indirect(), turns: clamp(w.IndirectTurns, 0, 5),
		rng: clamp(w.Range, 0, 50), aoeSides: w.AoEDie().Sides(), rof: rofOf(w.RateOfFire), ap: clamp(w.ArmourPiercing, 0, 5),
		sp: clamp(w.ShieldPiercing, 0, 5), dp: clamp(w.DeflectionPiercing, 0, 11), interceptable: w.Interceptable,
		tShips: w.CanTarget(designer.TargetsStarships), tFighters: w.CanTarget(designer.TargetsStarfighters),
		tDirect: w.CanTarget(designer.TargetsDirectFire), tIndirect: w.CanTarget(designer.TargetsIndirectFire),
		q: quals(w.Qualities)}
	if w.DamageType == designer.DamageKinetic {
		cw.bit, cw.kinetic = maskKinetic, true
	}
	if cw.sides == 0 {
		cw.pulse = 0
	}
	return cw
}

func compileSquadron(s *designer.SquadronDef) squadron {
	q := squadron{name: s.Name, strength: clamp(s.Strength, 0, 20), speed: clamp(s.Speed, 0, 30), defence: clamp(s.Defence, 0, 6),
		tr: clamp(s.TargetRating, 0, 9), ecm: s.Has(designer.SquadronECM), breaching: s.Has(designer.SquadronBreaching)}
	for _, w := range s.Weapons {
		fw := fighterWeapon{bit: maskEnergy, pulse: clamp(w.Pulse, 0, 20), sides: w.Die.Sides(), mod: clamp(w.Modifier, 0, 20),
			indirect: w.Indirect, oneShot: w.RateOfFire == designer.RateOneShot, q: quals(w.Qualities)}
		if w.DamageType == designer.DamageKinetic {
			fw.bit = maskKinetic
		}
		for _, t := range w.Targets {
			switch t {
			case designer.FighterTargetsStarships:
				fw.tShips = true
			case designer.FighterTargetsOther:
				fw.tOther = true
			}
		}
		if fw.sides == 0 {
			fw.pulse = 0
		}
		q.weapons = append(q.weapons, fw)
	}
	return q
}

func secIndex(n designer.SectionName) int {
	for i, x := range designer.SectionOrder {
		if x == n {
			return i
		}
	}
	return -1
}

func nameOf(d *designer.Design) string {
	if d == nil {
		return ""
	}
	return d.Name
}

func dieOr(d designer.Die, def int) int {
	if n := d.Sides(); n > 0 {
		return n
	}
	return def
}

func clamp(v, lo, hi int) int { return min(max(v, lo), hi) }
