package kb

import (
	"context"
	"testing"
)

// TestSearchRowFromRecord checks that the search row of a record, whose
// body flushSearch builds in SQL from the stored plain and notes columns
// (recordSearchBodySQL), holds what recordSearchBody and recordSearchTitle
// make of the record in Go: the Berserk effect with its real seefaq note,
// with no notes, several notes (JSON-escaped characters, an empty one) and
// a note of invalid UTF-8, whose body is copied instead.
func TestSearchRowFromRecord(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		notes []string // nil: the fixture's own
		keep  bool
	}{
		{"seefaq note", nil, true},
		{"no notes", nil, false},
		{"several notes", []string{`Ver "Trabado" <CC> & \ Mover`, "", "línea\ncon salto"}, false},
		{"invalid utf-8", []string{"Berserk \xff\xfe trabado"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			it := berserk(t)
			rec := &it.X.Records[1] // berserk-efectos-1
			if !tc.keep {
				rec.Notes = tc.notes
			}
			db := openTest(t, it)
			var page, title, body string
			err := db.db.QueryRowContext(ctx, `SELECT s.page, s.title, s.body FROM records rec
				JOIN search s ON s.rowid = rec.pk WHERE rec.revision = ? AND rec.id = ?`,
				it.Rev.ID, rec.ID).Scan(&page, &title, &body)
			if err != nil {
				t.Fatal(err)
			}
			if want := recordSearchBody(rec); body != want {
				t.Errorf("body = %q, want %q", body, want)
			}
			if want := recordSearchTitle(rec); title != want {
				t.Errorf("title = %q, want %q", title, want)
			}
			if page != "Berserk" {
				t.Errorf("page = %q, want Berserk", page)
			}
		})
	}
}
