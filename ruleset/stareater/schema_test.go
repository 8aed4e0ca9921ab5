package stareater

import (
	"testing"

	"github.com/slipway/slipway/ruleset/rulesettest"
)

const schemaFile = "../../docs/stareater.schema.json"

// TestSchemaFileIsCurrent keeps docs/stareater.schema.json equal to
// JSONSchema (go test ./ruleset/stareater -run TestSchemaFileIsCurrent
// -update rewrites it).
func TestSchemaFileIsCurrent(t *testing.T) {
	rulesettest.SchemaFileIsCurrent(t, rs, schemaFile, "./ruleset/stareater", *update)
}

func schemaRule(id string) (listed, whole bool) {
	for _, r := range SchemaRules {
		if r.ID == id {
			return true, r.Whole
		}
	}
	return false, false
}

// TestSchemaAgainstTestdata: the samples and the blank document pass the
// schema; a fixture of a rule the schema checks whole fails it; a fixture
// of a rule it does not check passes it.
func TestSchemaAgainstTestdata(t *testing.T) {
	rulesettest.SchemaAgainstTestdata(t, rs, invalidDir, schemaRule)
}
