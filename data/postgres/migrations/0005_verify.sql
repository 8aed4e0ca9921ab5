-- Verified sheets (issue 22), as the SQLite store's migration 0009: what
-- each printed sheet, card page or
-- fleet pack said, under its code (the first 80 bits of the SHA-256 of
-- the facts, base32), so that the verification page can say what was
-- printed then. The same facts are stored once (the code is the key);
-- subject ("design:<id>", "fleet:<id>" or "draft") is what the cap of
-- codes kept is counted over (library.MaxPrintedPerSubject).
CREATE TABLE printed (
	code       TEXT PRIMARY KEY,
	subject    TEXT NOT NULL,
	facts      JSONB NOT NULL,
	created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX printed_subject ON printed(subject, created_at);

-- A design owner's share link: its holder may verify the design's sheets
-- while the design is private. One per design; a new one replaces it.
CREATE TABLE design_shares (
	design_id  TEXT PRIMARY KEY,
	token      TEXT NOT NULL,
	created_at TIMESTAMPTZ NOT NULL
);
