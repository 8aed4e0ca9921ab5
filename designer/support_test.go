package designer

import "testing"

func TestAdaptationLimit(t *testing.T) {
	core := &Section{Systems: []System{
		{Kind: KindShieldAdaptive, Rating: 2, Count: 3, Arc: "port"},
		{Kind: KindShieldAdaptive, Rating: 4, Count: 1, Arc: "fore"},
		{Kind: "shieldBasic", Rating: 5, Count: 1, Arc: "port"},
		{Kind: KindShieldAdaptive, Rating: -3, Count: 2, Arc: "port"},
	}}
	fore := &Section{Systems: []System{{Kind: KindShieldAdaptive, Rating: 3, Count: 2}}}
	tests := []struct {
		name string
		sec  *Section
		n    SectionName
		arc  Arc
		want int
	}{
		{"core, designated arc", core, SectionCore, ArcPort, 6},
		{"core, other arc", core, SectionCore, ArcFore, 4},
		{"core, no generator", core, SectionCore, ArcAft, 0},
		{"outboard, own arc", fore, SectionFore, ArcFore, 6},
		{"outboard, not its arc", fore, SectionFore, ArcPort, 0},
	}
	for _, tt := range tests {
		if got := tt.sec.AdaptationLimit(tt.n, tt.arc); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}
