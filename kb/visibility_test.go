package kb

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// write runs fn in one Writer and commits.
func write(t *testing.T, db *DB, fn func(w *Writer) error) {
	t.Helper()
	ctx := context.Background()
	w, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := fn(w); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Commit(); err != nil {
		t.Fatal(err)
	}
}

func titles(t *testing.T, db *DB) string {
	t.Helper()
	pages, err := db.Pages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range pages {
		out = append(out, p.Title)
	}
	return strings.Join(out, ",")
}

// hitPages returns the pages of the search hits for text.
func hitPages(t *testing.T, db *DB, text string) string {
	t.Helper()
	hits, err := db.SearchText(context.Background(), text, wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var out []string
	for _, h := range hits {
		if p := h.Citation.Page; !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return strings.Join(out, ",")
}

// TestDeleteAndRestore deletes Berserk: it leaves every answer (pages,
// page view, history, search, FAQs shown only on it) and its revision is
// kept; restoring it brings everything back.
func TestDeleteAndRestore(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, esquivar(t), berserk(t))
	ts := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	if got := hitPages(t, db, "particularidades"); got != "Berserk" {
		t.Fatalf("before: hits on %q", got)
	}
	faqsBefore, err := db.FAQs(ctx, "", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	write(t, db, func(w *Writer) error {
		pk, err := w.pageOf(ctx, "infinity-es", "Berserk")
		if err != nil {
			return err
		}
		n, err := w.DeletePage(ctx, "infinity-es", pk, 7, ts)
		if n != 1 {
			t.Errorf("DeletePage marked %d revisions, want 1", n)
		}
		return err
	})
	if got := titles(t, db); got != "Esquivar" {
		t.Errorf("Pages after delete = %q", got)
	}
	if _, err := db.Page(ctx, "Berserk", wikirules.Filter{}); !errors.Is(err, wikirules.ErrNotFound) || !strings.Contains(err.Error(), "deleted") {
		t.Errorf("Page(Berserk) = %v, want not found: deleted", err)
	}
	if _, err := db.History(ctx, "Berserk", wikirules.Filter{}); !errors.Is(err, wikirules.ErrNotFound) {
		t.Errorf("History(Berserk) = %v, want not found", err)
	}
	if got := hitPages(t, db, "particularidades"); got != "" {
		t.Errorf("search after delete: hits on %q", got)
	}
	faqs, err := db.FAQs(ctx, "", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(faqs) != 0 || len(faqsBefore) == 0 {
		t.Errorf("FAQs: %d before, %d after deleting the only page showing them", len(faqsBefore), len(faqs))
	}
	if rev, err := db.Revision(ctx, berserk(t).Rev.ID); err != nil || rev.Text == "" {
		t.Errorf("the deleted revision is not kept: %v", err)
	}
	if st, _ := db.Stats(ctx); st.Revisions != 2 || st.Hidden != 1 {
		t.Errorf("Stats = %+v, want 2 revisions, 1 hidden", st)
	}
	write(t, db, func(w *Writer) error {
		pk, err := w.pageOf(ctx, "infinity-es", "Berserk")
		if err != nil {
			return err
		}
		_, err = w.RestorePage(ctx, "infinity-es", pk, 8, ts.Add(time.Hour))
		return err
	})
	if got := titles(t, db); got != "Berserk,Esquivar" {
		t.Errorf("Pages after restore = %q", got)
	}
	if got := hitPages(t, db, "particularidades"); got != "Berserk" {
		t.Errorf("search after restore: hits on %q", got)
	}
	if faqs, _ := db.FAQs(ctx, "", wikirules.Filter{}); len(faqs) != len(faqsBefore) {
		t.Errorf("FAQs after restore: %d, want %d", len(faqs), len(faqsBefore))
	}
	if st, _ := db.Stats(ctx); st.Hidden != 0 {
		t.Errorf("Stats after restore = %+v", st)
	}
}

// TestMovePage moves Esquivar to Dodge over a stored Dodge: the history
// and records follow the new title, the old Dodge steps aside deleted.
func TestMovePage(t *testing.T) {
	ctx := context.Background()
	old := berserk(t)
	old.Rev.Page.Title, old.Rev.ID = "Dodge", "old-dodge"
	for i := range old.X.Records {
		old.X.Records[i].Page, old.X.Records[i].RevisionID = "", ""
	}
	old.X.FAQs = nil
	db := openTest(t, esquivar(t), old)
	write(t, db, func(w *Writer) error {
		moved, err := w.MovePage(ctx, "infinity-es", "Esquivar", "Dodge", 0, 9, time.Now(), true)
		if !moved {
			t.Error("MovePage moved nothing")
		}
		return err
	})
	if got := titles(t, db); got != "Dodge" {
		t.Errorf("Pages = %q", got)
	}
	v, err := db.Page(ctx, "Dodge", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if v.Revision.ID != esquivar(t).Rev.ID || len(v.Records) == 0 || v.Records[0].Page != "Dodge" {
		t.Errorf("Page(Dodge) = revision %s, %d records", v.Revision.ID, len(v.Records))
	}
	if got := hitPages(t, db, "Plantilla"); got != "Dodge" {
		t.Errorf("search: hits on %q, want the moved page", got)
	}
	if _, err := db.Page(ctx, "Esquivar", wikirules.Filter{}); !errors.Is(err, wikirules.ErrNotFound) {
		t.Errorf("Page(Esquivar) = %v, want not found", err)
	}
	if st, _ := db.Stats(ctx); st.Moves != 1 || st.Hidden != 1 || st.Pages != 2 {
		t.Errorf("Stats = %+v, want 1 move, the stepped-aside page hidden", st)
	}
}

// TestHiddenText hides the text of Esquivar's newest revision: the older
// one answers again, and the hidden one leaves the history.
func TestHiddenText(t *testing.T) {
	ctx := context.Background()
	first := esquivar(t)
	second := esquivar(t)
	second.Rev.ID, second.Rev.Timestamp = "second", second.Rev.Timestamp.Add(time.Hour)
	second.Rev.Text += "\nmás"
	for i := range second.X.Records {
		second.X.Records[i].RevisionID, second.X.Records[i].Timestamp = "", time.Time{}
	}
	db := openTest(t, first, second)
	write(t, db, func(w *Writer) error {
		return w.SetHidden(ctx, "second", Hidden{Text: true, SHA1: true, LogID: 3})
	})
	v, err := db.Page(ctx, "Esquivar", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if v.Revision.ID != first.Rev.ID {
		t.Errorf("current revision %s, want %s", v.Revision.ID, first.Rev.ID)
	}
	if h, err := db.History(ctx, "Esquivar", wikirules.Filter{}); err != nil || len(h) != 1 {
		t.Errorf("History = %d revisions, %v; want 1", len(h), err)
	}
	if got := hitPages(t, db, "Plantilla"); got != "Esquivar" {
		t.Errorf("search: hits on %q", got)
	}
	if st, _ := db.Stats(ctx); st.Hidden != 1 || st.TextHidden != 1 || st.Revisions != 2 {
		t.Errorf("Stats = %+v", st)
	}
}

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
