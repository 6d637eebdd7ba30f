package kb

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// stream puts items through one Writer that moves its search rows into
// FTS5 every flushAt rows (0: the default), and commits.
func stream(t testing.TB, db *DB, items []Item, flushAt int) PutResult {
	t.Helper()
	ctx := context.Background()
	w, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if flushAt > 0 {
		w.flushAt = flushAt
	}
	defer w.Rollback()
	for _, it := range items {
		if err := w.Put(ctx, it); err != nil {
			t.Fatal(err)
		}
	}
	res, err := w.Commit()
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestWriterEqualsPut streams 600 synthetic revisions made from the seed
// fixtures (2,880 search rows) with the pending search rows moved into
// FTS5 every 500 rows, so FAQ rows are replaced across the moves, and
// checks that the database equals the one a single Put of the same batch
// makes, and that streaming them again adds nothing.
func TestWriterEqualsPut(t *testing.T) {
	ctx := context.Background()
	items := synthetic(t, 600)
	rows := 0
	for _, it := range items {
		rows += len(it.X.Records) + len(it.X.FAQs)
	}
	const flushAt = 500
	if rows <= 2*flushAt {
		t.Fatalf("only %d search rows: the test must cross the flush threshold twice", rows)
	}
	streamed, batched := openTest(t), openTest(t)
	res := stream(t, streamed, items, flushAt)
	want, err := batched.Put(ctx, items)
	if err != nil {
		t.Fatal(err)
	}
	if res.Added != 600 || res.Added != want.Added || res.Records != want.Records || res.FAQs != want.FAQs || res.Occurrences != want.Occurrences {
		t.Errorf("Writer result %+v, Put result %+v", res, want)
	}
	h1, h2 := hashOf(t, streamed), hashOf(t, batched)
	if h1 != h2 {
		t.Error("streamed database differs from the batched one")
	}
	// search_current (left out of ContentHash) is synced at every flush:
	// the streamed one must hold the same rows.
	for _, q := range []string{
		`SELECT rowid, page, title, body FROM search_current ORDER BY rowid`,
		`SELECT page, revision, timestamp, indexed FROM current_revisions ORDER BY page`,
	} {
		if a, b := dumpRows(t, streamed, q), dumpRows(t, batched, q); a != b || a == "" {
			t.Errorf("%s: streamed and batched differ (or are empty)", q)
		}
	}
	again := stream(t, streamed, items, flushAt)
	if again.Added != 0 || len(again.Skipped) != 600 || len(again.Conflicts) != 0 {
		t.Errorf("second stream: added %d, skipped %d, conflicts %d", again.Added, len(again.Skipped), len(again.Conflicts))
	}
	if h := hashOf(t, streamed); h != h1 {
		t.Error("second stream changed the database")
	}
	if err := streamed.Integrity(ctx); err != nil {
		t.Error(err)
	}
}

func hashOf(t testing.TB, db *DB) string {
	t.Helper()
	h, err := db.ContentHash(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestWriterRollback checks that nothing of a Writer is stored after
// Rollback, after a failed Put (a revision without id), or after its
// context is cancelled, and that a failed Writer refuses more work.
func TestWriterRollback(t *testing.T) {
	ctx := context.Background()
	items := synthetic(t, 40)
	db := openTest(t)
	stream(t, db, items[:10], 0)
	before := hashOf(t, db)

	w, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items[10:30] {
		if err := w.Put(ctx, it); err != nil {
			t.Fatal(err)
		}
	}
	w.Rollback()
	if hashOf(t, db) != before {
		t.Error("Rollback left rows behind")
	}
	if _, err := w.Commit(); !errors.Is(err, ErrWriterDone) {
		t.Errorf("Commit after Rollback: %v, want ErrWriterDone", err)
	}

	w, err = db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items[10:20] {
		if err := w.Put(ctx, it); err != nil {
			t.Fatal(err)
		}
	}
	bad := items[20]
	bad.Rev.ID = ""
	if err := w.Put(ctx, bad); err == nil {
		t.Fatal("a revision without id was accepted")
	}
	if err := w.Put(ctx, items[21]); !errors.Is(err, ErrWriterDone) {
		t.Errorf("Put after a failed Put: %v, want ErrWriterDone", err)
	}
	if _, err := w.Commit(); !errors.Is(err, ErrWriterDone) {
		t.Errorf("Commit after a failed Put: %v, want ErrWriterDone", err)
	}
	if hashOf(t, db) != before {
		t.Error("a failed Writer left rows behind")
	}

	cctx, cancel := context.WithCancel(ctx)
	w, err = db.Begin(cctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Put(cctx, items[30]); err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := w.Put(cctx, items[31]); !errors.Is(err, context.Canceled) {
		t.Errorf("Put after cancel: %v", err)
	}
	if hashOf(t, db) != before {
		t.Error("a cancelled Writer left rows behind")
	}
}

// TestWriterInMemory streams into an in-memory database (one connection):
// the Writer gives its connection back on Commit and Rollback, so reads
// work afterwards.
func TestWriterInMemory(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	items := synthetic(t, 20)
	res := stream(t, db, items, 0)
	st, err := db.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if res.Added != 20 || st.Revisions != 20 {
		t.Errorf("added %d, stored %d; want 20", res.Added, st.Revisions)
	}
	w, err := db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	w.Put(ctx, synthetic(t, 21)[20])
	w.Rollback()
	if st, err = db.Stats(ctx); err != nil || st.Revisions != 20 {
		t.Errorf("after rollback: %d revisions, %v", st.Revisions, err)
	}
}

// dumpRows returns the rows of query as text.
func dumpRows(t testing.TB, db *DB, query string) string {
	t.Helper()
	rows, err := db.db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var b strings.Builder
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%#v\n", vals)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestWriterFAQCacheEviction streams the synthetic revisions with a cache
// of 2 FAQs, so that FAQs whose source revision moved (written at the next
// flush, flushFAQSources) are evicted and read back from the database
// mid-stream, and checks that the database equals one made with the
// default cache.
func TestWriterFAQCacheEviction(t *testing.T) {
	items := synthetic(t, 300)
	want := openTest(t)
	stream(t, want, items, 0)
	defer func(n int) { faqCacheSize = n }(faqCacheSize)
	faqCacheSize = 2
	got := openTest(t)
	stream(t, got, items, 0)
	if hashOf(t, got) != hashOf(t, want) {
		t.Error("with FAQ cache evictions the database differs")
	}
	q := `SELECT f.id, f.source FROM faqs f ORDER BY f.id`
	if a, b := dumpRows(t, got, q), dumpRows(t, want, q); a != b || a == "" {
		t.Errorf("FAQ sources differ (or are empty):\n%s\n--\n%s", a, b)
	}
}
