package kb

import (
	"context"
	"database/sql"
	"testing"
	"time"
	"unicode"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

func TestFoldTitle(t *testing.T) {
	for in, want := range map[string]string{
		"Órdenes_de  Reacción": "ordenes de reaccion", " Esquivar ": "esquivar", "ÑANDÚ": "nandu",
		"Dāturazi": "daturazi", "Línea_de_Tiro": "linea de tiro", "": "",
	} {
		if got := foldTitle(in); got != want {
			t.Errorf("foldTitle(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestFoldMatchesFTS5 checks that lang.Fold folds every Latin letter as
// the tokenizer of the search tables (FTS5 unicode61 remove_diacritics 2)
// does, so that the stored fold keys, the fallback's stopwords and what
// FTS5 indexed agree.
func TestFoldMatchesFTS5(t *testing.T) {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, q := range []string{
		`CREATE VIRTUAL TABLE f USING fts5(x, tokenize = 'unicode61 remove_diacritics 2')`,
		`CREATE VIRTUAL TABLE v USING fts5vocab(f, 'instance')`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	words := map[int64]string{1: "Órdenes", 2: "Reacción", 3: "pingüino", 4: "Ñandú", 5: "ÇA", 6: "e\u0301s", 7: "Dāturazi"}
	for _, block := range [][2]rune{{0x00C0, 0x024F}, {0x1E00, 0x1EFF}} {
		for r := block[0]; r <= block[1]; r++ {
			if unicode.IsLetter(r) {
				words[int64(r)] = "x" + string(r) + "x"
			}
		}
	}
	for id, w := range words {
		if _, err := db.Exec(`INSERT INTO f (rowid, x) VALUES (?, ?)`, id, w); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := db.Query(`SELECT doc, term FROM v`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var id int64
		var term string
		if err := rows.Scan(&id, &term); err != nil {
			t.Fatal(err)
		}
		if got := lang.Fold(words[id]); got != term {
			t.Errorf("lang.Fold(%q) = %q, FTS5 indexes %q", words[id], got, term)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if n != len(words) {
		t.Errorf("FTS5 made %d terms of %d one-word texts", n, len(words))
	}
}

// TestTitleFoldMigration: a knowledge base whose fold keys were stored by
// the older fold (which kept "ā") has them recomputed by migration 0007,
// and the accent-insensitive lookup then finds the page.
func TestTitleFoldMigration(t *testing.T) {
	ctx := context.Background()
	text := "El Dāturazi declara Mover.\n"
	when := time.Date(2021, 2, 11, 10, 0, 0, 0, time.UTC)
	rev := wikirules.Revision{Page: wikirules.Page{Title: "Dāturazi", Language: "es", Wiki: "infinity-es"},
		ID: wikirules.DeriveRevisionID("Dāturazi", when, text), Timestamp: when, Format: wikirules.FormatContribs, Text: text}
	path := newFile(t, Item{Rev: rev, X: &wikirules.Extraction{}})
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`UPDATE pages SET fold = 'dāturazi'`,
		`DELETE FROM migrations WHERE name = 'migrations/0007_title_fold.sql'`,
	} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw.Close()
	if _, err := OpenReadOnly(ctx, path); err == nil {
		t.Fatal("the older database opens read-only without migration 0007")
	}
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, title := range []string{"daturazi", "DATURAZI", "Dāturazi"} {
		v, err := db.Page(ctx, title, wikirules.Filter{})
		if err != nil {
			t.Errorf("Page(%q) after the migration: %v", title, err)
		} else if v.Page.Title != "Dāturazi" {
			t.Errorf("Page(%q) = %q", title, v.Page.Title)
		}
	}
}
