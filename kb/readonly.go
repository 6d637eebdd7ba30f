package kb

import (
	"context"
	"database/sql"
	"fmt"
	"os"

	sqlite3 "modernc.org/sqlite/lib"
)

// onReadOnlyMedia reports whether err, from opening the existing file at
// path with mode=ro, is SQLite failing to create the shared-memory file
// (PATH-shm) that a reader of a WAL database needs: the directory cannot
// be written (SQLITE_READONLY_DIRECTORY: a read-only directory) or the
// file cannot be created at all (SQLITE_CANTOPEN: a read-only
// filesystem, such as a USB stick mounted read-only or a CD).
func onReadOnlyMedia(err error) bool {
	switch sqliteCode(err) {
	case sqlite3.SQLITE_READONLY_DIRECTORY, sqlite3.SQLITE_CANTOPEN:
		return true
	}
	return false
}

// openImmutable opens path as SQLite's immutable=1 database: no locks, no
// shared-memory file, no write-ahead log read. That is right for a file no
// process can change (read-only media) as long as no write-ahead log holds
// committed changes the file lacks: a non-empty PATH-wal is refused, since
// reading without it would answer from an older state without saying so.
// A knowledge base closed by its last writer has no log (SQLite folds it
// into the file and deletes it).
func openImmutable(ctx context.Context, path string, cacheKiB int) (*DB, error) {
	if st, err := os.Stat(path + "-wal"); err == nil && st.Size() > 0 {
		return nil, fmt.Errorf("%s is on read-only media but its write-ahead log %s-wal holds %d bytes of changes not yet in it: "+
			"open it once where it can be written (query index -check -db %s folds the log in), then copy it again", path, path, st.Size(), path)
	}
	dsn := fmt.Sprintf("file:%s?mode=ro&immutable=1&_query_only=1&_pragma=cache_size(%d)", path, cacheKiB)
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db := &DB{db: sdb, path: path, readOnly: true, immutable: true}
	if err := db.read(ctx, func(tx *sql.Tx) error { return checkMigrated(ctx, tx) }); err != nil {
		sdb.Close()
		return nil, err
	}
	return db, nil
}

// Immutable reports whether OpenReadOnly found the database on read-only
// media (a directory or filesystem that cannot be written) and opened it
// as immutable: it then takes no locks and does not see later changes to
// the file, which on such media no one can make.
func (db *DB) Immutable() bool { return db.immutable }
