package ruleset

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words a player reads. A problem's Message and Hint are sentences in the
// form's own words: they name a place as the form labels it ("Core
// section, basic STL drive"), never a JSON path, a rule id or JSON. The
// helpers here keep numbers, plurals and articles in agreement for every
// game.

// Count writes n and a noun that agrees with it: "1 problem",
// "2 problems", "1,200 hull hits". The plural is the noun with an "s"
// unless many is given.
func Count(n int, one string, many ...string) string {
	if n == 1 || n == -1 {
		return Thousands(n) + " " + one
	}
	if len(many) > 0 {
		return Thousands(n) + " " + many[0]
	}
	return Thousands(n) + " " + Plural(one)
}

// Plural is the plural of a noun: "problem" "problems", "quality"
// "qualities", "class" "classes". The last word of a phrase is the one
// that changes ("hull hit" "hull hits").
func Plural(noun string) string {
	switch {
	case noun == "":
		return noun
	case strings.HasSuffix(noun, "y") && len(noun) > 1 && !strings.ContainsAny(noun[len(noun)-2:len(noun)-1], "aeiou"):
		return noun[:len(noun)-1] + "ies"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	}
	return noun + "s"
}

// Is is "is" for one and "are" for any other number.
func Is(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// Thousands writes n with thousands separators: 4,000.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}

// A writes a noun phrase with its indefinite article: "a bridge", "an
// ECM array", "an FTL drive", "a unit", "an armour rating".
func A(phrase string) string {
	if anSound(phrase) {
		return "an " + phrase
	}
	return "a " + phrase
}

// anSound reports whether a phrase starts with a vowel sound: a vowel
// ("an axis"), or an abbreviation read letter by letter whose first
// letter is named with one ("an FTL drive", "an SoC", "an EW array").
func anSound(phrase string) bool {
	word, _, _ := strings.Cut(phrase, " ")
	if word == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(word)
	if abbreviation(word) {
		return strings.ContainsRune("AEFHILMNORSX", unicode.ToUpper(r))
	}
	lower := strings.ToLower(word)
	for _, p := range []string{"uni", "use", "usu", "one", "eu"} {
		if strings.HasPrefix(lower, p) {
			return false
		}
	}
	if unicode.IsDigit(r) { // "an 8", "an 11", "an 18"
		return strings.HasPrefix(word, "8") || word == "11" || word == "18" || strings.HasPrefix(word, "11,") || strings.HasPrefix(word, "18,")
	}
	return strings.ContainsRune("aeiou", unicode.ToLower(r))
}

// abbreviation reports whether a word is read letter by letter: two
// capitals among its first three letters (FTL, EW, SoC, ECM, SU).
func abbreviation(word string) bool {
	caps, n := 0, 0
	for _, r := range word {
		if n == 3 {
			break
		}
		n++
		if unicode.IsUpper(r) {
			caps++
		}
	}
	return caps >= 2 || (n == 1 && unicode.IsUpper([]rune(word)[0]))
}

// Capital starts s with a capital letter.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// Lower starts a name with a small letter unless it begins with an
// abbreviation: "Basic STL drive" "basic STL drive", "EW array" stays.
func Lower(name string) string {
	word, _, _ := strings.Cut(name, " ")
	if word == "" || abbreviation(word) {
		return name
	}
	r, n := utf8.DecodeRuneInString(name)
	return string(unicode.ToLower(r)) + name[n:]
}

// Spaced writes a document's word as a player reads it: "foreAft" "fore
// aft", "energyKinetic" "energy kinetic", "hullHits" "hull hits", the way
// the form's choices show them.
func Spaced(s string) string {
	if strings.ToUpper(s) == s {
		return s // D6, UN: a code keeps its capitals
	}
	var sb strings.Builder
	prev := rune(0)
	for _, r := range s {
		if unicode.IsUpper(r) && unicode.IsLower(prev) {
			sb.WriteByte(' ')
		}
		sb.WriteRune(unicode.ToLower(r))
		prev = r
	}
	return sb.String()
}

// List joins words with commas and a last conjunction: "a, b and c",
// "a or b".
func List(words []string, conj string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}

// SpacedList writes document values as a player reads them, joined with a
// conjunction: "fore aft or port starboard".
func SpacedList(values []string, conj string) string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = Spaced(v)
	}
	return List(out, conj)
}

