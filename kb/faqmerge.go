package kb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/wikirules/wikirules"
)

// MergeFAQs merges, in the Writer's transaction, each stored FAQ named by
// a key of merges into the stored FAQ its value names (mergeFAQ): merges
// maps the IDs of FAQs a rendered page showed without title and version
// (FAQID(type, "", "", question): the page was read before the wikitext
// that identifies them) to the IDs of the FAQs they are
// (extract.FAQCatalog.Identify). An FAQ that a wikitext revision shows
// too (an untitled {{faqbox}} is an FAQ of its own, with the same ID)
// keeps those occurrences: only the rendered pages' move (moveRendered).
// An FAQ that is not stored or has a title or a version is left as it is,
// and so is one whose target is not stored. An error fails the Writer.
func (w *Writer) MergeFAQs(ctx context.Context, merges map[string]string) error {
	if w.err != nil {
		return w.err
	}
	for _, old := range slices.Sorted(maps.Keys(merges)) {
		if err := w.w.mergeFAQ(statementContext(ctx), old, merges[old]); err != nil {
			return w.fail(fmt.Errorf("kb: merge faq %s into %s: %w", old, merges[old], err))
		}
	}
	return nil
}

// mergeFAQ makes the stored FAQ old, one with no title and no version
// shown only by rendered pages, the stored FAQ id: its occurrences move to id, faq_current's summary of id
// takes in old's, the records of old's pages that name old (their
// fields' faq_id) name id, and old's row, related pages, summary and
// search rows are deleted. When old's content comes from a newer revision
// than id's, id takes its question, answer and (when old has any) related
// pages, keeping its type, title, version and editions: what storing the
// two occurrences in the other order gives (putFAQ). It does nothing when
// old is not stored, has a title or a version, is shown by a wikitext
// revision, or id is not stored.
func (w *writer) mergeFAQ(ctx context.Context, old, id string) error {
	if old == id {
		return nil
	}
	var oldPK, pk int64
	err := w.tx.QueryRowContext(ctx, `SELECT pk FROM faqs WHERE id = ? AND title = '' AND version = ''`, old).Scan(&oldPK)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	if err := w.tx.QueryRowContext(ctx, `SELECT pk FROM faqs WHERE id = ?`, id).Scan(&pk); errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	var wikitext bool
	if err := w.tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM faq_occurrences o JOIN revisions r ON r.id = o.revision
		WHERE o.faq = ? AND r.format NOT IN (?, ?))`, oldPK, rendered[0], rendered[1]).Scan(&wikitext); err != nil {
		return err
	}
	// The cache may hold a source not written yet; both entries are read
	// again from the table after the merge.
	if err := w.flushFAQSources(ctx); err != nil {
		return err
	}
	delete(w.faqs, id)
	delete(w.faqs, old)
	if err := w.adoptNewer(ctx, oldPK, pk); err != nil {
		return fmt.Errorf("content: %w", err)
	}
	if wikitext {
		return w.moveRendered(ctx, old, oldPK, id, pk)
	}
	// What the flushes so far summarised of old, and what was stored
	// since, go to id's summary.
	var first, last, pages string
	switch err := w.tx.QueryRowContext(ctx, `SELECT first, last, pages FROM faq_current WHERE faq = ?`, oldPK).Scan(&first, &last, &pages); {
	case err == nil:
		if _, err := w.faqCur.ExecContext(ctx, pk, first, last, pages); err != nil {
			return fmt.Errorf("summary: %w", err)
		}
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("summary: %w", err)
	}
	if s := w.faqNew[oldPK]; s != nil {
		for page := range s.pages {
			w.faqNew[pk] = w.faqNew[pk].add(s.first, page).add(s.last, page)
		}
		delete(w.faqNew, oldPK)
	}
	for _, st := range []struct {
		what, sql string
		args      []any
	}{
		{"occurrences", `UPDATE faq_occurrences SET faq = ? WHERE faq = ?`, []any{pk, oldPK}},
		// The FAQ records of a rendered page name the FAQ they show.
		{"records", `UPDATE record_contents SET fields = json_set(fields, '$.faq_id', ?)
			WHERE page IN (SELECT rv.page FROM faq_occurrences o JOIN revisions rv ON rv.id = o.revision WHERE o.faq = ?)
			AND CASE WHEN fields = '' THEN NULL ELSE fields ->> 'faq_id' END = ?`, []any{id, pk, old}},
		{"related pages", `DELETE FROM faq_related WHERE faq = ?`, []any{oldPK}},
		{"summary", `DELETE FROM faq_current WHERE faq = ?`, []any{oldPK}},
		{"search row", `DELETE FROM search WHERE rowid = ?`, []any{-oldPK}},
		{"current search row", `DELETE FROM search_current WHERE rowid = ?`, []any{-oldPK}},
		{"pending search row", `DELETE FROM temp.search_pending WHERE rowid = ?`, []any{-oldPK}},
		{"faq", `DELETE FROM faqs WHERE pk = ?`, []any{oldPK}},
	} {
		if _, err := w.tx.ExecContext(ctx, st.sql, st.args...); err != nil {
			return fmt.Errorf("%s: %w", st.what, err)
		}
	}
	return nil
}

// renderedFormat reports whether revisions of format f are rendered pages
// (page text or HTML), which show an FAQ without its title, version or,
// at times, related pages.
func renderedFormat(f wikirules.Format) bool {
	return f == wikirules.FormatPageText || f == wikirules.FormatHTML
}

// faqRelated returns the stored related pages of the FAQ pk, in order.
func (w *writer) faqRelated(ctx context.Context, pk int64) ([]string, error) {
	rows, err := w.tx.QueryContext(ctx, `SELECT title FROM faq_related WHERE faq = ? ORDER BY seq`, pk)
	if err != nil {
		return nil, fmt.Errorf("related pages: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, fmt.Errorf("related pages: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// rendered are the stored formats of rendered pages (renderedFormat).
var rendered = [2]string{string(wikirules.FormatPageText), string(wikirules.FormatHTML)}

// moveRendered is mergeFAQ for an untitled FAQ that a wikitext revision
// shows too (an untitled {{faqbox}}, an FAQ of its own, with the ID a
// rendered page's unidentified entry of the same question gets): only the
// rendered pages' occurrences move to the FAQ pk (and their records name
// id); both FAQs' summaries are computed again from their occurrences.
func (w *writer) moveRendered(ctx context.Context, old string, oldPK int64, id string, pk int64) error {
	for _, st := range []struct {
		what, sql string
		args      []any
	}{
		{"records", `UPDATE record_contents SET fields = json_set(fields, '$.faq_id', ?)
			WHERE page IN (SELECT rv.page FROM faq_occurrences o JOIN revisions rv ON rv.id = o.revision
				WHERE o.faq = ? AND rv.format IN (?, ?))
			AND CASE WHEN fields = '' THEN NULL ELSE fields ->> 'faq_id' END = ?`, []any{id, oldPK, rendered[0], rendered[1], old}},
		{"occurrences", `UPDATE faq_occurrences SET faq = ? WHERE faq = ?
			AND EXISTS (SELECT 1 FROM revisions r WHERE r.id = faq_occurrences.revision AND r.format IN (?, ?))`,
			[]any{pk, oldPK, rendered[0], rendered[1]}},
		{"summaries", `DELETE FROM faq_current WHERE faq IN (?, ?)`, []any{oldPK, pk}},
		{"summaries", `INSERT INTO faq_current (faq, first, last, pages) SELECT o.faq, ` + faqOccurrenceSummary + `
			FROM faq_occurrences o JOIN revisions r ON r.id = o.revision JOIN pages p ON p.pk = r.page
			WHERE o.faq IN (?, ?) GROUP BY o.faq`, []any{oldPK, pk}},
	} {
		if _, err := w.tx.ExecContext(ctx, st.sql, st.args...); err != nil {
			return fmt.Errorf("%s: %w", st.what, err)
		}
	}
	// The summaries now count every occurrence stored so far.
	delete(w.faqNew, oldPK)
	delete(w.faqNew, pk)
	return nil
}

// adoptNewer gives the FAQ pk the question, answer and related pages of
// the FAQ oldPK when oldPK's content comes from a rendered page newer than
// pk's source revision (see mergeFAQ).
func (w *writer) adoptNewer(ctx context.Context, oldPK, pk int64) error {
	const q = `SELECT f.type, f.title, f.version, f.question, f.answer, f.editions, r.timestamp, r.id, r.format
		FROM faqs f JOIN revisions r ON r.id = f.source WHERE f.pk = ?`
	var o, n wikirules.FAQ
	var oTS, nTS, oFormat, nFormat string
	var oEd, nEd int
	if err := w.tx.QueryRowContext(ctx, q, oldPK).Scan(&o.Type, &o.Title, &o.Version, &o.Question, &o.Answer, &oEd, &oTS, &o.FirstRevision, &oFormat); err != nil {
		return err
	}
	if err := w.tx.QueryRowContext(ctx, q, pk).Scan(&n.Type, &n.Title, &n.Version, &n.Question, &n.Answer, &nEd, &nTS, &n.FirstRevision, &nFormat); err != nil {
		return err
	}
	if !renderedFormat(wikirules.Format(oFormat)) || oTS < nTS || (oTS == nTS && o.FirstRevision <= n.FirstRevision) {
		return nil
	}
	related, err := w.faqRelated(ctx, oldPK)
	if err != nil {
		return err
	}
	if len(related) == 0 {
		if related, err = w.faqRelated(ctx, pk); err != nil {
			return err
		}
	}
	n.Question, n.Answer, n.Related, n.Editions = o.Question, o.Answer, related, wikirules.Editions(nEd)
	if _, err := w.faqUpd.ExecContext(ctx, n.Type, n.Title, n.Version, n.Question, n.Answer, nEd, faqDigest(&n), o.FirstRevision, pk); err != nil {
		return err
	}
	return w.faqContent(ctx, pk, &n, true)
}

// storedTwin returns the id of a stored revision of the page pk with the
// timestamp ts (stored form) and rev's text under an id other than
// rev.ID, one of the two ids being derived (wikirules.IsDerivedRevisionID),
// or "" when there is none. Identity (issue: "a revision is known
// by its native id, or by page + timestamp + content hash"): a
// contributions dump has no revision ids (source derives them from page,
// timestamp and text), an XML export or the API gives MediaWiki's, and
// both may hold the same revision. The lookup uses the index
// revisions_page_time; texts are compared only for a page and timestamp
// that match.
func (w *writer) storedTwin(ctx context.Context, pk int64, ts string, rev *wikirules.Revision) (string, error) {
	rows, err := w.twin.QueryContext(ctx, pk, ts, rev.ID)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var stored any
		if err := rows.Scan(&id, &stored); err != nil {
			return "", err
		}
		text, err := decodeText(stored)
		if err != nil {
			return "", fmt.Errorf("stored revision %s: %w", id, err)
		}
		// Two MediaWiki ids are two revisions, even with one text and
		// second (a null revision recording a protection or a move).
		if !wikirules.IsDerivedRevisionID(id) && !wikirules.IsDerivedRevisionID(rev.ID) {
			continue
		}
		if text == rev.Text {
			return id, nil
		}
	}
	return "", rows.Err()
}
