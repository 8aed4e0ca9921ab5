package sheets

import (
	"bytes"
	"strings"
	"testing"
)

// TestFleetPackReadBack: a fleet pack has the summary, then the fleet's
// page with its totals and chain of command, then a record sheet per
// ship; a ship's chosen loadout prints on its sheet.
func TestFleetPackReadBack(t *testing.T) {
	d := loadSample(t, "uss-einstein.json")
	cp := *d
	cp.HangarBays = append(cp.HangarBays[:0:0], cp.HangarBays...)
	for i := range cp.HangarBays {
		cp.HangarBays[i].Loadout = nil
	}
	carrier := testShip(&cp)
	carrier.Loadout = map[string]map[string]int{cp.HangarBays[0].ID: {"warden": 3}}
	ships := []Ship{testShip(loadSample(t, "iks-tesla.json")), carrier}
	info := FleetInfo{Name: "Home Guard", Totals: "300 CV of a 300 CV limit", Lines: []FleetLine{
		{Text: "Chain of command", Heading: true},
		{Text: "SQUADRON COMMANDER, FLAGSHIP: IKS Tesla"},
		{Depth: 1, Text: "squadron: USS Einstein"},
		{Text: "error F-01 over the limit", Warn: true},
	}}
	var buf bytes.Buffer
	if err := FleetPack(&buf, ships, info, Options{}); err != nil {
		t.Fatal(err)
	}
	pages := readBack(t, buf.Bytes())
	text := func(i int) string { return strings.Join(pages[i].lines, "\n") }
	if !hasText(text(0), "FLEET SUMMARY") {
		t.Errorf("page 1 is not the summary")
	}
	for _, want := range []string{"FLEET: Home Guard", "300 CV of a 300 CV limit", "FLAGSHIP: IKS Tesla", "squadron: USS Einstein", "error F-01"} {
		if !hasText(text(1), want) {
			t.Errorf("fleet page lacks %q:\n%s", want, text(1))
		}
	}
	sheets := 0
	for i := range pages {
		if hasText(text(i), "STARSHIP RECORD SHEET") {
			sheets++
		}
	}
	if sheets < 2 {
		t.Errorf("%d record sheets", sheets)
	}
	// The plain pack has no fleet page.
	buf.Reset()
	if err := Pack(&buf, ships, Options{}); err != nil {
		t.Fatal(err)
	}
	if p := readBack(t, buf.Bytes()); hasText(strings.Join(p[1].lines, ""), "FLEET:") {
		t.Error("Pack printed a fleet page")
	}
}
