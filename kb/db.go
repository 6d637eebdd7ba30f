package kb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"modernc.org/sqlite" // registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/wikirules/wikirules"
)

// DB is the knowledge base: a SQLite database holding pages, revisions,
// records, FAQs and their full-text index. It implements wikirules.Store.
// A DB is safe for concurrent use; writes are serialised by SQLite.
type DB struct {
	db        *sql.DB
	path      string
	readOnly  bool
	immutable bool // opened with immutable=1 on read-only media (openImmutable)
	stmts     stmtCache
}

var _ wikirules.Store = (*DB)(nil)

// busyTimeoutMS is how long a connection waits for a lock held by another
// connection or process before failing with SQLITE_BUSY.
const busyTimeoutMS = 10000

// cacheSizeKiB is the page cache of each read-only connection, as
// SQLite's negative cache_size (KiB): 32 MiB.
const cacheSizeKiB = -32000

// writeCacheKiB is the page cache of each connection of a writable handle
// (Open): 16 MiB. A larger one made an ingest no faster and cost as much
// more memory (BENCHMARKS.md, Ingest).
const writeCacheKiB = -16000

// Open opens the database at path, creating it if needed, and applies the
// pending migrations. path ":memory:" gives a private in-memory database
// (one connection, so every call sees the same data). The file uses WAL
// journaling (readers never block the writer), synchronous=NORMAL, a
// busy_timeout of 10 s, a 16 MiB page cache, enforced foreign keys and
// temporary files in memory (temp_store=MEMORY); the WAL is checkpointed
// every 16,384 pages (64 MiB) and truncated to 64 MiB after.
// Transactions begin IMMEDIATE so that writers queue instead of failing
// on lock upgrade.
//
// Temporary files in memory: within an ingest's transaction, a statement
// that fires a trigger or checks a foreign key keeps a statement journal
// (the pages it changes, to undo it alone), which SQLite otherwise spills
// to a temporary file past 64 KiB, and writes through the system call
// interface many times the size of the database. Read-only handles keep
// SQLite's default.
//
// Opening retries for up to the busy timeout while another process holds
// the database: SQLite answers "database is locked" at once, without
// waiting, when waiting could deadlock, so writers would fail instead of
// queueing.
func Open(ctx context.Context, path string) (*DB, error) {
	if path == "" {
		return nil, errors.New("kb: open: empty path")
	}
	if strings.ContainsAny(path, "?#") && path != ":memory:" {
		return nil, fmt.Errorf("kb: open %s: '?' and '#' are not allowed in a database path", path)
	}
	params := fmt.Sprintf("_busy_timeout=%d&_foreign_keys=1&_txlock=immediate&_pragma=cache_size(%d)&_pragma=temp_store(memory)", busyTimeoutMS, writeCacheKiB)
	dsn := "file:" + path + "?" + params + "&_synchronous=NORMAL&_journal_mode=WAL&_pragma=wal_autocheckpoint(16384)&_pragma=journal_size_limit(67108864)"
	if path == ":memory:" {
		dsn = ":memory:?" + params
	}
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("kb: open %s: %w", path, err)
	}
	if path == ":memory:" {
		sdb.SetMaxOpenConns(1)
	}
	db := &DB{db: sdb, path: path}
	deadline := time.Now().Add(busyTimeoutMS * time.Millisecond)
	for {
		err := db.migrate(ctx)
		if err == nil {
			return db, nil
		}
		if !isBusy(err) || time.Now().After(deadline) {
			sdb.Close()
			return nil, fmt.Errorf("kb: open %s: %w", path, err)
		}
		select {
		case <-ctx.Done():
			sdb.Close()
			return nil, fmt.Errorf("kb: open %s: %w", path, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// sqliteCode returns the SQLite result code of err (0 when it is none).
func sqliteCode(err error) int {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code()
	}
	return 0
}

// isBusy reports whether err is SQLite's "database is locked" (SQLITE_BUSY,
// any extended code).
func isBusy(err error) bool { return sqliteCode(err)&0xff == sqlite3.SQLITE_BUSY }

// OpenReadOnly opens an existing, migrated database at path for reading
// only (SQLite mode=ro), as the web server does. It fails, wrapping
// fs.ErrNotExist, when the file does not exist, and when the database
// lacks a migration this package knows. On read-only media, where SQLite
// cannot create the shared-memory file a WAL reader needs, it opens the
// file immutable (see Immutable). Options: SmallCache.
func OpenReadOnly(ctx context.Context, path string, opts ...ReadOption) (*DB, error) {
	cache := cacheSizeKiB
	for _, o := range opts {
		cache = o.cacheKiB
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("kb: open read-only: %w", err)
	}
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("kb: open read-only %s: '?' and '#' are not allowed in a database path", path)
	}
	db, err := openReadOnly(ctx, path, cache)
	if onReadOnlyMedia(err) {
		db, err = openImmutable(ctx, path, cache)
	}
	if isBusy(err) {
		return nil, fmt.Errorf("kb: open read-only %s: %w: %w", path, ErrBusy, err)
	}
	if err != nil {
		return nil, fmt.Errorf("kb: open read-only %s: %w", path, err)
	}
	return db, nil
}

// ErrBusy is wrapped by OpenReadOnly when another process held the
// database locked for longer than the busy timeout (10 s).
var ErrBusy = errors.New("the knowledge base is locked by a process writing it")

// openReadOnly opens path with mode=ro and checks its migrations.
func openReadOnly(ctx context.Context, path string, cacheKiB int) (*DB, error) {
	dsn := fmt.Sprintf("file:%s?mode=ro&_busy_timeout=%d&_query_only=1&_pragma=cache_size(%d)", path, busyTimeoutMS, cacheKiB)
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db := &DB{db: sdb, path: path, readOnly: true}
	if err := db.read(ctx, func(tx *sql.Tx) error { return checkMigrated(ctx, tx) }); err != nil {
		sdb.Close()
		return nil, err
	}
	return db, nil
}

// ReadOption is an option of OpenReadOnly.
type ReadOption struct{ cacheKiB int }

// SmallCache gives each connection a 4 MiB page cache instead of 32 MiB,
// for a reader that goes through the database once, such as the build of
// the search index after an ingest: the pages it reads again are in the
// operating system's cache anyway, and the memory is better left to the
// index build.
func SmallCache() ReadOption { return ReadOption{cacheKiB: -4096} }

// Close closes the database.
func (db *DB) Close() error {
	db.closeStmts()
	if err := db.db.Close(); err != nil {
		return fmt.Errorf("kb: close %s: %w", db.path, err)
	}
	return nil
}

// read runs fn in a read transaction. The transaction is always rolled
// back: reads never change the database.
func (db *DB) read(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(tx)
}

// Integrity runs PRAGMA integrity_check and the FTS5 integrity check and
// returns an error listing the problems found, or nil for a sound database.
func (db *DB) Integrity(ctx context.Context) error {
	var problems []string
	rows, err := db.db.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return fmt.Errorf("kb: integrity check %s: %w", db.path, err)
	}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return fmt.Errorf("kb: integrity check %s: %w", db.path, err)
		}
		if s != "ok" {
			problems = append(problems, s)
		}
	}
	if err := rows.Close(); err != nil {
		return fmt.Errorf("kb: integrity check %s: %w", db.path, err)
	}
	if !db.readOnly {
		if _, err := db.db.ExecContext(ctx, `INSERT INTO search (search) VALUES ('integrity-check')`); err != nil {
			problems = append(problems, "fts5: "+err.Error())
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("kb: integrity check %s: %s", db.path, strings.Join(problems, "; "))
	}
	return nil
}

