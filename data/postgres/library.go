package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/slipway/slipway/library"
)

// sortColumns maps the library's sort names to columns; every order is
// made total by the design's seq. Names sort by their bytes with ASCII
// letters folded, as SQLite's NOCASE does.
var sortColumns = map[string]string{
	"newest": "d.seq",
	"cv":     "d.cv",
	"points": "d.points",
	"name":   `lower(d.name COLLATE "C")`,
	"forks":  "d.forks",
}

// Library returns one page of public, live designs matching q, in a
// stable order, with a cursor for the next page when there is one.
//
// Text only selects: a design is listed when every word of the search
// occurs in it (as a prefix of one of its words); the order is the sort
// the caller chose, never a text rank.
func (db *DB) Library(ctx context.Context, q library.LibraryQuery) (*library.LibraryPage, error) {
	col, ok := sortColumns[q.Sort]
	if !ok {
		return nil, fmt.Errorf("library: unknown sort %q", q.Sort)
	}
	limit := q.Limit
	if limit <= 0 || limit > library.MaxPage {
		limit = 20
	}
	where := []string{"d.visibility = 'public'", "d.deleted_at IS NULL"}
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if tsq, ok := searchQuery(q.Q); !ok {
		return &library.LibraryPage{Designs: []*library.Design{}}, nil
	} else if tsq != "" {
		where = append(where, "d.search @@ "+arg(tsq)+"::tsquery")
	}
	if q.Tier > 0 {
		where = append(where, "d.tier = "+arg(q.Tier))
	}
	if q.CVMin != nil {
		where = append(where, "d.cv >= "+arg(*q.CVMin))
	}
	if q.CVMax != nil {
		where = append(where, "d.cv <= "+arg(*q.CVMax))
	}
	if q.PtsMin != nil {
		where = append(where, "d.points >= "+arg(*q.PtsMin))
	}
	if q.PtsMax != nil {
		where = append(where, "d.points <= "+arg(*q.PtsMax))
	}
	if q.TechLevel > 0 {
		where = append(where, "d.tech_level = "+arg(q.TechLevel))
	}
	if q.Movement != "" {
		where = append(where, "d.movement = "+arg(q.Movement))
	}
	if q.Hull != "" {
		where = append(where, "d.hull = "+arg(q.Hull))
	}
	if q.CarriesFighters != nil {
		where = append(where, "d.carries_fighters = "+arg(*q.CarriesFighters))
	}
	if q.Ruleset != "" {
		where = append(where, "d.ruleset = "+arg(q.Ruleset))
	}
	if q.RulesVersion != 0 {
		where = append(where, "d.rules_version = "+arg(q.RulesVersion))
	}
	dir, cmp := "ASC", ">"
	if q.Desc {
		dir, cmp = "DESC", "<"
	}
	if c := q.After; c != nil {
		var key string
		switch q.Sort {
		case "newest":
		case "name":
			s, _ := c.Key.(string)
			key = `lower(` + arg(s) + `::text COLLATE "C")`
		case "forks":
			f, _ := c.Key.(float64)
			key = arg(int64(f)) + "::integer"
		default:
			f, _ := c.Key.(float64)
			key = arg(f) + "::double precision"
		}
		if q.Sort == "newest" {
			where = append(where, "d.seq "+cmp+" "+arg(c.Seq))
		} else {
			where = append(where, "("+col+", d.seq) "+cmp+" ("+key+", "+arg(c.Seq)+")")
		}
	}
	order := col + " " + dir
	if col != "d.seq" {
		order += ", d.seq " + dir
	}
	query := `SELECT ` + designCols + listFrom + ` WHERE ` + strings.Join(where, " AND ") +
		` ORDER BY ` + order + ` LIMIT ` + strconv.Itoa(limit+1)
	ds, err := db.designs(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("library: %w", err)
	}
	page := &library.LibraryPage{Designs: ds}
	if len(ds) > limit {
		page.Designs = ds[:limit]
		last := ds[limit-1]
		c := &library.Cursor{Seq: last.Seq}
		switch q.Sort {
		case "cv":
			c.Key = last.Latest.Evaluation.CV
		case "points":
			c.Key = last.Latest.Evaluation.Points
		case "name":
			c.Key = last.Name
		case "forks":
			c.Key = float64(last.Forks)
		}
		page.Next = c
	}
	return page, nil
}
