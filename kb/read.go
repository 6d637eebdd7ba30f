package kb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
)

// recordCols selects a record from records rec joined with its revision rv
// and page p, in the order scanRecord reads them.
const recordCols = `rec.id, p.title, rec.revision, rv.timestamp, rv.inferred, rec.section, rec.kind, rec.ordinal,
	rec.depth, rec.editions, rec.version, rec.superseded, rec.superseded_by, rec.alternative, rec.title,
	rec.text, rec.plain, rec.span_start, rec.span_end, rec.links, rec.notes, rec.skill, rec.fields,
	rec.template`

// recordJoin is the FROM part that recordCols needs.
const recordJoin = `records rec JOIN revisions rv ON rv.id = rec.revision JOIN pages p ON p.pk = rv.page`

// currentRevision selects the current revision of page %s whose timestamp
// lies between ?1 and ?2 (asOfLower, asOfBound): the last in revision
// order (revisionOrder). Revisions hidden from answers (visibleRevision)
// are passed over.
var currentRevision = `SELECT cr.id FROM revisions cr WHERE cr.page = %s AND cr.timestamp BETWEEN ? AND ?
	AND NOT EXISTS (SELECT 1 FROM hidden_revisions hr WHERE hr.revision = cr.id AND (hr.deleted OR hr.texthidden))
	ORDER BY ` + strings.ReplaceAll(revisionOrder("cr"), "%", "%%") + ` DESC, cr.id DESC LIMIT 1`

// undatedStored is the stored timestamp of an undated revision (a
// rendered page that shows no date): the zero time.
var undatedStored = encodeTime(time.Time{})

// editionRankSQL ranks the newest edition a page_editions bit set holds,
// as extract.CompareDatings does: 3 N5, 2 N4 or CodeOne, 1 N3, 0 none.
const editionRankSQL = `(CASE WHEN %[1]s.page_editions & 4 THEN 3 WHEN %[1]s.page_editions & 3 THEN 2
	WHEN %[1]s.page_editions & 8 THEN 1 ELSE 0 END)`

// revisionOrder is the sort key of revision r among its page's
// revisions, in text order: a dated revision's timestamp; for an undated
// one, what it shows orders it (extract.CompareDatings): it comes right
// after the newest dated revision of the page whose newest edition is
// older than its own (an N5 snapshot after the N4 revisions), else
// first. An undated capture without a revision id (derivedIDSQL: the
// page as the wiki showed it, not an oldid view) showed the current
// revision of its day, so it also comes after the dated revisions of its
// own edition, and after every dated revision when its edition cannot be
// told. A dated revision whose edit summary says it created the page
// (wikirules.IsCreationSummary) is the page's first, so every undated one
// comes after it whatever their editions. Undated revisions among
// themselves follow their editions.
func revisionOrder(r string) string {
	rank := fmt.Sprintf(editionRankSQL, r)
	odRank := fmt.Sprintf(editionRankSQL, "od")
	derived := fmt.Sprintf(derivedIDSQL, r+".id")
	return `(CASE WHEN ` + r + `.timestamp = '` + undatedStored + `' THEN COALESCE((SELECT MAX(od.timestamp)
		FROM revisions od WHERE od.page = ` + r + `.page AND od.timestamp > '` + undatedStored + `'
		AND (` + odRank + ` < ` + rank + ` OR (` + derived + ` AND (` + rank + ` = 0 OR ` + odRank + ` <= ` + rank + `))
		OR ` + creationSQL("od") + `)), '` +
		undatedStored + `') || '~' || ` + rank + ` ELSE ` + r + `.timestamp END)`
}

// creationSQL is true when the edit summary of revision r is MediaWiki's
// summary of a page's creation (wikirules.CreationSummaries).
func creationSQL(r string) string {
	var b strings.Builder
	b.WriteString("(")
	for i, p := range wikirules.CreationSummaries {
		if i > 0 {
			b.WriteString(" OR ")
		}
		// A GLOB pattern: the prefixes hold none of its metacharacters
		// (TestCreationSQL).
		b.WriteString(r + ".comment GLOB '" + strings.ReplaceAll(p, "'", "''") + "*'")
	}
	b.WriteString(")")
	return b.String()
}

