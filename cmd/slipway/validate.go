package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/ruleset"
)

// fileReport is the validation result of one file, as printed by
// `slipway validate --json`.
type fileReport struct {
	fileStatus
	Legal    bool              `json:"legal"`
	Tier     any               `json:"tier,omitempty"`
	Problems designer.Problems `json:"problems"`
	// Hint says what to do with a file that is no design but a fleet.
	Hint string `json:"hint,omitempty"`
}

func validateCommand() command {
	return command{
		name:    "validate",
		summary: "check design files against the construction rules (exit 0 legal, 1 illegal, 2 unreadable file)",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("validate", stderr, "validate [--json] [--tier N] [--uses REF=FILE] FILE...", "Exit status: 0 every file legal (warnings allowed), 1 some file illegal or not a", "valid design document, 2 some file could not be read or bad usage.")
			asJSON := fs.Bool("json", false, "print one JSON report per file as a JSON array")
			tier := fs.Int("tier", 0, "reject designs above tier `N` (1-3)")
			uses := addUsesFlag(fs)
			args, code, ok := parseArgs(fs, args)
			if !ok {
				return code
			}
			if code, ok := checkRange(fs, "tier", *tier, 1, 3); !ok {
				return code
			}
			if len(args) == 0 {
				return usageError(fs, "give at least one design file")
			}
			reg := registry()
			opt := ruleset.Options{}
			if *tier != 0 {
				opt["tier"] = fmt.Sprint(*tier)
			}
			var reports []fileReport
			code = 0
			for _, name := range args {
				r := validateFile(reg, name, opt, uses)
				reports = append(reports, r)
				switch {
				case !r.Readable:
					code = max(code, 2)
				case !r.Legal:
					code = max(code, 1)
				}
				if !*asJSON {
					printReport(stdout, r)
				}
			}
			if *asJSON {
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(reports); err != nil {
					fmt.Fprintln(stderr, "slipway validate:", err)
					return 2
				}
			}
			return code
		},
	}
}

// validateFile checks one design file of any game served: by the game's
// Validator when it has one (Metaverse, with the tier limit of opt), else
// by evaluating it.
func validateFile(reg *ruleset.Registry, name string, opt ruleset.Options, uses *usesFlag) fileReport {
	doc, st, problems := readDocument(name, readAny(reg))
	r := fileReport{fileStatus: st, Problems: problems}
	if !st.Decoded {
		if st.Readable {
			r.Hint = fleetHint(reg, name)
		}
		return r
	}
	doc, err := uses.bind(reg, doc, false)
	if err != nil {
		r.Problems = append(r.Problems, designer.Problem{Rule: "IO", Severity: designer.Error, Message: err.Error()})
		return r
	}
	var v *ruleset.Validation
	if vr, ok := doc.rs.(ruleset.Validator); ok {
		v, err = vr.Validate(doc.d, opt)
	} else {
		var ev ruleset.Evaluation
		if ev, err = doc.rs.Evaluate(doc.d, opt); err == nil {
			v = &ruleset.Validation{Legal: ev.Findings().Legal(), Problems: ev.Findings()}
		}
	}
	if err != nil {
		r.Problems = append(r.Problems, designer.Problem{Rule: "IO", Severity: designer.Error, Message: err.Error()})
		return r
	}
	r.Legal, r.Tier, r.Problems = v.Legal, v.Tier, v.Problems
	return r
}

// fleetHint is, for a file that is a fleet of a game served rather than
// a design, the command that checks it (and prices it, with its pinned
// model: slipway fleet validate); "" for any other file.
func fleetHint(reg *ruleset.Registry, name string) string {
	f := checkAnyFleetFile(reg, fleet.NewEvaluator(nil), name)
	if !f.Decoded && f.fleet == nil {
		return ""
	}
	return "this file is a fleet, not a design: check it with slipway fleet validate " + name
}

func printReport(w io.Writer, r fileReport) {
	switch {
	case !r.Readable:
		fmt.Fprintf(w, "%s: unreadable\n", r.File)
	case !r.Decoded:
		fmt.Fprintf(w, "%s: illegal, not a valid design document\n", r.File)
	default:
		verdict := "illegal"
		if r.Legal {
			verdict = "legal"
		}
		if v, ok := r.Tier.(ruleset.Verdicter); ok {
			verdict += ", " + v.Verdict()
		}
		fmt.Fprintf(w, "%s: %s\n", r.File, verdict)
	}
	for _, p := range r.Problems {
		fmt.Fprintf(w, "  %s\n", p)
	}
	if r.Hint != "" {
		fmt.Fprintf(w, "  %s\n", r.Hint)
	}
	if v, ok := r.Tier.(ruleset.Verdicter); ok {
		for _, n := range v.Notes() {
			fmt.Fprintf(w, "  %s\n", n)
		}
	}
}
