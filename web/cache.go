package web

import (
	"container/list"
	"context"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wikirules/wikirules"
)

// CachedSearcher remembers the hits of the last Size distinct searches
// (text and filter) of a Searcher, least recently used out first. It is
// for a server over a knowledge base opened read-only, whose answers
// cannot change while it runs (`query serve`): at an event the same few
// searches come from every table. Errors are not cached. The hits
// returned are shared between callers and must not be modified. It is
// safe for concurrent use.
type CachedSearcher struct {
	next wikirules.Searcher
	size int

	mu      sync.Mutex
	entries map[string]*list.Element
	order   *list.List // front: most recently used

	hits, misses atomic.Int64
}

type cacheEntry struct {
	key  string
	hits []wikirules.Hit
	all  *Results // for SearchAll entries
}

// NewCachedSearcher returns a cache of size entries (at least 1) over s.
func NewCachedSearcher(s wikirules.Searcher, size int) *CachedSearcher {
	return &CachedSearcher{next: s, size: max(size, 1), entries: map[string]*list.Element{}, order: list.New()}
}

// SearchText returns the cached hits of text under f, or searches and
// caches them.
func (c *CachedSearcher) SearchText(ctx context.Context, text string, f wikirules.Filter) ([]wikirules.Hit, error) {
	key := cacheKey(text, f)
	c.mu.Lock()
	if el, ok := c.entries[key]; ok {
		c.order.MoveToFront(el)
		hits := el.Value.(*cacheEntry).hits
		c.mu.Unlock()
		c.hits.Add(1)
		return hits, nil
	}
	c.mu.Unlock()
	c.misses.Add(1)
	hits, err := c.next.SearchText(ctx, text, f)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[key]; ok { // another request filled it meanwhile
		c.order.MoveToFront(el)
		return hits, nil
	}
	c.entries[key] = c.order.PushFront(&cacheEntry{key: key, hits: hits})
	for c.order.Len() > c.size {
		old := c.order.Back()
		c.order.Remove(old)
		delete(c.entries, old.Value.(*cacheEntry).key)
	}
	return hits, nil
}

// SearchEngine names the cached searcher's engine (see EngineNamer).
func (c *CachedSearcher) SearchEngine() string { return engineName(c.next) }

// Stats returns the number of searches answered from the cache and
// passed on to the searcher.
func (c *CachedSearcher) Stats() (hits, misses int64) { return c.hits.Load(), c.misses.Load() }

// cacheKey is text and every field of f, NUL-separated.
func cacheKey(text string, f wikirules.Filter) string {
	var b strings.Builder
	b.WriteString(text)
	b.WriteByte(0)
	b.WriteString(strconv.Itoa(int(f.Edition)))
	b.WriteByte(0)
	if !f.AsOf.IsZero() {
		b.WriteString(f.AsOf.UTC().Format(time.RFC3339Nano))
	}
	b.WriteByte(0)
	b.WriteString(strconv.FormatBool(f.History))
	b.WriteByte(0)
	for _, k := range f.Kinds {
		b.WriteString(string(k))
		b.WriteByte(',')
	}
	b.WriteByte(0)
	for _, p := range f.Pages {
		b.WriteString(p)
		b.WriteByte(1)
	}
	b.WriteByte(0)
	b.WriteString(strconv.Itoa(f.Limit))
	return b.String()
}

// SearchAll returns the cached faceted results of text under f, or asks
// the wrapped searcher (FullSearcher); ErrNoFullSearch when it has none.
func (c *CachedSearcher) SearchAll(ctx context.Context, text string, f wikirules.Filter) (*Results, error) {
	fs, ok := c.next.(FullSearcher)
	if !ok {
		return nil, ErrNoFullSearch
	}
	key := "\x01all\x00" + cacheKey(text, f)
	c.mu.Lock()
	if el, ok := c.entries[key]; ok {
		c.order.MoveToFront(el)
		res := el.Value.(*cacheEntry).all
		c.mu.Unlock()
		c.hits.Add(1)
		return res, nil
	}
	c.mu.Unlock()
	c.misses.Add(1)
	res, err := fs.SearchAll(ctx, text, f)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[key]; !ok {
		c.entries[key] = c.order.PushFront(&cacheEntry{key: key, all: res})
		for c.order.Len() > c.size {
			old := c.order.Back()
			c.order.Remove(old)
			delete(c.entries, old.Value.(*cacheEntry).key)
		}
	}
	return res, nil
}
