package kb

import (
	"context"
	"sync"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestConcurrentReadWrite puts batches from one goroutine while others
// search and read pages through the same DB and through a second,
// read-only handle on the same file: WAL readers never fail with
// SQLITE_BUSY, and every batch is stored.
func TestConcurrentReadWrite(t *testing.T) {
	ctx := context.Background()
	path := t.TempDir() + "/kb.db"
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	items := synthetic(t, 200)
	if _, err := db.Put(ctx, items[:20]); err != nil {
		t.Fatal(err)
	}
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()

	done := make(chan struct{})
	errs := make(chan error, 8)
	var wg sync.WaitGroup
	for _, reader := range []*DB{db, ro, ro} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				if _, err := reader.SearchText(ctx, "esquivar tirada", wikirules.Filter{Edition: wikirules.N4}); err != nil {
					errs <- err
					return
				}
				if _, err := reader.Page(ctx, "Trabado 0", wikirules.Filter{}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for i := 20; i < len(items); i += 20 {
		if _, err := db.Put(ctx, items[i:i+20]); err != nil {
			t.Fatal(err)
		}
	}
	close(done)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	s, err := ro.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if s.Revisions != len(items) {
		t.Errorf("%d revisions, want %d", s.Revisions, len(items))
	}
}
