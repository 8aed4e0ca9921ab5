// Package qrtest reads the QR codes of printed documents back for tests,
// as a phone reads paper: the PDF's page is rendered to an image with
// pdftoppm and the code decoded with a QR reader (gozxing, a port of
// ZXing), independent of the encoder that drew it.
package qrtest

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"github.com/slipway/slipway/internal/testenv"
)

// ReadPDF renders page 1 of pdf at 300 dpi and returns the text of the
// QR code on it. A missing pdftoppm skips the test (fails under CI).
func ReadPDF(t testing.TB, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		testenv.Missing(t, "pdftoppm", "apt-get install poppler-utils")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "doc.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	// A phone that cannot read the code steps back or closer: the page is
	// read at three resolutions, the first that reads wins.
	var lastErr error
	for _, dpi := range []string{"300", "200", "400"} {
		page := filepath.Join(dir, "page"+dpi)
		if out, err := exec.Command("pdftoppm", "-r", dpi, "-f", "1", "-l", "1", "-png", "-singlefile", in, page).CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm: %v: %s", err, out)
		}
		f, err := os.Open(page + ".png")
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		s, err := Read(img)
		if err == nil {
			return s
		}
		lastErr = err
	}
	if d := os.Getenv("VERIFY_DUMP"); d != "" {
		os.WriteFile(filepath.Join(d, "unread.pdf"), pdf, 0o644)
	}
	t.Fatal(lastErr)
	return ""
}

// Read returns the text of the QR code in img. Icons on a whole page can
// pass for a code's finder patterns, so the page is framed in parts too,
// smaller and smaller, each overlapping its neighbours by half, as a
// phone's camera frames the code.
func Read(img image.Image) (string, error) {
	hints := map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true}
	sub, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	})
	if !ok {
		return "", fmt.Errorf("qrtest: a %T cannot be framed", img)
	}
	b := img.Bounds()
	for _, parts := range []int{1, 2, 3, 5, 8} {
		w, h := b.Dx()/parts, b.Dy()/parts
		step := func(n int) int { return max(1, n/2) }
		for y := b.Min.Y; y+h <= b.Max.Y; y += step(h) {
			for x := b.Min.X; x+w <= b.Max.X; x += step(w) {
				bmp, err := gozxing.NewBinaryBitmapFromImage(sub.SubImage(image.Rect(x, y, x+w, y+h)))
				if err != nil {
					return "", err
				}
				if r, err := qrcode.NewQRCodeReader().Decode(bmp, hints); err == nil {
					return r.GetText(), nil
				}
				if parts == 1 {
					break
				}
			}
		}
	}
	return "", errors.New("qrtest: no QR code read on the page")
}
