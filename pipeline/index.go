package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/kb"
)

// IndexPath returns where the search index of the knowledge base at dbPath
// lives: the directory dbPath + ".bleve".
func IndexPath(dbPath string) string { return dbPath + ".bleve" }

// IndexStamp returns a cheap fingerprint of what db holds, recorded in the
// index by SyncIndex and compared by OpenIndex: the row counts of pages,
// revisions, records, FAQs and FAQ occurrences, and of the revisions
// hidden from answers and the moves a sync applied. Every ingest that
// stores something adds a revision (revisions are never removed), and
// every deletion a sync applies hides one, so a stamp that differs means
// the index was not synced after the last ingest; the full comparison is
// index.Check (query index -check).
func IndexStamp(ctx context.Context, db *kb.DB) (string, error) {
	s, err := db.Stats(ctx)
	if err != nil {
		return "", fmt.Errorf("pipeline: index stamp: %w", err)
	}
	stamp := fmt.Sprintf("pages=%d revisions=%d records=%d faqs=%d faq_occurrences=%d",
		s.Pages, s.Revisions, s.Records, s.FAQs, s.FAQOccurrences)
	// A sync may hide revisions (a page deleted on the wiki) or move a
	// page without storing a revision.
	if s.Hidden > 0 || s.Moves > 0 {
		stamp += fmt.Sprintf(" hidden=%d moves=%d", s.Hidden, s.Moves)
	}
	return stamp, nil
}

// SyncIndex keeps the search index at IndexPath(dbPath) in step with db
// after an ingest: it builds the index from db when the directory does not
// exist, and otherwise brings it in step (index.Sync: indexes the records
// and FAQs it lacks or holds from an older revision, deletes the ones db
// no longer has), then records IndexStamp and db's write generation in it
// (read before the sync). A line on progress (nil:
// none) says what was done and how long it took. The returned report is
// what Sync found before syncing (for a new index: everything missing).
// Errors name the index path.
func SyncIndex(ctx context.Context, db *kb.DB, dbPath string, progress io.Writer) (index.Report, error) {
	if progress == nil {
		progress = io.Discard
	}
	path := IndexPath(dbPath)
	t0 := time.Now()
	// The generation is read before the index reads db: a write during
	// the sync leaves it behind db's, and OpenIndex then compares the
	// counts instead.
	gen, err := db.Generation(ctx)
	if err != nil {
		return index.Report{}, fmt.Errorf("pipeline: search index %s: %w", path, err)
	}
	var (
		idx *index.Index
		rep index.Report
	)
	_, statErr := os.Stat(path)
	switch {
	case errors.Is(statErr, os.ErrNotExist):
		idx, err = index.BuildFrom(ctx, path, db)
		if err != nil {
			os.RemoveAll(path) // a half-built index would be taken for a real one
			return rep, fmt.Errorf("pipeline: build search index %s: %w", path, err)
		}
		n, _ := idx.Count()
		rep = index.Report{Source: int(n)}
		fmt.Fprintf(progress, "search index %s: built, %d documents in %s\n", path, n, time.Since(t0).Round(time.Millisecond))
	case statErr != nil:
		return rep, fmt.Errorf("pipeline: search index %s: %w", path, statErr)
	default:
		if rep, ok := inStep(ctx, db, path, gen); ok {
			fmt.Fprintf(progress, "search index %s: in step, %d documents, left as it is (%s)\n", path, rep.Indexed, time.Since(t0).Round(time.Millisecond))
			return rep, nil
		}
		idx, err = index.Open(path)
		if err != nil {
			return rep, fmt.Errorf("pipeline: search index %s: %w (remove it to rebuild)", path, err)
		}
		rep, err = idx.Sync(ctx, db)
		if err != nil {
			idx.Close()
			return rep, fmt.Errorf("pipeline: sync search index %s: %w", path, err)
		}
		if rep.OK() {
			fmt.Fprintf(progress, "search index %s: in step, %d documents (%s)\n", path, rep.Indexed, time.Since(t0).Round(time.Millisecond))
		} else {
			fmt.Fprintf(progress, "search index %s: synced, %d added, %d updated, %d removed in %s\n",
				path, len(rep.Missing), len(rep.Stale), len(rep.Extra), time.Since(t0).Round(time.Millisecond))
		}
	}
	defer idx.Close()
	stamp, err := IndexStamp(ctx, db)
	if err != nil {
		return rep, err
	}
	if err := idx.SetStamp(stamp); err != nil {
		return rep, fmt.Errorf("pipeline: search index %s: %w", path, err)
	}
	if err := idx.SetGeneration(gen); err != nil {
		return rep, fmt.Errorf("pipeline: search index %s: %w", path, err)
	}
	return rep, nil
}

// ErrIndexMissing and ErrIndexStale are returned (wrapped) by OpenIndex
// when the knowledge base has no search index, or one not synced since the
// last ingest.
var (
	ErrIndexMissing = errors.New("no search index")
	ErrIndexStale   = errors.New("search index out of step with the knowledge base")
)

// OpenIndex opens the search index of the knowledge base db at dbPath
// read-only and checks that it is in step: synced at db's write
// generation (nothing written since: no rows to count), else its stamp
// equals IndexStamp(db) (a write since may have stored nothing new; an
// index synced before generations were recorded has none). It returns an
// error wrapping ErrIndexMissing or ErrIndexStale when the index cannot be
// trusted (the caller falls back to the knowledge base's FTS5 search and
// tells the user to run "query index -db PATH"), or another error when the
// index cannot be opened.
func OpenIndex(ctx context.Context, db *kb.DB, dbPath string) (*index.Index, error) {
	path := IndexPath(dbPath)
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w at %s", ErrIndexMissing, path)
	}
	idx, err := index.OpenReadOnly(path)
	if err != nil {
		return nil, err
	}
	have, err := idx.Stamp()
	if err != nil {
		idx.Close()
		return nil, fmt.Errorf("search index %s: %w", path, err)
	}
	synced, ok, err := idx.Generation()
	if err != nil {
		idx.Close()
		return nil, fmt.Errorf("search index %s: %w", path, err)
	}
	if gen, err := db.Generation(ctx); err != nil {
		idx.Close()
		return nil, err
	} else if ok && synced == gen {
		return idx, nil // nothing written since the index was synced
	}
	want, err := IndexStamp(ctx, db)
	if err != nil {
		idx.Close()
		return nil, err
	}
	if have != want {
		idx.Close()
		if have == "" {
			have = "none"
		}
		return nil, fmt.Errorf("%w: %s has stamp %q, the knowledge base %q", ErrIndexStale, path, have, want)
	}
	return idx, nil
}

// inStep reports whether the index at path, opened read-only, holds what
// db holds (index.Check) and is marked with db's stamp and write
// generation gen, with the check's report: such an index is left
// unwritten (nor locked against the readers of a running server), so that
// its files do not change when the knowledge base has not.
func inStep(ctx context.Context, db *kb.DB, path string, gen int64) (index.Report, bool) {
	idx, err := index.OpenReadOnly(path)
	if err != nil {
		return index.Report{}, false
	}
	defer idx.Close()
	rep, err := idx.Check(ctx, db)
	if err != nil || !rep.OK() {
		return index.Report{}, false
	}
	stamp, err := IndexStamp(ctx, db)
	if err != nil {
		return index.Report{}, false
	}
	have, err := idx.Stamp()
	if err != nil || have != stamp {
		return index.Report{}, false
	}
	at, ok, err := idx.Generation()
	return rep, err == nil && ok && at == gen
}
