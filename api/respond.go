package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
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

// statuses maps the library's refusal codes to HTTP statuses.
var statuses = map[library.Code]int{
	library.ENotFound:     http.StatusNotFound,
	library.EInvalid:      http.StatusBadRequest,
	library.EIllegal:      http.StatusUnprocessableEntity,
	library.EUnauthorized: http.StatusUnauthorized,
	library.EForbidden:    http.StatusForbidden,
	library.EConflict:     http.StatusConflict,
	library.EStale:        http.StatusPreconditionFailed,
	library.EPrecondition: http.StatusPreconditionRequired,
	library.EQuota:        http.StatusForbidden,
	library.ETooLarge:     http.StatusRequestEntityTooLarge,
	library.ERateLimited:  http.StatusTooManyRequests,
	library.EBusy:         http.StatusServiceUnavailable,
}

// slugs names the problem type of a code where it differs from the code.
var slugs = map[library.Code]string{
	library.EInvalid:  "invalid-request",
	library.EConflict: "name-taken",
}

// fail answers an error: a library refusal with its status and message,
// anything else as a logged 500.
func (s *Server) fail(c *gin.Context, err error) {
	code := library.ErrorCode(err)
	status, ok := statuses[code]
	if !ok {
		s.log.ErrorContext(c.Request.Context(), "internal error", "err", err, "requestId", requestID(c.Request.Context()))
		s.problem(c, http.StatusInternalServerError, "internal", "internal error; the request id names it in the log", nil)
		return
	}
	slug := string(code)
	if sl, ok := slugs[code]; ok {
		slug = sl
	}
	detail := err.Error()
	var probs designer.Problems
	var le *library.Error
	if errors.As(err, &le) {
		probs = le.Problems
		if le.Field != "" && le.Code == library.EInvalid {
			probs = append(probs, designer.Problem{Rule: RuleRequest, Severity: designer.Error, Path: le.Field, Message: le.Message})
		}
		if le.RetryAfter > 0 {
			c.Header("Retry-After", strconv.Itoa(int(math.Ceil(le.RetryAfter.Seconds()))))
		}
		if code == library.EUnauthorized {
			c.Header("WWW-Authenticate", `Bearer realm="slipway"`)
		}
	} else {
		switch code {
		case library.ENotFound:
			detail = "no such design"
		case library.EStale:
			detail = "the design has changed since the version named in If-Match; read it again and retry"
		}
	}
	if code == library.EIllegal {
		probs = library.Prefix("design", probs)
	}
	s.problem(c, status, slug, detail, probs)
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
