package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/fleet"
	"github.com/slipway/slipway/library"

	"github.com/slipway/slipway/internal/testenv"
)

// The API guide, docs/api.md, and the fleets guide, docs/fleets.md, are
// walkthroughs whose examples must run as written. Their conventions,
// which this file checks:
//
//   - A fenced block whose info string is "sh" is an example. The examples
//     run in order, in one bash process (so later ones use the variables
//     earlier ones set), from a directory that has the repository's data
//     and testdata and a built ./slipway, against a fresh `slipway serve`
//     whose address replaces localhost:8080. Each must exit 0 (bash -e,
//     pipefail, nounset).
//   - A block "sh norun" shows a command without running it (starting the
//     server, say).
//   - A block "output" right after an example shows what it prints: each
//     non-blank line must match one line of the example's output, in
//     order (other lines may come between), where "..." matches any text.

// guideBlock is one fenced code block of a Markdown file.
type guideBlock struct {
	info string // the info string after the opening fence
	body string
	line int // line number of the opening fence
}

// fencedBlocks returns the fenced code blocks of a Markdown text, with
// the indentation of their fence removed (blocks inside list items).
func fencedBlocks(text string) []guideBlock {
	var out []guideBlock
	var cur *guideBlock
	indent := ""
	for i, l := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(l, " ")
		if cur == nil {
			if strings.HasPrefix(trimmed, "```") {
				indent = l[:len(l)-len(trimmed)]
				cur = &guideBlock{info: strings.TrimSpace(strings.TrimPrefix(trimmed, "```")), line: i + 1}
			}
			continue
		}
		if strings.TrimSpace(l) == "```" {
			out = append(out, *cur)
			cur = nil
			continue
		}
		cur.body += strings.TrimPrefix(l, indent) + "\n"
	}
	return out
}

// example is one runnable example with what it must print.
type example struct {
	guideBlock
	want *guideBlock
}

// examples pairs each "sh" block with the "output" block after it.
func examples(t *testing.T, file string) []example {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	blocks := fencedBlocks(text)
	lines := strings.Split(text, "\n")
	var out []example
	for i, bl := range blocks {
		switch bl.info {
		case "sh":
			out = append(out, example{guideBlock: bl})
		case "output":
			prev := blocks[max(0, i-1)]
			between := strings.Join(lines[prev.line+strings.Count(prev.body, "\n")+1:bl.line-1], "")
			if i == 0 || prev.info != "sh" || strings.TrimSpace(between) != "" {
				t.Fatalf("%s:%d: an output block must follow an sh block directly", file, bl.line)
			}
			out[len(out)-1].want = &blocks[i]
		case "sh norun", "json", "text", "":
		default:
			if strings.HasPrefix(bl.info, "sh") {
				t.Fatalf("%s:%d: unknown block kind %q (sh, sh norun or output)", file, bl.line, bl.info)
			}
		}
	}
	return out
}

// outputLine turns an expected line into a pattern: "..." is any text.
func outputLine(want string) *regexp.Regexp {
	parts := strings.Split(want, "...")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}

// matchOutput reports the first expected line that no line of got
// matches in order, or "" when all do.
func matchOutput(want, got string) string {
	gl := strings.Split(got, "\n")
	i := 0
	for _, w := range strings.Split(want, "\n") {
		w = strings.TrimRight(w, " \r")
		if strings.TrimSpace(w) == "" {
			continue
		}
		re := outputLine(w)
		for ; i < len(gl) && !re.MatchString(strings.TrimRight(gl[i], " \r")); i++ {
		}
		if i == len(gl) {
			return w
		}
		i++
	}
	return ""
}

func TestMatchOutput(t *testing.T) {
	got := "HTTP/1.1 201 Created\r\nEtag: \"v1\"\r\nLocation: /api/v1/designs/abc\n{\"version\":1}\n"
	for want, ok := range map[string]bool{
		"HTTP/1.1 201 Created\nLocation: /api/v1/designs/...": true,
		"Etag: \"v1\"\n\n{\"version\":1}":                     true,
		"Location: ...\nEtag: \"v1\"":                         false, // out of order
		"HTTP/1.1 200 OK":                                     false,
		"Location: /api/v1/designs/":                          false, // whole lines only
	} {
		if miss := matchOutput(want, got); (miss == "") != ok {
			t.Errorf("matchOutput(%q) missed %q, want ok=%v", want, miss, ok)
		}
	}
}

