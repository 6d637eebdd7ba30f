package kb

import (
	"context"
	"errors"
	"testing"
)

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
