package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/slipway/slipway/data"
	"github.com/slipway/slipway/internal/loadmix"
)

// sampleDesign returns the first embedded sample design as a JSON object.
func sampleDesign() (map[string]any, error) {
	names, err := fs.Glob(data.Samples(), "*.json")
	if err != nil || len(names) == 0 {
		return nil, fmt.Errorf("no sample designs: %v", err)
	}
	b, err := fs.ReadFile(data.Samples(), "reference-cruiser.json")
	if err != nil {
		b, err = fs.ReadFile(data.Samples(), names[0])
		if err != nil {
			return nil, err
		}
	}
	var m map[string]any
	return m, json.Unmarshal(b, &m)
}

func evaluateLoad(ctx context.Context, s settings, w io.Writer) error {
	d, err := sampleDesign()
	if err != nil {
		return err
	}
	body, _ := json.Marshal(d)
	r := drive(ctx, s, "POST /api/v1/evaluate", func(int) (*http.Request, error) {
		return jsonRequest("POST", s.url+"/api/v1/evaluate", body, "")
	})
	r.print(w, s)
	return nil
}

func searchLoad(ctx context.Context, s settings, w io.Writer) error {
	var mu = make(chan *rand.Rand, 1)
	mu <- rand.New(rand.NewPCG(uint64(s.seed), 7))
	path := "/api/v1/library"
	if s.page {
		path = "/library"
	}
	r := drive(ctx, s, "GET "+path, func(i int) (*http.Request, error) {
		rng := <-mu
		lq := loadmix.Search(rng, rng.IntN(len(loadmix.Kinds)), s.limit)
		q := url.Values{}
		if lq.Q != "" {
			q.Set("q", lq.Q)
		}
		if lq.Tier > 0 {
			q.Set("tier", strconv.Itoa(lq.Tier))
		}
		if lq.CVMin != nil {
			q.Set("cvMin", strconv.Itoa(int(*lq.CVMin)))
		}
		if lq.Sort != "newest" { // the default, left out
			q.Set("sort", lq.Sort)
		}
		q.Set("limit", strconv.Itoa(s.limit))
		mu <- rng
		return http.NewRequest("GET", s.base(i)+path+"?"+q.Encode(), nil)
	})
	r.print(w, s)
	return nil
}

func saveLoad(ctx context.Context, s settings, w io.Writer) error {
	token, err := loadUser(ctx, s.base(0))
	if err != nil {
		return err
	}
	d, err := sampleDesign()
	if err != nil {
		return err
	}
	r := drive(ctx, s, "POST /api/v1/designs", func(i int) (*http.Request, error) {
		d := maps(d)
		d["name"] = fmt.Sprintf("Load %d", i)
		body, _ := json.Marshal(map[string]any{"visibility": "public", "design": d})
		return jsonRequest("POST", s.base(i)+"/api/v1/designs", body, token)
	})
	r.print(w, s)
	return nil
}

// maps copies the top level of a design so a name can change per request.
func maps(d map[string]any) map[string]any {
	out := make(map[string]any, len(d))
	for k, v := range d {
		out[k] = v
	}
	return out
}

// loadUser registers a fresh user and returns an API token for it.
func loadUser(ctx context.Context, base string) (string, error) {
	name := fmt.Sprintf("load-%d", time.Now().UnixNano())
	body, _ := json.Marshal(map[string]string{"username": name, "password": "load-password"})
	req, _ := jsonRequest("POST", base+"/api/v1/auth/register", body, "")
	res, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		return "", err
	}
	res.Body.Close()
	var cookie *http.Cookie
	for _, c := range res.Cookies() {
		cookie = c
	}
	if res.StatusCode != 201 || cookie == nil {
		return "", fmt.Errorf("register: status %d", res.StatusCode)
	}
	req, _ = jsonRequest("POST", base+"/api/v1/tokens", []byte(`{"name":"load"}`), "")
	req.AddCookie(cookie)
	res, err = http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var t struct{ Token string }
	if err := json.NewDecoder(res.Body).Decode(&t); err != nil || t.Token == "" {
		return "", fmt.Errorf("token: status %d %v", res.StatusCode, err)
	}
	return t.Token, nil
}

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

// loginLoad registers one user, then sends logins for it from -c clients:
// the cost of password hashing under a burst.
func loginLoad(ctx context.Context, s settings, w io.Writer) error {
	name := fmt.Sprintf("login-%d", time.Now().UnixNano())
	body, _ := json.Marshal(map[string]string{"username": name, "password": "load-password"})
	req, _ := jsonRequest("POST", s.url+"/api/v1/auth/register", body, "")
	res, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		return err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		return fmt.Errorf("register: status %d", res.StatusCode)
	}
	r := drive(ctx, s, "POST /api/v1/auth/login", func(int) (*http.Request, error) {
		return jsonRequest("POST", s.url+"/api/v1/auth/login", body, "")
	})
	r.print(w, s)
	return nil
}

// pdfLoad asks for the record sheet of a public design from -c clients:
// the cost of PDF rendering under a burst.
func pdfLoad(ctx context.Context, s settings, w io.Writer) error {
	res, err := http.Get(s.url + "/api/v1/library?limit=1")
	if err != nil {
		return err
	}
	var page struct{ Designs []struct{ ID string } }
	err = json.NewDecoder(res.Body).Decode(&page)
	res.Body.Close()
	if err != nil || len(page.Designs) == 0 {
		return fmt.Errorf("no public design to print (%v)", err)
	}
	u := s.url + "/api/v1/designs/" + page.Designs[0].ID + "/sheet.pdf"
	r := drive(ctx, s, "GET sheet.pdf", func(int) (*http.Request, error) { return http.NewRequest("GET", u, nil) })
	r.print(w, s)
	return nil
}

// peakMemory returns the peak resident memory of process pid (Linux).
func peakMemory(pid int) (string, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:")), nil
		}
	}
	return "", fmt.Errorf("no VmHWM in /proc/%d/status", pid)
}
