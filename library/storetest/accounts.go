package storetest

import (
	"testing"
	"time"

	"github.com/slipway/slipway/library"
)

// testAccounts: register, a taken name in any case, login, logout.
func testAccounts(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, sess := f.user("alice1")
	if alice.ID == 0 || alice.Name != "alice1" || alice.CreatedAt.IsZero() {
		t.Fatalf("registered user %+v", alice)
	}
	for _, name := range []string{"alice1", "ALICE1", "Alice1"} {
		_, _, err := f.svc.Register(f.ctx, library.Credentials{Name: name, Password: password, Addr: "127.0.0.1"})
		wantCode(t, "register "+name+" again", err, library.EConflict)
	}
	got, err := f.svc.SessionUser(f.ctx, sess)
	ok(t, "session user", err)
	if got.ID != alice.ID || got.Name != "alice1" {
		t.Fatalf("session user %+v, want alice1", got)
	}
	byID, err := f.store.UserByID(f.ctx, alice.ID)
	ok(t, "user by id", err)
	if byID.Name != "alice1" || byID.Key == "" || byID.PasswordHash == "" {
		t.Fatalf("user by id %+v", byID)
	}
	u, s2, err := f.svc.Login(f.ctx, library.Credentials{Name: "ALICE1", Password: password, Addr: "127.0.0.2"})
	ok(t, "login", err)
	if u.ID != alice.ID || s2.Secret == "" || s2.Secret == sess {
		t.Fatalf("login gave %+v %+v", u, s2)
	}
	_, _, err = f.svc.Login(f.ctx, library.Credentials{Name: "alice1", Password: "wrong-password-123", Addr: "127.0.0.1"})
	wantCode(t, "wrong password", err, library.EUnauthorized)
	_, _, err = f.svc.Login(f.ctx, library.Credentials{Name: "nobody1", Password: password, Addr: "127.0.0.1"})
	wantCode(t, "unknown user", err, library.EUnauthorized)

	ok(t, "logout", f.svc.Logout(f.ctx, sess))
	_, err = f.svc.SessionUser(f.ctx, sess)
	wantIs(t, "session after logout", err, library.ErrNotFound)
	if _, err := f.svc.SessionUser(f.ctx, s2.Secret); err != nil {
		t.Fatalf("other session ended by logout: %v", err)
	}
	ok(t, "logout everywhere", f.svc.LogoutEverywhere(f.ctx, alice))
	_, err = f.svc.SessionUser(f.ctx, s2.Secret)
	wantIs(t, "session after logout everywhere", err, library.ErrNotFound)
	_, err = f.svc.SessionUser(f.ctx, "no-such-secret")
	wantIs(t, "unknown session", err, library.ErrNotFound)

	// The system user owns designs but nobody can log in as it.
	sys, err := f.svc.EnsureUser(f.ctx, library.SystemUser)
	ok(t, "ensure user", err)
	again, err := f.svc.EnsureUser(f.ctx, library.SystemUser)
	ok(t, "ensure user again", err)
	if again.ID != sys.ID {
		t.Fatalf("EnsureUser made a second user: %d and %d", sys.ID, again.ID)
	}
	_, _, err = f.svc.Login(f.ctx, library.Credentials{Name: library.SystemUser, Password: "!", Addr: "127.0.0.1"})
	wantCode(t, "login as the system user", err, library.EUnauthorized)
}

// testSessionsExpire: a session stops working when it expires.
func testSessionsExpire(t *testing.T, open Opener) {
	f := newFixture(t, open)
	_, sess := f.user("bob22")
	later := f.service(generous(), f.model, func() time.Time { return time.Now().Add(f.svc.Limits().SessionTTL + time.Hour) })
	_, err := later.SessionUser(f.ctx, sess)
	wantIs(t, "expired session", err, library.ErrNotFound)
	if _, err := f.svc.SessionUser(f.ctx, sess); err != nil {
		t.Fatalf("live session: %v", err)
	}
}

