package web

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// countingSearcher counts the searches that reach the knowledge base.
type countingSearcher struct {
	next  wikirules.Searcher
	calls int
	fail  bool
}

func (c *countingSearcher) SearchText(ctx context.Context, text string, f wikirules.Filter) ([]wikirules.Hit, error) {
	c.calls++
	if c.fail {
		return nil, errors.New("index closed")
	}
	return c.next.SearchText(ctx, text, f)
}

func TestCachedSearcher(t *testing.T) {
	db := testDB(t)
	ctx := context.Background()
	inner := &countingSearcher{next: db}
	c := NewCachedSearcher(inner, NewCache(64<<20), "test")
	asOf := time.Date(2021, 2, 11, 10, 0, 0, 0, time.UTC)
	steps := []struct {
		text      string
		f         wikirules.Filter
		wantCalls int
	}{
		{"berserk trabado", wikirules.Filter{Limit: 10}, 1},
		{"berserk trabado", wikirules.Filter{Limit: 10}, 1},                                 // cached
		{"berserk trabado", wikirules.Filter{Limit: 10, Edition: wikirules.N4}, 2},          // another filter
		{"berserk trabado", wikirules.Filter{Limit: 10}, 2},                                 // still cached
		{"esquivar", wikirules.Filter{Limit: 10, AsOf: asOf}, 3},                            // as-of is part of the key
		{"berserk trabado", wikirules.Filter{Limit: 10, Kinds: []wikirules.Kind{"faq"}}, 4}, // kinds are part of the key
	}
	for i, s := range steps {
		got, err := c.SearchText(ctx, s.text, s.f)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := db.SearchText(ctx, s.text, s.f)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("step %d: cached hits differ from the store's", i)
		}
		if inner.calls != s.wantCalls {
			t.Errorf("step %d (%q %+v): %d searches reached the store, want %d", i, s.text, s.f, inner.calls, s.wantCalls)
		}
	}
	if st := c.cache.Stats(); st.Hits != 2 || st.Misses != 4 || st.Entries != 4 {
		t.Errorf("Stats() = %+v, want 2 hits, 4 misses, 4 entries", st)
	}
	inner.fail = true
	for range 2 {
		if _, err := c.SearchText(ctx, "mover", wikirules.Filter{}); err == nil {
			t.Fatal("an error of the searcher was not returned")
		}
	}
	if inner.calls != 6 {
		t.Errorf("errors are cached: %d calls, want 6", inner.calls)
	}
}

// TestCacheBoundedInBytes fills a small cache with many distinct searches
// of the sample corpus: the bytes it holds never pass its limit, it drops
// the least recently used first, and its estimate of a cached search is
// of the order of the search's real size (its hits' text).
func TestCacheBoundedInBytes(t *testing.T) {
	db := testDB(t)
	ctx := context.Background()
	const limit = 1 << 20
	cache := NewCache(limit)
	c := NewCachedSearcher(db, cache, "test")
	words := []string{"esquivar", "berserk", "trabado", "mover", "ataque", "plantilla", "cobertura", "impetuoso", "orden", "tirada",
		"hacker", "zona", "control", "visor", "suplantado", "disparo", "combate", "herida", "inconsciente", "marcador"}
	var textBytes int64
	for i, a := range words {
		for _, b := range words[i+1:] {
			hits, err := c.SearchText(ctx, a+" "+b, wikirules.Filter{Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			if textBytes == 0 && len(hits) > 0 {
				for _, h := range hits {
					if h.Record != nil {
						textBytes += int64(len(h.Record.Text) + len(h.Record.Plain))
					}
				}
				if est := hitsSize(hits); est < textBytes || est > 20*textBytes+100_000 {
					t.Errorf("hitsSize = %d bytes for hits holding %d bytes of text", est, textBytes)
				}
			}
			if st := cache.Stats(); st.Bytes > limit {
				t.Fatalf("after %q: cache holds %d bytes, over its limit of %d", a+" "+b, st.Bytes, limit)
			}
		}
	}
	st := cache.Stats()
	if st.Entries == 0 || st.Entries >= len(words)*(len(words)-1)/2 {
		t.Errorf("%d entries cached of %d searches: want some dropped, some kept", st.Entries, len(words)*(len(words)-1)/2)
	}
	// The newest search is still cached, the first was dropped.
	before := cache.Stats().Hits
	c.SearchText(ctx, words[len(words)-2]+" "+words[len(words)-1], wikirules.Filter{Limit: 100})
	c.SearchText(ctx, words[0]+" "+words[1], wikirules.Filter{Limit: 100})
	if got := cache.Stats().Hits - before; got != 1 {
		t.Errorf("%d of the newest and the oldest search answered from the cache, want 1 (the newest)", got)
	}
	cache.Reset()
	if st := cache.Stats(); st.Entries != 0 || st.Bytes != 0 {
		t.Errorf("after Reset: %+v", st)
	}
}
