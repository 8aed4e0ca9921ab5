package web

import (
	"errors"
	"math"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/library"
)

// authData is the Data of the log-in and register pages.
type authData struct {
	Register bool
	Name     string
	Next     string
	Field    string
	Error    string
	// The register form's limits, the library's (library.MinUserNameLength
	// ...): the form refuses what the server would.
	NameMin, NameMax, PassMin, PassMax int
}

// localNext keeps a ?next= target, as decoded from the form, only when it
// is a path on this site: it begins with one "/", holds no "//" and no
// backslash (browsers read "\" as "/", so "/\evil.example" is another
// site), no control or format characters (browsers drop tabs and new
// lines, so "/\t/evil.example" becomes "//evil.example") and no scheme,
// and is valid UTF-8. No target is /account; a refused one is /.
func localNext(s string) string {
	if s == "" {
		return "/account"
	}
	if !strings.HasPrefix(s, "/") || strings.Contains(s, "//") || strings.ContainsRune(s, '\\') || !utf8.ValidString(s) {
		return "/"
	}
	for _, r := range s {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Zl, r) || unicode.Is(unicode.Zp, r) {
			return "/"
		}
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" || !strings.HasPrefix(u.Path, "/") {
		return "/"
	}
	return s
}

func urlEscape(s string) string { return url.QueryEscape(s) }

// setSession sets the session cookie exactly as the API does.
func (s *Server) setSession(w http.ResponseWriter, r *http.Request, sess *library.Session) {
	http.SetCookie(w, &http.Cookie{
		Name: api.SessionCookie, Value: sess.Secret, Path: "/", Expires: sess.Expires, MaxAge: int(time.Until(sess.Expires).Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure || r.TLS != nil,
	})
}

func (s *Server) clearSession(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: api.SessionCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure || r.TLS != nil})
}

func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// waitStatus is the status of a form refused by a rate limit (429) or a
// full server (503), with Retry-After set as the API sets it; otherwise
// status.
func waitStatus(w http.ResponseWriter, err error, status int) int {
	var le *library.Error
	if !errors.As(err, &le) || le.RetryAfter <= 0 {
		return status
	}
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(le.RetryAfter.Seconds()))))
	switch le.Code {
	case library.ERateLimited:
		return http.StatusTooManyRequests
	case library.EBusy:
		return http.StatusServiceUnavailable
	}
	return status
}

func (s *Server) loginPage(w http.ResponseWriter, r *http.Request)    { s.auth(w, r, false) }
func (s *Server) registerPage(w http.ResponseWriter, r *http.Request) { s.auth(w, r, true) }

// auth serves the log-in and register forms and their posts.
func (s *Server) auth(w http.ResponseWriter, r *http.Request, register bool) {
	data := authData{Register: register, Next: localNext(r.FormValue("next"))}
	if register {
		data.NameMin, data.NameMax = library.MinUserNameLength, library.MaxUserNameLength
		data.PassMin, data.PassMax = library.MinPasswordLength, library.MaxPasswordLength
	}
	status := http.StatusOK
	if r.Method == http.MethodPost {
		data.Name = r.PostFormValue("username")
		c := library.Credentials{Name: data.Name, Password: r.PostFormValue("password"), Addr: clientAddr(r)}
		var sess *library.Session
		var err error
		if register {
			_, sess, err = s.lib.Register(r.Context(), c)
		} else {
			_, sess, err = s.lib.Login(r.Context(), c)
		}
		if err == nil {
			s.setSession(w, r, sess)
			http.Redirect(w, r, data.Next, http.StatusSeeOther)
			return
		}
		if library.ErrorCode(err) == "" {
			panic(err)
		}
		data.Field, data.Error = fieldError(err)
		if data.Field == "name" {
			data.Field = "username"
		}
		status = http.StatusBadRequest
		if library.ErrorCode(err) == library.EUnauthorized {
			status = http.StatusUnauthorized
		}
		status = waitStatus(w, err, status)
	}
	title := "Log in"
	if register {
		title = "Register"
	}
	nav := "login"
	if register {
		nav = "register"
	}
	s.render(w, r, status, "login", Page{Title: title, Nav: nav, Data: data})
}

