package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"

	"github.com/slipway/slipway/costing"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/ruleset"
	"github.com/slipway/slipway/sheets"
)

// printFlags are the flags every printing command shares.
type printFlags struct {
	out        *string
	paper      *string
	bw         *bool
	onePerPage *bool
}

func addPrintFlags(fs *flag.FlagSet, cards bool) printFlags {
	p := printFlags{
		out:   fs.String("o", "", "write the PDF to the file `OUT.pdf` (- for standard output)"),
		paper: fs.String("paper", "letter", "paper size `letter|a4`"),
		bw:    fs.Bool("bw", false, "black and white: patterns and letters instead of colour"),
	}
	if cards {
		p.onePerPage = fs.Bool("one-per-page", false, "one card per page instead of nine with cut marks")
	}
	return p
}

func (p printFlags) options() sheets.Options {
	o := sheets.Options{Paper: *p.paper, BW: *p.bw}
	if p.onePerPage != nil {
		o.OnePerPage = *p.onePerPage
	}
	return o
}

// printCommand builds one of the printing commands. minFiles and
// maxFiles bound the design files it takes (maxFiles < 0: no bound).
func printCommand(name, summary, usage string, minFiles, maxFiles int, cards bool,
	write func(w io.Writer, ships []sheets.Ship, opt sheets.Options) error) command {
	return printCommandSeam(name, summary, usage, minFiles, maxFiles, cards, nil, write)
}

// seamPrint adds a printing command's flags for the games printed through
// the ruleset seam and returns what prints them: done is false when the
// files are Metaverse's, which write prints.
type seamPrint func(fs *flag.FlagSet) func(files []string, pf printFlags, stdout, stderr io.Writer) (code int, done bool)

// printCommandSeam is printCommand with seam, which prints the games
// printed through the ruleset seam (nil: Metaverse only).
func printCommandSeam(name, summary, usage string, minFiles, maxFiles int, cards bool, seam seamPrint,
	write func(w io.Writer, ships []sheets.Ship, opt sheets.Options) error) command {
	return command{
		name:    name,
		summary: summary,
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			fs := newFlags(name, stderr, usage)
			pf := addPrintFlags(fs, cards)
			var other func(files []string, pf printFlags, stdout, stderr io.Writer) (int, bool)
			if seam != nil {
				other = seam(fs)
			}
			files, code, ok := parseArgs(fs, args)
			if !ok {
				return code
			}
			switch {
			case maxFiles == 0 && len(files) > 0:
				return usageError(fs, "takes no design files (you gave %d)", len(files))
			case minFiles == maxFiles && len(files) != minFiles:
				return usageError(fs, "give exactly one design file (you gave %d)", len(files))
			case len(files) < minFiles:
				return usageError(fs, "give at least one design file")
			case *pf.out == "":
				return usageError(fs, "missing -o OUT.pdf: the file to write the PDF to (- for standard output)")
			}
			if _, err := sheets.OptionsFromQuery(url.Values{"paper": {*pf.paper}}); err != nil {
				return usageError(fs, "--paper must be letter or a4 (you gave %q)", *pf.paper)
			}
			if other != nil {
				if code, done := other(files, pf, stdout, stderr); done {
					return code
				}
			}
			m := costing.NewModel(designer.BuiltinCatalogue())
			ships := make([]sheets.Ship, 0, len(files))
			for _, f := range files {
				if err := ctx.Err(); err != nil {
					fmt.Fprintf(stderr, "slipway %s: %v\n", name, err)
					return 1
				}
				d, err := readDesignFile(f)
				if err != nil {
					fmt.Fprintf(stderr, "slipway %s: %v\n", name, err)
					return 2
				}
				s := sheets.Evaluate(m, d, costing.Options{})
				s.Link = filepath.Base(f)
				if note := sheets.Legality(s.Result); note != "" {
					// Printed all the same (a draft is worth a look), but
					// an organiser must be able to tell: the page says so
					// too.
					fmt.Fprintf(stderr, "slipway %s: warning: %s: %s; the PDF says so (see slipway validate %s)\n", name, f, note, f)
				}
				ships = append(ships, s)
			}
			if err := writeOutput(*pf.out, stdout, func(w io.Writer) error { return write(w, ships, pf.options()) }); err != nil {
				fmt.Fprintf(stderr, "slipway %s: %v\n", name, err)
				return 1
			}
			return 0
		},
	}
}

