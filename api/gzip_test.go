package api_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"testing"
)

// TestGzipAnswers checks that the catalogue and every form description
// are sent gzip-compressed to a client that accepts gzip, decompress to
// the same bytes as the plain answer, and keep their own ETag (304 on a
// match); a client that does not accept gzip gets the plain bytes.
func TestGzipAnswers(t *testing.T) {
	e := newEnv(t)
	// A transport that does not ask for gzip on its own, so the test sees
	// what was sent.
	hc := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	get := func(path string, hdr ...string) *http.Response {
		t.Helper()
		req, err := http.NewRequest("GET", e.url+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		res, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	read := func(res *http.Response) []byte {
		t.Helper()
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, path := range []string{"/api/v1/catalogue", "/api/v1/rulesets/metaverse/form", "/api/v1/rulesets/battleshift/form"} {
		plainRes := get(path, "Accept-Encoding", "identity")
		plain := read(plainRes)
		if plainRes.StatusCode != 200 || plainRes.Header.Get("Content-Encoding") != "" {
			t.Fatalf("%s without gzip: status %d, Content-Encoding %q", path, plainRes.StatusCode, plainRes.Header.Get("Content-Encoding"))
		}
		zres := get(path, "Accept-Encoding", "br, gzip;q=0.8")
		zbody := read(zres)
		if zres.StatusCode != 200 || zres.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s with gzip: status %d, Content-Encoding %q", path, zres.StatusCode, zres.Header.Get("Content-Encoding"))
		}
		if v := zres.Header.Values("Vary"); len(v) == 0 || !bytes.Contains([]byte(v[0]), []byte("Accept-Encoding")) {
			t.Errorf("%s: Vary %q, want Accept-Encoding", path, v)
		}
		zr, err := gzip.NewReader(bytes.NewReader(zbody))
		if err != nil {
			t.Fatalf("%s: not gzip: %v", path, err)
		}
		unz, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%s: gunzip: %v", path, err)
		}
		if !bytes.Equal(unz, plain) {
			t.Errorf("%s: the gzip answer decompresses to %d bytes, the plain answer is %d", path, len(unz), len(plain))
		}
		if len(zbody)*2 > len(plain) {
			t.Errorf("%s: gzip sends %d bytes for %d, less than half saved", path, len(zbody), len(plain))
		}
		t.Logf("%s: %d bytes, %d gzipped", path, len(plain), len(zbody))
		ptag, ztag := plainRes.Header.Get("ETag"), zres.Header.Get("ETag")
		if ptag == "" || ztag == "" || ptag == ztag {
			t.Errorf("%s: ETags %q plain and %q gzipped, want two different tags", path, ptag, ztag)
		}
		if r := get(path, "Accept-Encoding", "gzip", "If-None-Match", ztag); r.StatusCode != 304 {
			t.Errorf("%s: If-None-Match with the gzip tag answered %d, want 304", path, r.StatusCode)
		} else {
			read(r)
		}
		if r := get(path, "Accept-Encoding", "gzip;q=0", "If-None-Match", ptag); r.StatusCode != 304 || r.Header.Get("Content-Encoding") != "" {
			t.Errorf("%s: gzip;q=0 with the plain tag answered %d, Content-Encoding %q; want 304, none", path, r.StatusCode, r.Header.Get("Content-Encoding"))
		} else {
			read(r)
		}
	}
}
