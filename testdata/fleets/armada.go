//go:build ignore

// Armada writes a fleet file of n ships for measuring the fleet pack:
// the ten sample designs in turn, each ship embedding its design, every
// ship named, in squadrons of four (ships with a CiC leading where the
// class has one), on no limit worth the name.
//
//	go run testdata/fleets/armada.go -n 200 -o /tmp/armada-200.json
//	/usr/bin/time -v slipway fleet pack /tmp/armada-200.json -o /tmp/armada.pdf
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"os"
	"sort"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/fleet"
)

func main() {
	n := flag.Int("n", 200, "ships")
	out := flag.String("o", "", "file to write (default standard output)")
	flag.Parse()
	if *n < 1 || *n > fleet.MaxShips {
		log.Fatalf("-n %d: give 1-%d ships", *n, fleet.MaxShips)
	}
	names, err := fs.Glob(data.Samples(), "*.json")
	if err != nil {
		log.Fatal(err)
	}
	sort.Strings(names)
	var ds []*designer.Design
	for _, nm := range names {
		b, err := fs.ReadFile(data.Samples(), nm)
		if err != nil {
			log.Fatal(err)
		}
		d, err := designer.DecodeDesign(b)
		if err != nil {
			log.Fatalf("%s: %v", nm, err)
		}
		ds = append(ds, d)
	}
	f := &fleet.Fleet{Schema: fleet.Schema, Ruleset: designer.RulesetMetaverse, RulesVersion: designer.RulesVersion,
		Name: fmt.Sprintf("Armada of %d", *n), Limit: fleet.Limit{CV: 1 << 30}}
	for i := range *n {
		f.Ships = append(f.Ships, fleet.Ship{ID: fmt.Sprintf("s%d", i), Name: fmt.Sprintf("Ship %d", i), Document: ds[i%len(ds)]})
	}
	b, err := json.Marshal(f)
	if err != nil {
		log.Fatal(err)
	}
	if *out == "" {
		os.Stdout.Write(b)
		return
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		log.Fatal(err)
	}
}
