package kb

import (
	"context"
	"fmt"

	"github.com/wikirules/wikirules"
)

// Two copies of one rendered revision.
//
// A rendered page (page text, HTML) is a view of a revision, not its
// wikitext: two snapshots of the same revision id may each lack part of
// it — one was saved without the "Revision as of 14:22, 16 April 2025 by
// Ian" line that dates it, the other cut short before the end of its
// Effects. When a rendered copy comes under an id stored from another
// rendered copy with another text, the store keeps one revision holding
// what both have, whichever is read first:
//
//   - the text, records and FAQs of the fuller copy: more records, then
//     more bytes of record text, then the greater text (a total order, so
//     the choice does not depend on the order the copies are read);
//   - the timestamp (and whether it was inferred) of the kept copy when it
//     has one, else the other's; likewise its user, comment, parent and
//     SHA-1, each taken from the other copy when the kept one lacks it.
//
// A copy in a wikitext format (an export, the API, a contributions dump)
// is the revision itself: another text under its id is a conflict, the
// stored text is kept. Both cases are listed in PutResult.Conflicts, but
// for a rendered copy that adds nothing to the stored one (merged before:
// the same input read again), listed in PutResult.Held.

// storedCopy is what the store holds of a revision, for mergeCopy.
type storedCopy struct {
	ts, user, comment, parent, sha1, format string
	inferred                                bool
	records, plain                          int
}

// fuller reports whether copy a (records, bytes of record text, text) holds
// more than copy b (see above).
func fuller(aRecords, aPlain int, aText string, bRecords, bPlain int, bText string) bool {
	if aRecords != bRecords {
		return aRecords > bRecords
	}
	if aPlain != bPlain {
		return aPlain > bPlain
	}
	return aText > bText
}

