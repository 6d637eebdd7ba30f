package kb

import (
	"context"
	"testing"
)

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
