// Package fleetpdf prints a fleet as one PDF fleet pack with sheets: the
// summary of its ships, the fleet's own pages (totals against the limit,
// chain of command, tows, loadouts, squadrons, deployment, problems), a
// record sheet per ship with its chosen hangar loadout, the ship cards
// and the play aids. The CLI and the API both print through it.
package fleetpdf

import (
	"errors"
	"io"

	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/sheets"
)

// Write prints the fleet f, evaluated as r by ev, to w. Ships whose
// design could not be resolved are left out (the problems page names
// them); a fleet with no printable ship is an error.
func Write(w io.Writer, ev *fleet.Evaluator, f *fleet.Fleet, r *fleet.Result, opt sheets.Options) error {
	return WriteWith(w, ev, f, r, opt, Extra{})
}

// Extra is what the server adds to a pack.
type Extra struct {
	// Verify is the address of the pack's verification page (the
	// server's /v/<code>), printed as a QR code and a short link on page
	// one; "" prints none.
	Verify string
	// Current is what the current model says of a fleet pinned to
	// another (f.Model; r is priced with the pin): its totals and each
	// ship's numbers print on the fleet's pages beside the pinned ones.
	Current      *fleet.Result
	CurrentModel string
}

// WriteWith is Write with the server's extras.
func WriteWith(w io.Writer, ev *fleet.Evaluator, f *fleet.Fleet, r *fleet.Result, opt sheets.Options, x Extra) error {
	ships := make([]sheets.Ship, 0, len(r.Ships))
	named := map[*fleet.ShipResult]bool{}
	for i := range r.Ships {
		s := &r.Ships[i]
		if s.Design == nil || s.Result == nil {
			continue
		}
		d := s.Design
		if l := s.Label(); l != d.Name {
			cp := *d
			cp.Name = l
			d = &cp
			named[s] = true
		}
		sh := sheets.NewShip(ev.Model(), d, s.Result)
		sh.Loadout = s.Loadout
		sh.Link = s.ID
		if s.Ref != nil {
			sh.Version = s.Ref.Version
		}
		ships = append(ships, sh)
	}
	if len(ships) == 0 {
		return errors.New("fleetpdf: the fleet has no ship to print")
	}
	info := sheets.FleetInfo{Name: f.Name, Verdict: sheets.Verdict(r.Legal, r.Problems), Verify: x.Verify}
	for _, t := range r.PackTotals() {
		info.Totals = append(info.Totals, sheets.FleetTotal{Label: t.Label, Value: t.Value, Share: t.Share, Warn: t.Over})
	}
	if f.Model != "" {
		info.Totals = append(info.Totals, sheets.FleetTotal{Label: "AGREED UNDER", Value: f.Model, Share: 1})
	}
	for _, l := range r.Report(f) {
		info.Lines = append(info.Lines, sheets.FleetLine{Depth: l.Depth, Text: l.Text, Heading: l.Heading, Warn: l.Warn})
	}
	info.Lines = append(info.Lines, pinLines(f, r, x)...)
	return sheets.FleetPack(w, ships, info, opt)
}

// pinLines are the fleet's "Combat value model" lines (Result.PinReport)
// for the pack.
func pinLines(f *fleet.Fleet, r *fleet.Result, x Extra) []sheets.FleetLine {
	var out []sheets.FleetLine
	for _, l := range r.PinReport(f, x.Current, x.CurrentModel) {
		out = append(out, sheets.FleetLine{Depth: l.Depth, Text: l.Text, Heading: l.Heading, Warn: l.Warn})
	}
	return out
}
