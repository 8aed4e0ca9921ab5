package designer

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

// path is a JSON path held by value, rendered only when a problem is
// reported, so decoding and validating a clean design allocate nothing
// for paths. Pop a step with p.n--.
type path struct {
	steps [maxPathSteps]step
	n     int
}

func (p path) key(k string) path {
	if p.n < maxPathSteps {
		p.steps[p.n] = step{key: k, index: -1}
		p.n++
	}
	return p
}

func (p path) idx(i int) path {
	if p.n < maxPathSteps {
		p.steps[p.n] = step{index: i}
		p.n++
	}
	return p
}

func (p path) String() string {
	var sb strings.Builder
	for _, s := range p.steps[:min(p.n, maxPathSteps)] {
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

func root(k string) path { return path{}.key(k) }

// push appends a key step in place (the decoder's walk); pop removes it.
func (p *path) push(k string, index int) {
	if p.n < maxPathSteps {
		p.steps[p.n] = step{key: k, index: index}
	}
	p.n++
}

func (p *path) pop() { p.n-- }
