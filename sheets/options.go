package sheets

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/slipway/slipway/costing"
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

// Ship is one design to print with its costing result and library
// identity.
type Ship struct {
	Design *designer.Design
	// Result is the costing model's evaluation of Design (see Evaluate).
	// Every number a rule derives that the sheets print comes from it and
	// from nowhere else: combat value, points, EMS, target rating, mass
	// factor, hull hits, tier, maximum speed, reactor and life-support
	// ratings, the qualities the points were priced at, the model version
	// and whether the design is legal. Required.
	Result *costing.Result
	// SquadronPoints gives the points of each starfighter squadron
	// definition by id at the crew quality of Result, printed beside the
	// squadrons a hangar without a fixed loadout may carry. Optional.
	SquadronPoints map[string]int
	// Version is the design's version in the library (0 when unknown).
	Version int
	// Link is a short link or id of the design in the library.
	Link string
	// Verify is the address of the public page that verifies what this
	// sheet or card prints (the server's /v/<code>), printed as a QR
	// code and a short link. "" prints none (a sheet printed offline).
	Verify string
	// Loadout is the squadrons chosen at download for hangar bays without
	// a permanent loadout: bay definition id to squadron id to count per
	// bay. Optional; bays without one list what they may carry.
	Loadout map[string]map[string]int
	// Marks are the boxes marked in a game, box id (designer.BoxRef) to
	// mark ("hit", "damaged", "destroyed", "spent", ...): the record sheet
	// of a ship as it stands, boxes filled (a damaged system struck
	// through). Optional; ids the sheet does not draw are ignored.
	Marks map[string]string
}

// check reports what makes s unprintable, for the error of the document
// named what.
func (s Ship) check(what string) error {
	switch {
	case s.Design == nil:
		return fmt.Errorf("sheets: %s: no design", what)
	case s.Result == nil:
		return fmt.Errorf("sheets: %s of %q: no costing result (price the design with sheets.Evaluate)", what, clean(s.Design.Name))
	}
	return nil
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

// OptionError is a printing option OptionsFromQuery refuses: the query
// parameter and what is wrong with it.
type OptionError struct {
	Param string
	Err   error
}

func (e *OptionError) Error() string { return e.Err.Error() }

// Unwrap returns what is wrong.
func (e *OptionError) Unwrap() error { return e.Err }

// OptionsFromQuery reads the printing options of an HTTP request's query:
// paper (letter or a4, default letter), bw (1, true or yes for black and
// white) and one (one card per page). Unknown values are errors so that a
// typo does not silently print the wrong thing.
func OptionsFromQuery(q url.Values) (Options, error) {
	o := Options{Paper: strings.ToLower(strings.TrimSpace(q.Get("paper")))}
	if _, err := o.paper(); err != nil {
		return Options{}, &OptionError{Param: "paper", Err: err}
	}
	flag := func(name string) (bool, error) {
		switch strings.ToLower(strings.TrimSpace(q.Get(name))) {
		case "", "0", "false", "no":
			return false, nil
		case "1", "true", "yes":
			return true, nil
		}
		return false, &OptionError{Param: name, Err: fmt.Errorf("sheets: %s=%q: want true or false", name, q.Get(name))}
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
