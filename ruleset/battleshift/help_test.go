package battleshift

import "testing"

// TestFormHelp is issue 19's acceptance 4 for Battleshift: every field,
// choice, catalogue entry and number its form can show has help.
func TestFormHelp(t *testing.T) {
	for _, m := range New().Form().MissingHelp() {
		t.Errorf("no help: %s", m)
	}
}
