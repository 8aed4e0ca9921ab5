package api

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// SessionCookie is the name of the login session cookie.
const SessionCookie = "slipway_session"

// TokenPrefix starts every personal API token.
const TokenPrefix = "slw_"

const userKey = "slipway.user"

type credentials struct {
	Username string `json:"username" validate:"required,min=3,max=40,username"`
	Password string `json:"password" validate:"required,min=8,max=128"`
}

type userJSON struct {
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"createdAt"`
}

func toUserJSON(u *User) userJSON { return userJSON{Name: u.Name, CreatedAt: u.CreatedAt} }

// newSecret returns a random 256-bit secret and its SHA-256 hash, the
// form stored: the secret has full entropy, so a fast hash is enough.
func newSecret() (secret, hash string) {
	b := make([]byte, 32)
	rand.Read(b)
	secret = base64.RawURLEncoding.EncodeToString(b)
	return secret, hashSecret(secret)
}

func hashSecret(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// authenticate resolves the caller from a bearer token or a session
// cookie. A bad bearer token is 401; a bad cookie is ignored.
func (s *Server) authenticate(c *gin.Context) {
	ctx := c.Request.Context()
	if h := c.GetHeader("Authorization"); h != "" {
		scheme, tok, _ := strings.Cut(h, " ")
		if !strings.EqualFold(scheme, "Bearer") || tok == "" {
			s.problem(c, http.StatusUnauthorized, "unauthorized", "the Authorization header must be 'Bearer <token>'", nil)
			return
		}
		u, err := s.store.TokenUser(ctx, hashSecret(strings.TrimSpace(tok)))
		if err != nil {
			if errors.Is(err, ErrNotFound) {
				s.problem(c, http.StatusUnauthorized, "unauthorized", "the API token is not valid", nil)
				return
			}
			s.fail(c, err)
			return
		}
		setCaller(c, u)
		return
	}
	if ck, err := c.Cookie(SessionCookie); err == nil && ck != "" {
		u, err := s.store.SessionUser(ctx, hashSecret(ck), s.now())
		switch {
		case err == nil:
			setCaller(c, u)
		case !errors.Is(err, ErrNotFound):
			s.fail(c, err)
			return
		}
	}
}

// setCaller records the authenticated user for the handlers and the log.
func setCaller(c *gin.Context, u *User) {
	c.Set(userKey, u)
	if info, ok := c.Request.Context().Value(logInfoKey).(*logInfo); ok {
		info.user = u.Name
	}
}

// caller returns the authenticated user, or nil for an anonymous request.
func caller(c *gin.Context) *User {
	u, _ := c.Get(userKey)
	user, _ := u.(*User)
	return user
}

// mustUser returns the caller or answers 401.
func (s *Server) mustUser(c *gin.Context) *User {
	u := caller(c)
	if u == nil {
		c.Header("WWW-Authenticate", `Bearer realm="slipway"`)
		s.problem(c, http.StatusUnauthorized, "unauthorized", "log in or send an API token", nil)
	}
	return u
}

func (s *Server) register(c *gin.Context) {
	var cr credentials
	if !s.decodeBody(c, &cr) {
		return
	}
	if ok, wait := s.limiter.allow("register:" + clientIP(c.Request)); !ok {
		s.tooMany(c, wait)
		return
	}
	u, err := s.store.CreateUser(c.Request.Context(), cr.Username, hashPassword(cr.Password))
	if errors.Is(err, ErrConflict) {
		s.problem(c, http.StatusConflict, "name-taken", "that user name is not available; choose another", nil)
		return
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	if !s.startSession(c, u) {
		return
	}
	s.json(c, http.StatusCreated, toUserJSON(u))
}

func (s *Server) login(c *gin.Context) {
	var cr credentials
	if !s.decodeBody(c, &cr) {
		return
	}
	if ok, wait := s.limiter.allow("ip:"+clientIP(c.Request), "user:"+strings.ToLower(cr.Username)); !ok {
		s.tooMany(c, wait)
		return
	}
	u, err := s.store.UserByName(c.Request.Context(), cr.Username)
	if err != nil && !errors.Is(err, ErrNotFound) {
		s.fail(c, err)
		return
	}
	// An unknown user costs the same hash as a known one, and gets the
	// same answer as a wrong password.
	hash := s.dummy
	if u != nil {
		hash = u.PasswordHash
	}
	if !checkPassword(hash, cr.Password) || u == nil {
		s.problem(c, http.StatusUnauthorized, "bad-credentials", "wrong user name or password", nil)
		return
	}
	if !s.startSession(c, u) {
		return
	}
	s.json(c, http.StatusOK, toUserJSON(u))
}

func (s *Server) tooMany(c *gin.Context, wait time.Duration) {
	c.Header("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	s.problem(c, http.StatusTooManyRequests, "rate-limited", "too many attempts; wait and retry", nil)
}

// startSession stores a new session and sets its cookie.
func (s *Server) startSession(c *gin.Context, u *User) bool {
	secret, hash := newSecret()
	exp := s.now().Add(SessionTTL)
	if err := s.store.CreateSession(c.Request.Context(), hash, u.ID, exp); err != nil {
		s.fail(c, err)
		return false
	}
	http.SetCookie(c.Writer, &http.Cookie{
		Name: SessionCookie, Value: secret, Path: "/", Expires: exp, MaxAge: int(SessionTTL.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(c.Request),
	})
	return true
}

// secure reports whether cookies must be Secure: the request came over
// TLS or the public base URL is https.
func (s *Server) secure(r *http.Request) bool {
	return r.TLS != nil || (s.base != nil && s.base.Scheme == "https")
}

func (s *Server) logout(c *gin.Context) {
	if ck, err := c.Cookie(SessionCookie); err == nil && ck != "" {
		if err := s.store.DeleteSession(c.Request.Context(), hashSecret(ck)); err != nil {
			s.fail(c, err)
			return
		}
	}
	http.SetCookie(c.Writer, &http.Cookie{
		Name: SessionCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(c.Request),
	})
	c.Status(http.StatusNoContent)
}

func (s *Server) me(c *gin.Context) {
	u := s.mustUser(c)
	if u == nil {
		return
	}
	c.Header("Cache-Control", "private, no-cache")
	s.json(c, http.StatusOK, toUserJSON(u))
}

type tokenRequest struct {
	Name string `json:"name" validate:"required,min=1,max=80"`
}

type tokenJSON struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Token     string    `json:"token"`
	CreatedAt time.Time `json:"createdAt"`
}

func (s *Server) createToken(c *gin.Context) {
	u := s.mustUser(c)
	if u == nil {
		return
	}
	var req tokenRequest
	if !s.decodeBody(c, &req) {
		return
	}
	secret, _ := newSecret()
	secret = TokenPrefix + secret
	t, err := s.store.CreateToken(c.Request.Context(), u.ID, req.Name, hashSecret(secret))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	s.json(c, http.StatusCreated, tokenJSON{ID: t.ID, Name: t.Name, Token: secret, CreatedAt: t.CreatedAt})
}

// tokenInfo describes a token without its secret.
type tokenInfo struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"createdAt"`
}

func (s *Server) listTokens(c *gin.Context) {
	u := s.mustUser(c)
	if u == nil {
		return
	}
	ts, err := s.store.Tokens(c.Request.Context(), u.ID)
	if err != nil {
		s.fail(c, err)
		return
	}
	out := make([]tokenInfo, 0, len(ts))
	for _, t := range ts {
		out = append(out, tokenInfo{ID: t.ID, Name: t.Name, CreatedAt: t.CreatedAt})
	}
	c.Header("Cache-Control", "private, no-cache")
	s.json(c, http.StatusOK, map[string]any{"tokens": out})
}

func (s *Server) deleteToken(c *gin.Context) {
	u := s.mustUser(c)
	if u == nil {
		return
	}
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		s.problem(c, http.StatusNotFound, "not-found", "no such token", nil)
		return
	}
	if err := s.store.DeleteToken(c.Request.Context(), u.ID, id); err != nil {
		if errors.Is(err, ErrNotFound) {
			s.problem(c, http.StatusNotFound, "not-found", "no such token", nil)
			return
		}
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// clientIP is the request's remote address without the port. Slipway
// does not trust X-Forwarded-For: behind a proxy, limits apply to it.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
