package library

import (
	"strconv"
	"testing"
	"time"
)

// TestLimiterNeverForgetsEveryoneAtOnce fills the login limiter, at its
// real bound, past its capacity while an address over its limit keeps
// trying: the address stays limited throughout and after, the limiter
// never holds more than its bound, and refused attempts make no keys.
func TestLimiterNeverForgetsEveryoneAtOnce(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	l := newKeyedLimiter(10)
	l.now = func() time.Time { return now }
	attacker := "ip:203.0.113.9"
	for i := range 10 {
		if ok, _ := l.allow(attacker, "ipname:203.0.113.9\x00name"+strconv.Itoa(i)); !ok {
			t.Fatalf("attempt %d of the burst refused", i+1)
		}
	}
	if ok, wait := l.allow(attacker); ok || wait <= 0 {
		t.Fatalf("the 11th attempt in a minute: allowed %v, wait %v", ok, wait)
	}
	before := l.size()
	// The attack of issue 20: cheap refused logins, each for a new name.
	for i := range maxLimiterKeys + 1 {
		if ok, _ := l.allow(attacker, "ipname:203.0.113.9\x00guess"+strconv.Itoa(i)); ok {
			t.Fatalf("refused login %d allowed", i)
		}
	}
	if got := l.size(); got != before {
		t.Errorf("refused attempts made %d keys", got-before)
	}
	// Many other addresses, each allowed, fill the limiter one and a half
	// times over while the attacker keeps trying.
	for i := range maxLimiterKeys * 3 / 2 {
		if ok, _ := l.allow("ip:10." + strconv.Itoa(i>>16) + "." + strconv.Itoa(i>>8&255) + "." + strconv.Itoa(i&255)); !ok {
			t.Fatalf("address %d refused", i)
		}
		if i%1000 == 0 {
			if ok, _ := l.allow(attacker); ok {
				t.Fatalf("the attacker got a fresh burst after %d other addresses", i)
			}
		}
		if l.size() > maxLimiterKeys {
			t.Fatalf("%d keys, past the bound %d", l.size(), maxLimiterKeys)
		}
	}
	if ok, _ := l.allow(attacker); ok {
		t.Fatal("the attacker got a fresh burst after the limiter filled past its bound")
	}
	// The oldest keys went, one by one: the first addresses are fresh.
	if _, kept := l.buckets["ip:10.0.0.0"]; kept {
		t.Error("the least recently used key was kept past the bound")
	}
	// Time heals: one token a 6 s.
	now = now.Add(6 * time.Second)
	if ok, _ := l.allow(attacker); !ok {
		t.Error("still refused after the bucket refilled one token")
	}
}

func TestAddrKey(t *testing.T) {
	for in, want := range map[string]string{
		"192.0.2.7":            "192.0.2.7",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::1": "2001:db8:1:2::/64",
		"::ffff:192.0.2.7":     "::ffff:192.0.2.7",
		"not an address":       "not an address",
		"fe80::1%eth0":         "fe80::/64",
		"2001:db8:1:3:3:4:5:6": "2001:db8:1:3::/64",
	} {
		if got := addrKey(in); got != want {
			t.Errorf("addrKey(%q) = %q, want %q", in, got, want)
		}
	}
}
