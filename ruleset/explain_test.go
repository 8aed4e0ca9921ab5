package ruleset

import (
	"strings"
	"testing"
)

func leaf(key, label string, v float64, formula string) *Node {
	return &Node{Key: key, Label: label, Value: v, Formula: formula}
}

func tree(cv, offence float64, mounts ...*Node) *Node {
	off := &Node{Key: "offence", Label: "Offence O", Value: offence, Children: mounts}
	return &Node{Key: "evaluation", Label: "Evaluation", Value: cv, Children: []*Node{
		{Key: "power", Label: "Power", Value: 10 + float64(len(mounts))},
		{Key: "cv", Label: "Combat value", Value: cv, Children: []*Node{off, leaf("defence", "Defence D", 30, "")}},
	}}
}

// TestDifference checks the sentence and the chain Difference reads from
// two trees: a new term that raises the value, a new term that counts
// nothing (its formula says why), a removed term, a value that moves
// only below its rounding, nothing changed, and a change outside the
// value.
func TestDifference(t *testing.T) {
	laser := leaf("mount[fore.0]", "2 x Heavy laser", 2.5, "count x rate of fire x P(hit)")
	rail := leaf("mount[port.0]", "1 x Railgun", 0, "does not fire into the firing sector")
	for _, tc := range []struct {
		name          string
		before, after *Node
		want          string
		chain         []string
	}{
		{"new weapon", tree(100, 16), tree(106, 19, laser),
			"Combat value +6: Offence O up from 16 to 19; new 2 x Heavy laser, 2.5 (count x rate of fire x P(hit))",
			[]string{"offence changed", "mount[fore.0] added"}},
		{"weapon that cannot fire", tree(100, 16), tree(100, 16, rail),
			"Combat value +0: new 1 x Railgun, 0 (does not fire into the firing sector)",
			[]string{"offence changed", "mount[port.0] added"}},
		{"weapon removed", tree(106, 19, laser), tree(100, 16),
			"Combat value −6: Offence O down from 19 to 16; removed 2 x Heavy laser, was 2.5 (count x rate of fire x P(hit))",
			[]string{"offence changed", "mount[fore.0] removed"}},
		{"nothing changed", tree(100, 16, laser), tree(100, 16, laser), "Combat value +0: no number changed", nil},
		{"biggest relative change wins", tree(100, 16), func() *Node {
			n := tree(101, 16.1)
			n.Children[1].Children[1].Value = 36 // defence 30 -> 36: +20 %, offence +0.6 %
			return n
		}(), "Combat value +1: Defence D up from 30 to 36", []string{"defence changed"}},
		{"only outside the value", func() *Node { n := tree(100, 16); n.Children[0].Value = 3; return n }(), tree(100, 16),
			"Combat value +0: Power up from 3 to 10", []string{"power changed"}},
	} {
		c := Difference(tc.before, tc.after, "cv")
		if c.Text != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, c.Text, tc.want)
		}
		var chain []string
		for _, x := range c.Terms {
			chain = append(chain, x.Key+" "+x.How)
		}
		if strings.Join(chain, ", ") != strings.Join(tc.chain, ", ") {
			t.Errorf("%s: chain %q, want %q", tc.name, chain, tc.chain)
		}
	}
	if Difference(nil, tree(1, 1), "cv") != nil || Difference(tree(1, 1), nil, "") != nil {
		t.Error("a missing tree gave a change")
	}
	if c := Difference(tree(100, 16), tree(106, 19, laser), "no such key"); c.Label != "Evaluation" || c.After != 106 {
		t.Errorf("an unknown headline key: %q %v, want the root's label and value", c.Label, c.After)
	}
}
