package kb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/wikirules/wikirules"
)

// The write generation and the stored twin pairs (migration 0012_twins.sql):
//
//	kb_state(one = 1, generation)
//	    One row. generation is raised by every write transaction that
//	    changes a row: a Writer's commit (an ingest, sync, deletion or
//	    move; not one that wrote nothing, as the same input ingested
//	    again) and the migrations that change rows (not those that only
//	    add an index).
//	    What is derived from the whole knowledge base and
//	    stored with the generation it was computed at is in step with it
//	    while the generation is unchanged.
//	twin_state(one = 1, generation)
//	    The generation the twin pairs were computed at; no row before the
//	    first PutTwins.
//	twin_pairs(seq PK, es_wiki, es_title, es_key, en_wiki, en_title,
//	           en_key, data)
//	    The pairs of package pairs in the order of its Set: each side's
//	    wiki, title and title key (pairs' key for looking a title up), and
//	    the pair as pairs encodes it. Replaced as a whole by PutTwins.

// Generation returns the write generation of the knowledge base (see
// above).
func (db *DB) Generation(ctx context.Context) (int64, error) {
	var gen int64
	err := db.read(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT generation FROM kb_state WHERE one = 1`).Scan(&gen)
	})
	if err != nil {
		return 0, fmt.Errorf("kb: generation: %w", err)
	}
	return gen, nil
}

// bumpGeneration raises the write generation in tx.
func bumpGeneration(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, `UPDATE kb_state SET generation = generation + 1 WHERE one = 1`); err != nil {
		return fmt.Errorf("write generation: %w", err)
	}
	return nil
}

// StoredTwin is a twin pair as package pairs stores it: its sides' wiki,
// title and title key, and the pair in pairs' encoding (Data).
type StoredTwin struct {
	ESWiki, ESTitle, ESKey string
	ENWiki, ENTitle, ENKey string
	Data                   string
}

// PutTwins replaces the stored twin pairs with twins (in set order),
// computed from the knowledge base at generation gen. It stores nothing
// and returns false when the knowledge base was written after gen: the
// pairs are of an older state. It does not raise the generation.
func (db *DB) PutTwins(ctx context.Context, gen int64, twins []StoredTwin) (bool, error) {
	same := func(tx *sql.Tx) (bool, error) {
		var at int64
		err := tx.QueryRowContext(ctx, `SELECT generation FROM twin_state WHERE one = 1`).Scan(&at)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && at != gen) {
			return false, nil
		} else if err != nil {
			return false, err
		}
		rows, err := tx.QueryContext(ctx, `SELECT es_wiki, es_title, es_key, en_wiki, en_title, en_key, data
			FROM twin_pairs ORDER BY seq`)
		if err != nil {
			return false, err
		}
		defer rows.Close()
		i := 0
		for ; rows.Next(); i++ {
			var t StoredTwin
			if err := rows.Scan(&t.ESWiki, &t.ESTitle, &t.ESKey, &t.ENWiki, &t.ENTitle, &t.ENKey, &t.Data); err != nil {
				return false, err
			}
			if i >= len(twins) || t != twins[i] {
				return false, nil
			}
		}
		return i == len(twins), rows.Err()
	}
	return db.putDerived(ctx, "put twins", gen, same, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM twin_pairs`); err != nil {
			return err
		}
		ins, err := tx.PrepareContext(ctx, `INSERT INTO twin_pairs (seq, es_wiki, es_title, es_key, en_wiki, en_title, en_key, data)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer ins.Close()
		for i, t := range twins {
			if _, err := ins.ExecContext(ctx, i, t.ESWiki, t.ESTitle, t.ESKey, t.ENWiki, t.ENTitle, t.ENKey, t.Data); err != nil {
				return fmt.Errorf("pair %s ↔ %s: %w", t.ESTitle, t.ENTitle, err)
			}
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO twin_state (one, generation) VALUES (1, ?)
		ON CONFLICT (one) DO UPDATE SET generation = excluded.generation`, gen)
		return err
	})
}

// putDerived replaces, in one transaction, data derived from the
// knowledge base at write generation gen (fill writes it): nothing is
// stored, and false returned, when the knowledge base was written after
// gen, so that derived data never describes a state it was not computed
// from. It does not raise the generation. what names the step in errors.
// When same reports that the stored data is already what fill would
// write (as after an ingest that changed nothing), nothing is written
// and true is returned.
func (db *DB) putDerived(ctx context.Context, what string, gen int64, same func(*sql.Tx) (bool, error), fill func(*sql.Tx) error) (bool, error) {
	if db.readOnly {
		return false, fmt.Errorf("kb: %s %s: database opened read-only", what, db.path)
	}
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("kb: %s: %w", what, err)
	}
	defer tx.Rollback()
	var now int64
	if err := tx.QueryRowContext(ctx, `SELECT generation FROM kb_state WHERE one = 1`).Scan(&now); err != nil {
		return false, fmt.Errorf("kb: %s: %w", what, err)
	}
	if now != gen {
		return false, nil
	}
	if ok, err := same(tx); err != nil {
		return false, fmt.Errorf("kb: %s: %w", what, err)
	} else if ok {
		return true, nil
	}
	if err := fill(tx); err != nil {
		return false, fmt.Errorf("kb: %s: %w", what, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("kb: %s: %w", what, err)
	}
	return true, nil
}

