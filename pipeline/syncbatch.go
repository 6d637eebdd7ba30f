package pipeline

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/mwapi"
	"github.com/wikirules/wikirules/source"
)

// batch is what one transaction of a sync reads and stores: the pages to
// bring in step (by id, and by title for pages a change names only so:
// the redirect a move leaves, a restored page), the revisions changes
// name, and the log entries to apply, in the order of the changes.
type batch struct {
	pageIDs []mwapi.ID
	titles  []string
	revids  []mwapi.ID
	logs    []mwapi.Change
}

// add takes one recent change into the batch: an edit or a new page of
// namespace ns names its revision and page; a move, a deletion, a
// restoration or a revision deletion is a log entry to apply, and names
// the pages it touches.
func (b *batch) add(ch mwapi.Change, ns int) {
	switch ch.Type {
	case "edit", "new":
		if ch.NS == ns {
			b.revids = append(b.revids, ch.RevID)
			b.pageIDs = append(b.pageIDs, ch.PageID)
		}
	case "log":
		switch ch.LogType + "/" + ch.LogAction {
		case "move/move", "move/move_redir":
			if ch.NS != ns && ch.LogParams.TargetNS != ns {
				return
			}
			b.logs = append(b.logs, ch)
			if ch.PageID != 0 {
				b.pageIDs = append(b.pageIDs, ch.PageID)
			}
			b.titles = append(b.titles, ch.LogParams.TargetTitle)
			if !ch.LogParams.SuppressRedirect && ch.NS == ns {
				b.titles = append(b.titles, ch.Title)
			}
		case "delete/delete", "delete/restore", "delete/revision":
			if ch.NS == ns {
				b.logs = append(b.logs, ch)
				if ch.LogAction == "restore" {
					b.titles = append(b.titles, ch.Title)
				}
			}
		case "import/upload", "import/interwiki", "merge/merge":
			// Revisions added to a page without an edit of their own.
			if ch.NS == ns {
				b.titles = append(b.titles, ch.Title)
			}
			if ch.LogParams.DestTitle != "" && ch.LogParams.DestNS == ns {
				b.titles = append(b.titles, ch.LogParams.DestTitle)
			}
		}
	}
}

// plan is what the reading phase of a batch found, for the writing phase
// to store in one transaction.
type plan struct {
	live    map[mwapi.ID]*mwapi.Page // pages of the namespace as the wiki has them now
	stored  map[mwapi.ID]*kb.StoredPage
	revs    []mwapi.Revision   // revisions to store, by page then time
	retire  []*kb.StoredPage   // stored pages whose title a live page takes
	gone    []*kb.StoredPage   // stored pages the wiki no longer has (deleted)
	adopt   map[mwapi.ID]int64 // live pages stored from files only, by the stored page they are
	known   int
	deleted int
}

// run reads a batch from the wiki and stores it in one transaction.
func (s *syncer) run(ctx context.Context, b *batch, phase string) error {
	p, err := s.read(ctx, b)
	if err != nil {
		return err
	}
	if err := s.write(ctx, b, p); err != nil {
		return err
	}
	if s.opt.Progress != nil {
		s.opt.Progress(SyncProgress{Phase: phase, Pages: s.sum.Pages, Revisions: s.sum.Revisions.New, Stats: s.c.Stats()})
	}
	return nil
}

// fetchPages asks fetch for the pages of keys (page ids or titles),
// mwapi.MaxRevIDs at a time: the most that one request may name.
func fetchPages[K any](ctx context.Context, keys []K, fetch func(context.Context, []K) ([]mwapi.Page, error)) ([]mwapi.Page, error) {
	var pages []mwapi.Page
	for start := 0; start < len(keys); start += mwapi.MaxRevIDs {
		got, err := fetch(ctx, keys[start:min(start+mwapi.MaxRevIDs, len(keys))])
		if err != nil {
			return nil, err
		}
		pages = append(pages, got...)
	}
	return pages, nil
}

