package kb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// What a sync with a live wiki keeps (migration 0008_sync.sql).
//
//	wiki_syncs(wiki PK, api, sitename, language, generator, namespace,
//	           current_only, listing, listed, mark, mark_rcid, last_sync,
//	           requests)
//	    One row per wiki synced over its API: the api.php address and
//	    what siteinfo said; the namespace synced and whether only current
//	    revisions are read; while the first listing of the wiki's pages
//	    runs, listing holds its continuation (JSON) after the last batch
//	    stored, and listed is 0; mark and mark_rcid are the high-water
//	    mark, the (timestamp, rcid) of the last recent change applied
//	    (stored time form); last_sync is when the last sync ended.
//	    Written in the transaction of the batch it describes, so that a
//	    killed sync resumes after the last batch stored.
//	wiki_pages(wiki, pageid, page → pages)
//	    The wiki's page id of a stored page. A page keeps its id through a
//	    move; a page recreated after a deletion gets a new one (then
//	    two ids name the same stored page).
//	hidden_revisions(revision PK → revisions, deleted, texthidden,
//	                 sha1hidden, userhidden, commenthidden, suppressed,
//	                 logid)
//	    What the wiki hides of a stored revision: deleted when its page
//	    was deleted (visibility.go), the revision-deletion flags
//	    otherwise. A revision whose text was hidden before it was read is
//	    stored with an empty text. A revision deleted or with its text
//	    hidden is hidden from answers (visibleRevision): it is never a
//	    page's current revision, nor in its history; its row is kept.
//	page_moves(wiki, logid, timestamp, page → pages, from_title,
//	           to_title, redirect)
//	    The moves applied: the stored page took the new title with its
//	    history; the old title, when the move left a redirect, is a page
//	    of its own.
//	page_deletions(wiki, logid, timestamp, page → pages, action)
//	    The deletions and restorations applied.
//	langlinks(page → pages, lang, title)
//	    A page's interlanguage links as the wiki gave them at the last
//	    sync that read the page.

// SyncState is what the knowledge base keeps of a wiki it syncs (see
// wiki_syncs above).
type SyncState struct {
	Wiki        string    `json:"wiki"`
	API         string    `json:"api"`
	SiteName    string    `json:"sitename"`
	Language    string    `json:"language"`
	Generator   string    `json:"generator"`
	Namespace   int       `json:"namespace"`
	CurrentOnly bool      `json:"current_only"`
	Listing     string    `json:"listing,omitempty"`
	Listed      bool      `json:"listed"`
	Mark        time.Time `json:"mark"`
	MarkRCID    int64     `json:"mark_rcid"`
	LastSync    time.Time `json:"last_sync"`
	Requests    int64     `json:"requests"`
}

const syncCols = `wiki, api, sitename, language, generator, namespace, current_only, listing, listed, mark,
	mark_rcid, last_sync, requests`

func scanSync(s scanner) (*SyncState, error) {
	var st SyncState
	var mark, last string
	if err := s.Scan(&st.Wiki, &st.API, &st.SiteName, &st.Language, &st.Generator, &st.Namespace, &st.CurrentOnly,
		&st.Listing, &st.Listed, &mark, &st.MarkRCID, &last, &st.Requests); err != nil {
		return nil, err
	}
	var err error
	if mark != "" {
		if st.Mark, err = decodeTime(mark); err != nil {
			return nil, err
		}
	}
	if last != "" {
		if st.LastSync, err = decodeTime(last); err != nil {
			return nil, err
		}
	}
	return &st, nil
}

// SyncState returns the sync state of wiki, or nil when the wiki was
// never synced.
func (db *DB) SyncState(ctx context.Context, wiki string) (*SyncState, error) {
	var st *SyncState
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		st, err = scanSync(tx.QueryRowContext(ctx, `SELECT `+syncCols+` FROM wiki_syncs WHERE wiki = ?`, wiki))
		if errors.Is(err, sql.ErrNoRows) {
			st, err = nil, nil
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("kb: sync state of %s: %w", wiki, err)
	}
	return st, nil
}

// SyncStates returns the sync state of every synced wiki, by wiki name.
func (db *DB) SyncStates(ctx context.Context) ([]SyncState, error) {
	out := []SyncState{}
	err := db.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+syncCols+` FROM wiki_syncs ORDER BY wiki`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			st, err := scanSync(rows)
			if err != nil {
				return err
			}
			out = append(out, *st)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("kb: sync states: %w", err)
	}
	return out, nil
}

