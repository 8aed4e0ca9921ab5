package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/fleet/fleetpdf"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/sheets"
)

// fleetReport is the result of one fleet file, as printed by
// `slipway fleet validate --json`.
type fleetReport struct {
	fileStatus
	Legal    bool              `json:"legal"`
	Totals   *fleet.Totals     `json:"totals,omitempty"`
	Problems designer.Problems `json:"problems"`
	// Model is the combat value model the numbers are priced with: the
	// fleet's pin, or the current model; Current what the current model
	// says of a fleet pinned to another (as the API's encounter answers).
	Model   string         `json:"model,omitempty"`
	Current *currentTotals `json:"current,omitempty"`

	fleet   *fleet.Fleet
	result  *fleet.Result
	current *fleet.Result // the current model's result of a pinned fleet
	// seam is the evaluation of a fleet of a game whose fleets embed
	// their classes (ruleset.Fleets), instead of fleet and result.
	seam *seamFleet
}

// seamFleet is a fleet of a game whose fleets embed their ship classes
// (ruleset.Fleets), with its evaluation.
type seamFleet struct {
	rs   ruleset.Ruleset
	doc  ruleset.Fleet
	eval ruleset.FleetEvaluation
}

// pinReport is what a fleet pinned to another model than the current
// one says of it (fleet.Result.PinReport, as its pack prints it): nil
// for any other.
func (r fleetReport) pinReport() []fleet.Line {
	if r.result == nil || r.Current == nil {
		return nil
	}
	return r.result.PinReport(r.fleet, r.current, r.Current.Model)
}

// line is the fleet's verdict in one line.
func (r fleetReport) line() string {
	if r.seam != nil {
		if t, ok := r.seam.eval.(interface{ TotalsLine() string }); ok {
			return t.TotalsLine()
		}
		if r.Legal {
			return "legal"
		}
		return "illegal"
	}
	return r.result.TotalsLine()
}

// seamFleetFile reads name as a fleet of a game whose fleets embed their
// classes. handled is false for a document of another game (Metaverse,
// whose fleets reference library designs).
func seamFleetFile(reg *ruleset.Registry, name string) (r fleetReport, handled bool) {
	raw, st, problems := readDocument(name, func(rd io.Reader) ([]byte, error) {
		return io.ReadAll(io.LimitReader(rd, fleet.MaxDocumentBytes+1))
	})
	if !st.Readable {
		return fleetReport{fileStatus: st, Problems: problems}, true
	}
	rs, err := reg.Pick(raw)
	if err != nil {
		var de *designer.DecodeError
		errors.As(err, &de)
		return fleetReport{fileStatus: st, Problems: designer.Problems{de.Problem()}}, true
	}
	fl, ok := rs.(ruleset.Fleets)
	if !ok {
		return fleetReport{}, false
	}
	r = fleetReport{fileStatus: st, Problems: designer.Problems{}}
	f, err := fl.DecodeFleet(raw)
	if err != nil {
		var de *designer.DecodeError
		if errors.As(err, &de) {
			r.Problems = append(r.Problems, de.Problem())
		} else {
			r.Problems = append(r.Problems, designer.Problem{Rule: "IO", Severity: designer.Error, Message: err.Error()})
		}
		return r, true
	}
	ev, err := fl.EvaluateFleet(f, nil)
	if err != nil {
		r.Problems = append(r.Problems, designer.Problem{Rule: "IO", Severity: designer.Error, Message: err.Error()})
		return r, true
	}
	r.Decoded, r.seam = true, &seamFleet{rs: rs, doc: f, eval: ev}
	r.Problems = ev.Findings()
	r.Legal = r.Problems.Legal()
	return r, true
}

// checkAnyFleetFile is seamFleetFile, or checkFleetFile for Metaverse.
func checkAnyFleetFile(reg *ruleset.Registry, ev *fleet.Evaluator, name string) fleetReport {
	if r, ok := seamFleetFile(reg, name); ok {
		return r
	}
	return checkFleetFile(ev, name)
}

