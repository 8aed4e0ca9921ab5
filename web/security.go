package web

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/slipway/slipway/api"
)

// ContentSecurityPolicy is sent with every page and asset. Scripts,
// styles, images, fonts and fetches come from this origin only; there is
// no inline script, no inline event handler and no style attribute, so
// neither 'unsafe-inline' nor 'unsafe-eval' appears. Trusted Types are
// required, so no script can assign a string to innerHTML. Nothing may
// frame the studio, change its base URL or post its forms elsewhere.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; " +
	"font-src 'self'; connect-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; " +
	"form-action 'self'; frame-ancestors 'none'; require-trusted-types-for 'script'"

// securityHeaders are set on every page and asset answer.
var securityHeaders = map[string]string{
	"Content-Security-Policy":      ContentSecurityPolicy,
	"X-Content-Type-Options":       "nosniff",
	"X-Frame-Options":              "DENY",
	"Referrer-Policy":              "same-origin",
	"Cross-Origin-Opener-Policy":   "same-origin",
	"Cross-Origin-Resource-Policy": "same-origin",
	"Permissions-Policy":           "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
}

// middleware wraps the page handlers: security headers, cross-site
// request refusal for state-changing methods, a request id, an access
// log line and recovery from a panic.
//
// Cross-site request forgery: http.CrossOriginProtection refuses a POST,
// PUT, PATCH or DELETE whose Sec-Fetch-Site header says it came from
// another site (or, from older browsers, whose Origin does not match the
// Host). Every browser that can send the session cookie sends one of the
// two, so no form of another site can act with a player's session, and
// forms need no hidden token. The session cookie is also SameSite=Lax.
// The JSON API applies the same protection to its own routes.
func (s *Server) middleware(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.errorPage(w, r, http.StatusForbidden, "Refused: cross-site request",
			"This form was sent from another site, so Slipway did not act on it. Open the page on Slipway itself and send it again.")
	}))
	inner := cop.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 {
			var b [8]byte
			rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		h := w.Header()
		h.Set("X-Request-Id", id)
		for k, v := range securityHeaders {
			h.Set(k, v)
		}
		if s.secure {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		sw := &api.StatusWriter{ResponseWriter: w}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(r.Context(), "page panic", "requestId", id, "panic", fmt.Sprint(v))
				if sw.Status == 0 {
					s.errorPage(sw, r, http.StatusInternalServerError, "Something went wrong",
						"The server failed to build this page. The request id "+id+" names it in the log.")
				}
			}
			level := slog.LevelInfo
			if sw.Status >= 500 {
				level = slog.LevelError
			}
			s.log.LogAttrs(r.Context(), level, "request",
				slog.String("requestId", id), slog.String("method", r.Method), slog.String("path", r.URL.Path),
				slog.Int("status", sw.Status), slog.Int("bytes", sw.Bytes),
				slog.Duration("duration", time.Since(start)), slog.String("remote", r.RemoteAddr))
		}()
		inner.ServeHTTP(sw, r)
	})
}
