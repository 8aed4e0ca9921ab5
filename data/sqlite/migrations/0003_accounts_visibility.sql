-- Accounts: a case-folded key and a confusables skeleton, each unique
-- among live users (filled in by the store at start for older rows), and
-- account deletion.
ALTER TABLE users ADD COLUMN name_key TEXT;
ALTER TABLE users ADD COLUMN skeleton TEXT;
ALTER TABLE users ADD COLUMN deleted_at TEXT;
CREATE UNIQUE INDEX users_name_key ON users(name_key) WHERE name_key IS NOT NULL;
CREATE UNIQUE INDEX users_skeleton ON users(skeleton) WHERE skeleton IS NOT NULL;

-- Each version remembers the visibility it was saved under: versions
-- saved while a design was private stay private after it is published.
-- Older versions take their design's visibility, as they were shown.
ALTER TABLE versions ADD COLUMN visibility TEXT NOT NULL DEFAULT 'private'
	CHECK (visibility IN ('private', 'unlisted', 'public'));
UPDATE versions SET visibility = (SELECT d.visibility FROM designs d WHERE d.seq = versions.design_seq);

-- Stored bytes per version, for account quotas.
ALTER TABLE versions ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
UPDATE versions SET bytes = length(document) + length(result) + length(problems);

-- designs.forks counts public live forks only: what everyone may see.
UPDATE designs SET forks = (SELECT count(*) FROM designs f
	WHERE f.parent_id = designs.id AND f.visibility = 'public' AND f.deleted_at IS NULL);

CREATE INDEX designs_deleted ON designs(deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX designs_parent_live ON designs(parent_id, seq) WHERE deleted_at IS NULL;
