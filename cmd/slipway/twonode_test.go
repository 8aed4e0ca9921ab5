package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/slipway/slipway/data/postgres/pgtest"
)

// node is a "slipway serve" process on loopback.
type node struct {
	cmd  *exec.Cmd
	url  string
	done chan struct{}
	errs *bytes.Buffer
}

// buildSlipway builds this command into a temporary directory.
func buildSlipway(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "slipway")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startNode runs bin serve on a free loopback port over db and waits
// until it is ready.
func startNode(t *testing.T, bin, db string) *node {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--write-rate", "100000", "--login-rate", "100000")
	cmd.Env = append(os.Environ(), "SLIPWAY_DB=")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	n := &node{cmd: cmd, done: make(chan struct{}), errs: &bytes.Buffer{}}
	cmd.Stderr = n.errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { cmd.Wait(); close(n.done) }()
	t.Cleanup(func() { n.kill() })
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if _, addr, ok := strings.Cut(sc.Text(), "listening on "); ok {
				lines <- addr
			}
		}
		io.Copy(io.Discard, stdout)
	}()
	select {
	case n.url = <-lines:
	case <-n.done:
		t.Fatalf("node exited: %s", n.errs)
	case <-time.After(60 * time.Second):
		t.Fatalf("node did not start: %s", n.errs)
	}
	for i := 0; ; i++ {
		res, err := http.Get(n.url + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return n
			}
		}
		if i > 100 {
			t.Fatalf("node not ready: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (n *node) kill() {
	n.cmd.Process.Signal(syscall.SIGKILL)
	<-n.done
}

// call makes one API request with a session cookie or bearer token and
// returns the status, headers and decoded body.
func call(t *testing.T, method, u, auth string, body any, hdr ...string) (int, http.Header, map[string]any, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, u, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	switch {
	case strings.HasPrefix(auth, "slw_"):
		req.Header.Set("Authorization", "Bearer "+auth)
	case auth != "":
		req.Header.Set("Cookie", "slipway_session="+auth)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var m map[string]any
	json.Unmarshal(raw, &m)
	return res.StatusCode, res.Header, m, raw
}

func sampleDoc(t *testing.T, name string) map[string]any {
	t.Helper()
	b, err := os.ReadFile("../../data/samples/reference-cruiser.json")
	if err != nil {
		t.Fatal(err)
	}
	var d map[string]any
	json.Unmarshal(b, &d)
	d["name"] = name
	return d
}

// TestTwoNodes runs two slipway serve processes on different loopback
// ports over one PostgreSQL database: what one node saves, the other
// reads, searches, forks and prints; a session made on one works on the
// other; a stale write through either is 412; and a node killed while
// saving loses no save it acknowledged.
func TestTwoNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs two servers")
	}
	db := pgtest.NewDatabase(t)
	bin := buildSlipway(t)
	a, b := startNode(t, bin, db), startNode(t, bin, db)

	// A session made on A.
	res, err := http.Post(a.url+"/api/v1/auth/register", "application/json",
		strings.NewReader(`{"username":"twonode1","password":"vintage-anchor-47-quill"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	var sess string
	for _, c := range res.Cookies() {
		if c.Name == "slipway_session" {
			sess = c.Value
		}
	}
	if res.StatusCode != 201 || sess == "" {
		t.Fatalf("register on A: %d", res.StatusCode)
	}
	// ... works on B.
	if code, _, _, raw := call(t, "GET", b.url+"/api/v1/me", sess, nil); code != 200 || !strings.Contains(string(raw), `"twonode1"`) {
		t.Fatalf("session from A on B: %d %s", code, raw)
	}

	// Saved through A, read, searched, forked and printed through B.
	code, hdr, d, raw := call(t, "POST", a.url+"/api/v1/designs", sess,
		map[string]any{"visibility": "public", "design": sampleDoc(t, "Crossnode Zephyrine")})
	if code != 201 || hdr.Get("ETag") != `"v1"` {
		t.Fatalf("save on A: %d %s", code, raw)
	}
	id, _ := d["id"].(string)
	if code, hdr, _, raw := call(t, "GET", b.url+"/api/v1/designs/"+id, "", nil); code != 200 || hdr.Get("ETag") != `"v1"` {
		t.Fatalf("read on B: %d %s", code, raw)
	}
	if code, _, _, raw := call(t, "GET", b.url+"/api/v1/library?q=zephyrine", "", nil); code != 200 || !strings.Contains(string(raw), id) {
		t.Fatalf("search on B: %d %s", code, raw)
	}
	if code, _, _, raw := call(t, "POST", b.url+"/api/v1/designs/"+id+"/fork", sess, map[string]any{"visibility": "public"}); code != 201 {
		t.Fatalf("fork on B: %d %s", code, raw)
	}
	if code, _, lin, raw := call(t, "GET", a.url+"/api/v1/designs/"+id+"/lineage", "", nil); code != 200 || fmt.Sprint(lin["forkCount"]) != "1" {
		t.Fatalf("lineage on A after a fork on B: %d %s", code, raw)
	}
	code, hdr, _, raw = call(t, "GET", b.url+"/api/v1/designs/"+id+"/sheet.pdf", "", nil)
	if code != 200 || !strings.HasPrefix(hdr.Get("Content-Type"), "application/pdf") || !bytes.HasPrefix(raw, []byte("%PDF")) {
		t.Fatalf("sheet on B: %d %s %.40q", code, hdr.Get("Content-Type"), raw)
	}

	// Stale writes through either node.
	body := map[string]any{"design": sampleDoc(t, "Crossnode Zephyrine II")}
	if code, hdr, _, raw := call(t, "PUT", a.url+"/api/v1/designs/"+id, sess, body, "If-Match", `"v1"`); code != 200 || hdr.Get("ETag") != `"v2"` {
		t.Fatalf("update on A: %d %s", code, raw)
	}
	for _, n := range []*node{b, a} {
		if code, _, _, raw := call(t, "PUT", n.url+"/api/v1/designs/"+id, sess, body, "If-Match", `"v1"`); code != 412 {
			t.Fatalf("stale update on %s: %d %s", n.url, code, raw)
		}
		if code, _, _, raw := call(t, "DELETE", n.url+"/api/v1/designs/"+id, sess, nil, "If-Match", `"v1"`); code != 412 {
			t.Fatalf("stale delete on %s: %d %s", n.url, code, raw)
		}
	}
	if code, hdr, _, _ := call(t, "GET", b.url+"/api/v1/designs/"+id, "", nil); code != 200 || hdr.Get("ETag") != `"v2"` {
		t.Fatalf("B after A's update: %d %s", code, hdr.Get("ETag"))
	}

	// Kill B while 8 writers save through it; every save it acknowledged
	// must be readable through A.
	_, _, tok, _ := call(t, "POST", a.url+"/api/v1/tokens", sess, map[string]any{"name": "kill test"})
	token, _ := tok["token"].(string)
	if token == "" {
		t.Fatalf("token: %v", tok)
	}
	var (
		mu    sync.Mutex
		acked []string
		wg    sync.WaitGroup
	)
	stop := make(chan struct{})
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			hc := &http.Client{Timeout: 10 * time.Second}
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				bb, _ := json.Marshal(map[string]any{"visibility": "private", "design": sampleDoc(t, fmt.Sprintf("Kill %d-%d", w, i))})
				req, _ := http.NewRequest("POST", b.url+"/api/v1/designs", bytes.NewReader(bb))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+token)
				res, err := hc.Do(req)
				if err != nil {
					return // the node is gone
				}
				var out struct{ ID string }
				json.NewDecoder(res.Body).Decode(&out)
				res.Body.Close()
				if res.StatusCode == 201 && out.ID != "" {
					mu.Lock()
					acked = append(acked, out.ID)
					mu.Unlock()
				}
			}
		}(w)
	}
	// Kill the node once enough saves are acknowledged (eight writers are
	// still saving, so the kill falls mid-save), however slow the machine.
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		mu.Lock()
		n := len(acked)
		mu.Unlock()
		if n >= 20 {
			break
		}
	}
	b.kill()
	close(stop)
	wg.Wait()
	if len(acked) < 10 {
		t.Fatalf("only %d saves acknowledged before the kill; the test proves little", len(acked))
	}
	for _, id := range acked {
		if code, _, _, raw := call(t, "GET", a.url+"/api/v1/designs/"+url.PathEscape(id), token, nil); code != 200 {
			t.Fatalf("acknowledged save %s lost after the node was killed: %d %s", id, code, raw)
		}
	}
	t.Logf("%d acknowledged saves through the killed node, all readable through the other", len(acked))
}
