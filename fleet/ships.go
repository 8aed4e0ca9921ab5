package fleet

import (
	"fmt"

	"github.com/slipway/slipway/designer"
)

// ShipDesigns lists the design of every ship of f, in order, with the
// crew quality, command quality and damage control the fleet bought for
// it: what a battle between fleets plays. Designs resolves library
// references; embedded documents are used as they are. Independent
// squadrons and open hangar loadouts are not ships and are left out.
func (f *Fleet) ShipDesigns(ds Designs) ([]*designer.Design, error) {
	out := make([]*designer.Design, 0, len(f.Ships))
	for i := range f.Ships {
		s := &f.Ships[i]
		d := s.Document
		if d == nil {
			d = ds[Ref{s.Design, s.Version}]
		}
		if d == nil {
			label := s.ID
			if s.Name != "" {
				label = s.Name
			}
			return nil, fmt.Errorf("ship %s: its design is not in the fleet and not in the library", label)
		}
		c := *d
		if s.CrewQuality != 0 {
			c.CrewQuality = s.CrewQuality
		}
		if s.CommandQuality != "" {
			c.CommandQuality = s.CommandQuality
		}
		if s.DamageControl != "" {
			c.DamageControl = s.DamageControl
		}
		if s.Name != "" {
			c.Name = s.Name
		}
		out = append(out, &c)
	}
	return out, nil
}
