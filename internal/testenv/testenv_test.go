package testenv_test

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/slipway/slipway/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// childEnv marks the run of TestChildSkips that `go test` starts below.
const childEnv = "SLIPWAY_TESTENV_CHILD"

// TestChildSkips skips for a missing component when TestSummaryLine
// runs it; otherwise it does nothing.
func TestChildSkips(t *testing.T) {
	if os.Getenv(childEnv) == "" {
		return
	}
	testenv.Missing(t, "thing", "it is never installed")
}

// TestSummaryLine runs `go test` on this package as a developer would,
// without -v, and finds the line naming the skipped test in what the go
// command prints, before the package's ok line.
func TestSummaryLine(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		testenv.Missing(t, "go command", "it runs this package's tests in a child")
	}
	cmd := exec.Command(goBin, "test", "-count=1", "-run", "^TestChildSkips$", ".")
	cmd.Env = append(os.Environ(), childEnv+"=1", "CI=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test: %v\n%s", err, out)
	}
	want := "internal/testenv: skipped 1 test for a missing component: TestChildSkips (no thing)"
	line, ok, _ := strings.Cut(string(out), "\n")
	if line != want || !strings.HasPrefix(ok, "ok ") {
		t.Errorf("go test printed:\n%s\nwant the line %q, then ok", out, want)
	}
}

// fakeTB records what a test would do.
type fakeTB struct {
	testing.TB
	name           string
	fatal, skipped string
}

func (f *fakeTB) Helper()                        {}
func (f *fakeTB) Name() string                   { return f.name }
func (f *fakeTB) Fatalf(format string, a ...any) { f.fatal = fmt.Sprintf(format, a...) }
func (f *fakeTB) Skip(a ...any)                  { f.skipped = fmt.Sprint(a...) }

// TestMissingFailsUnderCI: under CI=true a missing component fails the
// test, with what is missing; otherwise it skips it with how to install.
func TestMissingFailsUnderCI(t *testing.T) {
	t.Setenv("CI", "true")
	f := &fakeTB{name: "TestX"}
	testenv.Missing(f, "Chromium", "apt-get install chromium")
	if !strings.Contains(f.fatal, "Chromium is missing: apt-get install chromium") {
		t.Errorf("under CI=true: fatal %q", f.fatal)
	}
	t.Setenv("CI", "")
	f = &fakeTB{name: "TestY"}
	testenv.Missing(f, "qpdf", "apt-get install qpdf")
	if f.fatal != "" || !strings.Contains(f.skipped, "qpdf is missing: apt-get install qpdf") {
		t.Errorf("without CI: fatal %q, skipped %q", f.fatal, f.skipped)
	}
	if s := testenv.Summary("p"); !strings.Contains(s, "p: skipped ") || !strings.Contains(s, "TestY (no qpdf)") || strings.Contains(s, "TestX") {
		t.Errorf("summary %q", s)
	}
	testenv.Forget() // the fake skips are not this package's
}