func fleetCommand() command {
	const summary = "fleets: validate, eval and pack fleet files (slipway fleet help)"
	return command{
		name:    "fleet",
		summary: summary,
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			help := func(w io.Writer) {
				fmt.Fprintln(w, "usage: slipway fleet <validate|eval|pack|encounter> ...")
				fmt.Fprintln(w, "  validate [--json] FILE...        check fleets (exit 0 legal, 1 illegal, 2 unreadable)")
				fmt.Fprintln(w, "  eval FILE [--json]               totals, ships, squadrons, tows and problems")
				fmt.Fprintln(w, "  pack FILE -o OUT.pdf [--paper letter|a4] [--bw] [--one-per-page]")
				fmt.Fprintln(w, "  encounter A.json B.json [--json]  initiative, encounters and zones for two fleets")
				fmt.Fprintln(w, "Fleet files embed their designs (\"document\"); library references need the API.")
				fmt.Fprintln(w, "Run 'slipway fleet <subcommand> --help' for its flags.")
			}
			if len(args) == 0 {
				help(stderr)
				return 2
			}
			switch args[0] {
			case "validate":
				return fleetValidate(args[1:], stdout, stderr)
			case "eval":
				return fleetEval(args[1:], stdout, stderr)
			case "pack":
				return fleetPack(ctx, args[1:], stdout, stderr)
			case "encounter":
				return fleetEncounter(args[1:], stdout, stderr)
			case "help", "-h", "--help":
				help(stderr) // usage goes to stderr, as for every command
				return 0
			}
			fmt.Fprintf(stderr, "slipway fleet: unknown subcommand %q\n", args[0])
			help(stderr)
			return 2
		},
	}
}

// currentTotals is what the current model says of a pinned fleet.
type currentTotals struct {
	Model  string `json:"model"`
	CV     int    `json:"cv"`
	Points int    `json:"points"`
}

// checkFleetFile reads, decodes and evaluates one fleet file. Files carry
// their designs embedded; a library reference cannot be resolved here and
// is reported as F-REF-01. A fleet pinned to a combat value model is
// priced with it and with the current model (ev's), as the API prices
// it (fleet.Evaluator.EvaluatePinned); a model that is not published
// makes the file no valid fleet document, as the API refuses it.
func checkFleetFile(ev *fleet.Evaluator, name string) fleetReport {
	f, st, problems := readDocument(name, fleet.Read)
	r := fleetReport{fileStatus: st, Problems: problems}
	if !st.Decoded {
		return r
	}
	if msg := fleet.CheckModel(f.Model); msg != "" {
		r.Decoded, r.fleet = false, f // a fleet, but not one to price
		r.Problems = append(r.Problems, designer.Problem{Rule: fleet.RuleDocument, Severity: designer.Error, Path: "model",
			Message: "The model this fleet is agreed under " + msg})
		return r
	}
	res, cur := ev.EvaluatePinned(f, nil)
	r.fleet, r.result, r.current = f, res, cur
	r.Model = ev.ModelOf(f)
	if cur != nil {
		r.Current = &currentTotals{Model: ev.Model().Version(), CV: cur.Totals.CV, Points: cur.Totals.Points}
	}
	r.Legal = res.Legal
	r.Totals = &res.Totals
	r.Problems = res.Problems
	return r
}