// orElse returns a unless it is empty, else b.
func orElse(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// mergeCopy merges the copy rev (extraction x, or an empty one when
// extracted is false; prepared p) of a revision
// stored with another text (stored) into page pk's stored revision (see
// above). It reports whether rev's copy replaces the stored one: the
// stored revision then holds rev's columns with the merged dates and
// names, its records, FAQ occurrences, categories and unknown templates are
// gone, and the caller stores rev's under merged (the stored timestamp).
// Otherwise the stored copy stays, given rev's date and names where it
// lacks them. The page is marked for refreshPages when its revision
// changed. held reports that the stored copy already holds everything rev
// has (it was merged before): nothing is written then.
func (w *writer) mergeCopy(ctx context.Context, pk int64, rev *wikirules.Revision, stored string,
	x *wikirules.Extraction, extracted bool, p *prepared) (replace bool, merged string, held bool, err error) {
	var s storedCopy
	var inferred int
	if err := w.tx.QueryRowContext(ctx, `SELECT r.timestamp, r.inferred, r.user, r.comment, r.parent, r.sha1, r.format,
		COALESCE((SELECT count FROM revision_records WHERE revision = r.id), 0),
		COALESCE((SELECT SUM(length(CAST(plain AS BLOB))) FROM records WHERE revision = r.id), 0)
		FROM revisions r WHERE r.id = ?`, rev.ID).Scan(&s.ts, &inferred, &s.user, &s.comment, &s.parent, &s.sha1,
		&s.format, &s.records, &s.plain); err != nil {
		return false, "", false, fmt.Errorf("merge copies: %w", err)
	}
	s.inferred = inferred != 0
	if !renderedFormat(rev.Format) || !renderedFormat(wikirules.Format(s.format)) {
		return false, "", false, nil
	}
	plain := 0
	for i := range x.Records {
		plain += len(x.Records[i].Plain)
	}
	ts, tsInferred := encodeTime(rev.Timestamp), rev.TimestampInferred
	replace = fuller(len(x.Records), plain, rev.Text, s.records, s.plain, stored)
	if replace {
		if ts == undatedStored {
			ts, tsInferred = s.ts, s.inferred
		}
		rev.User, rev.Comment = orElse(rev.User, s.user), orElse(rev.Comment, s.comment)
		rev.ParentID, rev.SHA1 = orElse(rev.ParentID, s.parent), orElse(rev.SHA1, s.sha1)
		if err := w.dropCopy(ctx, rev.ID); err != nil {
			return false, "", false, err
		}
		if _, err := w.tx.ExecContext(ctx, `UPDATE revisions SET parent = ?, timestamp = ?, inferred = ?, user = ?,
			comment = ?, minor = ?, sha1 = ?, format = ?, origin = ?, text = ?, extracted = ?, page_editions = ?,
			links = ?, layout = ?, diagnostics = ? WHERE id = ?`,
			rev.ParentID, ts, boolInt(tsInferred), rev.User, rev.Comment, boolInt(rev.Minor), rev.SHA1,
			string(rev.Format), rev.Origin, p.text, boolInt(extracted), int(x.PageEditions), p.links, p.layout,
			p.diags, rev.ID); err != nil {
			return false, "", false, fmt.Errorf("merge copies: replace %s: %w", rev.ID, err)
		}
	} else {
		if s.ts != undatedStored {
			ts, tsInferred = s.ts, s.inferred
		}
		// The row is written only when rev gives it something it lacks: a
		// copy merged before (the same input read again) changes nothing.
		r, err := w.tx.ExecContext(ctx, `UPDATE revisions SET parent = ?1, timestamp = ?2, inferred = ?3, user = ?4,
			comment = ?5, sha1 = ?6 WHERE id = ?7 AND (parent IS NOT ?1 OR timestamp IS NOT ?2 OR inferred IS NOT ?3
			OR user IS NOT ?4 OR comment IS NOT ?5 OR sha1 IS NOT ?6)`,
			orElse(s.parent, rev.ParentID), ts, boolInt(tsInferred), orElse(s.user, rev.User),
			orElse(s.comment, rev.Comment), orElse(s.sha1, rev.SHA1), rev.ID)
		if err != nil {
			return false, "", false, fmt.Errorf("merge copies: date %s: %w", rev.ID, err)
		}
		n, err := r.RowsAffected()
		if err != nil {
			return false, "", false, fmt.Errorf("merge copies: date %s: %w", rev.ID, err)
		}
		if n == 0 {
			return false, ts, true, nil
		}
	}
	if w.refresh == nil {
		w.refresh = map[int64]bool{}
	}
	w.refresh[pk] = true
	return replace, ts, false, nil
}

// dropCopy removes what the stored copy of revision id holds besides its
// row: its records (and their rows in search_current when it is its page's
// current revision, which the next search flush then indexes again), FAQ
// occurrences (the summaries of FAQs shown nowhere else are dropped),
// categories and unknown templates.
func (w *writer) dropCopy(ctx context.Context, id string) error {
	// The contents the copy's records point at: those no other revision
	// of the page shows once the new copy is stored go (dropUnused).
	crows, err := w.tx.QueryContext(ctx, `SELECT DISTINCT j.value ->> 0 FROM revision_records rr, json_each(rr.records) j
		WHERE rr.revision = ?`, id)
	if err != nil {
		return fmt.Errorf("merge copies: %w", err)
	}
	for crows.Next() {
		var pk int64
		if err := crows.Scan(&pk); err != nil {
			crows.Close()
			return fmt.Errorf("merge copies: %w", err)
		}
		w.dropped = append(w.dropped, pk)
	}
	crows.Close()
	if err := crows.Err(); err != nil {
		return fmt.Errorf("merge copies: %w", err)
	}
	var faqs []int64
	rows, err := w.tx.QueryContext(ctx, `SELECT DISTINCT faq FROM faq_occurrences WHERE revision = ?`, id)
	if err != nil {
		return fmt.Errorf("merge copies: %w", err)
	}
	for rows.Next() {
		var f int64
		if err := rows.Scan(&f); err != nil {
			rows.Close()
			return fmt.Errorf("merge copies: %w", err)
		}
		faqs = append(faqs, f)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("merge copies: %w", err)
	}
	for _, st := range []struct{ what, sql string }{
		{"current search rows", `DELETE FROM search_current WHERE rowid IN (SELECT rec.pk FROM records rec
			WHERE rec.revision = ?1 AND EXISTS (SELECT 1 FROM current_revisions c WHERE c.indexed = ?1))`},
		{"current revision", `UPDATE current_revisions SET indexed = '' WHERE indexed = ?1`},
		{"records", `DELETE FROM revision_records WHERE revision = ?1`},
		{"faq occurrences", `DELETE FROM faq_occurrences WHERE revision = ?1`},
		{"categories", `DELETE FROM categories WHERE revision = ?1`},
		{"unknown templates", `DELETE FROM unknown_templates WHERE revision = ?1`},
	} {
		if _, err := w.tx.ExecContext(ctx, st.sql, id); err != nil {
			return fmt.Errorf("merge copies: %s: %w", st.what, err)
		}
	}
	for _, f := range faqs {
		if _, err := w.tx.ExecContext(ctx, `DELETE FROM search_current WHERE rowid = -?1
			AND NOT EXISTS (SELECT 1 FROM faq_occurrences WHERE faq = ?1)`, f); err != nil {
			return fmt.Errorf("merge copies: faq search row: %w", err)
		}
		if _, err := w.tx.ExecContext(ctx, `DELETE FROM faq_current WHERE faq = ?1
			AND NOT EXISTS (SELECT 1 FROM faq_occurrences WHERE faq = ?1)`, f); err != nil {
			return fmt.Errorf("merge copies: faq summary: %w", err)
		}
	}
	return nil
}

// dropUnused removes the record contents of page that dropCopy listed
// (w.dropped) and that no revision of the page shows now that the copy
// replacing it is stored, with their search rows (stored or pending) and
// their entries in the writer's digest cache: a content is stored for
// the revisions that show it, and a search must not find the record of a
// copy that is gone.
func (w *writer) dropUnused(ctx context.Context, page int64) error {
	if len(w.dropped) == 0 {
		return nil
	}
	dropped := w.dropped
	w.dropped = nil
	used := map[int64]bool{}
	rows, err := w.tx.QueryContext(ctx, `SELECT DISTINCT j.value ->> 0 FROM revisions r
		JOIN revision_records rr ON rr.revision = r.id, json_each(rr.records) j WHERE r.page = ?`, page)
	if err != nil {
		return fmt.Errorf("merge copies: contents in use: %w", err)
	}
	for rows.Next() {
		var pk int64
		if err := rows.Scan(&pk); err != nil {
			rows.Close()
			return fmt.Errorf("merge copies: contents in use: %w", err)
		}
		used[pk] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("merge copies: contents in use: %w", err)
	}
	for _, pk := range dropped {
		if used[pk] {
			continue
		}
		var digest string
		if err := w.tx.QueryRowContext(ctx, `DELETE FROM record_contents WHERE pk = ? RETURNING digest`, pk).Scan(&digest); err != nil {
			return fmt.Errorf("merge copies: drop content %d: %w", pk, err)
		}
		delete(w.contents[page], digest)
		for _, st := range []string{`DELETE FROM search WHERE rowid = ?`, `DELETE FROM search_current WHERE rowid = ?`,
			`DELETE FROM temp.search_pending WHERE rowid = ?`} {
			if _, err := w.tx.ExecContext(ctx, st, pk); err != nil {
				return fmt.Errorf("merge copies: drop content %d: %w", pk, err)
			}
		}
	}
	return nil
}
