package costing

// V7 returns a deep copy of the metaverse-cv/7 constants table.
func V7() *Table { return tableV7().clone() }

// tableV7 is the metaverse-cv/7 constants table (docs/costing.md §
// metaverse-cv/7): metaverse-cv/6's terms, with the fitted constants
// chosen again by TestFitV7 (sim/fitv7_test.go) on the simulator as it now
// plays (docs/simulation.md):
//
//   - FTL jumps plotted and struck simultaneously: until then the first
//     side of every duel won ties of timing (a design against itself
//     scored up to 62.6 % for it), and metaverse-cv/6 was fitted on duels
//     whose first side was always the same style, or the larger ship;
//   - newtonian ships keeping their momentum, without a top speed and
//     with braking.
//
// K and ReferenceOffence are refrozen so that the reference cruiser
// scores 100. Change nothing here without a new version.
func tableV7() *Table {
	t := tableV6()
	t.Version = VersionV7
	t.K = 5.496405333337368
	t.ReferenceOffence = 16.764970950472318
	v := t.V2
	v.Opponents[0].Weight = 1.385  // escort
	v.Opponents[1].Weight = 2.069  // cruiser
	v.Opponents[2].Weight = 0.6096 // battleship
	v.Opponents[3].Weight = 0.05   // missile cruiser
	v.Opponents[4].Weight = 0.322  // carrier
	v.OffenceShare = 0.5445
	v.KillTurns0 = 0.3016
	v.HorizonTurns = 2.72
	v.CritBase = 15.82
	v.CritFragile = 0
	v.DisableBase = 0.1701
	v.FighterWeight = 1.87
	v.RegenWeight = 0.006704
	v.RamSuccess = 0.02334
	v.FighterContact = 0.395
	v.SpeedWeight = 0.1375
	v3 := *t.V3
	v3.SizePower = 0.3617
	v3.FTLDelay = 0.0001335
	v3.OnceTurns = 1.9
	v3.PodTurns = 5.234
	v3.PodCeiling = 17.07
	v3.EnemyFTLShare = 0.0006023
	t.V3 = &v3
	return t
}
