package kb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
)

// ErrWriterDone is returned by a Writer used after Commit, Rollback or a
// failed Put.
var ErrWriterDone = errors.New("kb: writer already committed, rolled back or failed")

// searchFlushRows is how many search rows a Writer collects in
// temp.search_pending (a temp table: on disk past a small cache, not in
// memory; a row holds a record content's page and search title, the body
// is made from the content at the flush) before flushSearch moves them
// into the FTS5 tables and brings search_current up to date (syncCurrent,
// whose statements read only the pages whose current revision changed).
// Each flush is one INSERT into FTS5, whose memory SQLite keeps for reuse
// afterwards, so the flush size bounds the memory of an ingest's store
// whatever the size of the export (BENCHMARKS.md, Ingest).
const searchFlushRows = 1 << 16

// Writer is a streaming write transaction, made by Begin: Put stores one
// item at a time, Commit makes everything put visible at once, Rollback
// (or any error) discards it. Only the items being written are held in
// memory, so a transaction may cover a whole multi-GB export: its pages
// go to the WAL as the connection's page cache (16 MiB, see Open) fills
// (SQLite's cache spill), so memory stays bounded whatever the size of
// the transaction; the WAL grows to about the size of the data written
// and is checkpointed and truncated to 64 MiB after the commit.
//
// The semantics are those of Put over the concatenation of every item:
// a revision already stored (or put earlier in the same Writer) is
// skipped, FAQs are merged by id. A Writer is not safe for concurrent
// use. It holds one connection of the DB until Commit or Rollback; on an
// in-memory database (a single connection) other calls on the same DB
// wait until then.
type Writer struct {
	ctx     context.Context // Begin's, for Commit's final statements
	tx      *sql.Tx
	w       *writer
	res     PutResult
	n       int // items put
	flushAt int // searchFlushRows; lowered by tests
	// changes0 is the connection's total_changes() after Begin's own
	// statements: Commit compares it with the count then.
	changes0 int64
	err      error
}

// Begin starts a streaming write transaction (see Writer). Errors: the
// database is closed, ctx is done, or the write lock cannot be had within
// the busy timeout (another writer holds it). Cancelling ctx rolls the
// transaction back.
func (db *DB) Begin(ctx context.Context) (*Writer, error) {
	if db.readOnly {
		return nil, fmt.Errorf("kb: begin %s: database opened read-only", db.path)
	}
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("kb: begin: %w", err)
	}
	wr := &Writer{ctx: ctx, tx: tx, flushAt: searchFlushRows}
	if wr.w, err = newWriter(ctx, tx); err != nil {
		tx.Rollback()
		return nil, fmt.Errorf("kb: begin: %w", err)
	}
	if wr.changes0, err = totalChanges(ctx, tx); err != nil {
		wr.w.close()
		tx.Rollback()
		return nil, fmt.Errorf("kb: begin: %w", err)
	}
	return wr, nil
}

// Put stores one item in the transaction (see DB.Put for what is stored
// and skipped). Its counts are added to the PutResult that Commit
// returns. An error names the item's index in the Writer, its page and
// revision; it leaves the transaction unusable (the item may be half
// written), so the Writer is rolled back and later calls return
// ErrWriterDone.
func (w *Writer) Put(ctx context.Context, it Item) error {
	if w.err != nil {
		return w.err
	}
	i := w.n
	w.n++
	if err := ctx.Err(); err != nil {
		return w.fail(fmt.Errorf("kb: put item %d: %w", i, err))
	}
	if err := w.w.put(statementContext(ctx), &it, &w.res); err != nil {
		return w.fail(fmt.Errorf("kb: put item %d (page %q, revision %s): %w", i, it.Rev.Page.Title, it.Rev.ID, err))
	}
	if len(w.w.refresh) > 0 {
		// A copy merged into a stored revision may change its date (and
		// so which revision is current) and the FAQs it shows.
		pks := slices.Sorted(maps.Keys(w.w.refresh))
		clear(w.w.refresh)
		if err := w.refreshPages(ctx, pks); err != nil {
			return w.fail(fmt.Errorf("kb: put item %d (page %q, revision %s): %w", i, it.Rev.Page.Title, it.Rev.ID, err))
		}
	}
	if w.w.pendingRows >= w.flushAt {
		if err := w.w.flushSearch(ctx); err != nil {
			return w.fail(fmt.Errorf("kb: put item %d: %w", i, err))
		}
	}
	return nil
}

// Len returns the number of items put so far (including skipped ones).
func (w *Writer) Len() int { return w.n }

// Commit writes the pending search rows and commits the transaction
// (under the context given to Begin), raising the write generation when
// the transaction changed a row; it returns the totals of every Put.
// After an error nothing of the Writer is stored. The Writer cannot be
// used afterwards.
func (w *Writer) Commit() (PutResult, error) {
	if w.err != nil {
		return PutResult{}, w.err
	}
	if err := w.w.flushSearch(w.ctx); err != nil {
		return PutResult{}, w.fail(fmt.Errorf("kb: commit: %w", err))
	}
	// A transaction that wrote no row (the same input ingested again)
	// leaves the generation, and so everything derived from it, as it is.
	changes, err := totalChanges(w.ctx, w.tx)
	if err != nil {
		return PutResult{}, w.fail(fmt.Errorf("kb: commit: %w", err))
	}
	if changes != w.changes0 {
		if err := bumpGeneration(w.ctx, w.tx); err != nil {
			return PutResult{}, w.fail(fmt.Errorf("kb: commit: %w", err))
		}
	}
	w.w.close()
	err = w.tx.Commit()
	w.err = ErrWriterDone
	if err != nil {
		return PutResult{}, fmt.Errorf("kb: commit: %w", err)
	}
	return w.res, nil
}

// Rollback discards everything put. It is a no-op after Commit or a
// failed Put (which already rolled back), so it can be deferred.
func (w *Writer) Rollback() error {
	if w.err != nil {
		return nil
	}
	w.fail(ErrWriterDone)
	return nil
}

// fail rolls the transaction back and marks the Writer done; it returns err.
func (w *Writer) fail(err error) error {
	w.w.close()
	w.tx.Rollback()
	if err == ErrWriterDone {
		w.err = ErrWriterDone
	} else {
		w.err = fmt.Errorf("%w (after: %v)", ErrWriterDone, err)
	}
	return err
}

// totalChanges is SQLite's total_changes() of tx's connection: the rows
// inserted, updated or deleted by its statements since it was opened
// (those of triggers included; a conflict that does nothing counts none,
// an update that writes a row's own values counts it).
func totalChanges(ctx context.Context, tx *sql.Tx) (int64, error) {
	var n int64
	if err := tx.QueryRowContext(ctx, `SELECT total_changes()`).Scan(&n); err != nil {
		return 0, fmt.Errorf("total changes: %w", err)
	}
	return n, nil
}
