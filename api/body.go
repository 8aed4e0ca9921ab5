package api

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/go-playground/validator/v10"

	"github.com/slipway/slipway/designer"
)

// RuleRequest is the rule id of request-body fields that fail validation.
const RuleRequest = "R-API-01"

// newValidator returns a validator that names fields by their JSON names.
func newValidator() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		return name
	})
	return v
}

// jsonBody reports whether the request's Content-Type allows a JSON body:
// none given, application/json, or any application/*+json type. Anything
// else (a form, plain text) is 415.
func (s *Server) jsonBody(c *gin.Context) bool {
	ct := c.GetHeader("Content-Type")
	if ct == "" {
		return true
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err == nil && (mt == "application/json" || (strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json"))) {
		return true
	}
	s.problem(c, http.StatusUnsupportedMediaType, "unsupported-media-type",
		"the body must be JSON: send Content-Type: application/json (curl: --json @file)", nil)
	return false
}

// readBody reads a JSON request body, answering 415 when it is not JSON
// and 413 when it is too large.
func (s *Server) readBody(c *gin.Context) ([]byte, bool) {
	if !s.jsonBody(c) {
		return nil, false
	}
	b, err := io.ReadAll(c.Request.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			s.problem(c, http.StatusRequestEntityTooLarge, "too-large",
				fmt.Sprintf("the request body is over the limit of %d bytes", mbe.Limit), nil)
			return nil, false
		}
		s.problem(c, http.StatusBadRequest, "unreadable", "could not read the request body", nil)
		return nil, false
	}
	return b, true
}

// decodeBody reads the body strictly into v (unknown fields, wrong types
// and bad JSON are 400 problems naming the JSON path), then checks v's
// validate tags.
func (s *Server) decodeBody(c *gin.Context, v any) bool {
	b, ok := s.readBody(c)
	if !ok {
		return false
	}
	if err := designer.DecodeStrict(b, v, 0); err != nil {
		s.decodeProblem(c, err)
		return false
	}
	return s.check(c, v)
}

// decodeProblem answers a decode error with 400 (413 for R-LIM-01).
func (s *Server) decodeProblem(c *gin.Context, err error) {
	var de *designer.DecodeError
	if errors.As(err, &de) {
		status := http.StatusBadRequest
		if de.Rule == designer.RuleLimitBody {
			status = http.StatusRequestEntityTooLarge
		}
		s.problem(c, status, "malformed", de.Error(), designer.Problems{de.Problem()})
		return
	}
	s.fail(c, err)
}

// check validates v's struct tags and answers 400 naming every bad field.
func (s *Server) check(c *gin.Context, v any) bool {
	err := s.validate.Struct(v)
	if err == nil {
		return true
	}
	var ves validator.ValidationErrors
	if !errors.As(err, &ves) {
		s.fail(c, err)
		return false
	}
	var probs designer.Problems
	for _, fe := range ves {
		path := fe.Namespace()
		if _, rest, ok := strings.Cut(path, "."); ok {
			path = rest
		}
		probs = append(probs, designer.Problem{
			Rule: RuleRequest, Severity: designer.Error, Path: path,
			Message: fieldMessage(fe),
		})
	}
	s.problem(c, http.StatusBadRequest, "invalid-request", "the request body has invalid fields", probs)
	return false
}

func fieldMessage(fe validator.FieldError) string {
	switch fe.Tag() {
	case "required":
		return "is required"
	case "min", "max":
		word := map[string]string{"min": "at least", "max": "at most"}[fe.Tag()]
		if fe.Kind() == reflect.String {
			return "must be " + word + " " + fe.Param() + " characters long"
		}
		return "must be " + word + " " + fe.Param()
	case "oneof":
		return "must be one of: " + fe.Param()
	}
	return "fails the " + fe.Tag() + " check"
}
