package kb

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
)

// faqFilter adds the conditions of f on faqs fq: seen (in a revision with
// timestamp <= f.AsOf) by f.AsOf, holding in f.Edition (or scoped to none,
// with f.Unscoped), of a type among f.Kinds ("faq", "errata"), shown on or
// related to one of f.Pages.
func faqFilter(ctx context.Context, tx querier, w *where, f wikirules.Filter) error {
	if !f.AsOf.IsZero() {
		w.add(`EXISTS (SELECT 1 FROM faq_occurrences o JOIN revisions r ON r.id = o.revision
			WHERE o.faq = fq.pk AND r.timestamp BETWEEN ? AND ? AND `+fmt.Sprintf(visibleRevision, "r.id")+`)`,
			asOfLower(f), asOfBound(f))
	} else {
		// An FAQ shown only in revisions hidden from answers (deleted on
		// the wiki) is not shown either.
		w.add(`(NOT EXISTS (SELECT 1 FROM hidden_revisions LIMIT 1) OR EXISTS (SELECT 1 FROM faq_occurrences o
			WHERE o.faq = fq.pk AND ` + fmt.Sprintf(visibleRevision, "o.revision") + `))`)
	}
	switch {
	case f.Edition != 0 && f.Unscoped:
		w.add(`(fq.editions & ? != 0 OR fq.editions = 0)`, int(f.Edition))
	case f.Edition != 0:
		w.add(`fq.editions & ? != 0`, int(f.Edition))
	}
	if len(f.Kinds) > 0 {
		args := make([]any, len(f.Kinds))
		for i, k := range f.Kinds {
			args[i] = string(k)
		}
		w.add(`fq.type IN (`+placeholders(len(args))+`)`, args...)
	}
	if len(f.Pages) > 0 {
		pks, err := resolvePages(ctx, tx, f.Pages, f)
		if err != nil {
			return err
		}
		folds := make([]any, len(f.Pages))
		for i, t := range f.Pages {
			folds[i] = foldTitle(t)
		}
		// Driven from the pages (their revisions by revisions_page_time,
		// then their occurrences by primary key), not from every FAQ's
		// occurrences.
		w.add(`fq.pk IN (SELECT o.faq FROM revisions r JOIN faq_occurrences o ON o.revision = r.id
			WHERE r.page IN (`+placeholders(len(pks))+`)
			UNION SELECT fr.faq FROM faq_related fr WHERE fr.fold IN (`+placeholders(len(folds))+`))`,
			append(pks, folds...)...)
	}
	return nil
}

// loadedFAQ is a FAQ with the stored timestamp of its first occurrence.
type loadedFAQ struct {
	wikirules.FAQ
	firstSeen string
}

