package web

import (
	_ "embed"
	"net/http"
)

// Table mode (docs/table.md): /play lists your games and starts one from a
// fleet; /play/{id} plays a game on its record sheets; /play/watch/{token}
// shows a game read-only; /play/local/{id} plays a game kept in the
// browser only (no account: docs/table.md, "Playing without an
// account"). The pages are shells: js/play/main.js reads and
// writes the game through the JSON API, and every number it shows comes
// from the server's answer. /play/sw.js is the service worker that keeps
// the pages and their sheets for use without a connection, and
// /play/manifest.webmanifest makes table mode installable.

//go:embed play/sw.js
var playWorker []byte

//go:embed play/manifest.webmanifest
var playManifest []byte

// playData is what the play page's template and module read.
type playData struct {
	ID, Watch string
	// Local names a game kept in this browser only (no account).
	Local string
}

func (s *Server) playRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /play", s.playPage)
	mux.HandleFunc("GET /play/{id}", s.playPage)
	mux.HandleFunc("GET /play/watch/{token}", s.playPage)
	mux.HandleFunc("GET /play/local/{local}", s.playPage)
	mux.HandleFunc("GET /play/sw.js", s.playServiceWorker)
	mux.HandleFunc("GET /play/manifest.webmanifest", s.playManifestFile)
}

// playPage serves the list, a game and a watched game: one page, its
// module reads which from data attributes.
func (s *Server) playPage(w http.ResponseWriter, r *http.Request) {
	d := playData{ID: r.PathValue("id"), Watch: r.PathValue("token"), Local: r.PathValue("local")}
	title, desc := "Table mode", "Play your fleets on their record sheets on a tablet: tap to mark hits, with the rules' numbers worked out as you go."
	switch {
	case d.Watch != "":
		title = "Watching a game"
		w.Header().Set("Referrer-Policy", "no-referrer") // the link is the key
	case d.ID != "" || d.Local != "":
		title = "Game"
	}
	// A game page must be fresh when online; the service worker keeps a
	// copy for use offline.
	w.Header().Set("Cache-Control", "no-cache")
	s.render(w, r, http.StatusOK, "play", Page{
		Title:       title,
		Nav:         "play",
		Description: desc,
		Scripts:     []string{"js/play/main.js"},
		Preload:     []string{"js/ui.js", "vendor/preact-10.29.8/preact.module.js", "vendor/htm-3.1.1/htm.module.js", "js/play/sheet.js", "js/play/store.js"},
		Wide:        true,
		Data:        d,
	})
}

// playServiceWorker serves the service worker with the scope /play, so
// that it controls the list, every game and every watch page.
func (s *Server) playServiceWorker(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/javascript; charset=utf-8")
	h.Set("Service-Worker-Allowed", "/play")
	h.Set("Cache-Control", "no-cache")
	w.Write(playWorker)
}

func (s *Server) playManifestFile(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "application/manifest+json")
	h.Set("Cache-Control", "no-cache")
	w.Write(playManifest)
}
