package sim

import (
	"fmt"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// MaxSideShips bounds a side of a simulated battle: the simulator plans
// every pair of enemies each turn, so a side is a squadron or a small
// fleet, not an armada.
const MaxSideShips = 20

// IllegalError refuses a battle with an illegal design: a battle says
// nothing of an illegal design's combat value.
type IllegalError struct {
	Name string
	// Problems are the design's errors, first three at most.
	Problems []designer.Problem
}

func (e *IllegalError) Error() string {
	return fmt.Sprintf("%s is not legal: %s", e.Name, e.Problems[0].Message)
}

// CompileSide compiles the designs of one side for battle: 1 to
// MaxSideShips legal designs.
func CompileSide(m *costing.Model, ds []*designer.Design) ([]*Ship, error) {
	if len(ds) == 0 {
		return nil, fmt.Errorf("no design on this side")
	}
	if len(ds) > MaxSideShips {
		return nil, fmt.Errorf("%d designs on this side: allowed 1 to %d", len(ds), MaxSideShips)
	}
	out := make([]*Ship, 0, len(ds))
	for _, d := range ds {
		s, err := Compile(m, d)
		if err != nil {
			return nil, err
		}
		if !s.Eval.Legal {
			e := &IllegalError{Name: s.Name}
			for _, p := range s.Eval.Problems {
				if p.Severity == designer.Error && len(e.Problems) < 3 {
					e.Problems = append(e.Problems, p)
				}
			}
			if len(e.Problems) == 0 {
				e.Problems = []designer.Problem{{Message: "it breaks a construction rule"}}
			}
			return nil, e
		}
		out = append(out, s)
	}
	return out, nil
}
