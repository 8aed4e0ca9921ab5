package designer

// interned holds the short strings design documents repeat: catalogue
// kinds, parameter and option values, dice and the enumerations of the
// format. The decoder hands out these strings instead of allocating a
// copy for every value (TestInternedCoversCatalogue keeps the list
// current; a missing entry costs an allocation, never a wrong value).
var interned = func() internTable {
	words := []string{
		// catalogue kinds
		"ansible", "bridge", "cic", "cloak", "cmPod", "deflector", "ecm", "elint", "energyGrappler",
		"ewArray", "ftlAdvanced", "ftlBasic", "ftlPrimitive", "grappler", "gravityWell", "jammer",
		"lifeSupport", "reactor", "sensor", "shieldAdaptive", "shieldBasic", "shieldModulated", "soc",
		"stealth", "stlAdvanced", "stlBasic", "stlPrimitive", "targeting", "teleporterAdvanced",
		"teleporterBasic", "thruster",
		// sections, arcs, axes, defence types, options
		"core", "fore", "aft", "port", "starboard", "foreAft", "portStarboard",
		"energy", "kinetic", "energyKinetic", "metallic", "technological", "biological",
		"cinematic", "newtonian", "metaverse",
		// dice
		"D1", "D2", "D3", "D4", "D5", "D6", "D8", "D10", "D12",
		// weapons and squadrons
		"raking", "penetrating", "direct", "indirect", "unlimited", "limited", "oneShot",
		"starships", "starfighters", "directFire", "indirectFire", "other",
		"AM", "DM", "DS", "GR", "IO", "ML", "PH", "PO", "PR", "QM", "RT", "SP", "TM", "UN",
		"ftl", "breaching",
	}
	var t internTable
	for _, w := range words {
		h := nameHash(w) % internSlots
		for t[h] != "" {
			h = (h + 1) % internSlots
		}
		t[h] = w
	}
	return t
}()

// internSlots is the size of the interned table: a power of two at least
// twice the number of words, so that probes stay short.
const internSlots = 256

type internTable [internSlots]string

// nameHash mixes a short name's length and its first, second and last
// bytes: enough to spread the catalogue's names and the words above over
// a table probed linearly. The name must not be empty.
func nameHash[T string | []byte](b T) int {
	n := len(b)
	return n*131 + int(b[0])*31 + int(b[1%n])*7 + int(b[n-1])
}

// maxInterned is the longest interned string; longer values are not
// looked up.
const maxInterned = 18

// intern returns b as a string, without allocating when b is one of the
// interned strings.
func intern(b []byte) string {
	if len(b) == 0 || len(b) > maxInterned {
		return string(b)
	}
	for h := nameHash(b) % internSlots; interned[h] != ""; h = (h + 1) % internSlots {
		if interned[h] == string(b) { // no allocation: the compiler reads b in place
			return interned[h]
		}
	}
	return string(b)
}
