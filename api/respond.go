package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/designer"
)

// Problem is an RFC 9457 problem details object, extended with the
// request id and, for documents and request bodies, the list of problems
// (rule id, severity, JSON path, message, hint).
type Problem struct {
	Type      string            `json:"type"`
	Title     string            `json:"title"`
	Status    int               `json:"status"`
	Detail    string            `json:"detail,omitempty"`
	Instance  string            `json:"instance,omitempty"`
	RequestID string            `json:"requestId,omitempty"`
	Problems  designer.Problems `json:"problems,omitempty"`
}

// problemTypeBase prefixes the problem type slugs; docs/api.md lists them.
const problemTypeBase = "https://slipway.dev/problems/"

// problem writes an application/problem+json response and aborts.
func (s *Server) problem(c *gin.Context, status int, slug, detail string, probs designer.Problems) {
	p := Problem{
		Type:      problemTypeBase + slug,
		Title:     http.StatusText(status),
		Status:    status,
		Detail:    detail,
		Instance:  c.Request.URL.Path,
		RequestID: requestID(c.Request.Context()),
		Problems:  probs,
	}
	b, _ := json.Marshal(p)
	c.Header("Cache-Control", "no-store")
	c.Data(status, "application/problem+json", b)
	c.Abort()
}

// fail maps a store or internal error to a problem response.
func (s *Server) fail(c *gin.Context, err error) {
	switch {
	case errors.Is(err, ErrNotFound):
		s.problem(c, http.StatusNotFound, "not-found", "no such design", nil)
	case errors.Is(err, ErrStale):
		s.problem(c, http.StatusPreconditionFailed, "stale-version",
			"the design has changed since the version named in If-Match; read it again and retry", nil)
	case errors.Is(err, ErrBadQuery):
		s.problem(c, http.StatusBadRequest, "bad-query", "the search query is not valid", nil)
	default:
		s.log.ErrorContext(c.Request.Context(), "internal error", "err", err, "requestId", requestID(c.Request.Context()))
		s.problem(c, http.StatusInternalServerError, "internal", "internal error; the request id names it in the log", nil)
	}
}

// json writes v as JSON with a strong ETag over the bytes; a GET whose
// If-None-Match matches gets 304 Not Modified.
func (s *Server) json(c *gin.Context, status int, v any) {
	s.jsonTagged(c, status, v, "")
}

// jsonTagged is json with a caller-chosen ETag (empty: hash the body).
func (s *Server) jsonTagged(c *gin.Context, status int, v any, etag string) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(v); err != nil {
		s.fail(c, err)
		return
	}
	b := buf.Bytes()
	get := c.Request.Method == http.MethodGet || c.Request.Method == http.MethodHead
	if etag == "" && status == http.StatusOK && get {
		sum := sha256.Sum256(b)
		etag = `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	}
	if etag != "" {
		c.Header("ETag", etag)
	}
	if status == http.StatusOK && get && etagMatch(c.GetHeader("If-None-Match"), etag) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	c.Data(status, "application/json; charset=utf-8", b)
}

// etagMatch reports whether an If-None-Match or If-Match header value
// lists etag (weak comparison) or is "*".
func etagMatch(header, etag string) bool {
	if header == "" || etag == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == strings.TrimPrefix(etag, "W/") {
			return true
		}
	}
	return false
}
