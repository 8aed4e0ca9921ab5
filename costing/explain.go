package costing

import (
	"github.com/slipway/slipway/ruleset"
)

// Node is one number of an evaluation with the formula that produced it,
// the inputs it read and the numbers it was built from (rules §7.5;
// ruleset.Node). The web form, the API, the CLI and the sheets' CV
// footnote all read this one tree.
type Node = ruleset.Node

// Input is one named number a formula read (ruleset.Input).
type Input = ruleset.Input

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

// FormatNumber prints a number with at most four decimals and no
// trailing zeros (ruleset.FormatNumber).
func FormatNumber(v float64) string { return ruleset.FormatNumber(v) }