// needTools skips the test, or fails it under CI=true, when a program
// the guide uses is missing.
func needTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			testenv.Missing(t, tool, "the guides' examples need bash, curl 7.82+ and jq (docs/api.md, What you need)")
		}
	}
}

// buildServer builds slipway into a fresh directory laid out like the
// repository root for the guide (data, testdata, ./slipway) and starts
// `slipway serve` there on a free loopback port with a new database. It
// returns the directory and the server's host:port.
func buildServer(t *testing.T) (dir, hostport string) {
	t.Helper()
	dir = t.TempDir()
	bin := filepath.Join(dir, "slipway")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, d := range []string{"data", "testdata"} {
		abs, err := filepath.Abs(filepath.Join("..", "..", d))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(abs, filepath.Join(dir, d)); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "server", "slipway.db"))
	if err := os.Mkdir(filepath.Join(dir, "server"), 0o755); err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("slipway serve did not start: %v\n%s", err, stderr.String())
	}
	go io.Copy(io.Discard, stdout)
	_, url, ok := strings.Cut(strings.TrimSpace(line), "listening on http://")
	if !ok {
		t.Fatalf("slipway serve printed %q first", line)
	}
	return dir, url
}

const blockMark = "@@slipway-example@@"

// runExamples runs the examples in one bash process in dir, with
// localhost:8080 replaced by hostport, and checks each exits 0 and prints
// what the guide shows. It returns each example's output.
func runExamples(t *testing.T, file, dir, hostport string, exs []example) []string {
	t.Helper()
	var script strings.Builder
	script.WriteString("set -euo pipefail\n")
	for i, ex := range exs {
		fmt.Fprintf(&script, "printf '\\n%s %d\\n'; printf '\\n%s %d\\n' >&2\n", blockMark, i, blockMark, i)
		script.WriteString(strings.ReplaceAll(ex.body, "localhost:8080", hostport))
	}
	fmt.Fprintf(&script, "printf '\\n%s end\\n'\n", blockMark)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "--noprofile", "--norc", "-c", script.String())
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()

	split := func(s string) map[string]string {
		parts := map[string]string{}
		chunks := strings.Split(s, "\n"+blockMark+" ")
		for _, c := range chunks[1:] {
			id, rest, _ := strings.Cut(c, "\n")
			parts[id] = rest
		}
		return parts
	}
	outs, errs := split(stdout.String()), split(stderr.String())
	if runErr != nil {
		last := 0
		for i := range exs {
			if _, ok := outs[fmt.Sprint(i)]; ok {
				last = i
			}
		}
		k := fmt.Sprint(last)
		t.Fatalf("%s:%d: the example failed (%v):\n%s\noutput:\n%s\nstderr:\n%s",
			file, exs[last].line, runErr, exs[last].body, outs[k], errs[k])
	}
	if _, ok := outs["end"]; !ok {
		t.Fatalf("%s: the examples stopped early:\n%s", file, stdout.String())
	}
	results := make([]string, len(exs))
	for i, ex := range exs {
		results[i] = outs[fmt.Sprint(i)]
		if ex.want == nil {
			continue
		}
		if miss := matchOutput(ex.want.body, results[i]); miss != "" {
			t.Errorf("%s:%d: the example does not print %q (shown at line %d):\n%s\noutput:\n%s",
				file, ex.line, miss, ex.want.line, ex.body, results[i])
		}
	}
	return results
}

// TestAPIGuide runs every example of docs/api.md in order, as a newcomer
// would, against a fresh real server, then the README's API examples.
func TestAPIGuide(t *testing.T) {
	needTools(t, "bash", "curl", "jq")
	const guide = "../../docs/api.md"
	exs := examples(t, guide)
	if len(exs) < 25 {
		t.Fatalf("%s has %d runnable examples; the guide lost its sh blocks?", guide, len(exs))
	}
	checked := 0
	for _, ex := range exs {
		if ex.want != nil {
			checked++
		}
	}
	if checked < len(exs)-2 {
		t.Errorf("only %d of %d examples show what they print", checked, len(exs))
	}
	dir, hostport := buildServer(t)
	runExamples(t, guide, dir, hostport, exs)

	// The README's examples of the API, against the same server: each
	// must succeed with a real answer, not a problem document.
	var readme []example
	for _, ex := range examples(t, "../../README.md") {
		if strings.Contains(ex.body, "localhost:8080/api/") {
			readme = append(readme, ex)
		}
	}
	if len(readme) == 0 {
		t.Fatal("README.md shows no API example")
	}
	for i, out := range runExamples(t, "../../README.md", dir, hostport, readme) {
		if strings.Contains(out, "https://slipway.dev/problems/") || !strings.Contains(out, `"modelVersion"`) {
			t.Errorf("README.md:%d: an API example answered a problem or no evaluation:\n%s\noutput:\n%.2000s", readme[i].line, readme[i].body, out)
		}
	}
}

