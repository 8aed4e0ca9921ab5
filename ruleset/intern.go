package ruleset

// interned holds the short strings documents repeat: catalogue kinds,
// parameter and option values, dice and the enumerations of each format.
// The decoder hands out these strings instead of allocating a copy for
// every value. Rulesets add their words with Intern when their package is
// initialised (a word missing costs an allocation, never a wrong value).
var interned internTable

// internSlots is the size of the interned table: a power of two at least
// twice the number of words, so that probes stay short.
const internSlots = 512

type internTable [internSlots]string

// Intern adds words to the decoder's table of interned strings. Call it
// only while packages are initialised (from a var or init of the ruleset's
// package): the decoder reads the table without a lock. Words longer than
// 18 bytes, empty ones and those already there are skipped; once the table
// is half full further words are skipped too.
func Intern(words ...string) {
	for _, w := range words {
		if w == "" || len(w) > maxInterned || intern([]byte(w)) == w && isInterned(w) {
			continue
		}
		if internCount >= internSlots/2 {
			return
		}
		h := NameHash(w) % internSlots
		for interned[h] != "" {
			h = (h + 1) % internSlots
		}
		interned[h] = w
		internCount++
	}
}

var internCount int

func isInterned(w string) bool {
	for h := NameHash(w) % internSlots; interned[h] != ""; h = (h + 1) % internSlots {
		if interned[h] == w {
			return true
		}
	}
	return false
}

// NameHash mixes a short name's length and its first, second and last
// bytes: enough to spread catalogue names over a table probed linearly.
// The name must not be empty.
func NameHash[T string | []byte](b T) int {
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
	for h := NameHash(b) % internSlots; interned[h] != ""; h = (h + 1) % internSlots {
		if interned[h] == string(b) { // no allocation: the compiler reads b in place
			return interned[h]
		}
	}
	return string(b)
}

// Interned reports whether s is in the decoder's table (for tests that
// keep a ruleset's word list current).
func Interned(s string) bool { return len(s) > 0 && len(s) <= maxInterned && isInterned(s) }
