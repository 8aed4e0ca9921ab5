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
