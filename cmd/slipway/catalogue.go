package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/slipway/slipway/designer"
)

func catalogueCommand() command {
	return command{
		name:    "catalogue",
		summary: "list every system kind with its category, tier and rating range",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("catalogue", stderr, "catalogue [--json]")
			asJSON := fs.Bool("json", false, "print the catalogue as JSON")
			if code, ok := parseFlagsOnly(fs, args); !ok {
				return code
			}
			cat := designer.BuiltinCatalogue()
			if *asJSON {
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(cat); err != nil {
					fmt.Fprintln(stderr, "slipway catalogue:", err)
					return 1
				}
				return 0
			}
			tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "KIND\tNAME\tCATEGORY\tTIER\tRATING\tPARAMETERS")
			for _, k := range cat.Kinds {
				rating := k.Rating.Mode
				if k.Rating.Mode == designer.RatingRange {
					rating = fmt.Sprintf("%d-%d", k.Rating.Min, k.Rating.Max)
				}
				params := ""
				for _, p := range designer.ParamNames {
					if spec := k.Params[p]; spec != nil {
						if params != "" {
							params += " "
						}
						params += fmt.Sprintf("%s=%v", p, spec.Values)
					}
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\n", k.Kind, k.Name, k.Category, k.Tier, rating, params)
			}
			tw.Flush()
			return 0
		},
	}
}
