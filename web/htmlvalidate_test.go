package web_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slipway/slipway/internal/qrtest"
)

// validatorDir holds the pinned HTML validator (html-validate, with
// package.json and package-lock.json) and its rules (htmlvalidate.json).
// .ci/run installs it with npm ci; so does a developer:
//
//	npm ci --prefix .ci/html-validate
const validatorDir = "../.ci/html-validate"

// TestHTMLValidatesEveryPage fetches every server-rendered page of a
// real `slipway serve` (signed out and signed in, each game, the error
// pages and the pages a failed form answers with) and runs html-validate
// over them (issue 19, Acceptance 8): no error. Without the validator the
// test skips, except under CI=true, where it fails.
func TestHTMLValidatesEveryPage(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(validatorDir, "node_modules", ".bin", "html-validate")
	_, err := os.Stat(bin)
	if err == nil {
		_, err = exec.LookPath("node")
	}
	if err != nil {
		need(t, "npm's html-validate", err.Error()+": run `npm ci --prefix .ci/html-validate`")
	}
	base := studio(t)
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	dir := t.TempDir()
	pages := map[string]string{} // file -> what it is
	fetch := func(name, method, path string, form url.Values, status int) string {
		t.Helper()
		var res *http.Response
		var err error
		if method == "POST" {
			req, _ := http.NewRequest("POST", base+path, strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Origin", base)
			res, err = hc.Do(req)
		} else {
			res, err = hc.Get(base + path)
		}
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != status {
			t.Fatalf("%s %s: status %d, want %d", method, path, res.StatusCode, status)
		}
		if status < 300 || status >= 400 {
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Fatalf("%s %s: Content-Type %q", method, path, ct)
			}
			file := fmt.Sprintf("%02d-%s.html", len(pages), name)
			if err := os.WriteFile(filepath.Join(dir, file), b, 0o644); err != nil {
				t.Fatal(err)
			}
			pages[file] = method + " " + path
		}
		return string(b)
	}
	api := func(path string, v any) {
		t.Helper()
		res, err := hc.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if err := json.NewDecoder(res.Body).Decode(v); err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
	}
	var lib struct{ Designs []struct{ ID string } }
	api("/api/v1/library?q=reference+cruiser", &lib)
	var bs struct{ Designs []struct{ ID string } }
	api("/api/v1/library?ruleset=battleshift&limit=2", &bs)
	var fl struct{ Fleets []struct{ ID string } }
	api("/api/v1/fleet-library", &fl)
	if len(lib.Designs) == 0 || len(bs.Designs) < 2 || len(fl.Fleets) == 0 {
		t.Fatalf("the sample library is missing: %d designs, %d Battleshift classes, %d fleets", len(lib.Designs), len(bs.Designs), len(fl.Fleets))
	}
	ref, fleet := lib.Designs[0].ID, fl.Fleets[0].ID
	// The verification page of the sample's printed sheet, by its QR code.
	sheet, err := hc.Get(base + "/api/v1/designs/" + ref + "/sheet.pdf")
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := io.ReadAll(sheet.Body)
	sheet.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	verifyPath := strings.TrimPrefix(qrtest.ReadPDF(t, pdf), base)

	signedOut := func(who string) {
		fetch(who+"home", "GET", "/", nil, 200)
		fetch(who+"library", "GET", "/library?q=cruiser&cvMin=50", nil, 200)
		fetch(who+"library-battleshift", "GET", "/library?ruleset=battleshift", nil, 200)
		fetch(who+"design", "GET", "/designs/"+ref, nil, 200)
		fetch(who+"design-battleshift", "GET", "/designs/"+bs.Designs[0].ID, nil, 200)
		fetch(who+"compare-empty", "GET", "/compare", nil, 200)
		fetch(who+"compare-one", "GET", "/compare?ids="+ref, nil, 200)
		fetch(who+"compare-two", "GET", "/compare?ids="+ref+","+lib.Designs[0].ID, nil, 200)
		fetch(who+"compare-battleshift", "GET", "/compare?ids="+bs.Designs[0].ID+","+bs.Designs[1].ID, nil, 200)
		fetch(who+"designer", "GET", "/designer", nil, 200)
		fetch(who+"designer-battleshift", "GET", "/designer?ruleset=battleshift", nil, 200)
		fetch(who+"designer-from", "GET", "/designer?from="+ref, nil, 200)
		fetch(who+"glossary", "GET", "/glossary", nil, 200)
		fetch(who+"glossary-battleshift", "GET", "/glossary?ruleset=battleshift", nil, 200)
		fetch(who+"fleets", "GET", "/fleets?q=wing", nil, 200)
		fetch(who+"fleet", "GET", "/fleets/"+fleet, nil, 200)
		fetch(who+"fleet-builder", "GET", "/fleets/new", nil, 200)
		fetch(who+"play", "GET", "/play", nil, 200)
		fetch(who+"play-game", "GET", "/play/abcdefgh", nil, 200)
		fetch(who+"play-watch", "GET", "/play/watch/abcdefghijklmnopqrstuvwxyz", nil, 200)
		fetch(who+"not-found", "GET", "/no/such/page", nil, 404)
		fetch(who+"design-not-found", "GET", "/designs/nosuchdesign", nil, 404)
		fetch(who+"verify-form", "GET", "/v", nil, 200)
		fetch(who+"verify", "GET", verifyPath, nil, 200)
		fetch(who+"verify-not-found", "GET", "/v/0000000000000000", nil, 404)
		fetch(who+"designer-unknown-game", "GET", "/designer?ruleset=nope", nil, 404)
		fetch(who+"glossary-unknown-game", "GET", "/glossary?ruleset=nope", nil, 404)
	}
	signedOut("")
	fetch("login", "GET", "/login", nil, 200)
	fetch("register", "GET", "/register", nil, 200)
	fetch("login-refused", "POST", "/login", url.Values{"username": {"nobody"}, "password": {"wrong password here"}}, 401)
	fetch("register-refused", "POST", "/register", url.Values{"username": {"x"}, "password": {"short"}}, 400)
	fetch("account-signed-out", "GET", "/account", nil, 303)
	fetch("register-ok", "POST", "/register", url.Values{"username": {"validator"}, "password": {"correct horse battery staple"}}, 303)
	signedOut("in-")
	fetch("account", "GET", "/account", nil, 200)
	fetch("fleet-edit-other", "GET", "/fleets/"+fleet+"/edit", nil, 200)

	cmd := exec.Command(bin, "--config", filepath.Join(validatorDir, "htmlvalidate.json"), "--formatter", "json", dir)
	out, err := cmd.Output()
	var results []struct {
		FilePath string `json:"filePath"`
		Messages []struct {
			RuleID   string `json:"ruleId"`
			Severity int    `json:"severity"`
			Message  string `json:"message"`
			Line     int    `json:"line"`
			Column   int    `json:"column"`
			Selector string `json:"selector"`
		} `json:"messages"`
	}
	if jerr := json.Unmarshal(out, &results); jerr != nil {
		var stderr string
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("html-validate: %v (exit %v)\nstdout: %.2000s\nstderr: %.2000s", jerr, err, out, stderr)
	}
	seen := 0
	for _, r := range results {
		file := filepath.Base(r.FilePath)
		for _, m := range r.Messages {
			if m.Severity >= 2 {
				t.Errorf("%s (%s) %d:%d: %s [%s] at %s", pages[file], file, m.Line, m.Column, m.Message, m.RuleID, m.Selector)
			} else {
				t.Logf("%s %d:%d: warning %s [%s]", pages[file], m.Line, m.Column, m.Message, m.RuleID)
			}
		}
		seen++
	}
	// With no error html-validate lists nothing: every page was read
	// when the command succeeded and named none.
	if err != nil && seen == 0 {
		t.Fatalf("html-validate failed without a finding: %v", err)
	}
	if len(pages) < 40 {
		t.Errorf("only %d pages validated", len(pages))
	}
	t.Logf("%d pages validated", len(pages))
}
