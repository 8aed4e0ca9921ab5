-- Fleets (issue 10): a fleet row with its latest version's summary, and
-- its immutable versions. A fleet references design versions inside its
-- document; nothing here joins to designs, so a design edit never changes
-- a stored fleet.
CREATE TABLE fleets (
	seq            INTEGER PRIMARY KEY,
	id             TEXT NOT NULL UNIQUE,
	owner_id       INTEGER NOT NULL REFERENCES users(id),
	visibility     TEXT NOT NULL CHECK (visibility IN ('private', 'unlisted', 'public')),
	name           TEXT NOT NULL,
	description    TEXT NOT NULL DEFAULT '',
	version        INTEGER NOT NULL,
	parent_id      TEXT,
	parent_version INTEGER,
	summary        TEXT NOT NULL,
	stored_bytes   INTEGER NOT NULL DEFAULT 0,
	created_at     TEXT NOT NULL,
	updated_at     TEXT NOT NULL,
	deleted_at     TEXT
);
CREATE INDEX fleets_owner ON fleets(owner_id, seq) WHERE deleted_at IS NULL;
CREATE INDEX fleets_public ON fleets(seq) WHERE visibility = 'public' AND deleted_at IS NULL;

CREATE TABLE fleet_versions (
	fleet_seq  INTEGER NOT NULL REFERENCES fleets(seq) ON DELETE CASCADE,
	n          INTEGER NOT NULL,
	visibility TEXT NOT NULL,
	document   BLOB NOT NULL,
	summary    TEXT NOT NULL,
	problems   BLOB NOT NULL,
	author_id  INTEGER NOT NULL,
	created_at TEXT NOT NULL,
	bytes      INTEGER NOT NULL,
	PRIMARY KEY (fleet_seq, n)
);
