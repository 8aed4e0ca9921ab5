package sheets

import "math"

// IconArgs are the variable parts of an icon: its inks, a number or short
// text drawn inside it, a direction (facing, axis or arc) and, for weapon
// arcs, the usable sectors.
type IconArgs struct {
	Ink     rgb    // pictogram colour
	Accent  rgb    // highlight colour (arc sectors, cardinal section)
	Label   string // number or short text inside the icon
	Dir     string // fore, aft, port, starboard, foreAft, portStarboard
	Sectors []int  // weapon arc sectors 0-7
	// Cardinal gives the state of the fore, aft, port and starboard
	// arms of the cardinal diagram: 0 absent, 1 designed, 2 this one.
	Cardinal [4]int
}

// Icon is one entry of the icon registry: a stable key, the name printed
// in the legend, the group it is listed under, and its drawing function.
type Icon struct {
	Key   string
	Name  string
	Group string
	// Draw draws the pictogram inside b (usually a square) in a.Ink.
	Draw func(c *canvas, b Box, a IconArgs)
}

// Icon groups, in legend order.
const (
	groupShip    = "Ship and crew"
	groupDefence = "Defences"
	groupSystems = "Systems"
	groupWeapons = "Weapons"
	groupFighter = "Starfighters"
)

// iconTable is the registry: every icon the sheets draw, one function each.
// System icon keys match the catalogue's icon column.
var iconTable = []Icon{
	{"combat-value", "Combat value", groupShip, drawCombatValue},
	{"tier", "Tier", groupShip, drawTier},
	{"target-rating", "Target rating", groupShip, drawTargetRating},
	{"ems", "Electromagnetic signature", groupShip, drawEMS},
	{"mass-factor", "Mass factor", groupShip, drawMassFactor},
	{"crew-quality", "Crew quality", groupShip, drawCrewQuality},
	{"command-quality", "Command quality (die)", groupShip, drawCommandQuality},
	{"damage-control", "Damage-control quality (die)", groupShip, drawDamageControl},
	{"newtonian", "Newtonian movement", groupShip, drawNewtonian},
	{"cinematic", "Cinematic movement (max speed)", groupShip, drawCinematic},
	{"hull-metallic", "Metallic/ceramic hull", groupShip, drawHullMetallic},
	{"hull-technological", "Technological hull", groupShip, drawHullTechnological},
	{"hull-biological", "Biological hull", groupShip, drawHullBiological},
	{"cardinal", "Section (this one green)", groupShip, drawCardinal},
	{"hull-hit", "Hull or shield hit", groupShip, drawHullHit},
	{"crew-party", "Crew party", groupShip, drawCrewParty},
	{"marine-party", "Marine party", groupShip, drawMarineParty},

	{"shield-energy", "Energy shields", groupDefence, drawShieldEnergy},
	{"shield-kinetic", "Kinetic shields", groupDefence, drawShieldKinetic},
	{"shield-energyKinetic", "Energy/kinetic shields", groupDefence, drawShieldBoth},
	{"armour", "Armour rating", groupDefence, drawArmour},
	{"ablative", "Ablative plates", groupDefence, drawAblative},
	{"deflector-energy", "Energy deflector", groupDefence, drawDeflectorEnergy},
	{"deflector-kinetic", "Kinetic deflector", groupDefence, drawDeflectorKinetic},
	{"deflector-energyKinetic", "Energy/kinetic deflector", groupDefence, drawDeflectorBoth},
	{"adaptation", "Shield adaptation level", groupDefence, drawAdaptation},

	{"bridge", "Bridge", groupSystems, drawBridge},
	{"reactor", "Reactor", groupSystems, drawReactor},
	{"life-support", "Life support", groupSystems, drawLifeSupport},
	{"stl-primitive", "Primitive STL drive (facing)", groupSystems, drawSTLPrimitive},
	{"stl-basic", "Basic STL drive (axis)", groupSystems, drawSTLBasic},
	{"stl-advanced", "Advanced STL drive", groupSystems, drawSTLAdvanced},
	{"thruster", "Thruster (facing)", groupSystems, drawThruster},
	{"ftl-primitive", "Primitive FTL drive", groupSystems, drawFTL(1)},
	{"ftl-basic", "Basic FTL drive", groupSystems, drawFTL(2)},
	{"ftl-advanced", "Advanced FTL drive", groupSystems, drawFTL(3)},
	{"sensor", "Sensor array", groupSystems, drawSensor},
	{"ew-array", "Electronic warfare array", groupSystems, drawEWArray},
	{"elint", "ELINT array", groupSystems, drawELINT},
	{"targeting", "Targeting array", groupSystems, drawTargeting},
	{"ecm", "ECM array", groupSystems, drawECM},
	{"jammer", "Electronic jamming array", groupSystems, drawJammer},
	{"ansible", "Ansible", groupSystems, drawAnsible},
	{"cm-pod", "Countermeasure pod", groupSystems, drawCMPod},
	{"stealth", "Stealth generator", groupSystems, drawStealth},
	{"cloak", "Cloak generator", groupSystems, drawCloak},
	{"cic", "Combat information centre", groupSystems, drawCiC},
	{"soc", "Starfighter operations command", groupSystems, drawSoC},
	{"shield-basic", "Basic shield generator (arc)", groupSystems, drawShieldGen(0)},
	{"shield-adaptive", "Adaptive shield generator (arc)", groupSystems, drawShieldGen(1)},
	{"shield-modulated", "Modulated shield generator (arc)", groupSystems, drawShieldGen(2)},
	{"deflector", "Deflector (type)", groupSystems, drawDeflectorSystem},
	{"grappler", "Grappler", groupSystems, drawGrappler},
	{"energy-grappler", "Energy grappler (arc)", groupSystems, drawEnergyGrappler},
	{"teleporter-basic", "Basic teleporter", groupSystems, drawTeleporter(false)},
	{"teleporter-advanced", "Advanced teleporter", groupSystems, drawTeleporter(true)},
	{"gravity-well", "Gravity well projector", groupSystems, drawGravityWell},
	{"hangar-bay", "Hangar bay", groupSystems, drawHangarBay},

	{"weapon-arc", "Weapon arc (usable sectors filled)", groupWeapons, drawWeaponArc},
	{"energy", "Energy damage", groupWeapons, drawEnergy},
	{"kinetic", "Kinetic damage", groupWeapons, drawKinetic},
	{"direct", "Direct fire", groupWeapons, drawDirect},
	{"indirect", "Indirect fire (turns)", groupWeapons, drawIndirect},
	{"range", "Range (cm)", groupWeapons, drawRange},
	{"aoe", "Area of effect (radius, die)", groupWeapons, drawAoE},
	{"shield-piercing", "Shield piercing", groupWeapons, drawShieldPiercing},
	{"armour-piercing", "Armour piercing", groupWeapons, drawArmourPiercing},
	{"deflection-piercing", "Deflection piercing", groupWeapons, drawDeflectionPiercing},
	{"raking", "Raking damage", groupWeapons, drawRaking},
	{"penetrating", "Penetrating damage", groupWeapons, drawPenetrating},
	{"interceptable", "Can be intercepted", groupWeapons, drawInterceptable},
	{"rof-unlimited", "Unlimited fire", groupWeapons, drawRoF(3)},
	{"rof-limited", "Limited fire (every other turn)", groupWeapons, drawRoF(2)},
	{"rof-one-shot", "One shot", groupWeapons, drawRoF(1)},
	{"target-starships", "Targets starships", groupWeapons, drawTargetStarships},
	{"target-starfighters", "Targets starfighters", groupWeapons, drawTargetStarfighters},
	{"target-direct", "Targets direct fire", groupWeapons, drawDirect},
	{"target-indirect", "Targets indirect fire", groupWeapons, drawTargetIndirect},

	{"strength", "Squadron strength", groupFighter, drawStrength},
	{"speed", "Squadron speed", groupFighter, drawSpeed},
	{"defence", "Squadron defence (D6)", groupFighter, drawDefence},
	{"sf-target-rating", "Squadron target rating", groupFighter, drawTargetRating},
	{"ftl-capable", "FTL capable", groupFighter, drawFTL(2)},
	{"breaching", "Breaching", groupFighter, drawBreaching},
	{"sf-ecm", "ECM equipped", groupFighter, drawECM},
}

