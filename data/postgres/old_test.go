package postgres_test

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// seedOld writes a user and a public design with one version in the
// columns every schema version has had, as the store of schema v wrote
// them.
func seedOld(ctx context.Context, url string, v int) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, `
INSERT INTO users (id, name, name_key, skeleton, password_hash, created_at) VALUES (1, 'Oldtimer', 'oldtimer', 'oldtimer', '!', now());
INSERT INTO designs (seq, id, owner_id, visibility, ruleset, rules_version, name, description, tags, universe,
	version, created_at, updated_at, cv, points, tier, tech_level, movement, hull, model_version, search)
	VALUES (1, 'olddesign', 1, 'public', 'metaverse', 1, 'Ancient Hulk', 'From the first schema.', '{relic}', '',
	1, now(), now(), 42, 100, 1, 6, 'cinematic', 'standard', 'm/0', '''ancient'':1 ''hulk'':2 ''relic'':10');
INSERT INTO versions (design_seq, n, document, result, problems, author_id, created_at, visibility, bytes,
	model_version, cv, points, tier, ems, target_rating, mass_factor, tech_level, movement, hull, carries_fighters, legal)
	VALUES (1, 1, '{"name":"Ancient Hulk"}', '{}', '[]', 1, now(), 'public', 29, 'm/0', 42, 100, 1, 3, 4, 2, 6,
	'cinematic', 'standard', false, true);
SELECT setval(pg_get_serial_sequence('users', 'id'), 1);
SELECT setval(pg_get_serial_sequence('designs', 'seq'), 1);`)
	return err
}
