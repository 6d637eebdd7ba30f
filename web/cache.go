package web

import (
	"container/list"
	"context"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/wikirules/wikirules"
)

// Cache is a least-recently-used store of search results bounded in bytes:
// each entry is charged an estimate of the memory it holds (hitsSize), and
// the least recently used entries are dropped while the total is over the
// limit. One Cache serves every CachedSearcher of a server (the search
// page's and the judge engine's), so one budget bounds them all. It is
// safe for concurrent use.
type Cache struct {
	max int64

	mu      sync.Mutex
	used    int64
	entries map[string]*list.Element
	order   *list.List // front: most recently used

	hits, misses atomic.Int64
}

type cacheEntry struct {
	key  string
	size int64
	hits []wikirules.Hit
	all  *Results // for SearchAll entries
}

// NewCache returns a cache of at most maxBytes (an entry larger than that
// is not kept).
func NewCache(maxBytes int64) *Cache {
	return &Cache{max: maxBytes, entries: map[string]*list.Element{}, order: list.New()}
}

// CacheStats are a cache's figures: entries and bytes held, lookups
// answered from it (Hits) and passed on (Misses).
type CacheStats struct {
	Entries      int
	Bytes, Max   int64
	Hits, Misses int64
}

// Stats returns the cache's current figures.
func (c *Cache) Stats() CacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return CacheStats{Entries: c.order.Len(), Bytes: c.used, Max: c.max, Hits: c.hits.Load(), Misses: c.misses.Load()}
}

// Reset drops every entry (the knowledge base changed).
func (c *Cache) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries = map[string]*list.Element{}
	c.order.Init()
	c.used = 0
}

func (c *Cache) get(key string) (*cacheEntry, bool) {
	c.mu.Lock()
	el, ok := c.entries[key]
	if ok {
		c.order.MoveToFront(el)
	}
	c.mu.Unlock()
	if !ok {
		c.misses.Add(1)
		return nil, false
	}
	c.hits.Add(1)
	return el.Value.(*cacheEntry), true
}

