package costing

import (
	"math"
	"strconv"
	"strings"
)

// Node is one number of an evaluation with the formula that produced it,
// the inputs it read and the numbers it was built from (rules §7.5). The
// web form, the API, the CLI and the sheets' CV footnote all read this
// one tree.
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

// arena hands out nodes, inputs and child lists from a few large
// allocations: an evaluation builds about fifty nodes and a hundred
// inputs (metaverse-cv/2's reference cruiser 45 and 105), and a dozen
// nodes have children. Each chunk is sized so that a typical ship needs
// one; a bigger one takes another.
type arena struct {
	nodes  []Node
	inputs []Input
	kids   []*Node
}

// Chunk sizes of the arena: a typical ship needs one of each.
const (
	arenaNodes  = 48
	arenaInputs = 128
	arenaKids   = 16 * 8
)

// arenaChunk is the arena's first chunk of each kind, allocated with the
// result in one block (see resultBlock).
type arenaChunk struct {
	nodes  [arenaNodes]Node
	inputs [arenaInputs]Input
	kids   [arenaKids]*Node
}

// start makes c the arena's first chunks.
func (a *arena) start(c *arenaChunk) {
	a.nodes, a.inputs, a.kids = c.nodes[:0:arenaNodes], c.inputs[:0:arenaInputs], c.kids[:0:arenaKids]
}

func (a *arena) node(key, label, formula string, v float64, inputs ...Input) *Node {
	if len(a.nodes) == cap(a.nodes) {
		a.nodes = make([]Node, 0, arenaNodes)
	}
	a.nodes = append(a.nodes, Node{Key: key, Label: label, Formula: formula, Value: v})
	n := &a.nodes[len(a.nodes)-1]
	if len(inputs) > 0 {
		if cap(a.inputs)-len(a.inputs) < len(inputs) {
			a.inputs = make([]Input, 0, max(arenaInputs, len(inputs)))
		}
		start := len(a.inputs)
		a.inputs = append(a.inputs, inputs...)
		n.Inputs = a.inputs[start:len(a.inputs):len(a.inputs)]
	}
	return n
}

// addInputs appends inputs to n's, from the arena: in place when n's are
// the arena's last and there is room, else copied to a new place.
func (a *arena) addInputs(n *Node, inputs ...Input) {
	if len(inputs) == 0 {
		return
	}
	k := len(n.Inputs)
	end := len(a.inputs)
	if k > 0 && end >= k && cap(a.inputs)-end >= len(inputs) && &a.inputs[end-k] == &n.Inputs[0] {
		a.inputs = append(a.inputs, inputs...)
		n.Inputs = a.inputs[end-k : len(a.inputs) : len(a.inputs)]
		return
	}
	if cap(a.inputs)-end < k+len(inputs) {
		a.inputs = make([]Input, 0, max(arenaInputs, k+len(inputs)))
		end = 0
	}
	a.inputs = append(append(a.inputs, n.Inputs...), inputs...)
	n.Inputs = a.inputs[end:len(a.inputs):len(a.inputs)]
}

func in(name string, v float64) Input { return Input{Name: name, Value: v} }

// add appends children to n, taking the first slots from the arena.
func (a *arena) add(n *Node, c ...*Node) *Node {
	if n.Children == nil && len(c) > 0 {
		const slots = 8
		if cap(a.kids)-len(a.kids) < slots {
			a.kids = make([]*Node, 0, arenaKids)
		}
		start := len(a.kids)
		a.kids = a.kids[:start+slots]
		n.Children = a.kids[start : start : start+slots]
	}
	// A list that outgrows its slots grows in place when it is the
	// arena's last and there is room.
	if k, need := cap(n.Children), len(n.Children)+len(c); need > k && k > 0 {
		end := len(a.kids)
		if end >= k && cap(a.kids)-end >= need-k && &a.kids[end-k] == &n.Children[:1][0] {
			a.kids = a.kids[:end+need-k]
			n.Children = a.kids[end-k : end-k+len(n.Children) : end-k+need]
		}
	}
	n.Children = append(n.Children, c...)
	return n
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
