package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
	"github.com/wikirules/wikirules/web"
	"github.com/wikirules/wikirules/web/twins"
)

// served is one state of the knowledge base as `query serve` answers
// from it: the database, the search index (nil: FTS5 answers) and the
// private copy of the index it was opened from (removed on close).
type served struct {
	db     *kb.DB
	idx    *index.Index
	snap   string
	shared bool // idx is the process's index of the embedded sample: not closed
}

func (g *served) close() {
	if g.idx != nil && !g.shared {
		g.idx.Close()
	}
	if g.db != nil {
		g.db.Close()
	}
	if g.snap != "" {
		os.RemoveAll(g.snap)
	}
}

// deps wires g as the web server's Deps, with searches cached in cache
// under keys of generation gen.
func (g *served) deps(cache *web.Cache, cacheOn bool, gen int, logger *log.Logger) web.Deps {
	var judgeSearch, search wikirules.Searcher = g.db, g.db
	var opts []engine.Option
	if g.idx != nil {
		// Both search the bleve index; the engine asks the store itself
		// for -as-of answers (FTS5 knows every revision).
		search = fallbackSearcher{primary: g.idx, fallback: g.db}
		judgeSearch = search
		opts = append(opts, engine.WithWordStats(g.idx))
	}
	if cacheOn {
		p := strconv.Itoa(gen)
		judgeSearch = web.NewCachedSearcher(judgeSearch, cache, "judge "+p)
		search = web.NewCachedSearcher(search, cache, "search "+p)
	}
	d := web.Deps{Store: g.db, Judge: engine.New(g.db, judgeSearch, opts...), Search: search, Logger: logger, Immutable: g.db.Immutable()}
	// The pairs of twin pages, for the twin warnings and the search's
	// pairs; without them the pages show none, and the log says why.
	if tw, err := twins.Load(context.Background(), g.db); err != nil {
		logger.Printf("twin pages: %v (no twin warnings)", err)
	} else {
		d.Twins = tw
	}
	return d
}

// openServed opens the knowledge base at path and its search index. The
// index is not held open where `ingest` and `query index` write it: it is
// copied into a private directory under tmp while a read-only handle on
// it keeps writers out (bleve's lock: a writer waits for readers), and
// the copy is opened, so that the served index never blocks a writer. On
// read-only media nothing can write the index, and it is opened where it
// is. When there is no index, or it is not in step with the database (an
// ingest is between storing and indexing), FTS5 answers and reason says
// why.
func openServed(ctx context.Context, c *common, e *env, path, tmp string) (g *served, reason error, err error) {
	db, err := c.open(ctx, e)
	if err != nil {
		return nil, nil, err
	}
	g = &served{db: db}
	ip := pipeline.IndexPath(path)
	if _, err := os.Stat(ip); err != nil {
		return g, fmt.Errorf("%w at %s", pipeline.ErrIndexMissing, ip), nil
	}
	if db.Immutable() {
		idx, err := pipeline.OpenIndex(ctx, db, path)
		g.idx = idx
		return g, err, nil
	}
	snap, err := os.MkdirTemp(tmp, "index-")
	if err != nil {
		return g, fmt.Errorf("copying the search index: %w", err), nil
	}
	g.snap = snap
	if err := snapshotIndex(ip, filepath.Join(snap, "rules.db.bleve")); err != nil {
		return g, err, nil
	}
	// The copy stands beside a name that pipeline.OpenIndex maps to it;
	// its stamp is compared with the database's.
	idx, err := pipeline.OpenIndex(ctx, db, filepath.Join(snap, "rules.db"))
	g.idx = idx
	return g, err, nil
}

// snapshotIndex copies the bleve index directory src to dst while it
// holds src open read-only, which keeps a writer from changing it
// meanwhile (a writer's open waits for readers to close, for up to 3 s).
func snapshotIndex(src, dst string) error {
	hold, err := index.OpenReadOnly(src)
	if err != nil {
		return err
	}
	defer hold.Close()
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o700)
		}
		return copyFile(p, to)
	})
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// fileStamp is what a change to the knowledge base or its index changes:
// the size and modification time of the database, its write-ahead log
// and the index's files (SQLite appends every commit to the log and
// checkpoints it into the database; bleve rewrites its root.bolt and adds
// segment files at every batch).
type fileStamp string

func stampOf(path string) fileStamp {
	var s string
	add := func(p string) {
		if st, err := os.Stat(p); err == nil {
			s += fmt.Sprintf("%s %d %d\n", filepath.Base(p), st.Size(), st.ModTime().UnixNano())
		} else {
			s += filepath.Base(p) + " -\n"
		}
	}
	add(path)
	add(path + "-wal")
	ip := pipeline.IndexPath(path)
	add(ip)
	if entries, err := os.ReadDir(filepath.Join(ip, "store")); err == nil {
		for _, en := range entries {
			add(filepath.Join(ip, "store", en.Name()))
		}
	}
	add(filepath.Join(ip, "index_meta.json"))
	return fileStamp(s)
}

// watch keeps srv answering from the knowledge base at path as it changes
// on disk: every interval it compares the files' stamp with the one
// served; when it changed and has then stayed the same for one interval
// (an ingest has finished writing), it opens the knowledge base and its
// index again, swaps them into the server, resets the cache, and closes
// the old ones. It returns when ctx is done, with the generation then
// served (for the caller to close).
func watch(ctx context.Context, srv *web.Server, cur *served, path string, interval time.Duration,
	reopen func(gen int) (*served, error), swap func(*served, int) error, logf func(string, ...any)) *served {
	served := stampOf(path)
	last := served
	gen := 0
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return cur
		case <-t.C:
		}
		now := stampOf(path)
		if now == served || now != last {
			last = now
			continue
		}
		gen++
		g, err := reopen(gen)
		if err != nil {
			logf("knowledge base changed but could not be opened again (still serving the previous one): %v", err)
			last = "" // try again at the next tick
			continue
		}
		if err := swap(g, gen); err != nil {
			g.close()
			logf("knowledge base changed but could not be served (still serving the previous one): %v", err)
			last = ""
			continue
		}
		cur.close()
		cur, served = g, now
		logf("knowledge base changed on disk: now serving it again (generation %d)", gen)
	}
}

// errNoIndex says whether a reason to fall back to FTS5 is that the index
// is missing or behind the database, which a running server waits out.
func errNoIndex(err error) bool {
	return errors.Is(err, pipeline.ErrIndexMissing) || errors.Is(err, pipeline.ErrIndexStale)
}

var _ wikirules.Store = (*kb.DB)(nil)
