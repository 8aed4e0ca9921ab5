package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// newFlags returns a subcommand's flag set; parse errors and usage go to
// stderr. Usage prints the given lines (the first is the synopsis after
// "usage: slipway "), then every flag with its default, spelled as the
// synopsis spells it (see listFlags).
func newFlags(name string, stderr io.Writer, usage ...string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	if len(usage) == 0 {
		usage = []string{name + " [flags]"}
	}
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: slipway "+usage[0])
		for _, l := range usage[1:] {
			fmt.Fprintln(stderr, l)
		}
		listFlags(stderr, fs)
	}
	return fs
}

// listFlags lists fs's flags as the synopses spell them: --name for a
// long flag, -o for a one-letter one, followed by the value's name, which
// a flag's usage text gives in backquotes ("reject designs above tier
// `N`"). Every flag of every command is written that way; a test checks
// that each synopsis and its list agree.
func listFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		dash := "--"
		if len(f.Name) == 1 {
			dash = "-"
		}
		line := "  " + dash + f.Name
		if name != "" {
			line += " " + name
		}
		if def := f.DefValue; def != "" && def != "0" && def != "false" {
			if g, ok := f.Value.(flag.Getter); ok {
				if _, isString := g.Get().(string); isString {
					def = strconv.Quote(def)
				}
			}
			usage += " (default " + def + ")"
		}
		fmt.Fprintf(w, "%s\n    \t%s\n", line, strings.ReplaceAll(usage, "\n", "\n    \t"))
	})
}

// usageError says what is wrong with a command line, in words, then
// prints the command's usage, and returns the exit code of bad usage.
func usageError(fs *flag.FlagSet, format string, args ...any) int {
	fmt.Fprintf(fs.Output(), "slipway %s: %s\n", fs.Name(), fmt.Sprintf(format, args...))
	fs.Usage()
	return 2
}

// checkRange refuses an optional whole-number flag outside lo-hi (0
// means not given).
func checkRange(fs *flag.FlagSet, name string, v, lo, hi int) (int, bool) {
	if v != 0 && (v < lo || v > hi) {
		return usageError(fs, "--%s must be a whole number from %d to %d (you gave %d)", name, lo, hi, v), false
	}
	return 0, true
}

// parseArgs parses flags given before, between or after the positional
// arguments, and returns the positional ones. When ok is false the
// command must end with code: 0 after --help, 2 after a bad flag (the
// flag package has already said what was wrong).
func parseArgs(fs *flag.FlagSet, args []string) (pos []string, code int, ok bool) {
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, 0, false
			}
			return nil, 2, false
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, 0, true
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// parseFlagsOnly parses a command that takes flags and no positional
// arguments; a stray argument is a usage error (exit 2).
func parseFlagsOnly(fs *flag.FlagSet, args []string) (code int, ok bool) {
	pos, code, ok := parseArgs(fs, args)
	if !ok {
		return code, false
	}
	if len(pos) > 0 {
		fmt.Fprintf(fs.Output(), "slipway %s: unexpected argument %q\n", fs.Name(), pos[0])
		fs.Usage()
		return 2, false
	}
	return 0, true
}