// loadFAQs reads the FAQs pks (duplicates dropped, order kept) as of asOf
// (a stored timestamp), with three queries whatever their number: their
// content, their related pages, and their occurrences in revisions by
// then. Pages are the sorted titles of the pages showing a FAQ in those
// revisions, FirstRevision and LastRevision the oldest and newest of them
// by (timestamp, id), Timestamp the newest one's.
func loadFAQs(ctx context.Context, tx querier, pks []int64, asOf string) ([]loadedFAQ, error) {
	var keys []any
	byPK := map[int64]*loadedFAQ{}
	for _, pk := range pks {
		if byPK[pk] == nil {
			byPK[pk] = &loadedFAQ{}
			keys = append(keys, pk)
		}
	}
	out := make([]loadedFAQ, 0, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	in := `(` + placeholders(len(keys)) + `)`
	rows, err := tx.QueryContext(ctx, `SELECT pk, id, type, title, version, question, answer, editions, removed FROM faqs WHERE pk IN `+in, keys...)
	if err != nil {
		return nil, fmt.Errorf("faqs: %w", err)
	}
	for rows.Next() {
		var pk int64
		var editions int
		var f wikirules.FAQ
		if err := rows.Scan(&pk, &f.ID, &f.Type, &f.Title, &f.Version, &f.Question, &f.Answer, &editions, &f.Removed); err != nil {
			rows.Close()
			return nil, fmt.Errorf("faqs: %w", err)
		}
		f.Editions, f.Related, f.Pages = wikirules.Editions(editions), []string{}, []string{}
		byPK[pk].FAQ = f
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("faqs: %w", err)
	}
	for _, pk := range keys {
		if byPK[pk.(int64)].ID == "" {
			return nil, fmt.Errorf("faq %d: %w", pk, wikirules.ErrNotFound)
		}
	}
	if rows, err = tx.QueryContext(ctx, `SELECT faq, title FROM faq_related WHERE faq IN `+in+` ORDER BY faq, seq`, keys...); err != nil {
		return nil, fmt.Errorf("faqs: related: %w", err)
	}
	for rows.Next() {
		var pk int64
		var t string
		if err := rows.Scan(&pk, &t); err != nil {
			rows.Close()
			return nil, fmt.Errorf("faqs: related: %w", err)
		}
		byPK[pk].Related = append(byPK[pk].Related, t)
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("faqs: related: %w", err)
	}
	if asOf == timeMax { // the current wiki: kept by the writer (current.go)
		rows, err = tx.QueryContext(ctx, `SELECT faq, first, last, pages FROM faq_current WHERE faq IN `+in, keys...)
	} else {
		rows, err = tx.QueryContext(ctx, `SELECT o.faq, `+faqOccurrenceSummary+` FROM faq_occurrences o
			JOIN revisions r ON r.id = o.revision JOIN pages p ON p.pk = r.page
			WHERE o.faq IN `+in+` AND r.timestamp BETWEEN ? AND ? GROUP BY o.faq`, append(keys, undatedBefore, asOf)...)
	}
	if err != nil {
		return nil, fmt.Errorf("faqs: occurrences: %w", err)
	}
	for rows.Next() {
		var pk int64
		var first, last, pages string
		if err := rows.Scan(&pk, &first, &last, &pages); err != nil {
			rows.Close()
			return nil, fmt.Errorf("faqs: occurrences: %w", err)
		}
		f := byPK[pk]
		if err := decodeJSON(pages, &f.Pages); err != nil {
			rows.Close()
			return nil, fmt.Errorf("faq %s: occurrences: %w", f.ID, err)
		}
		sort.Strings(f.Pages)
		var lastTS string
		f.firstSeen, f.FirstRevision, _ = strings.Cut(first, " ")
		lastTS, f.LastRevision, _ = strings.Cut(last, " ")
		if f.Timestamp, err = decodeTime(lastTS); err != nil {
			rows.Close()
			return nil, fmt.Errorf("faq %s: %w", f.ID, err)
		}
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("faqs: occurrences: %w", err)
	}
	if err := faqLastPages(ctx, tx, byPK); err != nil {
		return nil, err
	}
	for _, pk := range keys {
		out = append(out, *byPK[pk.(int64)])
	}
	return out, nil
}

// faqLastPages sets LastPage, the title of the page whose revision
// LastRevision is, and TimestampInferred, whether that revision's time is
// read from its page's update markers, on each FAQ, with one query.
func faqLastPages(ctx context.Context, tx querier, byPK map[int64]*loadedFAQ) error {
	var revs []any
	seen := map[string]bool{}
	for _, f := range byPK {
		if f.LastRevision != "" && !seen[f.LastRevision] {
			seen[f.LastRevision] = true
			revs = append(revs, f.LastRevision)
		}
	}
	if len(revs) == 0 {
		return nil
	}
	rows, err := tx.QueryContext(ctx, `SELECT r.id, p.title, r.inferred FROM revisions r JOIN pages p ON p.pk = r.page WHERE r.id IN (`+placeholders(len(revs))+`)`, revs...)
	if err != nil {
		return fmt.Errorf("faqs: last pages: %w", err)
	}
	title, inferred := map[string]string{}, map[string]bool{}
	for rows.Next() {
		var id, t string
		var inf bool
		if err := rows.Scan(&id, &t, &inf); err != nil {
			rows.Close()
			return fmt.Errorf("faqs: last pages: %w", err)
		}
		title[id], inferred[id] = t, inf
	}
	if err := closeRows(rows); err != nil {
		return fmt.Errorf("faqs: last pages: %w", err)
	}
	for _, f := range byPK {
		f.LastPage = title[f.LastRevision]
		f.TimestampInferred = inferred[f.LastRevision] && !f.Timestamp.IsZero()
	}
	return nil
}

// closeRows closes rows and returns the error that ended their iteration.
func closeRows(rows *sql.Rows) error {
	err := rows.Err()
	if cerr := rows.Close(); err == nil {
		err = cerr
	}
	return err
}

// versionNumbers reads the leading dotted number of an FAQ version:
// "1.1.1, dic 2021" → [1 1 1]; nil when there is none.
func versionNumbers(v string) []int {
	v = strings.TrimSpace(v)
	end := strings.IndexFunc(v, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if end >= 0 {
		v = v[:end]
	}
	var out []int
	for _, p := range strings.Split(v, ".") {
		n, err := strconv.Atoi(p)
		if err != nil {
			break
		}
		out = append(out, n)
	}
	return out
}

// newerVersion reports whether FAQ a comes before b in "newest version
// first" order: the greater leading version number, then the later first
// occurrence, then the id.
func newerVersion(a, b loadedFAQ) bool {
	va, vb := versionNumbers(a.Version), versionNumbers(b.Version)
	for i := 0; i < len(va) && i < len(vb); i++ {
		if va[i] != vb[i] {
			return va[i] > vb[i]
		}
	}
	if len(va) != len(vb) {
		return len(va) > len(vb)
	}
	if a.firstSeen != b.firstSeen {
		return a.firstSeen > b.firstSeen
	}
	return a.ID < b.ID
}

// unwrap returns the FAQs of loaded.
func unwrap(loaded []loadedFAQ) []wikirules.FAQ {
	out := make([]wikirules.FAQ, len(loaded))
	for i, f := range loaded {
		out[i] = f.FAQ
	}
	return out
}

// FAQs returns the distinct FAQ and errata entries, newest version first
// (leading version number, then first occurrence). With text, only those
// whose question, answer, title or related pages match it (SearchText's
// tokenisation; never an error for any text). f.AsOf keeps those seen by
// then (Pages, revisions and Timestamp derived from occurrences by then),
// f.Edition those holding in it, f.Kinds those of type "faq"/"errata"
// listed, f.Pages those shown on or related to one of the pages; f.Limit
// caps the number (0 = no cap).
func (db *DB) FAQs(ctx context.Context, text string, f wikirules.Filter) ([]wikirules.FAQ, error) {
	var out []wikirules.FAQ
	err := db.read(ctx, func(stx *sql.Tx) error {
		tx := db.cached(stx)
		var pks []int64
		var err error
		if q := newSearchQuery(text); !q.empty() {
			hits, err := searchFAQs(ctx, stx, q, f, 0)
			if err != nil {
				return err
			}
			for _, h := range hits {
				pks = append(pks, h.pk)
			}
		} else if strings.TrimSpace(text) == "" {
			var w where
			if err := faqFilter(ctx, tx, &w, f); err != nil {
				return err
			}
			if pks, err = queryColumn[int64](ctx, tx, `SELECT fq.pk FROM faqs fq WHERE `+w.sql(), w.args...); err != nil {
				return err
			}
		}
		loaded, err := loadFAQs(ctx, tx, pks, asOfBound(f))
		if err != nil {
			return err
		}
		sort.SliceStable(loaded, func(i, j int) bool { return newerVersion(loaded[i], loaded[j]) })
		if f.Limit > 0 && len(loaded) > f.Limit {
			loaded = loaded[:f.Limit]
		}
		out = unwrap(loaded)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("kb: faqs %q: %w", text, err)
	}
	return out, nil
}

// pageFAQs returns the FAQs of a page view: those shown in revision rev
// (in their order there), then those whose related list names the page
// (newest version first; FAQs of the page's wiki only), filtered as FAQs
// filters (f.Pages aside).
func pageFAQs(ctx context.Context, tx *sql.Tx, page wikirules.Page, rev string, f wikirules.Filter) ([]wikirules.FAQ, error) {
	f.Pages = nil
	var w where
	if err := faqFilter(ctx, tx, &w, f); err != nil {
		return nil, err
	}
	shown, err := queryColumn[int64](ctx, tx, `SELECT fq.pk FROM faq_occurrences o JOIN faqs fq ON fq.pk = o.faq
		WHERE o.revision = ? AND `+w.sql()+` ORDER BY o.seq`, append([]any{rev}, w.args...)...)
	if err != nil {
		return nil, fmt.Errorf("faqs shown: %w", err)
	}
	// A related list names pages of its own wiki: the FAQ stands in a
	// revision (its source) of a page of the page's wiki.
	related, err := queryColumn[int64](ctx, tx, `SELECT DISTINCT fq.pk FROM faq_related fr JOIN faqs fq ON fq.pk = fr.faq
		JOIN revisions sr ON sr.id = fq.source JOIN pages sp ON sp.pk = sr.page
		WHERE fr.fold = ? AND sp.wiki = ? AND `+w.sql()+` ORDER BY fq.pk`, append([]any{foldTitle(page.Title), page.Wiki}, w.args...)...)
	if err != nil {
		return nil, fmt.Errorf("faqs related: %w", err)
	}
	asOf := asOfBound(f)
	first, err := loadFAQs(ctx, tx, shown, asOf)
	if err != nil {
		return nil, err
	}
	isShown := map[int64]bool{}
	for _, pk := range shown {
		isShown[pk] = true
	}
	var rest []int64
	for _, pk := range related {
		if !isShown[pk] {
			rest = append(rest, pk)
		}
	}
	second, err := loadFAQs(ctx, tx, rest, asOf)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(second, func(i, j int) bool { return newerVersion(second[i], second[j]) })
	return unwrap(append(first, second...)), nil
}
