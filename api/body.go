package api

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"github.com/go-playground/validator/v10"

	"github.com/slipway/slipway/designer"
)

// RuleRequest is the rule id of request-body fields that fail validation.
const RuleRequest = "R-API-01"

// validUserName reports whether a user name is printable text without
// leading or trailing spaces. Names are stored and shown verbatim.
func validUserName(s string) bool {
	if strings.TrimSpace(s) != s || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// newValidator returns a validator that names fields by their JSON names
// and knows the "username" tag.
func newValidator() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		return name
	})
	v.RegisterValidation("username", func(fl validator.FieldLevel) bool {
		return validUserName(fl.Field().String())
	})
	return v
}

// readBody reads the request body, answering 413 when it is too large.
func (s *Server) readBody(c *gin.Context) ([]byte, bool) {
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
	case "min":
		return "must be at least " + fe.Param() + " long"
	case "max":
		return "must be at most " + fe.Param() + " long"
	case "oneof":
		return "must be one of: " + fe.Param()
	case "username":
		return "must be printable text without leading or trailing spaces"
	}
	return "fails the " + fe.Tag() + " check"
}
