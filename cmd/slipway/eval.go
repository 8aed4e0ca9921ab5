package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

// evalReport is what `slipway eval --json` prints: the full evaluation
// with the file it came from.
type evalReport struct {
	File string `json:"file"`
	*costing.Result
}

func evalCommand() command {
	return command{
		name:    "eval",
		summary: "derive a design's statistics, combat value and points (exit 0 legal, 1 illegal, 2 unreadable)",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("eval", stderr, "eval FILE [--explain] [--json] [--model VERSION] [--tier N] [--crew N] [--command DIE] [--damage-control DIE]")
			model := modelFlag(fs)
			asJSON := fs.Bool("json", false, "print the evaluation as one JSON object")
			explain := fs.Bool("explain", false, "print the explanation tree: every number with its inputs and formula")
			tier := fs.Int("tier", 0, "reject designs above tier `N` (1-3)")
			crew := fs.Int("crew", 0, "price with crew quality `N` (1-5) instead of the design's")
			cmd := fs.String("command", "", "price with command quality `DIE` (D2 to D6) instead of the design's")
			dc := fs.String("damage-control", "", "price with damage control `DIE` (D4 to D6) instead of the design's")
			files, code, ok := parseArgs(fs, args)
			if !ok {
				return code
			}
			if len(files) != 1 {
				return usageError(fs, "give exactly one design file (you gave %d)", len(files))
			}
			for _, r := range []struct {
				name string
				v    int
				rg   designer.Range
			}{{"tier", *tier, designer.Tiers}, {"crew", *crew, designer.CrewQualities}} {
				if code, ok := checkRange(fs, r.name, r.v, r.rg.Lo, r.rg.Hi); !ok {
					return code
				}
			}
			for _, d := range []struct {
				name, v string
				rg      designer.DieRange
			}{{"command", *cmd, designer.CommandQualities}, {"damage-control", *dc, designer.DamageControls}} {
				if d.v != "" && !d.rg.Has(designer.Die(strings.ToUpper(d.v))) {
					return usageError(fs, "--%s must be a die from %s to %s (you gave %q)", d.name, d.rg.Lo, d.rg.Hi, d.v)
				}
			}
			d, err := readDesignFile(files[0])
			if err != nil {
				fmt.Fprintf(stderr, "slipway eval: %v\n", err)
				return 2
			}
			m, err := openModel(*model)
			if err != nil {
				fmt.Fprintf(stderr, "slipway eval: %v\n", err)
				return 2
			}
			r := m.Evaluate(d, costing.Options{TierLimit: *tier, CrewQuality: *crew,
				CommandQuality: designer.Die(strings.ToUpper(*cmd)), DamageControl: designer.Die(strings.ToUpper(*dc))})
			if *asJSON {
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(evalReport{File: files[0], Result: r}); err != nil {
					fmt.Fprintln(stderr, "slipway eval:", err)
					return 2
				}
			} else {
				printEval(stdout, files[0], r, *explain)
			}
			if !r.Legal {
				return 1
			}
			return 0
		},
	}
}

// modelFlag adds --model to a command: the combat value model version.
func modelFlag(fs *flag.FlagSet) *string {
	return fs.String("model", costing.DefaultVersion, "combat value model `VERSION`: "+strings.Join(costing.Versions(), " or "))
}

// openModel returns the named model over the built-in catalogue.
func openModel(version string) (*costing.Model, error) {
	return costing.NewModelVersion(designer.BuiltinCatalogue(), version)
}

// readDesignFile opens and strictly decodes one design document.
func readDesignFile(name string) (*designer.Design, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d, err := designer.ReadDesign(f)
	if err != nil {
		var de *designer.DecodeError
		if errors.As(err, &de) {
			return nil, fmt.Errorf("%s: %s", name, de.Problem())
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return d, nil
}

func printEval(w io.Writer, file string, r *costing.Result, explain bool) {
	status := "legal"
	if !r.Legal {
		status = "illegal"
	}
	fmt.Fprintf(w, "%s: %s (%s), %s, model %s\n", file, r.Name, status, tierText(r.Tier), r.ModelVersion)
	fmt.Fprintf(w, "  CV %d   points %d (crew %d, command %s, damage control %s", r.CV, r.Points, r.Quality.Crew, r.Quality.Command, r.Quality.DamageControl)
	if r.LoadoutPoints > 0 {
		fmt.Fprintf(w, ", loadout %d", r.LoadoutPoints)
	}
	fmt.Fprintln(w, ")")
	fmt.Fprintf(w, "  hull hits %d   mass factor %d   target rating %d   EMS %d\n", r.HullHits, r.MassFactor, r.TargetRating, r.EMS)
	fmt.Fprintf(w, "  tech level %d (minimum %d)   space %s SU over %d hull hits   power %s PU\n",
		r.TechLevel, r.MinTechLevel, costing.FormatNumber(r.Space), r.HullHits, costing.FormatNumber(r.Power))
	if r.Movement == designer.MovementNewtonian {
		fmt.Fprintf(w, "  newtonian: no maximum speed")
	} else {
		fmt.Fprintf(w, "  %s: max speed %d cm, reverse %d cm", r.Movement, r.MaxSpeed, r.ReverseSpeed)
	}
	a := r.Acceleration
	fmt.Fprintf(w, "   drive points forward %s, reverse %s; thrusters port %s, starboard %s\n",
		costing.FormatNumber(a.Forward), costing.FormatNumber(a.Reverse), costing.FormatNumber(a.Port), costing.FormatNumber(a.Starboard))
	for _, re := range r.Reactors {
		v := ""
		if re.Virtual {
			v = " (missing; counted)"
		}
		fmt.Fprintf(w, "  reactor %s x%d rating %d%s, powers %v\n", re.Section, re.Copies, re.Rating, v, re.Supports)
	}
	for _, ls := range r.LifeSupport {
		fmt.Fprintf(w, "  life support %s rating %d (%d crew and marine parties)\n", ls.Section, ls.Rating, ls.People)
	}
	c := r.Components
	fmt.Fprintf(w, "  O %s   D %s   M %s   T %s   U %s   k %s\n", costing.FormatNumber(c.Offence), costing.FormatNumber(c.Defence),
		costing.FormatNumber(c.Mobility), costing.FormatNumber(c.Technology), costing.FormatNumber(c.Utility), costing.FormatNumber(c.K))
	for _, p := range r.Problems {
		fmt.Fprintf(w, "  %s\n", p)
	}
	if explain && r.Explanation != nil {
		fmt.Fprintln(w)
		fmt.Fprint(w, r.Explanation.Text())
	}
}

func tierText(t int) string { return fmt.Sprintf("tier %d", t) }
