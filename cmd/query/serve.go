package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/web"
)

const serveHelp = `Serves the web page for judges (search, pages as rule cards, FAQ and
errata, history and diffs, ask and resolve, every citation one tap from its
record) and the JSON API (/api/search, /api/page/TITLE, /api/faq,
/api/history/TITLE, /api/diff/TITLE, POST /api/ask, POST /api/resolve) on
ADDR, until interrupted. The knowledge base is opened read-only; without
-db and ./rules.db the embedded sample corpus is served. Search results
are cached (-cache) since the knowledge base cannot change while served.
Example:
  query serve -addr 127.0.0.1:8080     # then open http://127.0.0.1:8080/`

func runServe(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "serve", "", serveHelp, false)
	addr := c.fs.String("addr", "127.0.0.1:8080", "host:port to listen on (port 0 picks a free port)")
	cache := c.fs.Int("cache", 4096, "remember the results of this many distinct searches (0: none); the database is read-only while served")
	if err := c.parse(args); err != nil {
		return err
	}
	if c.fs.NArg() > 0 {
		c.fs.Usage()
		return errUsage
	}
	db, err := c.open(ctx, e)
	if err != nil {
		return err
	}
	defer db.Close()
	logger := log.New(e.stderr, "serve: ", log.LstdFlags)
	// The engine searches the store (FTS5 knows every revision, so -as-of
	// works); the search page uses the bleve index when there is one.
	var judgeSearch wikirules.Searcher = db
	if *cache > 0 {
		judgeSearch = web.NewCachedSearcher(db, *cache)
	}
	var search wikirules.Searcher = db
	idx, owned, ierr := c.searchIndex(ctx, db)
	if ierr != nil {
		fmt.Fprintf(e.stderr, "serve: searching with SQLite FTS5: %v\n", ierr)
	} else {
		if owned {
			defer idx.Close()
		}
		search = fallbackSearcher{primary: idx, fallback: db}
	}
	if *cache > 0 {
		search = web.NewCachedSearcher(search, *cache)
	}
	srv, err := web.New(web.Deps{Store: db, Judge: engine.New(db, judgeSearch), Search: search, Logger: logger})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	hs := web.NewHTTPServer(*addr, srv)
	hs.ErrorLog = logger
	fmt.Fprintf(e.stderr, "serving on http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdown); err != nil {
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
	return &web.Results{Hits: res.Hits, Total: res.Total, Facets: reportFacets(res.Facets), Expanded: res.Expanded}, nil
}
