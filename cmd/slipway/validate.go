package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/slipway/slipway/designer"
)

// fileReport is the validation result of one file, as printed by
// `slipway validate --json`.
type fileReport struct {
	fileStatus
	Legal    bool                 `json:"legal"`
	Tier     *designer.TierReport `json:"tier,omitempty"`
	Problems designer.Problems    `json:"problems"`
}

func validateCommand() command {
	return command{
		name:    "validate",
		summary: "check design files against the construction rules (exit 0 legal, 1 illegal, 2 unreadable file)",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("validate", stderr, "validate [--json] [--tier N] FILE...", "Exit status: 0 every file legal (warnings allowed), 1 some file illegal or not a", "valid design document, 2 some file could not be read or bad usage.")
			asJSON := fs.Bool("json", false, "print one JSON report per file as a JSON array")
			tier := fs.Int("tier", 0, "reject designs above tier `N` (1-3)")
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
			cat := designer.BuiltinCatalogue()
			var reports []fileReport
			code = 0
			for _, name := range args {
				r := validateFile(cat, name, designer.Options{TierLimit: *tier})
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

func validateFile(cat *designer.Catalogue, name string, opt designer.Options) fileReport {
	d, st, problems := readDocument(name, designer.ReadDesign)
	r := fileReport{fileStatus: st, Problems: problems}
	if !st.Decoded {
		return r
	}
	r.Problems = cat.Validate(d, opt)
	r.Legal = r.Problems.Legal()
	t := cat.Tier(d)
	r.Tier = &t
	return r
}

func printReport(w io.Writer, r fileReport) {
	switch {
	case !r.Readable:
		fmt.Fprintf(w, "%s: unreadable\n", r.File)
	case !r.Decoded:
		fmt.Fprintf(w, "%s: illegal, not a valid design document\n", r.File)
	case r.Legal:
		fmt.Fprintf(w, "%s: legal, tier %d\n", r.File, r.Tier.Tier)
	default:
		fmt.Fprintf(w, "%s: illegal, tier %d\n", r.File, r.Tier.Tier)
	}
	for _, p := range r.Problems {
		fmt.Fprintf(w, "  %s\n", p)
	}
	if r.Tier != nil {
		for _, t := range r.Tier.Reasons {
			fmt.Fprintf(w, "  tier %d: %s (%s)\n", t.Tier, t.Reason, t.Path)
		}
	}
}
