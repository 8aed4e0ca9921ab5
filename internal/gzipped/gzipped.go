// Package gzipped holds what the studio's and the API's answers that are
// built once (static files, the catalogue, the form descriptions) need to
// be sent gzip-compressed: whether a request accepts gzip, and the
// compressed form of a body.
package gzipped

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strings"
)

// Accepts reports whether the request's Accept-Encoding lists gzip with a
// quality above zero.
func Accepts(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// Compress returns b compressed with gzip at its best compression, or nil
// when that is not smaller than b.
func Compress(b []byte) []byte {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil
	}
	if _, err := zw.Write(b); err != nil {
		return nil
	}
	if err := zw.Close(); err != nil || buf.Len() >= len(b) {
		return nil
	}
	return buf.Bytes()
}
