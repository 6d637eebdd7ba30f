package index

import (
	"context"
	"testing"
)

// TestBatcher: the batches written by the batcher's goroutine hold every
// document given, in order (an in-memory index lists them in batch order);
// a write error reaches the caller (flush, then close); abort drops the
// batch being filled.
func TestBatcher(t *testing.T) {
	ctx := context.Background()
	recs := fixtureRecords()
	x, err := Build(ctx, "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	w := x.newBatcher(ctx, 2)
	want := 0
	for _, r := range recs {
		if err := w.record(ctx, r, PageInfo{}); err != nil {
			t.Fatal(err)
		}
		if indexable(&r) {
			want++
		}
	}
	if err := w.close(ctx); err != nil {
		t.Fatal(err)
	}
	if n, err := x.Count(); err != nil || int(n) != want || want < 3 {
		t.Fatalf("%d documents (%v), want %d", n, err, want)
	}

	// abort: the batch being filled is dropped, those handed over are written.
	y, err := Build(ctx, "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer y.Close()
	w = y.newBatcher(ctx, 2)
	added := 0
	for _, r := range recs {
		if !indexable(&r) {
			continue
		}
		if err := w.record(ctx, r, PageInfo{}); err != nil {
			t.Fatal(err)
		}
		if added++; added == 3 {
			break
		}
	}
	w.abort()
	if n, _ := y.Count(); n != 2 {
		t.Errorf("%d documents after abort, want the 2 of the full batch", n)
	}

	// A write error (the index is closed) is returned.
	z, err := Build(ctx, "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	w = z.newBatcher(ctx, 1)
	z.Close()
	var werr error
	for _, r := range recs {
		if werr = w.record(ctx, r, PageInfo{}); werr != nil {
			break
		}
	}
	if cerr := w.close(ctx); cerr == nil {
		t.Fatal("close: no error after writing into a closed index")
	} else if werr != nil && werr.Error() != cerr.Error() {
		t.Errorf("record returned %v, close %v: want the same write error", werr, cerr)
	}
}
