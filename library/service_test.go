package library_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/slipway/slipway/data/sqlite"
	"github.com/slipway/slipway/designer"
	"github.com/slipway/slipway/library"
)

// newService returns a Service over a fresh SQLite file.
func newService(t *testing.T, l library.Limits) *library.Service {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "lib.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return library.New(library.Config{Store: db, Limits: l})
}

func reference(t *testing.T) *designer.Design {
	t.Helper()
	b, err := os.ReadFile("../testdata/reference-cruiser.json")
	if err != nil {
		t.Fatal(err)
	}
	d, err := designer.DecodeDesign(b)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func code(err error) library.Code { return library.ErrorCode(err) }

const pw = "a long enough passphrase"

func register(t *testing.T, s *library.Service, name, addr string) (*library.User, *library.Session) {
	t.Helper()
	u, sess, err := s.Register(context.Background(), library.Credentials{Name: name, Password: pw, Addr: addr})
	if err != nil {
		t.Fatal(err)
	}
	return u, sess
}

// TestLoginLimitCannotLockOutTheOwner: an attacker failing logins for a
// name from one address is limited; the owner from another address is not.
func TestLoginLimitCannotLockOutTheOwner(t *testing.T) {
	ctx := context.Background()
	s := newService(t, library.Limits{LoginsPerMinute: 5})
	register(t, s, "victim", "10.0.0.1")
	limited := false
	for i := 0; i < 20; i++ {
		_, _, err := s.Login(ctx, library.Credentials{Name: "victim", Password: "wrong guess number", Addr: "10.6.6.6"})
		if code(err) == library.ERateLimited {
			var le *library.Error
			errors.As(err, &le)
			if le.RetryAfter <= 0 {
				t.Error("429 without a retry time")
			}
			limited = true
			break
		}
		if code(err) != library.EUnauthorized {
			t.Fatalf("attempt %d: %v", i, err)
		}
	}
	if !limited {
		t.Fatal("20 failed logins from one address were never limited")
	}
	if _, _, err := s.Login(ctx, library.Credentials{Name: "victim", Password: pw, Addr: "10.0.0.2"}); err != nil {
		t.Fatalf("the owner is locked out from another address: %v", err)
	}
}

// TestAccountLifecycle: password change ends other sessions, log out
// everywhere ends all, deleting an account keeps its public designs
// under no name, removes the rest and frees the name.
func TestAccountLifecycle(t *testing.T) {
	ctx := context.Background()
	s := newService(t, library.Limits{})
	u, first := register(t, s, "owner", "a")
	_, second, err := s.Login(ctx, library.Credentials{Name: "owner", Password: pw, Addr: "b"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ChangePassword(ctx, u, "a", "not it at all", "another passphrase", first.Secret); code(err) != library.EForbidden {
		t.Fatalf("wrong current password: %v", err)
	}
	if err := s.ChangePassword(ctx, u, "a", pw, "short", first.Secret); code(err) != library.EInvalid {
		t.Fatalf("weak new password: %v", err)
	}
	if err := s.ChangePassword(ctx, u, "a", pw, "another passphrase", first.Secret); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SessionUser(ctx, first.Secret); err != nil {
		t.Errorf("the session that changed the password ended: %v", err)
	}
	if _, err := s.SessionUser(ctx, second.Secret); !errors.Is(err, library.ErrNotFound) {
		t.Errorf("another session survived a password change: %v", err)
	}
	if err := s.LogoutEverywhere(ctx, u); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SessionUser(ctx, first.Secret); !errors.Is(err, library.ErrNotFound) {
		t.Errorf("a session survived log out everywhere: %v", err)
	}
	pub, err := s.CreateDesign(ctx, u, reference(t), library.Public)
	if err != nil {
		t.Fatal(err)
	}
	priv, err := s.CreateDesign(ctx, u, reference(t), library.Private)
	if err != nil {
		t.Fatal(err)
	}
	_, tok, err := s.CreateToken(ctx, u, "script")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteAccount(ctx, u, "a", "wrong password here"); code(err) != library.EForbidden {
		t.Fatalf("delete with a wrong password: %v", err)
	}
	if err := s.DeleteAccount(ctx, u, "a", "another passphrase"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.TokenUser(ctx, tok); !errors.Is(err, library.ErrNotFound) {
		t.Errorf("token of a deleted account still works: %v", err)
	}
	d, err := s.Design(ctx, nil, pub.ID)
	if err != nil || d.OwnerName != "" {
		t.Errorf("public design after account deletion: %+v %v", d, err)
	}
	if _, err := s.Design(ctx, nil, priv.ID); code(err) != library.ENotFound {
		t.Errorf("private design survived account deletion: %v", err)
	}
	if _, _, err := s.Login(ctx, library.Credentials{Name: "owner", Password: "another passphrase", Addr: "c"}); code(err) != library.EUnauthorized {
		t.Errorf("deleted account logs in: %v", err)
	}
	register(t, s, "owner", "d") // the name is free again
}

// TestQuotasAndWriteRate: per-account limits refuse with a clear code
// and change nothing.
func TestQuotasAndWriteRate(t *testing.T) {
	ctx := context.Background()
	s := newService(t, library.Limits{MaxDesigns: 2, MaxVersions: 3, WritesPerMinute: 1000})
	u, _ := register(t, s, "hoarder", "a")
	a, err := s.CreateDesign(ctx, u, reference(t), library.Private)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateDesign(ctx, u, reference(t), library.Private); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateDesign(ctx, u, reference(t), library.Private); code(err) != library.EQuota {
		t.Fatalf("third design: %v", err)
	}
	if _, err := s.UpdateDesign(ctx, u, a.ID, library.Precondition{Any: true}, reference(t), ""); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateDesign(ctx, u, a.ID, library.Precondition{Any: true}, reference(t), ""); code(err) != library.EQuota {
		t.Fatalf("fourth version: %v", err)
	}
	ds, _ := s.MyDesigns(ctx, u)
	if len(ds) != 2 {
		t.Errorf("%d designs after refusals", len(ds))
	}

	s = newService(t, library.Limits{WritesPerMinute: 3})
	u, _ = register(t, s, "hasty", "a")
	var last error
	for i := 0; i < 5; i++ {
		_, last = s.CreateDesign(ctx, u, reference(t), library.Private)
	}
	if code(last) != library.ERateLimited {
		t.Fatalf("fifth write in a minute: %v", last)
	}
}

// TestTooLargeVersion: a version over the per-version limit is refused.
func TestTooLargeVersion(t *testing.T) {
	s := newService(t, library.Limits{MaxVersionBytes: 10_000})
	u, _ := register(t, s, "bulky", "a")
	_, err := s.CreateDesign(context.Background(), u, reference(t), library.Private)
	if code(err) != library.ETooLarge {
		t.Fatalf("got %v", err)
	}
}

// TestGate: past its running and waiting places a Gate refuses at once
// with EBusy and a retry time.
func TestGate(t *testing.T) {
	g := library.NewGate(1, 1)
	release := make(chan struct{})
	started := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		g.Do(context.Background(), func() error { close(started); <-release; return nil })
	}()
	<-started
	go func() {
		defer wg.Done()
		g.Do(context.Background(), func() error { return nil })
	}()
	for {
		if run, wait := g.Load(); run == 1 && wait == 1 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	err := g.Do(context.Background(), func() error { t.Error("a third job ran"); return nil })
	close(release)
	wg.Wait()
	var le *library.Error
	if !errors.As(err, &le) || le.Code != library.EBusy || le.RetryAfter <= 0 {
		t.Fatalf("third job: %v", err)
	}
	if err := g.Do(context.Background(), func() error { return nil }); err != nil {
		t.Fatalf("after release: %v", err)
	}
	if run, wait := g.Load(); run != 0 || wait != 0 {
		t.Fatalf("load after all jobs: %d running, %d waiting", run, wait)
	}
}

// TestPurgeDeleted: deleted designs' rows go after the retention time;
// live ones stay.
func TestPurgeDeleted(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "purge.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s := library.New(library.Config{Store: db, Now: func() time.Time { return now }, Limits: library.Limits{PurgeAfter: time.Hour}})
	u, _ := register(t, s, "purger", "a")
	gone, _ := s.CreateDesign(ctx, u, reference(t), library.Private)
	kept, _ := s.CreateDesign(ctx, u, reference(t), library.Private)
	if err := s.DeleteDesign(ctx, u, gone.ID, library.Precondition{Any: true}); err != nil {
		t.Fatal(err)
	}
	if n, err := s.PurgeDeleted(ctx); err != nil || n != 0 {
		t.Fatalf("purge before retention: %d %v", n, err)
	}
	now = now.Add(2 * time.Hour)
	if n, err := s.PurgeDeleted(ctx); err != nil || n != 1 {
		t.Fatalf("purge after retention: %d %v", n, err)
	}
	if use, _ := db.Usage(ctx, u.ID); use.Designs != 1 {
		t.Errorf("usage after purge %+v", use)
	}
	if _, err := s.Design(ctx, u, kept.ID); err != nil {
		t.Errorf("live design purged: %v", err)
	}
}

// TestPasswordChecksAreLimited: changing a password and deleting an
// account check the current password under the login limits, per account
// and per address: the right password past the limit is refused until a
// token comes back, and a guesser's address gains nothing by moving to
// another of the account's sessions elsewhere.
func TestPasswordChecksAreLimited(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(1_700_000_000, 0)
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "lib.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s := library.New(library.Config{Store: db, Now: func() time.Time { return now }})
	per := s.Limits().LoginsPerMinute
	checks := map[string]func(u *library.User, addr, password string) error{
		"change password": func(u *library.User, addr, password string) error {
			return s.ChangePassword(ctx, u, addr, password, pw, "")
		},
		"delete account": func(u *library.User, addr, password string) error {
			return s.DeleteAccount(ctx, u, addr, password)
		},
	}
	n := 0
	for what, check := range checks {
		n++
		addr, other := "192.0.2."+itoa(n), "198.51.100."+itoa(n)
		u, _ := register(t, s, "guessed"+itoa(n), addr)
		limitedAt := 0
		for i := 1; i <= 60; i++ {
			err := check(u, addr, "wrong guess number "+itoa(i))
			if code(err) == library.ERateLimited {
				limitedAt = i
				break
			}
			if code(err) != library.EForbidden {
				t.Fatalf("%s, wrong guess %d: %v", what, i, err)
			}
		}
		if limitedAt == 0 || limitedAt > per+1 {
			t.Fatalf("%s: limited at attempt %d, want %d", what, limitedAt, per+1)
		}
		var le *library.Error
		if err := check(u, addr, pw); !errors.As(err, &le) || le.Code != library.ERateLimited || le.RetryAfter <= 0 {
			t.Fatalf("%s: the right password past the limit: %v", what, err)
		}
		// The account's bucket is spent from any address; the address's
		// from any account.
		if err := check(u, other, pw); code(err) != library.ERateLimited {
			t.Errorf("%s: the right password from another address past the account's limit: %v", what, err)
		}
		if _, _, err := s.Login(ctx, library.Credentials{Name: u.Name, Password: pw, Addr: addr}); code(err) != library.ERateLimited {
			t.Errorf("%s: a login from the limited address: %v", what, err)
		}
		now = now.Add(le.RetryAfter)
		if err := check(u, addr, pw); err != nil {
			t.Errorf("%s: the right password after %v: %v", what, le.RetryAfter, err)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
