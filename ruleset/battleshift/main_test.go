package battleshift

import (
	"testing"

	"github.com/slipway/slipway/internal/testenv"
)

// TestMain ends the package's output with the tests skipped for a missing
// component (the go command), as every package does.
func TestMain(m *testing.M) { testenv.Main(m) }
