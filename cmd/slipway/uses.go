package main

import (
	"flag"
	"fmt"
	"sort"
	"strings"

	"github.com/slipway/slipway/ruleset"
)

// usesFlag is --uses REF=FILE, given once per document: the library
// document a design names by REF (ruleset.Referrer: a Star Eater
// loadout's card set), read from FILE instead, since the command line has
// no library.
type usesFlag struct {
	refs  []string
	files map[string]string
}

func (u *usesFlag) String() string {
	if u == nil {
		return ""
	}
	var s []string
	for _, r := range u.refs {
		s = append(s, r+"="+u.files[r])
	}
	return strings.Join(s, ",")
}

func (u *usesFlag) Set(v string) error {
	ref, file, ok := strings.Cut(v, "=")
	if !ok || file == "" {
		return fmt.Errorf("give REF=FILE: the reference as the design writes it, = and the file to read it from (you gave %q)", v)
	}
	if _, _, ok := ruleset.ParseRef(ref); !ok {
		return fmt.Errorf("%q is not a reference a design can name: a design id (1-64 lower-case letters, digits and hyphens), optionally @ and a version from 1", ref)
	}
	if _, dup := u.files[ref]; dup {
		return fmt.Errorf("%q is given twice", ref)
	}
	if len(u.refs) >= ruleset.MaxUses*4 {
		return fmt.Errorf("at most %d documents may be given", ruleset.MaxUses*4)
	}
	if u.files == nil {
		u.files = map[string]string{}
	}
	u.refs = append(u.refs, ref)
	u.files[ref] = file
	return nil
}

// addUsesFlag adds --uses to fs.
func addUsesFlag(fs *flag.FlagSet) *usesFlag {
	u := &usesFlag{}
	fs.Var(u, "uses", "read the document a design names as `REF=FILE` (a card set) from FILE; once per document")
	return u
}

// bind hands doc the documents it names that u gives (ruleset.Referrer),
// read from their files, as the library would hand them. A design that
// names none of them is returned as it is (unbound: the game says what it
// could not read); one that names some of them must be given all, and
// each file must be a document of the design's game. strict also refuses
// a reference the design does not name (eval and sheet read one design).
func (u *usesFlag) bind(reg *ruleset.Registry, doc decoded, strict bool) (decoded, error) {
	if u == nil || len(u.refs) == 0 {
		return doc, nil
	}
	ref, ok := doc.rs.(ruleset.Referrer)
	if !ok {
		if strict {
			return doc, fmt.Errorf("--uses: a %s design names no other documents", doc.rs.Info().Name)
		}
		return doc, nil
	}
	var named []string
	uses := map[string]ruleset.Use{}
	for _, use := range ref.Uses(doc.d) {
		named = append(named, use.Ref)
		uses[use.Ref] = use
	}
	sort.Strings(named)
	if strict {
		for _, r := range u.refs {
			if !contains(named, r) {
				what := "no other document"
				if len(named) > 0 {
					what = "only " + quoteList(named)
				}
				return doc, fmt.Errorf("--uses %s: the design does not name %q (it names %s)", r, r, what)
			}
		}
	}
	docs := map[string]ruleset.Design{}
	var missing []string
	for _, r := range named {
		file, ok := u.files[r]
		if !ok {
			missing = append(missing, r)
			continue
		}
		used, err := readAnyFile(reg, file)
		if err != nil {
			return doc, fmt.Errorf("--uses %s: %w", r, err)
		}
		if used.rs != doc.rs {
			return doc, fmt.Errorf("--uses %s: %s is a %s document, not a %s one", r, file, used.rs.Info().Name, doc.rs.Info().Name)
		}
		if c, ok := doc.rs.(useChecker); ok {
			if err := c.CheckUse(doc.d, uses[r], used.d); err != nil {
				return doc, fmt.Errorf("--uses %s: %s %w", r, file, err)
			}
		}
		docs[r] = used.d
	}
	if len(docs) == 0 {
		return doc, nil
	}
	if len(missing) > 0 {
		return doc, fmt.Errorf("--uses: the design also names %s: give each as --uses REF=FILE", quoteList(missing))
	}
	return decoded{rs: doc.rs, d: ref.Bind(doc.d, docs)}, nil
}

// useChecker is a Referrer that says whether a document of its own game
// can be the one a reference names (Star Eater: a card set, not a
// loadout or a team), in a player's words that follow the file's name.
// The library needs no such check: the game's evaluation reports a
// reference to the wrong kind of document among its findings.
type useChecker interface {
	CheckUse(d ruleset.Design, use ruleset.Use, used ruleset.Design) error
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func quoteList(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