func fleetValidate(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("fleet validate", stderr, "fleet validate [--json] FILE...", "Exit status: 0 every fleet legal (warnings allowed), 1 some fleet illegal or not a", "valid fleet document, 2 some file could not be read or bad usage.")
	asJSON := fs.Bool("json", false, "print one JSON report per file as a JSON array")
	files, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(files) == 0 {
		fs.Usage()
		return 2
	}
	ev := fleet.NewEvaluator(nil)
	reg := registry()
	var reports []fleetReport
	for _, name := range files {
		r := checkAnyFleetFile(reg, ev, name)
		reports = append(reports, r)
		switch {
		case !r.Readable:
			code = max(code, 2)
		case !r.Legal:
			code = max(code, 1)
		}
		if !*asJSON {
			switch {
			case !r.Readable:
				fmt.Fprintf(stdout, "%s: unreadable\n", name)
			case !r.Decoded:
				fmt.Fprintf(stdout, "%s: illegal, not a valid fleet document\n", name)
			default:
				fmt.Fprintf(stdout, "%s: %s\n", name, r.line())
			}
			for _, p := range r.Problems {
				fmt.Fprintf(stdout, "  %s\n", p)
			}
			if p := r.pinReport(); len(p) > 1 {
				fmt.Fprintf(stdout, "  %s\n", p[1].Text) // the sentence, not each ship
			}
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(reports); err != nil {
			fmt.Fprintln(stderr, "slipway fleet validate:", err)
			return 2
		}
	}
	return code
}

func fleetEval(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("fleet eval", stderr, "fleet eval FILE [--json]", "Exit status: 0 evaluated (legal or not), 2 unreadable file or bad usage.")
	asJSON := fs.Bool("json", false, "print the evaluation as one JSON object")
	files, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(files) != 1 {
		fs.Usage()
		return 2
	}
	r := checkAnyFleetFile(registry(), fleet.NewEvaluator(nil), files[0])
	if !r.Decoded {
		for _, p := range r.Problems {
			fmt.Fprintf(stderr, "slipway fleet eval: %s: %s\n", files[0], p)
		}
		return 2
	}
	if r.seam != nil {
		if *asJSON {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			if err := enc.Encode(r.seam.eval); err != nil {
				fmt.Fprintln(stderr, "slipway fleet eval:", err)
				return 2
			}
			return 0
		}
		if t, ok := r.seam.eval.(interface{ Text() string }); ok {
			fmt.Fprint(stdout, t.Text())
			return 0
		}
		fmt.Fprintf(stdout, "%s\n", r.line())
		for _, p := range r.Problems {
			fmt.Fprintf(stdout, "  %s\n", p)
		}
		return 0
	}
	res := r.result
	if *asJSON {
		// The evaluation as before, with the model it is priced with
		// and, for a pinned fleet, the current model's evaluation: the
		// API's /fleets/evaluate answers the same "model" and "current".
		out := struct {
			*fleet.Result
			Model        string        `json:"model"`
			Current      *fleet.Result `json:"current,omitempty"`
			CurrentModel string        `json:"currentModel,omitempty"`
		}{Result: res, Model: r.Model, Current: r.current}
		if r.Current != nil {
			out.CurrentModel = r.Current.Model
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintln(stderr, "slipway fleet eval:", err)
			return 2
		}
		return 0
	}
	fmt.Fprintf(stdout, "%s\n%s\n\n", res.Name, res.TotalsLine())
	fmt.Fprintf(stdout, "%-12s %-40s %6s %6s %4s %3s %4s %s\n", "ID", "SHIP", "CV", "POINTS", "TIER", "MF", "FTL", "COMMAND")
	for _, s := range res.Ships {
		ftl := "no"
		if s.FTL {
			ftl = "yes"
		}
		cmd := s.Level
		if cmd == "" {
			cmd = "member"
		}
		if !s.InChain {
			cmd = "outside"
		}
		fmt.Fprintf(stdout, "%-12s %-40s %6d %6d %4d %3d %4s %s\n", s.ID, s.Label(), s.CV, s.Points, s.Tier, s.MF, ftl, cmd)
	}
	fmt.Fprintln(stdout)
	for _, l := range append(res.Report(r.fleet), r.pinReport()...) {
		if l.Heading {
			fmt.Fprintln(stdout, l.Text+":")
			continue
		}
		fmt.Fprintf(stdout, "%*s%s\n", 2*l.Depth+2, "", l.Text)
	}
	return 0
}

func fleetPack(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("fleet pack", stderr, "fleet pack FILE -o OUT.pdf [--paper letter|a4] [--bw] [--one-per-page]",
		"Exit status: 0 written (an illegal fleet is printed and says so), 1 not written, 2 unreadable file or bad usage.")
	pf := addPrintFlags(fs, true)
	files, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	switch {
	case len(files) != 1:
		return usageError(fs, "give exactly one fleet file (you gave %d)", len(files))
	case *pf.out == "":
		return usageError(fs, "missing -o OUT.pdf: the file to write the PDF to (- for standard output)")
	}
	ev := fleet.NewEvaluator(nil)
	r := checkAnyFleetFile(registry(), ev, files[0])
	if !r.Decoded {
		for _, p := range r.Problems {
			fmt.Fprintf(stderr, "slipway fleet pack: %s: %s\n", files[0], p)
		}
		return 2
	}
	if r.seam != nil {
		return seamFleetPack(ctx, r, pf, files[0], stdout, stderr)
	}
	if !r.Legal {
		fmt.Fprintf(stderr, "slipway fleet pack: warning: %s is not legal; the pack says so (see slipway fleet validate %s)\n", files[0], files[0])
	}
	if err := ctx.Err(); err != nil {
		fmt.Fprintln(stderr, "slipway fleet pack:", err)
		return 1
	}
	if err := writeOutput(*pf.out, stdout, func(w io.Writer) error {
		// A pinned fleet prints its model's numbers and the current
		// model's beside them, as the API's pack does.
		return fleetpdf.WriteWith(w, ev.For(r.fleet), r.fleet, r.result, pf.options(),
			fleetpdf.Extra{Current: r.current, CurrentModel: ev.Model().Version()})
	}); err != nil {
		fmt.Fprintln(stderr, "slipway fleet pack:", err)
		return 1
	}
	return 0
}

func fleetEncounter(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("fleet encounter", stderr, "fleet encounter A.json B.json [--json]",
		"The rulebook's encounter set-up for two fleets: each side's initiative roll, the chances,",
		"the encounters each difference offers the winner and their deployment zones.",
		"Exit status: 0 set up, 1 the fleets' CVs differ, 2 unreadable file or bad usage.")
	asJSON := fs.Bool("json", false, "print the set-up as one JSON object")
	files, code, ok := parseArgs(fs, args)
	if !ok {
		return code
	}
	if len(files) != 2 {
		fs.Usage()
		return 2
	}
	ev := fleet.NewEvaluator(nil)
	var rs [2]fleetReport
	for i, f := range files {
		rs[i] = checkFleetFile(ev, f)
		if !rs[i].Decoded {
			for _, p := range rs[i].Problems {
				fmt.Fprintf(stderr, "slipway fleet encounter: %s: %s\n", f, p)
			}
			return 2
		}
	}
	// Each fleet is priced with its pinned model and the two compared
	// under one, as the API's encounter does (fleet.EncounterPinned).
	side := func(r fleetReport) fleet.PricedSide {
		return fleet.PricedSide{Fleet: r.fleet, Result: r.result, Current: r.current, Model: r.Model}
	}
	pe := ev.EncounterPinned(side(rs[0]), side(rs[1]))
	s := pe.Setup
	code = 0
	if !s.EqualCV {
		code = 1
	}
	if *asJSON {
		type pinned struct {
			Name    string         `json:"name"`
			Model   string         `json:"model"`
			CV      int            `json:"cv"`
			Points  int            `json:"points"`
			Current *currentTotals `json:"current,omitempty"`
		}
		var fleets []pinned
		for _, r := range rs {
			fleets = append(fleets, pinned{r.result.Name, r.Model, r.result.Totals.CV, r.result.Totals.Points, r.Current})
		}
		out := struct {
			*fleet.EncounterSetup
			Model        string   `json:"model"`
			ModelsDiffer bool     `json:"modelsDiffer"`
			Note         string   `json:"note,omitempty"`
			Fleets       []pinned `json:"fleets"`
		}{s, pe.Model, pe.ModelsDiffer, pe.Note, fleets}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintln(stderr, "slipway fleet encounter:", err)
			return 2
		}
		return code
	}
	for _, sd := range []fleet.Side{s.A, s.B} {
		who := "no flagship"
		if sd.Flagship != "" {
			who = "flagship " + sd.Flagship
		}
		fmt.Fprintf(stdout, "%s: %d CV, %s, rolls %s%+d: wins the initiative %.0f%%\n", sd.Name, sd.CV, who, sd.Die, sd.Bonus, 100*sd.Win)
	}
	if pe.Note != "" {
		fmt.Fprintln(stdout, pe.Note)
	}
	if !s.EqualCV {
		fmt.Fprintf(stdout, "warning: the fleets' CVs differ (%d and %d); the encounter system needs equal combat value\n", s.A.CV, s.B.CV)
	}
	fmt.Fprintf(stdout, "tie (meeting engagement): %.0f%%\n", 100*s.Tie)
	for i, o := range s.Options {
		more := ""
		if i == len(s.Options)-1 {
			more = "+"
		}
		fmt.Fprintf(stdout, "difference %d%s (%.0f%%): %s\n", o.Difference, more, 100*o.Chance, strings.Join(o.Encounters, ", "))
	}
	fmt.Fprintln(stdout, "zones, the most of the fleet's CV each may hold:")
	for _, e := range ev.Facts().Encounters {
		fmt.Fprintf(stdout, "  %-20s attacker %s; defender %s\n", e.Name, zoneList(e.Attacker), zoneList(e.Defender))
	}
	return code
}

