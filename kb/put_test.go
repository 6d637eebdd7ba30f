package kb

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// TestPutRoundTrip stores the Esquivar revision and reads every record
// field, the revision and the page back unchanged.
func TestPutRoundTrip(t *testing.T) {
	ctx := context.Background()
	it := esquivar(t)
	db := openTest(t)
	res, err := db.Put(ctx, []Item{it})
	if err != nil {
		t.Fatal(err)
	}
	if res.Added != 1 || res.Records != len(it.X.Records) || len(res.Skipped) != 0 {
		t.Fatalf("Put = %+v, want 1 added, %d records", res, len(it.X.Records))
	}
	got, err := db.RevisionRecords(ctx, it.Rev.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(it.X.Records) {
		t.Fatalf("RevisionRecords: %d records, want %d", len(got), len(it.X.Records))
	}
	for i := range got {
		want := it.X.Records[i]
		want.Timestamp = want.Timestamp.UTC()
		if !reflect.DeepEqual(got[i], want) {
			t.Errorf("record %d:\n got %#v\nwant %#v", i, got[i], want)
		}
	}
	rev, err := db.Revision(ctx, it.Rev.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*rev, it.Rev) {
		t.Errorf("Revision:\n got %#v\nwant %#v", *rev, it.Rev)
	}
	pages, err := db.Pages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := []wikirules.Page{it.Rev.Page}; !reflect.DeepEqual(pages, want) {
		t.Errorf("Pages = %v, want %v", pages, want)
	}
	s, err := db.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if s.Pages != 1 || s.Revisions != 1 || s.Records != len(it.X.Records) || s.UnknownTemplates["section-hacking"] != 1 {
		t.Errorf("Stats = %+v", s)
	}
	if err := db.Integrity(ctx); err != nil {
		t.Error(err)
	}
}

// TestPutRecordFilling checks that a record without page, revision and
// timestamp takes its revision's, and that one naming another revision is
// refused.
func TestPutRecordFilling(t *testing.T) {
	ctx := context.Background()
	it := trabado(t)
	it.X.Records[0].Page, it.X.Records[0].RevisionID = "", ""
	it.X.Records[0].Timestamp = time.Time{}
	db := openTest(t, it)
	got, err := db.RevisionRecords(ctx, it.Rev.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Page != "Trabado" || got[0].RevisionID != it.Rev.ID || !got[0].Timestamp.Equal(it.Rev.Timestamp) {
		t.Errorf("record 0 = page %q, revision %s, time %v", got[0].Page, got[0].RevisionID, got[0].Timestamp)
	}
	bad := esquivar(t)
	bad.X.Records[1].RevisionID = it.Rev.ID
	if _, err := db.Put(ctx, []Item{bad}); err == nil {
		t.Error("Put accepted a record naming another revision")
	}
}

// TestPutIdempotent puts the corpus twice (the second time every revision
// is skipped and the content hash is unchanged) and in reverse order into
// another database (same hash).
func TestPutIdempotent(t *testing.T) {
	ctx := context.Background()
	items := corpus(t)
	db := openTest(t, items...)
	h1, err := db.ContentHash(ctx)
	if err != nil {
		t.Fatal(err)
	}
	res, err := db.Put(ctx, items)
	if err != nil {
		t.Fatal(err)
	}
	if res.Added != 0 || len(res.Skipped) != len(items) || len(res.Conflicts) != 0 || res.Records != 0 {
		t.Errorf("second Put = %+v, want every revision skipped", res)
	}
	h2, err := db.ContentHash(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if h1 != h2 {
		t.Errorf("content hash changed by a repeated Put: %s → %s", h1, h2)
	}

	rev := slices.Clone(items)
	slices.Reverse(rev)
	db2 := openTest(t, rev...)
	h3, err := db2.ContentHash(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if h1 != h3 {
		t.Errorf("content hash depends on put order: %s vs %s", h1, h3)
	}

	// A stored id with another text is a conflict, still skipped.
	changed := items[0]
	changed.Rev.Text += "x"
	res, err = db.Put(ctx, []Item{changed})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.Conflicts, []string{changed.Rev.ID}) {
		t.Errorf("Conflicts = %v, want [%s]", res.Conflicts, changed.Rev.ID)
	}
	// And a changed record changes the hash.
	db3 := openTest(t)
	items2 := corpus(t)
	items2[1].X.Records[1].Ordinal++
	if _, err := db3.Put(ctx, items2); err != nil {
		t.Fatal(err)
	}
	if h4, _ := db3.ContentHash(ctx); h4 == h1 {
		t.Error("content hash did not change with a record's ordinal")
	}
}

// TestPutAtomic checks that a batch failing mid-way (a record id repeated
// within a revision, rejected by SQLite after earlier items were written;
// a cancelled context) leaves the database unchanged.
func TestPutAtomic(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, trabado(t))
	before, err := db.ContentHash(ctx)
	if err != nil {
		t.Fatal(err)
	}
	dup := berserk(t)
	dup.X.Records[2].ID = dup.X.Records[1].ID
	for _, tc := range []struct {
		name  string
		ctx   func() context.Context
		batch []Item
	}{
		{"duplicate record id", func() context.Context { return ctx }, []Item{esquivar(t), dup}},
		{"missing revision id", func() context.Context { return ctx }, []Item{esquivar(t), {Rev: wikirules.Revision{Page: wikirules.Page{Title: "Mover"}}}}},
		{"cancelled", func() context.Context {
			c, cancel := context.WithCancel(ctx)
			cancel()
			return c
		}, corpus(t)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := db.Put(tc.ctx(), tc.batch); err == nil {
				t.Fatal("Put succeeded")
			}
			after, err := db.ContentHash(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if after != before {
				t.Error("a failed Put changed the database")
			}
		})
	}
	s, err := db.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if s.Revisions != 1 || s.Pages != 1 {
		t.Errorf("Stats after failed puts = %+v, want only Trabado", s)
	}
	if err := db.Integrity(ctx); err != nil {
		t.Error(err)
	}
}

// TestFAQDedup stores Berserk and Trabado, which both show two of the same
// faqboxes: three distinct FAQs, five occurrences, pages and revisions
// derived from the occurrences.
func TestFAQDedup(t *testing.T) {
	ctx := context.Background()
	b, tr := berserk(t), trabado(t)
	db := openTest(t)
	res, err := db.Put(ctx, []Item{tr, b})
	if err != nil {
		t.Fatal(err)
	}
	if res.FAQs != 3 || res.Occurrences != 5 {
		t.Errorf("Put = %+v, want 3 new FAQs, 5 occurrences", res)
	}
	s, err := db.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if s.FAQs != 3 || s.FAQOccurrences != 5 {
		t.Errorf("Stats = %+v, want 3 FAQs, 5 occurrences", s)
	}
	faqs, err := db.FAQs(ctx, "", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]wikirules.FAQ{}
	for _, f := range faqs {
		byID[f.ID] = f
	}
	errata := byID[faqBerserkErrata().ID]
	// Berserk (09:42:01) is older than Trabado (10:43:16).
	want := faqBerserkErrata()
	want.Pages = []string{"Berserk", "Trabado"}
	want.FirstRevision, want.LastRevision, want.Timestamp = b.Rev.ID, tr.Rev.ID, tr.Rev.Timestamp
	want.LastPage = "Trabado" // the page of LastRevision
	if !reflect.DeepEqual(errata, want) {
		t.Errorf("errata:\n got %#v\nwant %#v", errata, want)
	}
	if f := byID[faqBerserkFireteam().ID]; !reflect.DeepEqual(f.Pages, []string{"Berserk"}) || f.LastRevision != b.Rev.ID {
		t.Errorf("fireteam FAQ pages %v, last revision %s", f.Pages, f.LastRevision)
	}
	// As of a time between the two revisions, the errata is on Berserk only.
	early, err := db.FAQs(ctx, "", wikirules.Filter{AsOf: b.Rev.Timestamp})
	if err != nil {
		t.Fatal(err)
	}
	if len(early) != 3 {
		t.Fatalf("FAQs as of %s: %d, want 3", b.Rev.Timestamp, len(early))
	}
	for _, f := range early {
		if !reflect.DeepEqual(f.Pages, []string{"Berserk"}) || f.LastRevision != b.Rev.ID {
			t.Errorf("as of Berserk's revision, %s has pages %v, last %s", f.ID, f.Pages, f.LastRevision)
		}
	}
	// Trabado's page view shows its two FAQs; the third names Berserk only.
	v, err := db.Page(ctx, "Trabado", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if got := faqIDs(v.FAQs); !reflect.DeepEqual(got, []string{faqBerserkErrata().ID, faqDodgeBerserk().ID}) {
		t.Errorf("Trabado FAQs = %v", got)
	}
}

// TestFAQNewestContentWins puts a newer occurrence of an FAQ with a
// corrected answer: the stored content is the newest, whatever the order.
func TestFAQNewestContentWins(t *testing.T) {
	ctx := context.Background()
	b, tr := berserk(t), trabado(t)
	tr.X.FAQs[0].Answer += " (corregido)"
	for _, order := range [][]Item{{b, tr}, {tr, b}} {
		db := openTest(t, order...)
		faqs, err := db.FAQs(ctx, "corregido", wikirules.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(faqs) != 1 || faqs[0].Answer != tr.X.FAQs[0].Answer {
			t.Errorf("order %s first: FAQs(corregido) = %v", order[0].Rev.Page.Title, faqs)
		}
		if old, _ := db.FAQs(ctx, "", wikirules.Filter{}); len(old) != 3 {
			t.Errorf("%d FAQs, want 3", len(old))
		}
	}
}

// faqIDs returns the ids of faqs.
func faqIDs(faqs []wikirules.FAQ) []string {
	var out []string
	for _, f := range faqs {
		out = append(out, f.ID)
	}
	return out
}

// TestNotFound checks the errors of lookups that find nothing.
func TestNotFound(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, esquivar(t))
	if _, err := db.Revision(ctx, "d0000000000000000"); !errors.Is(err, wikirules.ErrNotFound) {
		t.Errorf("Revision: %v", err)
	}
	if _, err := db.RevisionRecords(ctx, "d0000000000000000"); !errors.Is(err, wikirules.ErrNotFound) {
		t.Errorf("RevisionRecords: %v", err)
	}
	if _, err := db.History(ctx, "Berserk", wikirules.Filter{}); !errors.Is(err, wikirules.ErrNotFound) {
		t.Errorf("History: %v", err)
	}
}

// TestKBWriterMatchesPut streams the corpus through a Writer: after Commit
// the database hashes as one Put of the same items; after Rollback or a
// failed item nothing is stored.
func TestKBWriterMatchesPut(t *testing.T) {
	ctx := context.Background()
	items := corpus(t)
	want, err := openTest(t, items...).ContentHash(ctx)
	if err != nil {
		t.Fatal(err)
	}
	db := openTest(t)
	empty, err := db.ContentHash(ctx)
	if err != nil {
		t.Fatal(err)
	}

	w, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if err := w.Put(ctx, it); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Rollback(); err != nil {
		t.Fatal(err)
	}
	if h, _ := db.ContentHash(ctx); h != empty {
		t.Error("Rollback left rows behind")
	}

	w, err = db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	bad := berserk(t)
	bad.X.Records[1].ID = bad.X.Records[0].ID
	if err := w.Put(ctx, items[0]); err != nil {
		t.Fatal(err)
	}
	if err := w.Put(ctx, bad); err == nil {
		t.Fatal("Writer accepted a repeated record id")
	}
	if _, err := w.Commit(); !errors.Is(err, ErrWriterDone) {
		t.Errorf("Commit after a failed Put = %v, want ErrWriterDone", err)
	}
	if h, _ := db.ContentHash(ctx); h != empty {
		t.Error("a failed Writer left rows behind")
	}

	w, err = db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range append(items, items[0]) {
		if err := w.Put(ctx, it); err != nil {
			t.Fatal(err)
		}
	}
	res, err := w.Commit()
	if err != nil {
		t.Fatal(err)
	}
	if res.Added != len(items) || len(res.Skipped) != 1 {
		t.Errorf("Commit = %+v, want %d added, 1 skipped", res, len(items))
	}
	if h, _ := db.ContentHash(ctx); h != want {
		t.Error("Writer and Put store different content")
	}
}
