package web

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strings"

	"github.com/slipway/slipway/library"
	"github.com/slipway/slipway/ruleset"
)

//go:embed templates
var templateFS embed.FS

// Page is what every page template receives. Pages add their own data in
// Data; the layout reads the rest.
type Page struct {
	// Title is the page's title, before " · Slipway".
	Title string
	// Nav names the main navigation entry to mark as current.
	Nav string
	// Description is the page's meta description.
	Description string
	// Scripts are the ES modules the page loads, as static file names.
	Scripts []string
	// Preload are further modules to fetch early (modulepreload).
	Preload []string
	// Wide gives the page the full window width (the designer).
	Wide bool
	// Data is the page's own data.
	Data any
	// User is the signed-in user's name, or "" (filled in by render).
	User string
	// Games names the games served, for the footer: "Battleshift and
	// Metaverse" (filled in by render).
	Games string
}

// accountLimits is the library's limits on a new account's name and
// password as JSON, for the pages' log-in and register dialog
// (js/dialog.js reads it from data-account): the dialog refuses what the
// server would, with the server's numbers.
func accountLimits() string {
	return fmt.Sprintf(`{"nameMin":%d,"nameMax":%d,"passMin":%d,"passMax":%d}`,
		library.MinUserNameLength, library.MaxUserNameLength, library.MinPasswordLength, library.MaxPasswordLength)
}

// pages holds one template set per page: the layout plus the page's file.
type pages struct {
	sets map[string]*template.Template
}

// parsePages parses templates/layout.html with each other template file.
// A page file defines "main" (and may define "head"); the layout calls
// them. The asset function turns a static file name into its versioned
// URL, so templates never write a /static/ path by hand.
func parsePages(a *assets) (*pages, error) {
	// count writes a number with a noun that agrees: {{count .Points "point"}}.
	funcs := template.FuncMap{"asset": a.URL, "count": ruleset.Count, "accountLimits": accountLimits}
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		return nil, fmt.Errorf("web: templates: %w", err)
	}
	p := &pages{sets: map[string]*template.Template{}}
	for _, n := range names {
		if strings.HasSuffix(n, "/layout.html") {
			continue
		}
		name := strings.TrimSuffix(strings.TrimPrefix(n, "templates/"), ".html")
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html", "templates/parts/*.html", n)
		if err != nil {
			return nil, fmt.Errorf("web: template %s: %w", name, err)
		}
		p.sets[name] = t
	}
	return p, nil
}

// render writes page name with status. The page is rendered into a
// buffer first, so a template error becomes a clean 500, never half a page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, name string, p Page) {
	t := s.pages.sets[name]
	if t == nil {
		panic("web: no page template " + name)
	}
	if u := s.user(r); u != nil {
		p.User = u.Name
	}
	p.Games = s.gameNames()
	var buf bytes.Buffer
	if err := t.Execute(&buf, p); err != nil {
		panic(fmt.Sprintf("web: render %s: %v", name, err))
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	if h.Get("Cache-Control") == "" { // a page may ask for less (private, no-store)
		h.Set("Cache-Control", "no-cache")
	}
	h.Set("Content-Length", fmt.Sprint(buf.Len()))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(buf.Bytes())
	}
}

// errorInfo is the Data of the error page.
type errorInfo struct {
	Status  int
	Heading string
	Message string
	// Links are where to go instead (a game's designer), shown as buttons
	// after the home page's.
	Links []link
}

// link is one link a page offers.
type link struct {
	Href, Text string
}

// errorPage renders the error page with a status, a heading and a
// sentence saying what happened and what to do.
func (s *Server) errorPage(w http.ResponseWriter, r *http.Request, status int, heading, message string) {
	s.render(w, r, status, "error", Page{Title: heading, Data: errorInfo{Status: status, Heading: heading, Message: message}})
}

// notFound answers any path no page claims.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.errorPage(w, r, http.StatusNotFound, "Page not found",
		"There is no page at this address. Start from the home page, or open the designer.")
}

// home serves /: what Slipway is and where to start.
func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusOK, "home", Page{
		Title:       "Starship design studio",
		Nav:         "home",
		Scripts:     []string{"js/compare.js"},
		Description: "Design starships for Metaverse in your browser, with live combat value, and print record sheets.",
		Data:        s.homeData(r),
	})
}