// TwinsOf returns the stored pairs one of whose sides has a title key of
// keys, in set order. ok is false when no pairs are stored for the
// knowledge base as it is (none were stored, or it was written since).
func (db *DB) TwinsOf(ctx context.Context, keys []string) (twins []StoredTwin, ok bool, err error) {
	err = db.read(ctx, func(tx *sql.Tx) error {
		var gen, at int64
		if err := tx.QueryRowContext(ctx, `SELECT k.generation, COALESCE(t.generation, 0)
			FROM kb_state k LEFT JOIN twin_state t ON t.one = 1 WHERE k.one = 1`).Scan(&gen, &at); err != nil {
			return err
		}
		if ok = gen == at; !ok || len(keys) == 0 {
			return nil
		}
		in := strings.TrimSuffix(strings.Repeat("?, ", len(keys)), ", ")
		args := make([]any, 0, 2*len(keys))
		for _, k := range keys {
			args = append(args, k)
		}
		args = append(args, args...)
		rows, err := tx.QueryContext(ctx, `SELECT es_wiki, es_title, es_key, en_wiki, en_title, en_key, data FROM twin_pairs
			WHERE es_key IN (`+in+`) OR en_key IN (`+in+`) ORDER BY seq`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var t StoredTwin
			if err := rows.Scan(&t.ESWiki, &t.ESTitle, &t.ESKey, &t.ENWiki, &t.ENTitle, &t.ENKey, &t.Data); err != nil {
				return err
			}
			twins = append(twins, t)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, false, fmt.Errorf("kb: twins: %w", err)
	}
	return twins, ok, nil
}

// CurrentPageOf returns the page of wiki titled title as CurrentPages
// holds it, or nil when there is no such page or every revision of it is
// hidden.
func (db *DB) CurrentPageOf(ctx context.Context, wiki, title string) (*CurrentPage, error) {
	var out *CurrentPage
	err := db.read(ctx, func(tx *sql.Tx) error {
		var pk int64
		err := tx.QueryRowContext(ctx, `SELECT pk FROM pages WHERE wiki = ? AND title = ?`, wiki, title).Scan(&pk)
		if err == sql.ErrNoRows {
			return nil
		} else if err != nil {
			return err
		}
		out, err = currentPageOfKey(ctx, tx, pk)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("kb: current page %s (%s): %w", title, wiki, err)
	}
	return out, nil
}

// PageOfCurrentRevision returns the page whose current revision is id, as
// CurrentPages holds it, or nil when id is no page's current revision.
func (db *DB) PageOfCurrentRevision(ctx context.Context, id string) (*CurrentPage, error) {
	var out *CurrentPage
	err := db.read(ctx, func(tx *sql.Tx) error {
		var pk int64
		err := tx.QueryRowContext(ctx, `SELECT page FROM revisions WHERE id = ?`, id).Scan(&pk)
		if err == sql.ErrNoRows {
			return nil
		} else if err != nil {
			return err
		}
		cp, err := currentPageOfKey(ctx, tx, pk)
		if cp != nil && cp.Revision.ID == id {
			out = cp
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("kb: page of revision %s: %w", id, err)
	}
	return out, nil
}

// currentPageOfKey is currentPage with page pk's own langlinks and
// aliases.
func currentPageOfKey(ctx context.Context, tx *sql.Tx, pk int64) (*CurrentPage, error) {
	var links map[string]string
	err := eachRow(ctx, tx, `SELECT lang, title FROM langlinks WHERE page = ?`, []any{pk}, func(rows *sql.Rows) error {
		var l, t string
		if err := rows.Scan(&l, &t); err != nil {
			return err
		}
		if links == nil {
			links = map[string]string{}
		}
		links[l] = t
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("langlinks: %w", err)
	}
	var aliases []string
	if aliases, err = queryColumn[string](ctx, tx, `SELECT title FROM redirect_aliases WHERE target = ? ORDER BY title`, pk); err != nil {
		return nil, fmt.Errorf("aliases: %w", err)
	}
	return currentPage(ctx, tx, pk, links, aliases)
}

// PageAliases returns the other titles the pages go by: the titles of the
// redirect aliases of every page, then the titles of the main-namespace
// redirect pages whose current text leads to a page of their wiki
// ("#REDIRECT [[Isolated State]]" on Isolated), then, while the stored twin pairs are
// of the knowledge base as it is (TwinsOf), each side's twin title; each
// part in (page title, wiki, alias) order. Pages hidden from answers are
// included: a reader keeps the aliases of the pages it lists.
func (db *DB) PageAliases(ctx context.Context) ([]wikirules.PageAlias, error) {
	var out []wikirules.PageAlias
	err := db.read(ctx, func(tx *sql.Tx) error {
		scan := func(twin bool) func(rows *sql.Rows) error {
			return func(rows *sql.Rows) error {
				a := wikirules.PageAlias{Twin: twin}
				if err := rows.Scan(&a.Page.Title, &a.Page.Namespace, &a.Page.Language, &a.Page.Wiki, &a.Alias); err != nil {
					return err
				}
				out = append(out, a)
				return nil
			}
		}
		err := eachRow(ctx, tx, `SELECT p.title, p.namespace, p.language, p.wiki, a.title FROM redirect_aliases a
			JOIN pages p ON p.pk = a.target ORDER BY p.title, p.wiki, a.title`, nil, scan(false))
		if err != nil {
			return fmt.Errorf("redirect aliases: %w", err)
		}
		if err := redirectPageAliases(ctx, tx, &out); err != nil {
			return fmt.Errorf("redirect pages: %w", err)
		}
		var gen, at int64
		if err := tx.QueryRowContext(ctx, `SELECT k.generation, COALESCE(t.generation, 0)
			FROM kb_state k LEFT JOIN twin_state t ON t.one = 1 WHERE k.one = 1`).Scan(&gen, &at); err != nil {
			return err
		}
		if gen != at {
			return nil
		}
		err = eachRow(ctx, tx, `SELECT p.title, p.namespace, p.language, p.wiki, t.other FROM (
				SELECT es_wiki AS wiki, es_title AS title, en_title AS other FROM twin_pairs
				UNION ALL SELECT en_wiki, en_title, es_title FROM twin_pairs) t
			JOIN pages p ON p.wiki = t.wiki AND p.title = t.title ORDER BY p.title, p.wiki, t.other`, nil, scan(true))
		if err != nil {
			return fmt.Errorf("twin pairs: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("kb: page aliases: %w", err)
	}
	return out, nil
}

// redirectPageAliases appends to out, as aliases of their targets, the
// titles of the main-namespace pages whose current revision is a redirect
// (wikirules.RedirectTarget) to a page of the same wiki; the target's
// section ("Page#Section") is dropped, as MediaWiki follows a redirect to
// the page. A redirect is a short text (stored as TEXT, never compressed:
// encodeText), so only the rows whose text is TEXT starting with "#" are
// read, through their partial index.
func redirectPageAliases(ctx context.Context, tx *sql.Tx, out *[]wikirules.PageAlias) error {
	type redirect struct{ title, wiki, target string }
	var rs []redirect
	// Driven by the partial index revisions_redirect (migration 0013,
	// same expression): the redirect rows only, then their pages.
	err := eachRow(ctx, tx, `SELECT p.title, p.wiki, r.text FROM revisions r
		CROSS JOIN current_revisions c ON c.page = r.page AND c.revision = r.id
		CROSS JOIN pages p ON p.pk = r.page
		WHERE typeof(text) = 'text' AND substr(ltrim(text, char(32, 9, 10, 13)), 1, 1) = '#'
			AND p.namespace = 0
		ORDER BY p.title, p.wiki`, nil, func(rows *sql.Rows) error {
		var r redirect
		var text string
		if err := rows.Scan(&r.title, &r.wiki, &text); err != nil {
			return err
		}
		target, _, _ := strings.Cut(wikirules.RedirectTarget(text), "#")
		if r.target = strings.TrimSpace(target); r.target != "" {
			rs = append(rs, r)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, r := range rs {
		var a wikirules.PageAlias
		err := tx.QueryRowContext(ctx, `SELECT title, namespace, language, wiki FROM pages
			WHERE wiki = ? AND fold = ? ORDER BY title = ? DESC, title LIMIT 1`, r.wiki, foldTitle(r.target), r.target).
			Scan(&a.Page.Title, &a.Page.Namespace, &a.Page.Language, &a.Page.Wiki)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			continue // a redirect to a page the knowledge base does not hold
		case err != nil:
			return err
		}
		if a.Page.Title == r.title {
			continue // a redirect to itself
		}
		a.Alias = r.title
		*out = append(*out, a)
	}
	return nil
}
