package sqlite

import (
	"context"
	"embed"

	"github.com/slipway/slipway/data/migrate"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// Migration is one embedded schema change, applied once in its own
// transaction.
type Migration = migrate.Migration

// Migrations returns the embedded migrations in version order. Files are
// named NNNN_name.sql.
func Migrations() ([]Migration, error) { return migrate.Load(migrationFS, "migrations") }

// migrate applies every migration not yet recorded in schema_migrations
// (up to version upTo, 0: all) with the shared runner.
func (db *DB) migrate(ctx context.Context, upTo int) error {
	ms, err := Migrations()
	if err != nil {
		return err
	}
	_, err = migrate.Up(ctx, migrate.SQL(db.w), migrate.SQLite, ms, upTo)
	return err
}

// SchemaVersion returns the highest applied migration version.
func (db *DB) SchemaVersion(ctx context.Context) (int, error) {
	return migrate.Version(ctx, migrate.SQL(db.r))
}

// MigrateTo creates or opens the database at path and applies the
// migrations up to version v only, then closes it; for tests that upgrade
// a database from an earlier schema.
func MigrateTo(ctx context.Context, path string, v int) error {
	db := &DB{path: path}
	w, err := openWriter(ctx, path)
	if err != nil {
		return err
	}
	db.w = w
	defer w.Close()
	return db.migrate(ctx, v)
}