// read is the reading phase: the pages' current titles, namespaces,
// newest revisions and interlanguage links; the histories (without text)
// of the pages whose newest revision is not stored; the text of every
// revision not stored; and which stored pages must step aside for a
// live page's title. Nothing is written.
func (s *syncer) read(ctx context.Context, b *batch) (*plan, error) {
	p := &plan{live: map[mwapi.ID]*mwapi.Page{}, stored: map[mwapi.ID]*kb.StoredPage{}, adopt: map[mwapi.ID]int64{}}
	pages, err := fetchPages(ctx, dedupIDs(b.pageIDs), s.c.Pages)
	if err != nil {
		return nil, err
	}
	byTitle, err := fetchPages(ctx, dedupStrings(b.titles), s.c.PagesByTitle)
	if err != nil {
		return nil, err
	}
	pages = append(pages, byTitle...)
	for i := range pages {
		pg := &pages[i]
		if pg.PageID == 0 {
			continue
		}
		sp, err := s.db.WikiPage(ctx, s.st.Wiki, int64(pg.PageID))
		if err != nil {
			return nil, err
		}
		if sp != nil {
			p.stored[pg.PageID] = sp
			if pg.Missing {
				p.gone = append(p.gone, sp)
			}
		}
		if !pg.Missing && (pg.NS == s.opt.Namespace || sp != nil) {
			p.live[pg.PageID] = pg
		}
	}
	want := map[mwapi.ID]bool{} // revisions to read with their text
	for _, id := range b.revids {
		want[id] = true
	}
	for _, id := range sortedIDs(p.live) {
		pg := p.live[id]
		if pg.NS != s.opt.Namespace || len(pg.Revisions) == 0 {
			continue
		}
		s.sum.Pages++
		latest := pg.Revisions[0]
		if s.opt.CurrentOnly {
			want[latest.RevID] = true
			continue
		}
		stored, err := s.db.StoredRevisions(ctx, []string{s.qualify(latest.RevID)})
		if err != nil {
			return nil, err
		}
		if stored[s.qualify(latest.RevID)] || want[latest.RevID] {
			continue
		}
		// A page's first revision has no parent: then, as when its
		// parent is stored, the newest revision is all there is to read.
		if latest.ParentID == 0 {
			want[latest.RevID] = true
			continue
		}
		if parent, err := s.db.StoredRevisions(ctx, []string{s.qualify(latest.ParentID)}); err != nil {
			return nil, err
		} else if parent[s.qualify(latest.ParentID)] {
			want[latest.RevID] = true
			continue
		}
		var since time.Time
		var keys map[string]bool
		if sp := p.stored[id]; sp != nil {
			if since, err = s.db.NewestRevision(ctx, sp.PK); err != nil {
				return nil, err
			}
		} else if tp, _, err := s.db.TitlePage(ctx, s.st.Wiki, pg.Title); err != nil {
			return nil, err
		} else if tp != nil {
			// A page stored from files: what the wiki lists with the
			// same time and SHA-1 is stored already.
			if keys, err = s.db.RevisionKeys(ctx, tp.PK); err != nil {
				return nil, err
			}
		}
		h, err := s.c.History(ctx, id, since)
		if err != nil {
			return nil, err
		}
		for _, m := range h.Revisions {
			if keys[m.Timestamp.Format(time.RFC3339)+" "+m.SHA1] {
				p.known++
				continue
			}
			want[m.RevID] = true
		}
	}
	if err := s.readTexts(ctx, p, want); err != nil {
		return nil, err
	}
	return p, s.titlePlan(ctx, p)
}

// readTexts reads the revisions want names that are not stored, with
// their text, MaxRevIDs a request.
func (s *syncer) readTexts(ctx context.Context, p *plan, want map[mwapi.ID]bool) error {
	var ids []string
	for id := range want {
		ids = append(ids, s.qualify(id))
	}
	stored, err := s.db.StoredRevisions(ctx, ids)
	if err != nil {
		return err
	}
	var fetch []mwapi.ID
	for id := range want {
		if stored[s.qualify(id)] {
			p.known++
		} else {
			fetch = append(fetch, id)
		}
	}
	sort.Slice(fetch, func(i, j int) bool { return fetch[i] < fetch[j] })
	for start := 0; start < len(fetch); start += mwapi.MaxRevIDs {
		revs, bad, err := s.c.Revisions(ctx, fetch[start:min(start+mwapi.MaxRevIDs, len(fetch))], s.site)
		if err != nil {
			return err
		}
		p.deleted += len(bad)
		for _, r := range revs {
			if pg := p.live[r.PageID]; pg == nil {
				// Its page was deleted, or is outside the namespace.
				continue
			}
			p.revs = append(p.revs, r)
		}
	}
	sort.SliceStable(p.revs, func(i, j int) bool {
		a, b := p.revs[i], p.revs[j]
		if a.PageID != b.PageID {
			return a.PageID < b.PageID
		}
		return a.Timestamp.Before(b.Timestamp)
	})
	return nil
}

