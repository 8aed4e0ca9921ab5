package api

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/internal/gzipped"

	"github.com/slipway/slipway/ruleset/metaverse"
)

// CatalogueAnswer is the body of GET /api/v1/catalogue (Metaverse's
// form data, metaverse.CatalogueAnswer).
type CatalogueAnswer = metaverse.CatalogueAnswer

// BuildCatalogueAnswer assembles the catalogue answer for cat
// (metaverse.BuildCatalogueAnswer).
var BuildCatalogueAnswer = metaverse.BuildCatalogueAnswer

// catalogueAnswers holds the encoded answer per catalogue: it never
// changes for the life of a catalogue, so it is built once.
var catalogueAnswers sync.Map // *designer.Catalogue -> *encodedAnswer

// encodedAnswer is a read-only answer (the catalogue, the fleet facts)
// encoded once, with the ETag of its bytes.
type encodedAnswer struct {
	once sync.Once
	body []byte
	gz   []byte // body gzip-compressed, nil when that is not smaller
	tag  string
	err  error
}

// serve answers with e, building it with build on first use; a request
// whose If-None-Match names its tag gets 304.
func (e *encodedAnswer) serve(s *Server, c *gin.Context, build func() (any, error)) {
	e.once.Do(func() {
		var a any
		if a, e.err = build(); e.err != nil {
			return
		}
		e.body, e.err = json.Marshal(a)
		sum := sha256.Sum256(e.body)
		e.tag = `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
		e.gz = gzipped.Compress(e.body)
	})
	if e.err != nil {
		s.fail(c, e.err)
		return
	}
	body, tag := e.body, e.tag
	if e.gz != nil {
		// The compressed answer is another representation: its own tag,
		// and caches keep the two apart.
		c.Header("Vary", "Accept-Encoding")
		if gzipped.Accepts(c.Request) {
			body, tag = e.gz, e.tag[:len(e.tag)-1]+`-gz"`
			c.Header("Content-Encoding", "gzip")
		}
	}
	c.Header("ETag", tag)
	c.Header("Cache-Control", "public, no-cache")
	if etagMatch(c.GetHeader("If-None-Match"), tag) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	c.Data(http.StatusOK, "application/json; charset=utf-8", body)
}

// catalogue answers GET /api/v1/catalogue, tagged by the hash of its bytes.
func (s *Server) catalogue(c *gin.Context) {
	v, _ := catalogueAnswers.LoadOrStore(s.cat, &encodedAnswer{})
	v.(*encodedAnswer).serve(s, c, func() (any, error) { return metaverse.BuildCatalogueAnswer(s.cat) })
}