// logout serves POST /logout: ends this session and clears the cookie.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if ck, err := r.Cookie(api.SessionCookie); err == nil && ck.Value != "" {
		if err := s.lib.Logout(r.Context(), ck.Value); err != nil && library.ErrorCode(err) != library.ENotFound {
			panic(err)
		}
	}
	s.clearSession(w, r)
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// accountData is the Data of the account page.
type accountData struct {
	Name                      string
	Drafts, Unlisted, Public  []designCard
	Tokens                    []library.Token
	NewToken, NewTokenName    string
	Field, Error, Done, Which string
}

// accountPage serves /account: the player's designs, tokens and settings.
func (s *Server) accountPage(w http.ResponseWriter, r *http.Request) {
	s.showAccount(w, r, http.StatusOK, accountData{Done: r.URL.Query().Get("done")})
}

func (s *Server) showAccount(w http.ResponseWriter, r *http.Request, status int, data accountData) {
	u := s.user(r)
	if u == nil {
		http.Redirect(w, r, "/login?next=/account", http.StatusSeeOther)
		return
	}
	ctx := r.Context()
	ds, err := s.lib.MyDesigns(ctx, u)
	if err != nil {
		panic(err)
	}
	for _, c := range s.cards(ctx, u, ds) {
		switch library.Visibility(c.Visibility) {
		case library.Public:
			data.Public = append(data.Public, c)
		case library.Unlisted:
			data.Unlisted = append(data.Unlisted, c)
		default:
			data.Drafts = append(data.Drafts, c)
		}
	}
	if data.Tokens, err = s.lib.Tokens(ctx, u); err != nil {
		panic(err)
	}
	data.Name = u.Name
	s.render(w, r, status, "account", Page{Title: "Your account", Nav: "account", Data: data})
}

// accountAction serves the account page's forms: POST /account/token,
// /account/revoke, /account/password, /account/logout-everywhere and
// /account/delete.
func (s *Server) accountAction(w http.ResponseWriter, r *http.Request) {
	u := s.user(r)
	if u == nil {
		http.Redirect(w, r, "/login?next=/account", http.StatusSeeOther)
		return
	}
	ctx := r.Context()
	action := r.PathValue("action")
	data := accountData{Which: action}
	var err error
	switch action {
	case "token":
		var tok *library.Token
		tok, data.NewToken, err = s.lib.CreateToken(ctx, u, strings.TrimSpace(r.PostFormValue("name")))
		if err == nil {
			data.NewTokenName = tok.Name
			s.showAccount(w, r, http.StatusOK, data)
			return
		}
	case "revoke":
		id, perr := strconv.ParseInt(r.PostFormValue("id"), 10, 64)
		if perr != nil {
			err = &library.Error{Code: library.EInvalid, Field: "id", Message: "is not a token"}
		} else {
			err = s.lib.DeleteToken(ctx, u, id)
		}
	case "password":
		keep := ""
		if ck, e := r.Cookie(api.SessionCookie); e == nil {
			keep = ck.Value
		}
		err = s.lib.ChangePassword(ctx, u, clientAddr(r), r.PostFormValue("currentPassword"), r.PostFormValue("newPassword"), keep)
	case "logout-everywhere":
		if err = s.lib.LogoutEverywhere(ctx, u); err == nil {
			s.clearSession(w, r)
			http.Redirect(w, r, "/", http.StatusSeeOther)
			return
		}
	case "delete":
		if err = s.lib.DeleteAccount(ctx, u, clientAddr(r), r.PostFormValue("password")); err == nil {
			s.clearSession(w, r)
			http.Redirect(w, r, "/", http.StatusSeeOther)
			return
		}
	default:
		s.notFound(w, r)
		return
	}
	if err != nil {
		if library.ErrorCode(err) == "" {
			panic(err)
		}
		data.Field, data.Error = fieldError(err)
		if data.Field == "" && action == "password" {
			data.Field = "currentPassword" // a refusal of the check (too many attempts) shows at it
		}
		if data.Field == "" && action == "delete" {
			data.Field = "password"
		}
		s.showAccount(w, r, waitStatus(w, err, http.StatusBadRequest), data)
		return
	}
	http.Redirect(w, r, "/account?done="+action, http.StatusSeeOther)
}
