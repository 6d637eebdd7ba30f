package kb

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/wikirules/wikirules"
)

// metaGroup is the number of pages pageMetas asks SQLite about in one
// statement (one bound parameter each, well under SQLite's limit).
const metaGroup = 500

// pageMeta is what PageMeta reads of a page's revision.
type pageMeta struct {
	categories []string
	editions   wikirules.Editions
}

// PageMeta returns the categories (in source order; nil when none) and the
// page editions ({{n4only}} and the like) of title at its current revision,
// or at the newest revision with timestamp <= f.AsOf: the Categories and
// PageEditions of Page(ctx, title, f), without reading the revision text,
// its records or its FAQs. Only f.AsOf applies. Title is matched as Page
// matches it (exactly, else case- and accent-insensitively). Errors wrap
// wikirules.ErrNotFound when there is no such page or no revision of it by
// f.AsOf.
func (db *DB) PageMeta(ctx context.Context, title string, f wikirules.Filter) (categories []string, editions wikirules.Editions, err error) {
	err = db.read(ctx, func(tx *sql.Tx) error {
		pk, page, _, err := resolvePage(ctx, tx, title, f)
		if err != nil {
			return err
		}
		metas, err := pageMetas(ctx, tx, []int64{pk}, f)
		if err != nil {
			return fmt.Errorf("page %q: %w", page.Title, err)
		}
		m, ok := metas[pk]
		if !ok {
			return fmt.Errorf("page %q: no revision as of %s: %w", page.Title, f.AsOf.UTC().Format("2006-01-02T15:04:05Z"), wikirules.ErrNotFound)
		}
		categories, editions = m.categories, m.editions
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("kb: page meta: %w", err)
	}
	return categories, editions, nil
}

// PagesMeta is PageMeta for many titles at once, in one read transaction
// and one statement per 500 pages: editions has an entry for every title
// of titles that names a page with a revision by f.AsOf (keyed by the
// title as given), categories an entry for those of them that have
// categories. Titles naming no page, or a page with no revision by
// f.AsOf, are left out of both maps; they are no error. Index builds
// (index.BuildFrom) read the categories and editions of a chunk of pages
// this way instead of a whole page view per page.
func (db *DB) PagesMeta(ctx context.Context, titles []string, f wikirules.Filter) (categories map[string][]string, editions map[string]wikirules.Editions, err error) {
	categories = map[string][]string{}
	editions = make(map[string]wikirules.Editions, len(titles))
	err = db.read(ctx, func(tx *sql.Tx) error {
		pkOf, err := resolveTitles(ctx, tx, titles, f)
		if err != nil {
			return err
		}
		pks := make([]int64, 0, len(pkOf))
		seen := make(map[int64]bool, len(pkOf))
		for _, pk := range pkOf {
			if !seen[pk] {
				seen[pk] = true
				pks = append(pks, pk)
			}
		}
		metas, err := pageMetas(ctx, tx, pks, f)
		if err != nil {
			return err
		}
		for t, pk := range pkOf {
			m, ok := metas[pk]
			if !ok {
				continue
			}
			editions[t] = m.editions
			if m.categories != nil {
				categories[t] = m.categories
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("kb: pages meta: %w", err)
	}
	return categories, editions, nil
}

// resolveTitles returns title → page pk for the titles that name a page,
// matched as resolvePage matches them: the exact titles in one statement
// per metaGroup titles, the others (and the titles of several wikis) one
// by one.
func resolveTitles(ctx context.Context, tx *sql.Tx, titles []string, f wikirules.Filter) (map[string]int64, error) {
	out := make(map[string]int64, len(titles))
	shared := map[string]bool{}
	for start := 0; start < len(titles); start += metaGroup {
		part := titles[start:min(start+metaGroup, len(titles))]
		args := make([]any, len(part))
		for i, t := range part {
			args[i] = t
		}
		q := `SELECT title, pk FROM pages WHERE title IN (` + placeholders(len(args)) + `)`
		if f.Wiki != "" {
			q += ` AND wiki = ?`
			args = append(args, f.Wiki)
		}
		rows, err := tx.QueryContext(ctx, q, args...)
		if err != nil {
			return nil, fmt.Errorf("pages %q…%q: %w", part[0], part[len(part)-1], err)
		}
		for rows.Next() {
			var t string
			var pk int64
			if err := rows.Scan(&t, &pk); err != nil {
				rows.Close()
				return nil, fmt.Errorf("pages %q…%q: %w", part[0], part[len(part)-1], err)
			}
			if _, twice := out[t]; twice {
				shared[t] = true // a title of several wikis: resolvePage chooses below
			}
			out[t] = pk
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("pages %q…%q: %w", part[0], part[len(part)-1], err)
		}
	}
	for t := range shared {
		delete(out, t)
	}
	for _, t := range titles {
		if _, ok := out[t]; ok {
			continue
		}
		pk, _, _, err := resolvePage(ctx, tx, t, f)
		if err == nil {
			out[t] = pk
		} else if !isNotFound(err) {
			return nil, err
		}
	}
	return out, nil
}

// pageMetas returns pk → the categories and page editions of the revision
// Page would show for each page of pks (currentRevision between asOfLower
// and asOfBound of f). Pages with no such revision are left out.
func pageMetas(ctx context.Context, tx *sql.Tx, pks []int64, f wikirules.Filter) (map[int64]pageMeta, error) {
	out := make(map[int64]pageMeta, len(pks))
	for start := 0; start < len(pks); start += metaGroup {
		part := pks[start:min(start+metaGroup, len(pks))]
		args := make([]any, 0, len(part)+2)
		args = append(args, asOfLower(f), asOfBound(f))
		for _, pk := range part {
			args = append(args, pk)
		}
		q := `WITH cur (pk, id) AS (SELECT cp.pk, (` + fmt.Sprintf(currentRevision, "cp.pk") + `) FROM pages cp
				WHERE cp.pk IN (` + placeholders(len(part)) + `))
			SELECT cur.pk, rv.page_editions, c.name FROM cur JOIN revisions rv ON rv.id = cur.id
			LEFT JOIN categories c ON c.revision = cur.id ORDER BY cur.pk, c.seq`
		if err := scanMetas(ctx, tx, q, args, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// scanMetas runs the query of pageMetas and adds its rows (one per
// category, or one with a NULL name for a revision without any) to out.
func scanMetas(ctx context.Context, tx *sql.Tx, q string, args []any, out map[int64]pageMeta) error {
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("categories and page editions: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var pk int64
		var editions int
		var name sql.NullString
		if err := rows.Scan(&pk, &editions, &name); err != nil {
			return fmt.Errorf("categories and page editions: %w", err)
		}
		m := out[pk]
		m.editions = wikirules.Editions(editions)
		if name.Valid {
			m.categories = append(m.categories, name.String)
		}
		out[pk] = m
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("categories and page editions: %w", err)
	}
	return nil
}