// Stats counts what the database holds.
type Stats struct {
	Pages          int `json:"pages"`
	Revisions      int `json:"revisions"`
	Records        int `json:"records"`
	Contents       int `json:"record_contents"` // distinct record contents (records share them across revisions)
	FAQs           int `json:"faqs"`            // distinct FAQ and errata entries
	FAQOccurrences int `json:"faq_occurrences"` // (FAQ, revision) appearances
	// UnknownTemplates sums, over every revision, the uses of each
	// template outside the extractor's vocabulary.
	UnknownTemplates map[string]int `json:"unknown_templates"`
	// Hidden counts the revisions hidden from answers (deleted on the
	// wiki, or whose text it hides: TextHidden of them), Moves the page
	// moves applied by syncs (sync.go).
	Hidden     int `json:"hidden_revisions,omitempty"`
	TextHidden int `json:"text_hidden,omitempty"`
	Moves      int `json:"moves,omitempty"`
}

// Stats returns the row counts and the unknown-template totals.
func (db *DB) Stats(ctx context.Context) (Stats, error) {
	s := Stats{UnknownTemplates: map[string]int{}}
	err := db.read(ctx, func(tx *sql.Tx) error {
		for _, c := range []struct {
			table, count string
			n            *int
		}{{"pages", "COUNT(*)", &s.Pages}, {"revisions", "COUNT(*)", &s.Revisions},
			{"revision_records", "COALESCE(SUM(count), 0)", &s.Records}, {"record_contents", "COUNT(*)", &s.Contents},
			{"faqs", "COUNT(*)", &s.FAQs}, {"faq_occurrences", "COUNT(*)", &s.FAQOccurrences}} {
			if err := tx.QueryRowContext(ctx, `SELECT `+c.count+` FROM `+c.table).Scan(c.n); err != nil {
				return fmt.Errorf("count %s: %w", c.table, err)
			}
		}
		var err error
		if s.Hidden, s.TextHidden, s.Moves, err = hiddenCounts(ctx, tx); err != nil {
			return fmt.Errorf("count hidden revisions: %w", err)
		}
		rows, err := tx.QueryContext(ctx, `SELECT name, SUM(count) FROM unknown_templates GROUP BY name`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var name string
			var n int
			if err := rows.Scan(&name, &n); err != nil {
				return err
			}
			s.UnknownTemplates[name] = n
		}
		return rows.Err()
	})
	if err != nil {
		return Stats{}, fmt.Errorf("kb: stats: %w", err)
	}
	return s, nil
}
