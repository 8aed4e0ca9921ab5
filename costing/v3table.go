package costing

// V3Table holds the constants only metaverse-cv/3 has. metaverse-cv/3 is
// metaverse-cv/2's machinery (V2Table: the reference opponents, the kill
// and survival times) with the changes issue 21 asks for
// (docs/costing.md § metaverse-cv/3):
//
//   - the reference opponents are scaled to the ship's own size, so that
//     the overkill and horizon caps bind alike on a corvette and a titan;
//   - lumps (the FTL attack, a ram) count at most what destroys the
//     opponent they strike, and arrive when they act;
//   - countermeasure pods are spent as the rules let them, several a
//     turn, so that more pods keep the ship hidden for longer;
//   - crew and command quality are in CV (a CV limit prices them).
type V3Table struct {
	// SizeRef is the hull hits of the size the reference opponents are
	// built for: the reference cruiser's 86.
	SizeRef float64 `json:"sizeRef"`
	// SizePower scales the opponents to the ship's own size: a ship of
	// s x SizeRef hull hits meets opponents s^SizePower times as large
	// (hull, shields, guns), so its overkill term is KillTurns0 /
	// s^SizePower and its survival horizon HorizonTurns x s^SizePower.
	// 0 is metaverse-cv/2's fixed opponents; 1 scales them fully.
	SizePower float64 `json:"sizePower"`
	// GameTurns caps the survival horizon however large the ship: past a
	// game's length survival is a draw (the simulator's 30 turns).
	GameTurns float64 `json:"gameTurns"`
	// SizeMin and SizeMax bound s.
	SizeMin float64 `json:"sizeMin"`
	SizeMax float64 `json:"sizeMax"`
	// FTLDelay is the turns before a ship's first FTL attack besides its
	// charge (closing, plotting): the attack's cycle is charge + turns
	// away + FTLDelay.
	FTLDelay float64 `json:"ftlDelay"`
	// OnceTurns is when a one-shot salvo lands, in turns into the fight
	// (closing and, for an indirect weapon, its flight): a salvo that
	// destroys an opponent does so then; a smaller one takes its share
	// of the opponent off what the other weapons must do. A one-shot
	// weapon fires once, so it is a lump, not a rate.
	OnceTurns float64 `json:"onceTurns"`
	// PodTurns is the turns over which countermeasure pods are spent;
	// PodCeiling the EW a turn beyond which more pods add nothing (the
	// enemy's sensor profile is at the ship's target profile: only a
	// roll of the sensor's own rating hits). Pods a turn = PodCeiling x
	// (1 - exp(-ratings / (PodCeiling x PodTurns))): the first pods count
	// one each over PodTurns, as metaverse-cv/2 counted them, and every
	// further pod still adds, less and less.
	PodTurns   float64 `json:"podTurns"`
	PodCeiling float64 `json:"podCeiling"`
	// QualityShare is the share of the rulebook's crew and command
	// factors (rules §8) that CV carries, relative to the reference crew
	// (crew 2, command D3): 1 prices them in full into CV, so a fleet's
	// CV limit pays for its quality as a points limit does.
	QualityShare float64 `json:"qualityShare"`
	// RefCommand is the command quality CV assumes.
	RefCommand string `json:"refCommand"`
	// EnemyFTLShare is the share of the reference attackers that carry a
	// basic FTL drive of rating EnemyFTLRating and make FTL attacks on the
	// ship (metaverse-cv/4's defence; 0 in metaverse-cv/3).
	EnemyFTLShare  float64 `json:"enemyFTLShare,omitempty"`
	EnemyFTLRating int     `json:"enemyFTLRating,omitempty"`
	// BandPastCap: a kinetic weapon's range band raises the target
	// profile past the DefenceMinFaces cap, as the rules' sensor roll
	// does (metaverse-cv/4; false in metaverse-cv/3).
	BandPastCap bool `json:"bandPastCap,omitempty"`
	// OutlastCountsGame: against a reference attacker whose expected fire
	// can never bring the core down (armour, shields and repair stop all
	// of it), the ship's survival counts the whole game, GameTurns x the
	// attacker's damage a turn, not the horizon; survival that is only
	// long stays under the horizon (metaverse-cv/5; false before).
	OutlastCountsGame bool `json:"outlastCountsGame,omitempty"`
	// SalvoCriticals: a one-shot salvo's share of the opponent it strikes
	// is what killTime makes of it, its criticals counted at the
	// opponent's critical value as the other weapons' are, and shields
	// and hull each counted once (metaverse-cv/6; before, only its
	// damage counted, to shields and hull both).
	SalvoCriticals bool `json:"salvoCriticals,omitempty"`
	// SalvoOverkill: a one-shot salvo that would destroy more than one
	// opponent counts every opponent it would destroy, as many as it has
	// one-shot weapons and sensor arrays (every target needs its own
	// array, rules l. 690-693 and 973-976), where it counted one (no
	// published version; measured by TestSalvoOverkill).
	SalvoOverkill bool `json:"salvoOverkill,omitempty"`
	// RamLands, when above 0, is the chance a ram that the command die
	// allows lands (the thruster contest, rules l. 461-468): a reference
	// attacker that cannot destroy the ship by fire rams it instead, and
	// the ship lasts the turns its rams take to destroy it along its
	// weakest arc, not the whole game (no published version; measured by
	// TestRammedWhenUnhurt).
	RamLands float64 `json:"ramLands,omitempty"`
	// OnceReachPow, when not 0, times the one-shot salvos that destroy an
	// opponent by their reach: they land OnceTurns x (OnceReachRef /
	// reach)^OnceReachPow into the fight, the reach (cm; an indirect
	// weapon's range x turns + its strike radius) weighted by each one-shot weapon's
	// damage (no published version; measured by TestOnceReach).
	OnceReachPow float64 `json:"onceReachPow,omitempty"`
	OnceReachRef float64 `json:"onceReachRef,omitempty"`
}

// V3 returns a deep copy of the metaverse-cv/3 constants table.
func V3() *Table { return tableV3().clone() }

// tableV3 is the metaverse-cv/3 constants table: metaverse-cv/2's with
// the constants of the terms issue 21 added. K and ReferenceOffence are
// refrozen so that the reference cruiser scores 100. Change nothing here
// without a new version.
func tableV3() *Table {
	t := tableV2()
	t.Version = VersionV3
	t.Formula = 3
	t.K = 4.933531871072199
	t.ReferenceOffence = 14.095580084432335
	// metaverse-cv/2's constants that TestFitV3 moved (sim/fit_test.go,
	// seed 101 deployed by the encounter rules and at 20, 100 and 200 cm;
	// docs/calibration.md).
	v := t.V2
	v.KillTurns0 = 0.128
	v.HorizonTurns = 4.03
	v.CritBase = 14.38
	v.FighterWeight = 2.29
	v.RegenWeight = 0.22
	v.OffenceShare = 0.5445
	v.FighterContact = 0.3
	v.Opponents[0].Weight = 0.784 // escort
	v.Opponents[4].Weight = 0.584 // carrier
	t.V3 = &V3Table{
		SizeRef:      86,
		SizePower:    0.825,
		GameTurns:    30,
		SizeMin:      0.25,
		SizeMax:      100,
		FTLDelay:     0.075,
		OnceTurns:    2.16,
		PodTurns:     5.3,
		PodCeiling:   8,
		QualityShare: 1,
		RefCommand:   "D3",
	}
	return t
}
