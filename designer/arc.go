package designer

// Arc is one of the four cardinal arcs.
type Arc string

// Arcs.
const (
	ArcFore      Arc = "fore"
	ArcAft       Arc = "aft"
	ArcPort      Arc = "port"
	ArcStarboard Arc = "starboard"
)

// ArcOrder is the fixed order arcs are walked in.
var ArcOrder = [4]Arc{ArcFore, ArcAft, ArcPort, ArcStarboard}

// ArcSectors gives the two firing sectors of each arc (rules §1).
var ArcSectors = map[Arc][2]int{
	ArcFore:      {7, 0},
	ArcStarboard: {1, 2},
	ArcAft:       {3, 4},
	ArcPort:      {5, 6},
}

// Opposite returns the arc facing away from a.
func (a Arc) Opposite() Arc {
	switch a {
	case ArcFore:
		return ArcAft
	case ArcAft:
		return ArcFore
	case ArcPort:
		return ArcStarboard
	case ArcStarboard:
		return ArcPort
	}
	return ""
}

// Valid reports whether a names an arc.
func (a Arc) Valid() bool {
	return a == ArcFore || a == ArcAft || a == ArcPort || a == ArcStarboard
}

// SectorArc returns the arc a sector 0-7 belongs to.
func SectorArc(sector int) Arc {
	switch sector {
	case 7, 0:
		return ArcFore
	case 1, 2:
		return ArcStarboard
	case 3, 4:
		return ArcAft
	case 5, 6:
		return ArcPort
	}
	return ""
}

// PerArc holds an optional value for each arc.
type PerArc[T any] struct {
	Fore      *T `json:"fore,omitempty"`
	Aft       *T `json:"aft,omitempty"`
	Port      *T `json:"port,omitempty"`
	Starboard *T `json:"starboard,omitempty"`
}

// Get returns the value for arc a, or nil.
func (p *PerArc[T]) Get(a Arc) *T {
	switch a {
	case ArcFore:
		return p.Fore
	case ArcAft:
		return p.Aft
	case ArcPort:
		return p.Port
	case ArcStarboard:
		return p.Starboard
	}
	return nil
}

// Set stores v for arc a.
func (p *PerArc[T]) Set(a Arc, v *T) {
	switch a {
	case ArcFore:
		p.Fore = v
	case ArcAft:
		p.Aft = v
	case ArcPort:
		p.Port = v
	case ArcStarboard:
		p.Starboard = v
	}
}

// FacedArcs returns the arcs a section faces: an outboard section its own
// arc, the core every arc that has no outboard section (rules §1).
func (s *Sections) FacedArcs(n SectionName) []Arc {
	if n != SectionCore {
		return []Arc{Arc(n)}
	}
	var out []Arc
	for _, a := range ArcOrder {
		if s.Get(SectionName(a)) == nil {
			out = append(out, a)
		}
	}
	return out
}

// Faces reports whether section n faces arc a.
func (s *Sections) Faces(n SectionName, a Arc) bool {
	if n != SectionCore {
		return Arc(n) == a
	}
	return a.Valid() && s.Get(SectionName(a)) == nil
}