// derivedIDSQL is true when the revision id %s has the shape of
// wikirules.DeriveRevisionID ("d" and 16 lower-case hex digits): a
// revision read without a MediaWiki revision id.
const derivedIDSQL = `(length(%[1]s) = 17 AND substr(%[1]s, 1, 1) = 'd' AND %[1]s NOT GLOB '*[^0-9a-f]*')`

// scanner is *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// scanRecord reads recordCols (plus extra destinations) into a Record.
func scanRecord(s scanner, extra ...any) (wikirules.Record, error) {
	var r wikirules.Record
	var ts, section, kind, links, notes, skill, fields string
	var editions int
	var superseded bool
	dest := []any{&r.ID, &r.Page, &r.RevisionID, &ts, &r.TimestampInferred, &section, &kind, &r.Ordinal, &r.Depth, &editions,
		&r.Version, &superseded, &r.SupersededBy, &r.Alternative, &r.Title, &r.Text, &r.Plain, &r.Span.Start,
		&r.Span.End, &links, &notes, &skill, &fields, &r.Template}
	if err := s.Scan(append(dest, extra...)...); err != nil {
		return r, err
	}
	var err error
	if r.Timestamp, err = decodeTime(ts); err != nil {
		return r, err
	}
	r.Kind, r.Editions, r.Superseded = wikirules.Kind(kind), wikirules.Editions(editions), superseded
	if skill != "" {
		r.Skill = &wikirules.SkillHeader{}
	}
	if err := firstErr(decodeJSON(section, &r.Section), decodeJSON(links, &r.Links),
		decodeJSON(notes, &r.Notes), decodeJSON(skill, r.Skill), decodeJSON(fields, &r.Fields)); err != nil {
		return r, fmt.Errorf("record %s of revision %s: %w", r.ID, r.RevisionID, err)
	}
	return r, nil
}

// where collects SQL conditions and their arguments.
type where struct {
	conds []string
	args  []any
}

// add appends a condition with its arguments.
func (w *where) add(cond string, args ...any) {
	w.conds = append(w.conds, cond)
	w.args = append(w.args, args...)
}

// sql returns the conditions joined by AND ("1" when there are none).
func (w *where) sql() string {
	if len(w.conds) == 0 {
		return "1"
	}
	return strings.Join(w.conds, " AND ")
}

// placeholders returns "?, ?, ?" for n values.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// recordFilter adds the conditions of f on records rec of revisions rv,
// except the page and revision scope: not superseded (unless f.History),
// of the kinds f.Kinds, holding in f.Edition by the record's editions
// (extraction gives every record the editions its page shows; a record
// whose edition is unknown, the zero set, holds in none; f.Unscoped keeps
// it too).
func recordFilter(w *where, f wikirules.Filter) {
	if !f.History {
		w.add(`rec.superseded = 0`)
	}
	switch {
	case f.Edition != 0 && f.Unscoped:
		w.add(`(rec.editions & ? != 0 OR rec.editions = 0)`, int(f.Edition))
	case f.Edition != 0:
		w.add(`rec.editions & ? != 0`, int(f.Edition))
	}
	if len(f.Kinds) > 0 {
		args := make([]any, len(f.Kinds))
		for i, k := range f.Kinds {
			args[i] = string(k)
		}
		w.add(`rec.kind IN (`+placeholders(len(args))+`)`, args...)
	}
}

