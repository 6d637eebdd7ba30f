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
