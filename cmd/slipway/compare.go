package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
)

func compareCommand() command {
	return command{
		name:    "compare",
		summary: "show what changed between two designs and how much each change moved CV, points, EMS and TR",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("compare", stderr, "compare A B [--json] [--model VERSION]")
			model := modelFlag(fs)
			asJSON := fs.Bool("json", false, "print the comparison as JSON")
			files, code, ok := parseArgs(fs, args)
			if !ok {
				return code
			}
			if len(files) != 2 {
				return usageError(fs, "give two design files, A and B (you gave %d)", len(files))
			}
			var ds [2]*designer.Design
			for i, f := range files {
				var err error
				if ds[i], err = readDesignFile(f); err != nil {
					fmt.Fprintf(stderr, "slipway compare: %v\n", err)
					return 2
				}
			}
			m, err := openModel(*model)
			if err != nil {
				fmt.Fprintf(stderr, "slipway compare: %v\n", err)
				return 2
			}
			c := m.Compare(ds[0], ds[1])
			if *asJSON {
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(c); err != nil {
					fmt.Fprintln(stderr, "slipway compare:", err)
					return 2
				}
			} else {
				printComparison(stdout, files, c)
			}
			if !c.A.Legal || !c.B.Legal {
				return 1
			}
			return 0
		},
	}
}

func printComparison(w io.Writer, files []string, c *costing.Comparison) {
	fmt.Fprintf(w, "A %s: %s   CV %d  points %d  EMS %d  TR %d\n", files[0], c.A.Name, c.A.CV, c.A.Points, c.A.EMS, c.A.TargetRating)
	fmt.Fprintf(w, "B %s: %s   CV %d  points %d  EMS %d  TR %d\n", files[1], c.B.Name, c.B.CV, c.B.Points, c.B.EMS, c.B.TargetRating)
	fmt.Fprintf(w, "model %s; changes applied to A in order, each credited with what it moved:\n\n", c.ModelVersion)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "CHANGE\tCV\tPOINTS\tEMS\tTR\tPATH")
	for _, ch := range c.Changes {
		fmt.Fprintf(tw, "%s\t%+d\t%+d\t%+d\t%+d\t%s\n", ch.Description, ch.Delta.CV, ch.Delta.Points, ch.Delta.EMS, ch.Delta.TargetRating, ch.Path)
	}
	fmt.Fprintf(tw, "total\t%+d\t%+d\t%+d\t%+d\t\n", c.Total.CV, c.Total.Points, c.Total.EMS, c.Total.TargetRating)
	tw.Flush()
}
