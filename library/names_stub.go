package library

// Temporary stand-ins until names.go and passwordpolicy.go land.

import (
	"errors"
	"strings"
	"unicode/utf8"
)

func NormalizeUserName(s string) (string, error) {
	if n := utf8.RuneCountInString(s); n < 3 || n > 40 {
		return "", errors.New("must be 3 to 40 characters")
	}
	return s, nil
}

func UserNameKey(s string) (string, error) { return strings.ToLower(s), nil }

func UserNameSkeleton(s string) string { return strings.ToLower(s) }

func ValidatePassword(pw, name string) error {
	if utf8.RuneCountInString(pw) < 10 {
		return errors.New("must be at least 10 characters")
	}
	return nil
}