// Icons returns the icon registry in legend order.
func Icons() []Icon { return iconTable }

// icon returns the registry entry for key, or nil.
func icon(key string) *Icon {
	for i := range iconTable {
		if iconTable[i].Key == key {
			return &iconTable[i]
		}
	}
	return nil
}

// drawIcon draws the icon key in b; an unknown key draws a question mark
// so that a catalogue row without a drawing is visible, never fatal.
func (c *canvas) drawIcon(key string, b Box, a IconArgs) {
	if ic := icon(key); ic != nil {
		ic.Draw(c, b, a)
		return
	}
	pen{c: c, b: b, ink: a.Ink}.label(0.5, 0.5, 0.6, "?", a.Ink)
}

func newPen(c *canvas, b Box, a IconArgs) pen {
	p := pen{c: c, b: b, ink: a.Ink}
	p.stroke()
	p.lw(0.07)
	return p
}

// Ship and crew.

func drawCombatValue(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.09)
	// Two crossed swords.
	p.line(0.18, 0.86, 0.84, 0.14)
	p.line(0.82, 0.86, 0.16, 0.14)
	p.line(0.24, 0.62, 0.40, 0.78)
	p.line(0.76, 0.62, 0.60, 0.78)
	p.circle(0.14, 0.90, 0.05, "F")
	p.circle(0.86, 0.90, 0.05, "F")
}