// testTokens: create, use, list oldest first, revoke; another user's
// token cannot be revoked.
func testTokens(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, _ := f.user("alice1")
	bob, _ := f.user("bob22")
	var secrets []string
	var tokIDs []int64
	for _, name := range []string{"laptop", "ci", "phone"} {
		tok, secret, err := f.svc.CreateToken(f.ctx, alice, name)
		ok(t, "create token", err)
		if tok.ID == 0 || tok.Name != name || tok.UserID != alice.ID || len(secret) < 40 {
			t.Fatalf("token %+v %q", tok, secret)
		}
		secrets = append(secrets, secret)
		tokIDs = append(tokIDs, tok.ID)
	}
	u, err := f.svc.TokenUser(f.ctx, secrets[1])
	ok(t, "token user", err)
	if u.ID != alice.ID {
		t.Fatalf("token user %+v", u)
	}
	ts, err := f.svc.Tokens(f.ctx, alice)
	ok(t, "tokens", err)
	if len(ts) != 3 || ts[0].Name != "laptop" || ts[1].Name != "ci" || ts[2].Name != "phone" {
		t.Fatalf("tokens %+v", ts)
	}
	if bt, err := f.svc.Tokens(f.ctx, bob); err != nil || len(bt) != 0 {
		t.Fatalf("bob's tokens %+v %v", bt, err)
	}
	wantCode(t, "revoke another user's token", f.svc.DeleteToken(f.ctx, bob, tokIDs[0]), library.ENotFound)
	if _, err := f.svc.TokenUser(f.ctx, secrets[0]); err != nil {
		t.Fatalf("token revoked by another user: %v", err)
	}
	ok(t, "revoke", f.svc.DeleteToken(f.ctx, alice, tokIDs[0]))
	_, err = f.svc.TokenUser(f.ctx, secrets[0])
	wantIs(t, "revoked token", err, library.ErrNotFound)
	wantCode(t, "revoke twice", f.svc.DeleteToken(f.ctx, alice, tokIDs[0]), library.ENotFound)
	_, err = f.svc.TokenUser(f.ctx, "slw_nonsense")
	wantIs(t, "unknown token", err, library.ErrNotFound)
}

// testPasswordChange: the new password works, the old one not; the
// session the change came from stays, the others end; tokens stay.
func testPasswordChange(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, s1 := f.user("alice1")
	_, s2, err := f.svc.Login(f.ctx, library.Credentials{Name: "alice1", Password: password, Addr: "127.0.0.1"})
	ok(t, "login", err)
	_, tok, err := f.svc.CreateToken(f.ctx, alice, "script")
	ok(t, "token", err)
	const next = "second-harbour-93-lantern"
	wantCode(t, "wrong current password", f.svc.ChangePassword(f.ctx, alice, "10.0.0.1", "not-the-password", next, s1), library.EForbidden)
	ok(t, "change password", f.svc.ChangePassword(f.ctx, alice, "10.0.0.1", password, next, s1))
	if _, err := f.svc.SessionUser(f.ctx, s1); err != nil {
		t.Fatalf("the session the change came from ended: %v", err)
	}
	_, err = f.svc.SessionUser(f.ctx, s2.Secret)
	wantIs(t, "other session after password change", err, library.ErrNotFound)
	if _, err := f.svc.TokenUser(f.ctx, tok); err != nil {
		t.Fatalf("token ended by password change: %v", err)
	}
	_, _, err = f.svc.Login(f.ctx, library.Credentials{Name: "alice1", Password: password, Addr: "127.0.0.1"})
	wantCode(t, "old password", err, library.EUnauthorized)
	_, _, err = f.svc.Login(f.ctx, library.Credentials{Name: "alice1", Password: next, Addr: "127.0.0.1"})
	ok(t, "new password", err)
	// Keeping no session ends them all.
	ok(t, "change again", f.svc.ChangePassword(f.ctx, alice, "10.0.0.1", next, password, ""))
	_, err = f.svc.SessionUser(f.ctx, s1)
	wantIs(t, "session after change keeping none", err, library.ErrNotFound)
}

