package kb

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// The current-records search (migration 0002_current.sql).
//
// The search table holds a row for every record of every stored revision,
// so a search of the current wiki over it would match, rank and then
// discard the records of every older revision (at 20 revisions a page,
// 95 % of the work). current_revisions names the current revision of each page
// (the greatest (timestamp, id); the writer notes the newest revision of
// each page it stores and writes it at the next flush, writeNewest) and
// search_current holds the search rows of the
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
// kept); the writer sums up the occurrences it stores per FAQ (oldest and
// newest revision, pages) and merges that into faq_current at every
// search flush (writeFAQSummaries), so after a commit faq_current is
// exact. Until migration 0006 two triggers did this work row by row
// (revisions_current, faq_occurrences_new into a table faq_new).

// faqOccurrenceSummary aggregates the occurrences o of a FAQ joined to
// their revisions r and pages p: the oldest and newest revision as
// "timestamp id" (stored timestamps are fixed width, so this orders as
// (timestamp, id) does) and the JSON array of the pages' titles.
const faqOccurrenceSummary = `MIN(r.timestamp || ' ' || r.id), MAX(r.timestamp || ' ' || r.id), json_group_array(DISTINCT p.title)`

// syncCurrent writes current_revisions (writeNewest) and faq_current
// (writeFAQSummaries) from what was stored since the last flush, then
// brings search_current in step with current_revisions and with the FAQ
// rows pending in temp.search_pending; it runs in the writer's transaction
// after the pending rows were copied into search.
func (w *writer) syncCurrent(ctx context.Context) error {
	if err := w.writeNewest(ctx); err != nil {
		return err
	}
	if err := w.writeFAQSummaries(ctx); err != nil {
		return err
	}
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
	} {
		if _, err := w.tx.ExecContext(ctx, st.sql); err != nil {
			return fmt.Errorf("search_current: %s: %w", st.what, err)
		}
	}
	return nil
}

// revKey orders revisions as current_revisions does: by stored timestamp,
// then id.
type revKey struct{ ts, id string }

func (a revKey) less(b revKey) bool { return a.ts < b.ts || (a.ts == b.ts && a.id < b.id) }

// currentRevisionUpsert makes a stored revision its page's current one
// when it is newer than the current one (revKey order); parameters: page
// pk, revision id, stored timestamp.
const currentRevisionUpsert = `INSERT INTO current_revisions (page, revision, timestamp) VALUES (?, ?, ?)
	ON CONFLICT (page) DO UPDATE SET revision = excluded.revision, timestamp = excluded.timestamp
	WHERE excluded.timestamp > current_revisions.timestamp
		OR (excluded.timestamp = current_revisions.timestamp AND excluded.revision > current_revisions.revision)`

// writeNewest writes into current_revisions the newest revision stored of
// each page since the last flush (writer.newest, kept by put), in page
// order.
func (w *writer) writeNewest(ctx context.Context) error {
	for _, pk := range slices.Sorted(maps.Keys(w.newest)) {
		k := w.newest[pk]
		if _, err := w.cur.ExecContext(ctx, pk, k.id, k.ts); err != nil {
			return fmt.Errorf("current_revisions: page %d: %w", pk, err)
		}
		// A page with an undated revision: the current one is the last in
		// revisionOrder, which (timestamp, id) alone does not give.
		if _, err := w.tx.ExecContext(ctx, `UPDATE current_revisions SET (revision, timestamp) =
			(SELECT cr.id, cr.timestamp FROM revisions cr WHERE cr.page = ?1
			ORDER BY `+revisionOrder("cr")+` DESC, cr.id DESC LIMIT 1)
			WHERE page = ?1 AND EXISTS (SELECT 1 FROM revisions u WHERE u.page = ?1 AND u.timestamp = ?2)`, pk, undatedStored); err != nil {
			return fmt.Errorf("current_revisions: page %d: %w", pk, err)
		}
	}
	clear(w.newest)
	return nil
}

// faqSummary is what the occurrences of one FAQ stored since the last
// flush say of it (faqOccurrenceSummary over them): the oldest and newest
// "timestamp id" and the titles of the pages showing it.
type faqSummary struct {
	first, last string
	pages       map[string]bool
}

// add returns s (a new summary when nil) with an occurrence in the
// revision "timestamp id" key of page.
func (s *faqSummary) add(key, page string) *faqSummary {
	if s == nil {
		return &faqSummary{first: key, last: key, pages: map[string]bool{page: true}}
	}
	s.first, s.last = min(s.first, key), max(s.last, key)
	s.pages[page] = true
	return s
}

// faqSummaryUpsert merges a summary of new occurrences into a FAQ's stored
// one: the older first, the newer last, the union of the pages (kept as
// they are when the new ones add none); parameters: FAQ pk, first, last,
// JSON array of page titles.
const faqSummaryUpsert = `INSERT INTO faq_current (faq, first, last, pages) VALUES (?, ?, ?, ?)
	ON CONFLICT (faq) DO UPDATE SET first = min(first, excluded.first), last = max(last, excluded.last),
	pages = CASE WHEN NOT EXISTS (SELECT value FROM json_each(excluded.pages)
		EXCEPT SELECT value FROM json_each(faq_current.pages)) THEN pages
	ELSE (SELECT json_group_array(value) FROM (SELECT value FROM json_each(faq_current.pages)
		UNION SELECT value FROM json_each(excluded.pages))) END`

// writeFAQSummaries merges the summaries of the occurrences stored since
// the last flush (writer.faqNew, kept by putFAQ) into faq_current, in FAQ
// order.
func (w *writer) writeFAQSummaries(ctx context.Context) error {
	for _, pk := range slices.Sorted(maps.Keys(w.faqNew)) {
		s := w.faqNew[pk]
		titles := slices.Sorted(maps.Keys(s.pages))
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(titles); err != nil {
			return fmt.Errorf("faq_current: faq %d: %w", pk, err)
		}
		if _, err := w.faqCur.ExecContext(ctx, pk, s.first, s.last, strings.TrimSuffix(buf.String(), "\n")); err != nil {
			return fmt.Errorf("faq_current: faq %d: %w", pk, err)
		}
	}
	clear(w.faqNew)
	return nil
}
