package kb

import (
	"context"
	"os"
	"strings"
	"testing"
)

// TestOpenImmutable opens a closed knowledge base as on read-only media
// and reads it; with a write-ahead log that holds changes beside it, it
// refuses, since reading without the log would answer from an older
// state.
func TestOpenImmutable(t *testing.T) {
	ctx := context.Background()
	path := newFile(t)
	ro, err := openImmutable(ctx, path, cacheSizeKiB)
	if err != nil {
		t.Fatal(err)
	}
	if !ro.Immutable() {
		t.Error("Immutable() = false")
	}
	if _, err := ro.Pages(ctx); err != nil {
		t.Errorf("reading an immutable knowledge base: %v", err)
	}
	ro.Close()
	if err := os.WriteFile(path+"-wal", make([]byte, 4096), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := openImmutable(ctx, path, cacheSizeKiB); err == nil || !strings.Contains(err.Error(), "write-ahead log") {
		t.Errorf("with a non-empty -wal: err = %v, want a refusal naming the write-ahead log", err)
	}
}

// TestSmallCache: OpenReadOnly with SmallCache gives its connections a
// 4 MiB page cache, without it 32 MiB.
func TestSmallCache(t *testing.T) {
	ctx := context.Background()
	path := newFile(t)
	for _, c := range []struct {
		opts []ReadOption
		want int
	}{{nil, cacheSizeKiB}, {[]ReadOption{SmallCache()}, -4096}} {
		ro, err := OpenReadOnly(ctx, path, c.opts...)
		if err != nil {
			t.Fatal(err)
		}
		var got int
		if err := ro.db.QueryRow(`PRAGMA cache_size`).Scan(&got); err != nil {
			t.Fatal(err)
		}
		ro.Close()
		if got != c.want {
			t.Errorf("cache_size %d, want %d", got, c.want)
		}
	}
}
