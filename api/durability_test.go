package api_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/slipway/slipway/data/sqlite"
)

// process is a running slipway serve binary.
type process struct {
	cmd *exec.Cmd
	url string
}

// startBinary runs `slipway serve` on a loopback port over dbPath and
// waits until it listens.
func startBinary(t *testing.T, bin, dbPath string) *process {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", dbPath)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("server did not start: %v\n%s", err, stderr.String())
	}
	_, url, ok := strings.Cut(strings.TrimSpace(line), "listening on ")
	if !ok {
		t.Fatalf("unexpected first line %q", line)
	}
	go io.Copy(io.Discard, out)
	// A failing test must not leave a server behind.
	t.Cleanup(func() { cmd.Process.Kill() })
	return &process{cmd: cmd, url: url}
}

// TestDurability SIGKILLs the server in the middle of a burst of 500
// concurrent saves, restarts it, and checks that the database is sound
// and that every save answered 2xx is there with its content.
func TestDurability(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "slipway")
	build := exec.Command("go", "build", "-o", bin, "github.com/slipway/slipway/cmd/slipway")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	dbPath := filepath.Join(dir, "durable.db")
	p := startBinary(t, bin, dbPath)

	hc := &http.Client{Timeout: 30 * time.Second}
	post := func(url, token string, body any) (*http.Response, []byte, error) {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", url, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := hc.Do(req)
		if err != nil {
			return nil, nil, err
		}
		defer res.Body.Close()
		rb, err := io.ReadAll(res.Body)
		return res, rb, err
	}
	if res, b, err := post(p.url+"/api/v1/auth/register", "", map[string]string{"username": "durable", "password": "correct horse"}); err != nil || res.StatusCode != 201 {
		t.Fatalf("register: %v %s", err, b)
	}
	// Log in for a session, and make an API token with it.
	res, b, err := post(p.url+"/api/v1/auth/login", "", map[string]string{"username": "durable", "password": "correct horse"})
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("login: %v %s", err, b)
	}
	var cookie string
	for _, c := range res.Cookies() {
		if c.Name == "slipway_session" {
			cookie = c.Value
		}
	}
	req, _ := http.NewRequest("POST", p.url+"/api/v1/tokens", strings.NewReader(`{"name":"durability"}`))
	req.Header.Set("Content-Type", "application/json")
	req.AddCookie(&http.Cookie{Name: "slipway_session", Value: cookie})
	tr, err := hc.Do(req)
	if err != nil || tr.StatusCode != 201 {
		t.Fatalf("token: %v", err)
	}
	var tok struct{ Token string }
	json.NewDecoder(tr.Body).Decode(&tok)
	tr.Body.Close()

	type ack struct{ id, description string }
	var (
		mu    sync.Mutex
		acks  []ack
		count atomic.Int32
		wg    sync.WaitGroup
		kill  sync.Once
	)
	killNow := func() { kill.Do(func() { p.cmd.Process.Signal(syscall.SIGKILL) }) }
	const saves = 500
	start := make(chan struct{})
	for i := 0; i < saves; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			d := sample(t)
			d["name"] = fmt.Sprintf("Durable %d", i)
			d["description"] = fmt.Sprintf("save number %d of the durability burst", i)
			<-start
			res, b, err := post(p.url+"/api/v1/designs", tok.Token, map[string]any{"visibility": "public", "design": d})
			if err != nil || res.StatusCode/100 != 2 {
				return
			}
			var out struct{ ID string }
			if json.Unmarshal(b, &out) != nil || out.ID == "" {
				return
			}
			mu.Lock()
			acks = append(acks, ack{out.ID, d["description"].(string)})
			mu.Unlock()
			if count.Add(1) == saves/5 {
				killNow() // mid-burst: a fifth of the saves acknowledged
			}
		}(i)
	}
	close(start)
	wg.Wait()
	killNow()
	p.cmd.Wait()
	if len(acks) == 0 {
		t.Fatal("no save was acknowledged before the kill")
	}
	t.Logf("%d of %d saves acknowledged before SIGKILL", len(acks), saves)

	p2 := startBinary(t, bin, dbPath)
	for _, a := range acks {
		req, _ := http.NewRequest("GET", p2.url+"/api/v1/designs/"+a.id, nil)
		req.Header.Set("Authorization", "Bearer "+tok.Token)
		res, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var d struct{ Design struct{ Description string } }
		json.NewDecoder(res.Body).Decode(&d)
		res.Body.Close()
		if res.StatusCode != 200 || d.Design.Description != a.description {
			t.Errorf("acknowledged save %s: status %d, description %q", a.id, res.StatusCode, d.Design.Description)
		}
	}
	// Graceful shutdown on SIGTERM exits 0.
	p2.cmd.Process.Signal(syscall.SIGTERM)
	if err := p2.cmd.Wait(); err != nil {
		t.Errorf("graceful shutdown: %v", err)
	}
	db, err := sqlite.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if s, err := db.IntegrityCheck(context.Background()); err != nil || s != "ok" {
		t.Fatalf("integrity_check %q %v", s, err)
	}
}
