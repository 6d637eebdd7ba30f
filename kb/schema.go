package kb

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
)

// The schema, as created by migrations/*.sql (the pending ones applied in
// name order in one transaction, each recorded in the table
// migrations(name)).
//
//	pages(pk, title, fold, namespace, language, wiki), UNIQUE (wiki, title)
//	    One row per wiki page: a page is known by its wiki and title
//	    (migration 0009), so the Spanish and English wikis can each hold
//	    a page of one title. fold is foldTitle(title) (fold.go: "_"
//	    read as space, lang.Fold, spaces collapsed): the key of the case-
//	    and accent-insensitive lookup; migration 0007 recomputes it.
//	revisions(id PK, page → pages, parent, timestamp, inferred, user,
//	          comment, minor, sha1, format, origin, text, extracted,
//	          page_editions, links, layout, diagnostics)
//	    One row per stored revision; text is the revision text verbatim
//	    (TEXT), or its DEFLATE compression (BLOB) when that pays
//	    (textcodec.go). The partial index revisions_redirect (migration
//	    0013) holds the rows whose text is a TEXT opening with "#", the
//	    redirects (redirectPageAliases).
//	    timestamp is UTC in the fixed-width form of timeLayout, so that text
//	    order is time order. extracted is 1 when the revision came with an
//	    Extraction; page_editions, links (JSON array of titles), layout
//	    (JSON array of [start,end]) and diagnostics (JSON array) come from
//	    it. The current revision of a page as of T is its revision with the
//	    greatest (timestamp, id) and timestamp <= T.
//	record_contents(pk, page → pages, digest, section, kind, ordinal,
//	                depth, editions, version, superseded, title, links,
//	                notes, skill, fields, template, text, plain)
//	    One row per distinct record content of a page (migration 0004):
//	    the revisions of a page that show a record unchanged share its row
//	    (and its search rows). (page, digest) is unique; digest is the
//	    hex SHA-256 prefix of the other columns (newContent in put.go;
//	    rows migrated from the records table have a placeholder digest).
//	    section, links, notes are JSON arrays, fields a JSON object, skill
//	    a JSON object or "" when absent; editions is the Editions bit set.
//	revision_records(revision PK → revisions, count, records)
//	    The records of a revision in source order: a JSON array of
//	    [content → record_contents, id, span_start, span_end,
//	    superseded_by, alternative], what differs between revisions
//	    sharing a content; count is its length. One row per revision
//	    with records.
//	records (view): revision, seq, id, pk, page, the content's columns,
//	    superseded_by, alternative, span_start, span_end
//	    One row per Record of every revision, as the table of that name
//	    held before migration 0004; pk is the content's pk (so several
//	    revisions' records share it), seq the position in the revision,
//	    (revision, id) unique. The record's page and timestamp are those
//	    of its revision.
//	faqs(pk, id UNIQUE, type, title, version, question, answer, editions,
//	     source → revisions, removed)
//	    One row per distinct FAQ (wikirules.FAQ.ID); removed is the
//	    version that withdrew it (FAQ.Removed, migration 0011), "" when in
//	    force. Its content is taken
//	    from the occurrence with the newest (timestamp, id) revision, named
//	    by source.
//	faq_related(faq → faqs, seq, title, fold)
//	    The FAQ's related pages, in the order its related parameter lists
//	    them; fold is foldTitle(title), the key a page view looks them
//	    up by.
//	faq_occurrences(revision → revisions, seq, faq → faqs)
//	    The FAQ shown in a revision, seq-th among the revision's FAQs.
//	    A FAQ's pages, first and last revision are derived from these rows.
//	categories(revision → revisions, seq, name)
//	unknown_templates(revision → revisions, name, count)
//	redirect_aliases(wiki, title, fold, target → pages), PK (wiki, title)
//	    A redirect of the wiki known only from a rendered page shown
//	    through it (Revision.RedirectedFrom, migration 0010): its title
//	    names the target page in lookups when no page has that title.
//	search: FTS5(page, title, body), tokenize unicode61 remove_diacritics 2
//	    One row per record content (rowid = record_contents.pk; title = record title and
//	    section path, body = plain text and seefaq notes) and per FAQ (rowid = -faqs.pk;
//	    title = FAQ title and version, page = related pages, body =
//	    question and answer). Written in the same transaction as the rows
//	    it mirrors.
//
// The tables of syncs with a live wiki (migration 0008_sync.sql) are
// documented in sync.go, the write generation and the stored twin pairs
// (migration 0012_twins.sql) in twins.go, the stored page-name index
// (migration 0014_page_names.sql) in names.go.
//
//go:embed migrations/*.sql
var migrationFS embed.FS

