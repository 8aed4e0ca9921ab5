package sim

// critCategories names the chart's categories (the 1D8 roll), in order.
var critCategories = [8]string{"secondary systems", "electronic warfare systems", "propulsion systems",
	"weapon systems", "crew systems", "primary systems", "structure", "compound criticals"}

// CriticalCategory is one category of the critical hit chart: its 1D8
// roll, its name and its six effects by 1D6 roll.
type CriticalCategory struct {
	Roll    int
	Name    string
	Effects [6]string
}

// CriticalChart is the rulebook's critical hit chart as the simulator
// applies it, for a table game's log to name a critical rolled at the
// table (ruleset/metaverse): one chart for both.
func CriticalChart() []CriticalCategory {
	out := make([]CriticalCategory, len(critChart))
	for i, row := range critChart {
		out[i] = CriticalCategory{Roll: i + 1, Name: critCategories[i]}
		for j, e := range row {
			out[i].Effects[j] = e.name
		}
	}
	return out
}
