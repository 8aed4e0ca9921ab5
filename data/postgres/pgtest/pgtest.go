// Package pgtest starts a throwaway PostgreSQL cluster for tests: initdb
// into a temporary directory, the server listening on 127.0.0.1 only, on
// a free port, with its Unix socket in that directory, and stopped (and
// the directory removed) when the test binary's TestMain ends. Each test
// gets a fresh database copied from a template that already holds the
// Slipway schema.
//
// The server binaries are found through $SLIPWAY_PG_BINDIR, pg_config
// --bindir, or /usr/lib/postgresql/*/bin. When there are none the tests
// that need PostgreSQL are skipped with a message saying so, except under
// CI=true, where they fail: CI must run them. As root, the server runs as
// the "postgres" user (initdb refuses to run as root).
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slipway/slipway/data/postgres"

	"github.com/slipway/slipway/internal/testenv"
)

// Cluster is a running throwaway PostgreSQL server.
type Cluster struct {
	dir  string
	port int
	cmd  *exec.Cmd
	done chan struct{}
	log  string
}

// Options tune a cluster.
type Options struct {
	// Durable keeps fsync and synchronous commit on (for benchmarks and
	// crash tests); by default they are off, which is faster and loses
	// nothing unless the machine itself fails.
	Durable bool
	// Settings are more "name=value" server settings.
	Settings []string
}

var (
	shared     *Cluster
	sharedErr  error
	sharedOnce sync.Once
	templateMu sync.Mutex
	templateOK bool
	dbCounter  atomic.Int64
)

// BinDir returns the directory of the PostgreSQL server binaries, or an
// error saying why there is none.
func BinDir() (string, error) {
	if d := os.Getenv("SLIPWAY_PG_BINDIR"); d != "" {
		return d, checkBin(d)
	}
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		d := strings.TrimSpace(string(out))
		if checkBin(d) == nil {
			return d, nil
		}
	}
	ds, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Sort(sort.Reverse(sort.StringSlice(ds)))
	for _, d := range ds {
		if checkBin(d) == nil {
			return d, nil
		}
	}
	return "", errors.New("no PostgreSQL server binaries (initdb, postgres): install Debian's postgresql, or set SLIPWAY_PG_BINDIR")
}

func checkBin(d string) error {
	for _, b := range []string{"initdb", "postgres"} {
		if _, err := os.Stat(filepath.Join(d, b)); err != nil {
			return fmt.Errorf("%s: %w", d, err)
		}
	}
	return nil
}

// Start initialises and starts a new cluster.
func Start(opt Options) (*Cluster, error) {
	bin, err := BinDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "slipway-pg-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, done: make(chan struct{})}
	cred, err := serverUser(dir)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "slipway", "--auth=trust",
		"--encoding=UTF8", "--locale=C", "--no-sync")
	setCred(initdb, cred)
	if out, err := initdb.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	settings := []string{"listen_addresses=127.0.0.1", "unix_socket_directories=" + dir, "max_connections=200",
		"shared_buffers=128MB", "log_min_messages=warning", "logging_collector=off"}
	if !opt.Durable {
		settings = append(settings, "fsync=off", "synchronous_commit=off", "full_page_writes=off")
	}
	settings = append(settings, opt.Settings...)
	for attempt := 0; ; attempt++ {
		c.port, err = freePort()
		if err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		args := []string{"-D", data, "-p", strconv.Itoa(c.port)}
		for _, s := range settings {
			args = append(args, "-c", s)
		}
		c.log = filepath.Join(dir, "server.log")
		logf, err := os.Create(c.log)
		if err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		c.cmd = exec.Command(filepath.Join(bin, "postgres"), args...)
		c.cmd.Stdout, c.cmd.Stderr = logf, logf
		setCred(c.cmd, cred)
		if err := c.cmd.Start(); err != nil {
			logf.Close()
			os.RemoveAll(dir)
			return nil, fmt.Errorf("postgres: %w", err)
		}
		c.done = make(chan struct{})
		go func() { c.cmd.Wait(); logf.Close(); close(c.done) }()
		if err := c.waitReady(30 * time.Second); err == nil {
			return c, nil
		} else if attempt >= 2 {
			c.Stop()
			return nil, err
		}
		c.kill()
	}
}

// serverUser returns the credentials to run the server with: none for a
// normal user; the "postgres" user when running as root, after giving it
// the directory.
func serverUser(dir string) (*cred, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root, and initdb refuses root: need a \"postgres\" user (%v)", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chown(dir, uid, gid); err != nil {
		return nil, err
	}
	return &cred{uid: uint32(uid), gid: uint32(gid)}, nil
}

