package kb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// visibleRevision is the condition that the revision whose id is the SQL
// expression %s is shown in answers: neither deleted on the wiki nor with
// its text hidden (hidden_revisions, sync.go).
const visibleRevision = `NOT EXISTS (SELECT 1 FROM hidden_revisions hr WHERE hr.revision = %s AND (hr.deleted OR hr.texthidden))`

// Hidden is what the wiki hides of a revision (hidden_revisions).
type Hidden struct {
	Deleted, Text, SHA1, User, Comment, Suppressed bool
	// LogID is the log entry that hid it (0: read off the revision).
	LogID int64
}

// SetHidden records what revision deletion hides of the stored revision
// id (see hidden_revisions), replacing the flags recorded (the deleted
// flag of a page deletion stays unless h sets it). The revision's page is then brought in step:
// its current revision is its newest one shown, and the search tables
// and FAQ summaries follow (refreshPages).
func (w *Writer) SetHidden(ctx context.Context, id string, h Hidden) error {
	if w.err != nil {
		return w.err
	}
	var pk int64
	err := w.tx.QueryRowContext(ctx, `SELECT page FROM revisions WHERE id = ?`, id).Scan(&pk)
	if errors.Is(err, sql.ErrNoRows) {
		err = fmt.Errorf("not stored")
	}
	if err == nil {
		err = setHidden(ctx, w.tx, id, h)
	}
	if err == nil {
		err = w.refreshPages(ctx, []int64{pk})
	}
	if err != nil {
		return w.fail(fmt.Errorf("kb: hide revision %s: %w", id, err))
	}
	return nil
}

// setHidden writes the revision-deletion flags of h for revision id; the
// deleted flag is kept as it is unless h sets it (a page deletion is
// undone by RestorePage only).
func setHidden(ctx context.Context, tx *sql.Tx, id string, h Hidden) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO hidden_revisions (revision, deleted, texthidden, sha1hidden,
		userhidden, commenthidden, suppressed, logid) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (revision) DO UPDATE SET deleted = deleted OR excluded.deleted, texthidden = excluded.texthidden,
		sha1hidden = excluded.sha1hidden, userhidden = excluded.userhidden, commenthidden = excluded.commenthidden,
		suppressed = excluded.suppressed, logid = excluded.logid`, id, boolInt(h.Deleted),
		boolInt(h.Text), boolInt(h.SHA1), boolInt(h.User), boolInt(h.Comment), boolInt(h.Suppressed), h.LogID); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM hidden_revisions WHERE revision = ? AND NOT (deleted OR texthidden
		OR sha1hidden OR userhidden OR commenthidden OR suppressed)`, id)
	return err
}

