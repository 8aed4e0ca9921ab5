package designer

// propulsion checks the ship-wide drive rules R-PRO-04, -05, -06 and -08.
// Per-entry facing, axis and rating rules are checked with each system.
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
			at := root("sections").key(string(name)).key("systems").idx(i)
			switch s.Kind {
			case "stlPrimitive":
				switch s.Facing {
				case "aft":
					accel = true
				case "fore":
					decel = true
				case "port", "starboard":
					if cinematic {
						v.warnf("R-PRO-05", at.key("facing"), "face it fore or aft, or switch to newtonian movement",
							"a side-facing primitive drive does nothing for a cinematic ship")
					}
				}
			case "stlBasic":
				switch s.Axis {
				case "foreAft":
					accel, decel = true, true
				case "portStarboard":
					if cinematic {
						v.warnf("R-PRO-05", at.key("axis"), "use the foreAft axis, or switch to newtonian movement",
							"a port-starboard basic drive does nothing for a cinematic ship")
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
		hint := "add an aft-facing primitive drive, a foreAft basic drive or an advanced drive"
		switch {
		case !accel && !decel:
			missing = "accelerate or decelerate"
			hint = "add aft- and fore-facing primitive drives, a foreAft basic drive or an advanced drive"
		case accel:
			missing = "decelerate"
			hint = "add a fore-facing primitive drive, a foreAft basic drive or an advanced drive"
		}
		v.errorf("R-PRO-04", root("sections"), hint, "this cinematic ship cannot %s", missing)
	}
	if cinematic && !turn {
		v.warnf("R-PRO-06", root("sections"), "add thrusters facing port and starboard, or an advanced drive", "this cinematic ship has no thrusters or advanced drive, so it cannot turn")
	}
	if !ftl {
		v.warnf("R-PRO-08", root("sections"), "add an FTL drive, or plan a tow by a fleet ship with a grappler", "without an FTL drive the ship cannot join a pickup game unless towed")
	}
}