// SetSyncState writes the sync state of st.Wiki in the transaction.
func (w *Writer) SetSyncState(ctx context.Context, st SyncState) error {
	if w.err != nil {
		return w.err
	}
	mark, last := "", ""
	if !st.Mark.IsZero() {
		mark = encodeTime(st.Mark)
	}
	if !st.LastSync.IsZero() {
		last = encodeTime(st.LastSync)
	}
	_, err := w.tx.ExecContext(ctx, `INSERT INTO wiki_syncs (`+syncCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (wiki) DO UPDATE SET api = excluded.api, sitename = excluded.sitename, language = excluded.language,
		generator = excluded.generator, namespace = excluded.namespace, current_only = excluded.current_only,
		listing = excluded.listing, listed = excluded.listed, mark = excluded.mark, mark_rcid = excluded.mark_rcid,
		last_sync = excluded.last_sync, requests = excluded.requests`,
		st.Wiki, st.API, st.SiteName, st.Language, st.Generator, st.Namespace, boolInt(st.CurrentOnly), st.Listing,
		boolInt(st.Listed), mark, st.MarkRCID, last, st.Requests)
	if err != nil {
		return w.fail(fmt.Errorf("kb: sync state of %s: %w", st.Wiki, err))
	}
	return nil
}

// StoredPage is a stored page as a sync sees it: its key in the
// database, title and namespace.
type StoredPage struct {
	PK        int64
	Title     string
	Namespace int
}

// WikiPage returns the stored page the wiki's page id pageid names, or
// nil.
func (db *DB) WikiPage(ctx context.Context, wiki string, pageid int64) (*StoredPage, error) {
	var p *StoredPage
	err := db.read(ctx, func(tx *sql.Tx) error {
		var sp StoredPage
		err := tx.QueryRowContext(ctx, `SELECT p.pk, p.title, p.namespace FROM wiki_pages wp JOIN pages p ON p.pk = wp.page
			WHERE wp.wiki = ? AND wp.pageid = ?`, wiki, pageid).Scan(&sp.PK, &sp.Title, &sp.Namespace)
		if err == nil {
			p = &sp
		} else if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("kb: page id %d of %s: %w", pageid, wiki, err)
	}
	return p, nil
}

// TitlePage returns the stored page of wiki titled title (exactly), with
// the wiki page ids that name it (none for a page read from files), or
// nil.
func (db *DB) TitlePage(ctx context.Context, wiki, title string) (*StoredPage, []int64, error) {
	var p *StoredPage
	var ids []int64
	err := db.read(ctx, func(tx *sql.Tx) error {
		var sp StoredPage
		err := tx.QueryRowContext(ctx, `SELECT pk, title, namespace FROM pages WHERE title = ? AND wiki = ?`, title, wiki).
			Scan(&sp.PK, &sp.Title, &sp.Namespace)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		} else if err != nil {
			return err
		}
		p = &sp
		ids, err = queryColumn[int64](ctx, tx, `SELECT pageid FROM wiki_pages WHERE wiki = ? AND page = ? ORDER BY pageid`, wiki, sp.PK)
		return err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("kb: page %q of %s: %w", title, wiki, err)
	}
	return p, ids, nil
}

// StoredRevisions reports which of ids are stored (hidden ones included).
func (db *DB) StoredRevisions(ctx context.Context, ids []string) (map[string]bool, error) {
	out := map[string]bool{}
	err := db.read(ctx, func(tx *sql.Tx) error {
		for start := 0; start < len(ids); start += 500 {
			chunk := ids[start:min(start+500, len(ids))]
			args := make([]any, len(chunk))
			for i, id := range chunk {
				args[i] = id
			}
			stored, err := queryColumn[string](ctx, tx, `SELECT id FROM revisions WHERE id IN (`+placeholders(len(args))+`)`, args...)
			if err != nil {
				return err
			}
			for _, id := range stored {
				out[id] = true
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("kb: stored revisions: %w", err)
	}
	return out, nil
}

// NewestRevision returns the timestamp of the newest revision stored of
// page pk (hidden ones included), zero when it has none.
func (db *DB) NewestRevision(ctx context.Context, pk int64) (time.Time, error) {
	var t time.Time
	err := db.read(ctx, func(tx *sql.Tx) error {
		var ts sql.NullString
		if err := tx.QueryRowContext(ctx, `SELECT MAX(timestamp) FROM revisions WHERE page = ?`, pk).Scan(&ts); err != nil {
			return err
		}
		if ts.Valid {
			var err error
			t, err = decodeTime(ts.String)
			return err
		}
		return nil
	})
	if err != nil {
		return time.Time{}, fmt.Errorf("kb: newest revision of page %d: %w", pk, err)
	}
	return t, nil
}

// WikiPageIDs returns the wiki's page ids that name stored pages, in
// order.
func (db *DB) WikiPageIDs(ctx context.Context, wiki string) ([]int64, error) {
	var out []int64
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = queryColumn[int64](ctx, tx, `SELECT pageid FROM wiki_pages WHERE wiki = ? ORDER BY pageid`, wiki)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("kb: page ids of %s: %w", wiki, err)
	}
	return out, nil
}

// RevisionKeys returns "timestamp sha1" (RFC 3339 UTC, hex) of every
// revision stored of page pk: a revision the wiki lists with the same
// time and SHA-1 is stored already, whatever id it was stored under (a
// contributions dump derives ids).
func (db *DB) RevisionKeys(ctx context.Context, pk int64) (map[string]bool, error) {
	out := map[string]bool{}
	err := db.read(ctx, func(tx *sql.Tx) error {
		return eachRow(ctx, tx, `SELECT timestamp, sha1 FROM revisions WHERE page = ?`, []any{pk}, func(rows *sql.Rows) error {
			var ts, sha string
			if err := rows.Scan(&ts, &sha); err != nil {
				return err
			}
			t, err := decodeTime(ts)
			if err != nil {
				return err
			}
			out[t.Format(time.RFC3339)+" "+sha] = true
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("kb: revisions of page %d: %w", pk, err)
	}
	return out, nil
}

// PageKey returns the pk of the page of wiki titled title as the
// transaction sees it, 0 when there is none.
func (w *Writer) PageKey(ctx context.Context, wiki, title string) (int64, error) {
	if w.err != nil {
		return 0, w.err
	}
	pk, err := w.pageOf(ctx, wiki, title)
	if err != nil {
		return 0, w.fail(fmt.Errorf("kb: page %q of %s: %w", title, wiki, err))
	}
	return pk, nil
}

// storedPageOf is pageOf, with an error when there is no such page.
func (w *Writer) storedPageOf(ctx context.Context, wiki, title string) (int64, error) {
	pk, err := w.pageOf(ctx, wiki, title)
	if err == nil && pk == 0 {
		err = fmt.Errorf("no stored page %q", title)
	}
	return pk, err
}

// pageOf returns the pk of the page of wiki titled title in the
// transaction, 0 when there is none.
func (w *Writer) pageOf(ctx context.Context, wiki, title string) (int64, error) {
	var pk int64
	err := w.tx.QueryRowContext(ctx, `SELECT pk FROM pages WHERE title = ? AND wiki = ?`, title, wiki).Scan(&pk)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return pk, err
}

// MapPage records that the wiki's page id pageid names the stored page
// of wiki titled title (put in this transaction or before). It is an
// error when there is no such page.
func (w *Writer) MapPage(ctx context.Context, wiki string, pageid int64, title string) error {
	if w.err != nil {
		return w.err
	}
	pk, err := w.storedPageOf(ctx, wiki, title)
	if err == nil {
		_, err = w.tx.ExecContext(ctx, `INSERT INTO wiki_pages (wiki, pageid, page) VALUES (?, ?, ?)
			ON CONFLICT (wiki, pageid) DO UPDATE SET page = excluded.page`, wiki, pageid, pk)
	}
	if err != nil {
		return w.fail(fmt.Errorf("kb: map page id %d of %s: %w", pageid, wiki, err))
	}
	return nil
}

// SetLangLinks replaces the interlanguage links (language code → title)
// of the stored page of wiki titled title.
func (w *Writer) SetLangLinks(ctx context.Context, wiki, title string, links map[string]string) error {
	if w.err != nil {
		return w.err
	}
	pk, err := w.storedPageOf(ctx, wiki, title)
	if err == nil {
		_, err = w.tx.ExecContext(ctx, `DELETE FROM langlinks WHERE page = ?`, pk)
	}
	for lang, t := range links {
		if err == nil {
			_, err = w.tx.ExecContext(ctx, `INSERT INTO langlinks (page, lang, title) VALUES (?, ?, ?)`, pk, lang, t)
		}
	}
	if err != nil {
		return w.fail(fmt.Errorf("kb: langlinks of %q: %w", title, err))
	}
	return nil
}

// LangLinks returns the interlanguage links of the page of wiki titled
// title (language code → title; empty when none are stored).
func (db *DB) LangLinks(ctx context.Context, wiki, title string) (map[string]string, error) {
	out := map[string]string{}
	err := db.read(ctx, func(tx *sql.Tx) error {
		return eachRow(ctx, tx, `SELECT l.lang, l.title FROM langlinks l JOIN pages p ON p.pk = l.page
			WHERE p.title = ? AND p.wiki = ?`, []any{title, wiki}, func(rows *sql.Rows) error {
			var l, t string
			if err := rows.Scan(&l, &t); err != nil {
				return err
			}
			out[l] = t
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("kb: langlinks of %q: %w", title, err)
	}
	return out, nil
}
