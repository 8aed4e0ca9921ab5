package costing

// V6 returns a deep copy of the metaverse-cv/6 constants table.
func V6() *Table { return tableV6().clone() }

// tableV6 is the metaverse-cv/6 constants table (docs/costing.md §
// metaverse-cv/6): metaverse-cv/5's terms, with
//
//   - a one-shot salvo's share of the opponent it strikes worked out as
//     the guns' time to destroy is, its criticals counted
//     (SalvoCriticals);
//   - the fitted constants chosen again by TestFitV6 (sim/fit_test.go) on
//     the simulator that holds fire (docs/simulation.md, "Hold fire"),
//     against a training set that also holds the extremes the
//     calibration generator never makes: a second generator's designs,
//     dueled against the reference-cruiser ladder (never the hold-out
//     designs).
//
// K and ReferenceOffence are refrozen so that the reference cruiser
// scores 100. Change nothing here without a new version.
func tableV6() *Table {
	t := tableV5()
	t.Version = VersionV6
	t.K = 5.012131637590852
	t.ReferenceOffence = 15.798704233971062
	v := t.V2
	v.Opponents[0].Weight = 0.7115 // escort
	v.Opponents[1].Weight = 1.881  // cruiser
	v.Opponents[2].Weight = 0.458  // battleship
	v.Opponents[4].Weight = 0.4818 // carrier
	v.KillTurns0 = 0.1549
	v.HorizonTurns = 3.627
	v.CritBase = 15.82
	v.DisableBase = 0.08733
	v.FighterWeight = 2.267
	v.RegenWeight = 0.465
	v.RamSuccess = 0.005993
	v.FighterContact = 0.135
	v.SpeedWeight = 0.1263
	v3 := *t.V3
	v3.SizePower = 0.6014
	v3.FTLDelay = 0.004218
	v3.OnceTurns = 3.128
	v3.PodTurns = 2.617
	v3.PodCeiling = 23.41
	v3.EnemyFTLShare = 0.02538
	v3.SalvoCriticals = true
	t.V3 = &v3
	return t
}