type cred struct{ uid, gid uint32 }

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

func (c *Cluster) waitReady(d time.Duration) error {
	deadline := time.Now().Add(d)
	var last error
	for time.Now().Before(deadline) {
		select {
		case <-c.done:
			b, _ := os.ReadFile(c.log)
			return fmt.Errorf("postgres exited: %s", b)
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		conn, err := pgx.Connect(ctx, c.URL("postgres"))
		cancel()
		if err == nil {
			conn.Close(context.Background())
			return nil
		}
		last = err
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("postgres not ready after %s: %v", d, last)
}

// URL returns the URL of database name on the cluster.
func (c *Cluster) URL(name string) string {
	return fmt.Sprintf("postgres://slipway@127.0.0.1:%d/%s?sslmode=disable", c.port, name)
}

// Port returns the port the server listens on.
func (c *Cluster) Port() int { return c.port }

// Exec runs SQL statements on database db.
func (c *Cluster) Exec(ctx context.Context, db string, stmts ...string) error {
	conn, err := pgx.Connect(ctx, c.URL(db))
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	for _, s := range stmts {
		if _, err := conn.Exec(ctx, s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	return nil
}

// CreateDatabase creates an empty database and returns its URL.
func (c *Cluster) CreateDatabase(ctx context.Context, name string) (string, error) {
	if err := c.Exec(ctx, "postgres", `CREATE DATABASE `+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", err
	}
	return c.URL(name), nil
}

// kill stops the server at once.
func (c *Cluster) kill() {
	if c.cmd != nil && c.cmd.Process != nil {
		c.cmd.Process.Kill()
		<-c.done
	}
}

// Stop shuts the server down (fast shutdown) and removes its directory.
func (c *Cluster) Stop() {
	if c.cmd != nil && c.cmd.Process != nil {
		c.cmd.Process.Signal(os.Interrupt) // SIGINT: fast shutdown
		select {
		case <-c.done:
		case <-time.After(20 * time.Second):
			c.kill()
		}
	}
	os.RemoveAll(c.dir)
}

// Main runs a test binary's tests and then stops the shared cluster if
// any test started it. Use it as TestMain: func TestMain(m *testing.M) { pgtest.Main(m) }.
func Main(m *testing.M) {
	code := testenv.Run(m)
	StopShared()
	os.Exit(code)
}

// StopShared stops the shared cluster if a test started it; for a
// TestMain that does more than Main.
func StopShared() {
	if shared != nil {
		shared.Stop()
		shared = nil
	}
}

// StoreEnv is the environment variable that makes tests written against
// SQLite run against PostgreSQL instead (SLIPWAY_TEST_STORE=postgres),
// for tests that open their store through a helper that reads it.
const StoreEnv = "SLIPWAY_TEST_STORE"

// WantPostgres reports whether StoreEnv asks for PostgreSQL.
func WantPostgres() bool { return os.Getenv(StoreEnv) == "postgres" }

// Shared returns the cluster shared by the tests of this binary, starting
// it on first use. Without server binaries it skips the test, or fails it
// under CI=true.
func Shared(t testing.TB) *Cluster {
	t.Helper()
	sharedOnce.Do(func() { shared, sharedErr = Start(Options{}) })
	if sharedErr != nil {
		testenv.Missing(t, "PostgreSQL", sharedErr.Error()+"; .ci/run installs Debian's postgresql")
	}
	return shared
}

// NewDatabase creates a fresh database holding the current Slipway schema
// on the shared cluster and returns its URL. The database is dropped
// when the test ends.
func NewDatabase(t testing.TB) string {
	t.Helper()
	c := Shared(t)
	ctx := context.Background()
	templateMu.Lock()
	defer templateMu.Unlock()
	if !templateOK {
		url, err := c.CreateDatabase(ctx, "slipway_template")
		if err != nil {
			t.Fatal(err)
		}
		db, err := postgres.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		db.Close()
		templateOK = true
	}
	name := fmt.Sprintf("t%d_%d", os.Getpid(), dbCounter.Add(1))
	if err := c.Exec(ctx, "postgres", `CREATE DATABASE `+name+` TEMPLATE slipway_template`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Exec(context.Background(), "postgres", `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`)
	})
	return c.URL(name)
}

// EmptyDatabase creates a database without any schema on the shared
// cluster and returns its URL.
func EmptyDatabase(t testing.TB) string {
	t.Helper()
	c := Shared(t)
	name := fmt.Sprintf("e%d_%d", os.Getpid(), dbCounter.Add(1))
	url, err := c.CreateDatabase(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Exec(context.Background(), "postgres", `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`)
	})
	return url
}
