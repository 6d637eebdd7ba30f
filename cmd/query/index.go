package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"sync"

	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

const indexHelp = `Keeps the search index of a knowledge base file (PATH.bleve, next to it)
in step with it: builds it when missing, otherwise indexes what the
knowledge base holds and the index lacks and removes what it no longer
holds. With -check it changes nothing and reports whether the index and
the knowledge base agree (every current and superseded record and every
FAQ, at the revision it came from); it exits non-zero when they do not.
"query search" uses the index when it is in step and the knowledge base's
FTS5 search otherwise. Example:
  query index -db rules.db
  query index -db rules.db -check`

func runIndex(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "index", "", indexHelp, false)
	check := c.fs.Bool("check", false, "only report whether the index and the knowledge base agree (exit non-zero if not)")
	if err := c.parse(args); err != nil {
		return err
	}
	path := c.dbPath()
	if path == "" {
		return errors.New("index: needs a knowledge base file (-db PATH, or ./rules.db); the embedded sample is indexed in memory by query search")
	}
	// The index reads the knowledge base once: a small page cache per
	// connection, and a Go memory limit (indexMemoryLimit).
	c.read = []kb.ReadOption{kb.SmallCache()}
	if indexMemoryLimit > 0 {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(indexMemoryLimit))
	}
	return c.withDB(ctx, e, func(db *kb.DB) error {
		if !*check {
			rep, err := pipeline.SyncIndex(ctx, db, path, e.stderr)
			if err != nil {
				return err
			}
			if c.json {
				return writeJSON(e.stdout, map[string]any{"index": pipeline.IndexPath(path), "found": rep})
			}
			return nil
		}
		rep, stampErr, err := checkIndex(ctx, db, path)
		if err != nil {
			return err
		}
		if c.json {
			if err := writeJSON(e.stdout, map[string]any{"index": pipeline.IndexPath(path), "ok": rep.OK() && stampErr == nil, "report": rep}); err != nil {
				return err
			}
		} else {
			fmt.Fprintf(e.stdout, "%s: %s\n", pipeline.IndexPath(path), rep)
			list := func(what string, ids []string) {
				for i, id := range ids {
					if i == 10 {
						fmt.Fprintf(e.stdout, "  … %d more %s\n", len(ids)-10, what)
						break
					}
					fmt.Fprintf(e.stdout, "  %s %s\n", what, id)
				}
			}
			list("missing", rep.Missing)
			list("extra", rep.Extra)
			list("stale", rep.Stale)
			if stampErr != nil {
				fmt.Fprintf(e.stdout, "  %v\n", stampErr)
			}
		}
		if !rep.OK() {
			return fmt.Errorf("%s: %s (run: query index -db %s)", pipeline.IndexPath(path), rep, path)
		}
		if stampErr != nil {
			return fmt.Errorf("%w (run: query index -db %s)", stampErr, path)
		}
		return nil
	})
}

// checkIndex compares the index of the knowledge base at path with db
// (index.Check) and its stamp (pipeline.OpenIndex). err is set when the
// index cannot be read at all (missing, locked, corrupt).
func checkIndex(ctx context.Context, db *kb.DB, path string) (rep index.Report, stampErr, err error) {
	ip := pipeline.IndexPath(path)
	if _, err := os.Stat(ip); err != nil {
		return rep, nil, fmt.Errorf("no search index at %s (build it with: query index -db %s)", ip, path)
	}
	idx, err := index.OpenReadOnly(ip)
	if err != nil {
		return rep, nil, err
	}
	rep, err = idx.Check(ctx, db)
	idx.Close()
	if err != nil {
		return rep, nil, err
	}
	if x, err := pipeline.OpenIndex(ctx, db, path); err != nil {
		stampErr = err
	} else {
		x.Close()
	}
	return rep, stampErr, nil
}

// dbPath returns the knowledge base file open uses: -db, else ./rules.db
// when present, else "" (the embedded sample corpus).
func (c *common) dbPath() string {
	if c.db != "" {
		return c.db
	}
	if _, err := os.Stat("rules.db"); err == nil {
		return "rules.db"
	}
	return ""
}

// sampleIndex is the in-memory index of the embedded sample corpus, built
// once per process (the sample never changes) from the first knowledge
// base loaded with it.
var (
	sampleIdxOnce sync.Once
	sampleIdx     *index.Index
	sampleIdxErr  error
)

// searchIndex returns the index query search should use for db, or nil
// and the reason to fall back to FTS5 (said on stderr by the caller): for
// the embedded sample an in-memory index built from it; for a file the
// index at PATH.bleve when its stamp matches. The caller closes a file
// index (close reports whether it must).
func (c *common) searchIndex(ctx context.Context, db *kb.DB) (idx *index.Index, owned bool, reason error) {
	path := c.dbPath()
	if path == "" {
		sampleIdxOnce.Do(func() {
			sampleIdx, sampleIdxErr = index.BuildFrom(context.WithoutCancel(ctx), "", db)
		})
		return sampleIdx, false, sampleIdxErr
	}
	idx, err := pipeline.OpenIndex(ctx, db, path)
	if err != nil {
		return nil, false, err
	}
	return idx, true, nil
}

// runEvalSearch is "query eval -search": the relevance figures of the
// index query search uses, on the built-in relevance set or file.
func runEvalSearch(ctx context.Context, e *env, c *common, file string) error {
	cases, err := index.RelevanceSet()
	if file != "" {
		var f *os.File
		if f, err = os.Open(file); err != nil {
			return err
		}
		defer f.Close()
		cases, err = index.LoadCases(f, file)
	}
	if err != nil {
		return err
	}
	return c.withDB(ctx, e, func(db *kb.DB) error {
		idx, owned, reason := c.searchIndex(ctx, db)
		if reason != nil {
			return fmt.Errorf("eval -search: %w (run: query index -db %s)", reason, c.dbPath())
		}
		if owned {
			defer idx.Close()
		}
		m := index.Evaluate(ctx, idx, cases)
		if c.json {
			return writeJSON(e.stdout, m)
		}
		m.Print(e.stdout)
		return nil
	})
}
