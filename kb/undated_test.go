package kb

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// TestAsOfSkipsUndatedRevisions: a rendered page that shows no date is
// stored with the zero time; it is part of the current wiki but never of
// the wiki as of a date (it cannot be shown to have existed then).
func TestAsOfSkipsUndatedRevisions(t *testing.T) {
	ctx := context.Background()
	text := "Módulo de Combate\n\nEl valor máximo de Ráfaga (R) de cualquier Ataque nunca puede ser superior a 6."
	rev := wikirules.Revision{
		Page: wikirules.Page{Title: "Módulo de Combate", Language: "es", Wiki: "infinity-es"},
		ID:   wikirules.DeriveRevisionID("Módulo de Combate", time.Time{}, text), TimestampInferred: true,
		Format: wikirules.FormatPageText, Text: text,
	}
	rec := wikirules.Record{ID: "modulo-de-combate-1", Kind: wikirules.KindImportant, Ordinal: 1,
		Text:  "El valor máximo de Ráfaga (R) de cualquier Ataque nunca puede ser superior a 6.",
		Plain: "El valor máximo de Ráfaga (R) de cualquier Ataque nunca puede ser superior a 6.",
		Span:  wikirules.Span{Start: 19, End: len(text)}}
	db := openTest(t, Item{Rev: rev, X: &wikirules.Extraction{Records: []wikirules.Record{rec}}}, berserk(t))

	if _, err := db.Page(ctx, "Módulo de Combate", wikirules.Filter{}); err != nil {
		t.Fatalf("current wiki: %v", err)
	}
	asOf := wikirules.Filter{AsOf: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	if _, err := db.Page(ctx, "Módulo de Combate", asOf); !errors.Is(err, wikirules.ErrNotFound) {
		t.Errorf("as of 2030: err = %v, want ErrNotFound for an undated page", err)
	}
	hits, err := db.SearchText(ctx, "ráfaga superior", asOf)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if h.Citation.Page == "Módulo de Combate" {
			t.Errorf("as-of search found the undated page: %+v", h.Citation)
		}
	}
	recs, err := db.Records(ctx, asOf)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Page == "Módulo de Combate" {
			t.Error("as-of Records holds the undated page")
		}
	}
	if hits, _ := db.SearchText(ctx, "ráfaga superior", wikirules.Filter{}); len(hits) == 0 {
		t.Error("the current wiki's search must find the undated page")
	}
}

// TestUndatedOrderedByWhatItShows: an undated rendered revision is
// ordered among its page's revisions by the editions it shows
// (extract.CompareDatings): an N5 snapshot comes after a dated N4
// revision and is current; an undated N4 one stays before it.
func TestUndatedOrderedByWhatItShows(t *testing.T) {
	ctx := context.Background()
	page := wikirules.Page{Title: "Dodge", Language: "en", Wiki: "infinity-en"}
	item := func(text string, ts time.Time, eds wikirules.Editions) Item {
		rev := wikirules.Revision{Page: page, ID: wikirules.DeriveRevisionID(page.Title, ts, text), Timestamp: ts,
			Format: wikirules.FormatPageText, Text: text}
		return Item{Rev: rev, X: &wikirules.Extraction{PageEditions: eds}}
	}
	dated := item("Dodge\n\nN4 text.", time.Date(2021, 2, 11, 0, 0, 0, 0, time.UTC), wikirules.Editions(wikirules.N4))
	n5 := item("Dodge\n\nN5 text.", time.Time{}, wikirules.Editions(wikirules.N5|wikirules.N4))
	n4 := item("Dodge\n\nOther N4 text.", time.Time{}, wikirules.Editions(wikirules.N4))
	// Stored in every order, the knowledge base orders them alike.
	for _, order := range [][]Item{{dated, n5, n4}, {n5, n4, dated}, {n4, dated, n5}} {
		db := openTest(t)
		for _, it := range order {
			if _, err := db.Put(ctx, []Item{it}); err != nil {
				t.Fatal(err)
			}
		}
		h, err := db.History(ctx, "Dodge", wikirules.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range h {
			got = append(got, r.ID)
		}
		want := []string{n4.Rev.ID, dated.Rev.ID, n5.Rev.ID}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("history %v, want undated N4, dated N4, undated N5 %v", got, want)
		}
		v, err := db.Page(ctx, "Dodge", wikirules.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if v.Revision.ID != n5.Rev.ID {
			t.Errorf("current revision %s, want the N5 snapshot %s", v.Revision.ID, n5.Rev.ID)
		}
		var cur string
		if err := db.db.QueryRowContext(ctx, `SELECT revision FROM current_revisions`).Scan(&cur); err != nil || cur != n5.Rev.ID {
			t.Errorf("current_revisions holds %s (%v), want %s", cur, err, n5.Rev.ID)
		}
	}
}
