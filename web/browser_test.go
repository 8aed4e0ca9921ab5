package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/slipway/slipway/internal/testenv"
)

// The browser tests run a real `slipway serve` (built from this tree) on a
// loopback port over a temporary SQLite file, and drive Debian's Chromium
// against it with chromedp. Without Chromium they skip, except under
// CI=true, where a missing browser or axe-core is a failure.

var (
	studioOnce sync.Once
	studioURL  string
	studioErr  error
	studioCmd  *exec.Cmd
	studioDir  string

	browserOnce   sync.Once
	browserCtx    context.Context
	browserCancel context.CancelFunc
	browserErr    error
)

func TestMain(m *testing.M) {
	code := testenv.Run(m)
	if browserCancel != nil {
		browserCancel()
	}
	if studioCmd != nil && studioCmd.Process != nil {
		studioCmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { studioCmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			studioCmd.Process.Kill()
		}
	}
	if studioDir != "" {
		if os.Getenv("SLIPWAY_KEEP_LOG") == "" {
			os.RemoveAll(studioDir)
		} else {
			fmt.Println("studio files kept in", studioDir)
		}
	}
	os.Exit(code)
}

// need skips the test when a tool is missing, or fails it under CI=true
// (testenv.Missing, which names the test in the package's last line).
func need(t *testing.T, what, why string) {
	t.Helper()
	testenv.Missing(t, what, why+"; .ci/run installs it")
}