func sheetCommand() command {
	seam := func(fs *flag.FlagSet) func([]string, printFlags, io.Writer, io.Writer) (int, bool) {
		uses := addUsesFlag(fs)
		return func(files []string, pf printFlags, stdout, stderr io.Writer) (int, bool) {
			reg := registry()
			doc, err := readAnyFile(reg, files[0])
			if err != nil {
				fmt.Fprintf(stderr, "slipway sheet: %v\n", err)
				return 2, true
			}
			if doc, err = uses.bind(reg, doc, true); err != nil {
				return usageError(fs, "%v", err), true
			}
			p, ok := sheets.PrinterFor(doc.rs.Info().ID)
			if !ok {
				return 0, false
			}
			ev, err := doc.rs.Evaluate(doc.d, nil)
			if err != nil {
				fmt.Fprintf(stderr, "slipway sheet: %v\n", err)
				return 1, true
			}
			if !ev.Findings().Legal() {
				fmt.Fprintf(stderr, "slipway sheet: warning: %s is not legal; the PDF says so (see slipway validate %s)\n", files[0], files[0])
			}
			o := pf.options()
			b, err := p.Sheet(doc.d, ev, ruleset.PrintOptions{Paper: o.Paper, BW: o.BW, URL: filepath.Base(files[0])})
			return writePDF("sheet", *pf.out, stdout, stderr, b, err), true
		}
	}
	return printCommandSeam("sheet", "print a design's sheet as PDF (Metaverse: the starship record sheet; Battleshift: the class sheet)",
		"sheet FILE -o OUT.pdf [--paper letter|a4] [--bw] [--uses REF=FILE]", 1, 1, false, seam,
		func(w io.Writer, ships []sheets.Ship, opt sheets.Options) error {
			return sheets.RecordSheet(w, ships[0], opt)
		})
}

func cardCommand() command {
	return printCommand("card", "print ship cards, nine to a page with cut marks",
		"card FILE... -o OUT.pdf [--paper letter|a4] [--bw] [--one-per-page]", 1, -1, true, sheets.Cards)
}

func aidsCommand() command {
	seam := func(fs *flag.FlagSet) func([]string, printFlags, io.Writer, io.Writer) (int, bool) {
		id := rulesetFlag(fs)
		return func(_ []string, pf printFlags, stdout, stderr io.Writer) (int, bool) {
			reg := registry()
			r, bad := pickRuleset(reg, *id)
			if bad != "" {
				fmt.Fprintf(stderr, "slipway aids: %s\n", bad)
				return 2, true
			}
			p, ok := sheets.PrinterFor(r.Info().ID)
			if !ok && r != reg.Fallback() {
				fmt.Fprintf(stderr, "slipway aids: %s has no printed play aids yet\n", r.Info().Name)
				return 1, true
			}
			if !ok {
				return 0, false // Metaverse's, printed below
			}
			o := pf.options()
			b, err := p.Aids(ruleset.PrintOptions{Paper: o.Paper, BW: o.BW})
			return writePDF("aids", *pf.out, stdout, stderr, b, err), true
		}
	}
	return printCommandSeam("aids", "print a game's play aids (Metaverse: quick-reference cards and the plotting chart; --ruleset battleshift: its quick reference)",
		"aids -o OUT.pdf [--ruleset ID] [--paper letter|a4] [--bw] [--one-per-page]", 0, 0, true, seam,
		func(w io.Writer, _ []sheets.Ship, opt sheets.Options) error { return sheets.Aids(w, opt) })
}

func packCommand() command {
	return printCommand("pack", "print a fleet pack: summary, record sheets, ship cards, play aids",
		"pack FILE... -o OUT.pdf [--paper letter|a4] [--bw] [--one-per-page]", 1, -1, true, sheets.Pack)
}

// writeOutput writes a file through a temporary file renamed into place,
// so a failed render never leaves a truncated PDF; "-" is standard output.
// A name that is not a regular file (/dev/null, a pipe, a terminal) is
// written to as it is: renaming over it would replace the device with a
// file (as root, /dev/null itself).
func writeOutput(name string, stdout io.Writer, write func(io.Writer) error) error {
	if name == "-" {
		return write(stdout)
	}
	if fi, err := os.Stat(name); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
		f, err := os.OpenFile(name, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		if err := write(f); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".slipway-*.pdf")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}

// writePDF writes the PDF b rendered by a seam printer (or its error
// err) to out, and returns the exit code.
func writePDF(cmd, out string, stdout, stderr io.Writer, b []byte, err error) int {
	if err == nil {
		err = writeOutput(out, stdout, func(w io.Writer) error { _, err := w.Write(b); return err })
	}
	if err != nil {
		fmt.Fprintf(stderr, "slipway %s: %v\n", cmd, err)
		return 1
	}
	return 0
}
