package sheets

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/slipway/slipway/designer"
)

// Options choose the paper and the colour scheme of printed matter.
type Options struct {
	// Paper is "letter" (the default when empty) or "a4".
	Paper string
	// BW prints in black and white: categories are told apart by fill
	// patterns and letters instead of colour.
	BW bool
	// OnePerPage prints each card on its own page at full size instead of
	// nine poker-size cards to a page with cut marks.
	OnePerPage bool
}

// Stats are the derived numbers of a design that the sheets print. The
// costing package computes them; sheets only prints them, and a zero
// value is printed as a dash.
type Stats struct {
	CV           int
	Points       int
	EMS          int
	TargetRating int
	MassFactor   int
	Tier         int
	MaxSpeed     int
	ModelVersion string
	// SquadronPoints gives the points of each starfighter squadron
	// definition by id, for hangars without a fixed loadout. Optional.
	SquadronPoints map[string]int
	// Crew, Command and DamageControl are the qualities the points were
	// priced at (a fleet may buy better ones than the design's); the
	// sheet prints them so points and qualities agree. Zero values mean
	// the design's own.
	Crew          int
	Command       designer.Die
	DamageControl designer.Die
	// Reactors gives the rating of each reactor copy per section, as
	// costing derives it. Optional: when nil the sheet derives it from
	// the catalogue's power table (rules 6.3).
	Reactors map[designer.SectionName]int
}

// Ship is one design to print with its numbers and library identity.
type Ship struct {
	Design *designer.Design
	Stats  Stats
	// Version is the design's version in the library (0 when unknown).
	Version int
	// Link is a short link or id of the design in the library.
	Link string
	// Loadout is the squadrons chosen at download for hangar bays without
	// a permanent loadout: bay definition id to squadron id to count per
	// bay. Optional; bays without one list what they may carry.
	Loadout map[string]map[string]int
}

// paper is a page size in millimetres, portrait.
type paper struct {
	name string
	w, h float64
}

// printMargin is the unprinted border of every page in millimetres:
// office printers cannot reach the edge of the sheet.
const printMargin = 7.0

// fixedDate is the creation and modification date of every document, so
// that the same input always gives the same bytes.
func fixedDate() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }

func (o Options) paper() (paper, error) {
	switch strings.ToLower(strings.TrimSpace(o.Paper)) {
	case "", "letter":
		return paper{"Letter", 215.9, 279.4}, nil
	case "a4":
		return paper{"A4", 210, 297}, nil
	}
	return paper{}, fmt.Errorf("sheets: unknown paper %q (want letter or a4)", o.Paper)
}

// OptionsFromQuery reads the printing options of an HTTP request's query:
// paper (letter or a4, default letter), bw (1, true or yes for black and
// white) and one (one card per page). Unknown values are errors so that a
// typo does not silently print the wrong thing.
func OptionsFromQuery(q url.Values) (Options, error) {
	o := Options{Paper: strings.ToLower(strings.TrimSpace(q.Get("paper")))}
	if _, err := o.paper(); err != nil {
		return Options{}, err
	}
	flag := func(name string) (bool, error) {
		switch strings.ToLower(strings.TrimSpace(q.Get(name))) {
		case "", "0", "false", "no":
			return false, nil
		case "1", "true", "yes":
			return true, nil
		}
		return false, fmt.Errorf("sheets: %s=%q: want true or false", name, q.Get(name))
	}
	var err error
	if o.BW, err = flag("bw"); err != nil {
		return Options{}, err
	}
	if o.OnePerPage, err = flag("one"); err != nil {
		return Options{}, err
	}
	return o, nil
}