func drawTier(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	pts := make([]float64, 0, 12)
	for i := 0; i < 6; i++ {
		t := float64(i)*math.Pi/3 + math.Pi/6
		pts = append(pts, 0.5+0.46*math.Cos(t), 0.5+0.46*math.Sin(t))
	}
	p.poly("D", pts...)
	if a.Label == "" {
		p.path(0.28, 0.70, 0.72, 0.70)
		p.path(0.34, 0.55, 0.66, 0.55)
		p.path(0.40, 0.40, 0.60, 0.40)
		return
	}
	p.label(0.5, 0.5, 0.5, a.Label, a.Ink)
}

func drawTargetRating(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.circle(0.5, 0.5, 0.44, "D")
	p.circle(0.5, 0.5, 0.29, "D")
	p.circle(0.5, 0.5, 0.13, "F")
}

func drawEMS(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.circle(0.2, 0.8, 0.08, "F")
	p.lw(0.08)
	for _, r := range []float64{0.28, 0.48, 0.68} {
		p.arc(0.2, 0.8, r, 0, 90)
	}
}

func drawMassFactor(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.poly("F", 0.22, 0.36, 0.78, 0.36, 0.92, 0.92, 0.08, 0.92)
	p.lw(0.09)
	p.circle(0.5, 0.22, 0.13, "D")
}

func drawCrewQuality(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.circle(0.5, 0.24, 0.18, "F")
	p.poly("F", 0.14, 0.96, 0.18, 0.62, 0.32, 0.48, 0.68, 0.48, 0.82, 0.62, 0.86, 0.96)
}

func drawCommandQuality(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.11)
	for _, v := range []float64{0.18, 0.42, 0.66} {
		p.path(0.14, v+0.22, 0.5, v, 0.86, v+0.22)
	}
}

func drawDamageControl(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.14)
	p.line(0.24, 0.80, 0.62, 0.42)
	p.lw(0.1)
	p.arc(0.70, 0.32, 0.17, -60, 210)
	p.circle(0.22, 0.82, 0.07, "F")
}

func drawNewtonian(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.07)
	p.arrow(0.12, 0.86, 0.86, 0.86, 0.16)
	p.arrow(0.12, 0.86, 0.12, 0.12, 0.16)
	p.arrow(0.12, 0.86, 0.80, 0.20, 0.16)
}

func drawCinematic(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.poly("D", 0.04, 0.16, 0.70, 0.16, 0.96, 0.5, 0.70, 0.84, 0.04, 0.84, 0.20, 0.5)
	if a.Label != "" {
		p.label(0.48, 0.5, 0.44, a.Label, a.Ink)
	}
}

func drawHullMetallic(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.08)
	p.rect(0.12, 0.12, 0.76, 0.76, "D")
	for _, d := range [][2]float64{{0.26, 0.26}, {0.74, 0.26}, {0.26, 0.74}, {0.74, 0.74}} {
		p.circle(d[0], d[1], 0.06, "F")
	}
}

func drawHullTechnological(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	pts := make([]float64, 0, 12)
	for i := 0; i < 6; i++ {
		t := float64(i) * math.Pi / 3
		pts = append(pts, 0.5+0.44*math.Cos(t), 0.5+0.44*math.Sin(t))
	}
	p.poly("D", pts...)
	p.path(0.30, 0.5, 0.5, 0.5, 0.62, 0.32)
	p.path(0.5, 0.5, 0.62, 0.68)
	for _, d := range [][2]float64{{0.30, 0.5}, {0.62, 0.32}, {0.62, 0.68}} {
		p.circle(d[0], d[1], 0.06, "F")
	}
}

