package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// formLimits reads a game's form description and returns the limits of
// its top-level fields by name.
func formLimits(t *testing.T, base, ruleset string) map[string]struct {
	Min, Max  *int
	MaxLength int
} {
	t.Helper()
	resp, err := http.Get(base + "/api/v1/rulesets/" + ruleset + "/form")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var f struct {
		Groups []struct {
			Fields []struct {
				Name      string
				Min, Max  *int
				MaxLength int
				Columns   []struct {
					Name     string
					Min, Max *int
				}
			}
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&f); err != nil {
		t.Fatal(err)
	}
	out := map[string]struct {
		Min, Max  *int
		MaxLength int
	}{}
	for _, g := range f.Groups {
		for _, fd := range g.Fields {
			out[fd.Name] = struct {
				Min, Max  *int
				MaxLength int
			}{fd.Min, fd.Max, fd.MaxLength}
			for _, c := range fd.Columns {
				out[fd.Name+"[]."+c.Name] = struct {
					Min, Max  *int
					MaxLength int
				}{c.Min, c.Max, 0}
			}
		}
	}
	return out
}

// typeRaw selects what a field holds and types text over it: key by key
// when short, as one insertion (as a paste or an input method does) when
// long. It does not wait for the panel: an invalid value sends nothing.
func (tb *tab) typeRaw(path, text string, paste bool) {
	tb.t.Helper()
	eval[bool](tb, `(() => { const e = document.querySelector('[data-path="`+path+`"]'); e.focus(); e.select(); return true; })()`)
	if paste || len(text) > 40 {
		tb.do("insert into "+path, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.InsertText, input.InsertTextParams{Text: text})
			return err
		}))
		return
	}
	if text == "" {
		text = kb.Backspace
	}
	tb.do("type into "+path, chromedp.SendKeys(field(path), text))
}

