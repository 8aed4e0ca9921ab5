package api

import (
	_ "embed"
	"net/http"
	"regexp"

	"github.com/gin-gonic/gin"
)

//go:embed openapi.json
var openAPIDoc []byte

// OpenAPI returns the OpenAPI 3.1 description of the API.
func OpenAPI() []byte { return openAPIDoc }

func (s *Server) openAPI(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=300")
	c.Data(http.StatusOK, "application/json", openAPIDoc)
}

var ginParam = regexp.MustCompile(`:([A-Za-z0-9_]+)`)

// openAPIPath turns a gin route (/designs/:id) into its OpenAPI form
// (/designs/{id}).
func openAPIPath(p string) string { return ginParam.ReplaceAllString(p, "{$1}") }
