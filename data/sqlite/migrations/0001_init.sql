-- Accounts, sessions, API tokens, designs with immutable versions, the
-- library's full-text index and the recomputation log.

CREATE TABLE users (
	id            INTEGER PRIMARY KEY,
	name          TEXT NOT NULL UNIQUE COLLATE NOCASE,
	password_hash TEXT NOT NULL,
	created_at    TEXT NOT NULL
);

CREATE TABLE sessions (
	hash       TEXT PRIMARY KEY,
	user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	created_at TEXT NOT NULL,
	expires_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE tokens (
	id         INTEGER PRIMARY KEY,
	user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	name       TEXT NOT NULL,
	hash       TEXT NOT NULL UNIQUE,
	created_at TEXT NOT NULL
);

-- seq is the internal row id (FTS rowid, cursor tie-break); id is public.
-- The evaluation columns copy those of the latest version for filtering.
CREATE TABLE designs (
	seq              INTEGER PRIMARY KEY,
	id               TEXT NOT NULL UNIQUE,
	owner_id         INTEGER NOT NULL REFERENCES users(id),
	visibility       TEXT NOT NULL CHECK (visibility IN ('private', 'unlisted', 'public')),
	ruleset          TEXT NOT NULL,
	rules_version    INTEGER NOT NULL,
	name             TEXT NOT NULL,
	description      TEXT NOT NULL DEFAULT '',
	tags             TEXT NOT NULL DEFAULT '[]',
	universe         TEXT NOT NULL DEFAULT '',
	version          INTEGER NOT NULL,
	parent_id        TEXT,
	parent_version   INTEGER,
	forks            INTEGER NOT NULL DEFAULT 0,
	created_at       TEXT NOT NULL,
	updated_at       TEXT NOT NULL,
	deleted_at       TEXT,
	cv               REAL NOT NULL DEFAULT 0,
	points           REAL NOT NULL DEFAULT 0,
	tier             INTEGER NOT NULL DEFAULT 1,
	tech_level       INTEGER NOT NULL DEFAULT 0,
	movement         TEXT NOT NULL DEFAULT '',
	hull             TEXT NOT NULL DEFAULT '',
	carries_fighters INTEGER NOT NULL DEFAULT 0,
	legal            INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX designs_owner ON designs(owner_id, seq);
CREATE INDEX designs_parent ON designs(parent_id);
CREATE INDEX designs_lib_newest ON designs(seq) WHERE visibility = 'public' AND deleted_at IS NULL;
CREATE INDEX designs_lib_cv ON designs(cv, seq) WHERE visibility = 'public' AND deleted_at IS NULL;
CREATE INDEX designs_lib_points ON designs(points, seq) WHERE visibility = 'public' AND deleted_at IS NULL;
CREATE INDEX designs_lib_name ON designs(name COLLATE NOCASE, seq) WHERE visibility = 'public' AND deleted_at IS NULL;
CREATE INDEX designs_lib_forks ON designs(forks, seq) WHERE visibility = 'public' AND deleted_at IS NULL;

CREATE TABLE versions (
	design_seq       INTEGER NOT NULL REFERENCES designs(seq),
	n                INTEGER NOT NULL,
	document         BLOB NOT NULL,
	result           BLOB NOT NULL,
	problems         BLOB NOT NULL,
	author_id        INTEGER NOT NULL REFERENCES users(id),
	created_at       TEXT NOT NULL,
	model_version    TEXT NOT NULL,
	cv               REAL NOT NULL,
	points           REAL NOT NULL,
	tier             INTEGER NOT NULL,
	ems              REAL NOT NULL,
	target_rating    REAL NOT NULL,
	mass_factor      REAL NOT NULL,
	tech_level       INTEGER NOT NULL,
	movement         TEXT NOT NULL,
	hull             TEXT NOT NULL,
	carries_fighters INTEGER NOT NULL,
	legal            INTEGER NOT NULL,
	PRIMARY KEY (design_seq, n)
);
CREATE INDEX versions_model ON versions(model_version);

-- The library index: rowid is designs.seq.
CREATE VIRTUAL TABLE designs_fts USING fts5(name, description, tags, universe, author, tokenize = 'unicode61 remove_diacritics 2');

CREATE TABLE recomputations (
	id         INTEGER PRIMARY KEY,
	design_seq INTEGER NOT NULL REFERENCES designs(seq),
	n          INTEGER NOT NULL,
	old_model  TEXT NOT NULL,
	new_model  TEXT NOT NULL,
	old_cv     REAL NOT NULL,
	new_cv     REAL NOT NULL,
	old_points REAL NOT NULL,
	new_points REAL NOT NULL,
	at         TEXT NOT NULL
);
