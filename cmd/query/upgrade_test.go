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

// TestOlderSchemaUpgraded opens with query a knowledge base made by an
// older version (the seed corpus, with migration 0005 undone as a database
// made before it lacks it): query upgrades it once, says so on stderr,
// and answers as from a current one.
func TestOlderSchemaUpgraded(t *testing.T) {
	ctx := context.Background()
	path := sampleDBCopy(t)
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`DROP TRIGGER faq_occurrences_new`, `DROP TABLE faq_new`,
		`CREATE TABLE faq_stale (faq INTEGER PRIMARY KEY REFERENCES faqs (pk))`,
		`CREATE TRIGGER faq_occurrences_stale AFTER INSERT ON faq_occurrences BEGIN
			INSERT OR IGNORE INTO faq_stale (faq) VALUES (NEW.faq); END`,
		`DELETE FROM migrations WHERE name = 'migrations/0005_faq_new.sql'`,
	} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw.Close()
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
