-- Table games (issue 22, docs/table.md): each game of an account is one
-- document (game.Game as JSON) with its revision; a change is written
-- only over the revision it was made on. watch is the secret of the
-- game's read-only link.
CREATE TABLE games (
	id         TEXT PRIMARY KEY,
	owner_id   INTEGER NOT NULL REFERENCES users(id),
	watch      TEXT NOT NULL UNIQUE,
	name       TEXT NOT NULL,
	rev        INTEGER NOT NULL,
	ships      INTEGER NOT NULL,
	document   BLOB NOT NULL,
	created_at TEXT NOT NULL,
	updated_at TEXT NOT NULL
);
CREATE INDEX games_owner ON games(owner_id, updated_at);
