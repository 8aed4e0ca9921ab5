// Package testenv is the one way a test says that a component it needs
// (Chromium, PostgreSQL, qpdf, the Node.js linters, curl and jq, the go
// command) is missing: Missing skips the test with what is missing and
// how to install it, or fails it under CI=true, where .ci/run installs
// every component; and Run, called by the package's TestMain, ends the
// package's output with one line naming every test so skipped and why:
//
//	web: skipped 2 tests for a missing component: TestAxe (no Chromium), TestFleetBuilder (no Chromium)
//
// `go test ./...` shows a passing package's output only with -v, so
// without -v Run writes the line to the go command's own standard error
// (Linux: /proc/<parent>/fd/2, when the parent process is the go
// command), where it comes just before the package's "ok" line. A test
// skipped for another reason (an opt-in flag such as -fit or
// SLIPWAY_SCREENSHOTS) is not a missing component and is not listed.
package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

var (
	mu      sync.Mutex
	skipped []string // "TestX (no Chromium)"
)

// Missing skips t because component is missing, or fails it under
// CI=true. how says what is wrong and how to install it ("chromium is
// not installed: apt-get install chromium; .ci/run installs it").
func Missing(t testing.TB, component, how string) {
	t.Helper()
	msg := fmt.Sprintf("%s is missing: %s", component, how)
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s (under CI=true a missing component fails the test)", msg)
		return
	}
	mu.Lock()
	skipped = append(skipped, fmt.Sprintf("%s (no %s)", t.Name(), component))
	mu.Unlock()
	t.Skip(msg)
}

// Summary is the line that names the tests Missing skipped, "" when
// there are none. pkg names the package.
func Summary(pkg string) string {
	mu.Lock()
	defer mu.Unlock()
	if len(skipped) == 0 {
		return ""
	}
	n := len(skipped)
	noun := "tests"
	if n == 1 {
		noun = "test"
	}
	return fmt.Sprintf("%s: skipped %d %s for a missing component: %s", pkg, n, noun, strings.Join(skipped, ", "))
}

// Run runs the package's tests and reports the tests skipped for a
// missing component (see the package comment); it returns m.Run's exit
// code, for a TestMain that does more before os.Exit.
func Run(m *testing.M) int {
	code := m.Run()
	report()
	return code
}

// Main is a whole TestMain: func TestMain(m *testing.M) { testenv.Main(m) }.
func Main(m *testing.M) { os.Exit(Run(m)) }

func report() {
	line := Summary(packageName())
	if line == "" {
		return
	}
	if !testing.Verbose() && parentIsGo() {
		if f, err := os.OpenFile("/proc/"+strconv.Itoa(os.Getppid())+"/fd/2", os.O_WRONLY|os.O_APPEND, 0); err == nil {
			_, err = fmt.Fprintln(f, line)
			f.Close()
			if err == nil {
				return
			}
		}
	}
	fmt.Println(line)
}

// parentIsGo reports whether the go command started this test binary
// (go test), whose own output hides a passing package's.
func parentIsGo() bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(os.Getppid()) + "/comm")
	return err == nil && strings.TrimSpace(string(b)) == "go"
}

// packageName is the package's directory under the module root (go test
// runs a package's tests in its directory): "web", "data/postgres".
func packageName() string {
	wd, err := os.Getwd()
	if err != nil {
		return "?"
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			if rel, err := filepath.Rel(dir, wd); err == nil {
				return filepath.ToSlash(rel)
			}
			return wd
		}
		up := filepath.Dir(dir)
		if up == dir {
			return wd
		}
		dir = up
	}
}
