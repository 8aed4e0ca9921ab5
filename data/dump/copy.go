package dump

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"time"
)

// Page sizes of a copy: rows per read and per write transaction.
const (
	rowPage    = 1000
	designPage = 100
)

// Progress is told how many rows of a table a copy has written so far.
type Progress func(table string, n int)

// Copy copies every record of from into to, a page at a time (memory
// stays bounded whatever the library's size), and then lets to number new
// rows past the copied ones. Records already in to are left alone, so a
// copy that stopped half-way can be run again.
func Copy(ctx context.Context, from Source, to Sink, progress Progress) error {
	if progress == nil {
		progress = func(string, int) {}
	}
	n := 0
	for after := int64(0); ; {
		us, err := from.DumpUsers(ctx, after, rowPage)
		if err != nil || len(us) == 0 {
			if err != nil {
				return err
			}
			break
		}
		if err := to.LoadUsers(ctx, us); err != nil {
			return err
		}
		after, n = us[len(us)-1].ID, n+len(us)
		progress("users", n)
	}
	n = 0
	for after := int64(0); ; {
		ts, err := from.DumpTokens(ctx, after, rowPage)
		if err != nil || len(ts) == 0 {
			if err != nil {
				return err
			}
			break
		}
		if err := to.LoadTokens(ctx, ts); err != nil {
			return err
		}
		after, n = ts[len(ts)-1].ID, n+len(ts)
		progress("tokens", n)
	}
	n = 0
	for after := ""; ; {
		ss, err := from.DumpSessions(ctx, after, rowPage)
		if err != nil || len(ss) == 0 {
			if err != nil {
				return err
			}
			break
		}
		if err := to.LoadSessions(ctx, ss); err != nil {
			return err
		}
		after, n = ss[len(ss)-1].Hash, n+len(ss)
		progress("sessions", n)
	}
	n = 0
	for after := int64(0); ; {
		ds, err := from.DumpDesigns(ctx, after, designPage)
		if err != nil || len(ds) == 0 {
			if err != nil {
				return err
			}
			break
		}
		seqs := make([]int64, len(ds))
		for i, d := range ds {
			seqs[i] = d.Seq
		}
		vs, err := from.DumpVersions(ctx, seqs)
		if err != nil {
			return err
		}
		if err := to.LoadDesigns(ctx, ds, vs); err != nil {
			return err
		}
		after, n = ds[len(ds)-1].Seq, n+len(ds)
		progress("designs", n)
	}
	n = 0
	for after := int64(0); ; {
		fs, err := from.DumpFleets(ctx, after, designPage)
		if err != nil || len(fs) == 0 {
			if err != nil {
				return err
			}
			break
		}
		seqs := make([]int64, len(fs))
		for i, f := range fs {
			seqs[i] = f.Seq
		}
		vs, err := from.DumpFleetVersions(ctx, seqs)
		if err != nil {
			return err
		}
		if err := to.LoadFleets(ctx, fs, vs); err != nil {
			return err
		}
		after, n = fs[len(fs)-1].Seq, n+len(fs)
		progress("fleets", n)
	}
	n = 0
	for after := int64(0); ; {
		rs, err := from.DumpRecomputations(ctx, after, rowPage)
		if err != nil || len(rs) == 0 {
			if err != nil {
				return err
			}
			break
		}
		if err := to.LoadRecomputations(ctx, rs); err != nil {
			return err
		}
		after, n = rs[len(rs)-1].ID, n+len(rs)
		progress("recomputations", n)
	}
	return to.FinishLoad(ctx)
}

// Sum is the row count and checksum of one table.
type Sum struct {
	Table string `json:"table"`
	Rows  int    `json:"rows"`
	// SHA256 hashes every row, in key order, in a form that does not
	// depend on the store: times in UTC to the microsecond (PostgreSQL's
	// precision), absent tags as an empty list.
	SHA256 string `json:"sha256"`
}