func drawHullBiological(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.ellipse(0.5, 0.5, 0.42, 0.32, -30, "D")
	p.circle(0.56, 0.46, 0.12, "F")
	p.circle(0.30, 0.62, 0.04, "F")
	p.circle(0.70, 0.68, 0.03, "F")
}

// drawCardinal draws the cardinal diagram: four arms around a centre, the
// arm of this section in the accent colour, other designed sections white
// and absent ones black. Arms: fore, aft, port, starboard.
func drawCardinal(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	arms := [4][4]float64{
		{0.30, 0.02, 0.40, 0.26}, // fore
		{0.30, 0.72, 0.40, 0.26}, // aft
		{0.02, 0.30, 0.26, 0.40}, // port
		{0.72, 0.30, 0.26, 0.40}, // starboard
	}
	p.lw(0.05)
	for i, r := range arms {
		fillFor(p.c, a.Cardinal[i], a.Accent)
		p.c.setStroke(rgb{0, 0, 0})
		p.rect(r[0], r[1], r[2], r[3], "FD")
		if p.c.bw && a.Cardinal[i] == 2 {
			p.c.hatch(Box{p.x(r[0]), p.y(r[1]), r[2] * b.W, r[3] * b.H}, 4)
		}
	}
	// The centre is the core: accented when this is the core section.
	p.c.setStroke(rgb{0, 0, 0})
	if a.Label == "core" {
		fillFor(p.c, 2, a.Accent)
	} else {
		p.c.setFill(paperWhite())
	}
	p.rect(0.34, 0.34, 0.32, 0.32, "FD")
	if p.c.bw && a.Label == "core" {
		p.c.hatch(Box{p.x(0.34), p.y(0.34), 0.32 * b.W, 0.32 * b.H}, 4)
	}
}

func fillFor(c *canvas, state int, accent rgb) {
	switch state {
	case 2:
		if c.bw {
			c.setFill(paperWhite())
		} else {
			c.setFill(accent)
		}
	case 1:
		c.setFill(paperWhite())
	default:
		c.setFill(rgb{0, 0, 0})
	}
}

func drawHullHit(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.c.setFill(paperWhite())
	p.circle(0.5, 0.5, 0.42, "FD")
}

func drawCrewParty(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.c.setFill(crewOrange())
	p.circle(0.5, 0.5, 0.42, "FD")
	if p.c.bw {
		p.label(0.5, 0.5, 0.45, "C", a.Ink)
	}
}

func drawMarineParty(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.c.setFill(marineGold())
	p.circle(0.5, 0.5, 0.42, "FD")
	if p.c.bw {
		p.label(0.5, 0.5, 0.45, "M", a.Ink)
	}
}

// Defences.

func drawShieldEnergy(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.shieldShape("D")
	p.sub(0.28, 0.18, 0.44, 0.62).bolt("F")
}

func drawShieldKinetic(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.shieldShape("D")
	p.sub(0.28, 0.20, 0.44, 0.58).hammer("F")
}

func drawShieldBoth(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.shieldShape("D")
	p.sub(0.16, 0.22, 0.36, 0.52).bolt("F")
	p.sub(0.48, 0.24, 0.36, 0.48).hammer("F")
}

func drawArmour(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.die(a.Label, paperWhite())
}

func drawAblative(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	for _, v := range []float64{0.14, 0.40, 0.66} {
		p.poly("D", 0.22, v, 0.92, v, 0.78, v+0.2, 0.08, v+0.2)
	}
}

func drawDeflectorEnergy(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.deflectorShape()
	p.sub(0.58, 0.28, 0.40, 0.44).bolt("F")
}

func drawDeflectorKinetic(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.deflectorShape()
	p.sub(0.58, 0.30, 0.40, 0.40).hammer("F")
}

func drawDeflectorBoth(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.deflectorShape()
	p.sub(0.56, 0.08, 0.40, 0.40).bolt("F")
	p.sub(0.56, 0.52, 0.40, 0.40).hammer("F")
}

func drawAdaptation(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.shieldShape("D")
	p.lw(0.08)
	p.arrow(0.5, 0.78, 0.5, 0.24, 0.16)
}

// Systems.

