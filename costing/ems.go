package costing

import "math"

// EMS is a ship's EMS from the sum of its reactors' ratings (rules §6.3):
// max(1, round(sqrt(sum))). The evaluation prices a design with it and
// table mode (ruleset/metaverse's play rules) derives the EMS left when
// reactors are lost with it: the one place the rule lives.
func EMS(reactorRatings int) int {
	return max(1, Round(math.Sqrt(float64(max(0, reactorRatings)))))
}
