// Command slipway is the Slipway starship design studio: one binary that
// validates, evaluates and prints designs and serves the web studio.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// command is one subcommand of slipway.
type command struct {
	name    string
	summary string
	// run executes the command with its arguments; the returned int is
	// the process exit code.
	run func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		validateCommand(),
		rulesetsCommand(), catalogueCommand(),
		serveCommand(), recomputeCommand(), migrateStoreCommand(), importCommand(), exportCommand(),
		evalCommand(), compareCommand(), simulateCommand(), forecastCommand(), calibrateCommand(), holdoutCommand(),
		sheetCommand(), cardCommand(), aidsCommand(), packCommand(),
		fleetCommand(),
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout, cmds)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range cmds {
		if c.name == args[0] {
			return c.run(ctx, args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "slipway: unknown command %q\n\n", args[0])
	usage(stderr, cmds)
	return 2
}

func usage(w io.Writer, cmds []command) {
	fmt.Fprintln(w, "usage: slipway <command> [arguments]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	sorted := append([]command(nil), cmds...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].name < sorted[j].name })
	width := 0
	for _, c := range sorted {
		width = max(width, len(c.name))
	}
	for _, c := range sorted {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'slipway <command> --help' for a command's flags.")
}
