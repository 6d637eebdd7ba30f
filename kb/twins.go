package kb

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/wikirules/wikirules"
)

// CurrentPage is a page with its current revision: the revision with its
// text and page editions, and the interlanguage links a sync stored for the
// page (langlinks, language code → title; nil when none). It is what
// package pairs reads to pair the pages of two wikis. Aliases are the
// titles of the redirects known to lead to the page only because a
// rendered page was shown through them (table redirect_aliases).
type CurrentPage struct {
	Page         wikirules.Page
	Revision     wikirules.Revision
	PageEditions wikirules.Editions
	LangLinks    map[string]string
	Aliases      []string
}

// CurrentPages returns every page of every wiki with its current revision
// (the newest shown, as Page picks it: pages whose every revision is hidden
// are left out), in (wiki, title) order. Pages are read by their key, not
// by title, so that two wikis' pages of one title stay apart.
func (db *DB) CurrentPages(ctx context.Context) ([]CurrentPage, error) {
	var out []CurrentPage
	err := db.read(ctx, func(tx *sql.Tx) error {
		pks, err := queryColumn[int64](ctx, tx, `SELECT pk FROM pages ORDER BY wiki, title`)
		if err != nil {
			return err
		}
		links, err := allLangLinks(ctx, tx)
		if err != nil {
			return err
		}
		aliases, err := allAliases(ctx, tx)
		if err != nil {
			return err
		}
		for _, pk := range pks {
			cp, err := currentPage(ctx, tx, pk, links[pk], aliases[pk])
			if err != nil {
				return err
			}
			if cp != nil {
				out = append(out, *cp)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("kb: current pages: %w", err)
	}
	return out, nil
}

// currentPage returns page pk with its current revision (as CurrentPages
// picks it), links and aliases; nil when every revision of the page is
// hidden.
func currentPage(ctx context.Context, tx *sql.Tx, pk int64, links map[string]string, aliases []string) (*CurrentPage, error) {
	var revID string
	err := tx.QueryRowContext(ctx, fmt.Sprintf(currentRevision, "?"), pk, asOfLower(wikirules.Filter{}), asOfBound(wikirules.Filter{})).Scan(&revID)
	if err == sql.ErrNoRows {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("page %d: %w", pk, err)
	}
	rev, editions, err := revision(ctx, tx, revID)
	if err != nil {
		return nil, err
	}
	return &CurrentPage{Page: rev.Page, Revision: *rev, PageEditions: editions, LangLinks: links, Aliases: aliases}, nil
}

// allLangLinks reads the langlinks table: page key → language → title.
func allLangLinks(ctx context.Context, tx *sql.Tx) (map[int64]map[string]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT page, lang, title FROM langlinks`)
	if err != nil {
		return nil, fmt.Errorf("langlinks: %w", err)
	}
	defer rows.Close()
	out := map[int64]map[string]string{}
	for rows.Next() {
		var pk int64
		var l, t string
		if err := rows.Scan(&pk, &l, &t); err != nil {
			return nil, fmt.Errorf("langlinks: %w", err)
		}
		if out[pk] == nil {
			out[pk] = map[string]string{}
		}
		out[pk][l] = t
	}
	return out, rows.Err()
}

// allAliases returns the titles of every page's redirect aliases, by page
// pk, in title order.
func allAliases(ctx context.Context, tx *sql.Tx) (map[int64][]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT target, title FROM redirect_aliases ORDER BY target, title`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64][]string{}
	for rows.Next() {
		var pk int64
		var t string
		if err := rows.Scan(&pk, &t); err != nil {
			return nil, err
		}
		out[pk] = append(out[pk], t)
	}
	return out, rows.Err()
}
