package api

import "testing"

func TestETagMatch(t *testing.T) {
	cases := []struct {
		header, etag string
		want         bool
	}{
		{`"v1"`, `"v1"`, true},
		{`W/"v1"`, `"v1"`, true},
		{`"v2", "v1"`, `"v1"`, true},
		{`*`, `"v9"`, true},
		{`"v2"`, `"v1"`, false},
		{``, `"v1"`, false},
		{`"v1"`, ``, false},
	}
	for _, c := range cases {
		if got := etagMatch(c.header, c.etag); got != c.want {
			t.Errorf("etagMatch(%q, %q) = %v, want %v", c.header, c.etag, got, c.want)
		}
	}
}

func TestOpenAPIPath(t *testing.T) {
	cases := map[string]string{
		"/api/v1/designs/:id":             "/api/v1/designs/{id}",
		"/api/v1/designs/:id/versions/:n": "/api/v1/designs/{id}/versions/{n}",
		"/healthz":                        "/healthz",
	}
	for in, want := range cases {
		if got := openAPIPath(in); got != want {
			t.Errorf("openAPIPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPrecondition reads If-Match as RFC 9110 says: * is any version, a
// list matches any entry, weak tags and garbage never match.
func TestPrecondition(t *testing.T) {
	cases := []struct {
		header string
		any    bool
		given  []int
	}{
		{``, false, nil},
		{`*`, true, nil},
		{` * `, true, nil},
		{`"v3"`, false, []int{3}},
		{`"v1", "v2" ,"v3"`, false, []int{1, 2, 3}},
		{`W/"v3"`, false, []int{}},
		{`W/"v3", "v4"`, false, []int{4}},
		{`"v0", "v-1", "vx", v3, "v03"`, false, []int{}},
	}
	for _, c := range cases {
		p := precondition(c.header)
		if p.Any != c.any || len(p.Versions) != len(c.given) || (c.given == nil) != (p.Versions == nil) {
			t.Errorf("precondition(%q) = %+v, want any %v versions %v", c.header, p, c.any, c.given)
			continue
		}
		for i := range c.given {
			if p.Versions[i] != c.given[i] {
				t.Errorf("precondition(%q) = %+v, want versions %v", c.header, p, c.given)
			}
		}
	}
}