func drawBridge(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.08)
	p.circle(0.5, 0.5, 0.30, "D")
	p.circle(0.5, 0.5, 0.08, "F")
	for i := 0; i < 8; i++ {
		t := float64(i) * math.Pi / 4
		p.line(0.5+0.08*math.Cos(t), 0.5+0.08*math.Sin(t), 0.5+0.44*math.Cos(t), 0.5+0.44*math.Sin(t))
	}
}

func drawReactor(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.06)
	for _, rot := range []float64{0, 60, -60} {
		p.ellipse(0.5, 0.5, 0.44, 0.16, rot, "D")
	}
	p.circle(0.5, 0.5, 0.09, "F")
}

func drawLifeSupport(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.08)
	p.circle(0.5, 0.5, 0.42, "D")
	p.rect(0.42, 0.22, 0.16, 0.56, "F")
	p.rect(0.22, 0.42, 0.56, 0.16, "F")
}

// dirAngle turns a facing into an arrow angle on the page (fore is up).
func dirAngle(dir string) (float64, bool) {
	switch dir {
	case "fore":
		return -90, true
	case "aft":
		return 90, true
	case "port":
		return 180, true
	case "starboard":
		return 0, true
	}
	return 0, false
}

// nozzle draws a drive bell facing dir (the exhaust points that way).
func (p pen) nozzle(dir string) {
	deg, ok := dirAngle(dir)
	if !ok {
		deg = 90
	}
	t := deg * math.Pi / 180
	cs, sn := math.Cos(t), math.Sin(t)
	// Bell in local coordinates along the facing (u along, v across).
	pt := func(u, v float64) (float64, float64) { return 0.5 + u*cs - v*sn, 0.5 + u*sn + v*cs }
	x1, y1 := pt(-0.40, -0.16)
	x2, y2 := pt(-0.40, 0.16)
	x3, y3 := pt(0.02, 0.16)
	x4, y4 := pt(0.26, 0.34)
	x5, y5 := pt(0.26, -0.34)
	x6, y6 := pt(0.02, -0.16)
	p.poly("F", x1, y1, x2, y2, x3, y3, x4, y4, x5, y5, x6, y6)
	// Exhaust dashes.
	for _, v := range []float64{-0.2, 0, 0.2} {
		ax, ay := pt(0.34, v)
		bx, by := pt(0.46, v*1.3)
		p.line(ax, ay, bx, by)
	}
}

func drawSTLPrimitive(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.nozzle(a.Dir)
}

func drawSTLBasic(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.07)
	if a.Dir == "portStarboard" {
		p.sub(0.2, 0.2, 0.6, 0.6).nozzle("starboard")
		p.arrow(0.5, 0.12, 0.08, 0.12, 0.14)
		p.arrow(0.5, 0.12, 0.92, 0.12, 0.14)
		return
	}
	p.sub(0.2, 0.2, 0.6, 0.6).nozzle("aft")
	p.arrow(0.10, 0.5, 0.10, 0.06, 0.14)
	p.arrow(0.10, 0.5, 0.10, 0.94, 0.14)
}

func drawSTLAdvanced(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.sub(0.22, 0.22, 0.56, 0.56).nozzle("aft")
	p.lw(0.06)
	p.arrow(0.5, 0.2, 0.5, 0.02, 0.12)
	p.arrow(0.2, 0.5, 0.02, 0.5, 0.12)
	p.arrow(0.8, 0.5, 0.98, 0.5, 0.12)
}

func drawThruster(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.rect(0.30, 0.30, 0.40, 0.40, "F")
	dir := a.Dir
	if dir != "port" && dir != "starboard" {
		dir = "starboard"
	}
	deg, _ := dirAngle(dir)
	t := deg * math.Pi / 180
	p.lw(0.06)
	for _, v := range []float64{-0.14, 0, 0.14} {
		p.line(0.5+0.26*math.Cos(t), 0.5+v, 0.5+0.46*math.Cos(t), 0.5+v*1.4)
	}
}

func drawFTL(chevrons int) func(c *canvas, b Box, a IconArgs) {
	return func(c *canvas, b Box, a IconArgs) {
		p := newPen(c, b, a)
		p.lw(0.08)
		p.ellipse(0.70, 0.5, 0.20, 0.40, 0, "D")
		p.ellipse(0.70, 0.5, 0.08, 0.20, 0, "F")
		for i := 0; i < chevrons; i++ {
			u := 0.08 + float64(i)*0.14
			p.path(u, 0.30, u+0.12, 0.5, u, 0.70)
		}
	}
}

