package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// newFlags returns a subcommand's flag set; parse errors and usage go to
// stderr. Usage prints the given lines (the first is the synopsis after
// "usage: slipway "), then every flag with its default.
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
		fs.PrintDefaults()
	}
	return fs
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
