package main

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/slipway/slipway/internal/testenv"
)

// TestWriteOutputKeepsDevices: an output that is not a regular file (a
// named pipe here; /dev/null in use) is written to, not renamed over: a
// PDF "printed to /dev/null" as root once replaced the device with a file.
func TestWriteOutputKeepsDevices(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "out.pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		testenv.Missing(t, "named pipes", err.Error())
	}
	got := make(chan []byte)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- nil
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- b
	}()
	if err := writeOutput(fifo, nil, func(w io.Writer) error { _, err := io.WriteString(w, "%PDF-1.4"); return err }); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(fifo)
	if err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("after the write the output is %v (%v), want the named pipe", fi.Mode(), err)
	}
	if b := <-got; string(b) != "%PDF-1.4" {
		t.Errorf("the pipe's reader got %q", b)
	}
}
