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
	return WriteVerified(w, ev, f, r, opt, "")
}

// WriteVerified is Write with the address of the pack's verification
// page (the server's /v/<code>), printed as a QR code and a short link
// on page one; "" prints none.
func WriteVerified(w io.Writer, ev *fleet.Evaluator, f *fleet.Fleet, r *fleet.Result, opt sheets.Options, verify string) error {
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
	info := sheets.FleetInfo{Name: f.Name, Verdict: sheets.Verdict(r.Legal, r.Problems), Verify: verify}
	for _, t := range r.PackTotals() {
		info.Totals = append(info.Totals, sheets.FleetTotal{Label: t.Label, Value: t.Value, Share: t.Share, Warn: t.Over})
	}
	for _, l := range r.Report(f) {
		info.Lines = append(info.Lines, sheets.FleetLine{Depth: l.Depth, Text: l.Text, Heading: l.Heading, Warn: l.Warn})
	}
	return sheets.FleetPack(w, ships, info, opt)
}
