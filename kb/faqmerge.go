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

// mergeFAQ makes the stored FAQ old, one with no title and no version,
// the stored FAQ id as far as rendered pages show it (moveRendered): their
// occurrences move to id and their records name id. When nothing else
// shows old, its row, related pages and search rows are deleted. When
// old's content comes from a rendered page newer than id's source, id
// takes its question, answer and (when old has any) related pages, keeping
// its type, title, version and editions: what storing the two occurrences
// in the other order gives (putFAQ). It does nothing when old is not
// stored or has a title or a version, or id is not stored.
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
	if err := w.moveRendered(ctx, old, oldPK, id, pk); err != nil || wikitext {
		return err
	}
	// Every occurrence moved: old is gone.
	for _, st := range []struct{ what, sql string }{
		{"related pages", `DELETE FROM faq_related WHERE faq = ?`},
		{"search row", `DELETE FROM search WHERE rowid = -?`},
		{"current search row", `DELETE FROM search_current WHERE rowid = -?`},
		{"pending search row", `DELETE FROM temp.search_pending WHERE rowid = -?`},
		{"faq", `DELETE FROM faqs WHERE pk = ?`},
	} {
		if _, err := w.tx.ExecContext(ctx, st.sql, oldPK); err != nil {
			return fmt.Errorf("%s: %w", st.what, err)
		}
	}
	return nil
}

// renderedFormat reports whether revisions of format f are rendered pages
// (page text or HTML), which show an FAQ without its title, version or,
// at times, related pages.
func renderedFormat(f wikirules.Format) bool {
	return string(f) == rendered[0] || string(f) == rendered[1]
}

// faqRelated returns the stored related pages of the FAQ pk, in order.
func (w *writer) faqRelated(ctx context.Context, pk int64) ([]string, error) {
	out, err := queryColumn[string](ctx, w.tx, `SELECT title FROM faq_related WHERE faq = ? ORDER BY seq`, pk)
	if err != nil {
		return nil, fmt.Errorf("related pages: %w", err)
	}
	return out, nil
}

// rendered are the stored formats of rendered pages (renderedFormat).
var rendered = [2]string{string(wikirules.FormatPageText), string(wikirules.FormatHTML)}

// moveRendered moves the occurrences of the FAQ oldPK on rendered pages to
// the FAQ pk (all of them, unless a wikitext revision shows oldPK too: an
// untitled {{faqbox}} is an FAQ of its own, with the ID a rendered page's
// unidentified entry of the same question gets); the records of those
// pages that name old name id, and both FAQs' summaries are computed again
// from their occurrences.
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
	const q = `SELECT f.type, f.title, f.version, f.question, f.answer, f.editions, r.timestamp, r.id, r.format, f.removed
		FROM faqs f JOIN revisions r ON r.id = f.source WHERE f.pk = ?`
	var o, n wikirules.FAQ
	var oTS, nTS, oFormat, nFormat string
	var oEd, nEd int
	if err := w.tx.QueryRowContext(ctx, q, oldPK).Scan(&o.Type, &o.Title, &o.Version, &o.Question, &o.Answer, &oEd, &oTS, &o.FirstRevision, &oFormat, &o.Removed); err != nil {
		return err
	}
	if err := w.tx.QueryRowContext(ctx, q, pk).Scan(&n.Type, &n.Title, &n.Version, &n.Question, &n.Answer, &nEd, &nTS, &n.FirstRevision, &nFormat, &n.Removed); err != nil {
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
	n.Question, n.Answer, n.Related, n.Editions, n.Removed = o.Question, o.Answer, related, wikirules.Editions(nEd), o.Removed
	if _, err := w.faqUpd.ExecContext(ctx, n.Type, n.Title, n.Version, n.Question, n.Answer, nEd, faqDigest(&n), o.FirstRevision, n.Removed, pk); err != nil {
		return err
	}
	return w.faqContent(ctx, pk, &n, true)
}
