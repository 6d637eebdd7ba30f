package kb

import (
	"context"
	"fmt"
)

// The current-records search (migration 0002_current.sql).
//
// The search table holds a row for every record of every stored revision,
// so a search of the current wiki used to match, rank and then discard
// the records of every older revision: at 20 revisions a page, 95 % of
// the work. current_revisions names the current revision of each page
// (the greatest (timestamp, id), kept by the trigger revisions_current on
// every stored revision) and search_current holds the search rows of the
// records of those revisions and of every FAQ, with the same columns,
// tokenizer and rowids as search (plus 2- and 3-character prefix indexes,
// which the prefix queries of SearchText use).
//
// The writer keeps search_current in step at every search flush (Put,
// Writer.Put every searchFlushRows rows, Writer.Commit): after the
// pending rows reach search, syncCurrent swaps the rows of each page whose
// current revision changed since the last sync (current_revisions.indexed
// != revision) and replaces the FAQ rows that were rewritten. Several
// revisions of one page stored between two flushes cost only the newest
// one's rows, and every change is one set-based statement, so FTS5 writes
// few large segments. Searches with Filter.AsOf use the search table.

// syncCurrent brings search_current in step with current_revisions and
// with the FAQ rows pending in temp.search_pending; it runs in the
// writer's transaction after those rows were copied into search.
func (w *writer) syncCurrent(ctx context.Context) error {
	for _, st := range []struct{ what, sql string }{
		{"drop records of revisions no longer current", `DELETE FROM search_current WHERE rowid IN
			(SELECT rec.pk FROM current_revisions c JOIN records rec ON rec.revision = c.indexed
			WHERE c.indexed != c.revision)`},
		{"add records of new current revisions", `INSERT INTO search_current (rowid, page, title, body)
			SELECT s.rowid, s.page, s.title, s.body FROM current_revisions c
			JOIN records rec ON rec.revision = c.revision JOIN search s ON s.rowid = rec.pk
			WHERE c.indexed != c.revision ORDER BY rec.pk`},
		{"mark pages synced", `UPDATE current_revisions SET indexed = revision WHERE indexed != revision`},
		{"drop rewritten faq rows", `DELETE FROM search_current WHERE rowid IN
			(SELECT rowid FROM temp.search_pending WHERE rowid < 0)`},
		{"add rewritten faq rows", `INSERT INTO search_current (rowid, page, title, body)
			SELECT rowid, page, title, body FROM temp.search_pending WHERE rowid < 0 ORDER BY rowid`},
	} {
		if _, err := w.tx.ExecContext(ctx, st.sql); err != nil {
			return fmt.Errorf("search_current: %s: %w", st.what, err)
		}
	}
	return nil
}
