package kb

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/wikirules/wikirules"
)

// Item is one revision to store, with what the extractor made of it
// (X may be nil: the revision is then stored without records).
type Item struct {
	Rev wikirules.Revision
	X   *wikirules.Extraction

	prep *prepared // see Prepare
}

// PutResult says what a Put stored.
type PutResult struct {
	Added       int      `json:"added"`       // revisions stored
	Skipped     []string `json:"skipped"`     // revision ids already stored (or repeated in the batch, or stored under another id)
	Conflicts   []string `json:"conflicts"`   // skipped ids whose stored text differs from the given one
	Held        []string `json:"held"`        // skipped ids of a rendered copy with another text that adds nothing to the stored one (merged before)
	Elsewhere   []string `json:"elsewhere"`   // skipped ids stored under another title of the wiki (a revision belongs to one page)
	Records     int      `json:"records"`     // records stored
	Contents    int      `json:"contents"`    // record contents new to the store (the rest are shared)
	FAQs        int      `json:"faqs"`        // FAQs new to the store
	Occurrences int      `json:"occurrences"` // FAQ occurrences stored
}

// Put stores a batch of revisions with their extractions in one
// transaction: either every item is stored or, on error, none is. It is
// Begin, a Writer.Put per item and Commit.
//
// A revision whose ID is already stored is skipped and listed in
// PutResult.Skipped (also in Conflicts when its stored text differs; two
// rendered copies of one revision are merged, whichever comes first:
// merge.go), so putting the same batch twice leaves the database as the
// first put did;
// so is one stored under another ID with the same page, timestamp and text
// (the same revision from another source: a contributions dump derives
// ids, an export has MediaWiki's).
// A record with no Page or RevisionID gets its revision's; one naming
// another page or revision is an error, as is a record ID repeated within
// a revision. Records take the timestamp of their revision. FAQs are merged
// by FAQ.ID (FAQID of its type, title, version and question when empty):
// one row per distinct FAQ holding the content of its newest occurrence,
// plus one occurrence row per (revision, FAQ) shown. Errors name the item
// index, page and revision.
func (db *DB) Put(ctx context.Context, batch []Item) (PutResult, error) {
	w, err := db.Begin(ctx)
	if err != nil {
		return PutResult{}, err
	}
	defer w.Rollback()
	for _, it := range batch {
		if err := w.Put(ctx, it); err != nil {
			return PutResult{}, err
		}
	}
	return w.Commit()
}

// statementContext is the context of the short statements that store one
// item: ctx without its cancellation, which the callers check before each
// item. With a context that can be cancelled, the SQLite driver starts a
// goroutine and sets a progress handler for every statement to interrupt
// it (modernc.org/sqlite, interruptOnDone): about 2 % of an ingest's CPU
// at some 15 statements per revision. The flushes of the search rows,
// which can run for seconds, keep ctx.
func statementContext(ctx context.Context) context.Context { return context.WithoutCancel(ctx) }

// writer holds the statements of one Writer, prepared once per transaction.
type writer struct {
	tx    *sql.Tx
	pages map[[2]string]int64 // (wiki, title) → pages.pk, cache

	page, pageGet, rev, sameText, revPage, twin, record, contentGet, contentIns, search *sql.Stmt
	faqGet, faqIns, faqUpd, faqSrc, relDel, relIns, occ, cat, unk                       *sql.Stmt
	cur, faqCur                                                                         *sql.Stmt
	all                                                                                 []*sql.Stmt

	contents    map[int64]map[string]int64 // page pk → content digest → record_contents.pk, cache
	newest      map[int64]revKey           // page pk → newest revision stored since the last flush (syncCurrent)
	faqNew      map[int64]*faqSummary      // FAQ pk → summary of its occurrences stored since the last flush (syncFAQs)
	faqs        map[string]faqState        // FAQ id → what is stored of it, cache
	ids         map[string]bool            // record ids of the revision being put
	refs        [][6]any                   // its revision_records list
	pendingRows int                        // rows written to temp.search_pending since the last flush
	refresh     map[int64]bool             // pages whose stored revision a second copy merged into (mergeCopy)
	dropped     []int64                    // record contents of a copy replaced by the item being put (dropCopy, dropUnused)
}

