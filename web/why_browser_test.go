package web_test

import (
	"strings"
	"testing"
)

// TestPanelSaysWhyTheNumberMoved edits designs of both games in the
// designer and reads the panel's one line on what moved the value and
// why (issue 19, item 5): the line comes from the server's difference of
// the two explanation trees (POST /api/v1/evaluate/change), not from a
// rule in the page.
func TestPanelSaysWhyTheNumberMoved(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open("/")
	id := sampleID(tb, "reference+cruiser")
	tb.openDesigner("/designer?from=" + id)
	if why := tb.text("#why"); why != "" {
		t.Errorf("before any edit the panel says %q, want nothing", why)
	}
	cv := tb.text("#stat-cv .value")

	// A new mount in the fore section fires nowhere yet: CV does not move,
	// and the line says which term it is and why it counts nothing.
	tb.click(`[data-add="sections.fore.weapons"]`)
	why := tb.text("#why")
	if !strings.HasPrefix(why, "Combat value +0: new ") || !strings.Contains(why, "(Sections, fore, weapons 2), 0 (") {
		t.Errorf("after adding a mount with no sectors the panel says %q", why)
	}
	t.Logf("mount added: %s", why)
	if got := tb.text("#stat-cv .value"); got != cv {
		t.Errorf("CV %s after adding a mount that fires nowhere, was %s", got, cv)
	}

	// Giving it the fore sectors raises CV through offence.
	tb.sectors("sections.fore.weapons[1]", 7, 0, 1)
	why = tb.text("#why")
	if !strings.HasPrefix(why, "Combat value +") || strings.HasPrefix(why, "Combat value +0") || !strings.Contains(why, "Offence O up from") {
		t.Errorf("after giving the mount sectors 7, 0 and 1 the panel says %q", why)
	}
	t.Logf("sectors: %s", why)
	if strings.Contains(why, "sections.") {
		t.Errorf("the change line shows a document path: %q", why)
	}
	tb.checkA11y("designer with the change line")

	// Battleshift: a system paid in points moves the cost by its price.
	tb.openDesigner("/designer?ruleset=battleshift")
	tb.pickRow("systems", "hardenedHull")
	why = tb.text("#why")
	if !strings.HasPrefix(why, "Cost +") || !strings.Contains(why, "Hardened Hull") {
		t.Errorf("Battleshift, after adding a hardened hull the panel says %q", why)
	}
	t.Logf("Battleshift: %s", why)
	if errs := tb.consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}
