package api

import (
	_ "embed"
	"encoding/json"
	"net/http"
	"regexp"
	"sync"

	"github.com/gin-gonic/gin"

	"github.com/slipway/slipway/designer"
)

// openAPISource is the hand-written OpenAPI 3.1 document; its
// DesignDocument schema is a stand-in that OpenAPI replaces with the
// design package's JSON Schema, so the two never drift apart. The API
// takes and keeps drafts (a private design may break construction
// rules), so the document's schema there is the structural one: the same
// fields and types, without the rule checks (ranges, lengths, enums,
// conditions) that docs/design.schema.json adds for a legal design.
//
//go:embed openapi.json
var openAPISource []byte

var (
	openAPIOnce sync.Once
	openAPIDoc  []byte
)

// OpenAPI returns the OpenAPI 3.1 description of the API.
func OpenAPI() []byte {
	openAPIOnce.Do(func() {
		var doc map[string]any
		if err := json.Unmarshal(openAPISource, &doc); err != nil {
			panic("api/openapi.json: " + err.Error()) // embedded and tested
		}
		sch := designer.DraftJSONSchema()
		delete(sch, "$id")
		delete(sch, "$schema")
		sch["description"] = "One starship design document (docs/rules.md section 2) as the strict decoder reads it: " +
			"its members and their JSON types. A private draft may break construction rules; docs/design.schema.json " +
			"adds every rule check JSON Schema can express, and POST /api/v1/validate checks them all."
		doc["components"].(map[string]any)["schemas"].(map[string]any)["DesignDocument"] = sch
		b, err := json.MarshalIndent(doc, "", " ")
		if err != nil {
			panic("api/openapi.json: " + err.Error())
		}
		openAPIDoc = b
	})
	return openAPIDoc
}

func (s *Server) openAPI(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=300")
	c.Data(http.StatusOK, "application/json", OpenAPI())
}

var ginParam = regexp.MustCompile(`:([A-Za-z0-9_]+)`)

// openAPIPath turns a gin route (/designs/:id) into its OpenAPI form
// (/designs/{id}).
func openAPIPath(p string) string { return ginParam.ReplaceAllString(p, "{$1}") }