// titlePlan decides, for every live page, which stored page it is and
// which stored pages step aside: a stored page holding a live page's
// title that is another page of the wiki (deleted, since the wiki lets
// no two pages share a title) or a page stored from files while the live
// page is stored already. A page read from files under the title of a
// live page not yet stored is that page (adopted).
func (s *syncer) titlePlan(ctx context.Context, p *plan) error {
	for _, id := range sortedIDs(p.live) {
		pg := p.live[id]
		holder, holderIDs, err := s.db.TitlePage(ctx, s.st.Wiki, pg.Title)
		if err != nil || holder == nil {
			if err != nil {
				return err
			}
			continue
		}
		if sp := p.stored[id]; sp != nil && sp.PK == holder.PK {
			continue
		}
		mine := false
		for _, hid := range holderIDs {
			mine = mine || mwapi.ID(hid) == id
		}
		if mine {
			continue
		}
		if len(holderIDs) == 0 && p.stored[id] == nil {
			p.adopt[id] = holder.PK
			continue
		}
		// The holder is another page of the wiki: it took another title
		// (renamed when its own change comes) or is gone.
		alive := false
		for _, hid := range holderIDs {
			if other := p.live[mwapi.ID(hid)]; other != nil && other.Title != pg.Title {
				alive = true
			} else if other == nil {
				got, err := s.c.Pages(ctx, []mwapi.ID{mwapi.ID(hid)})
				if err != nil {
					return err
				}
				if len(got) == 1 && !got[0].Missing && got[0].Title != pg.Title {
					pg := got[0]
					p.live[pg.PageID] = &pg
					p.stored[pg.PageID] = holder
					alive = true
				}
			}
		}
		if !alive {
			p.retire = append(p.retire, holder)
		}
	}
	return nil
}

// write is the writing phase of a batch: one transaction applies the log
// entries, the titles, the revisions and the sync state.
func (s *syncer) write(ctx context.Context, b *batch, p *plan) error {
	w, err := s.db.Begin(ctx)
	if err != nil {
		return err
	}
	defer w.Rollback()
	s.sum.Revisions.Known += p.known
	s.sum.Revisions.Deleted += p.deleted
	if err := s.applyDeletions(ctx, w, b); err != nil {
		return err
	}
	for _, sp := range p.gone {
		n, err := w.DeletePage(ctx, s.st.Wiki, sp.PK, -sp.PK, time.Now())
		if err != nil {
			return err
		}
		if n > 0 {
			s.sum.Deletions++
			s.sum.Revisions.Deleted += n
		}
	}
	for _, sp := range p.retire {
		n, err := w.DeletePage(ctx, s.st.Wiki, sp.PK, -sp.PK, time.Now())
		if err != nil {
			return err
		}
		s.sum.Revisions.Deleted += n
		if err := w.RetitlePage(ctx, sp.PK, kb.RetiredTitle(sp.Title, sp.PK), -1); err != nil {
			return err
		}
	}
	if err := s.retitle(ctx, w, p); err != nil {
		return err
	}
	if err := s.put(ctx, w, p); err != nil {
		return err
	}
	if err := s.applyRevisionDeletions(ctx, w, b); err != nil {
		return err
	}
	if err := s.recordMoves(ctx, w, b, p); err != nil {
		return err
	}
	if err := w.MergeFAQs(ctx, s.ex.catalog.Identify()); err != nil {
		return err
	}
	return s.commit(ctx, w)
}