// HiddenOf returns what is recorded as hidden of the stored revisions
// ids (those with nothing hidden are left out).
func (db *DB) HiddenOf(ctx context.Context, ids []string) (map[string]Hidden, error) {
	out := map[string]Hidden{}
	err := db.read(ctx, func(tx *sql.Tx) error {
		for _, id := range ids {
			var h Hidden
			err := tx.QueryRowContext(ctx, `SELECT deleted, texthidden, sha1hidden, userhidden, commenthidden, suppressed,
				logid FROM hidden_revisions WHERE revision = ?`, id).Scan(&h.Deleted, &h.Text, &h.SHA1, &h.User, &h.Comment,
				&h.Suppressed, &h.LogID)
			if errors.Is(err, sql.ErrNoRows) {
				continue
			} else if err != nil {
				return err
			}
			out[id] = h
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("kb: hidden revisions: %w", err)
	}
	return out, nil
}

// DeletePage marks every stored revision of page pk deleted (nothing is
// removed) and records the deletion by log entry logid of wiki at ts; it
// returns how many revisions it marked.
func (w *Writer) DeletePage(ctx context.Context, wiki string, pk, logid int64, ts time.Time) (int, error) {
	return w.deletion(ctx, wiki, pk, logid, ts, "delete")
}

// RestorePage undoes DeletePage for page pk (log entry logid at ts),
// returning how many revisions it showed again.
func (w *Writer) RestorePage(ctx context.Context, wiki string, pk, logid int64, ts time.Time) (int, error) {
	return w.deletion(ctx, wiki, pk, logid, ts, "restore")
}

func (w *Writer) deletion(ctx context.Context, wiki string, pk, logid int64, ts time.Time, action string) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.applyDeletion(ctx, wiki, pk, logid, ts, action)
	if err != nil {
		return 0, w.fail(fmt.Errorf("kb: %s page %d of %s: %w", action, pk, wiki, err))
	}
	return n, nil
}

func (w *Writer) applyDeletion(ctx context.Context, wiki string, pk, logid int64, ts time.Time, action string) (int, error) {
	var res sql.Result
	var err error
	if action == "delete" {
		res, err = w.tx.ExecContext(ctx, `INSERT INTO hidden_revisions (revision, deleted, texthidden, sha1hidden,
			userhidden, commenthidden, suppressed, logid)
			SELECT id, 1, 0, 0, 0, 0, 0, ? FROM revisions WHERE page = ? AND true
			ON CONFLICT (revision) DO UPDATE SET deleted = 1, logid = excluded.logid WHERE deleted = 0`, logid, pk)
	} else {
		res, err = w.tx.ExecContext(ctx, `UPDATE hidden_revisions SET deleted = 0, logid = ?
			WHERE deleted = 1 AND revision IN (SELECT id FROM revisions WHERE page = ?)`, logid, pk)
		if err == nil {
			_, err = w.tx.ExecContext(ctx, `DELETE FROM hidden_revisions WHERE NOT (deleted OR texthidden OR sha1hidden
				OR userhidden OR commenthidden OR suppressed) AND revision IN (SELECT id FROM revisions WHERE page = ?)`, pk)
		}
	}
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	if _, err := w.tx.ExecContext(ctx, `INSERT OR REPLACE INTO page_deletions (wiki, logid, timestamp, page, action)
		VALUES (?, ?, ?, ?, ?)`, wiki, logid, encodeTime(ts), pk, action); err != nil {
		return 0, err
	}
	return int(n), w.refreshPages(ctx, []int64{pk})
}

// RetitlePage gives page pk the title title (and namespace ns, unless
// negative) with its whole history, as a move on the wiki does. It is an
// error when another page of its wiki has that title.
func (w *Writer) RetitlePage(ctx context.Context, pk int64, title string, ns int) error {
	if w.err != nil {
		return w.err
	}
	if err := w.w.flushSearch(ctx); err != nil {
		return w.fail(fmt.Errorf("kb: retitle page %d: %w", pk, err))
	}
	if err := w.retitle(ctx, pk, title, ns); err != nil {
		return w.fail(fmt.Errorf("kb: retitle page %d to %q: %w", pk, title, err))
	}
	return nil
}

// RetiredTitle is the title a page whose title another page took steps
// aside to: "TITLE [deleted page PK]", which no wiki title can be
// (MediaWiki titles hold no brackets).
func RetiredTitle(title string, pk int64) string {
	return fmt.Sprintf("%s [deleted page %d]", title, pk)
}

// RecordMove records the move of wiki's log entry logid at ts, from
// title from to title to, of page pk (redirect: the move left a redirect
// at from, a page of its own).
func (w *Writer) RecordMove(ctx context.Context, wiki string, logid int64, ts time.Time, pk int64, from, to string, redirect bool) error {
	if w.err != nil {
		return w.err
	}
	if _, err := w.tx.ExecContext(ctx, `INSERT OR REPLACE INTO page_moves (wiki, logid, timestamp, page, from_title,
		to_title, redirect) VALUES (?, ?, ?, ?, ?, ?, ?)`, wiki, logid, encodeTime(ts), pk, from, to, boolInt(redirect)); err != nil {
		return w.fail(fmt.Errorf("kb: record move %d of %s: %w", logid, wiki, err))
	}
	return nil
}

// MovePage gives the stored page of wiki titled from the title to (and
// namespace ns) with its whole history and records the move (RecordMove).
// A page already stored under to steps aside first: it is the page the
// wiki deleted to make room (or a redirect the move replaced), so its
// revisions are marked deleted and it takes its RetiredTitle. It returns
// false when no page titled from is stored (nothing to move).
func (w *Writer) MovePage(ctx context.Context, wiki, from, to string, ns int, logid int64, ts time.Time, redirect bool) (bool, error) {
	if w.err != nil {
		return false, w.err
	}
	pk, err := w.pageOf(ctx, wiki, from)
	if err != nil || pk == 0 || from == to {
		return false, err
	}
	old, err := w.pageOf(ctx, wiki, to)
	if err != nil {
		return false, w.fail(err)
	}
	if old != 0 {
		if _, err := w.DeletePage(ctx, wiki, old, logid, ts); err != nil {
			return false, err
		}
		if err := w.RetitlePage(ctx, old, RetiredTitle(to, old), -1); err != nil {
			return false, err
		}
	}
	if err := w.RetitlePage(ctx, pk, to, ns); err != nil {
		return false, err
	}
	return true, w.RecordMove(ctx, wiki, logid, ts, pk, from, to, redirect)
}

// retitle renames page pk (namespace ns unless negative) and the page
// names its search rows and FAQ summaries hold.
func (w *Writer) retitle(ctx context.Context, pk int64, title string, ns int) error {
	var old string
	if err := w.tx.QueryRowContext(ctx, `SELECT title FROM pages WHERE pk = ?`, pk).Scan(&old); err != nil {
		return err
	}
	q := `UPDATE pages SET title = ?, fold = ? WHERE pk = ?`
	args := []any{title, foldTitle(title), pk}
	if ns >= 0 {
		q = `UPDATE pages SET title = ?, fold = ?, namespace = ? WHERE pk = ?`
		args = []any{title, foldTitle(title), ns, pk}
	}
	if _, err := w.tx.ExecContext(ctx, q, args...); err != nil {
		return err
	}
	clear(w.w.pages) // keyed by title
	for _, table := range []string{"search", "search_current"} {
		if _, err := w.tx.ExecContext(ctx, `UPDATE `+table+` SET page = ? WHERE rowid IN
			(SELECT pk FROM record_contents WHERE page = ?)`, title, pk); err != nil {
			return fmt.Errorf("%s: %w", table, err)
		}
	}
	return w.refreshFAQs(ctx, []int64{pk})
}

// refreshPages brings pages pks in step with what is hidden of their
// revisions: current_revisions names the newest revision shown (the
// search flush then swaps search_current's rows, syncCurrent), or none
// when every revision is hidden (its rows then leave search_current
// now), and the FAQ summaries are recomputed (refreshFAQs).
func (w *Writer) refreshPages(ctx context.Context, pks []int64) error {
	if err := w.w.flushSearch(ctx); err != nil {
		return err
	}
	for _, pk := range pks {
		var id, ts string
		err := w.tx.QueryRowContext(ctx, `SELECT cr.id, cr.timestamp FROM revisions cr WHERE cr.page = ? AND `+
			fmt.Sprintf(visibleRevision, "cr.id")+` ORDER BY `+revisionOrder("cr")+` DESC, cr.id DESC LIMIT 1`, pk).Scan(&id, &ts)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			if _, err := w.tx.ExecContext(ctx, `DELETE FROM search_current WHERE rowid IN (SELECT rec.pk FROM
				current_revisions c CROSS JOIN records rec ON rec.revision = c.indexed WHERE c.page = ?)`, pk); err != nil {
				return fmt.Errorf("search_current: %w", err)
			}
			if _, err := w.tx.ExecContext(ctx, `DELETE FROM current_revisions WHERE page = ?`, pk); err != nil {
				return err
			}
		case err != nil:
			return err
		default:
			if _, err := w.tx.ExecContext(ctx, `INSERT INTO current_revisions (page, revision, timestamp) VALUES (?, ?, ?)
				ON CONFLICT (page) DO UPDATE SET revision = excluded.revision, timestamp = excluded.timestamp`, pk, id, ts); err != nil {
				return err
			}
		}
	}
	if err := w.refreshFAQs(ctx, pks); err != nil {
		return err
	}
	return w.w.flushSearch(ctx)
}

