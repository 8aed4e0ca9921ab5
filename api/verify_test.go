package api_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/internal/qrtest"
)

// readQR reads the QR code on page 1 of a PDF, as a phone reads paper.
func readQR(t *testing.T, pdf []byte) string { return qrtest.ReadPDF(t, pdf) }

// verification is the part of a verification answer the tests read.
type verification struct {
	Code    string
	Matches bool
	Printed struct {
		Kind, ID, Name, Model string
		Version               int
		Legal                 bool
		Numbers               []struct{ Label, Value string }
	}
	Now *struct {
		Numbers []struct{ Label, Value string }
	}
	LatestVersion int
	Changes       []string
	Private       bool
}

// codeOf reads the code of a verification address read off a QR code,
// which must point at the server that printed it.
func (e *env) codeOf(t *testing.T, link string) string {
	t.Helper()
	code, ok := strings.CutPrefix(link, e.url+"/v/")
	if !ok || len(code) != 16 {
		t.Fatalf("the QR code reads %q, not %s/v/<16-character code>", link, e.url)
	}
	return code
}

// TestVerifiedSheets is acceptance 3 of issue 22: a sheet, a card page
// and a fleet pack each carry a QR code that a reader decodes to the
// server's verification page, which says the document matches, with the
// numbers printed; after a new version the same link says what changed;
// a private design's link answers 404 to others, and works for the owner
// and with the owner's share link.
func TestVerifiedSheets(t *testing.T) {
	e := newEnv(t)
	owner := e.withToken("verifier")
	d := owner.create(t, "Verified Cruiser", "public")

	sheet := owner.do("GET", "/api/v1/designs/"+d.ID+"/sheet.pdf", nil).want(t, 200)
	code := e.codeOf(t, readQR(t, sheet.Body))
	anon := e.anon()
	var v verification
	anon.do("GET", "/api/v1/verify/"+code, nil).want(t, 200).decode(t, &v)
	if !v.Matches || v.Printed.ID != d.ID || v.Printed.Version != 1 || v.Printed.Kind != "design" {
		t.Fatalf("the sheet's verification: %+v", v)
	}
	if !hasNumber(v.Printed.Numbers, "Combat value", "100") || !hasNumber(v.Printed.Numbers, "Points", "111") {
		t.Errorf("the printed numbers %+v lack the reference cruiser's combat value 100 and 111 points", v.Printed.Numbers)
	}
	// The same sheet printed again is the same code, and the same bytes.
	again := owner.do("GET", "/api/v1/designs/"+d.ID+"/sheet.pdf", nil).want(t, 200)
	if string(again.Body) != string(sheet.Body) {
		t.Error("the same sheet printed twice differs")
	}
	// The code typed by a player: upper case with hyphens.
	typed := strings.ToUpper(code[:4] + "-" + code[4:8] + "-" + code[8:12] + "-" + code[12:])
	anon.do("GET", "/api/v1/verify/"+typed, nil).want(t, 200)

	card := owner.do("GET", "/api/v1/designs/"+d.ID+"/card.pdf?one=1", nil).want(t, 200)
	dump(t, "sheet.pdf", sheet.Body)
	dump(t, "card.pdf", card.Body)
	cardCode := e.codeOf(t, readQR(t, card.Body))
	if cardCode != code {
		t.Errorf("the card's code %s differs from the sheet's %s: they print the same facts", cardCode, code)
	}

	// A fleet pack of the design.
	fl := owner.do("POST", "/api/v1/fleets", map[string]any{"visibility": "public", "fleet": map[string]any{"name": "Verified Wing", "limit": map[string]int{"cv": 1000},
		"ships": []map[string]any{{"id": "a", "design": d.ID}, {"id": "b", "design": d.ID}}}}).want(t, 201)
	var f struct{ ID string }
	fl.decode(t, &f)
	pack := owner.do("GET", "/api/v1/fleets/"+f.ID+"/pack.pdf", nil).want(t, 200)
	dump(t, "pack.pdf", pack.Body)
	packCode := e.codeOf(t, readQR(t, pack.Body))
	var pv verification
	anon.do("GET", "/api/v1/verify/"+packCode, nil).want(t, 200).decode(t, &pv)
	if !pv.Matches || pv.Printed.Kind != "fleet" || pv.Printed.ID != f.ID {
		t.Fatalf("the pack's verification: %+v", pv)
	}
	if !hasNumber(pv.Printed.Numbers, "Fleet total: ships and independent squadrons", "200 CV, 222 points") {
		t.Errorf("the pack's printed numbers %+v lack its total", pv.Printed.Numbers)
	}

	// Every game's sheet, through its printer (sheets.PrinterFor).
	for _, game := range []string{"battleshift", "d6ship", "stareater"} {
		var lib struct{ Designs []struct{ ID string } }
		anon.do("GET", "/api/v1/library?ruleset="+game+"&limit=1", nil).want(t, 200).decode(t, &lib)
		if len(lib.Designs) == 0 {
			t.Fatalf("no %s sample", game)
		}
		gs := anon.do("GET", "/api/v1/designs/"+lib.Designs[0].ID+"/sheet.pdf", nil).want(t, 200)
		dump(t, game+"-sheet.pdf", gs.Body)
		var gv verification
		anon.do("GET", "/api/v1/verify/"+e.codeOf(t, readQR(t, gs.Body)), nil).want(t, 200).decode(t, &gv)
		if !gv.Matches || gv.Printed.ID != lib.Designs[0].ID || len(gv.Printed.Numbers) == 0 {
			t.Errorf("the %s sheet's verification: %+v", game, gv)
		}
	}

	// A new version: the same link says what changed.
	doc := d.Design
	doc["name"] = "Verified Cruiser Mk II"
	owner.do("PUT", "/api/v1/designs/"+d.ID, map[string]any{"design": doc}, "If-Match", `"v1"`).want(t, 200)
	anon.do("GET", "/api/v1/verify/"+code, nil).want(t, 200).decode(t, &v)
	if !v.Matches || v.LatestVersion != 2 || len(v.Changes) == 0 || !strings.Contains(v.Changes[0], "version 2") {
		t.Errorf("after version 2 the sheet of version 1: %+v", v)
	}

	// A private design: 404 to others, whatever they try.
	p := owner.create(t, "Secret Cruiser", "private")
	psheet := owner.do("GET", "/api/v1/designs/"+p.ID+"/sheet.pdf", nil).want(t, 200)
	pcode := e.codeOf(t, readQR(t, psheet.Body))
	anon.do("GET", "/api/v1/verify/"+pcode, nil).want(t, 404)
	e.register("snoop").do("GET", "/api/v1/verify/"+pcode, nil).want(t, 404)
	anon.do("GET", "/api/v1/verify/"+pcode+"?share=0123456789abcdefghjkmnpqrs", nil).want(t, 404)
	owner.do("GET", "/api/v1/verify/"+pcode, nil).want(t, 200)
	var share struct{ Token string }
	owner.do("POST", "/api/v1/designs/"+p.ID+"/share", nil).want(t, 201).decode(t, &share)
	owner.do("GET", "/api/v1/designs/"+p.ID+"/share", nil).want(t, 200)
	e.register("snoop2").do("POST", "/api/v1/designs/"+p.ID+"/share", nil).want(t, 404)
	anon.do("GET", "/api/v1/verify/"+pcode+"?share="+share.Token, nil).want(t, 200).decode(t, &v)
	if !v.Matches || !v.Private {
		t.Errorf("the private design with its share link: %+v", v)
	}
	// Sheets the owner prints while the share link exists carry it: the
	// paper verifies for whoever holds it, even on a card's small code.
	scard := owner.do("GET", "/api/v1/designs/"+p.ID+"/card.pdf", nil).want(t, 200)
	dump(t, "private-card.pdf", scard.Body)
	link := readQR(t, scard.Body)
	if want := e.url + "/v/" + pcode + "?share=" + share.Token; link != want {
		t.Fatalf("the private design's card links to %q, want %q", link, want)
	}
	anon.do("GET", "/api/v1/verify/"+strings.TrimPrefix(link, e.url+"/v/"), nil).want(t, 200)
	// The share link of one design opens no other's.
	anon.do("GET", "/api/v1/verify/"+code+"?share="+share.Token, nil).want(t, 200)
	owner.do("DELETE", "/api/v1/designs/"+p.ID+"/share", nil).want(t, 204)
	anon.do("GET", "/api/v1/verify/"+pcode+"?share="+share.Token, nil).want(t, 404)

	// Codes that are no code: 404, nothing looked up.
	for _, bad := range []string{"0000000000000000", "short", strings.Repeat("z", 200), "a%00b"} {
		anon.do("GET", "/api/v1/verify/"+bad, nil).want(t, 404)
	}
}

