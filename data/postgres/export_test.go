package postgres

// SetListed makes db call f with each list query's text and arguments
// before it runs; for tests that explain the queries the store runs.
func SetListed(db *DB, f func(query string, args []any)) { db.listed = f }