// Sentence joins a place and what is wrong there: "Core section, basic
// STL drive: choose which axis it drives"; without a place the sentence
// starts with a capital.
func Sentence(place, what string) string {
	if place == "" {
		return Capital(what)
	}
	return place + ": " + what
}

// PathStep is one step of a problem's path: a member name (Index -1) or a
// list index.
type PathStep struct {
	Key   string
	Index int
}

// ParsePath splits a problem's path into steps:
// "sections.core.systems[3].axis" is sections, core, systems, 3, axis.
func ParsePath(p string) []PathStep {
	var out []PathStep
	for p != "" {
		switch p[0] {
		case '.':
			p = p[1:]
		case '[':
			end := strings.IndexByte(p, ']')
			if end < 0 {
				return append(out, PathStep{Key: p, Index: -1})
			}
			n, err := strconv.Atoi(p[1:end])
			if err != nil {
				out = append(out, PathStep{Key: p[1:end], Index: -1})
			} else {
				out = append(out, PathStep{Index: n})
			}
			p = p[end+1:]
		default:
			end := strings.IndexAny(p, ".[")
			if end < 0 {
				end = len(p)
			}
			out = append(out, PathStep{Key: p[:end], Index: -1})
			p = p[end:]
		}
	}
	return out
}

// Namer names one step of a path in a game's words: steps[i] is the step
// named (an entry of a list or keyed object, or a member), steps[:i] the
// way to it. It returns "" to keep Place's own words and "-" to leave the
// step out.
type Namer func(steps []PathStep, i int) string

// Place names the place a path points at, in a player's words, one part
// for each member or entry: "sections.core.layers[0].hullHits" is "Core
// section, layer 1, hull hits". A list's entry is its singular and its
// number from 1 ("layer 1"), an entry of an object keyed by name is the
// name and the object's singular ("core section"), a member its words
// ("hull hits"). name, when given, says better where it can: a system
// by its kind, a weapon by its name.
func Place(path string, name Namer) string {
	steps := ParsePath(path)
	var parts []string
	for i := 0; i < len(steps); i++ {
		s := steps[i]
		if s.Index < 0 && i+1 < len(steps) && (steps[i+1].Index >= 0 || keyed[s.Key] != "") {
			continue // a list or an object keyed by name: its entry names it
		}
		if name != nil {
			if w := name(steps, i); w != "" {
				if w != "-" {
					parts = append(parts, w)
				}
				continue
			}
		}
		switch {
		case s.Index >= 0:
			noun := "entry"
			if i > 0 && steps[i-1].Index < 0 {
				noun = Singular(Spaced(steps[i-1].Key))
			}
			parts = append(parts, noun+" "+strconv.Itoa(s.Index+1))
		case i > 0 && steps[i-1].Index < 0 && keyed[steps[i-1].Key] != "":
			parts = append(parts, Spaced(s.Key)+" "+keyed[steps[i-1].Key])
		case i == 0 && headLabels[s.Key] != "":
			parts = append(parts, headLabels[s.Key])
		default:
			parts = append(parts, Spaced(s.Key))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return Capital(strings.Join(parts, ", "))
}

// headLabels name the members of every document's head that no form
// shows by their own words.
var headLabels = map[string]string{"ruleset": "game", "schema": "file format"}

// keyed lists the members, in every game's documents, that are objects
// keyed by a name a player chose or reads (a section's name, an arc), and
// what one entry is called after its name: "core section", "fore armour".
var keyed = map[string]string{"sections": "section", "armour": "armour", "shields": "shields", "ablative": "ablative plates"}

// Singular is the singular of a plural noun: "layers" "layer",
// "qualities" "quality", "classes" "class", "hangar bays" "hangar bay".
func Singular(noun string) string {
	switch {
	case strings.HasSuffix(noun, "ies"):
		return noun[:len(noun)-3] + "y"
	case strings.HasSuffix(noun, "sses"), strings.HasSuffix(noun, "ches"), strings.HasSuffix(noun, "shes"), strings.HasSuffix(noun, "xes"):
		return noun[:len(noun)-2]
	case strings.HasSuffix(noun, "s") && !strings.HasSuffix(noun, "ss"):
		return noun[:len(noun)-1]
	}
	return noun
}
