package main

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeHelp checks that --help documents every flag and its
// environment variable, and exits 0.
func TestServeHelp(t *testing.T) {
	code, _, stderr := runCLI(t, "serve", "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"-addr", "SLIPWAY_ADDR", ":8080", "-db", "SLIPWAY_DB", "./slipway.db", "-base-url", "SLIPWAY_BASE_URL"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("serve --help lacks %q:\n%s", want, stderr)
		}
	}
	if code, _, _ := runCLI(t, "serve", "--base-url", "ftp://x", "--db", filepath.Join(t.TempDir(), "x.db")); code != 1 {
		t.Errorf("bad base URL: exit %d, want 1", code)
	}
}

// TestImportExportRecompute round-trips the samples through the
// database with the CLI.
func TestImportExportRecompute(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "cli.db")
	samples, _ := filepath.Glob("../../data/samples/*.json")
	if len(samples) == 0 {
		t.Fatal("no samples")
	}
	args := append([]string{"import", "--db", db, "--user", "ann", "--visibility", "public"}, samples...)
	code, stdout, stderr := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("import exit %d\n%s%s", code, stdout, stderr)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"name": 3}`), 0o644)
	if code, stdout, _ := runCLI(t, "import", "--db", db, "--user", "ann", bad); code != 1 || !strings.Contains(stdout, "rejected") {
		t.Fatalf("import of a broken file: exit %d\n%s", code, stdout)
	}
	out := filepath.Join(dir, "out")
	code, stdout, stderr = runCLI(t, "export", "--db", db, "--user", "ann", "--out", out)
	if code != 0 {
		t.Fatalf("export exit %d\n%s%s", code, stdout, stderr)
	}
	files, _ := filepath.Glob(filepath.Join(out, "*.json"))
	if len(files) != len(samples) {
		t.Fatalf("exported %d files, want %d", len(files), len(samples))
	}
	if code, stdout, _ := runCLI(t, append([]string{"validate"}, files...)...); code != 0 {
		t.Fatalf("exported files do not validate: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = runCLI(t, "recompute", "--db", db, "--history", "5")
	if code != 0 || !strings.Contains(stdout, "0 designs re-evaluated") || !strings.Contains(stdout, "recorded re-evaluations") {
		t.Fatalf("recompute exit %d: %s", code, stdout)
	}
	if code, _, _ := runCLI(t, "export", "--db", filepath.Join(dir, "missing.db"), "--user", "ann"); code != 1 {
		t.Fatalf("export from a missing database: exit %d", code)
	}
}

// TestServePortTaken starts serve on a port something else holds: it
// must exit 1 saying why, and create no database.
func TestServePortTaken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dir := t.TempDir()
	db := filepath.Join(dir, "fresh.db")
	code, _, stderr := runCLI(t, "serve", "--addr", ln.Addr().String(), "--db", db)
	if code != 1 {
		t.Errorf("serve on a taken port: exit %d, want 1", code)
	}
	if !strings.Contains(stderr, ln.Addr().String()) || !strings.Contains(stderr, "address already in use") {
		t.Errorf("serve on a taken port does not say so:\n%s", stderr)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("serve on a taken port left %s behind", e.Name())
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Errorf("the database exists: %v", err)
	}
}
