package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/slipway/slipway/ruleset"
)

func catalogueCommand() command {
	return command{
		name:    "catalogue",
		summary: "list a game's parts: Metaverse's system kinds with category, tier and rating range",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("catalogue", stderr, "catalogue [--ruleset ID] [--json]")
			asJSON := fs.Bool("json", false, "print the catalogue as JSON")
			id := rulesetFlag(fs)
			if code, ok := parseFlagsOnly(fs, args); !ok {
				return code
			}
			r, bad := pickRuleset(registry(), *id)
			if bad != "" {
				return usageError(fs, "%s", bad)
			}
			c, ok := r.(ruleset.Cataloguer)
			if !ok {
				fmt.Fprintf(stderr, "slipway catalogue: %s has no catalogue of parts\n", r.Info().Name)
				return 1
			}
			if *asJSON {
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(c.CatalogueData()); err != nil {
					fmt.Fprintln(stderr, "slipway catalogue:", err)
					return 1
				}
				return 0
			}
			t := c.CatalogueTable()
			tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, strings.Join(t.Header, "\t"))
			for _, row := range t.Rows {
				fmt.Fprintln(tw, strings.Join(row, "\t"))
			}
			tw.Flush()
			return 0
		},
	}
}
