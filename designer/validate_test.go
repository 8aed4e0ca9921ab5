package designer

import (
	"strings"
	"testing"
)

// TestRulesDoNotFireAtTheEdge applies legal edits at the boundary of each
// rule to the reference cruiser; none may produce a problem.
func TestRulesDoNotFireAtTheEdge(t *testing.T) {
	tests := []struct {
		rules string // the rules this case shows not firing
		edit  func(d *Design)
	}{
		{"R-LIM-02 R-LIM-03", func(d *Design) {
			d.TechLevel = 1
			for _, ns := range d.Sections.List() {
				ns.Section.Layers = []Layer{{HullHits: 400, Crew: 1}, {HullHits: 400}, {HullHits: 400}, {HullHits: 400}, {HullHits: 400}}
			}
		}},
		{"R-LIM-04", func(d *Design) {
			for len(d.Sections.Fore.Systems)+len(d.Sections.Aft.Systems)+len(d.Sections.Port.Systems)+len(d.Sections.Starboard.Systems)+len(d.Sections.Core.Systems) < 200 {
				d.Sections.Fore.Systems = append(d.Sections.Fore.Systems, sys("cmPod", 1))
			}
		}},
		{"R-LIM-05 R-WD-03", func(d *Design) {
			for i := len(d.Weapons); i < 100; i++ {
				w := d.Weapons[0]
				w.ID = "w" + strings.Repeat("i", i)[:i%30] + string(rune('a'+i%26)) + string(rune('a'+i/26))
				d.Weapons = append(d.Weapons, w)
			}
		}},
		{"R-LIM-06 R-DOC-04", func(d *Design) {
			d.Sections.Core.Systems = append(d.Sections.Core.Systems, System{Kind: "cmPod", Rating: 1, Count: 999})
		}},
		{"R-DOC-01 R-DOC-02", func(d *Design) {
			d.Name = strings.Repeat("é", 80)
			d.Description = strings.Repeat("line\n\t", 600)
			d.Tags = strings.Split("a b c d e f g h i j k "+strings.Repeat("t", 32), " ")
			d.Universe = strings.Repeat("u", 80)
		}},
		{"R-DOC-03", func(d *Design) {
			d.TechLevel, d.CrewQuality, d.CommandQuality, d.DamageControl, d.Hull, d.Movement = 10, 5, "D6", "D6", HullBiological, MovementNewtonian
		}},
		{"R-SEC-02", func(d *Design) {
			d.Sections.Aft.Layers = []Layer{{HullHits: 1}, {HullHits: 1}, {HullHits: 1}, {HullHits: 1}, {HullHits: 12, Crew: 0, Marines: 3}}
		}},
		{"R-SEC-03 R-SEC-05 (core faces exposed arcs)", func(d *Design) {
			d.Sections.Starboard = nil
			d.Sections.Core.Armour.Starboard = &Armour{Rating: 5, Type: DefenceKinetic}
			d.Sections.Core.Ablative.Starboard = new(int)
			*d.Sections.Core.Ablative.Starboard = 5
			d.Sections.Core.Shields.Starboard = &Shield{Hits: 3, Type: DefenceEnergyKinetic}
			d.Sections.Core.Systems = append(d.Sections.Core.Systems, System{Kind: "shieldAdaptive", Rating: 2, Arc: "starboard", Count: 1},
				System{Kind: "thruster", Rating: 2, Facing: "starboard", Count: 1})
		}},
		{"R-SEC-04", func(d *Design) {
			d.Sections.Fore.Armour.Fore.Rating = 5
			five := 5
			d.Sections.Fore.Ablative.Fore = &five
			d.Sections.Fore.Shields.Fore.Hits = 0
		}},
		{"R-PRO-01 R-PRO-04 (basic fore-aft drive alone)", func(d *Design) {
			removeKind(d.Sections.Fore, "stlPrimitive")
			removeKind(d.Sections.Aft, "stlPrimitive")
			d.Sections.Aft.Systems = append(d.Sections.Aft.Systems, System{Kind: "stlBasic", Rating: 20, Axis: "foreAft", Count: 1})
		}},
		{"R-PRO-04 R-PRO-06 (advanced drive alone)", func(d *Design) {
			removeKind(d.Sections.Fore, "stlPrimitive")
			removeKind(d.Sections.Aft, "stlPrimitive")
			removeKind(d.Sections.Port, "thruster")
			removeKind(d.Sections.Starboard, "thruster")
			d.Sections.Aft.Systems = append(d.Sections.Aft.Systems, sys("stlAdvanced", 1))
		}},
		{"R-PRO-05 (newtonian side drives)", func(d *Design) {
			d.Movement = MovementNewtonian
			d.Sections.Port.Systems = append(d.Sections.Port.Systems, System{Kind: "stlPrimitive", Rating: 1, Facing: "port", Count: 1},
				System{Kind: "stlBasic", Rating: 1, Axis: "portStarboard", Count: 1})
		}},
		{"R-PRO-09 (aft-facing drive in the core and the aft section)", func(d *Design) {
			d.Sections.Core.Systems = append(d.Sections.Core.Systems, System{Kind: "stlPrimitive", Rating: 1, Facing: "aft", Count: 1},
				System{Kind: "stlPrimitive", Rating: 1, Facing: "fore", Count: 1})
		}},
		{"R-SECY-05 (one arc's shields energy only)", func(d *Design) {
			carrier(d)
			for _, a := range []Arc{ArcFore, ArcAft, ArcPort} {
				d.Sections.Get(SectionName(a)).Shields.Get(a).Type = DefenceKinetic
			}
		}},
		{"R-PRO-07 R-PRO-08", func(d *Design) {
			d.Sections.Core.Systems[2].Rating = 10
			d.Sections.Fore.Systems = append(d.Sections.Fore.Systems, sys("ftlAdvanced", 1), sys("ftlPrimitive", 10))
		}},
		{"R-EW-01 R-EW-02", func(d *Design) {
			d.TechLevel = 10
			d.Sections.Core.Systems[3].Rating = 20
			for _, k := range []string{"ewArray", "elint", "targeting", "ecm", "jammer", "ansible", "cloak", "cmPod"} {
				d.Sections.Core.Systems = append(d.Sections.Core.Systems, sys(k, 10))
			}
			d.Sections.Core.Systems = append(d.Sections.Core.Systems, sys("stealth", 5))
			d.Sections.Core.Layers = append(d.Sections.Core.Layers, Layer{HullHits: 40}, Layer{HullHits: 40})
		}},
		{"R-SECY-01 R-SECY-02 R-SECY-03", func(d *Design) {
			d.TechLevel = 10
			d.Sections.Fore.Systems = append(d.Sections.Fore.Systems,
				System{Kind: "deflector", Rating: 11, Type: DefenceKinetic, Count: 1},
				System{Kind: "energyGrappler", Rating: 10, Arc: "fore", Count: 1})
			for _, k := range []string{"grappler", "teleporterBasic", "teleporterAdvanced", "gravityWell", "soc"} {
				d.Sections.Core.Systems = append(d.Sections.Core.Systems, sys(k, 1))
			}
			d.Sections.Core.Layers = append(d.Sections.Core.Layers, Layer{HullHits: 10})
		}},
		{"R-SECY-04 R-SF-* R-HB-*", func(d *Design) {
			carrier(d)
			d.Starfighters[0].Weapons[0].RateOfFire = RateOneShot
			d.HangarBays[0].Loadout = map[string]int{"fighters": 4}
		}},
		{"R-WPN-02 R-WPN-03", func(d *Design) {
			d.Sections.Fore.Weapons[0].Sectors = []int{5, 6, 7, 0, 1, 2}
			d.Sections.Aft.Weapons = []Mount{{Weapon: "railgun", Sectors: []int{1, 2, 3, 4, 5, 6}, Count: 1}}
		}},
		{"R-WPN-04 R-WD-01 R-WD-02 R-WD-04 R-WD-05", func(d *Design) {
			d.Weapons = append(d.Weapons, WeaponDef{ID: "torpedo", Name: strings.Repeat("T", 40), DamageType: DamageKinetic, Pulse: 20, Die: "D12",
				Modifier: 20, Effect: EffectPenetrating, TargetMethod: TargetIndirect, IndirectTurns: 5, Range: 50, AoE: 50,
				RateOfFire: RateOneShot, ArmourPiercing: 5, ShieldPiercing: 5, DeflectionPiercing: 11, Interceptable: true,
				Targets: weaponTargets, Qualities: []string{"UN", "PO"}})
			d.TechLevel = 10
			d.Sections.Core.Layers = append(d.Sections.Core.Layers, Layer{HullHits: 60})
		}},
		{"R-TL-01 R-TL-02", func(d *Design) { d.TechLevel = 3 }},
		{"R-SEC-01 R-SEC-06 R-PRI-01 R-PRI-02 (bridge outboard, second reactor, crewless section)", func(d *Design) {
			removeKind(d.Sections.Core, "bridge")
			d.Sections.Aft.Systems = append(d.Sections.Aft.Systems, System{Kind: "bridge", Count: 1}, System{Kind: "reactor", Count: 2})
			d.Sections.Port.Layers = []Layer{{HullHits: 12}}
		}},
		{"R-SYS-01 R-SYS-02 R-SYS-03 R-PRO-02 R-PRO-03 (every kind with its parameters)", func(d *Design) {
			d.TechLevel = 10
			d.Movement = MovementNewtonian
			d.Sections.Core.Layers = append(d.Sections.Core.Layers, Layer{HullHits: 400})
			c := BuiltinCatalogue()
			for _, k := range c.Kinds {
				if k.Rating.Mode == RatingAutomatic {
					continue
				}
				s := System{Kind: k.Kind, Count: 1}
				if k.Rating.Mode == RatingRange {
					s.Rating = k.Rating.Max
				}
				sec := d.Sections.Fore
				for _, pn := range ParamNames {
					if spec := k.Params[pn]; spec != nil {
						val := spec.Values[0]
						if pn == "arc" {
							val = "fore"
						}
						switch pn {
						case "facing":
							s.Facing = val
							if k.Placement == PlacementFacingSideOrCore {
								sec = d.Sections.Get(SectionName(val))
							}
						case "axis":
							s.Axis = val
						case "arc":
							s.Arc = val
						case "type":
							s.Type = val
						}
					}
				}
				sec.Systems = append(sec.Systems, s)
			}
		}},
		{"R-WPN-01 R-LIM-01 (late definition, 1 MiB document)", func(d *Design) {
			d.Weapons = append([]WeaponDef{d.Weapons[2]}, d.Weapons[:2]...)
			d.Description = strings.Repeat("x", 4000)
		}},
		{"R-TIER-01 (tier at the limit)", func(d *Design) {
			d.Sections.Fore.Systems = append(d.Sections.Fore.Systems, System{Kind: "energyGrappler", Rating: 1, Arc: "fore", Count: 1})
		}},
	}
	c := BuiltinCatalogue()
	covered := map[string]bool{}
	for _, tt := range tests {
		for _, f := range strings.Fields(tt.rules) {
			covered[f] = true
		}
		t.Run(tt.rules, func(t *testing.T) {
			d := loadReference(t)
			tt.edit(d)
			// Round-trip through the decoder, as every caller does.
			b := encodeDesign(t, d)
			if strings.Contains(tt.rules, "R-LIM-01") {
				// Pad to exactly the limit: still accepted.
				b = append(b[:len(b)-1], []byte(strings.Repeat(" ", MaxDocumentBytes-len(b)))...)
				b = append(b, '\n')
				if len(b) != MaxDocumentBytes {
					t.Fatalf("padded to %d bytes", len(b))
				}
			}
			d, err := DecodeDesign(b)
			if err != nil {
				t.Fatal(err)
			}
			if ps := c.Validate(d, Options{TierLimit: 3}); len(ps) != 0 {
				t.Fatalf("legal edit reported problems:\n%v", ps)
			}
		})
	}
	// Every construction rule has a case at its edge; the structural
	// R-JSON rules are covered by the decoder tests, the R-SF and R-HB
	// families by the carrier case, R-LIM-07 by TestProblemCap.
	for _, r := range Rules {
		family := r.ID[:strings.LastIndex(r.ID, "-")] + "-*"
		if !covered[r.ID] && !covered[family] && !strings.HasPrefix(r.ID, "R-JSON") && r.ID != RuleProblemCap {
			t.Errorf("no edge case shows %s not firing", r.ID)
		}
	}
}

