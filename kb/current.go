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
// != revision): it drops the contents only the old revision shows and
// adds those only the new one shows (search rows are per record content,
// see record_contents in schema.go); and it replaces the FAQ rows that
// were rewritten. Several
// revisions of one page stored between two flushes cost only the newest
// one's rows, and every change is one set-based statement, so FTS5 writes
// few large segments. Searches with Filter.AsOf use the search table.

// The FAQ summaries (migrations 0003_faq_current.sql, 0005_faq_new.sql).
//
// A FAQ's pages, first and last revision come from its occurrences, and
// the FAQs shown on every variant of a page in every revision have
// hundreds. faq_current holds, for each FAQ shown somewhere, what
// faqOccurrenceSummary makes of all its occurrences (the answer of a read
// without Filter.AsOf; the order of the pages in its JSON array is not
// kept); the trigger faq_occurrences_new copies every new occurrence into
// faq_new, and syncCurrent merges the summary of those into faq_current
// and empties faq_new at every search flush, so after a commit faq_new is
// empty and faq_current exact.

// faqOccurrenceSummary aggregates the occurrences o of a FAQ joined to
// their revisions r and pages p: the oldest and newest revision as
// "timestamp id" (stored timestamps are fixed width, so this orders as
// (timestamp, id) does) and the JSON array of the pages' titles.
const faqOccurrenceSummary = `MIN(r.timestamp || ' ' || r.id), MAX(r.timestamp || ' ' || r.id), json_group_array(DISTINCT p.title)`

// syncCurrent brings search_current in step with current_revisions and
// with the FAQ rows pending in temp.search_pending, and faq_current with
// the new occurrences; it runs in the writer's transaction after the
// pending rows were copied into search.
func (w *writer) syncCurrent(ctx context.Context) error {
	for _, st := range []struct{ what, sql string }{
		// Both sides are sets of contents: a content the old and the new
		// current revision of a page share keeps its row.
		{"drop records of revisions no longer current", `DELETE FROM search_current WHERE rowid IN
			(SELECT rec.pk FROM current_revisions c CROSS JOIN records rec ON rec.revision = c.indexed
			WHERE c.indexed != c.revision
			EXCEPT SELECT rec.pk FROM current_revisions c CROSS JOIN records rec ON rec.revision = c.revision
			WHERE c.indexed != c.revision)`},
		{"add records of new current revisions", `INSERT INTO search_current (rowid, page, title, body)
			SELECT s.rowid, s.page, s.title, s.body FROM
			(SELECT rec.pk FROM current_revisions c CROSS JOIN records rec ON rec.revision = c.revision
			WHERE c.indexed != c.revision
			EXCEPT SELECT rec.pk FROM current_revisions c CROSS JOIN records rec ON rec.revision = c.indexed
			WHERE c.indexed != c.revision) n
			CROSS JOIN search s ON s.rowid = n.pk ORDER BY s.rowid`},
		{"mark pages synced", `UPDATE current_revisions SET indexed = revision WHERE indexed != revision`},
		{"drop rewritten faq rows", `DELETE FROM search_current WHERE rowid IN
			(SELECT rowid FROM temp.search_pending WHERE rowid < 0)`},
		{"add rewritten faq rows", `INSERT INTO search_current (rowid, page, title, body)
			SELECT rowid, page, title, body FROM temp.search_pending WHERE rowid < 0 ORDER BY rowid`},
		// The new occurrences' summary is merged into the stored one:
		// the older first, the newer last, the union of the pages (kept
		// as they are when the new ones add none).
		{"summarise new faq occurrences", `INSERT INTO faq_current (faq, first, last, pages)
			SELECT o.faq, ` + faqOccurrenceSummary + ` FROM faq_new o
			JOIN revisions r ON r.id = o.revision JOIN pages p ON p.pk = r.page
			WHERE true GROUP BY o.faq
			ON CONFLICT (faq) DO UPDATE SET first = min(first, excluded.first), last = max(last, excluded.last),
			pages = CASE WHEN NOT EXISTS (SELECT value FROM json_each(excluded.pages)
				EXCEPT SELECT value FROM json_each(faq_current.pages)) THEN pages
			ELSE (SELECT json_group_array(value) FROM (SELECT value FROM json_each(faq_current.pages)
				UNION SELECT value FROM json_each(excluded.pages))) END`},
		{"mark faq occurrences summarised", `DELETE FROM faq_new`},
	} {
		if _, err := w.tx.ExecContext(ctx, st.sql); err != nil {
			return fmt.Errorf("search_current: %s: %w", st.what, err)
		}
	}
	return nil
}