// resolvePage finds the page title names: the pages titled exactly so,
// else those whose folded title matches (case, accents, "_" ignored),
// of the wiki f.Wiki when it is set. A page is known by its wiki and
// title, so one title can name a page in several wikis (the Spanish and
// the English "Berserk"): the one chosen is the first in f.Lang (when
// set), else the first, in the order (title, wiki); the others, one per
// other wiki, are returned in also so that the caller names them instead
// of hiding them. Errors wrap wikirules.ErrNotFound; with f.Wiki set,
// the error names the wikis that do hold the title.
func resolvePage(ctx context.Context, tx querier, title string, f wikirules.Filter) (int64, wikirules.Page, []wikirules.Page, error) {
	cands, err := pageCandidates(ctx, tx, title, f.Wiki)
	if err != nil || len(cands) == 0 {
		if err == nil && f.Wiki != "" {
			if others, _ := pageCandidates(ctx, tx, title, ""); len(others) > 0 {
				var wikis []string
				for _, o := range others {
					wikis = append(wikis, o.page.Wiki)
				}
				return 0, wikirules.Page{}, nil, fmt.Errorf("page %q in %s (it is in %s): %w", title, f.Wiki, strings.Join(wikis, ", "), wikirules.ErrNotFound)
			}
		}
		if err == nil {
			err = fmt.Errorf("page %q: %w", title, wikirules.ErrNotFound)
			if f.Wiki != "" {
				err = fmt.Errorf("page %q in %s: %w", title, f.Wiki, wikirules.ErrNotFound)
			}
		}
		return 0, wikirules.Page{}, nil, err
	}
	pick := 0
	if f.Lang != "" {
		for i, c := range cands {
			if c.page.Language == f.Lang {
				pick = i
				break
			}
		}
	}
	chosen := cands[pick]
	if f.Wiki != "" {
		if cands, err = pageCandidates(ctx, tx, title, ""); err != nil {
			return 0, wikirules.Page{}, nil, err
		}
	}
	var also []wikirules.Page
	seen := map[string]bool{chosen.page.Wiki: true}
	for _, c := range cands {
		if !seen[c.page.Wiki] {
			seen[c.page.Wiki] = true
			also = append(also, c.page)
		}
	}
	return chosen.pk, chosen.page, also, nil
}

// ResolvePage returns the page title names as Page and History choose it
// (f.Wiki, else f.Lang among the wikis holding it) and the pages of the
// same title in the other wikis. Errors wrap wikirules.ErrNotFound.
func (db *DB) ResolvePage(ctx context.Context, title string, f wikirules.Filter) (wikirules.Page, []wikirules.Page, error) {
	var page wikirules.Page
	var also []wikirules.Page
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		_, page, also, err = resolvePage(ctx, tx, title, f)
		return err
	})
	if err != nil {
		return page, nil, fmt.Errorf("kb: %w", err)
	}
	return page, also, nil
}

