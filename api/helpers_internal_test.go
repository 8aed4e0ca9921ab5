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

func TestValidUserName(t *testing.T) {
	cases := map[string]bool{
		"ada":              true,
		"Ada Lovelace":     true,
		"<b>bold</b>":      true,
		"Robert'); DROP--": true,
		" leading":         false,
		"trailing ":        false,
		"tab\there":        false,
		"newline\nhere":    false,
		"zero\u200bwidth":  false,
		"emoji 🚀":          true,
	}
	for in, want := range cases {
		if got := validUserName(in); got != want {
			t.Errorf("validUserName(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestPasswordHash(t *testing.T) {
	h := hashPassword("correct horse")
	if !checkPassword(h, "correct horse") || checkPassword(h, "correct horsf") {
		t.Fatal("hash does not check")
	}
	if hashPassword("correct horse") == h {
		t.Fatal("hashes are not salted")
	}
	for _, bad := range []string{"", "!", "$argon2id$v=19$m=1,t=1,p=1$$", "$bcrypt$x$y$z$w"} {
		if checkPassword(bad, "") {
			t.Errorf("malformed hash %q matched", bad)
		}
	}
}
