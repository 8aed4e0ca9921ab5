package api

import (
	"errors"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/library"
)

// SessionCookie is the name of the login session cookie.
const SessionCookie = "slipway_session"

// TokenPrefix starts every personal API token.
const TokenPrefix = library.TokenPrefix

const userKey = "slipway.user"

// credentials is the body of register and login. Lengths are checked by
// the Service's name and password policies, which say what is allowed.
type credentials struct {
	Username string `json:"username" validate:"required,max=256"`
	Password string `json:"password" validate:"required,max=1024"`
}

type userJSON struct {
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"createdAt"`
}

func toUserJSON(u *library.User) userJSON { return userJSON{Name: u.Name, CreatedAt: u.CreatedAt} }

// authenticate resolves the caller from a bearer token or a session
// cookie. A bad bearer token is 401; a bad cookie is ignored.
func (s *Server) authenticate(c *gin.Context) {
	ctx := c.Request.Context()
	if h := c.GetHeader("Authorization"); h != "" {
		scheme, tok, _ := strings.Cut(h, " ")
		if !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(tok) == "" {
			s.problem(c, http.StatusUnauthorized, "unauthorized", "the Authorization header must be 'Bearer <token>'", nil)
			return
		}
		u, err := s.svc.TokenUser(ctx, strings.TrimSpace(tok))
		if err != nil {
			if errors.Is(err, library.ErrNotFound) {
				s.problem(c, http.StatusUnauthorized, "unauthorized", "the API token is not valid (revoked, or its account was deleted)", nil)
				return
			}
			s.fail(c, err)
			return
		}
		setCaller(c, u)
		return
	}
	if ck, err := c.Cookie(SessionCookie); err == nil && ck != "" {
		u, err := s.svc.SessionUser(ctx, ck)
		switch {
		case err == nil:
			setCaller(c, u)
		case !errors.Is(err, library.ErrNotFound):
			s.fail(c, err)
			return
		}
	}
}

// setCaller records the authenticated user for the handlers and the log.
func setCaller(c *gin.Context, u *library.User) {
	c.Set(userKey, u)
	if info, ok := c.Request.Context().Value(logInfoKey).(*logInfo); ok {
		info.user = u.Name
	}
}

// caller returns the authenticated user, or nil for an anonymous request.
func caller(c *gin.Context) *library.User {
	u, _ := c.Get(userKey)
	user, _ := u.(*library.User)
	return user
}

// sessionSecret is the caller's session cookie value, if any.
func sessionSecret(c *gin.Context) string {
	ck, _ := c.Cookie(SessionCookie)
	return ck
}

func (s *Server) register(c *gin.Context) {
	var cr credentials
	if !s.decodeBody(c, &cr) {
		return
	}
	u, sess, err := s.svc.Register(c.Request.Context(), library.Credentials{Name: cr.Username, Password: cr.Password, Addr: clientIP(c.Request)})
	if err != nil {
		s.fail(c, err)
		return
	}
	s.setSession(c, sess)
	s.json(c, http.StatusCreated, toUserJSON(u))
}

func (s *Server) login(c *gin.Context) {
	var cr credentials
	if !s.decodeBody(c, &cr) {
		return
	}
	u, sess, err := s.svc.Login(c.Request.Context(), library.Credentials{Name: cr.Username, Password: cr.Password, Addr: clientIP(c.Request)})
	if err != nil {
		s.fail(c, err)
		return
	}
	s.setSession(c, sess)
	s.json(c, http.StatusOK, toUserJSON(u))
}

// setSession sets the session cookie.
func (s *Server) setSession(c *gin.Context, sess *library.Session) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: SessionCookie, Value: sess.Secret, Path: "/", Expires: sess.Expires, MaxAge: int(time.Until(sess.Expires).Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(c.Request),
	})
}

// clearSession removes the session cookie.
func (s *Server) clearSession(c *gin.Context) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: SessionCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(c.Request),
	})
}

// secure reports whether cookies must be Secure: the request came over
// TLS or the public base URL is https.
func (s *Server) secure(r *http.Request) bool {
	return r.TLS != nil || (s.base != nil && s.base.Scheme == "https")
}

func (s *Server) logout(c *gin.Context) {
	if ck := sessionSecret(c); ck != "" {
		if err := s.svc.Logout(c.Request.Context(), ck); err != nil {
			s.fail(c, err)
			return
		}
	}
	s.clearSession(c)
	c.Status(http.StatusNoContent)
}

func (s *Server) logoutEverywhere(c *gin.Context) {
	if err := s.svc.LogoutEverywhere(c.Request.Context(), caller(c)); err != nil {
		s.fail(c, err)
		return
	}
	s.clearSession(c)
	c.Status(http.StatusNoContent)
}

type passwordChange struct {
	CurrentPassword string `json:"currentPassword" validate:"required,max=1024"`
	NewPassword     string `json:"newPassword" validate:"required,max=1024"`
}

func (s *Server) changePassword(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	var req passwordChange
	if !s.decodeBody(c, &req) {
		return
	}
	if err := s.svc.ChangePassword(c.Request.Context(), caller(c), clientIP(c.Request), req.CurrentPassword, req.NewPassword, sessionSecret(c)); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

type accountDeletion struct {
	Password string `json:"password" validate:"required,max=1024"`
}

func (s *Server) deleteAccount(c *gin.Context) {
	if s.mustUser(c) == nil {
		return
	}
	var req accountDeletion
	if !s.decodeBody(c, &req) {
		return
	}
	if err := s.svc.DeleteAccount(c.Request.Context(), caller(c), clientIP(c.Request), req.Password); err != nil {
		s.fail(c, err)
		return
	}
	s.clearSession(c)
	c.Status(http.StatusNoContent)
}

// mustUser returns the caller or answers 401.
func (s *Server) mustUser(c *gin.Context) *library.User {
	u := caller(c)
	if u == nil {
		s.fail(c, &library.Error{Code: library.EUnauthorized, Message: "log in or send an API token"})
	}
	return u
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
	if s.mustUser(c) == nil {
		return
	}
	var req tokenRequest
	if !s.decodeBody(c, &req) {
		return
	}
	t, secret, err := s.svc.CreateToken(c.Request.Context(), caller(c), req.Name)
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
	ts, err := s.svc.Tokens(c.Request.Context(), caller(c))
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
	if s.mustUser(c) == nil {
		return
	}
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		s.problem(c, http.StatusNotFound, "not-found", "no such token", nil)
		return
	}
	if err := s.svc.DeleteToken(c.Request.Context(), caller(c), id); err != nil {
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
