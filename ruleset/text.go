package ruleset

// The JSON Schema patterns of a text member, one place for every game's
// schema: printable characters are Unicode letters, marks, numbers,
// punctuation, symbols and the ASCII space, as unicode.IsPrint has it; a
// multi-line text may also hold line breaks and tabs; a required text is
// not blank.
const (
	printableClass = `\p{L}\p{M}\p{N}\p{P}\p{S}`
	// PatternPrintable matches a text of printable characters.
	PatternPrintable = `^[` + printableClass + ` ]*$`
	// PatternNonBlank matches a printable text with a visible character.
	PatternNonBlank = `^[` + printableClass + ` ]*[` + printableClass + `][` + printableClass + ` ]*$`
	// PatternMultiline matches a printable text of several lines.
	PatternMultiline = `^[` + printableClass + ` \n\t]*$`
)

// TextSchema is the JSON Schema keywords of a one-line text member of
// lo-hi printable characters (not blank when lo > 0).
func TextSchema(lo, hi int) map[string]any {
	k := map[string]any{"maxLength": hi, "pattern": PatternPrintable}
	if lo > 0 {
		k["minLength"] = lo
		k["pattern"] = PatternNonBlank
	}
	return k
}
