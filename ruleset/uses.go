package ruleset

import (
	"strconv"
	"strings"
)

// Use is one document of the library that a design names and reads: a
// Star Eater loadout's card set.
type Use struct {
	// Path is the member that names it: "cardSet".
	Path string `json:"path"`
	// Ref is the reference as written: "<design id>" for the latest
	// version or "<design id>@<version>".
	Ref string `json:"ref"`
}

// MaxUses is how many documents one design may name; the library reads
// no more.
const MaxUses = 4

// Referrer is a ruleset whose documents may name other documents of the
// library that their evaluation reads. It is optional: a game without
// references does not implement it. Whoever evaluates with a library
// (the library, the API) reads each reference the caller may read and
// hands the documents to Bind before Evaluate; the command line, with no
// library, evaluates the design unbound, and the game says what it could
// not read.
type Referrer interface {
	// Uses lists the library documents d names, at most MaxUses.
	Uses(d Design) []Use
	// Bind returns d with the documents it uses: docs holds, by
	// reference, those found that the caller may read, decoded. A
	// reference missing from docs is not in the library or not the
	// caller's to read, which the evaluation reports without telling the
	// two apart. Bind leaves d as it was; the design it returns marshals
	// as d does.
	Bind(d Design, docs map[string]Design) Design
}

// ParseRef reads a library reference, "<design id>" or "<design
// id>@<version>": the id and the version (0 for the latest); false when
// ref is not one. A design id is 1-64 lower-case letters, digits and
// hyphens.
func ParseRef(ref string) (id string, version int, ok bool) {
	id, v, versioned := strings.Cut(ref, "@")
	if id == "" || len(id) > 64 {
		return "", 0, false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return "", 0, false
		}
	}
	if !versioned {
		return id, 0, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 1_000_000 || strconv.Itoa(n) != v {
		return "", 0, false
	}
	return id, n, true
}