// Editions returns every edition a record, an FAQ or a page scope stored
// in the knowledge base holds in: the editions it can answer for, whose
// newest is the default edition of the commands.
func (db *DB) Editions(ctx context.Context) (wikirules.Editions, error) {
	var out wikirules.Editions
	err := db.read(ctx, func(tx *sql.Tx) error {
		sets, err := queryColumn[int64](ctx, tx, `SELECT DISTINCT editions FROM record_contents
			UNION SELECT DISTINCT editions FROM faqs UNION SELECT DISTINCT page_editions FROM revisions`)
		for _, e := range sets {
			out |= wikirules.Editions(e)
		}
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("kb: editions: %w", err)
	}
	return out & wikirules.AllEditions, nil
}

// pageCandidate is a page a title may name.
type pageCandidate struct {
	pk   int64
	page wikirules.Page
}

// pageCandidates returns the pages titled title exactly, else those of
// its folded title, else the targets of redirect aliases so titled (a
// redirect a rendered page was shown through), of wiki when it is not
// empty, in (title, wiki) order.
func pageCandidates(ctx context.Context, tx querier, title, wiki string) ([]pageCandidate, error) {
	const (
		pagesBy   = `SELECT p.pk, p.title, p.namespace, p.language, p.wiki FROM pages p WHERE p.`
		aliasesBy = `SELECT p.pk, p.title, p.namespace, p.language, p.wiki FROM redirect_aliases a
			JOIN pages p ON p.pk = a.target WHERE a.`
	)
	for _, by := range []struct{ from, col, key string }{
		{pagesBy, "title", title}, {pagesBy, "fold", foldTitle(title)},
		{aliasesBy, "title", title}, {aliasesBy, "fold", foldTitle(title)},
	} {
		q := by.from + by.col + ` = ?`
		args := []any{by.key}
		if wiki != "" {
			q += ` AND p.wiki = ?`
			args = append(args, wiki)
		}
		rows, err := tx.QueryContext(ctx, q+` ORDER BY p.title, p.wiki`, args...)
		if err != nil {
			return nil, err
		}
		var out []pageCandidate
		for rows.Next() {
			var c pageCandidate
			if err := rows.Scan(&c.pk, &c.page.Title, &c.page.Namespace, &c.page.Language, &c.page.Wiki); err != nil {
				rows.Close()
				return nil, err
			}
			out = append(out, c)
		}
		err = rows.Err()
		rows.Close()
		if err != nil || len(out) > 0 {
			return out, err
		}
	}
	return nil, nil
}

// isNotFound reports whether err wraps wikirules.ErrNotFound.
func isNotFound(err error) bool { return errors.Is(err, wikirules.ErrNotFound) }

// resolvePages returns the pks of the titles that name a page (see
// resolvePage; f.Wiki and f.Lang apply); unknown titles are left out.
func resolvePages(ctx context.Context, tx querier, titles []string, f wikirules.Filter) ([]any, error) {
	var pks []any
	for _, t := range titles {
		pk, _, _, err := resolvePage(ctx, tx, t, f)
		if err == nil {
			pks = append(pks, pk)
		} else if !isNotFound(err) {
			return nil, err
		}
	}
	return pks, nil
}

// Page returns the view of title at its current revision, or at the
// newest revision with timestamp <= f.AsOf: the revision with its text,
// its records in source order (f.Edition, f.Kinds and f.History apply),
// the FAQs it shows or whose related list names the page (see FAQs for
// how f applies), its categories and page editions. With f.Edition, a
// page whose current revision holds no record of it is shown at the
// newest older revision that does (held.go). Title is matched
// exactly, else case- and accent-insensitively. Errors wrap
// wikirules.ErrNotFound when there is no such page or no revision of it by
// f.AsOf.
func (db *DB) Page(ctx context.Context, title string, f wikirules.Filter) (*wikirules.PageView, error) {
	var v *wikirules.PageView
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		v, err = pageView(ctx, tx, title, f)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("kb: %w", err)
	}
	return v, nil
}

// pageView implements Page in tx.
func pageView(ctx context.Context, tx *sql.Tx, title string, f wikirules.Filter) (*wikirules.PageView, error) {
	pk, page, also, err := resolvePage(ctx, tx, title, f)
	if err != nil {
		return nil, err
	}
	var revID string
	err = tx.QueryRowContext(ctx, fmt.Sprintf(currentRevision, "?"), pk, asOfLower(f), asOfBound(f)).Scan(&revID)
	if err == sql.ErrNoRows && f.AsOf.IsZero() {
		return nil, fmt.Errorf("page %q: deleted on the wiki: %w", page.Title, wikirules.ErrNotFound)
	} else if err == sql.ErrNoRows {
		return nil, fmt.Errorf("page %q: no revision as of %s: %w", page.Title, f.AsOf.UTC().Format("2006-01-02T15:04:05Z"), wikirules.ErrNotFound)
	} else if err != nil {
		return nil, fmt.Errorf("page %q: %w", page.Title, err)
	}
	if f.Edition != 0 {
		if revID, err = viewedRevision(ctx, tx, pk, revID, f); err != nil {
			return nil, fmt.Errorf("page %q: %w", page.Title, err)
		}
	}
	rev, pageEditions, err := revision(ctx, tx, revID)
	if err != nil {
		return nil, err
	}
	v := &wikirules.PageView{Page: page, Revision: *rev, PageEditions: pageEditions, Records: []wikirules.Record{}, AlsoIn: also}
	var w where
	w.add(`rec.revision = ?`, revID)
	recordFilter(&w, f)
	if v.Records, err = queryRecords(ctx, tx, `SELECT `+recordCols+` FROM `+recordJoin+` WHERE `+w.sql()+` ORDER BY rec.seq`, w.args...); err != nil {
		return nil, fmt.Errorf("page %q, revision %s: %w", page.Title, revID, err)
	}
	if v.FAQs, err = pageFAQs(ctx, tx, page, revID, f); err != nil {
		return nil, fmt.Errorf("page %q, revision %s: %w", page.Title, revID, err)
	}
	if v.Categories, err = queryColumn[string](ctx, tx, `SELECT name FROM categories WHERE revision = ? ORDER BY seq`, revID); err != nil {
		return nil, fmt.Errorf("page %q, revision %s: categories: %w", page.Title, revID, err)
	}
	return v, nil
}

