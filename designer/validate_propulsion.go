package designer

// propulsion checks the ship-wide drive rules R-PRO-04, -05, -06, -08 and
// -09, and the carrier's launch arc (R-SECY-05). Per-entry facing, axis
// and rating rules are checked with each system.
func (v *validator) propulsion() {
	var accel, decel, turn, ftl bool
	cinematic := v.d.Movement == MovementCinematic
	for _, name := range SectionOrder {
		sec := v.d.Sections.Get(name)
		if sec == nil {
			continue
		}
		for i, s := range sec.Systems {
			if s.Count < 1 {
				continue
			}
			at := root("sections").Key(string(name)).Key("systems").Idx(i)
			switch s.Kind {
			case "stlPrimitive":
				// Rules §1.2: drives in the rearward section accelerate, those
				// in the forward section decelerate. A drive facing against
				// its section's end pushes nothing.
				switch {
				case s.Facing == "aft" && name == SectionFore, s.Facing == "fore" && name == SectionAft:
					v.add(Warning, "R-PRO-09", at.Key("facing"), at, "face it "+map[SectionName]string{SectionFore: "fore", SectionAft: "aft"}[name]+
						", or move it to the "+map[SectionName]string{SectionFore: "aft", SectionAft: "fore"}[name]+" section or the core",
						"facing %s in the %s section it pushes nothing, since drives in the aft section accelerate and drives in the fore section decelerate", s.Facing, name)
				case s.Facing == "aft":
					accel = true
				case s.Facing == "fore":
					decel = true
				case s.Facing == "port" || s.Facing == "starboard":
					if cinematic {
						v.add(Warning, "R-PRO-05", at.Key("facing"), at, "face it fore or aft, or switch the movement to newtonian",
							"facing %s it does nothing for a ship with cinematic movement", s.Facing)
					}
				}
			case "stlBasic":
				switch s.Axis {
				case "foreAft":
					accel, decel = true, true
				case "portStarboard":
					if cinematic {
						v.add(Warning, "R-PRO-05", at.Key("axis"), at, "choose the fore aft axis, or switch the movement to newtonian",
							"on the port starboard axis it does nothing for a ship with cinematic movement")
					}
				}
			case "stlAdvanced":
				accel, decel, turn = true, true, true
			case "thruster":
				turn = true
			case "ftlPrimitive", "ftlBasic", "ftlAdvanced":
				ftl = true
			}
		}
	}
	if cinematic && !(accel && decel) {
		missing := "accelerate"
		hint := "add a primitive STL drive facing aft, a basic STL drive on the fore aft axis or an advanced STL drive"
		switch {
		case !accel && !decel:
			missing = "accelerate or decelerate"
			hint = "add primitive STL drives facing aft and fore, a basic STL drive on the fore aft axis or an advanced STL drive"
		case accel:
			missing = "decelerate"
			hint = "add a primitive STL drive facing fore, a basic STL drive on the fore aft axis or an advanced STL drive"
		}
		v.errorf("R-PRO-04", root("sections"), hint, "with cinematic movement the ship cannot %s", missing)
	}
	if cinematic && !turn {
		v.warnf("R-PRO-06", root("sections"), "add thrusters facing port and starboard, or an advanced STL drive", "with cinematic movement and no thrusters or advanced STL drive, the ship cannot turn")
	}
	v.launchArc()
	if !ftl {
		v.warnf("R-PRO-08", root("sections"), "add an FTL drive, or plan a tow by a fleet ship with a grappler", "without an FTL drive the ship cannot join a pickup game unless it is towed")
	}
}

// launchArc is R-SECY-05 (rules §2.1.4): launching and recovering
// squadrons needs an arc with no shields that stop kinetic fire. A
// carrier whose every arc carries them must drop shields to launch.
func (v *validator) launchArc() {
	bays := false
	for _, ns := range v.d.Sections.List() {
		for _, h := range ns.Section.Hangars {
			if h.Count > 0 {
				bays = true
			}
		}
	}
	if !bays {
		return
	}
	for _, a := range ArcOrder {
		sec := v.d.Sections.Get(SectionName(a))
		if sec == nil {
			sec = v.d.Sections.Core
		}
		if sec == nil {
			return
		}
		sh := sec.Shields.Get(a)
		if sh == nil || sh.Hits <= 0 || (sh.Type != DefenceKinetic && sh.Type != DefenceEnergyKinetic) {
			return
		}
	}
	v.warnf("R-SECY-05", root("sections"), "make one arc's shields energy only, or leave one arc without shields",
		"every arc carries shields that stop kinetic fire, so the ship must drop shields to launch or recover squadrons")
}
