package sheets

import (
	"bytes"
	"strings"
	"testing"

	"github.com/slipway/slipway/ruleset"
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
	info := FleetInfo{Name: "Home Guard", Verdict: "NOT LEGAL: 1 problem", Totals: []FleetTotal{
		{Label: "LIMIT", Value: "300 CV"}, {Label: "FLEET TOTAL: SHIPS AND INDEPENDENT SQUADRONS", Value: "310 CV"}}, Lines: []FleetLine{
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
	for _, want := range []string{"FLEET SUMMARY: Home Guard", "LIMIT", "300 CV", "SHIPS AND INDEPENDENT SQUADRONS", "310 CV",
		"NOT LEGAL", "1 problem", "Ships only: 2 ships"} {
		if !hasText(text(0), want) {
			t.Errorf("page 1 lacks %q:\n%s", want, text(0))
		}
	}
	for _, want := range []string{"FLEET: Home Guard", "FLAGSHIP: IKS Tesla", "squadron: USS Einstein", "error F-01"} {
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
	// A legal fleet's first page does not say NOT LEGAL; it says legal.
	info.Verdict = ""
	buf.Reset()
	if err := FleetPack(&buf, ships, info, Options{}); err != nil {
		t.Fatal(err)
	}
	if p := readBack(t, buf.Bytes()); hasText(strings.Join(p[0].lines, ""), "NOT LEGAL") || !hasText(strings.Join(p[0].lines, ""), "SQUADRONSRULES") {
		t.Errorf("a legal fleet's page 1:\n%s", strings.Join(p[0].lines, "\n"))
	}
}

// TestFleetPackProblemsInFull: problems longer than a line, and a word
// longer than a line, print in full over as many lines and pages as they
// need; nothing is cut with an ellipsis.
func TestFleetPackProblemsInFull(t *testing.T) {
	ships := []Ship{testShip(loadSample(t, "iks-tesla.json"))}
	info := FleetInfo{Name: "Long Problems", Verdict: "NOT LEGAL: 80 problems"}
	long := strings.Repeat("W", 300) // one word wider than a line
	var want []string
	for i := 0; i < 80; i++ {
		text := "error F-09: problem " + itoa(i+1) + " " + strings.Repeat("the fleet's deployment zone holds too many ships of one kind ", 5) + long
		want = append(want, text)
		info.Lines = append(info.Lines, FleetLine{Depth: 1, Text: text, Warn: true})
	}
	var buf bytes.Buffer
	if err := FleetPack(&buf, ships, info, Options{}); err != nil {
		t.Fatal(err)
	}
	pages := readBack(t, buf.Bytes())
	var fleet strings.Builder
	n := 0
	for _, p := range pages {
		text := strings.Join(p.lines, "\n")
		if hasText(text, "FLEET: Long Problems") {
			n++
			fleet.WriteString(text)
			if strings.Contains(text, ellipsis) {
				t.Errorf("a fleet page cuts text:\n%s", text)
			}
		}
	}
	if n < 3 {
		t.Errorf("%d fleet pages for 80 long problems", n)
	}
	got := squash(strings.ReplaceAll(fleet.String(), "\n", ""))
	for _, w := range want {
		if !strings.Contains(got, squash(w)) {
			t.Errorf("the pack lacks the whole of %.60q...", w)
		}
	}
}

// TestBattleshiftRosterProblemsInFull: the roster prints every problem
// an evaluation lists in full, however long, over as many lines and pages
// as it needs; the verdict on page one says NOT LEGAL.
func TestBattleshiftRosterProblemsInFull(t *testing.T) {
	f, r := bsVanguard(t)
	cp := *r
	cp.Legal = false
	cp.Problems = nil
	var want []string
	for i := 0; i < 30; i++ {
		msg := "Squadron " + itoa(i+1) + " " + strings.Repeat("is out of command range of its task force's flagship and ", 8) + strings.Repeat("X", 150)
		want = append(want, msg)
		cp.Problems = append(cp.Problems, ruleset.Problem{Rule: "BS-TF-02", Severity: ruleset.Error, Message: msg, Hint: "move it closer"})
	}
	doc, err := BattleshiftPrinter{}.FleetPack(f, &cp, ruleset.PrintOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pages := readBack(t, doc)
	if first := strings.Join(pages[0].lines, "\n"); !hasText(first, "NOT LEGAL: 30 errors") || !hasText(first, "of 750 points") {
		t.Errorf("page 1:\n%s", first)
	}
	got := squash(strings.ReplaceAll(allText(pages), "\n", ""))
	for _, w := range want {
		if !strings.Contains(got, squash(w)) {
			t.Errorf("the roster lacks the whole of %.50q...", w)
		}
	}
}
