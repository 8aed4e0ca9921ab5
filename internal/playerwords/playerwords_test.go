package playerwords

import "testing"

func TestCheck(t *testing.T) {
	bad := map[string]string{
		`add {"kind": "bridge"} to any section`:        "",
		"a basic STL drive needs a axis":               "",
		"fix them (1 problems)":                        "",
		"it has 3 hull hit; at most 2,000 are allowed": "",
		"see R-PRO-02":                                 "",
		"set foreAft":                                  "",
		"the mount at sections.core.weapons[0] is bad": "sections.core.weapons[0]",
		"an basic drive":                               "",
		"this is is wrong":                             "",
	}
	for text, path := range bad {
		if len(Check(text, path)) == 0 {
			t.Errorf("%q passes", text)
		}
	}
	good := []string{
		"Core section, basic STL drive: choose which axis it drives",
		"1 problem more is not listed (1 error and 0 warnings)",
		"the ship has 2 hull hits; add an FTL drive, a unit or an EW array",
		"Weapon definitions: the id ‘fooBar[1]’ is used twice",
		"the ship has 101 weapon definitions; at most 100 are allowed",
	}
	for _, text := range good {
		if got := Check(text, ""); len(got) > 0 {
			t.Errorf("%q: %v", text, got)
		}
	}
}
