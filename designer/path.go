package designer

import (
	"strconv"
	"strings"
)

// maxPathSteps bounds the depth of a validation path; the deepest path of
// the format is starfighters[i].weapons[j].qualities[k] (six steps).
const maxPathSteps = 8

type step struct {
	key   string
	index int // -1 when the step is a key
}

// path is a JSON path held by value, rendered only when a problem is
// reported, so validating a clean design allocates nothing for paths.
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
	for _, s := range p.steps[:p.n] {
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
