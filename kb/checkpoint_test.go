package kb

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestCheckpoint stores the fixtures, which leaves them in the
// write-ahead log, and checks that Checkpoint copies them into the
// database file and truncates the log, and that it is refused on a
// read-only database.
func TestCheckpoint(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "kb.db")
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Put(ctx, corpus(t)); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path + "-wal"); err != nil || st.Size() == 0 {
		t.Fatalf("nothing in the write-ahead log after a put (%v)", err)
	}
	before, _ := os.Stat(path)
	if left, err := db.Checkpoint(ctx); err != nil || left != 0 {
		t.Fatalf("Checkpoint = %d, %v", left, err)
	}
	if st, err := os.Stat(path + "-wal"); err != nil || st.Size() != 0 {
		t.Errorf("write-ahead log not truncated: %v", err)
	}
	if after, _ := os.Stat(path); after.Size() <= before.Size() {
		t.Errorf("database file %d bytes after the checkpoint, %d before", after.Size(), before.Size())
	}
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if _, err := ro.Checkpoint(ctx); err == nil {
		t.Error("a read-only database was checkpointed")
	}
}
