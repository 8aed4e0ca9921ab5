package main

import (
	"testing"

	"github.com/slipway/slipway/api"
	"github.com/slipway/slipway/fleet"
)

// TestBurstBodies: every body of the memory bursts fits the API's body
// limit (else the burst would measure 413s), and is about the size issue
// 20 names.
func TestBurstBodies(t *testing.T) {
	ar, err := armada(200)
	if err != nil {
		t.Fatal(err)
	}
	samples, err := sampleImport(1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		body     []byte
		min, max int
	}{
		{"fleets-evaluate", ar, 500_000, api.MaxBodyBytes},
		{"import", badImport(700), 380_000, 450_000},
		{"fleets-validate", badFleet(fleet.MaxShips), 200_000, 350_000},
		{"import-samples", samples, 900_000, 1_000_000},
	} {
		if n := len(c.body); n < c.min || n > c.max {
			t.Errorf("%s: %d bytes, want %d to %d", c.name, n, c.min, c.max)
		}
	}
}
