package library

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"
)

// TokenPrefix starts every personal API token.
const TokenPrefix = "slw_"

// SystemUser owns the sample library. Nobody can log in as it.
const SystemUser = "slipway"

// noPassword is a stored hash that no password matches.
const noPassword = "!"

// Session is a login session: the secret goes to the client (a cookie);
// only its hash is stored.
type Session struct {
	Secret  string
	Expires time.Time
}

// Credentials are what a player types to register or log in, and the
// client address they came from (for rate limits).
type Credentials struct {
	Name, Password, Addr string
}

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

func itoa(n int) string { return strconv.Itoa(n) }

// Register creates an account and logs it in. The name is normalised
// (PRECIS) and refused when it, or a name that looks the same (Unicode
// confusables), is taken; the password must pass the password policy.
// Registrations are rate limited per client address.
func (s *Service) Register(ctx context.Context, c Credentials) (*User, *Session, error) {
	if ok, wait := s.logins.allow("register:" + addrKey(c.Addr)); !ok {
		return nil, nil, rateLimited("too many registrations from your address", wait)
	}
	name, err := NormalizeUserName(c.Name)
	if err != nil {
		return nil, nil, invalidField("username", err)
	}
	if err := ValidatePassword(c.Password, name); err != nil {
		return nil, nil, invalidField("password", err)
	}
	key, err := UserNameKey(name)
	if err != nil {
		return nil, nil, invalidField("username", err)
	}
	skel := UserNameSkeleton(name)
	if _, err := s.store.UserBySkeleton(ctx, skel); err == nil {
		return nil, nil, nameTaken()
	} else if !errors.Is(err, ErrNotFound) {
		return nil, nil, err
	}
	var hash string
	if err := s.hashes.Do(ctx, func() error { hash = hashPassword(c.Password); return nil }); err != nil {
		return nil, nil, err
	}
	u, err := s.store.CreateUser(ctx, NewUser{Name: name, Key: key, Skeleton: skel, PasswordHash: hash})
	if errors.Is(err, ErrConflict) {
		return nil, nil, nameTaken()
	}
	if err != nil {
		return nil, nil, err
	}
	sess, err := s.startSession(ctx, u)
	if err != nil {
		return nil, nil, err
	}
	return u, sess, nil
}

// checkCredentials applies the text rule to a name and a password typed
// to log in: a text no account's name or password can hold (a NUL,
// invalid UTF-8) is refused naming its field, which tells nothing of any
// account, and neither is looked up nor hashed.
func checkCredentials(name, password string) error {
	if err := checkStorable("username", name); err != nil {
		return err
	}
	return checkStorable("password", password)
}

func nameTaken() *Error {
	return &Error{Code: EConflict, Field: "username",
		Message: "that user name, or one that looks the same, is taken; choose another"}
}

// Login checks a name and password and starts a session. Attempts are
// limited per client address and per name from that address, never per
// name alone, so that nobody can lock the real user out. A wrong name and
// a wrong password get the same answer and cost the same time.
func (s *Service) Login(ctx context.Context, c Credentials) (*User, *Session, error) {
	if err := checkCredentials(c.Name, c.Password); err != nil {
		return nil, nil, err
	}
	key, kerr := UserNameKey(c.Name)
	if kerr != nil {
		key = strings.ToLower(c.Name)
	}
	addr := addrKey(c.Addr)
	if ok, wait := s.logins.allow("ip:"+addr, "ipname:"+addr+"\x00"+key); !ok {
		return nil, nil, rateLimited("too many login attempts", wait)
	}
	var u *User
	if kerr == nil {
		var err error
		u, err = s.store.UserByKey(ctx, key)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return nil, nil, err
		}
	}
	hash := s.dummy
	if u != nil && u.PasswordHash != noPassword {
		hash = u.PasswordHash
	}
	var ok bool
	if err := s.hashes.Do(ctx, func() error { ok = checkPassword(hash, c.Password); return nil }); err != nil {
		return nil, nil, err
	}
	if !ok || u == nil || u.PasswordHash == noPassword {
		return nil, nil, errorf(EUnauthorized, "wrong user name or password")
	}
	sess, err := s.startSession(ctx, u)
	if err != nil {
		return nil, nil, err
	}
	return u, sess, nil
}

func (s *Service) startSession(ctx context.Context, u *User) (*Session, error) {
	secret, hash := newSecret()
	exp := s.now().Add(s.limits.SessionTTL)
	if err := s.store.CreateSession(ctx, hash, u.ID, exp); err != nil {
		return nil, err
	}
	return &Session{Secret: secret, Expires: exp}, nil
}

// SessionUser returns the user of a live session secret; an unknown or
// expired one is ErrNotFound.
func (s *Service) SessionUser(ctx context.Context, secret string) (*User, error) {
	return s.store.SessionUser(ctx, hashSecret(secret), s.now())
}

// TokenUser returns the owner of a personal API token; an unknown one is
// ErrNotFound.
func (s *Service) TokenUser(ctx context.Context, token string) (*User, error) {
	return s.store.TokenUser(ctx, hashSecret(token))
}

// Logout ends the session with the given secret.
func (s *Service) Logout(ctx context.Context, secret string) error {
	return s.store.DeleteSession(ctx, hashSecret(secret))
}

// LogoutEverywhere ends every session of u (API tokens stay; revoke them
// one by one).
func (s *Service) LogoutEverywhere(ctx context.Context, u *User) error {
	if u == nil {
		return mustSignIn()
	}
	return s.store.DeleteSessions(ctx, u.ID)
}

