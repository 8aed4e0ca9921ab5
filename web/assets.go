package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"sort"
	"strings"

	"github.com/slipway/slipway/internal/gzipped"
)

//go:embed static
var staticFS embed.FS

// staticPrefix starts every asset URL: /static/{version}/{file}.
const staticPrefix = "/static/"

// assets are the embedded static files, read once. Every URL carries the
// version, a hash over the content of all files, so a changed file gets
// a new URL and the old one can be cached forever. One version for the
// whole tree (rather than one hash per file) keeps ES module imports
// plain relative paths: a module and the modules it imports always come
// from the same version.
type assets struct {
	version string
	files   map[string]*asset
}

// asset is one embedded file, with its gzip form when that is smaller.
type asset struct {
	body  []byte
	gz    []byte
	ctype string
	etag  string
}

// loadAssets reads and hashes the embedded static tree.
func loadAssets() (*assets, error) {
	a := &assets{files: map[string]*asset{}}
	var names []string
	err := fs.WalkDir(staticFS, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		names = append(names, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("web: static files: %w", err)
	}
	sort.Strings(names)
	tree := sha256.New()
	for _, p := range names {
		b, err := staticFS.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("web: static file %s: %w", p, err)
		}
		name := strings.TrimPrefix(p, "static/")
		sum := sha256.Sum256(b)
		f := &asset{body: b, ctype: contentType(name), etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
		if compressible(f.ctype) {
			f.gz = gzipped.Compress(b)
		}
		a.files[name] = f
		fmt.Fprintf(tree, "%s %x\n", name, sum)
	}
	a.version = hex.EncodeToString(tree.Sum(nil)[:6])
	return a, nil
}

// contentType names the media type of a static file by its extension.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".map", ".json":
		return "application/json"
	case ".md", ".txt", "":
		return "text/plain; charset=utf-8"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

func compressible(ctype string) bool {
	return strings.HasPrefix(ctype, "text/") || strings.HasPrefix(ctype, "application/json") || strings.HasPrefix(ctype, "image/svg")
}

// URL returns the versioned URL of the static file name, for templates.
// An unknown name is an error, so a typo in a template fails the page
// test instead of shipping a broken link.
func (a *assets) URL(name string) (string, error) {
	if _, ok := a.files[name]; !ok {
		return "", fmt.Errorf("no static file %q", name)
	}
	return staticPrefix + a.version + "/" + name, nil
}

// ServeHTTP serves GET /static/{version}/{file}. The current version is
// cached for a year as immutable; another version (a page from before a
// deploy) still gets the current file, revalidated on every use.
func (a *assets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	version, name, ok := strings.Cut(strings.TrimPrefix(r.URL.Path, staticPrefix), "/")
	f := a.files[name]
	if !ok || f == nil || strings.Contains(name, "..") {
		http.Error(w, "no such file", http.StatusNotFound)
		return
	}
	a.serve(w, r, f, version == a.version)
}

func (a *assets) serve(w http.ResponseWriter, r *http.Request, f *asset, immutable bool) {
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	if immutable {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, no-cache")
	}
	body, etag := f.body, f.etag
	if f.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if gzipped.Accepts(r) {
			body, etag = f.gz, strings.TrimSuffix(f.etag, `"`)+`-gz"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", etag)
	if inm := r.Header.Get("If-None-Match"); inm != "" && etagListed(inm, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", fmt.Sprint(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// favicon answers /favicon.ico, which browsers ask for on their own, with
// the SVG icon.
func (a *assets) favicon(w http.ResponseWriter, r *http.Request) {
	a.serve(w, r, a.files["img/favicon.svg"], false)
}

// etagListed reports whether an If-None-Match value lists etag or is *.
func etagListed(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}
