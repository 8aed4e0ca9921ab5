package sheets

import (
	"net/url"
	"strings"
	"testing"
)

func TestSafeFileName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Reference Cruiser", "Reference-Cruiser"},
		{"HMS Thunderchild (Mk II)", "HMS-Thunderchild-Mk-II"},
		{"Überlänge", "Uberlange"},
		{"../../etc/passwd", "etc-passwd"},
		{"a\"b;c\r\nd", "a-b-c-d"},
		{"🚀🔥", "design"},
		{"", "design"},
		{"...hidden", "hidden"},
		{"שלום ship", "ship"},
		{"v1.2..3", "v1.2.3"},
	}
	for _, tt := range tests {
		if got := SafeFileName(tt.in); got != tt.want {
			t.Errorf("SafeFileName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if n := len(SafeFileName(strings.Repeat("x", 500))); n > 80 {
		t.Errorf("SafeFileName kept %d bytes", n)
	}
}

func TestOptionsFromQuery(t *testing.T) {
	tests := []struct {
		query string
		want  Options
		err   bool
	}{
		{"", Options{}, false},
		{"paper=a4&bw=1", Options{Paper: "a4", BW: true}, false},
		{"paper=LETTER&bw=false&one=true", Options{Paper: "letter", OnePerPage: true}, false},
		{"paper=tabloid", Options{}, true},
		{"bw=maybe", Options{}, true},
	}
	for _, tt := range tests {
		q, _ := url.ParseQuery(tt.query)
		got, err := OptionsFromQuery(q)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("%q: got %+v, %v; want %+v, error %v", tt.query, got, err, tt.want, tt.err)
		}
	}
}
