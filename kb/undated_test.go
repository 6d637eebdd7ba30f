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
// ordered among its page's revisions by what it shows
// (extract.CompareDatings): an N5 snapshot comes after a dated N4
// revision and is current; an undated oldid view of N4 text (a revision
// id, no date) stays before it; a capture of the page as the wiki showed
// it (no revision id) showed the current revision of its day, so it comes
// after the dated revisions of its edition, and after all of them when
// its edition cannot be told.
func TestUndatedOrderedByWhatItShows(t *testing.T) {
	ctx := context.Background()
	page := wikirules.Page{Title: "Dodge", Language: "en", Wiki: "infinity-en"}
	item := func(id, text string, ts time.Time, eds wikirules.Editions) Item {
		if id == "" {
			id = wikirules.DeriveRevisionID(page.Title, ts, text)
		}
		rev := wikirules.Revision{Page: page, ID: id, Timestamp: ts, Format: wikirules.FormatPageText, Text: text}
		return Item{Rev: rev, X: &wikirules.Extraction{PageEditions: eds}}
	}
	dated := item("", "Dodge\n\nN4 text.", time.Date(2021, 2, 11, 0, 0, 0, 0, time.UTC), wikirules.Editions(wikirules.N4))
	n5 := item("", "Dodge\n\nN5 text.", time.Time{}, wikirules.Editions(wikirules.N5|wikirules.N4))
	oldid := item("infinity-en:100", "Dodge\n\nOld N4 text.", time.Time{}, wikirules.Editions(wikirules.N4))
	capture := item("", "Dodge\n\nOther N4 text.", time.Time{}, wikirules.Editions(wikirules.N4))
	unknown := item("", "Dodge\n\nText of no known edition.", time.Time{}, 0)
	for _, tc := range []struct {
		items   []Item
		want    []Item
		current Item
	}{
		{[]Item{dated, n5, oldid, capture, unknown}, []Item{oldid, dated, unknown, capture, n5}, n5},
		{[]Item{unknown, dated, oldid}, []Item{oldid, dated, unknown}, unknown},
	} {
		var want []string
		for _, it := range tc.want {
			want = append(want, it.Rev.ID)
		}
		// Stored in every rotation, the knowledge base orders them alike.
		for r := range tc.items {
			db := openTest(t)
			for i := range tc.items {
				if _, err := db.Put(ctx, []Item{tc.items[(i+r)%len(tc.items)]}); err != nil {
					t.Fatal(err)
				}
			}
			h, err := db.History(ctx, "Dodge", wikirules.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, rev := range h {
				got = append(got, rev.ID)
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("history %v, want %v", got, want)
			}
			v, err := db.Page(ctx, "Dodge", wikirules.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if v.Revision.ID != tc.current.Rev.ID {
				t.Errorf("current revision %s, want %s", v.Revision.ID, tc.current.Rev.ID)
			}
			var cur string
			if err := db.db.QueryRowContext(ctx, `SELECT revision FROM current_revisions`).Scan(&cur); err != nil || cur != tc.current.Rev.ID {
				t.Errorf("current_revisions holds %s (%v), want %s", cur, err, tc.current.Rev.ID)
			}
		}
	}
}
