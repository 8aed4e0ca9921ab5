package web_test

import (
	"strings"
	"testing"
)

// TestStareaterDesignPages: over HTTP, a Star Eater loadout's page shows
// its game's panel numbers from the stored evaluation (not known: —), its
// mats by the form's word and the quick reference; a card set's page is
// its own kind of document; neither shows CV or points.
func TestStareaterDesignPages(t *testing.T) {
	hs, _ := libServer(t)
	id := sampleOf(t, hs.URL, "stareater", "Lamais+first+game")
	res, body := get(t, hs.URL+"/designs/"+id)
	main := body[strings.Index(body, "<main"):strings.Index(body, "</main>")]
	for _, want := range []string{"Star Eater · RNC Gilgamesh · by slipway", ">Total armour</dt><dd>—</dd>", "Mats or cards (PDF)",
		`href="/api/v1/rulesets/stareater/aids.pdf">Star Eater quick reference (PDF)`} {
		if !strings.Contains(main, want) {
			t.Errorf("the loadout's page lacks %s", want)
		}
	}
	if res.StatusCode != 200 || strings.Contains(main, "<dt>CV</dt>") || strings.Contains(main, "<dt>Points</dt>") {
		t.Errorf("the loadout's page: %d, or it shows Metaverse's numbers", res.StatusCode)
	}
	set := sampleOf(t, hs.URL, "stareater", "Example+card+set")
	res, body = get(t, hs.URL+"/designs/"+set)
	main = body[strings.Index(body, "<main"):strings.Index(body, "</main>")]
	if res.StatusCode != 200 || !strings.Contains(main, "Star Eater · card set · by slipway") || strings.Contains(main, "nil") {
		t.Errorf("the card set's page: %d", res.StatusCode)
	}
}
