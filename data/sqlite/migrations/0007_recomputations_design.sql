-- The recompute log is found by design: purging a deleted design deletes
-- its log rows, and deleting the design row makes SQLite look for rows
-- that still refer to it (the foreign key). Without an index each of
-- those read the whole log, which grows by a row for every design at
-- every model change: on a library of 93,010 designs and 3.2 million log
-- rows one such read took 0.3 s of CPU and 1.1 s from a cold cache, so a
-- purge batch of 50 designs held the writer, and every save behind it,
-- for a minute or more. PostgreSQL's store has had this index from its
-- first migration.
CREATE INDEX recomputations_design ON recomputations(design_seq);
