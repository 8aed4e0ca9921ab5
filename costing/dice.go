package costing

// Attack is one damage pulse against one defended arc: everything the
// expected damage of a pulse depends on. Offence (weapons against the
// reference target) and defence (the reference attacker against this
// ship) both go through it, so the two can never disagree on a die.
type Attack struct {
	Sides        int // faces of the damage die, 1-12
	Modifier     int // added to each pulse
	RangePenalty int // energy weapons: -1 per range band
	Armour       int // the target's armour on the arc
	AP           int // armour piercing: armour ignored per pulse
	Deflector    int // deflector rating left after deflection piercing

	// Face-dependent qualities (rules §5.1, §7.2). "Odd" is the face
	// rolled, not the result; a D1 always rolls an even 1.
	PR bool // proximity: odd faces count double (modifier not doubled)
	QM bool // quantum: odd faces roll again, armour-free, no qualities
	IO bool // ionized: hull damage doubled
	DM bool // dimensional: odd faces' hull damage doubled
	ML bool // molecular: odd faces skip shields (valued by ShieldExposure)
	TM bool // temporal: odd faces that deal damage may score a critical

	AMBonus int // antimatter: target EMS, added on odd faces, capped by Modifier
	DSBonus int // disruptive: target mass factor, added on odd faces, capped by Modifier
}

// QualityValues are the table constants the face-dependent qualities need.
type QualityValues struct {
	ShieldExposure    float64 // ML: worth of skipping shields per point of damage
	TemporalCritValue float64 // TM: hull-hit value of one critical
	TemporalCritDie   int     // TM: a critical on the top face of this die
}

// Qualities returns the table's quality constants.
func (t *Table) Qualities() QualityValues {
	return QualityValues{ShieldExposure: t.ShieldExposure, TemporalCritValue: t.TemporalCritValue, TemporalCritDie: t.TemporalCritDie}
}

// odd reports whether face counts as odd on a die of the given sides.
func odd(face, sides int) bool { return sides > 1 && face%2 == 1 }

// PulseDamage is the expected hull damage of one pulse, by exact
// enumeration of the die's faces (rules §7.2). For each face:
//
//   - a face at or below the deflector is ignored, except the top face;
//     a D1 facing any deflector rolls a D2 and is ignored on a 1;
//   - PR doubles an odd face; AM and DS add their bonus on odd faces;
//   - damage = max(0, value + modifier + bonus - range penalty - max(0, armour - AP));
//   - IO doubles it, DM doubles it again on odd faces, ML adds
//     ShieldExposure on odd faces, TM adds the critical's value on odd
//     faces that deal damage;
//   - QM adds, on odd faces, the expectation of a plain armour-free roll.
//
// The result is the mean over faces, summed in face order.
func PulseDamage(a Attack, q QualityValues) float64 {
	n := a.Sides
	if n < 1 {
		return 0
	}
	sum := 0.0
	for f := 1; f <= n; f++ {
		sum += faceDamage(a, q, f)
	}
	if n == 1 && a.Deflector > 0 {
		// The D1 rolls a D2 against a deflector: half its pulses are ignored.
		return float64(sum * 0.5)
	}
	return sum / float64(n)
}

// faceDamage is the damage of one face, deflector included (except the
// D1's D2 roll, which PulseDamage applies).
func faceDamage(a Attack, q QualityValues, f int) float64 {
	n := a.Sides
	if n > 1 && f < n && f <= a.Deflector {
		return 0
	}
	isOdd := odd(f, n)
	v := f
	if a.PR && isOdd {
		v = 2 * f
	}
	bonus := 0
	if isOdd {
		bonus += min(max(a.AMBonus, 0), max(a.Modifier, 0))
		bonus += min(max(a.DSBonus, 0), max(a.Modifier, 0))
	}
	armour := max(0, a.Armour-max(0, a.AP))
	d := float64(max(0, v+a.Modifier+bonus-a.RangePenalty-armour))
	if a.IO {
		d = float64(d * 2)
	}
	if a.DM && isOdd {
		d = float64(d * 2)
	}
	if a.ML && isOdd {
		d = float64(d * (1 + q.ShieldExposure))
	}
	if a.TM && isOdd && d > 0 && q.TemporalCritDie > 0 {
		d += q.TemporalCritValue / float64(q.TemporalCritDie)
	}
	if a.QM && isOdd {
		d += plainRoll(n, a.Modifier, a.RangePenalty, a.Deflector)
	}
	return d
}

// plainRoll is the expected damage of a further roll of the die that
// ignores armour and every quality but keeps the range penalty and the
// deflector (QM's extra pulse).
func plainRoll(n, modifier, rangePenalty, deflector int) float64 {
	sum := 0.0
	for g := 1; g <= n; g++ {
		if n > 1 && g < n && g <= deflector {
			continue
		}
		sum += float64(max(0, g+modifier-rangePenalty))
	}
	if n == 1 && deflector > 0 {
		return float64(sum * 0.5)
	}
	return sum / float64(n)
}

// HitChance is the chance a sensor roll on the sensor die hits (rules
// §7.2): with sensor profile sp and target profile tp, P = (min(sp, die) -
// max(tp, 0)) / die when that is at least 1/die, else 1/die (only a roll
// equal to the sensor's rating hits). A ship without a sensor (rating 0)
// never hits. sp and tp may be fractional (defence uses a continuous
// target rating); the result never falls as sp rises or tp falls.
func HitChance(sensor int, sp, tp float64, die int) float64 {
	if sensor <= 0 || die <= 0 {
		return 0
	}
	d := float64(die)
	p := (min(sp, d) - max(tp, 0)) / d
	return max(p, 1/d)
}
