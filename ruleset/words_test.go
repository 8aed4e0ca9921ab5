package ruleset

import "testing"

func TestWords(t *testing.T) {
	for got, want := range map[string]string{
		Count(1, "problem"):                        "1 problem",
		Count(2, "problem"):                        "2 problems",
		Count(1200, "hull hit"):                    "1,200 hull hits",
		Count(3, "system entry", "system entries"): "3 system entries",
		A("axis"):                "an axis",
		A("bridge"):              "a bridge",
		A("FTL drive"):           "an FTL drive",
		A("EW array"):            "an EW array",
		A("unit"):                "a unit",
		Lower("Basic STL drive"): "basic STL drive",
		Lower("EW array"):        "EW array",
		Spaced("foreAft"):        "fore aft",
		Spaced("D6"):             "D6",
		Singular("qualities"):    "quality",
		Plural("class"):          "classes",
		Place("sections.core.layers[0].hullHits", nil): "Core section, layer 1, hull hits",
		Place("sections.port.shields.port", nil):       "Port section, port shields",
		Place("ruleset", nil):                          "Game",
		Place("", nil):                                 "",
	} {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}