// TestFleetsGuide runs every example of docs/fleets.md in order against
// a fresh real server, as TestAPIGuide does for the API guide: the
// command line's fleet commands, the encounter set-up over the API and
// the fleet library.
func TestFleetsGuide(t *testing.T) {
	needTools(t, "bash", "curl", "jq")
	const guide = "../../docs/fleets.md"
	exs := examples(t, guide)
	checked := 0
	for _, ex := range exs {
		if ex.want != nil {
			checked++
		}
	}
	if len(exs) < 5 || checked != len(exs) {
		t.Fatalf("%s has %d runnable examples, %d showing what they print; want at least 5, all shown", guide, len(exs), checked)
	}
	dir, hostport := buildServer(t)
	runExamples(t, guide, dir, hostport, exs)
}

// TestAPIGuideLimits checks that the guide states the limits the code
// enforces: the quotas of library.DefaultLimits, the policies and the
// size limits, each in the words the guide uses.
func TestAPIGuideLimits(t *testing.T) {
	b, err := os.ReadFile("../../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	guide := strings.Join(strings.Fields(string(b)), " ")
	l := library.DefaultLimits()
	days := func(d time.Duration) int { return int(d / (24 * time.Hour)) }
	want := []string{
		fmt.Sprintf("| designs per account | %d live designs |", l.MaxDesigns),
		fmt.Sprintf("| versions per account | %d versions over all its live designs |", l.MaxVersions),
		fmt.Sprintf("| stored bytes per account | %d MiB ", l.MaxBytes>>20),
		fmt.Sprintf("| one version | %d MiB stored", l.MaxVersionBytes>>20),
		fmt.Sprintf("| writes | %d saves, forks and deletes a minute per account", l.WritesPerMinute),
		fmt.Sprintf("| logins | %d a minute per client address, and per user name from one address", l.LoginsPerMinute),
		fmt.Sprintf("| registrations | %d a minute per client address", l.LoginsPerMinute),
		fmt.Sprintf("| sessions | %d days |", days(l.SessionTTL)),
		fmt.Sprintf("Sessions** last %d days", days(l.SessionTTL)),
		fmt.Sprintf("| deleted designs | purged %d days after deletion |", days(l.PurgeAfter)),
		fmt.Sprintf("purged after %d days", days(l.PurgeAfter)),
		fmt.Sprintf("| API tokens | %d per account |", library.MaxTokens),
		fmt.Sprintf("An account holds at most %d.", library.MaxTokens),
		fmt.Sprintf("| import | %d designs per request, at most %d MiB stored per request (else 413 `too-large`); the answer lists at most %d problems in all |",
			library.MaxImportItems, library.MaxImportBytes>>20, library.MaxImportProblems),
		fmt.Sprintf("An import may store at most %d MiB", library.MaxImportBytes>>20),
		fmt.Sprintf("a fleet's evaluation lists at most %d problems", fleet.MaxProblems),
		fmt.Sprintf("| request body | %s bytes (1 MiB document + 64 KiB) |", commas(api.MaxBodyBytes)),
		fmt.Sprintf("over %s bytes (1 MiB + 64 KiB)", commas(api.MaxBodyBytes)),
		fmt.Sprintf("| library | %d designs a page; `q` at most %d bytes |", library.MaxPage, library.MaxQueryBytes),
		fmt.Sprintf("page size, 1 to %d (default 20)", library.MaxPage),
		fmt.Sprintf("**User names**: %d to %d characters (Unicode code points)", library.MinUserNameLength, library.MaxUserNameLength),
		fmt.Sprintf("**Passwords**: %d to %d characters (Unicode code points; at most %d bytes)",
			library.MinPasswordLength, library.MaxPasswordLength, library.MaxPasswordBytes),
		fmt.Sprintf("a list of %s from leaked-password data", commas(library.CommonPasswordListSize)),
	}
	for _, w := range want {
		if !strings.Contains(guide, w) {
			t.Errorf("docs/api.md does not say %q", w)
		}
	}
}

// commas writes n with thousands separators, as the guide does.
func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