// Checksums reads a whole library and sums each table: users, tokens,
// sessions, designs, versions, fleets, fleet versions and the recompute
// log.
func Checksums(ctx context.Context, s Source) ([]Sum, error) {
	type acc struct {
		n int
		h hash.Hash
	}
	newAcc := func() *acc { return &acc{h: sha256.New()} }
	add := func(a *acc, row any) error {
		b, err := json.Marshal(row)
		if err != nil {
			return err
		}
		a.h.Write(b)
		a.h.Write([]byte{'\n'})
		a.n++
		return nil
	}
	sum := func(table string, a *acc) Sum {
		return Sum{Table: table, Rows: a.n, SHA256: hex.EncodeToString(a.h.Sum(nil))}
	}
	var out []Sum
	users, tokens, sessions, designs, versions := newAcc(), newAcc(), newAcc(), newAcc(), newAcc()
	for after := int64(0); ; {
		us, err := s.DumpUsers(ctx, after, rowPage)
		if err != nil {
			return nil, err
		}
		if len(us) == 0 {
			break
		}
		for _, u := range us {
			u.CreatedAt, u.DeletedAt = micro(u.CreatedAt), microp(u.DeletedAt)
			if err := add(users, u); err != nil {
				return nil, err
			}
		}
		after = us[len(us)-1].ID
	}
	for after := int64(0); ; {
		ts, err := s.DumpTokens(ctx, after, rowPage)
		if err != nil {
			return nil, err
		}
		if len(ts) == 0 {
			break
		}
		for _, t := range ts {
			t.CreatedAt = micro(t.CreatedAt)
			if err := add(tokens, t); err != nil {
				return nil, err
			}
		}
		after = ts[len(ts)-1].ID
	}
	for after := ""; ; {
		ss, err := s.DumpSessions(ctx, after, rowPage)
		if err != nil {
			return nil, err
		}
		if len(ss) == 0 {
			break
		}
		for _, x := range ss {
			x.CreatedAt, x.ExpiresAt = micro(x.CreatedAt), micro(x.ExpiresAt)
			if err := add(sessions, x); err != nil {
				return nil, err
			}
		}
		after = ss[len(ss)-1].Hash
	}
	for after := int64(0); ; {
		ds, err := s.DumpDesigns(ctx, after, designPage)
		if err != nil {
			return nil, err
		}
		if len(ds) == 0 {
			break
		}
		seqs := make([]int64, len(ds))
		for i, d := range ds {
			seqs[i] = d.Seq
			d.CreatedAt, d.UpdatedAt, d.DeletedAt = micro(d.CreatedAt), micro(d.UpdatedAt), microp(d.DeletedAt)
			if d.Tags == nil {
				d.Tags = []string{}
			}
			if err := add(designs, d); err != nil {
				return nil, err
			}
		}
		vs, err := s.DumpVersions(ctx, seqs)
		if err != nil {
			return nil, err
		}
		for _, v := range vs {
			v.CreatedAt = micro(v.CreatedAt)
			if err := add(versions, v); err != nil {
				return nil, err
			}
		}
		after = ds[len(ds)-1].Seq
	}
	fleets, fleetVersions, recomputations := newAcc(), newAcc(), newAcc()
	for after := int64(0); ; {
		fs, err := s.DumpFleets(ctx, after, designPage)
		if err != nil {
			return nil, err
		}
		if len(fs) == 0 {
			break
		}
		seqs := make([]int64, len(fs))
		for i, f := range fs {
			seqs[i] = f.Seq
			f.CreatedAt, f.UpdatedAt, f.DeletedAt = micro(f.CreatedAt), micro(f.UpdatedAt), microp(f.DeletedAt)
			if err := add(fleets, f); err != nil {
				return nil, err
			}
		}
		vs, err := s.DumpFleetVersions(ctx, seqs)
		if err != nil {
			return nil, err
		}
		for _, v := range vs {
			v.CreatedAt = micro(v.CreatedAt)
			if err := add(fleetVersions, v); err != nil {
				return nil, err
			}
		}
		after = fs[len(fs)-1].Seq
	}
	for after := int64(0); ; {
		rs, err := s.DumpRecomputations(ctx, after, rowPage)
		if err != nil {
			return nil, err
		}
		if len(rs) == 0 {
			break
		}
		for _, r := range rs {
			r.At = micro(r.At)
			if err := add(recomputations, r); err != nil {
				return nil, err
			}
		}
		after = rs[len(rs)-1].ID
	}
	out = append(out, sum("users", users), sum("tokens", tokens), sum("sessions", sessions),
		sum("designs", designs), sum("versions", versions), sum("fleets", fleets),
		sum("fleet_versions", fleetVersions), sum("recomputations", recomputations))
	return out, nil
}

// Compare returns an error naming every table whose sums differ.
func Compare(from, to []Sum) error {
	if len(from) != len(to) {
		return fmt.Errorf("checksums: %d tables against %d", len(from), len(to))
	}
	var bad []string
	for i := range from {
		if from[i] != to[i] {
			bad = append(bad, fmt.Sprintf("%s: %d rows (%.12s) copied as %d rows (%.12s)",
				from[i].Table, from[i].Rows, from[i].SHA256, to[i].Rows, to[i].SHA256))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("the copy differs from its source: %v", bad)
	}
	return nil
}

func micro(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

func microp(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := micro(*t)
	return &u
}
