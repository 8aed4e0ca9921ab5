package ruleset

// Play is what a ruleset adds for table mode (docs/table.md): a game is
// played on its record sheets, and the marks a player makes on a ship's
// boxes are checked, and what the rules derive from them worked out, by
// the game's own code. A ruleset without it cannot be played at the
// table yet (found by type assertion, as SVGPrinter is).
type Play interface {
	// CheckMark reports whether the design's sheet has box and the box
	// may take mark (an empty mark clears a box and is always allowed on
	// a box the sheet has): nil, or an error in a player's words.
	CheckMark(d Design, box, mark string) error
	// Derive works out what the rules derive from a ship's marks, box id
	// to mark, for the design d evaluated as ev.
	Derive(d Design, ev Evaluation, marks map[string]string) (*ShipState, error)
	// Choices lists the marks the design's boxes take, in the order a
	// tap cycles through them: by box kind ("hull": ["hit"]), and by box
	// id for a box that differs from its kind (a one-use system).
	Choices(d Design) map[string][]string
	// Criticals is the rulebook's critical hit chart, by category, for
	// the log to name a critical rolled at the table; nil when the game
	// has none.
	Criticals() []CriticalCategory
}

// ShipState is what the rules derive from a ship's marks.
type ShipState struct {
	// Numbers are the sheet's numbers the marks change, each as printed
	// and as it stands now.
	Numbers []StateNumber `json:"numbers"`
	// Notes are sentences for the player: what was lost and what the
	// rules ask for now ("Morale check due: ...").
	Notes []string `json:"notes"`
	// MoraleChecks is how many morale check conditions the marks meet.
	MoraleChecks int `json:"moraleChecks"`
	// Destroyed is true when the ship is out of the game.
	Destroyed bool `json:"destroyed"`
}

// StateNumber is one number of a ship in play.
type StateNumber struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Start int    `json:"start"`
	Now   int    `json:"now"`
}

// CriticalCategory is one category of a critical hit chart: its roll,
// its name and its effects in the order of their roll (from 1).
type CriticalCategory struct {
	Roll    int      `json:"roll"`
	Name    string   `json:"name"`
	Effects []string `json:"effects"`
}
