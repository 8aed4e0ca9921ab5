package designer

import "testing"

func TestDice(t *testing.T) {
	if len(dieNames) != len(Dice) {
		t.Fatal("dieNames and Dice differ")
	}
	for i, d := range Dice {
		if string(d) != dieNames[i] || !d.Valid() {
			t.Errorf("die %d: %s vs %s", i, d, dieNames[i])
		}
	}
	tests := []struct {
		die   Die
		sides int
		mean  float64
	}{{"D1", 1, 1}, {"D6", 6, 3.5}, {"D12", 12, 6.5}, {"D7", 0, 0}, {"", 0, 0}, {"d6", 0, 0}}
	for _, tt := range tests {
		if tt.die.Sides() != tt.sides || tt.die.Mean() != tt.mean {
			t.Errorf("%q: sides %d mean %v", tt.die, tt.die.Sides(), tt.die.Mean())
		}
	}
	if !Die("D4").InRange("D2", "D6") || Die("D8").InRange("D2", "D6") {
		t.Error("InRange")
	}
}