func TestTierReport(t *testing.T) {
	c := BuiltinCatalogue()
	d := loadReference(t)
	if r := c.Tier(d); r.Tier != 1 || len(r.Reasons) != 0 {
		t.Fatalf("reference cruiser tier %+v, want 1 with no reasons", r)
	}
	d.Hull = HullTechnological
	d.Sections.Fore.Shields.Fore.Type = DefenceEnergyKinetic
	d.Weapons[0].Qualities = []string{"QM"}
	r := c.Tier(d)
	want := []string{"hull", "sections.fore.shields.fore", "weapons[0]"}
	if r.Tier != 3 || len(r.Reasons) != len(want) {
		t.Fatalf("got %+v", r)
	}
	for i, p := range want {
		if r.Reasons[i].Path != p {
			t.Errorf("reason %d at %s, want %s", i, r.Reasons[i].Path, p)
		}
	}
	if ps := c.Validate(d, Options{TierLimit: 2}); len(ps) != 1 || ps[0].Path != "weapons[0]" {
		t.Errorf("tier limit 2: %v", ps)
	}
}

func TestValidateIsDeterministic(t *testing.T) {
	c := BuiltinCatalogue()
	d := loadReference(t)
	d.Name = ""
	d.Sections.Fore.Weapons[0].Sectors = []int{3, 9, 9}
	d.HangarBays = []HangarBayDef{{ID: "b", Launch: 1, Capacity: 1, Loadout: map[string]int{"z": 1, "a": 1, "m": 1}}}
	first := c.Validate(d, Options{})
	for i := 0; i < 50; i++ {
		again := c.Validate(d, Options{})
		if len(again) != len(first) {
			t.Fatal("problem count changed between runs")
		}
		for j := range again {
			if again[j] != first[j] {
				t.Fatalf("run %d differs at %d: %v vs %v", i, j, again[j], first[j])
			}
		}
	}
}

