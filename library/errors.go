package library

import (
	"errors"
	"fmt"
	"time"

	"github.com/slipway/slipway/designer"
)

// Errors a Store returns. The Service passes them on (wrapped) or turns
// them into an *Error with a message for the player.
var (
	// ErrNotFound means the record does not exist (or is deleted), or the
	// caller may not know that it exists.
	ErrNotFound = errors.New("not found")
	// ErrConflict means a unique value (a user name) is already taken.
	ErrConflict = errors.New("conflict")
	// ErrStale means an optimistic-concurrency check failed: the design
	// has moved on from the version the caller last read.
	ErrStale = errors.New("stale version")
	// ErrBadQuery means a library search string is not a valid query.
	ErrBadQuery = errors.New("bad search query")
	// ErrRefused means the database refused one record's data (a
	// PostgreSQL data exception or constraint, an SQLite constraint), as
	// ImportDesigns reports an item. The Service's checks should leave
	// none; one that slips through fails that record alone.
	ErrRefused = errors.New("the database refused the record")
)

// Code classifies a refusal by the Service; adapters map it to a status
// (the HTTP API in one function).
type Code string

// Codes of refusals.
const (
	ENotFound     Code = "not-found"         // no such record, or not visible to the caller
	EInvalid      Code = "invalid"           // a field is wrong: the message says which and what is allowed
	EIllegal      Code = "illegal-design"    // a design breaks a rule that the operation needs it to keep
	EUnauthorized Code = "unauthorized"      // the caller must sign in, or the credentials are wrong
	EForbidden    Code = "forbidden"         // the caller is known but may not do this
	EConflict     Code = "conflict"          // a unique value is taken
	EStale        Code = "stale-version"     // the design changed since the version the caller named
	EPrecondition Code = "if-match-required" // a write needs the version the caller read
	EQuota        Code = "quota"             // the account holds too much
	ETooLarge     Code = "too-large"         // one record is over the size limit
	ERateLimited  Code = "rate-limited"      // too many requests from this caller; RetryAfter says when
	EBusy         Code = "busy"              // the server is at capacity; RetryAfter says when
)

// Error is a refusal with a message fit for the player: which field,
// which rule, what is allowed.
type Error struct {
	Code    Code
	Message string
	// Field names the offending input, when there is one.
	Field string
	// Problems are rule problems of a design, when the refusal is about one.
	Problems designer.Problems
	// RetryAfter says when to try again (ERateLimited, EBusy).
	RetryAfter time.Duration
	// Err is the underlying error, if any.
	Err error
}

func (e *Error) Error() string {
	if e.Field != "" {
		return e.Field + ": " + e.Message
	}
	return e.Message
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// errorf builds an *Error.
func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err: that of an *Error in its chain, the
// code matching a Store sentinel, or "" for an internal error.
func ErrorCode(err error) Code {
	var e *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return e.Code
	case errors.Is(err, ErrNotFound):
		return ENotFound
	case errors.Is(err, ErrStale):
		return EStale
	case errors.Is(err, ErrConflict):
		return EConflict
	case errors.Is(err, ErrBadQuery):
		return EInvalid
	}
	return ""
}