func hasNumber(ns []struct{ Label, Value string }, label, value string) bool {
	for _, n := range ns {
		if n.Label == label && n.Value == value {
			return true
		}
	}
	return false
}

// dump writes a printed document to $VERIFY_DUMP, to look at.
func dump(t *testing.T, name string, b []byte) {
	if d := os.Getenv("VERIFY_DUMP"); d != "" {
		if err := os.WriteFile(filepath.Join(d, name), b, 0o644); err != nil {
			t.Error(err)
		}
	}
}

// TestFleetShareLink: a private fleet's pack verifies only to its owner
// until the owner makes a share link; the packs printed then carry its
// token in the QR code, read back off the page, and open the
// verification to anyone holding the paper; a new link or a revoked one
// answers 404; only the owner makes, reads or revokes it.
func TestFleetShareLink(t *testing.T) {
	e := newEnv(t)
	owner := e.withToken("admiral")
	anon := e.anon()
	snoop := e.register("snoopy")
	d := owner.create(t, "Shared Cruiser", "private")
	fl := owner.do("POST", "/api/v1/fleets", map[string]any{"visibility": "private", "fleet": map[string]any{"name": "Secret Wing", "limit": map[string]int{"cv": 1000},
		"ships": []map[string]any{{"id": "a", "design": d.ID}}}}).want(t, 201)
	var f struct{ ID string }
	fl.decode(t, &f)
	base := "/api/v1/fleets/" + f.ID + "/share"

	pack := owner.do("GET", "/api/v1/fleets/"+f.ID+"/pack.pdf", nil).want(t, 200)
	code := e.codeOf(t, readQR(t, pack.Body)) // no share link yet: no token
	anon.do("GET", "/api/v1/verify/"+code, nil).want(t, 404)
	snoop.do("GET", "/api/v1/verify/"+code, nil).want(t, 404)
	owner.do("GET", "/api/v1/verify/"+code, nil).want(t, 200)
	owner.do("GET", base, nil).want(t, 404)

	anon.do("POST", base, nil).want(t, 401)
	snoop.do("POST", base, nil).want(t, 404)
	var share struct{ FleetID, Token, CreatedAt string }
	r := owner.do("POST", base, nil).want(t, 201)
	r.decode(t, &share)
	if share.FleetID != f.ID || len(share.Token) != 16 || share.CreatedAt == "" || r.Header.Get("Location") != base {
		t.Fatalf("the share link %+v (Location %q)", share, r.Header.Get("Location"))
	}
	var got struct{ Token string }
	owner.do("GET", base, nil).want(t, 200).decode(t, &got)
	if got.Token != share.Token {
		t.Errorf("GET share %q, made %q", got.Token, share.Token)
	}
	snoop.do("GET", base, nil).want(t, 404)
	snoop.do("DELETE", base, nil).want(t, 404)

	// The pack printed now carries the token: whoever holds it verifies.
	pack = owner.do("GET", "/api/v1/fleets/"+f.ID+"/pack.pdf", nil).want(t, 200)
	link := readQR(t, pack.Body)
	if want := e.url + "/v/" + code + "?share=" + share.Token; link != want {
		t.Fatalf("the shared fleet's pack links to %q, want %q", link, want)
	}
	var v verification
	anon.do("GET", "/api/v1/verify/"+strings.TrimPrefix(link, e.url+"/v/"), nil).want(t, 200).decode(t, &v)
	if !v.Matches || !v.Private || v.Printed.Kind != "fleet" || v.Printed.ID != f.ID {
		t.Errorf("the private fleet with its share link: %+v", v)
	}
	// A new link: the old token answers 404, the new one opens it.
	var share2 struct{ Token string }
	owner.do("POST", base, nil).want(t, 201).decode(t, &share2)
	anon.do("GET", "/api/v1/verify/"+code+"?share="+share.Token, nil).want(t, 404)
	anon.do("GET", "/api/v1/verify/"+code+"?share="+share2.Token, nil).want(t, 200)
	// Revoked: 404, and the owner's next pack carries no token.
	owner.do("DELETE", base, nil).want(t, 204)
	anon.do("GET", "/api/v1/verify/"+code+"?share="+share2.Token, nil).want(t, 404)
	pack = owner.do("GET", "/api/v1/fleets/"+f.ID+"/pack.pdf", nil).want(t, 200)
	if link := readQR(t, pack.Body); link != e.url+"/v/"+code {
		t.Errorf("after revoking, the pack links to %q", link)
	}
}

