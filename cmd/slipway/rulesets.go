package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/ruleset/games"
	"github.com/slipway/slipway/ruleset/metaverse"
)

// registryWith is every game the command line reads: Metaverse priced by
// model, and the games served beside it.
func registryWith(model *costing.Model) *ruleset.Registry {
	return ruleset.NewRegistry(append([]ruleset.Ruleset{metaverse.New(model.Catalogue(), model)}, games.Extra()...)...)
}

// registry is registryWith the current costing model.
func registry() *ruleset.Registry { return registryWith(costing.NewModel(designer.BuiltinCatalogue())) }

// rulesetFlag adds --ruleset to a command that serves one game.
func rulesetFlag(fs interface {
	String(name, value, usage string) *string
}) *string {
	return fs.String("ruleset", designer.RulesetMetaverse, "the game `ID`: "+strings.Join(registry().IDs(), " or "))
}

// pickRuleset returns the served ruleset id, or a usage error's message.
func pickRuleset(reg *ruleset.Registry, id string) (ruleset.Ruleset, string) {
	r, ok := reg.Get(id)
	if !ok {
		return nil, fmt.Sprintf("--ruleset must be one of %s (you gave %q)", reg.Served(), id)
	}
	return r, ""
}

func rulesetsCommand() command {
	return command{
		name:    "rulesets",
		summary: "list the games served: id, name, rules versions and evaluation model",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags("rulesets", stderr, "rulesets [--json]")
			asJSON := fs.Bool("json", false, "print the games as a JSON array")
			if code, ok := parseFlagsOnly(fs, args); !ok {
				return code
			}
			reg := registry()
			if *asJSON {
				var infos []ruleset.Info
				for _, r := range reg.List() {
					infos = append(infos, r.Info())
				}
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(infos); err != nil {
					fmt.Fprintln(stderr, "slipway rulesets:", err)
					return 1
				}
				return 0
			}
			tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tNAME\tRULES VERSIONS\tMODEL\tPRICED IN")
			for _, r := range reg.List() {
				i := r.Info()
				vs := make([]string, len(i.RulesVersions))
				for j, v := range i.RulesVersions {
					vs[j] = fmt.Sprint(v)
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", i.ID, i.Name, strings.Join(vs, ", "), i.ModelVersion, i.Value)
			}
			tw.Flush()
			return 0
		},
	}
}

// decoded is a design document and the game that read it.
type decoded struct {
	rs ruleset.Ruleset
	d  ruleset.Design
}

// readAny reads one design document of any game reg serves.
func readAny(reg *ruleset.Registry) func(io.Reader) (decoded, error) {
	return func(r io.Reader) (decoded, error) {
		b, err := io.ReadAll(io.LimitReader(r, ruleset.MaxDocumentBytes+1))
		if err != nil {
			return decoded{}, fmt.Errorf("read design: %w", err)
		}
		rs, d, err := reg.Decode(b)
		return decoded{rs, d}, err
	}
}