func zoneList(zs []fleet.Zone) string {
	var parts []string
	for _, z := range zs {
		parts = append(parts, fmt.Sprintf("%s %d%%", z.Zone, z.MaxShare))
	}
	return strings.Join(parts, ", ")
}

// seamFleetPack writes the pack of a fleet of a game printed through the
// ruleset seam (sheets.PrinterFor).
func seamFleetPack(ctx context.Context, r fleetReport, pf printFlags, name string, stdout, stderr io.Writer) int {
	p, _ := sheets.PrinterFor(r.seam.rs.Info().ID)
	fp, ok := p.(ruleset.FleetPrinter)
	if !ok {
		fmt.Fprintf(stderr, "slipway fleet pack: %s fleets have no printed pack yet\n", r.seam.rs.Info().Name)
		return 1
	}
	if !r.Legal {
		fmt.Fprintf(stderr, "slipway fleet pack: warning: %s is not legal; the pack says so (see slipway fleet validate %s)\n", name, name)
	}
	if err := ctx.Err(); err != nil {
		fmt.Fprintln(stderr, "slipway fleet pack:", err)
		return 1
	}
	opt := pf.options()
	b, err := fp.FleetPack(r.seam.doc, r.seam.eval, ruleset.PrintOptions{Paper: opt.Paper, BW: opt.BW})
	if err == nil {
		err = writeOutput(*pf.out, stdout, func(w io.Writer) error { _, err := w.Write(b); return err })
	}
	if err != nil {
		fmt.Fprintln(stderr, "slipway fleet pack:", err)
		return 1
	}
	return 0
}