// ChangePassword replaces u's password after checking the current one,
// for a caller at client address addr. Every other session of u ends; the
// session with secret keep (the one the change was made from, "" for
// none) stays. Checks of the current password are rate limited as
// logins are (see checkOwnPassword).
func (s *Service) ChangePassword(ctx context.Context, u *User, addr, current, next, keep string) error {
	if u == nil {
		return mustSignIn()
	}
	if err := checkStorable("currentPassword", current); err != nil {
		return err
	}
	if err := s.checkOwnPassword(ctx, u, addr, current, "currentPassword"); err != nil {
		return err
	}
	if err := ValidatePassword(next, u.Name); err != nil {
		return invalidField("newPassword", err)
	}
	var hash string
	if err := s.hashes.Do(ctx, func() error { hash = hashPassword(next); return nil }); err != nil {
		return err
	}
	keepHash := ""
	if keep != "" {
		keepHash = hashSecret(keep)
	}
	return s.store.SetPasswordHash(ctx, u.ID, hash, keepHash)
}

// DeleteAccount deletes u after checking its password. Its sessions,
// tokens, private and unlisted designs go; its public designs stay in the
// library under "deleted user", so that forks and fleets built on them
// keep working. The name becomes free again. The password check is rate
// limited as ChangePassword's is; addr is the caller's client address.
func (s *Service) DeleteAccount(ctx context.Context, u *User, addr, password string) error {
	if u == nil {
		return mustSignIn()
	}
	if err := checkStorable("password", password); err != nil {
		return err
	}
	if err := s.checkOwnPassword(ctx, u, addr, password, "password"); err != nil {
		return err
	}
	return s.store.DeleteUser(ctx, u.ID)
}

// checkOwnPassword checks the password of a signed-in caller u (by
// session or API token) at client address addr. Every check, right or
// wrong, takes a token from two buckets of the login limiter: the
// address's, which its log-in attempts share, and the account's. The
// account's cannot lock its owner out the way a limit per name on log-in
// could: only a caller already holding a session or token of the account
// can spend it. Over either, the check is refused (ERateLimited, with how
// long to wait) before the password is looked at, right or wrong.
func (s *Service) checkOwnPassword(ctx context.Context, u *User, addr, pw, field string) error {
	if ok, wait := s.logins.allow("ip:"+addrKey(addr), "account:"+strconv.FormatInt(u.ID, 10)); !ok {
		return rateLimited("too many password attempts", wait)
	}
	fresh, err := s.store.UserByID(ctx, u.ID)
	if err != nil {
		return err
	}
	var ok bool
	if err := s.hashes.Do(ctx, func() error { ok = checkPassword(fresh.PasswordHash, pw); return nil }); err != nil {
		return err
	}
	if !ok {
		return &Error{Code: EForbidden, Field: field, Message: "is not your current password"}
	}
	return nil
}

func mustSignIn() *Error { return errorf(EUnauthorized, "log in or send an API token") }

// MaxTokens is the most API tokens one account may hold.
const MaxTokens = 50

// CreateToken makes a personal API token for u and returns it with its
// secret, which is shown once and never stored.
func (s *Service) CreateToken(ctx context.Context, u *User, name string) (*Token, string, error) {
	if u == nil {
		return nil, "", mustSignIn()
	}
	if err := checkText("name", name, 1, MaxNameLength, false); err != nil {
		return nil, "", err
	}
	ts, err := s.store.Tokens(ctx, u.ID)
	if err != nil {
		return nil, "", err
	}
	if len(ts) >= MaxTokens {
		return nil, "", &Error{Code: EQuota, Message: "an account may hold at most " + itoa(MaxTokens) + " API tokens; revoke one first"}
	}
	secret, _ := newSecret()
	secret = TokenPrefix + secret
	t, err := s.store.CreateToken(ctx, u.ID, name, hashSecret(secret))
	if err != nil {
		return nil, "", err
	}
	return t, secret, nil
}

// Tokens lists u's API tokens, oldest first.
func (s *Service) Tokens(ctx context.Context, u *User) ([]Token, error) {
	if u == nil {
		return nil, mustSignIn()
	}
	return s.store.Tokens(ctx, u.ID)
}

// DeleteToken revokes one of u's tokens; another user's is ENotFound.
func (s *Service) DeleteToken(ctx context.Context, u *User, id int64) error {
	if u == nil {
		return mustSignIn()
	}
	if err := s.store.DeleteToken(ctx, u.ID, id); err != nil {
		if errors.Is(err, ErrNotFound) {
			return errorf(ENotFound, "no such token")
		}
		return err
	}
	return nil
}

// EnsureUser returns the user with the given name, creating it without a
// usable password when it does not exist (for tools that own designs,
// such as the sample library).
func (s *Service) EnsureUser(ctx context.Context, name string) (*User, error) {
	n, err := NormalizeUserName(name)
	if err != nil {
		return nil, invalidField("username", err)
	}
	key, err := UserNameKey(n)
	if err != nil {
		return nil, invalidField("username", err)
	}
	u, err := s.store.UserByKey(ctx, key)
	if errors.Is(err, ErrNotFound) {
		u, err = s.store.CreateUser(ctx, NewUser{Name: n, Key: key, Skeleton: UserNameSkeleton(n), PasswordHash: noPassword})
	}
	if err != nil {
		return nil, err
	}
	return u, nil
}

// invalidField turns a name or password policy error into an EInvalid
// refusal naming the request field, with the policy's own message.
func invalidField(field string, err error) *Error {
	msg := err.Error()
	var fe *FieldError
	if errors.As(err, &fe) {
		msg = fe.Message
	}
	return &Error{Code: EInvalid, Field: field, Message: msg, Err: err}
}
