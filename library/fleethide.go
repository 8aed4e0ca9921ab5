package library

import (
	"strings"

	"github.com/slipway/slipway/fleet"
)

// HiddenDesign is how a fleet shows a design its reader may not see: no
// id, no name, no record sheet.
const HiddenDesign = "a design you cannot see"

// hiddenDesigns returns the ids of the designs doc references that u may
// not see named in a fleet of owner's (0: a document, no owner) saved
// as vis. A design shows to its own owner, and to everyone when public.
// Another owner's private design (or one deleted, whose visibility is no
// longer known) shows to nobody else, in any fleet. An unlisted design
// shows in a fleet of its own owner's (who published it there), and in
// a private fleet, which only that fleet's owner sees and who holds its
// link; in a published fleet another owner's unlisted design shows to
// nobody but its owner: not to readers, not to the fleet's owner.
func hiddenDesigns(u *User, owner int64, vis Visibility, doc *fleet.Fleet, set *VersionSet) map[string]bool {
	hidden := map[string]bool{}
	for _, r := range designRefs(doc) {
		d := set.Designs[r.id]
		switch {
		case d != nil && u != nil && d.OwnerID == u.ID:
		case d != nil && d.Visibility == Public:
		case d != nil && d.Visibility == Unlisted && (d.OwnerID == owner || vis == Private || vis == ""):
		default:
			hidden[r.id] = true
		}
	}
	return hidden
}

// hideDesigns rewrites doc, r and ups so that no design in hidden is
// named: the document's references lose their design and version, the
// evaluation's ships their reference, class, design and costing (printed
// matter leaves them out), problems the ids, and updates go.
func hideDesigns(hidden map[string]bool, doc *fleet.Fleet, r *fleet.Result, ups []ShipUpdate) []ShipUpdate {
	if len(hidden) == 0 {
		return ups
	}
	ships := map[string]bool{}
	if doc != nil {
		for i := range doc.Ships {
			if sh := &doc.Ships[i]; sh.Document == nil && hidden[sh.Design] {
				ships[sh.ID] = true
				sh.Design, sh.Version = "", 0
			}
		}
		for i := range doc.Squadrons {
			if sq := &doc.Squadrons[i]; sq.Definition == nil && hidden[sq.Design] {
				sq.Design, sq.Version = "", 0
			}
		}
	}
	if r != nil {
		for i := range r.Ships {
			sr := &r.Ships[i]
			if ships[sr.ID] || sr.Ref != nil && hidden[sr.Ref.Design] {
				sr.Ref, sr.Class, sr.Design, sr.Result = nil, HiddenDesign, nil, nil
			}
		}
		for i := range r.Problems {
			p := &r.Problems[i]
			for id := range hidden {
				p.Message = strings.ReplaceAll(p.Message, id, HiddenDesign)
				p.Hint = strings.ReplaceAll(p.Hint, id, HiddenDesign)
				p.Path = strings.ReplaceAll(p.Path, id, HiddenDesign)
			}
		}
	}
	out := ups[:0]
	for _, up := range ups {
		if !hidden[up.Design] {
			out = append(out, up)
		}
	}
	return out
}