// commit writes the sync state into w (a new transaction when nil) and
// commits.
func (s *syncer) commit(ctx context.Context, w *kb.Writer) error {
	if w == nil {
		var err error
		if w, err = s.db.Begin(ctx); err != nil {
			return err
		}
		defer w.Rollback()
	}
	st := s.c.Stats()
	s.st.Requests += int64(st.Requests - s.base.Requests - s.counted)
	s.counted = st.Requests - s.base.Requests
	if err := w.SetSyncState(ctx, s.st); err != nil {
		return err
	}
	res, err := w.Commit()
	if err != nil {
		return err
	}
	s.sum.Revisions.New += res.Added
	s.sum.Revisions.Known += len(res.Skipped)
	return nil
}

// retitle gives every live stored page its title on the wiki: first each
// page to rename takes a title of its own (so that pages that swap or
// chain titles never collide), then its new one.
func (s *syncer) retitle(ctx context.Context, w *kb.Writer, p *plan) error {
	type rename struct {
		pk    int64
		title string
		ns    int
	}
	var todo []rename
	for _, id := range sortedIDs(p.live) {
		sp, pg := p.stored[id], p.live[id]
		if sp == nil || (sp.Title == pg.Title && sp.Namespace == pg.NS) {
			continue
		}
		todo = append(todo, rename{sp.PK, pg.Title, pg.NS})
	}
	for _, r := range todo {
		if err := w.RetitlePage(ctx, r.pk, fmt.Sprintf("%s [moving page %d]", r.title, r.pk), -1); err != nil {
			return err
		}
	}
	for _, r := range todo {
		if err := w.RetitlePage(ctx, r.pk, r.title, r.ns); err != nil {
			return err
		}
	}
	return nil
}

// put stores the revisions read (extracted as any API revision), maps
// the wiki's page ids to the stored pages and stores their
// interlanguage links.
func (s *syncer) put(ctx context.Context, w *kb.Writer, p *plan) error {
	for _, r := range p.revs {
		rev := r.Revision
		pg := p.live[r.PageID]
		rev.Page.Title, rev.Page.Namespace = pg.Title, pg.NS
		it := kb.Item{Rev: rev}
		if !r.TextHidden {
			if len(rev.Text) > MaxRevisionBytes {
				return fmt.Errorf("sync %s: page %q revision %s: text of %d bytes is over the limit of %d",
					s.st.Wiki, rev.Page.Title, rev.ID, len(rev.Text), MaxRevisionBytes)
			}
			it.X = s.ex.Extract(ctx, &rev)
			s.sum.Records += len(it.X.Records)
			s.sum.FAQs += len(it.X.FAQs)
		}
		if err := w.Put(ctx, it); err != nil {
			return fmt.Errorf("sync %s: %w", s.st.Wiki, err)
		}
		if r.TextHidden || r.SHA1Hidden || r.UserHidden || r.CommentHidden || r.Suppressed {
			if r.TextHidden {
				s.sum.Revisions.Hidden++
			}
			if err := w.SetHidden(ctx, rev.ID, kb.Hidden{Text: r.TextHidden, SHA1: r.SHA1Hidden, User: r.UserHidden,
				Comment: r.CommentHidden, Suppressed: r.Suppressed}); err != nil {
				return err
			}
		}
	}
	for _, id := range sortedIDs(p.live) {
		pg := p.live[id]
		pk, err := w.PageKey(ctx, s.st.Wiki, pg.Title)
		if err != nil {
			return err
		}
		if pk == 0 {
			continue // a page with no revision stored (outside the namespace, or emptied)
		}
		if err := w.MapPage(ctx, s.st.Wiki, int64(id), pg.Title); err != nil {
			return err
		}
		links := map[string]string{}
		for _, l := range pg.LangLinks {
			links[l.Lang] = l.Target()
		}
		if err := w.SetLangLinks(ctx, s.st.Wiki, pg.Title, links); err != nil {
			return err
		}
	}
	return nil
}

// qualify returns the stored id of the wiki's revision id.
func (s *syncer) qualify(id mwapi.ID) string { return source.QualifyID(s.st.Wiki, id.String()) }

func sortedIDs(m map[mwapi.ID]*mwapi.Page) []mwapi.ID {
	out := make([]mwapi.ID, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func dedupIDs(ids []mwapi.ID) []mwapi.ID {
	seen := map[mwapi.ID]bool{}
	var out []mwapi.ID
	for _, id := range ids {
		if id != 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func dedupStrings(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