// TestFieldsKeepTypedText is issue 19's acceptance 6: typing 1e308, 3.5,
// -1 and 10,000 characters into the designer's number and text fields, in
// both games, leaves the typed text in the field, shows a field error
// saying what is allowed (in the form's words, from the limits the form
// description carries), and the live panel keeps its last good numbers;
// the document takes a value only once it is valid.
func TestFieldsKeepTypedText(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	long := strings.Repeat("7", 10000)
	longText := strings.Repeat("x", 10000)
	type probe struct {
		path, rule, valid string
		bad               []string
	}
	whole := func(lim struct {
		Min, Max  *int
		MaxLength int
	}) string {
		if lim.Min == nil || lim.Max == nil {
			t.Fatalf("limits %+v without min and max", lim)
		}
		n := func(v int) string {
			if v >= 1000 {
				s := fmt.Sprint(v)
				var b strings.Builder
				for i, r := range s {
					if i > 0 && (len(s)-i)%3 == 0 {
						b.WriteByte(',')
					}
					b.WriteRune(r)
				}
				return b.String()
			}
			return fmt.Sprint(v)
		}
		return fmt.Sprintf("a whole number from %s to %s", n(*lim.Min), n(*lim.Max))
	}
	for _, game := range []struct{ ruleset, url string }{{"battleshift", "/designer?ruleset=battleshift"}, {"metaverse", "/designer"}} {
		lims := formLimits(t, tb.base, game.ruleset)
		name := lims["name"]
		if name.MaxLength == 0 {
			t.Fatalf("%s: the name has no MaxLength in the form description", game.ruleset)
		}
		desc := lims["description"]
		probes := []probe{
			{"name", fmt.Sprintf("1 to %d characters", name.MaxLength), "Typed Right", []string{longText, ""}},
			{"description", fmt.Sprintf("up to %d,%03d characters", desc.MaxLength/1000, desc.MaxLength%1000), "A short one.", []string{longText}},
		}
		if game.ruleset == "battleshift" {
			probes = append(probes,
				probe{"size", whole(lims["size"]), "2", []string{"1e308", "3.5", "-1", long}},
				probe{"systems[0].count", whole(lims["systems[].count"]), "4", []string{"1e308", "3.5", "-1", long}})
		} else {
			probes = append(probes,
				probe{"scale", whole(lims["scale"]), "200", []string{"1e308", "3.5", "-1", long}},
				// A widget's field: its limits come from the document's
				// JSON Schema (docs/design.schema.json: a layer's crew).
				probe{"sections.core.layers[0].crew", "a whole number from 0 to 999", "12", []string{"1e308", "3.5", "-1", long}})
		}
		tb.openDesigner(game.url)
		if game.ruleset == "metaverse" {
			tb.click(`[data-add-section="core"]`)
		}
		for _, p := range probes {
			for _, bad := range p.bad {
				show := bad
				if len(show) > 12 {
					show = fmt.Sprintf("%d characters", len(bad))
				}
				// Key by key (the long ones as one insertion), then the
				// same text again over it as one insertion: the second
				// must change nothing, since the document holds the last
				// good value already.
				for _, paste := range []bool{false, true} {
					panel := tb.text(".panel") // the whole panel: numbers, verdict, problems
					docRev := eval[string](tb, `document.querySelector('.studio-inner').dataset.docRev`)
					tb.typeRaw(p.path, bad, paste)
					tb.settle()
					how := "typing"
					if paste {
						how = "pasting"
					}
					if got := eval[string](tb, `document.querySelector('[data-path="`+p.path+`"]').value`); got != bad {
						t.Errorf("%s %s: %s %s leaves %.20q in the field", game.ruleset, p.path, how, show, got)
					}
					msg := eval[string](tb, `(() => { const e = document.querySelector('[data-path="`+p.path+`"]').closest('.field').querySelector('.typed-error'); return e ? e.textContent.trim() : ''; })()`)
					if !strings.Contains(msg, p.rule) {
						t.Errorf("%s %s: %s %s shows the field error %q, want one saying %q", game.ruleset, p.path, how, show, msg, p.rule)
					}
					if inv := eval[string](tb, `document.querySelector('[data-path="`+p.path+`"]').getAttribute('aria-invalid') || ''`); inv != "true" {
						t.Errorf("%s %s: %s %s: aria-invalid %q", game.ruleset, p.path, how, show, inv)
					}
					if v := tb.text(".legal"); !strings.Contains(v, "egal") {
						t.Errorf("%s %s: %s %s: the panel says %q", game.ruleset, p.path, how, show, v)
					}
					if !paste {
						continue
					}
					if d := eval[string](tb, `document.querySelector('.studio-inner').dataset.docRev`); d != docRev {
						t.Errorf("%s %s: pasting %s changed the document (rev %s to %s)", game.ruleset, p.path, show, docRev, d)
					}
					if now := tb.text(".panel"); now != panel {
						t.Errorf("%s %s: pasting %s changed the panel:\n%.300s\nto\n%.300s", game.ruleset, p.path, show, panel, now)
					}
				}
			}
			tb.checkA11y(game.ruleset + " designer with a field error at " + p.path)
			// A valid value goes into the document and the error goes.
			docRev := eval[string](tb, `document.querySelector('.studio-inner').dataset.docRev`)
			tb.typeRaw(p.path, p.valid, false)
			tb.settle()
			if d := eval[string](tb, `document.querySelector('.studio-inner').dataset.docRev`); d == docRev {
				t.Errorf("%s %s: typing %q did not reach the document", game.ruleset, p.path, p.valid)
			}
			if n := eval[int](tb, `document.querySelector('[data-path="`+p.path+`"]').closest('.field').querySelectorAll('.typed-error').length`); n != 0 {
				t.Errorf("%s %s: the field error stays after typing %q", game.ruleset, p.path, p.valid)
			}
			if got := eval[string](tb, `document.querySelector('[data-path="`+p.path+`"]').value`); got != p.valid {
				t.Errorf("%s %s: typing %q leaves %q", game.ruleset, p.path, p.valid, got)
			}
		}
		if v := tb.text(".legal"); strings.Contains(v, "Unreadable") {
			t.Errorf("%s: the panel says %q", game.ruleset, v)
		}
		tb.checkPage(game.ruleset + " designer after the field probes")
	}
}
