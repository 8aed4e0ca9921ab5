// Package playerwords checks that a problem's texts are a player's words
// (issue 19): no JSON, no rule id, no JSON path, and numbers, plurals and
// articles that agree. Tests of every game's rules call it.
package playerwords

import (
	"regexp"
	"strings"
)

var (
	typed  = regexp.MustCompile(`‘[^’]*’`) // what a player typed, quoted: not Slipway's words
	json   = regexp.MustCompile(`[{\["]`)
	ruleID = regexp.MustCompile(`\b(R|BS|F)-[A-Z0-9]+(-[0-9]+)?\b`)
	camel  = regexp.MustCompile(`\b[a-z]+[A-Z][A-Za-z]*\b`)
	aVowel = regexp.MustCompile(`\b[Aa] ([aeiou][a-z]*)`)
	anCons = regexp.MustCompile(`\b[Aa]n ([b-df-hj-np-tv-z][a-z]*)`)
	// nouns Slipway counts in its texts
	nouns    = `(problem|error|warning|hit|character|tag|layer|weapon|squadron|point|ship|unit|entry|definition|class|system|part(y|ie)|turn|sector|zone|sub-commander|size unit|space unit|hull hit)`
	onePlur  = regexp.MustCompile(`(^|[^\d,.\-−])1 ` + nouns + `s\b`)
	manySing = regexp.MustCompile(`(^|[^\d,.\-−])([02-9]|[1-9][\d,]*\d) ` + nouns + `( (is|has|was)\b|[;,.)]|$)`)
)

// Check returns what is wrong with a problem's message or hint as a
// player's text (nothing when it is right). path is the problem's path.
func Check(text, path string) []string {
	var out []string
	s := typed.ReplaceAllString(text, "‘’")
	if json.MatchString(s) {
		out = append(out, "shows JSON ({, \" or [)")
	}
	if ruleID.MatchString(s) {
		out = append(out, "names a rule id")
	}
	if path != "" && (strings.ContainsAny(path, ".[") || camel.MatchString(path)) && strings.Contains(text, path) {
		out = append(out, "names its JSON path")
	}
	if m := camel.FindString(s); m != "" {
		out = append(out, "names a document member ("+m+")")
	}
	if m := aVowel.FindStringSubmatch(s); m != nil && !soundsLikeYou(m[1]) {
		out = append(out, "writes a before a vowel ("+m[0]+")")
	}
	if m := anCons.FindStringSubmatch(s); m != nil && !strings.HasPrefix(m[1], "hour") {
		out = append(out, "writes an before a consonant ("+m[0]+")")
	}
	words := strings.Fields(strings.ToLower(s))
	for i := 1; i < len(words); i++ {
		if words[i] == words[i-1] && strings.Trim(words[i], "‘’") != "" {
			out = append(out, "doubles a word ("+words[i]+" "+words[i]+")")
			break
		}
	}
	return append(out, Agreement(s)...)
}

// Agreement returns what is wrong with the counts of a text a player
// reads, printed or on a screen: one counted in the plural ("1 units",
// "1 sub-commanders") or many in the singular ("3 ship;"). Unlike Check
// it takes any text, ids and JSON included.
func Agreement(text string) []string {
	var out []string
	s := typed.ReplaceAllString(text, "‘’")
	if m := onePlur.FindString(s); m != "" {
		out = append(out, "counts one in the plural ("+strings.TrimSpace(m)+")")
	}
	if m := manySing.FindString(s); m != "" {
		out = append(out, "counts many in the singular ("+strings.TrimSpace(m)+")")
	}
	return out
}

func soundsLikeYou(word string) bool {
	for _, p := range []string{"uni", "use", "usu", "one", "eu"} {
		if strings.HasPrefix(word, p) {
			return true
		}
	}
	return false
}