// testDeleteAccount: sessions and tokens go, non-public designs go,
// public ones stay under no name, the name is free again.
func testDeleteAccount(t *testing.T, open Opener) {
	f := newFixture(t, open)
	alice, sess := f.user("alice1")
	bob, _ := f.user("bob22")
	_, tok, err := f.svc.CreateToken(f.ctx, alice, "script")
	ok(t, "token", err)
	pub := f.create(alice, ship(t, "Zephyr Lance", "", nil, ""), library.Public)
	priv := f.create(alice, ship(t, "Zephyr Secret", "", nil, ""), library.Private)
	unl := f.create(alice, ship(t, "Zephyr Hidden", "", nil, ""), library.Unlisted)
	// A private fork by alice of bob's design counts for bob's forks while
	// alice lives (to alice), and never after.
	bobs := f.create(bob, ship(t, "Bob Barge", "", nil, ""), library.Public)
	_, err = f.svc.Fork(f.ctx, alice, bobs.ID, library.ForkRequest{})
	ok(t, "fork", err)
	pubFork, err := f.svc.Fork(f.ctx, alice, bobs.ID, library.ForkRequest{Visibility: library.Public, Name: "Alice Barge"})
	ok(t, "public fork", err)

	wantCode(t, "delete with a wrong password", f.svc.DeleteAccount(f.ctx, alice, "10.0.0.1", "wrong-password-000"), library.EForbidden)
	ok(t, "delete account", f.svc.DeleteAccount(f.ctx, alice, "10.0.0.1", password))

	_, err = f.svc.SessionUser(f.ctx, sess)
	wantIs(t, "session of a deleted account", err, library.ErrNotFound)
	_, err = f.svc.TokenUser(f.ctx, tok)
	wantIs(t, "token of a deleted account", err, library.ErrNotFound)
	_, err = f.store.UserByID(f.ctx, alice.ID)
	wantIs(t, "deleted user by id", err, library.ErrNotFound)
	_, err = f.store.UserByKey(f.ctx, alice.Key)
	wantIs(t, "deleted user by key", err, library.ErrNotFound)
	for _, id := range []string{priv.ID, unl.ID} {
		_, err := f.svc.Design(f.ctx, nil, id)
		wantCode(t, "non-public design of a deleted account", err, library.ENotFound)
	}
	d, err := f.svc.Design(f.ctx, nil, pub.ID)
	ok(t, "public design of a deleted account", err)
	if d.OwnerName != "" || d.Name != "Zephyr Lance" {
		t.Fatalf("public design after account deletion: owner %q name %q", d.OwnerName, d.Name)
	}
	page, err := f.svc.Library(f.ctx, library.LibraryQuery{Q: "zephyr"})
	ok(t, "library", err)
	if !sameSet(ids(page.Designs), []string{pub.ID}) {
		t.Fatalf("library after deletion lists %s", describe(page.Designs))
	}
	// The author's name is no longer searchable.
	page, err = f.svc.Library(f.ctx, library.LibraryQuery{Q: "alice1"})
	ok(t, "library by author", err)
	if len(page.Designs) != 0 {
		t.Fatalf("a deleted author's name still finds %s", describe(page.Designs))
	}
	b, err := f.svc.Design(f.ctx, bob, bobs.ID)
	ok(t, "bob's design", err)
	if b.Forks != 1 {
		t.Fatalf("bob's design has %d forks after the private forker left, want 1 (the public fork)", b.Forks)
	}
	if _, err := f.svc.Design(f.ctx, nil, pubFork.ID); err != nil {
		t.Fatalf("public fork of a deleted account: %v", err)
	}
	// The name is free again, for a new account.
	again, _ := f.user("alice1")
	if again.ID == alice.ID {
		t.Fatalf("re-registered name kept the old id %d", again.ID)
	}
	mine, err := f.svc.MyDesigns(f.ctx, again)
	ok(t, "my designs", err)
	if len(mine) != 0 {
		t.Fatalf("new alice1 inherits %s", describe(mine))
	}
	wantIs(t, "delete a deleted user", f.store.DeleteUser(f.ctx, alice.ID), library.ErrNotFound)
}