// queryRecords runs a query selecting recordCols and reads the records.
func queryRecords(ctx context.Context, tx querier, query string, args ...any) ([]wikirules.Record, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []wikirules.Record{}
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// queryColumn runs a query selecting one column and returns its values
// in row order.
func queryColumn[T any](ctx context.Context, tx querier, query string, args ...any) ([]T, error) {
	var out []T
	err := eachRow(ctx, tx, query, args, func(rows *sql.Rows) error {
		var v T
		if err := rows.Scan(&v); err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// eachRow runs query and calls fn, which scans the row, on each row in
// turn; it returns the first error of the query, of fn or of the rows.
func eachRow(ctx context.Context, tx querier, query string, args []any, fn func(*sql.Rows) error) error {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Records returns the records of the current revision (as of f.AsOf) of
// every page, or of the pages f.Pages names (unknown titles are ignored),
// ordered by page title and then source order. f.Edition, f.Kinds and
// f.History filter them; f.Limit caps their number (0 = no cap). With
// f.Edition, a page whose current revision holds no record of it gives
// the records an older revision holds for it (held.go), after its own.
func (db *DB) Records(ctx context.Context, f wikirules.Filter) ([]wikirules.Record, error) {
	var out []wikirules.Record
	err := db.read(ctx, func(stx *sql.Tx) error {
		tx := db.cached(stx)
		scope := ""
		var w where
		w.args = append(w.args, asOfLower(f), asOfBound(f))
		var pks []any
		if len(f.Pages) > 0 {
			var err error
			pks, err = resolvePages(ctx, tx, f.Pages, f)
			if err != nil {
				return err
			}
			if len(pks) == 0 {
				out = []wikirules.Record{}
				return nil
			}
			scope = ` WHERE cp.pk IN (` + placeholders(len(pks)) + `)`
			w.args = append(w.args, pks...)
		}
		recordFilter(&w, f)
		q := `WITH cur (id) AS (SELECT (` + fmt.Sprintf(currentRevision, "cp.pk") + `) FROM pages cp` + scope + `)
			SELECT ` + recordCols + ` FROM cur JOIN records rec ON rec.revision = cur.id
			JOIN revisions rv ON rv.id = rec.revision JOIN pages p ON p.pk = rv.page
			WHERE ` + w.sql() + ` ORDER BY p.title, rec.seq`
		if f.Limit > 0 {
			q += fmt.Sprintf(" LIMIT %d", f.Limit)
		}
		var err error
		if out, err = queryRecords(ctx, tx, q, w.args...); err != nil || f.Edition == 0 || (f.Limit > 0 && len(out) >= f.Limit) {
			return err
		}
		if pks != nil {
			// Every page named holds the edition in its current revision:
			// none has records held for it.
			holding := map[string]bool{}
			for i := range out {
				if out[i].Editions.Has(f.Edition) {
					holding[out[i].Page] = true
				}
			}
			if len(holding) >= len(pks) {
				return nil
			}
		}
		held, err := heldRecords(ctx, tx, pks, wikirules.Editions(f.Edition), f)
		if err != nil || len(held) == 0 {
			return err
		}
		out = append(out, held...)
		slices.SortStableFunc(out, func(a, b wikirules.Record) int { return strings.Compare(a.Page, b.Page) })
		if f.Limit > 0 && len(out) > f.Limit {
			out = out[:f.Limit]
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("kb: records: %w", err)
	}
	return out, nil
}

// revisionCols selects a revision rv with its page p, as scanRevision reads them.
const revisionCols = `rv.id, p.title, p.namespace, p.language, p.wiki, rv.parent, rv.timestamp, rv.inferred,
	rv.user, rv.comment, rv.minor, rv.sha1, rv.format, rv.origin, rv.page_editions`

// scanRevision reads revisionCols (plus extra destinations).
func scanRevision(s scanner, extra ...any) (*wikirules.Revision, wikirules.Editions, error) {
	var r wikirules.Revision
	var ts, format string
	var editions int
	dest := []any{&r.ID, &r.Page.Title, &r.Page.Namespace, &r.Page.Language, &r.Page.Wiki, &r.ParentID, &ts,
		&r.TimestampInferred, &r.User, &r.Comment, &r.Minor, &r.SHA1, &format, &r.Origin, &editions}
	if err := s.Scan(append(dest, extra...)...); err != nil {
		return nil, 0, err
	}
	r.Format = wikirules.Format(format)
	var err error
	r.Timestamp, err = decodeTime(ts)
	return &r, wikirules.Editions(editions), err
}

// revision reads one revision with its text and page editions.
func revision(ctx context.Context, tx *sql.Tx, id string) (*wikirules.Revision, wikirules.Editions, error) {
	var text any
	row := tx.QueryRowContext(ctx, `SELECT `+revisionCols+`, rv.text FROM revisions rv JOIN pages p ON p.pk = rv.page WHERE rv.id = ?`, id)
	r, e, err := scanRevision(row, &text)
	if err == sql.ErrNoRows {
		return nil, 0, fmt.Errorf("revision %s: %w", id, wikirules.ErrNotFound)
	} else if err != nil {
		return nil, 0, fmt.Errorf("revision %s: %w", id, err)
	}
	if r.Text, err = decodeText(text); err != nil {
		return nil, 0, fmt.Errorf("revision %s: %w", id, err)
	}
	return r, e, nil
}

// Revision returns one revision with its text. Errors wrap
// wikirules.ErrNotFound when no revision has that id.
func (db *DB) Revision(ctx context.Context, id string) (*wikirules.Revision, error) {
	var r *wikirules.Revision
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		r, _, err = revision(ctx, tx, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("kb: %w", err)
	}
	return r, nil
}

// History returns every revision of title (matched as Page matches it,
// f.Wiki and f.Lang applying; the rest of f is not used),
// oldest first by (revisionOrder, id): an undated revision stands where
// what it shows puts it, but those hidden from answers (deleted
// on the wiki, or whose text it hides). Text is left empty: Revision
// reads it. Errors wrap wikirules.ErrNotFound for an unknown page, and
// for a page whose every revision is hidden.
func (db *DB) History(ctx context.Context, title string, f wikirules.Filter) ([]wikirules.Revision, error) {
	var out []wikirules.Revision
	err := db.read(ctx, func(tx *sql.Tx) error {
		pk, _, _, err := resolvePage(ctx, tx, title, f)
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+revisionCols+` FROM revisions rv JOIN pages p ON p.pk = rv.page
			WHERE rv.page = ? AND `+fmt.Sprintf(visibleRevision, "rv.id")+` ORDER BY `+revisionOrder("rv")+`, rv.id`, pk)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			r, _, err := scanRevision(rows)
			if err != nil {
				return err
			}
			out = append(out, *r)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if len(out) == 0 {
			return fmt.Errorf("page %q: deleted on the wiki: %w", title, wikirules.ErrNotFound)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("kb: history: %w", err)
	}
	return out, nil
}

// RevisionRecords returns every record of one revision in source order,
// superseded ones included. Errors wrap wikirules.ErrNotFound when no
// revision has that id.
func (db *DB) RevisionRecords(ctx context.Context, id string) ([]wikirules.Record, error) {
	var out []wikirules.Record
	err := db.read(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM revisions WHERE id = ?`, id).Scan(&n); err != nil {
			return err
		} else if n == 0 {
			return fmt.Errorf("revision %s: %w", id, wikirules.ErrNotFound)
		}
		var err error
		out, err = queryRecords(ctx, tx, `SELECT `+recordCols+` FROM `+recordJoin+` WHERE rec.revision = ? ORDER BY rec.seq`, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("kb: revision records: %w", err)
	}
	return out, nil
}

// Pages returns every page, sorted by title, but those whose every
// revision is hidden from answers (deleted on the wiki).
func (db *DB) Pages(ctx context.Context) ([]wikirules.Page, error) {
	out := []wikirules.Page{}
	err := db.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT title, namespace, language, wiki FROM pages pg
			WHERE NOT EXISTS (SELECT 1 FROM hidden_revisions LIMIT 1) OR EXISTS (SELECT 1 FROM revisions rv
			WHERE rv.page = pg.pk AND `+fmt.Sprintf(visibleRevision, "rv.id")+`) ORDER BY title`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p wikirules.Page
			if err := rows.Scan(&p.Title, &p.Namespace, &p.Language, &p.Wiki); err != nil {
				return err
			}
			out = append(out, p)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("kb: pages: %w", err)
	}
	return out, nil
}

// PageSummary is what a user checks of a page after an ingest: its wiki,
// language and namespace, the editions its current revision holds text
// in (its page scope and its records'), how many revisions are stored,
// and how many records and FAQ occurrences its current revision has.
type PageSummary struct {
	Page      wikirules.Page     `json:"page"`
	Editions  wikirules.Editions `json:"editions"`
	Revisions int                `json:"revisions"`
	Records   int                `json:"records"`
	FAQs      int                `json:"faqs"`
}

// PageSummaries returns the summary of every page (of f.Wiki when set),
// in (title, wiki) order, but those whose every revision is hidden from
// answers; with f.Edition, only the pages holding text in that edition.
func (db *DB) PageSummaries(ctx context.Context, f wikirules.Filter) ([]PageSummary, error) {
	out := []PageSummary{}
	err := db.read(ctx, func(tx *sql.Tx) error {
		var w where
		w.args = append(w.args, asOfLower(f), asOfBound(f))
		if f.Wiki != "" {
			w.add(`p.wiki = ?`, f.Wiki)
		}
		rows, err := tx.QueryContext(ctx, `SELECT p.title, p.namespace, p.language, p.wiki,
			(SELECT COUNT(*) FROM revisions rv WHERE rv.page = p.pk), cur.id, COALESCE(rv.page_editions, 0),
			COALESCE((SELECT count FROM revision_records rr WHERE rr.revision = cur.id), 0),
			(SELECT COUNT(*) FROM faq_occurrences o WHERE o.revision = cur.id)
			FROM pages p JOIN (SELECT pk, (`+fmt.Sprintf(currentRevision, "pk")+`) AS id FROM pages) cur ON cur.pk = p.pk
			LEFT JOIN revisions rv ON rv.id = cur.id
			WHERE cur.id IS NOT NULL AND `+w.sql()+` ORDER BY p.title, p.wiki`, w.args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		var revs []string
		for rows.Next() {
			var s PageSummary
			var rev string
			var pe int
			if err := rows.Scan(&s.Page.Title, &s.Page.Namespace, &s.Page.Language, &s.Page.Wiki, &s.Revisions,
				&rev, &pe, &s.Records, &s.FAQs); err != nil {
				return err
			}
			s.Editions = wikirules.Editions(pe)
			out = append(out, s)
			revs = append(revs, rev)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		for i, rev := range revs {
			eds, err := queryColumn[string](ctx, tx, `SELECT DISTINCT CAST(editions AS TEXT) FROM records WHERE revision = ?`, rev)
			if err != nil {
				return err
			}
			for _, e := range eds {
				var n int
				fmt.Sscan(e, &n)
				out[i].Editions |= wikirules.Editions(n)
			}
			out[i].Editions &= wikirules.AllEditions
		}
		if f.Edition != 0 {
			kept := out[:0]
			for _, s := range out {
				if s.Editions.Has(f.Edition) {
					kept = append(kept, s)
				}
			}
			out = kept
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("kb: page summaries: %w", err)
	}
	return out, nil
}