// TestProblemCap shows R-LIM-07 not firing at exactly MaxProblems problems
// and counting the rest past it, with the severity of what it hides.
func TestProblemCap(t *testing.T) {
	c := BuiltinCatalogue()
	zeroCounts := func(d *Design, n int) {
		for i := 0; i < n; i++ {
			d.Sections.Core.Systems = append(d.Sections.Core.Systems, System{Kind: "cmPod", Rating: 1, Count: 0})
		}
	}
	d := loadReference(t)
	zeroCounts(d, MaxProblems)
	ps := c.Validate(d, Options{})
	if len(ps) != MaxProblems || ps.Legal() {
		t.Fatalf("at the cap: %d problems, legal %v", len(ps), ps.Legal())
	}
	for _, p := range ps {
		if p.Rule == RuleProblemCap {
			t.Fatalf("R-LIM-07 fired at exactly %d problems", MaxProblems)
		}
	}
	d = loadReference(t)
	zeroCounts(d, MaxProblems+50)
	ps = c.Validate(d, Options{})
	if len(ps) != MaxProblems+1 {
		t.Fatalf("past the cap: %d problems, want %d", len(ps), MaxProblems+1)
	}
	last := ps[len(ps)-1]
	if last.Rule != RuleProblemCap || last.Severity != Error || !strings.HasPrefix(last.Message, "50 more problems") {
		t.Fatalf("summary problem %+v", last)
	}
}
