package fleet

import (
	"fmt"
	"slices"

	"github.com/slipway/slipway/designer"
)

// ShipDesigns lists the design of every ship of f, in order, with the
// crew quality, command quality and damage control the fleet bought for
// it and the squadrons it chose for the hangar bays the design leaves
// open (its loadout, as the fleet is priced): what a battle between
// fleets plays. Designs resolves library references; embedded documents
// are used as they are. Independent squadrons are not ships and are left
// out.
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
		c := *withLoadout(d, s.Loadout)
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

// withLoadout is d with the squadrons lo chooses (bay id to squadron id to
// count) in the hangar bays the design leaves open, a copy; d itself when
// lo chooses nothing. A bay whose loadout the design fixes keeps it.
func withLoadout(d *designer.Design, lo map[string]map[string]int) *designer.Design {
	if len(lo) == 0 {
		return d
	}
	cp := *d
	cp.HangarBays = slices.Clone(d.HangarBays)
	for i := range cp.HangarBays {
		if c, ok := lo[cp.HangarBays[i].ID]; ok && len(cp.HangarBays[i].Loadout) == 0 {
			cp.HangarBays[i].Loadout = c
		}
	}
	return &cp
}
