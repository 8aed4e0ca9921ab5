package sqlite

// SetWALLimit sets the size past which the writer truncates the
// write-ahead log (walLimit) until the returned function restores it.
func SetWALLimit(n int64) (restore func()) {
	old := walLimit
	walLimit = n
	return func() { walLimit = old }
}

// WALPeak returns the largest size of db's write-ahead log file seen
// after a commit.
func WALPeak(db *DB) int64 { return db.walPeak.Load() }

// ResetWALPeak forgets the sizes WALPeak has seen.
func ResetWALPeak(db *DB) { db.walPeak.Store(0) }
