package main

import (
	"bytes"
	"context"
	"database/sql"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/kb"

	_ "modernc.org/sqlite"
)

// execSQL runs stmts in order on the knowledge base file at path with the
// bare SQLite driver, below kb: how a test makes a database of an older
// schema.
func execSQL(t *testing.T, path string, stmts ...string) {
	t.Helper()
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, q := range stmts {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// TestOlderSchemaUpgraded opens with query a knowledge base made by an
// older version (the seed corpus, with migration 0006 undone as a database
// made before it lacks it): query upgrades it once, says so on stderr,
// and answers as from a current one.
func TestOlderSchemaUpgraded(t *testing.T) {
	ctx := context.Background()
	path := sampleDBCopy(t)
	execSQL(t, path,
		`CREATE TABLE faq_new (faq INTEGER NOT NULL REFERENCES faqs (pk), revision TEXT NOT NULL REFERENCES revisions (id))`,
		`CREATE TRIGGER faq_occurrences_new AFTER INSERT ON faq_occurrences BEGIN
			INSERT INTO faq_new (faq, revision) VALUES (NEW.faq, NEW.revision); END`,
		`CREATE TRIGGER revisions_current AFTER INSERT ON revisions BEGIN
			INSERT INTO current_revisions (page, revision, timestamp) VALUES (NEW.page, NEW.id, NEW.timestamp)
			ON CONFLICT (page) DO UPDATE SET revision = excluded.revision, timestamp = excluded.timestamp
			WHERE excluded.timestamp > current_revisions.timestamp; END`,
		`DELETE FROM migrations WHERE name = 'migrations/0006_writer_summaries.sql'`,
	)
	if _, err := kb.OpenReadOnly(ctx, path); err == nil {
		t.Fatal("the older database opens read-only without its migration")
	}

	for i, want := range []string{"upgrading " + path, ""} {
		var out, errb bytes.Buffer
		if err := Run(ctx, []string{"show", "-db", path, "-json", "Esquivar"}, &out, &errb); err != nil {
			t.Fatalf("run %d: %v\n%s", i, err, errb.String())
		}
		if got := errb.String(); (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("run %d: stderr %q, want %q", i, got, want)
		}
		if !strings.Contains(out.String(), `"Esquivar"`) {
			t.Errorf("run %d: no page Esquivar in %.200s", i, out.String())
		}
	}
	ro, err := kb.OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatalf("after the upgrade: %v", err)
	}
	ro.Close()
}