// contentCachePages bounds the pages whose record content digests the
// writer holds (an export holds a page's revisions together, so the cache
// mostly serves the page being read); a page's digests are read from the
// database at its first record.
const contentCachePages = 64

// newWriter prepares the write statements in tx.
func newWriter(ctx context.Context, tx *sql.Tx) (*writer, error) {
	w := &writer{tx: tx, pages: map[[2]string]int64{}, contents: map[int64]map[string]int64{},
		newest: map[int64]revKey{}, faqNew: map[int64]*faqSummary{},
		faqs: map[string]faqState{}, ids: map[string]bool{}}
	if _, err := tx.ExecContext(ctx, `CREATE TEMP TABLE IF NOT EXISTS search_pending
		(rowid INTEGER PRIMARY KEY, page TEXT, title TEXT, body TEXT)`); err != nil {
		return nil, fmt.Errorf("search_pending: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM temp.search_pending`); err != nil {
		return nil, fmt.Errorf("search_pending: %w", err)
	}
	for _, p := range []struct {
		s   **sql.Stmt
		sql string
	}{
		{&w.page, `INSERT INTO pages (title, fold, namespace, language, wiki) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (wiki, title) DO NOTHING RETURNING pk`},
		{&w.pageGet, `SELECT pk FROM pages WHERE wiki = ? AND title = ?`},
		{&w.rev, `INSERT INTO revisions (id, page, parent, timestamp, inferred, user, comment, minor, sha1,
			format, origin, text, extracted, page_editions, links, layout, diagnostics)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`},
		{&w.sameText, `SELECT page, text FROM revisions WHERE id = ?`},
		{&w.revPage, `SELECT page FROM revisions WHERE id = ?`},
		{&w.twin, `SELECT id, text FROM revisions WHERE page = ? AND timestamp = ? AND id != ?`},
		{&w.record, `INSERT INTO revision_records (revision, count, records) VALUES (?, ?, ?)`},
		{&w.contentGet, `SELECT digest, pk FROM record_contents WHERE page = ?`},
		{&w.contentIns, `INSERT INTO record_contents (page, digest, section, kind, ordinal, depth, editions, version,
			superseded, title, links, notes, skill, fields, template, text, plain)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`},
		{&w.search, `INSERT OR REPLACE INTO temp.search_pending (rowid, page, title, body) VALUES (?, ?, ?, ?)`},
		{&w.faqGet, `SELECT f.pk, r.timestamp, r.id, f.digest FROM faqs f JOIN revisions r ON r.id = f.source WHERE f.id = ?`},
		{&w.faqIns, `INSERT INTO faqs (id, type, title, version, question, answer, editions, digest, source, removed)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`},
		{&w.faqUpd, `UPDATE faqs SET type = ?, title = ?, version = ?, question = ?, answer = ?, editions = ?,
			digest = ?, source = ?, removed = ? WHERE pk = ?`},
		{&w.faqSrc, `UPDATE faqs SET source = ? WHERE pk = ?`},
		{&w.relDel, `DELETE FROM faq_related WHERE faq = ?`},
		{&w.relIns, `INSERT INTO faq_related (faq, seq, title, fold) VALUES (?, ?, ?, ?)`},
		{&w.occ, `INSERT INTO faq_occurrences (revision, seq, faq) VALUES (?, ?, ?)`},
		{&w.cat, `INSERT INTO categories (revision, seq, name) VALUES (?, ?, ?)`},
		{&w.unk, `INSERT INTO unknown_templates (revision, name, count) VALUES (?, ?, ?)`},
		{&w.cur, currentRevisionUpsert},
		{&w.faqCur, faqSummaryUpsert},
	} {
		s, err := tx.PrepareContext(ctx, p.sql)
		if err != nil {
			w.close()
			return nil, fmt.Errorf("prepare %q: %w", strings.Fields(p.sql)[:3], err)
		}
		*p.s = s
		w.all = append(w.all, s)
	}
	return w, nil
}

// flushSearch moves the search rows collected in temp.search_pending into
// the search table with one statement each for deletes and inserts. FTS5
// flushes its pending index data at every statement savepoint once it is
// part of a transaction, so writing it row by row among the other inserts
// would write one tiny index segment per row. search_current follows
// (syncCurrent).
func (w *writer) flushSearch(ctx context.Context) error {
	if err := w.flushFAQSources(ctx); err != nil {
		return err
	}
	if _, err := w.tx.ExecContext(ctx, `DELETE FROM search WHERE rowid IN
		(SELECT rowid FROM temp.search_pending WHERE rowid < 0)`); err != nil {
		return fmt.Errorf("search: replace faq rows: %w", err)
	}
	// A record's row has a NULL body (putRecord): it is made from the
	// record, which the same transaction wrote.
	if _, err := w.tx.ExecContext(ctx, `INSERT INTO search (rowid, page, title, body)
		SELECT t.rowid, t.page, t.title, COALESCE(t.body, `+recordSearchBodySQL+`)
		FROM temp.search_pending t LEFT JOIN record_contents rec ON rec.pk = t.rowid AND t.body IS NULL
		ORDER BY t.rowid`); err != nil {
		return fmt.Errorf("search: insert rows: %w", err)
	}
	if err := w.syncCurrent(ctx); err != nil {
		return err
	}
	if _, err := w.tx.ExecContext(ctx, `DELETE FROM temp.search_pending`); err != nil {
		return fmt.Errorf("search: clear pending rows: %w", err)
	}
	w.pendingRows = 0
	return nil
}

// close releases the prepared statements.
func (w *writer) close() {
	for _, s := range w.all {
		s.Close()
	}
	w.all = nil
}

// pageKey returns the pk of the page, inserting it on first sight.
func (w *writer) pageKey(ctx context.Context, p wikirules.Page) (int64, error) {
	key := [2]string{p.Wiki, p.Title}
	if pk, ok := w.pages[key]; ok {
		return pk, nil
	}
	// A stored page is looked up, not written again: re-ingesting it
	// changes no row (Writer.Commit).
	var pk int64
	err := w.page.QueryRowContext(ctx, p.Title, foldTitle(p.Title), p.Namespace, p.Language, p.Wiki).Scan(&pk)
	if err == sql.ErrNoRows {
		err = w.pageGet.QueryRowContext(ctx, p.Wiki, p.Title).Scan(&pk)
	}
	if err != nil {
		return 0, fmt.Errorf("page: %w", err)
	}
	w.pages[key] = pk
	return pk, nil
}

// storedPage returns the pk of the page, or 0 when it is not stored.
func (w *writer) storedPage(ctx context.Context, p wikirules.Page) (int64, error) {
	key := [2]string{p.Wiki, p.Title}
	if pk, ok := w.pages[key]; ok {
		return pk, nil
	}
	var pk int64
	switch err := w.pageGet.QueryRowContext(ctx, p.Wiki, p.Title).Scan(&pk); {
	case err == sql.ErrNoRows:
		return 0, nil
	case err != nil:
		return 0, fmt.Errorf("page: %w", err)
	}
	w.pages[key] = pk
	return pk, nil
}

// put stores one item (see Put).
func (w *writer) put(ctx context.Context, it *Item, res *PutResult) error {
	rev := &it.Rev
	if rev.ID == "" {
		return fmt.Errorf("revision without id")
	}
	if strings.TrimSpace(rev.Page.Title) == "" {
		return fmt.Errorf("revision without page title")
	}
	// A revision belongs to one page (MediaWiki keeps a moved page's
	// revisions under its new title): one stored under another title of
	// the wiki is skipped, and no page is made for its title.
	pk, err := w.storedPage(ctx, rev.Page)
	if err != nil {
		return err
	}
	if pk == 0 {
		var other int64
		switch err := w.revPage.QueryRowContext(ctx, rev.ID).Scan(&other); {
		case err == nil:
			res.Skipped = append(res.Skipped, rev.ID)
			res.Elsewhere = append(res.Elsewhere, rev.ID)
			return nil
		case err != sql.ErrNoRows:
			return fmt.Errorf("revision: %w", err)
		}
		if pk, err = w.pageKey(ctx, rev.Page); err != nil {
			return err
		}
	}
	if from := rev.RedirectedFrom; from != "" && from != rev.Page.Title {
		if _, err := w.tx.ExecContext(ctx, `INSERT INTO redirect_aliases (wiki, title, fold, target) VALUES (?, ?, ?, ?)
			ON CONFLICT (wiki, title) DO UPDATE SET fold = excluded.fold, target = excluded.target
			WHERE fold IS NOT excluded.fold OR target IS NOT excluded.target`,
			rev.Page.Wiki, from, foldTitle(from), pk); err != nil {
			return fmt.Errorf("redirect %q: %w", from, err)
		}
	}
	x := it.X
	if x == nil {
		x = &wikirules.Extraction{}
	}
	p := it.prep
	if !p.of(rev.Text, x) {
		if p, err = prepare(rev.Text, x); err != nil {
			return err
		}
	}
	ts := encodeTime(rev.Timestamp)
	// The same revision read from another source under another id (a
	// contributions dump's derived id, an export's native one) is already
	// stored: a revision is its page, timestamp and text.
	if twin, err := w.storedTwin(ctx, pk, ts, rev); err != nil {
		return fmt.Errorf("revision: %w", err)
	} else if twin != "" {
		res.Skipped = append(res.Skipped, rev.ID)
		return nil
	}
	r, err := w.rev.ExecContext(ctx, rev.ID, pk, rev.ParentID, ts, boolInt(rev.TimestampInferred), rev.User,
		rev.Comment, boolInt(rev.Minor), rev.SHA1, string(rev.Format), rev.Origin, p.text, boolInt(it.X != nil),
		int(x.PageEditions), p.links, p.layout, p.diags)
	if err != nil {
		return fmt.Errorf("revision: %w", err)
	}
	if n, err := r.RowsAffected(); err != nil {
		return fmt.Errorf("revision: %w", err)
	} else if n == 0 {
		res.Skipped = append(res.Skipped, rev.ID)
		var stored any
		var page int64
		if err := w.sameText.QueryRowContext(ctx, rev.ID).Scan(&page, &stored); err != nil {
			return fmt.Errorf("compare stored text: %w", err)
		}
		if page != pk {
			res.Elsewhere = append(res.Elsewhere, rev.ID)
			return nil
		}
		text, err := decodeText(stored)
		if err != nil {
			return fmt.Errorf("compare stored text: %w", err)
		}
		if text == rev.Text {
			return nil
		}
		replace, merged, held, err := w.mergeCopy(ctx, pk, rev, text, x, it.X != nil, p)
		if held {
			res.Held = append(res.Held, rev.ID)
		} else {
			res.Conflicts = append(res.Conflicts, rev.ID)
		}
		if err != nil || !replace {
			return err
		}
		ts = merged
	} else {
		res.Added++
	}
	if k := (revKey{ts, rev.ID}); w.newest[pk].less(k) {
		w.newest[pk] = k
	}
	if it.X == nil {
		return w.dropUnused(ctx, pk)
	}
	clear(w.ids)
	w.refs = w.refs[:0]
	for i := range x.Records {
		if err := w.putRecord(ctx, rev, pk, i, &x.Records[i], &p.contents[i], res); err != nil {
			return err
		}
		res.Records++
	}
	if len(w.refs) > 0 {
		list, err := json.Marshal(w.refs)
		if err != nil {
			return fmt.Errorf("records: %w", err)
		}
		if _, err := w.record.ExecContext(ctx, rev.ID, len(w.refs), list); err != nil {
			return fmt.Errorf("records: %w", err)
		}
	}
	for i := range x.FAQs {
		added, err := w.putFAQ(ctx, rev, i, &x.FAQs[i])
		if err != nil {
			return fmt.Errorf("faq %d: %w", i, err)
		}
		if added {
			res.FAQs++
		}
		res.Occurrences++
	}
	for i, c := range x.Categories {
		if _, err := w.cat.ExecContext(ctx, rev.ID, i, c); err != nil {
			return fmt.Errorf("category %q: %w", c, err)
		}
	}
	for _, name := range wikirules.SortedKeys(x.Unknown) {
		if _, err := w.unk.ExecContext(ctx, rev.ID, name, x.Unknown[name]); err != nil {
			return fmt.Errorf("unknown template %q: %w", name, err)
		}
	}
	return w.dropUnused(ctx, pk)
}

// putRecord stores the seq-th record of rev (of page pk): its entry in
// the revision's revision_records list (w.refs, written by put), pointing
// at its content in record_contents, which is stored (with its search
// row) only when the page has no such content yet (see newContent).
func (w *writer) putRecord(ctx context.Context, rev *wikirules.Revision, page int64, seq int, rec *wikirules.Record, c *content, res *PutResult) error {
	where := func(err error) error { return fmt.Errorf("record %d (%s): %w", seq, rec.ID, err) }
	if rec.Page != "" && rec.Page != rev.Page.Title {
		return where(fmt.Errorf("record names page %q", rec.Page))
	}
	if rec.RevisionID != "" && rec.RevisionID != rev.ID {
		return where(fmt.Errorf("record names revision %s", rec.RevisionID))
	}
	if !rec.Timestamp.IsZero() && !rec.Timestamp.Equal(rev.Timestamp) {
		return where(fmt.Errorf("record timestamp %s is not its revision's %s", rec.Timestamp, rev.Timestamp))
	}
	if rec.ID == "" {
		return where(fmt.Errorf("record without id"))
	}
	if w.ids[rec.ID] {
		return where(fmt.Errorf("record id repeated in the revision"))
	}
	w.ids[rec.ID] = true
	if c.err != nil {
		return where(c.err)
	}
	content, err := w.contentKey(ctx, rev, page, rec, c, res)
	if err != nil {
		return where(err)
	}
	w.refs = append(w.refs, [6]any{content, rec.ID, rec.Span.Start, rec.Span.End, rec.SupersededBy, rec.Alternative})
	return nil
}

// contentKey returns the pk of the content c of rec on page, storing it
// and its search row when the page has none with c's digest.
func (w *writer) contentKey(ctx context.Context, rev *wikirules.Revision, page int64, rec *wikirules.Record, c *content, res *PutResult) (int64, error) {
	known, err := w.pageContents(ctx, page)
	if err != nil {
		return 0, err
	}
	if pk, ok := known[c.digest]; ok {
		return pk, nil
	}
	r, err := w.contentIns.ExecContext(ctx, page, c.digest, c.section, string(rec.Kind), rec.Ordinal, rec.Depth,
		int(rec.Editions), rec.Version, boolInt(rec.Superseded), rec.Title, c.links, c.notes, c.skill, c.fields,
		rec.Template, rec.Text, rec.Plain)
	if err != nil {
		return 0, fmt.Errorf("content: %w", err)
	}
	pk, err := r.LastInsertId()
	if err != nil {
		return 0, fmt.Errorf("content: %w", err)
	}
	known[c.digest] = pk
	res.Contents++
	// The body (recordSearchBody) is left NULL: flushSearch rebuilds it
	// from the content's plain and notes columns instead of copying the
	// text once more through temp.search_pending. Notes that would not
	// survive the JSON round trip (invalid UTF-8) keep their body here.
	var body any
	if !notesRoundTrip(rec.Notes) {
		body = recordSearchBody(rec)
	}
	if _, err := w.search.ExecContext(ctx, pk, rev.Page.Title, c.searchTitle, body); err != nil {
		return 0, fmt.Errorf("search row: %w", err)
	}
	w.pendingRows++
	return pk, nil
}

// pageContents returns the digests of the record contents stored for page
// (digest → pk), read once from the database and then kept up to date.
func (w *writer) pageContents(ctx context.Context, page int64) (map[string]int64, error) {
	if known := w.contents[page]; known != nil {
		return known, nil
	}
	if len(w.contents) >= contentCachePages {
		clear(w.contents)
	}
	known := map[string]int64{}
	rows, err := w.contentGet.QueryContext(ctx, page)
	if err != nil {
		return nil, fmt.Errorf("contents of page %d: %w", page, err)
	}
	defer rows.Close()
	for rows.Next() {
		var digest string
		var pk int64
		if err := rows.Scan(&digest, &pk); err != nil {
			return nil, fmt.Errorf("contents of page %d: %w", page, err)
		}
		known[digest] = pk
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("contents of page %d: %w", page, err)
	}
	w.contents[page] = known
	return known, nil
}

// recordSearchBody is what the body column of the search table holds for
// a record: its plain text, then each note on a line of its own. The SQL
// expression recordSearchBodySQL computes the same from the record_contents row.
func recordSearchBody(rec *wikirules.Record) string {
	if len(rec.Notes) == 0 {
		return rec.Plain
	}
	return rec.Plain + "\n" + strings.Join(rec.Notes, "\n")
}

// recordSearchBodySQL is recordSearchBody over the record_contents row rec (notes
// as encodeJSON wrote them: "" for none, else a JSON array of strings).
const recordSearchBodySQL = `rec.plain || CASE WHEN rec.notes = '' THEN '' ELSE char(10) ||
	(SELECT group_concat(n.value, char(10) ORDER BY n.key) FROM json_each(rec.notes) n) END`

// notesRoundTrip reports whether notes read back from their JSON encoding
// are the same strings: json.Marshal replaces invalid UTF-8.
func notesRoundTrip(notes []string) bool {
	for _, n := range notes {
		if !utf8.ValidString(n) {
			return false
		}
	}
	return true
}

// recordSearchTitle is what the title column of the search table holds for
// a record: its title, skill name and type, labels and section path.
func recordSearchTitle(rec *wikirules.Record) string {
	parts := []string{rec.Title}
	if s := rec.Skill; s != nil {
		parts = append(parts, s.Name, s.Type, strings.Join(s.Labels, ", "))
	}
	parts = append(parts, rec.Section...)
	return strings.Join(parts, " · ")
}

// putFAQ stores the seq-th FAQ shown in rev: the FAQ itself when its ID is
// new (added reports that), its content when rev is newer than the
// occurrence the stored content came from, and the occurrence.
func (w *writer) putFAQ(ctx context.Context, rev *wikirules.Revision, seq int, f *wikirules.FAQ) (added bool, err error) {
	id := f.ID
	if id == "" {
		id = wikirules.FAQID(f.Type, f.Title, f.Version, f.Question)
	}
	ts := encodeTime(rev.Timestamp)
	st, known := w.faqs[id]
	if !known {
		switch err := w.faqGet.QueryRowContext(ctx, id).Scan(&st.pk, &st.srcTS, &st.srcID, &st.digest); {
		case err == nil:
			known = true
		case err != sql.ErrNoRows:
			return false, err
		}
	}
	newer := ts > st.srcTS || (ts == st.srcTS && rev.ID > st.srcID)
	if known && newer && len(f.Related) == 0 && renderedFormat(rev.Format) {
		// A rendered page does not always show an FAQ's related pages
		// ("Páginas:"): its newer occurrence keeps the stored ones.
		related, err := w.faqRelated(ctx, st.pk)
		if err != nil {
			return false, err
		}
		g := *f
		g.Related = related
		f = &g
	}
	newDigest := faqDigest(f)
	switch {
	case !known:
		r, err := w.faqIns.ExecContext(ctx, id, f.Type, f.Title, f.Version, f.Question, f.Answer, int(f.Editions), newDigest, rev.ID, f.Removed)
		if err != nil {
			return false, err
		}
		pk, err := r.LastInsertId()
		if err != nil {
			return false, err
		}
		if err := w.faqContent(ctx, pk, f, false); err != nil {
			return false, err
		}
		added = true
		st = faqState{pk: pk, srcTS: ts, srcID: rev.ID, digest: newDigest}
	case newer && st.digest == newDigest:
		// The same content shown in a newer revision: only the source
		// moves, written once per FAQ at the next flush (flushFAQSources)
		// instead of once per occurrence.
		st.srcTS, st.srcID, st.dirty = ts, rev.ID, true
	case newer:
		if _, err := w.faqUpd.ExecContext(ctx, f.Type, f.Title, f.Version, f.Question, f.Answer, int(f.Editions), newDigest, rev.ID, f.Removed, st.pk); err != nil {
			return false, err
		}
		if err := w.faqContent(ctx, st.pk, f, true); err != nil {
			return false, err
		}
		st = faqState{pk: st.pk, srcTS: ts, srcID: rev.ID, digest: newDigest}
	}
	if _, err := w.occ.ExecContext(ctx, rev.ID, seq, st.pk); err != nil {
		return false, fmt.Errorf("occurrence: %w", err)
	}
	w.faqNew[st.pk] = w.faqNew[st.pk].add(ts+" "+rev.ID, rev.Page.Title)
	if len(w.faqs) >= faqCacheSize {
		if err := w.flushFAQSources(ctx); err != nil {
			return false, err
		}
		clear(w.faqs)
	}
	w.faqs[id] = st
	return added, nil
}

// flushFAQSources writes the source revision of every cached FAQ whose
// source moved since it was written (faqState.dirty). It runs before the
// cache is cleared and at every search flush, so faqs.source is exact
// whenever the writer reads it back (faqGet, after a cache miss) and at
// the commit.
func (w *writer) flushFAQSources(ctx context.Context) error {
	for id, st := range w.faqs {
		if !st.dirty {
			continue
		}
		if _, err := w.faqSrc.ExecContext(ctx, st.srcID, st.pk); err != nil {
			return fmt.Errorf("faq %s: source: %w", id, err)
		}
		st.dirty = false
		w.faqs[id] = st
	}
	return nil
}

// faqState is what the writer knows of a stored FAQ: its pk, the
// revision (timestamp and id) its content comes from and its digest;
// dirty when that revision is newer than the one faqs.source holds.
type faqState struct {
	pk                   int64
	srcTS, srcID, digest string
	dirty                bool
}

// faqCacheSize bounds the FAQs whose faqState the writer holds.
var faqCacheSize = 1 << 14 // a variable so that a test can force evictions

// faqContent (re)writes the related pages and the search row of FAQ pk.
func (w *writer) faqContent(ctx context.Context, pk int64, f *wikirules.FAQ, replace bool) error {
	if replace {
		if _, err := w.relDel.ExecContext(ctx, pk); err != nil {
			return err
		}
	}
	for i, t := range f.Related {
		if _, err := w.relIns.ExecContext(ctx, pk, i, t, foldTitle(t)); err != nil {
			return fmt.Errorf("related %q: %w", t, err)
		}
	}
	title := strings.TrimSpace(f.Title + " " + f.Version)
	if _, err := w.search.ExecContext(ctx, -pk, strings.Join(f.Related, " · "), title, f.Question+"\n"+f.Answer); err != nil {
		return fmt.Errorf("search row: %w", err)
	}
	w.pendingRows++
	return nil
}

// faqDigest is the SHA-256 of the stored content of an FAQ, to tell a
// repeated occurrence from a changed one.
func faqDigest(f *wikirules.FAQ) string {
	h := sha256.New()
	for _, s := range append([]string{f.Type, f.Title, f.Version, f.Question, f.Answer, f.Editions.String()}, f.Related...) {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	// Removed counts only when set, so an entry in force keeps the digest
	// it had before withdrawals were stored.
	if f.Removed != "" {
		h.Write([]byte("removed\x00" + f.Removed))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// firstErr returns the first non-nil error.
func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// storedTwin returns the id of a stored revision of the page pk with the
// timestamp ts (stored form) and rev's text under an id other than
// rev.ID, one of the two ids being derived (wikirules.IsDerivedRevisionID),
// or "" when there is none. A revision is known by its native id, or by page +
// timestamp + content hash: a
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
