package main

import (
	"bytes"
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
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/metaverse"
)

func evalCommand() command {
	return command{
		name:    "eval",
		summary: "derive a design's statistics, combat value and points (exit 0 legal, 1 illegal, 2 unreadable)",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("eval", stderr, "eval FILE [--explain] [--json] [--model VERSION] [--tier N] [--crew N] [--command DIE] [--damage-control DIE] [--players N] [--velocity N] [--uses REF=FILE]")
			model := modelFlag(fs)
			asJSON := fs.Bool("json", false, "print the evaluation as one JSON object")
			explain := fs.Bool("explain", false, "print the explanation tree: every number with its inputs and formula")
			tier := fs.Int("tier", 0, "reject designs above tier `N` (1-3)")
			crew := fs.Int("crew", 0, "price with crew quality `N` (1-5) instead of the design's")
			cmd := fs.String("command", "", "price with command quality `DIE` (D2 to D6) instead of the design's")
			dc := fs.String("damage-control", "", "price with damage control `DIE` (D4 to D6) instead of the design's")
			players := fs.String("players", "", "d6 Starships: the player characters aboard, `N` (0-20)")
			velocity := fs.String("velocity", "", "d6 Starships: the velocity `N` the collision damage is worked out at (0-999; the ship's SPEED by default)")
			uses := addUsesFlag(fs)
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
			m, err := openModel(*model)
			if err != nil {
				fmt.Fprintf(stderr, "slipway eval: %v\n", err)
				return 2
			}
			reg := registryWith(m)
			doc, err := readAnyFile(reg, files[0])
			if err != nil {
				fmt.Fprintf(stderr, "slipway eval: %v\n", err)
				return 2
			}
			if doc, err = uses.bind(reg, doc, true); err != nil {
				return usageError(fs, "%v", err)
			}
			opt := ruleset.Options{"command": *cmd, "damageControl": *dc, "players": *players, "velocity": *velocity}
			if *tier != 0 {
				opt["tier"] = fmt.Sprint(*tier)
			}
			if *crew != 0 {
				opt["crew"] = fmt.Sprint(*crew)
			}
			ev, err := doc.rs.Evaluate(doc.d, opt)
			var fe *ruleset.FieldError
			if errors.As(err, &fe) {
				return usageError(fs, "--%s %s (you gave %q)", fe.Field, fe.Message, opt[fe.Field])
			}
			if err != nil {
				fmt.Fprintf(stderr, "slipway eval: %v\n", err)
				return 2
			}
			if *asJSON {
				b, err := withFile(files[0], ev)
				if err != nil {
					fmt.Fprintln(stderr, "slipway eval:", err)
					return 2
				}
				stdout.Write(b)
			} else if mv, ok := ev.(*metaverse.Evaluation); ok {
				printEval(stdout, files[0], mv.Result, *explain)
			} else {
				printSeamEval(stdout, files[0], doc.rs, ev, *explain)
			}
			if !ev.Findings().Legal() {
				return 1
			}
			return 0
		},
	}
}

// withFile is ev's JSON, indented, with "file" as its first member.
func withFile(file string, ev any) ([]byte, error) {
	body, err := json.Marshal(ev)
	if err != nil {
		return nil, err
	}
	name, _ := json.Marshal(file)
	if len(body) < 2 || body[0] != '{' {
		return nil, fmt.Errorf("an evaluation is not a JSON object")
	}
	sep := ","
	if string(body) == "{}" {
		sep = ""
	}
	var out bytes.Buffer
	raw := append(append([]byte(`{"file":`), name...), append([]byte(sep), body[1:]...)...)
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// printSeamEval prints the evaluation of a game other than Metaverse: its
// name and verdict, the numbers its form's panel shows, its problems and,
// with explain, its explanation tree.
func printSeamEval(w io.Writer, file string, rs ruleset.Ruleset, ev ruleset.Evaluation, explain bool) {
	var doc map[string]any
	b, _ := json.Marshal(ev)
	_ = json.Unmarshal(b, &doc)
	status := "legal"
	if !ev.Findings().Legal() {
		status = "illegal"
	}
	name, _ := doc["name"].(string)
	fmt.Fprintf(w, "%s: %s (%s), %s, model %s\n", file, name, status, rs.Info().Name, ev.Summary().ModelVersion)
	var line []string
	for _, st := range rs.Form().Stats {
		v, ok := ruleset.Pointer(doc, st.Pointer)
		if !ok {
			continue
		}
		if v == nil {
			v, st.Unit = "? (not known)", "" // a number the document does not give (Star Eater's, without a card set)
		}
		line = append(line, fmt.Sprintf("%s %v%s", strings.ToLower(st.Label), v, st.Unit))
		if len(line) == 4 {
			fmt.Fprintf(w, "  %s\n", strings.Join(line, "   "))
			line = nil
		}
	}
	if len(line) > 0 {
		fmt.Fprintf(w, "  %s\n", strings.Join(line, "   "))
	}
	for _, p := range ev.Findings() {
		fmt.Fprintf(w, "  %s\n", p)
	}
	if x, ok := ev.(interface{ Explained() *ruleset.Node }); ok && explain && x.Explained() != nil {
		fmt.Fprintln(w)
		fmt.Fprint(w, x.Explained().Text())
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

// readAnyFile opens and strictly decodes one design document of any game
// reg serves.
func readAnyFile(reg *ruleset.Registry, name string) (decoded, error) {
	f, err := os.Open(name)
	if err != nil {
		return decoded{}, err
	}
	defer f.Close()
	d, err := readAny(reg)(f)
	if err != nil {
		var de *designer.DecodeError
		if errors.As(err, &de) {
			return decoded{}, fmt.Errorf("%s: %s", name, de.Problem())
		}
		return decoded{}, fmt.Errorf("%s: %w", name, err)
	}
	return d, nil
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