func (c *Cache) put(e *cacheEntry) {
	e.size += int64(len(e.key)) + entryOverhead
	if e.size > c.max {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[e.key]; ok { // another request filled it meanwhile
		c.order.MoveToFront(el)
		return
	}
	c.entries[e.key] = c.order.PushFront(e)
	c.used += e.size
	for c.used > c.max {
		old := c.order.Back()
		oe := old.Value.(*cacheEntry)
		c.order.Remove(old)
		delete(c.entries, oe.key)
		c.used -= oe.size
	}
}

// entryOverhead is what an entry costs besides its results: the list
// element, the map slot and the entry itself.
const entryOverhead = 160

// CachedSearcher answers searches of a Searcher from a Cache: the same
// text and filter give the hits found the first time. It is for a server
// over a knowledge base opened read-only; when the knowledge base changes
// the server builds new searchers with a new prefix (so no result of the
// old knowledge base is ever returned) and resets the cache. Errors are
// not cached. The hits returned are shared between callers and must not
// be modified. It is safe for concurrent use.
type CachedSearcher struct {
	next   wikirules.Searcher
	cache  *Cache
	prefix string
}

// NewCachedSearcher returns a searcher over s that keeps its results in
// c under keys starting with prefix (a name for s and the state of the
// knowledge base it searches).
func NewCachedSearcher(s wikirules.Searcher, c *Cache, prefix string) *CachedSearcher {
	return &CachedSearcher{next: s, cache: c, prefix: prefix + "\x00"}
}

// SearchText returns the cached hits of text under f, or searches and
// caches them.
func (c *CachedSearcher) SearchText(ctx context.Context, text string, f wikirules.Filter) ([]wikirules.Hit, error) {
	key := c.prefix + cacheKey(text, f)
	if e, ok := c.cache.get(key); ok {
		return e.hits, nil
	}
	hits, err := c.next.SearchText(ctx, text, f)
	if err != nil {
		return nil, err
	}
	c.cache.put(&cacheEntry{key: key, hits: hits, size: hitsSize(hits)})
	return hits, nil
}

// SearchAll returns the cached faceted results of text under f, or asks
// the wrapped searcher (FullSearcher); ErrNoFullSearch when it has none.
func (c *CachedSearcher) SearchAll(ctx context.Context, text string, f wikirules.Filter) (*Results, error) {
	fs, ok := c.next.(FullSearcher)
	if !ok {
		return nil, ErrNoFullSearch
	}
	key := c.prefix + "\x01all\x00" + cacheKey(text, f)
	if e, ok := c.cache.get(key); ok {
		return e.all, nil
	}
	res, err := fs.SearchAll(ctx, text, f)
	if err != nil {
		return nil, err
	}
	c.cache.put(&cacheEntry{key: key, all: res, size: resultsSize(res)})
	return res, nil
}

// SearchEngine names the cached searcher's engine (see EngineNamer).
func (c *CachedSearcher) SearchEngine() string { return engineName(c.next) }

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

// Sizes of what a cached result holds, in bytes on a 64-bit machine. A
// string or slice costs its header (in its struct) plus its bytes rounded
// up to the allocator's 16-byte size classes; a map entry about 48 bytes
// besides its key and value.
var (
	hitBytes    = int64(unsafe.Sizeof(wikirules.Hit{}))
	recordBytes = int64(unsafe.Sizeof(wikirules.Record{}))
	faqBytes    = int64(unsafe.Sizeof(wikirules.FAQ{}))
	skillBytes  = int64(unsafe.Sizeof(wikirules.SkillHeader{}))
	strHeader   = int64(unsafe.Sizeof(""))
)

func strSize(s string) int64 { return (int64(len(s)) + 15) &^ 15 }

func strsSize(ss []string) int64 {
	n := int64(cap(ss)) * strHeader
	for _, s := range ss {
		n += strSize(s)
	}
	return n
}

// hitsSize estimates the bytes that hits keep alive: the slice, every
// hit's snippet and citation, and its record or FAQ with all their text.
func hitsSize(hits []wikirules.Hit) int64 {
	n := int64(cap(hits)) * hitBytes
	for i := range hits {
		h := &hits[i]
		n += strSize(h.Snippet) + citationSize(h.Citation)
		if r := h.Record; r != nil {
			n += recordBytes + recordSize(r)
		}
		if f := h.FAQ; f != nil {
			n += faqBytes + faqSize(f)
		}
	}
	return n
}

func citationSize(c wikirules.Citation) int64 {
	return strSize(c.Page) + strSize(c.Box) + strSize(c.Section) + strSize(string(c.Kind)) + strSize(c.Revision) +
		strSize(c.Anchor) + strSize(c.Version) + strSize(c.Item)
}

func recordSize(r *wikirules.Record) int64 {
	n := strSize(r.ID) + strSize(r.Page) + strSize(r.RevisionID) + strsSize(r.Section) + strSize(string(r.Kind)) +
		strSize(r.Version) + strSize(r.SupersededBy) + strSize(r.Alternative) + strSize(r.Title) +
		strSize(r.Text) + strSize(r.Plain) + strsSize(r.Links) + strsSize(r.Notes) + strSize(r.Template)
	for k, v := range r.Fields {
		n += 48 + strSize(k) + strSize(v)
	}
	if s := r.Skill; s != nil {
		n += skillBytes + strSize(s.Name) + strSize(s.Type) + strsSize(s.Labels)
	}
	return n
}

func faqSize(f *wikirules.FAQ) int64 {
	return strSize(f.ID) + strSize(f.Type) + strSize(f.Title) + strSize(f.Version) + strSize(f.Question) +
		strSize(f.Answer) + strsSize(f.Related) + strsSize(f.Pages) + strSize(f.FirstRevision) +
		strSize(f.LastRevision) + strSize(f.LastPage)
}

// resultsSize estimates the bytes a faceted result keeps alive.
func resultsSize(r *Results) int64 {
	n := int64(unsafe.Sizeof(*r)) + hitsSize(r.Hits) + strsSize(r.Expanded)
	for name, f := range r.Facets {
		n += 48 + strSize(name) + int64(unsafe.Sizeof(f))
		for _, c := range f.Counts {
			n += int64(unsafe.Sizeof(c)) + strSize(c.Value)
		}
	}
	return n
}
