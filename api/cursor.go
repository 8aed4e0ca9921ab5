package api

import (
	"encoding/base64"
	"encoding/json"

	"github.com/slipway/slipway/library"
)

// EncodeLibraryCursor returns the opaque cursor of the page after c for
// query q, as /api/v1/library's "next" gives it; the web library page uses
// it so a page link means the same on both.
func EncodeLibraryCursor(q library.LibraryQuery, c library.Cursor) string {
	b, _ := json.Marshal(cursorJSON{q.Sort, q.Desc, c})
	return base64.RawURLEncoding.EncodeToString(b)
}
