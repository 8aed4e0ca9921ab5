// Package fleet holds the Slipway fleet document and the fleet rules of
// rules §9 (F-01 to F-08): a fleet of ships that reference design
// versions, the crew, command and damage-control quality bought for each,
// hangar loadouts, independent FTL squadrons, the chain of command and an
// optional encounter deployment. It prices every ship with costing and
// sums the fleet. It performs no I/O: callers resolve design references
// and hand it the designs.
package fleet

import (
	"fmt"
	"io"

	"github.com/slipway/slipway/designer"
)

// Schema is the version of the fleet document format this package reads.
const Schema = 1

// Limits against abuse (F-DOC-01).
const (
	// MaxDocumentBytes is the largest fleet document accepted. Ships that
	// embed their design documents make a fleet large; references do not.
	MaxDocumentBytes = 8 << 20
	// MaxShips is the most ships a fleet holds.
	MaxShips = 500
	// MaxSquadronEntries is the most independent squadron entries.
	MaxSquadronEntries = 200
	// MaxCount is the most squadrons in one entry or one bay choice.
	MaxCount = 999
	// MaxCommandDepth is how deep the chain of command may nest.
	MaxCommandDepth = 8
)

// Fleet is one fleet document (rules §9).
type Fleet struct {
	Schema       int    `json:"schema"`
	Ruleset      string `json:"ruleset"`
	RulesVersion int    `json:"rulesVersion"`
	// Name is the fleet's name, 1-80 printable characters.
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Limit is the agreed size of the game: a CV limit (the rulebook's
	// way) or a points limit, exactly one of them.
	Limit Limit `json:"limit"`
	// TierLimit, 1-3, is the highest tier a design may have; 0 is none.
	TierLimit int `json:"tierLimit,omitempty"`
	// Model pins the combat value model the fleet was agreed under, one
	// of costing.Versions() ("metaverse-cv/1"); empty is the current
	// model. The library prices a pinned fleet with that model and shows
	// what the current one says beside it.
	Model string `json:"model,omitempty"`
	// Ships are the fleet's ships, in roster order.
	Ships []Ship `json:"ships"`
	// Squadrons are FTL-capable starfighter squadrons bought without a
	// carrier (rules §8).
	Squadrons []Squadron `json:"squadrons,omitempty"`
	// Command is the chain of command: at most one top command (the
	// flagship's) in a legal fleet. A list so that a builder can hold an
	// unattached group while it works; F-04 reports more than one.
	Command []*Command `json:"command,omitempty"`
	// Deployment, when given, is checked against the encounter's zones
	// (F-08).
	Deployment *Deployment `json:"deployment,omitempty"`
}

// SetDefaults fills the document's defaults; the decoder calls it.
func (f *Fleet) SetDefaults() {
	f.Schema = Schema
	f.Ruleset = designer.RulesetMetaverse
	f.RulesVersion = designer.RulesVersion
}

// Limit is a CV or a points limit; exactly one is positive.
type Limit struct {
	CV     int `json:"cv,omitempty"`
	Points int `json:"points,omitempty"`
}

// Kind names the limit: "cv", "points" or "" when neither or both are set.
func (l Limit) Kind() string {
	switch {
	case l.CV > 0 && l.Points == 0:
		return "cv"
	case l.Points > 0 && l.CV == 0:
		return "points"
	}
	return ""
}

// Value is the limit's value.
func (l Limit) Value() int { return max(l.CV, l.Points) }

// Ship is one ship of the fleet: a design version from the library, or
// for files a design document embedded whole, with what the fleet buys
// for it.
type Ship struct {
	// ID names the ship inside the fleet (1-32 characters, unique); the
	// chain of command, tows and deployment refer to it.
	ID string `json:"id"`
	// Name is the ship's own name (the design's is its class), ≤ 80.
	Name string `json:"name,omitempty"`
	// Design and Version reference a design version in the library.
	Design  string `json:"design,omitempty"`
	Version int    `json:"version,omitempty"`
	// Document is an embedded design, instead of Design and Version.
	Document *designer.Design `json:"document,omitempty"`
	// CrewQuality 1-5, CommandQuality D2-D6 and DamageControl D4-D6 are
	// bought for this ship; empty means the design's own.
	CrewQuality    int          `json:"crewQuality,omitempty"`
	CommandQuality designer.Die `json:"commandQuality,omitempty"`
	DamageControl  designer.Die `json:"damageControl,omitempty"`
	// Loadout chooses the squadrons of hangar bays the design leaves open:
	// bay definition id to squadron id to count per bay (F-06).
	Loadout map[string]map[string]int `json:"loadout,omitempty"`
	// TowedBy names the fleet ship whose grappler brings this ship, which
	// has no FTL drive, into the game (F-07). Empty: Slipway finds a tow.
	TowedBy string `json:"towedBy,omitempty"`
}

// Squadron is an entry of FTL-capable squadrons bought without a carrier
// (rules §8): a definition embedded or taken from a design version, a
// count, and their own crew and command quality.
type Squadron struct {
	// ID names the entry inside the fleet (1-32 characters, unique).
	ID string `json:"id"`
	// Definition is the squadron embedded whole, or else Design, Version
	// and Type name a squadron definition of a library design.
	Definition *designer.SquadronDef `json:"definition,omitempty"`
	Design     string                `json:"design,omitempty"`
	Version    int                   `json:"version,omitempty"`
	Type       string                `json:"type,omitempty"`
	// Count is how many squadrons of it, 1-999.
	Count int `json:"count"`
	// CrewQuality 1-5 (default 1) and CommandQuality D2-D6 (default D2).
	CrewQuality    int          `json:"crewQuality"`
	CommandQuality designer.Die `json:"commandQuality"`
	// AssignedTo optionally names a fleet ship with an SoC that takes them
	// at the start of the game; empty means a fixed starting mission.
	AssignedTo string `json:"assignedTo,omitempty"`
}

// SetDefaults gives a squadron entry one squadron at crew 1, command D2.
func (s *Squadron) SetDefaults() {
	s.Count = 1
	s.CrewQuality = 1
	s.CommandQuality = "D2"
}

// Command is one command of the chain: a command ship at a level, the
// ships of its own squadron and its sub-commands (rules §9, F-03, F-04).
type Command struct {
	// Level is squadron, wing, division or fleet.
	Level string `json:"level"`
	// Ship is the command ship's id; it needs a CiC.
	Ship string `json:"ship"`
	// Ships are the other ships of the commander's own squadron.
	Ships []string `json:"ships,omitempty"`
	// Commands are the sub-commanders, each one level lower.
	Commands []*Command `json:"commands,omitempty"`
}

// Units is how many units the command ship commands: its squadron's
// other ships and its sub-commanders.
func (c *Command) Units() int { return len(c.Ships) + len(c.Commands) }

// Deployment places the fleet's ships in the zones of an encounter.
type Deployment struct {
	// Encounter is an encounter id (meeting, flank, divided, rear,
	// surrounded).
	Encounter string `json:"encounter"`
	// Role is attacker (the initiative winner, who chose the encounter)
	// or defender.
	Role string `json:"role"`
	// Zones maps a zone id to the ship ids deployed in it.
	Zones map[string][]string `json:"zones"`
}

// Ref names one design version in the library.
type Ref struct {
	Design  string `json:"design"`
	Version int    `json:"version"`
}

// String renders the reference as id@vN.
func (r Ref) String() string { return fmt.Sprintf("%s@v%d", r.Design, r.Version) }

// Refs lists the distinct design versions f references, ships first, in
// document order. A version of 0 is listed as given: the caller resolves
// it to the latest readable version, or reports it.
func (f *Fleet) Refs() []Ref {
	var out []Ref
	seen := map[Ref]bool{}
	add := func(r Ref) {
		if r.Design != "" && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	for _, s := range f.Ships {
		add(Ref{s.Design, s.Version})
	}
	for _, s := range f.Squadrons {
		add(Ref{s.Design, s.Version})
	}
	return out
}

// Decode reads one fleet document strictly, with the rules of
// designer.DecodeStrict: unknown fields, wrong types, duplicate keys,
// trailing data, invalid UTF-8 and documents over MaxDocumentBytes are
// *designer.DecodeError naming the JSON path. It checks structure only.
func Decode(b []byte) (*Fleet, error) {
	var f Fleet
	if err := designer.DecodeStrict(b, &f, MaxDocumentBytes); err != nil {
		if de, ok := err.(*designer.DecodeError); ok && de.Rule == designer.RuleLimitBody {
			de.Message = fmt.Sprintf("fleet document is %d bytes; the limit is %d bytes (8 MiB)", len(b), MaxDocumentBytes)
		}
		return nil, err
	}
	return &f, nil
}

// Read reads at most MaxDocumentBytes+1 bytes from r and decodes them.
func Read(r io.Reader) (*Fleet, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxDocumentBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read fleet: %w", err)
	}
	return Decode(b)
}