// refreshFAQs recomputes the summaries (faq_current) of the FAQs shown in
// revisions of pages pks from their occurrences in revisions shown, and
// keeps the FAQ rows of search_current only for FAQs shown somewhere.
func (w *Writer) refreshFAQs(ctx context.Context, pks []int64) error {
	args := make([]any, len(pks))
	for i, pk := range pks {
		args[i] = pk
	}
	in := `(SELECT DISTINCT o.faq FROM faq_occurrences o JOIN revisions r ON r.id = o.revision
		WHERE r.page IN (` + placeholders(len(pks)) + `))`
	visible := fmt.Sprintf(visibleRevision, "r.id")
	for _, st := range []struct{ what, sql string }{
		{"drop summaries", `DELETE FROM faq_current WHERE faq IN ` + in},
		{"write summaries", `INSERT INTO faq_current (faq, first, last, pages) SELECT o.faq, ` + faqOccurrenceSummary + `
			FROM faq_occurrences o JOIN revisions r ON r.id = o.revision JOIN pages p ON p.pk = r.page
			WHERE o.faq IN ` + in + ` AND ` + visible + ` GROUP BY o.faq`},
		{"drop search rows", `DELETE FROM search_current WHERE rowid IN (SELECT -x.faq FROM ` + in + ` x)`},
		{"add search rows", `INSERT INTO search_current (rowid, page, title, body) SELECT s.rowid, s.page, s.title, s.body
			FROM search s WHERE s.rowid IN (SELECT -faq FROM faq_current WHERE faq IN ` + in + `) ORDER BY s.rowid`},
	} {
		n := strings.Count(st.sql, "?")
		a := make([]any, 0, n)
		for len(a) < n {
			a = append(a, args...)
		}
		if _, err := w.tx.ExecContext(ctx, st.sql, a...); err != nil {
			return fmt.Errorf("faqs of pages %v: %s: %w", pks, st.what, err)
		}
	}
	return nil
}

// hiddenCounts counts the revisions hidden from answers and the moves
// applied (Stats).
func hiddenCounts(ctx context.Context, tx *sql.Tx) (hidden, textHidden, moves int, err error) {
	if err = tx.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(texthidden), 0) FROM hidden_revisions
		WHERE deleted OR texthidden`).Scan(&hidden, &textHidden); err != nil {
		return
	}
	err = tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM page_moves`).Scan(&moves)
	return
}
