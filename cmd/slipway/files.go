package main

import (
	"errors"
	"io"
	"os"

	"github.com/slipway/slipway/designer"
)

// fileStatus is how far a document file got: read from disk, then decoded
// as a document. The reports of validate and fleet validate embed it.
type fileStatus struct {
	File     string `json:"file"`
	Readable bool   `json:"readable"` // the file could be read from disk
	Decoded  bool   `json:"decoded"`  // its bytes are a structurally sound document
}

// readDocument opens the file name and decodes it with read (such as
// designer.ReadDesign or fleet.Read). A file that cannot be opened or read
// is unreadable (exit status 2) and reported as an IO problem; bytes that
// do not decode are the decoder's problem (exit status 1). The document is
// returned only when st.Decoded.
func readDocument[T any](name string, read func(io.Reader) (T, error)) (doc T, st fileStatus, problems designer.Problems) {
	st.File = name
	problems = designer.Problems{}
	fh, err := os.Open(name)
	if err == nil {
		defer fh.Close()
		doc, err = read(fh)
	}
	var de *designer.DecodeError
	switch {
	case err == nil:
		st.Readable, st.Decoded = true, true
	case errors.As(err, &de):
		st.Readable = true
		problems = append(problems, de.Problem())
	default: // opening or reading failed: not the document's fault
		problems = append(problems, designer.Problem{Rule: "IO", Severity: designer.Error, Message: err.Error()})
	}
	return doc, st, problems
}
