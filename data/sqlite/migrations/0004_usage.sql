-- Account usage without reading versions: the stored bytes of each
-- design's versions are kept on the design (the number of its versions is
-- its latest version number), and an index covers the sum per owner.
ALTER TABLE designs ADD COLUMN stored_bytes INTEGER NOT NULL DEFAULT 0;
UPDATE designs SET stored_bytes = coalesce((SELECT sum(v.bytes) FROM versions v WHERE v.design_seq = designs.seq), 0);
CREATE INDEX designs_usage ON designs(owner_id, version, stored_bytes) WHERE deleted_at IS NULL;
