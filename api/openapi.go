package api

import (
	_ "embed"
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
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
		sch := structural(designer.JSONSchema()).(map[string]any)
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

// ruleKeywords are the JSON Schema keywords that carry construction rules
// rather than the document's structure.
var ruleKeywords = []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
	"pattern", "enum", "const", "minItems", "maxItems", "uniqueItems", "allOf", "anyOf", "if", "then", "else", "not",
	"minProperties", "maxProperties", "multipleOf", "contains", "minContains", "maxContains"}

// structural returns a copy of a JSON Schema without its rule keywords.
func structural(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if slices.Contains(ruleKeywords, k) {
				continue
			}
			if k == "properties" || k == "$defs" || k == "patternProperties" {
				props := map[string]any{}
				for name, p := range e.(map[string]any) {
					props[name] = structural(p)
				}
				out[k] = props
				continue
			}
			out[k] = structural(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = structural(e)
		}
		return out
	}
	return v
}
