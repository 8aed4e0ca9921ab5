-- Table games (issue 22, docs/table.md), as the SQLite store's migration
-- 0010: each game of an account is one document (game.Game as JSON) with
-- its revision; watch is the secret of the game's read-only link.
CREATE TABLE games (
	id         text PRIMARY KEY,
	owner_id   bigint NOT NULL REFERENCES users (id),
	watch      text NOT NULL UNIQUE,
	name       text NOT NULL,
	rev        integer NOT NULL,
	ships      integer NOT NULL,
	document   bytea NOT NULL,
	created_at timestamptz NOT NULL,
	updated_at timestamptz NOT NULL
);
CREATE INDEX games_owner ON games (owner_id, updated_at);
