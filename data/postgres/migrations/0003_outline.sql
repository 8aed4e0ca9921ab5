-- What a list draws of each design's latest version (library.Outline),
-- written with every version, as the SQLite store's migration 0006, so a
-- page of the library reads no document. Rows stored before this
-- migration hold NULL until the store's background backfill reaches them;
-- a NULL outline draws from the document.
ALTER TABLE designs ADD COLUMN outline text;
CREATE INDEX designs_backfill ON designs(seq) WHERE outline IS NULL AND deleted_at IS NULL;
