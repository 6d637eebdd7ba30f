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
	c := NewCachedSearcher(inner, 2)
	asOf := time.Date(2021, 2, 11, 10, 0, 0, 0, time.UTC)
	steps := []struct {
		text      string
		f         wikirules.Filter
		wantCalls int
	}{
		{"berserk trabado", wikirules.Filter{Limit: 10}, 1},
		{"berserk trabado", wikirules.Filter{Limit: 10}, 1},                                 // cached
		{"berserk trabado", wikirules.Filter{Limit: 10, Edition: wikirules.N4}, 2},          // another filter
		{"berserk trabado", wikirules.Filter{Limit: 10}, 2},                                 // still cached (size 2)
		{"esquivar", wikirules.Filter{Limit: 10, AsOf: asOf}, 3},                            // evicts the N4 search
		{"berserk trabado", wikirules.Filter{Limit: 10, Edition: wikirules.N4}, 4},          // evicted: searched again
		{"berserk trabado", wikirules.Filter{Limit: 10, Kinds: []wikirules.Kind{"faq"}}, 5}, // kinds are part of the key
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
	if hits, misses := c.Stats(); hits != 2 || misses != 5 {
		t.Errorf("Stats() = %d hits, %d misses, want 2, 5", hits, misses)
	}
	inner.fail = true
	for range 2 {
		if _, err := c.SearchText(ctx, "mover", wikirules.Filter{}); err == nil {
			t.Fatal("an error of the searcher was not returned")
		}
	}
	if inner.calls != 7 {
		t.Errorf("errors are cached: %d calls, want 7", inner.calls)
	}
}
