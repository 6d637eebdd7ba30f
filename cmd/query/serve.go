package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/web"
)

const serveHelp = `Serves the web page for judges (search, pages as rule cards, FAQ and
errata, history and diffs, ask and resolve, every citation one tap from its
record; labels in Spanish or English) and the JSON API (/api/search,
/api/page/TITLE, /api/faq, /api/history/TITLE, /api/diff/TITLE, POST
/api/ask, POST /api/resolve) on ADDR, until interrupted. The knowledge base
is opened read-only (on read-only media, as it is); without -db and
./rules.db the embedded sample corpus is served. The server watches the
knowledge base and its search index (-watch): after an ingest or a
"query index" it serves them again without a restart; it copies the index
to a temporary directory, so that ingest can update it meanwhile. Search
results are kept in memory up to -cache-mb. Example:
  query serve -addr 127.0.0.1:8080     # then open http://127.0.0.1:8080/`

func runServe(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "serve", "", serveHelp, false)
	addr := c.fs.String("addr", "127.0.0.1:8080", "host:port to listen on (port 0 picks a free port)")
	cacheMB := c.fs.Int("cache-mb", 64, "memory for remembered search results, in MiB, for the search page and the engine together (0: none)")
	every := c.fs.Duration("watch", 2*time.Second, "how often to look for changes to the knowledge base and its index (0: never)")
	if err := c.parse(args); err != nil {
		return err
	}
	if c.fs.NArg() > 0 || *cacheMB < 0 {
		c.fs.Usage()
		return errUsage
	}
	if serveMemoryLimit > 0 {
		// The caches are bounded in bytes; the collector keeps the rest
		// of the heap under this soft limit instead of letting it grow to
		// five times the live heap (GOGC=400, see main).
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(serveMemoryLimit + int64(*cacheMB)<<20))
	}
	logger := log.New(e.stderr, "serve: ", log.LstdFlags)
	cache := web.NewCache(int64(*cacheMB) << 20)
	path := c.dbPath()
	tmp, err := os.MkdirTemp("", "wikirules-serve-")
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	defer os.RemoveAll(tmp)
	var cur *served
	if path == "" {
		db, err := c.open(ctx, e)
		if err != nil {
			return err
		}
		// The sample's index is built once per process and shared.
		cur = &served{db: db, shared: true}
		idx, _, ierr := c.searchIndex(ctx, db)
		if ierr != nil {
			fmt.Fprintf(e.stderr, "serve: searching with SQLite FTS5: %v\n", ierr)
		} else {
			cur.idx = idx
		}
	} else {
		g, reason, err := openServed(ctx, c, e, path, tmp)
		if err != nil {
			return err
		}
		if reason != nil {
			fmt.Fprintf(e.stderr, "serve: searching with SQLite FTS5 until the index is in step: %v\n", reason)
		}
		cur = g
	}
	srv, err := web.New(cur.deps(cache, *cacheMB > 0, 0, logger))
	if err != nil {
		cur.close()
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		cur.close()
		return fmt.Errorf("serve: %w", err)
	}
	hs := web.NewHTTPServer(*addr, srv)
	hs.ErrorLog = logger
	if cur.db.Immutable() {
		fmt.Fprintf(e.stderr, "serve: %s is on read-only media: served as it is, not watched for changes\n", path)
	}
	fmt.Fprintf(e.stderr, "serving on http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	watched := make(chan *served, 1)
	wctx, stopWatch := context.WithCancel(ctx)
	defer stopWatch()
	if path != "" && *every > 0 && !cur.db.Immutable() {
		go func() {
			watched <- watch(wctx, srv, cur, path, *every,
				func(gen int) (*served, error) {
					g, reason, err := openServed(ctx, c, e, path, tmp)
					if err == nil && reason != nil && !errNoIndex(reason) {
						logger.Printf("searching with SQLite FTS5: %v", reason)
					}
					return g, err
				},
				func(g *served, gen int) error {
					if err := srv.Swap(ctx, g.deps(cache, *cacheMB > 0, gen, logger)); err != nil {
						return err
					}
					cache.Reset()
					return nil
				}, logger.Printf)
		}()
	} else {
		watched <- cur
	}
	var serveErr error
	select {
	case err := <-done:
		serveErr = fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	stopWatch()
	last := <-watched
	if serveErr != nil {
		last.close()
		return serveErr
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err = hs.Shutdown(shutdown)
	last.close()
	if err != nil {
		return fmt.Errorf("serve: shutting down: %w", err)
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// fallbackSearcher searches the bleve index and falls back to the store's
// FTS5 search for what the index cannot answer (searches -as-of a date:
// the index holds current records only).
type fallbackSearcher struct {
	primary, fallback wikirules.Searcher
}

// SearchText implements wikirules.Searcher.
func (s fallbackSearcher) SearchText(ctx context.Context, text string, f wikirules.Filter) ([]wikirules.Hit, error) {
	if f.AsOf.IsZero() {
		hits, err := s.primary.SearchText(ctx, text, f)
		if !errors.Is(err, index.ErrAsOf) {
			return hits, err
		}
	}
	return s.fallback.SearchText(ctx, text, f)
}

// SearchEngine names the engine of searches without -as-of (web.EngineNamer);
// searches as of a date are answered by FTS5.
func (s fallbackSearcher) SearchEngine() string { return "bleve" }

// SearchAll implements web.FullSearcher: the index's hits with its facets
// and expansions counted over every match, as `query search` prints them.
func (s fallbackSearcher) SearchAll(ctx context.Context, text string, f wikirules.Filter) (*web.Results, error) {
	idx, ok := s.primary.(*index.Index)
	if !ok || !f.AsOf.IsZero() {
		return nil, web.ErrNoFullSearch
	}
	res, err := idx.Search(ctx, index.Query{Text: text, Edition: f.Edition, Kinds: f.Kinds, Pages: f.Pages, Limit: f.Limit, History: f.History, Facets: true})
	if err != nil {
		return nil, err
	}
	return &web.Results{Hits: res.Hits, Total: res.Total, Facets: res.Facets, Expanded: res.Expanded}, nil
}