// migrate applies the migrations not yet recorded in the migrations table,
// in name order, all in one transaction (after Ben Johnson's WTF Dial
// sqlite.DB.migrate, which commits each on its own): a failing migration
// leaves the database as it was, and a new database is created with one
// commit instead of one per file.
func (db *DB) migrate(ctx context.Context) error {
	names, err := migrationNames()
	if err != nil {
		return err
	}
	// A migration that rebuilds a table others reference (0009) needs
	// foreign key enforcement off, which SQLite allows only outside a
	// transaction: the migrations run on one connection with it off, and
	// the keys are checked before the commit.
	conn, err := db.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("kb: migrations: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA foreign_keys = OFF`); err != nil {
		return fmt.Errorf("kb: migrations: %w", err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `PRAGMA foreign_keys = ON`)
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("kb: migrations: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY)`); err != nil {
		return fmt.Errorf("kb: create migrations table: %w", err)
	}
	applied, rows := 0, false
	for _, name := range names {
		ok, changed, err := migrateFile(ctx, tx, name)
		if err != nil {
			return err
		}
		if ok {
			applied++
		}
		rows = rows || changed
	}
	if applied == 0 {
		return nil // nothing written but, at most, an empty table that exists already
	}
	if err := foreignKeyCheck(ctx, tx); err != nil {
		return err
	}
	// The write generation says whether what is derived from the rows
	// (the search index's stamp, the stored twin pairs) is in step; a
	// migration that changes no row (one adding an index) leaves it so,
	// and raising the generation would make every reader re-derive it.
	if !rows {
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("kb: migrations: commit: %w", err)
		}
		return nil
	}
	if err := bumpGeneration(ctx, tx); err != nil {
		return fmt.Errorf("kb: migrations: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("kb: migrations: commit: %w", err)
	}
	return nil
}

// foreignKeyCheck fails when a row of tx's database references a row
// that does not exist (PRAGMA foreign_key_check), naming the first one.
func foreignKeyCheck(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `PRAGMA foreign_key_check`)
	if err != nil {
		return fmt.Errorf("kb: migrations: foreign key check: %w", err)
	}
	defer rows.Close()
	if rows.Next() {
		var table, parent string
		var rowid sql.NullInt64
		var fk int
		if err := rows.Scan(&table, &rowid, &parent, &fk); err != nil {
			return fmt.Errorf("kb: migrations: foreign key check: %w", err)
		}
		return fmt.Errorf("kb: migrations: row %d of %s references a missing row of %s", rowid.Int64, table, parent)
	}
	return rows.Err()
}

// migrationNames returns the embedded migration files, sorted.
func migrationNames() ([]string, error) {
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return nil, fmt.Errorf("kb: list migrations: %w", err)
	}
	sort.Strings(names)
	return names, nil
}

// migrateFile applies one migration in tx unless it is recorded as
// applied; it reports whether it applied it and whether it changed rows.
func migrateFile(ctx context.Context, tx *sql.Tx, name string) (applied, changed bool, err error) {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM migrations WHERE name = ?`, name).Scan(&n); err != nil {
		return false, false, fmt.Errorf("kb: migration %s: %w", name, err)
	} else if n != 0 {
		return false, false, nil
	}
	buf, err := fs.ReadFile(migrationFS, name)
	if err != nil {
		return false, false, fmt.Errorf("kb: migration %s: %w", name, err)
	}
	// total_changes() counts the rows inserted, updated or deleted on the
	// connection; schema statements (CREATE INDEX) count none.
	var before, after int64
	if err := tx.QueryRowContext(ctx, `SELECT total_changes()`).Scan(&before); err != nil {
		return false, false, fmt.Errorf("kb: migration %s: %w", name, err)
	}
	if _, err := tx.ExecContext(ctx, string(buf)); err != nil {
		return false, false, fmt.Errorf("kb: migration %s: %w", name, err)
	}
	if err := tx.QueryRowContext(ctx, `SELECT total_changes()`).Scan(&after); err != nil {
		return false, false, fmt.Errorf("kb: migration %s: %w", name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO migrations (name) VALUES (?)`, name); err != nil {
		return false, false, fmt.Errorf("kb: migration %s: %w", name, err)
	}
	return true, after != before, nil
}

// ErrNotMigrated is returned (wrapped) by OpenReadOnly for a database made
// by an older version of this package: a read-only database cannot be
// migrated; Open migrates it.
var ErrNotMigrated = errors.New("kb: the database has an older schema")

// checkMigrated returns an error wrapping ErrNotMigrated unless every
// embedded migration is recorded in tx's database.
func checkMigrated(ctx context.Context, tx *sql.Tx) error {
	names, err := migrationNames()
	if err != nil {
		return err
	}
	for _, name := range names {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM migrations WHERE name = ?`, name).Scan(&n); err != nil {
			return fmt.Errorf("kb: check migration %s: %w", name, err)
		}
		if n == 0 {
			return fmt.Errorf("%w: migration %s not applied (Open applies it)", ErrNotMigrated, name)
		}
	}
	return nil
}
