package index

import (
	"context"
	"path/filepath"
	"testing"
)

// TestWordsWithPrefixOnDisk checks that an index built on disk (its
// batches merged into one persisted segment) gives every word the number
// of documents the in-memory index of the same records gives, words held
// by one document and by many alike; and that the counts are real (some
// word of a prefix is held by several documents).
func TestWordsWithPrefixOnDisk(t *testing.T) {
	c := loadSeed(t)
	ctx := context.Background()
	mem := buildSeed(t)
	// Two batches, split between pages (Update replaces a page's
	// records), merged by Compact.
	half := len(c.records) / 2
	for half < len(c.records) && c.records[half].Page == c.records[half-1].Page {
		half++
	}
	disk, err := Build(ctx, filepath.Join(t.TempDir(), "idx"), c.records[:half], nil, WithPages(c.pages))
	if err != nil {
		t.Fatal(err)
	}
	defer disk.Close()
	if err := disk.Update(ctx, c.records[half:], c.faqs, WithPages(c.pages)); err != nil {
		t.Fatal(err)
	}
	if err := disk.Compact(ctx); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"esquiv", "orden", "tirad", "ca", "mod"} {
		want, err := mem.WordsWithPrefix(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := disk.WordsWithPrefix(p)
		if err != nil {
			t.Fatal(err)
		}
		many := false
		for w, n := range want {
			if got[w] != n {
				t.Errorf("%s: %d documents on disk, %d in memory", w, got[w], n)
			}
			many = many || n > 1
		}
		if len(got) != len(want) || !many {
			t.Errorf("prefix %q: %d words on disk, %d in memory (one held by several documents: %v)", p, len(got), len(want), many)
		}
	}
}
