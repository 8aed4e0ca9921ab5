package ruleset

import (
	"math"
	"strconv"
	"strings"
)

// Node is one number of an evaluation with the formula that produced it,
// the inputs it read and the numbers it was built from (for
// Metaverse, rules §7.5). The web form, the API, the command line and the
// sheets read this one tree, whatever the game.
type Node struct {
	// Key is a stable machine name ("cv", "offence", "mount[fore.weapons[0]]").
	Key string `json:"key"`
	// Label is the human name of the number.
	Label string `json:"label"`
	// Formula names how Value is computed from Inputs and Children.
	Formula string `json:"formula,omitempty"`
	// Value is the number itself.
	Value float64 `json:"value"`
	// Inputs are the plain numbers the formula read.
	Inputs []Input `json:"inputs,omitempty"`
	// Children are the explained numbers the formula combined.
	Children []*Node `json:"children,omitempty"`
}

// Input is one named number a formula read.
type Input struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}

// Find returns the first node in depth-first order whose Key is key, or nil.
func (n *Node) Find(key string) *Node {
	if n == nil {
		return nil
	}
	if n.Key == key {
		return n
	}
	for _, c := range n.Children {
		if f := c.Find(key); f != nil {
			return f
		}
	}
	return nil
}

// Text renders the tree as indented lines for the CLI:
//
//	label = value   [formula]   (input=value, ...)
func (n *Node) Text() string {
	var sb strings.Builder
	n.write(&sb, 0)
	return sb.String()
}

func (n *Node) write(sb *strings.Builder, depth int) {
	if n == nil {
		return
	}
	for range depth {
		sb.WriteString("  ")
	}
	sb.WriteString(n.Label)
	sb.WriteString(" = ")
	sb.WriteString(FormatNumber(n.Value))
	if n.Formula != "" {
		sb.WriteString("   [")
		sb.WriteString(n.Formula)
		sb.WriteString("]")
	}
	if len(n.Inputs) > 0 {
		sb.WriteString("   (")
		for i, x := range n.Inputs {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(x.Name)
			sb.WriteString("=")
			sb.WriteString(FormatNumber(x.Value))
		}
		sb.WriteString(")")
	}
	sb.WriteString("\n")
	for _, c := range n.Children {
		c.write(sb, depth+1)
	}
}

// FormatNumber prints a number with at most four decimals and no
// trailing zeros.
func FormatNumber(v float64) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatInt(int64(v), 10)
	}
	s := strconv.FormatFloat(v, 'f', 4, 64)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// Explained is an Evaluation that explains its value as a tree, as both
// games' evaluations do (their "explanation" member).
type Explained interface {
	Explain() *Node
}

// Change is what moved a design's value between two explanations of it
// and the term that moved it most: what the designer's panel says after
// an edit ("Combat value +6: Offence O up from 16.32 to 19.1; new: ...").
// It is read from the two trees alone, so every game that explains its
// value gets it without a rule of its own.
type Change struct {
	// Label names the value: the label of the term the headline key
	// names ("Combat value", "Cost"), else the root's.
	Label  string  `json:"label"`
	Before float64 `json:"before"`
	After  float64 `json:"after"`
	// Terms is the chain of changed terms under the value, from the one
	// that changed most among its terms down to the term at the bottom
	// that made it; when nothing under the value changed, the chain
	// under the rest of the tree. Empty when nothing changed at all.
	Terms []TermChange `json:"terms"`
	// Text is the change in one line for a player.
	Text string `json:"text"`
}

// TermChange is one changed term of an explanation.
type TermChange struct {
	Key    string  `json:"key"`
	Label  string  `json:"label"`
	Before float64 `json:"before"`
	After  float64 `json:"after"`
	// How is "added", "removed" or "changed".
	How string `json:"how"`
	// Why is the term's formula (as it is after the change; a removed
	// term's as it was).
	Why string `json:"why,omitempty"`
}

// Difference explains what changed from before to after, two
// explanations of one design's value; headline is the key of the term
// that is the value ("cv", "cost"), "" for the root. Either tree nil:
// nil.
func Difference(before, after *Node, headline string) *Change {
	if before == nil || after == nil {
		return nil
	}
	hb, ha := before, after
	if headline != "" {
		if b, a := before.Find(headline), after.Find(headline); b != nil && a != nil {
			hb, ha = b, a
		}
	}
	c := &Change{Label: ha.Label, Before: hb.Value, After: ha.Value}
	c.Terms = chain(hb, ha, nil)
	if len(c.Terms) == 0 && hb != before {
		// Nothing the value counts moved: say what else did.
		c.Terms = chain(before, after, ha)
	}
	if c.Terms == nil {
		c.Terms = []TermChange{}
	}
	c.Text = c.sentence()
	return c
}