// TestBattleshiftPackNumbers: an unsaved Battleshift fleet's pack records
// the numbers it prints, not only its verdict: the fleet's cost against
// its limit, each class's and each squadron's numbers, read back off the
// QR code's page and checked against the server's evaluation of the
// same document and the pack's own text.
func TestBattleshiftPackNumbers(t *testing.T) {
	e := newEnv(t)
	anon := e.anon()
	doc, err := os.ReadFile("../testdata/battleshift/fleets/vanguard.json")
	if err != nil {
		t.Fatal(err)
	}
	pack := anon.do("POST", "/api/v1/fleets/pack", doc).want(t, 200)
	dump(t, "battleshift-pack.pdf", pack.Body)
	var v verification
	anon.do("GET", "/api/v1/verify/"+e.codeOf(t, readQR(t, pack.Body)), nil).want(t, 200).decode(t, &v)
	var answer struct {
		Evaluation struct {
			Cost, PointsLimit, Ships int
			Classes                  []struct {
				ID, Name                        string
				Cost, Size, Hull, Shields, Move int
				Hardness                        int
			}
			Squadrons []struct {
				Name                                string
				Ships, Cost, Threshold, TotalDamage int
			}
		}
	}
	anon.do("POST", "/api/v1/fleets/evaluate", doc).want(t, 200).decode(t, &answer)
	ev := answer.Evaluation
	if v.Printed.Kind != "draft-fleet" || len(ev.Classes) == 0 || len(ev.Squadrons) == 0 || len(v.Changes) != 1 || !strings.Contains(v.Changes[0], "printed from a fleet that was not saved") {
		t.Fatalf("the pack's verification %+v, the evaluation %+v", v, ev)
	}
	want := map[string]string{
		"Fleet cost": fmt.Sprintf("%d of %d points", ev.Cost, ev.PointsLimit),
		"Ships":      fmt.Sprint(ev.Ships),
	}
	for _, c := range ev.Classes {
		want[c.Name+" (class)"] = fmt.Sprintf("%d points, size %d, hull %d, shields %d @ %d, move %d\"", c.Cost, c.Size, c.Hull, c.Shields, c.Hardness, c.Move)
	}
	for _, s := range ev.Squadrons {
		want[s.Name+" (squadron)"] = fmt.Sprintf("%d ships, %d points, threshold %d, destroyed at %d damage", s.Ships, s.Cost, s.Threshold, s.TotalDamage)
	}
	for label, value := range want {
		if !hasNumber(v.Printed.Numbers, label, value) {
			t.Errorf("the pack's recorded numbers lack %s: %s; they are %+v", label, value, v.Printed.Numbers)
		}
	}
	// What the page records is what the paper prints.
	text := pdfText(t, pack.Body)
	for _, s := range []string{fmt.Sprintf("%d of %d points", ev.Cost, ev.PointsLimit), ev.Classes[0].Name} {
		if !strings.Contains(text, s) {
			t.Errorf("the pack does not print %q", s)
		}
	}
}
