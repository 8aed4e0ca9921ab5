package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEvalExitCodes(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"reference cruiser", []string{"eval", "../../testdata/reference-cruiser.json"}, 0},
		{"flags after the file", []string{"eval", "../../testdata/reference-cruiser.json", "--explain", "--json"}, 0},
		{"illegal design is still evaluated", []string{"eval", "../../testdata/invalid/R-SEC-05.json"}, 1},
		{"tier limit", []string{"eval", "--tier", "1", "../../data/samples/ras-freedom.json"}, 1},
		{"missing file", []string{"eval", filepath.Join(dir, "missing.json")}, 2},
		{"broken JSON", []string{"eval", "../../testdata/invalid/R-JSON-01.json"}, 2},
		{"no file", []string{"eval"}, 2},
		{"two files", []string{"eval", "a.json", "b.json"}, 2},
		{"compare", []string{"compare", "../../testdata/reference-cruiser.json", "../../data/samples/uss-einstein.json"}, 0},
		{"compare illegal", []string{"compare", "../../testdata/reference-cruiser.json", "../../testdata/invalid/R-SEC-05.json"}, 1},
		{"compare missing", []string{"compare", "../../testdata/reference-cruiser.json"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if code, out, errs := runCLI(t, tt.args...); code != tt.want {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.want, out, errs)
			}
		})
	}
}

func TestEvalJSONKeys(t *testing.T) {
	code, out, _ := runCLI(t, "eval", "--json", "../../testdata/reference-cruiser.json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &obj); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	for _, k := range []string{"cv", "points", "ems", "targetRating", "massFactor", "tier", "techLevel", "minTechLevel",
		"maxSpeed", "reactors", "modelVersion", "explanation", "problems"} {
		if _, ok := obj[k]; !ok {
			t.Errorf("missing key %q", k)
		}
	}
	if string(obj["cv"]) != "100" || string(obj["modelVersion"]) != `"metaverse-cv/7"` {
		t.Errorf("cv %s, modelVersion %s", obj["cv"], obj["modelVersion"])
	}
}

// TestEvalModelV1: metaverse-cv/7 is the default; --model metaverse-cv/1
// to metaverse-cv/6 reproduce the earlier models, and all score the
// reference cruiser 100.
func TestEvalModelV1(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "metaverse-cv/7"},
		{[]string{"--model", "metaverse-cv/1"}, "metaverse-cv/1"},
		{[]string{"--model", "metaverse-cv/2"}, "metaverse-cv/2"},
		{[]string{"--model", "metaverse-cv/3"}, "metaverse-cv/3"},
		{[]string{"--model", "metaverse-cv/4"}, "metaverse-cv/4"},
		{[]string{"--model", "metaverse-cv/5"}, "metaverse-cv/5"},
		{[]string{"--model", "metaverse-cv/6"}, "metaverse-cv/6"},
		{[]string{"--model", "metaverse-cv/7"}, "metaverse-cv/7"},
	} {
		args := append([]string{"eval", "--json"}, tc.args...)
		code, out, _ := runCLI(t, append(args, "../../testdata/reference-cruiser.json")...)
		var obj map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &obj); err != nil {
			t.Fatalf("%v: exit %d, not one JSON object: %v\n%s", tc.args, code, err, out)
		}
		if string(obj["cv"]) != "100" || string(obj["modelVersion"]) != `"`+tc.want+`"` {
			t.Errorf("%v: cv %s, modelVersion %s, want 100 and %s", tc.args, obj["cv"], obj["modelVersion"], tc.want)
		}
	}
	// A design whose CV differs between the models shows that --model
	// changes the number, not only the label.
	cvOf := func(model string) string {
		_, out, _ := runCLI(t, "eval", "--json", "--model", model, "../../data/samples/hms-thunderchild.json")
		var obj map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &obj); err != nil {
			t.Fatalf("%s: %v", model, err)
		}
		return string(obj["cv"])
	}
	if a, b := cvOf("metaverse-cv/1"), cvOf("metaverse-cv/2"); a == b {
		t.Errorf("HMS Thunderchild scores %s under both models", a)
	}
}

func TestEvalExplainAndCompareText(t *testing.T) {
	_, out, _ := runCLI(t, "eval", "--explain", "../../testdata/reference-cruiser.json")
	for _, want := range []string{"CV 100", "Combat value = 100", "Offence O", "Defence D", "Heavy laser"} {
		if !strings.Contains(out, want) {
			t.Errorf("eval --explain output lacks %q", want)
		}
	}
	_, out, _ = runCLI(t, "compare", "../../testdata/reference-cruiser.json", "../../data/samples/hms-thunderchild.json")
	if !strings.Contains(out, "total") || !strings.Contains(out, "CHANGE") {
		t.Errorf("compare output:\n%s", out)
	}
}

// TestEvalJSONNegativeHullDraft: an illegal draft with negative hull hits
// (issue 8) used to make eval --json fail on a NaN; it now prints the
// full result, finite, and exits 1 for illegal.
func TestEvalJSONNegativeHullDraft(t *testing.T) {
	b, err := os.ReadFile("../../testdata/reference-cruiser.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	for _, s := range doc["sections"].(map[string]any) {
		for _, l := range s.(map[string]any)["layers"].([]any) {
			l.(map[string]any)["hullHits"] = -5
		}
	}
	b, _ = json.Marshal(doc)
	f := filepath.Join(t.TempDir(), "negative.json")
	if err := os.WriteFile(f, b, 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "eval", "--json", f)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (illegal)\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	var r struct {
		CV     int             `json:"cv"`
		Legal  bool            `json:"legal"`
		Expl   json.RawMessage `json:"explanation"`
		Points int             `json:"points"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	if r.Legal || len(r.Expl) == 0 || r.CV < 0 || r.Points < 0 {
		t.Errorf("result: legal %v, cv %d, points %d, explanation %d bytes", r.Legal, r.CV, r.Points, len(r.Expl))
	}
}