// chain follows the biggest change down from the pair b, a (matched
// terms of the two trees), skipping the subtree skip (the value, already
// found unchanged).
func chain(b, a, skip *Node) []TermChange {
	var out []TermChange
	for {
		kb, ka := b.Children, a.Children
		var best TermChange
		bestScore := -1.0
		var nb, na *Node
		seen := make(map[string]bool, len(ka))
		for i, x := range ka {
			if x == skip {
				continue
			}
			k := childKey(x, i)
			seen[k] = true
			y := matchChild(kb, k)
			if y == nil {
				if s := 2.0; s > bestScore {
					best, bestScore, nb, na = TermChange{Key: x.Key, Label: x.Label, After: x.Value, How: "added", Why: x.Formula}, s, nil, nil
				}
				continue
			}
			if same(y, x) {
				continue
			}
			s := relative(y.Value, x.Value)
			if reshaped(y, x) {
				// A term added or removed below: most often what the
				// edit did, even when its value moved less than another's.
				s++
			}
			if s > bestScore {
				best, bestScore, nb, na = TermChange{Key: x.Key, Label: x.Label, Before: y.Value, After: x.Value, How: "changed", Why: x.Formula}, s, y, x
			}
		}
		for i, y := range kb {
			if k := childKey(y, i); !seen[k] && matchChild(ka, k) == nil && 2.0 > bestScore {
				best, bestScore, nb, na = TermChange{Key: y.Key, Label: y.Label, Before: y.Value, How: "removed", Why: y.Formula}, 2.0, nil, nil
			}
		}
		if bestScore < 0 {
			return out
		}
		out = append(out, best)
		if nb == nil || len(out) >= 16 {
			return out
		}
		b, a = nb, na
	}
}

// childKey is how a child is matched between the trees: its key, else
// its label, else its place.
func childKey(n *Node, i int) string {
	switch {
	case n.Key != "":
		return "k" + n.Key
	case n.Label != "":
		return "l" + n.Label
	}
	return "#" + strconv.Itoa(i)
}

func matchChild(kids []*Node, k string) *Node {
	for i, n := range kids {
		if childKey(n, i) == k {
			return n
		}
	}
	return nil
}

// reshaped reports whether a term was added or removed anywhere under
// the matched pair b, a.
func reshaped(b, a *Node) bool {
	for i, x := range a.Children {
		y := matchChild(b.Children, childKey(x, i))
		if y == nil || reshaped(y, x) {
			return true
		}
	}
	for i, y := range b.Children {
		if matchChild(a.Children, childKey(y, i)) == nil {
			return true
		}
	}
	return false
}

// relative is the size of a change from b to a against the larger of
// the two, 0 to 2.
func relative(b, a float64) float64 {
	d := math.Abs(a - b)
	if d == 0 {
		return 0
	}
	return d / math.Max(math.Max(math.Abs(a), math.Abs(b)), 1e-9)
}

// same reports whether two terms and everything under them are equal.
func same(b, a *Node) bool {
	if b.Value != a.Value || b.Formula != a.Formula || b.Label != a.Label || len(b.Inputs) != len(a.Inputs) || len(b.Children) != len(a.Children) {
		return false
	}
	for i := range b.Inputs {
		if b.Inputs[i] != a.Inputs[i] {
			return false
		}
	}
	for i := range b.Children {
		if b.Children[i].Key != a.Children[i].Key || !same(b.Children[i], a.Children[i]) {
			return false
		}
	}
	return true
}

// short writes a number for a sentence: at most two decimals.
func short(v float64) string { return FormatNumber(math.Round(v*100) / 100) }

// signed writes a difference with its sign: "+6", "−2.5", "+0".
func signed(d float64) string {
	s := short(math.Abs(d))
	if s != "0" && d < 0 {
		return "−" + s
	}
	return "+" + s
}

// sentence is the change in one line.
func (c *Change) sentence() string {
	head := c.Label + " " + signed(c.After-c.Before)
	if len(c.Terms) == 0 {
		return head + ": no number changed"
	}
	top, low := c.Terms[0], c.Terms[len(c.Terms)-1]
	var s string
	switch {
	case len(c.Terms) == 1:
		s = head + ": " + describe(top)
	case top.How == "changed" && short(top.Before) == short(top.After):
		s = head + ": " + describe(low) // the term on top shows no change
	default:
		s = head + ": " + describe(top) + "; " + describe(low)
	}
	if low.Why != "" && (low.How != "changed" || low.After == 0) {
		s += " (" + clip(low.Why, 120) + ")"
	}
	return s
}

func describe(t TermChange) string {
	switch t.How {
	case "added":
		return "new " + t.Label + ", " + short(t.After)
	case "removed":
		return "removed " + t.Label + ", was " + short(t.Before)
	}
	switch b, a := short(t.Before), short(t.After); {
	case t.After > t.Before && a != b:
		return t.Label + " up from " + b + " to " + a
	case t.After < t.Before && a != b:
		return t.Label + " down from " + b + " to " + a
	}
	return t.Label + " changed, still " + short(t.After)
}

// clip shortens s to at most n runes, ending in "…" when cut.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
