package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

type ctxKey int

const (
	requestIDKey ctxKey = iota
	logInfoKey
)

// logInfo collects what the handlers learn about a request (who made
// it) for the access log line written after it.
type logInfo struct{ user string }

// requestID returns the request id stored in ctx.
func requestID(ctx context.Context) string {
	s, _ := ctx.Value(requestIDKey).(string)
	return s
}

// StatusWriter remembers the status and the number of bytes written, for
// an access log; the web pages' log uses it too.
type StatusWriter struct {
	http.ResponseWriter
	Status int // 0 until the header is written
	Bytes  int
}

// WriteHeader records code and passes it on.
func (w *StatusWriter) WriteHeader(code int) {
	if w.Status == 0 {
		w.Status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Write records the bytes written (and 200 if no status was written).
func (w *StatusWriter) Write(b []byte) (int, error) {
	if w.Status == 0 {
		w.Status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.Bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *StatusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// middleware wraps the router in the plain net/http layers: request id,
// access log, CORS for GETs, cross-origin write protection and the body
// size limit.
func (s *Server) middleware(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, r, http.StatusForbidden, "cross-origin", "cross-origin writes are refused; use a bearer token from scripts")
	}))
	inner := cop.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if !validRequestID(id) {
			var b [8]byte
			rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		w.Header().Set("X-Request-Id", id)
		// Answers are data: never let a browser sniff them into HTML.
		w.Header().Set("X-Content-Type-Options", "nosniff")
		info := &logInfo{}
		ctx := context.WithValue(context.WithValue(r.Context(), requestIDKey, id), logInfoKey, info)
		r = r.WithContext(ctx)
		sw := &StatusWriter{ResponseWriter: w}
		defer func() {
			s.log.LogAttrs(r.Context(), levelFor(sw.Status), "request",
				slogStr("requestId", id), slogStr("method", r.Method), slogStr("path", r.URL.Path),
				slogInt("status", sw.Status), slogInt("bytes", sw.Bytes),
				slogDur("duration", time.Since(start)), slogStr("remote", r.RemoteAddr), slogStr("user", info.user))
		}()
		switch r.Method {
		case http.MethodGet, http.MethodHead:
			sw.Header().Set("Access-Control-Allow-Origin", "*")
			sw.Header().Set("Access-Control-Expose-Headers", "ETag, X-Request-Id, Content-Disposition")
			sw.Header().Add("Vary", "Authorization, Cookie")
		case http.MethodOptions:
			if r.Header.Get("Access-Control-Request-Method") != "" {
				sw.Header().Set("Access-Control-Allow-Origin", "*")
				sw.Header().Set("Access-Control-Allow-Methods", "GET, HEAD")
				sw.Header().Set("Access-Control-Allow-Headers", "If-None-Match, Accept")
				sw.Header().Set("Access-Control-Max-Age", "600")
				sw.WriteHeader(http.StatusNoContent)
				return
			}
		}
		if r.ContentLength > MaxBodyBytes {
			writeProblem(sw, r, http.StatusRequestEntityTooLarge, "too-large",
				fmt.Sprintf("the request body is %d bytes; the limit is %d", r.ContentLength, MaxBodyBytes))
			return
		}
		r.Body = http.MaxBytesReader(sw, r.Body, MaxBodyBytes)
		inner.ServeHTTP(sw, r)
	})
}

// writeProblem writes a problem response outside gin. The body is
// valid JSON whatever bytes the request path held.
func writeProblem(w http.ResponseWriter, r *http.Request, status int, slug, detail string) {
	b, _ := json.Marshal(Problem{Type: problemTypeBase + slug, Title: http.StatusText(status), Status: status,
		Detail: detail, Instance: r.URL.Path, RequestID: requestID(r.Context())})
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// recoverer turns a handler panic into a 500 problem and logs it.
func (s *Server) recoverer(c *gin.Context) {
	defer func() {
		if v := recover(); v != nil {
			if err, ok := v.(error); ok && errors.Is(err, http.ErrAbortHandler) {
				panic(v)
			}
			s.fail(c, fmt.Errorf("panic: %v", v))
		}
	}()
	c.Next()
}

// validRequestID reports whether a client's X-Request-Id may be echoed and
// logged: 1-64 letters, digits, dots, dashes and underscores.
func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range []byte(id) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
