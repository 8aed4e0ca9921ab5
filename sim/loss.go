package sim

import "github.com/slipway/slipway/designer"

// What losing a layer or a section of a ship means (rules §1.3.6,
// §1.3.7, §2.3.2) is stated here once. The battle applies it as damage
// lands (layerDestroyed, sectionDestroyed); table mode derives a ship's
// state from the boxes marked on its record sheet with it (Losses, called
// by ruleset/metaverse's Derive).

// Loss is the consequence of one layer or one section destroyed.
type Loss struct {
	Parties       bool // the layer's crew and marine parties are lost with it
	Criticals     int  // criticals due on the section itself
	VoidCriticals bool // the section's criticals still due are void: nothing is left to roll them on
	CoreCriticals int  // criticals due on the core
	Morale        int  // morale conditions met (rules §2.3.2: "Starship Section Destroyed")
	Shields       bool // the section's shields are lost with it (and its systems, which no longer work)
	Ship          bool // the ship is destroyed
}

// LayerLost is the loss of one layer: its crew and marine parties, and a
// critical on its section.
func LayerLost() Loss { return Loss{Parties: true, Criticals: 1} }

// SectionLost is the loss of a section's last layer: its own criticals
// still due are void and a morale condition is met; the core's loss
// destroys the ship, an outboard section's takes its shields and calls
// for a critical on the core.
func SectionLost(core bool) Loss {
	if core {
		return Loss{VoidCriticals: true, Morale: 1, Ship: true}
	}
	return Loss{VoidCriticals: true, Morale: 1, Shields: true, CoreCriticals: 1}
}

// LayerStanding is one layer of a section as it stands: hull hits at the
// start and crossed off, crew and marine parties at the start and crossed
// off.
type LayerStanding struct {
	Hits, HitsTaken      int
	Crew, CrewLost       int
	Marines, MarinesLost int
}

// SectionStanding is one section as it stands, its layers top first.
type SectionStanding struct {
	Name   designer.SectionName
	Layers []LayerStanding
}

// SectionLosses is what a section's losses come to.
type SectionLosses struct {
	Name       designer.SectionName
	Hull, Left int  // hull hits at the start and left in the layers standing
	Lost       bool // every layer is destroyed
	Criticals  int  // criticals due on it for destroyed layers and sections (0 once it is lost)
}

// Standing is what a ship's layer and section losses come to.
type Standing struct {
	Sections             []SectionLosses // in the order given
	Crew, CrewLeft       int             // crew parties at the start and left in the layers standing
	Marines, MarinesLeft int
	Lost                 []designer.SectionName // outboard sections destroyed, in the order given
	Morale               int                    // morale conditions met by sections destroyed
	Destroyed            bool                   // the core is destroyed, and the ship with it
}

// Losses applies LayerLost to every layer whose hull hits are all crossed
// off and SectionLost to every section with layers and none standing:
// the consequences the battle applies as damage lands, worked out from a
// ship's marks at the table.
func Losses(secs []SectionStanding) *Standing {
	st := &Standing{Sections: make([]SectionLosses, len(secs))}
	core := 0 // criticals due on the core from sections lost
	for i, s := range secs {
		sl := &st.Sections[i]
		sl.Name = s.Name
		standing := 0
		for _, l := range s.Layers {
			sl.Hull += l.Hits
			st.Crew += l.Crew
			st.Marines += l.Marines
			if l.HitsTaken >= l.Hits {
				c := LayerLost()
				if !c.Parties {
					st.CrewLeft += l.Crew - l.CrewLost
					st.MarinesLeft += l.Marines - l.MarinesLost
				}
				sl.Criticals += c.Criticals
				continue
			}
			standing++
			sl.Left += l.Hits - l.HitsTaken
			st.CrewLeft += l.Crew - l.CrewLost
			st.MarinesLeft += l.Marines - l.MarinesLost
		}
		if standing == 0 && len(s.Layers) > 0 {
			c := SectionLost(s.Name == designer.SectionCore)
			sl.Lost = true
			st.Morale += c.Morale
			st.Destroyed = st.Destroyed || c.Ship
			core += c.CoreCriticals
			if !c.Ship {
				st.Lost = append(st.Lost, s.Name)
			}
		}
	}
	for i := range st.Sections {
		s := &st.Sections[i]
		if s.Name == designer.SectionCore {
			s.Criticals += core
		}
		if s.Lost && SectionLost(s.Name == designer.SectionCore).VoidCriticals {
			s.Criticals = 0
		}
	}
	return st
}
