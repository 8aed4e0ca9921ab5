package ruleset

import (
	"strconv"
	"strings"
)

// maxPathSteps bounds the depth of a path; the deepest path of the design
// format is starfighters[i].weapons[j].qualities[k] (six steps), of the
// catalogue kinds[i].params.facing.values[j] (six). A longer path is cut
// there rather than grown.
const maxPathSteps = 8

type step struct {
	key   string
	index int // -1 when the step is a key
}

// path is the decoder's JSON path, held by value and changed in place as
// the decoder walks the document (push, pop), rendered only when a problem
// is reported, so decoding a clean document allocates nothing for paths.
type path struct {
	steps [maxPathSteps]step
	n     int
}

func (p path) String() string {
	return renderSteps(p.steps[:min(p.n, maxPathSteps)])
}

func renderSteps(steps []step) string {
	var sb strings.Builder
	for _, s := range steps {
		if s.index >= 0 {
			sb.WriteByte('[')
			sb.WriteString(strconv.Itoa(s.index))
			sb.WriteByte(']')
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte('.')
		}
		sb.WriteString(s.key)
	}
	return sb.String()
}

// push appends a key step in place (the decoder's walk); pop removes it.
func (p *path) push(k string, index int) {
	if p.n < maxPathSteps {
		p.steps[p.n] = step{key: k, index: index}
	}
	p.n++
}

func (p *path) pop() { p.n-- }

// Loc is validation's JSON path: a chain of steps back to the root, each
// step a small value on its caller's stack (root, key and idx are inlined
// and nothing keeps a loc), rendered only when a problem is reported. A
// path longer than maxPathSteps renders its first maxPathSteps steps.
type Loc struct {
	up   *Loc
	step step
}

// Root starts a path at the top-level key k.
func Root(k string) *Loc { return &Loc{step: step{key: k, index: -1}} }

// Key extends the path by a key step.
func (p *Loc) Key(k string) *Loc { return &Loc{up: p, step: step{key: k, index: -1}} }

// Idx extends the path by an index step.
func (p *Loc) Idx(i int) *Loc { return &Loc{up: p, step: step{index: i}} }

// String renders the path as the problems name it:
// sections.fore.weapons[2].sectors.
func (p *Loc) String() string {
	// The first maxPathSteps steps from the root, found walking up and
	// copied out by value, so nothing here makes a loc escape.
	var steps [maxPathSteps]step
	n := 0
	for q := p; q != nil; q = q.up {
		n++
	}
	for q, i := p, n-1; q != nil; q, i = q.up, i-1 {
		if i < maxPathSteps {
			steps[i] = q.step
		}
	}
	return renderSteps(steps[:min(n, maxPathSteps)])
}
