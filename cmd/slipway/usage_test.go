package main

import (
	"regexp"
	"strings"
	"testing"
)

// synopsisFlags reads the flags of a synopsis such as
// "eval FILE [--json] [--tier N]" or "export (--user NAME | --id ID)"
// as flag -> value name ("" for a switch).
func synopsisFlags(synopsis string) map[string]string {
	out := map[string]string{}
	toks := strings.Fields(synopsis)
	for i, tok := range toks {
		bare := strings.Trim(tok, "[]()")
		if !strings.HasPrefix(bare, "-") {
			continue
		}
		value := ""
		closed := strings.HasSuffix(tok, "]") || strings.HasSuffix(tok, ")")
		if !closed && i+1 < len(toks) {
			next := strings.TrimRight(toks[i+1], "])")
			if next != "|" && !strings.HasPrefix(next, "-") && !strings.HasPrefix(next, "[") {
				value = next
			}
		}
		out[bare] = value
	}
	return out
}

var helpFlag = regexp.MustCompile(`^  (--?[a-z][a-z-]*)(?: (\S+))?$`)

// TestUsageMatchesHelp checks every command's --help: it exits 0, its
// synopsis names every flag the list below it gives and no other, each
// spelled the same way (--long, -o) with the same value name, and the list
// has a description for each.
func TestUsageMatchesHelp(t *testing.T) {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	names = append(names, "fleet validate", "fleet eval", "fleet pack")
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, append(strings.Fields(name), "--help")...)
			if code != 0 || stdout != "" {
				t.Fatalf("--help: exit %d, stdout %q", code, stdout)
			}
			lines := strings.Split(stderr, "\n")
			synopsis, ok := strings.CutPrefix(lines[0], "usage: slipway "+name)
			if !ok {
				t.Fatalf("--help does not start with the synopsis: %q", lines[0])
			}
			want := synopsisFlags(synopsis)
			got := map[string]string{}
			for i, l := range lines {
				m := helpFlag.FindStringSubmatch(l)
				if m == nil {
					if strings.HasPrefix(strings.TrimSpace(l), "-") && strings.HasPrefix(l, "  -") {
						t.Errorf("help line %q is not \"  --flag VALUE\"", l)
					}
					continue
				}
				got[m[1]] = m[2]
				if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "    \t") || strings.TrimSpace(lines[i+1]) == "" {
					t.Errorf("%s has no description", m[1])
				}
			}
			if len(got) == 0 && len(want) > 0 {
				t.Fatalf("--help lists no flags:\n%s", stderr)
			}
			for f, v := range want {
				if hv, ok := got[f]; !ok {
					t.Errorf("the synopsis names %s, the help does not list it", f)
				} else if hv != v {
					t.Errorf("%s: the synopsis says %q, the help %q", f, f+" "+v, f+" "+hv)
				}
			}
			for f := range got {
				if _, ok := want[f]; !ok {
					t.Errorf("the help lists %s, the synopsis does not name it", f)
				}
				if name := strings.TrimLeft(f, "-"); (len(name) == 1) != (f == "-"+name) {
					t.Errorf("%s: one-letter flags take one dash, others two", f)
				}
			}
		})
	}
}

func TestSynopsisFlags(t *testing.T) {
	got := synopsisFlags(" (--user NAME | --id ID) [--db PATH|URL] [--json] FILE -o OUT.pdf [--paper letter|a4] [--bw]")
	want := map[string]string{"--user": "NAME", "--id": "ID", "--db": "PATH|URL", "--json": "", "-o": "OUT.pdf", "--paper": "letter|a4", "--bw": ""}
	if len(got) != len(want) {
		t.Fatalf("synopsisFlags = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("synopsisFlags[%s] = %q, want %q", k, got[k], v)
		}
	}
}

// TestBadUsageSaysWhy checks that a bad command line is refused with
// exit 2 and a sentence that names the flag or argument at fault, what
// is allowed and, where there is one, the unit.
func TestBadUsageSaysWhy(t *testing.T) {
	f := "../../data/samples/reference-cruiser.json"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"sheet", f}, "slipway sheet: missing -o OUT.pdf: the file to write the PDF to (- for standard output)"},
		{[]string{"card", f}, "slipway card: missing -o OUT.pdf"},
		{[]string{"aids"}, "slipway aids: missing -o OUT.pdf"},
		{[]string{"pack", f, "--bw"}, "slipway pack: missing -o OUT.pdf"},
		{[]string{"fleet", "pack", "../../data/fleets/x.json"}, "slipway fleet pack: missing -o OUT.pdf"},
		{[]string{"pack", "-o", "x.pdf"}, "slipway pack: give at least one design file"},
		{[]string{"sheet", f, f, "-o", "x.pdf"}, "slipway sheet: give exactly one design file (you gave 2)"},
		{[]string{"aids", f, "-o", "x.pdf"}, "slipway aids: takes no design files (you gave 1)"},
		{[]string{"sheet", f, "-o", "x.pdf", "--paper", "b5"}, `slipway sheet: --paper must be letter or a4 (you gave "b5")`},
		{[]string{"validate", "--tier", "4", f}, "slipway validate: --tier must be a whole number from 1 to 3 (you gave 4)"},
		{[]string{"validate"}, "slipway validate: give at least one design file"},
		{[]string{"eval", "--crew", "9", f}, "slipway eval: --crew must be a whole number from 1 to 5 (you gave 9)"},
		{[]string{"eval", "--tier", "0", "--command", "D9", f}, `slipway eval: --command must be a die from D2 to D6 (you gave "D9")`},
		{[]string{"eval", "--damage-control", "d2", f}, `slipway eval: --damage-control must be a die from D4 to D6 (you gave "d2")`},
		{[]string{"eval", f, f}, "slipway eval: give exactly one design file (you gave 2)"},
		{[]string{"compare", f}, "slipway compare: give two design files, A and B (you gave 1)"},
		{[]string{"import", f}, "slipway import: --user NAME is required"},
		{[]string{"import", "--user", "ann", "--visibility", "secret", f}, `slipway import: --visibility must be private, unlisted or public (you gave "secret")`},
		{[]string{"import", "--user", "ann", "--invalid", "maybe", f}, `slipway import: --invalid must be reject or draft (you gave "maybe")`},
		{[]string{"export"}, "slipway export: give --user NAME (every design of a user) or --id ID (one design)"},
		{[]string{"export", "--user", "ann", "--id", "x"}, "slipway export: give --user NAME or --id ID, not both"},
		{[]string{"recompute", "--history", "-1"}, "slipway recompute: --history must be 0 or more (you gave -1)"},
	}
	for _, c := range cases {
		code, stdout, stderr := runCLI(t, c.args...)
		first, _, _ := strings.Cut(stderr, "\n")
		if code != 2 || !strings.HasPrefix(first, c.want) || stdout != "" {
			t.Errorf("slipway %s: exit %d, first line %q; want exit 2 and %q", strings.Join(c.args, " "), code, first, c.want)
		}
		if !strings.Contains(stderr, "usage: slipway "+c.args[0]) {
			t.Errorf("slipway %s: no usage after the reason", strings.Join(c.args, " "))
		}
	}
}