func drawSensor(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.08)
	p.arc(0.38, 0.40, 0.34, 200, 340)
	p.line(0.10, 0.52, 0.66, 0.52)
	p.line(0.38, 0.52, 0.70, 0.16)
	p.circle(0.72, 0.14, 0.06, "F")
	p.poly("F", 0.38, 0.56, 0.24, 0.92, 0.52, 0.92)
}

func drawEWArray(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.09)
	p.path(0.04, 0.5, 0.18, 0.5, 0.28, 0.18, 0.42, 0.82, 0.56, 0.18, 0.70, 0.82, 0.80, 0.5, 0.96, 0.5)
}

func drawELINT(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.07)
	p.poly("D", 0.04, 0.5, 0.30, 0.24, 0.70, 0.24, 0.96, 0.5, 0.70, 0.76, 0.30, 0.76)
	p.circle(0.5, 0.5, 0.16, "F")
}

func drawTargeting(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.09)
	p.path(0.10, 0.32, 0.10, 0.10, 0.32, 0.10)
	p.path(0.68, 0.10, 0.90, 0.10, 0.90, 0.32)
	p.path(0.90, 0.68, 0.90, 0.90, 0.68, 0.90)
	p.path(0.32, 0.90, 0.10, 0.90, 0.10, 0.68)
	p.circle(0.5, 0.5, 0.1, "F")
}

func drawECM(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.08)
	p.arc(0.5, 0.5, 0.24, 120, 240)
	p.arc(0.5, 0.5, 0.40, 125, 235)
	p.arc(0.5, 0.5, 0.24, -60, 60)
	p.arc(0.5, 0.5, 0.40, -55, 55)
	p.circle(0.5, 0.5, 0.08, "F")
	p.line(0.14, 0.86, 0.86, 0.14)
}

func drawJammer(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.08)
	p.arc(0.5, 0.5, 0.42, 120, 240)
	p.arc(0.5, 0.5, 0.42, -60, 60)
	p.path(0.30, 0.20, 0.60, 0.44, 0.40, 0.56, 0.70, 0.80)
}

func drawAnsible(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.07)
	p.poly("F", 0.08, 0.94, 0.20, 0.40, 0.32, 0.94)
	p.poly("F", 0.68, 0.94, 0.80, 0.40, 0.92, 0.94)
	for u := 0.26; u < 0.76; u += 0.12 {
		p.line(u, 0.30, u+0.06, 0.30)
	}
	p.arc(0.20, 0.34, 0.12, 30, 150)
	p.arc(0.80, 0.34, 0.12, 30, 150)
}

func drawCMPod(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.07)
	p.c.d.RoundedRect(p.x(0.10), p.y(0.34), 0.56*b.W, 0.32*b.H, 0.16*b.W, "1234", "F")
	p.line(0.72, 0.50, 0.94, 0.50)
	p.line(0.70, 0.34, 0.90, 0.18)
	p.line(0.70, 0.66, 0.90, 0.82)
}

func drawStealth(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.07)
	p.c.d.SetDashPattern([]float64{0.06 * b.W, 0.05 * b.W}, 0)
	p.poly("D", 0.5, 0.06, 0.90, 0.90, 0.5, 0.70, 0.10, 0.90)
	p.c.d.SetDashPattern(nil, 0)
}

func drawCloak(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.07)
	p.poly("D", 0.04, 0.5, 0.30, 0.24, 0.70, 0.24, 0.96, 0.5, 0.70, 0.76, 0.30, 0.76)
	p.circle(0.5, 0.5, 0.14, "F")
	p.lw(0.1)
	p.line(0.14, 0.90, 0.86, 0.10)
}

func drawCiC(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	pts := make([]float64, 0, 20)
	for i := 0; i < 10; i++ {
		r := 0.46
		if i%2 == 1 {
			r = 0.19
		}
		t := -math.Pi/2 + float64(i)*math.Pi/5
		pts = append(pts, 0.5+r*math.Cos(t), 0.54+r*math.Sin(t))
	}
	p.poly("F", pts...)
}

func drawSoC(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.sub(0.22, 0.18, 0.56, 0.56).jet("F")
	p.lw(0.07)
	p.arc(0.5, 0.5, 0.44, 200, 340)
	p.arc(0.5, 0.5, 0.44, 20, 160)
}

