-- Two columns a save writes on the design row, so that the library reads
-- neither the full-text index's doclists nor the versions' documents for
-- a page (issue 12, a million designs):
--   words:   the design's searchable text as tokens (package data/words),
--            to test each row while walking a sort order's index;
--   outline: what a list draws of the latest version's sections
--            (library.Outline).
-- Rows stored before this migration hold NULL until the store's
-- background backfill reaches them (batches through the writer); until
-- no live row lacks words the store searches with the full-text index
-- alone, and a NULL outline draws from the document.
ALTER TABLE designs ADD COLUMN words TEXT;
ALTER TABLE designs ADD COLUMN outline TEXT;
CREATE INDEX designs_backfill ON designs(seq) WHERE (words IS NULL OR outline IS NULL) AND deleted_at IS NULL;