// chromiumPath finds Debian's Chromium, or SLIPWAY_CHROMIUM.
func chromiumPath() string {
	if p := os.Getenv("SLIPWAY_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// axePath finds axe-core's browser script: SLIPWAY_AXE, or where .ci/run
// installs it.
func axePath() string {
	if p := os.Getenv("SLIPWAY_AXE"); p != "" {
		return p
	}
	return filepath.Join("testdata", "node_modules", "axe-core", "axe.min.js")
}

// studio builds slipway, starts `slipway serve` on a free loopback port
// with a fresh database, waits for /readyz and returns its base URL.
func studio(t *testing.T) string {
	t.Helper()
	studioOnce.Do(func() {
		studioDir, studioErr = os.MkdirTemp("", "slipway-web-")
		if studioErr != nil {
			return
		}
		bin := filepath.Join(studioDir, "slipway")
		build := exec.Command("go", "build", "-o", bin, "../cmd/slipway")
		if out, err := build.CombinedOutput(); err != nil {
			studioErr = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(studioDir, "studio.db"))
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			studioErr = err
			return
		}
		logf, err := os.Create(filepath.Join(studioDir, "serve.log"))
		if err != nil {
			studioErr = err
			return
		}
		cmd.Stderr = logf
		if studioErr = cmd.Start(); studioErr != nil {
			return
		}
		studioCmd = cmd
		lines := bufio.NewScanner(stdout)
		re := regexp.MustCompile(`listening on (http://\S+)`)
		found := make(chan string, 1)
		go func() {
			for lines.Scan() {
				if m := re.FindStringSubmatch(lines.Text()); m != nil {
					found <- m[1]
				}
			}
		}()
		select {
		case studioURL = <-found:
		case <-time.After(60 * time.Second):
			studioErr = fmt.Errorf("slipway serve did not say where it listens within 60 s")
			return
		}
		deadline := time.Now().Add(30 * time.Second)
		for {
			res, err := http.Get(studioURL + "/readyz")
			if err == nil {
				res.Body.Close()
				if res.StatusCode == http.StatusOK {
					return
				}
			}
			if time.Now().After(deadline) {
				studioErr = fmt.Errorf("/readyz did not answer 200 within 30 s: %v", err)
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
	if studioErr != nil {
		t.Fatalf("studio: %v", studioErr)
	}
	return studioURL
}

// tab is one browser tab in a fresh browser context (its own cookies and
// local storage), with everything the page writes to the console kept.
type tab struct {
	t       *testing.T
	ctx     context.Context
	base    string
	mu      sync.Mutex
	console []chromedp.ConsoleMessage
}

// newTab starts the server and the browser when needed and opens a tab.
func newTab(t *testing.T) *tab {
	t.Helper()
	exe := chromiumPath()
	if exe == "" {
		need(t, "Chromium", "no chromium on PATH and SLIPWAY_CHROMIUM unset")
	}
	base := studio(t)
	browserOnce.Do(func() {
		dir, err := os.MkdirTemp("", "slipway-chromium-")
		if err != nil {
			browserErr = err
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.UserDataDir(dir),
			chromedp.Flag("disable-quic", true), chromedp.Flag("no-first-run", true),
			chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true), chromedp.WindowSize(1280, 900))
		actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, bcancel := chromedp.NewContext(actx)
		if browserErr = chromedp.Do(bctx); browserErr != nil {
			bcancel()
			acancel()
			return
		}
		browserCtx = bctx
		browserCancel = func() {
			bcancel()
			acancel()
			os.RemoveAll(dir)
		}
	})
	if browserErr != nil {
		t.Fatalf("start Chromium %s: %v", exe, browserErr)
	}
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	tb := &tab{t: t, ctx: ctx, base: base}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("open tab: %v", err)
	}
	lctx, lcancel := context.WithCancel(ctx)
	msgs := chromedp.Console(lctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			tb.mu.Lock()
			tb.console = append(tb.console, m)
			tb.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		lcancel()
		cancel()
	})
	return tb
}

// do runs actions with a time limit, failing the test on error.
func (tb *tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second) // generous: CI machines are shared
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		tb.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression (awaiting a promise) into v.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := tryEval[T](tb, expr)
	if err != nil {
		tb.t.Fatalf("evaluate %.80s: %v", expr, err)
	}
	return v
}

// tryEval is eval that returns the error instead of failing the test.
func tryEval[T any](tb *tab, expr string) (T, error) {
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}

// betweenPages reports whether an evaluation failed only because the tab
// was leaving one document for the next (a form submitted, a link
// followed): the expression ran in, or was sent to, the page being
// replaced. Asking again on the new page is the answer.
func betweenPages(err error) bool {
	msg := err.Error()
	for _, s := range []string{"navigated or closed", "context was destroyed", "Cannot find context"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// open navigates to a path of the studio and waits for the page to load.
func (tb *tab) open(path string) {
	tb.t.Helper()
	tb.do("open "+path, chromedp.Navigate(tb.base+path), chromedp.WaitReady(chromedp.CSS("body")))
}

// openDesigner opens a designer URL and waits for the first evaluation.
func (tb *tab) openDesigner(path string) {
	tb.t.Helper()
	tb.open(path)
	tb.do("designer ready", chromedp.WaitVisible(chromedp.CSS(`.design-form`)))
	tb.settle()
}

// settle waits until the panel shows the evaluation of the latest change.
func (tb *tab) settle() {
	tb.t.Helper()
	// One call that waits in the page, so the test does not load the
	// browser with polling while the page works.
	ok := eval[bool](tb, `new Promise((resolve) => {
		const until = performance.now() + 30000;
		const check = () => {
			const s = document.querySelector('.studio-inner'), p = document.querySelector('.panel');
			if (s && p && s.dataset.docRev === p.dataset.rev && p.getAttribute('aria-busy') === 'false') return resolve(true);
			if (performance.now() > until) return resolve(false);
			setTimeout(check, 4);
		};
		check();
	})`)
	if !ok {
		tb.t.Fatal("the live panel did not catch up with the document within 30 s")
	}
}

func field(path string) chromedp.CSS { return chromedp.CSS(`[data-path="` + path + `"]`) }

// typeInto clicks a field, deletes what it holds and types text, as a
// player would, then waits for the panel.
func (tb *tab) typeInto(path, text string) {
	tb.t.Helper()
	cur := eval[string](tb, `document.querySelector('[data-path="`+path+`"]').value`)
	keys := kb.End + strings.Repeat(kb.Backspace, len(cur)) + text
	tb.do("type into "+path, chromedp.Click(field(path)), chromedp.SendKeys(field(path), keys))
	tb.settle()
	if got := eval[string](tb, `document.querySelector('[data-path="`+path+`"]').value`); got != text {
		tb.t.Fatalf("%s holds %q after typing %q", path, got, text)
	}
}

// choose picks an option of a select by typing its label while it has the
// focus (the keyboard's type-ahead), then waits for the panel.
func (tb *tab) choose(path, label string) {
	tb.t.Helper()
	tb.do("choose "+label+" in "+path, chromedp.Focus(field(path)), chromedp.SendKeys(field(path), label))
	tb.settle()
	got := eval[string](tb, `(() => { const s = document.querySelector('[data-path="`+path+`"]'); return s.options[s.selectedIndex].text; })()`)
	if got != label {
		tb.t.Fatalf("%s shows %q after choosing %q", path, got, label)
	}
}

// click clicks a CSS selector and waits for the panel.
func (tb *tab) click(sel string) {
	tb.t.Helper()
	tb.do("click "+sel, chromedp.Click(chromedp.CSS(sel)))
	tb.settle()
}

// text reads the text of the first element matching sel.
func (tb *tab) text(sel string) string {
	tb.t.Helper()
	return eval[string](tb, `(document.querySelector(`+jsString(sel)+`) || {textContent: ''}).textContent.trim()`)
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// consoleErrors returns the console errors, exceptions and browser-log
// errors seen so far, less those matching one of allowed.
func (tb *tab) consoleErrors(allowed ...string) []string {
	time.Sleep(50 * time.Millisecond) // let the last events arrive
	tb.mu.Lock()
	defer tb.mu.Unlock()
	var out []string
next:
	for _, m := range tb.console {
		if m.Type != chromedp.ConsoleError && m.Type != chromedp.ConsoleException {
			continue
		}
		s := m.String() + " " + m.URL
		for _, a := range allowed {
			if strings.Contains(s, a) {
				continue next
			}
		}
		out = append(out, s)
	}
	return out
}

// checkPage runs the checks every page must pass: no console errors, no
// duplicate ids, and axe-core finds no serious or critical violation.
func (tb *tab) checkPage(name string) {
	tb.t.Helper()
	if errs := tb.consoleErrors(); len(errs) > 0 {
		tb.t.Errorf("%s: console errors:\n%s", name, strings.Join(errs, "\n"))
	}
	tb.checkA11y(name)
}

// checkA11y checks for duplicate ids and runs axe-core on the page as it
// is now (for example with a dialog open).
func (tb *tab) checkA11y(name string) {
	tb.t.Helper()
	dups := eval[[]string](tb, `(() => { const seen = new Set(), d = [];
		for (const e of document.querySelectorAll('[id]')) { if (seen.has(e.id)) d.push(e.id); seen.add(e.id); } return d; })()`)
	if len(dups) > 0 {
		tb.t.Errorf("%s: duplicate ids %v", name, dups)
	}
	src, err := os.ReadFile(axePath())
	if err != nil {
		need(tb.t, "npm's axe-core", err.Error())
	}
	if v := eval[string](tb, string(src)+"\n;axe.version"); v == "" {
		tb.t.Fatal("axe-core did not load")
	}
	type violation struct {
		ID, Impact, Help string
		Nodes            []struct{ Target []any }
	}
	vs := eval[[]violation](tb, `axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map(n => ({target: n.target}))})))`)
	for _, v := range vs {
		if v.Impact == "serious" || v.Impact == "critical" {
			tb.t.Errorf("%s: axe %s (%s): %s at %v", name, v.ID, v.Impact, v.Help, v.Nodes)
		} else {
			tb.t.Logf("%s: axe %s (%s): %s", name, v.ID, v.Impact, v.Help)
		}
	}
}

// TestHomeAndErrorPagesInBrowser checks the home page and the 404 page in
// Chromium, in light and dark colour schemes and at phone width.
func TestHomeAndErrorPagesInBrowser(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	for _, scheme := range []string{"light", "dark"} {
		tb.do("colour scheme "+scheme, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
			return err
		}))
		tb.open("/")
		if h := tb.text("h1"); !strings.Contains(h, "Design starships") {
			t.Errorf("home h1 %q", h)
		}
		tb.checkPage("home (" + scheme + ")")
	}
	tb.do("phone width", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	tb.open("/")
	if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("home at 390 px scrolls sideways: %d px wide", w)
	}
	tb.open("/no-such-page")
	if h := tb.text("h1"); h != "Page not found" {
		t.Errorf("404 page h1 %q", h)
	}
	// The 404 of the page itself is the one error this page may log.
	if errs := tb.consoleErrors("404"); len(errs) > 0 {
		t.Errorf("404 page: console errors %v", errs)
	}
}