func drawShieldGen(variant int) func(c *canvas, b Box, a IconArgs) {
	return func(c *canvas, b Box, a IconArgs) {
		p := newPen(c, b, a)
		p.sub(0.14, 0.14, 0.72, 0.72).shieldShape("D")
		p.lw(0.07)
		switch variant {
		case 1: // adaptive: a rising arrow
			p.arrow(0.5, 0.68, 0.5, 0.30, 0.12)
		case 2: // modulated: a wave
			p.path(0.30, 0.48, 0.38, 0.38, 0.46, 0.56, 0.54, 0.38, 0.62, 0.56, 0.70, 0.46)
		default:
			p.circle(0.5, 0.46, 0.08, "F")
		}
		p.arcTick(a.Dir)
	}
}

// arcTick marks the arc a system serves with a bar on that side of the
// icon (fore on top).
func (p pen) arcTick(dir string) {
	switch dir {
	case "fore":
		p.rect(0.2, 0.0, 0.6, 0.08, "F")
	case "aft":
		p.rect(0.2, 0.92, 0.6, 0.08, "F")
	case "port":
		p.rect(0.0, 0.2, 0.08, 0.6, "F")
	case "starboard":
		p.rect(0.92, 0.2, 0.08, 0.6, "F")
	}
}

func drawDeflectorSystem(c *canvas, b Box, a IconArgs) {
	switch a.Dir {
	case "kinetic":
		drawDeflectorKinetic(c, b, a)
	case "energyKinetic":
		drawDeflectorBoth(c, b, a)
	default:
		drawDeflectorEnergy(c, b, a)
	}
}

func drawGrappler(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.1)
	p.line(0.5, 0.06, 0.5, 0.52)
	p.arc(0.5, 0.62, 0.26, 180, 360)
	p.arrowHead(0.24, 0.50, 0.14, -90)
	p.arrowHead(0.76, 0.50, 0.14, -90)
	p.circle(0.5, 0.06, 0.06, "F")
}

func drawEnergyGrappler(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.08)
	p.line(0.5, 0.10, 0.5, 0.50)
	p.arc(0.5, 0.60, 0.24, 180, 360)
	p.sub(0.02, 0.06, 0.34, 0.44).bolt("F")
	p.arcTick(a.Dir)
}

func drawTeleporter(advanced bool) func(c *canvas, b Box, a IconArgs) {
	return func(c *canvas, b Box, a IconArgs) {
		p := newPen(c, b, a)
		p.lw(0.07)
		p.ellipse(0.22, 0.78, 0.16, 0.08, 0, "D")
		p.ellipse(0.78, 0.78, 0.16, 0.08, 0, "D")
		for v := 0.24; v < 0.70; v += 0.12 {
			p.line(0.14, v, 0.30, v)
			p.line(0.70, v, 0.86, v)
		}
		if advanced {
			p.arrow(0.40, 0.36, 0.62, 0.36, 0.1)
			p.arrow(0.60, 0.56, 0.38, 0.56, 0.1)
			return
		}
		p.arrow(0.38, 0.46, 0.62, 0.46, 0.1)
	}
}

func drawGravityWell(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.06)
	p.ellipse(0.5, 0.30, 0.44, 0.14, 0, "D")
	p.ellipse(0.5, 0.46, 0.30, 0.10, 0, "D")
	p.ellipse(0.5, 0.60, 0.17, 0.06, 0, "D")
	p.circle(0.5, 0.78, 0.07, "F")
}

func drawHangarBay(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.08)
	p.arc(0.5, 0.92, 0.44, 0, 180)
	p.line(0.04, 0.92, 0.96, 0.92)
	p.sub(0.32, 0.44, 0.36, 0.44).jet("F")
}

// Weapons.

// drawWeaponArc draws the eight firing sectors around the ship, sector 0
// just right of the bow and numbering clockwise; usable ones filled.
func drawWeaponArc(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	cx, cy, r := p.x(0.5), p.y(0.5), 0.46*b.W
	used := [8]bool{}
	for _, s := range a.Sectors {
		if s >= 0 && s < 8 {
			used[s] = true
		}
	}
	p.c.lineWidth(math.Max(0.1, 0.04*b.W))
	for s := 0; s < 8; s++ {
		if used[s] {
			if p.c.bw {
				p.c.setFill(rgb{70, 70, 70})
			} else {
				p.c.setFill(a.Accent)
			}
		} else {
			p.c.setFill(paperWhite())
		}
		p.c.setStroke(a.Ink)
		p.c.sector(cx, cy, r, float64(s)*45, float64(s+1)*45, "FD")
	}
	p.c.setFill(a.Ink)
	p.poly("F", 0.5, 0.36, 0.58, 0.62, 0.42, 0.62)
}

func drawEnergy(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.sub(0.1, 0.04, 0.8, 0.92).bolt("F")
}

func drawKinetic(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.sub(0.06, 0.06, 0.88, 0.88).hammer("F")
}

func drawDirect(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.09)
	p.arrow(0.06, 0.5, 0.96, 0.5, 0.22)
}

func drawIndirect(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.08)
	if a.Label == "" {
		p.wavy(0.04, 0.96, 0.5, 0.14)
		return
	}
	p.wavy(0.04, 0.96, 0.78, 0.08)
	p.label(0.46, 0.34, 0.5, a.Label, a.Ink)
}

func drawTargetIndirect(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.08)
	p.wavy(0.04, 0.96, 0.5, 0.14)
}

func drawRange(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.08)
	p.circle(0.12, 0.5, 0.07, "F")
	for _, r := range []float64{0.30, 0.56, 0.82} {
		p.arc(0.12, 0.5, r, -40, 40)
	}
}

func drawAoE(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.circle(0.34, 0.30, 0.20, "F")
	p.circle(0.66, 0.30, 0.20, "F")
	p.circle(0.5, 0.20, 0.18, "F")
	p.rect(0.40, 0.40, 0.20, 0.42, "F")
	p.ellipse(0.5, 0.88, 0.34, 0.08, 0, "F")
}

func drawShieldPiercing(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.shieldShape("D")
	if a.Label != "" {
		p.label(0.5, 0.44, 0.46, a.Label, a.Ink)
		return
	}
	p.arrow(0.5, 0.9, 0.5, 0.1, 0.14)
}

func drawArmourPiercing(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.die(a.Label, paperWhite())
}

func drawDeflectionPiercing(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.sub(0.15, 0.0, 0.7, 0.5).deflectorShape()
	if a.Label != "" {
		p.label(0.5, 0.74, 0.42, a.Label, a.Ink)
	}
}

func drawRaking(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.11)
	for _, v := range []float64{0.22, 0.5, 0.78} {
		p.line(0.08, v, 0.92, v)
	}
}

func drawPenetrating(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.11)
	for _, u := range []float64{0.22, 0.5, 0.78} {
		p.line(u, 0.08, u, 0.92)
	}
}

func drawInterceptable(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.07)
	p.circle(0.5, 0.5, 0.32, "D")
	p.line(0.5, 0.04, 0.5, 0.34)
	p.line(0.5, 0.66, 0.5, 0.96)
	p.line(0.04, 0.5, 0.34, 0.5)
	p.line(0.66, 0.5, 0.96, 0.5)
	p.circle(0.5, 0.5, 0.05, "F")
}

func drawRoF(n int) func(c *canvas, b Box, a IconArgs) {
	return func(c *canvas, b Box, a IconArgs) {
		p := newPen(c, b, a)
		p.lw(0.06)
		p.c.setFill(paperWhite())
		r := 0.15
		start := 0.5 - float64(n-1)*0.17
		for i := 0; i < n; i++ {
			p.circle(start+float64(i)*0.34, 0.5, r, "FD")
		}
	}
}

func drawTargetStarships(c *canvas, b Box, a IconArgs) {
	newPen(c, b, a).rocket("F")
}

func drawTargetStarfighters(c *canvas, b Box, a IconArgs) {
	newPen(c, b, a).jet("F")
}

// Starfighters.

func drawStrength(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.sub(0.30, 0.02, 0.40, 0.46).jet("F")
	p.sub(0.02, 0.50, 0.40, 0.46).jet("F")
	p.sub(0.58, 0.50, 0.40, 0.46).jet("F")
}

func drawSpeed(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.lw(0.08)
	p.arc(0.5, 0.66, 0.44, 0, 180)
	p.line(0.5, 0.66, 0.80, 0.34)
	p.circle(0.5, 0.66, 0.07, "F")
	p.line(0.06, 0.66, 0.94, 0.66)
}

func drawDefence(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.die(a.Label, paperWhite())
}

func drawBreaching(c *canvas, b Box, a IconArgs) {
	p := newPen(c, b, a)
	p.rect(0.60, 0.06, 0.12, 0.88, "F")
	p.lw(0.09)
	p.arrow(0.04, 0.5, 0.94, 0.5, 0.18)
}
