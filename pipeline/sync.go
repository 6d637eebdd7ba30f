package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/mwapi"
	"github.com/wikirules/wikirules/pairs"
	"github.com/wikirules/wikirules/source"
)

// SyncOptions control a sync with a live wiki (Sync). Namespace is the
// namespace read (0, the main one). CurrentOnly reads only the current
// revision of each page instead of its whole history. Since, when set,
// starts the walk of the recent changes at that time instead of the
// stored high-water mark, and on a first sync replaces the listing of
// every page (a knowledge base loaded from an export of that date). Wiki
// names the wiki in the knowledge base instead of WikiNameOf. BatchPages
// is how many pages of the listing one transaction stores (default 50).
// Progress, when set, is called after every batch stored.
type SyncOptions struct {
	Namespace   int
	CurrentOnly bool
	Since       time.Time
	Wiki        string
	BatchPages  int
	Progress    func(SyncProgress)
}

// SyncProgress is the running state of a sync: its phase ("listing" the
// pages, reading recent "changes", "reconcile" when the recent changes no
// longer reach back to the mark), pages and revisions read so far, and
// the client's counts.
type SyncProgress struct {
	Phase     string
	Pages     int
	Revisions int
	Stats     mwapi.Stats
}

// SyncSummary is what a sync did. Mode is "full" (the first listing of
// every page), "resumed" (a first listing that an earlier sync did not
// finish), "incremental" (from the high-water mark through the recent
// changes) or "reconcile" (the recent changes no longer reach back to
// the mark: every page's newest revision is compared instead). Pages
// counts the pages read; Revisions the revisions the wiki named, new to
// the knowledge base, already stored, stored with their text hidden,
// and marked deleted; Mark is the new high-water mark.
type SyncSummary struct {
	Wiki          string        `json:"wiki"`
	API           string        `json:"api"`
	Mode          string        `json:"mode"`
	Pages         int           `json:"pages"`
	Revisions     SyncRevisions `json:"revisions"`
	Moves         int           `json:"moves"`
	Deletions     int           `json:"deletions"`
	Restorations  int           `json:"restorations"`
	Records       int           `json:"records"`
	FAQs          int           `json:"faqs"`
	Requests      int           `json:"requests"`
	Content       int           `json:"content_requests"`
	Retries       int           `json:"retries"`
	MaxLagWaits   int           `json:"maxlag_waits"`
	WaitedSeconds float64       `json:"waited_seconds"`
	Bytes         int64         `json:"bytes"`
	Mark          Mark          `json:"high_water_mark"`
	Warnings      []string      `json:"warnings,omitempty"`
	Database      *kb.Stats     `json:"database,omitempty"`
}

// SyncRevisions counts revisions by what a sync did with them.
type SyncRevisions struct {
	New     int `json:"new"`
	Known   int `json:"known"`
	Hidden  int `json:"hidden"`
	Deleted int `json:"deleted"`
}

// Mark is a high-water mark: the time and id of the last recent change
// applied.
type Mark struct {
	Timestamp time.Time `json:"timestamp"`
	RCID      int64     `json:"rcid"`
}

// WikiNameOf returns the name a wiki read over the API at api takes in
// the knowledge base: for infinitythewiki.com, the names its exports and
// pages take elsewhere ("infinity-es", "infinity-en": "infinity-" and the
// content language); otherwise what source's API reader makes of
// siteinfo (its wikiid, else site name and language).
func WikiNameOf(api string, si *mwapi.SiteInfo) string {
	if u, err := url.Parse(api); err == nil && strings.TrimPrefix(u.Hostname(), "www.") == "infinitythewiki.com" && si.Lang != "" {
		return "infinity-" + strings.ToLower(si.Lang)
	}
	if si.WikiID != "" {
		return source.WikiName(si.WikiID, "")
	}
	return source.WikiName(si.SiteName, si.Lang)
}

// syncer is one Sync.
type syncer struct {
	db   *kb.DB
	c    *mwapi.Client
	opt  SyncOptions
	ex   *Extractor
	st   kb.SyncState
	site mwapi.Site
	sum  *SyncSummary
	base mwapi.Stats // the client's counts when the sync began
	// counted is how many of the requests since base the stored state
	// already counts.
	counted int
}

// Sync brings db in step with the wiki the client c reads (see
// docs/DESIGN.md, "Live wikis"). The first sync of a wiki lists every
// page of opt.Namespace (list=allpages) and reads its history (or its
// current revision), a batch of pages per transaction; the high-water
// mark is the newest recent change at its start. Later syncs read the
// recent changes since the mark: edits and new pages, moves (the page
// keeps its history under its new title), deletions and restorations
// (the page's revisions are marked deleted, never removed), revision
// deletion (a revision whose text is hidden is kept hidden from
// answers); each batch of changes is one transaction that also moves the
// mark. A revision already stored is never fetched again.
//
// Every transaction writes the sync state with what it stored, so a sync
// killed at any point resumes from what was stored, and a failed one
// leaves the knowledge base answering from its last batch. The search
// index is not touched (SyncIndex does that after).
func Sync(ctx context.Context, db *kb.DB, c *mwapi.Client, opt SyncOptions) (*SyncSummary, error) {
	if opt.BatchPages <= 0 || opt.BatchPages > mwapi.MaxRevIDs {
		opt.BatchPages = mwapi.MaxRevIDs
	}
	s := &syncer{db: db, c: c, opt: opt, ex: &Extractor{DB: db}, base: c.Stats()}
	if err := s.ex.init(ctx); err != nil {
		return nil, err
	}
	si, err := c.SiteInfo(ctx)
	if err != nil {
		return nil, err
	}
	wiki := opt.Wiki
	if wiki == "" {
		wiki = WikiNameOf(c.API, si)
	}
	s.site = mwapi.Site{Wiki: wiki, Lang: si.Lang}
	s.sum = &SyncSummary{Wiki: wiki, API: c.API}
	st, err := db.SyncState(ctx, wiki)
	if err != nil {
		return nil, err
	}
	switch {
	case st != nil && st.Namespace != opt.Namespace:
		return nil, fmt.Errorf("sync %s: the knowledge base syncs namespace %d of it, not %d", wiki, st.Namespace, opt.Namespace)
	case st != nil && st.CurrentOnly != opt.CurrentOnly && !st.Listed:
		return nil, fmt.Errorf("sync %s: its first listing was begun with -current=%v: finish it the same way", wiki, st.CurrentOnly)
	case st == nil:
		s.st = kb.SyncState{Wiki: wiki, Namespace: opt.Namespace, CurrentOnly: opt.CurrentOnly}
		s.sum.Mode = "full"
		if !opt.Since.IsZero() {
			s.st.Listed, s.st.Mark = true, opt.Since.UTC()
			s.sum.Mode = "incremental"
		} else if err := s.startMark(ctx, si); err != nil {
			return nil, err
		}
	default:
		s.st = *st
		s.sum.Mode = "incremental"
		if !st.Listed {
			s.sum.Mode = "resumed"
		} else if !opt.Since.IsZero() {
			s.st.Mark, s.st.MarkRCID = opt.Since.UTC(), 0
		}
	}
	s.st.API, s.st.SiteName, s.st.Language, s.st.Generator = c.API, si.SiteName, si.Lang, si.Generator
	s.st.CurrentOnly = opt.CurrentOnly
	if !s.st.Listed {
		if err := s.listing(ctx); err != nil {
			return nil, err
		}
	}
	if err := s.changes(ctx); err != nil {
		return nil, err
	}
	s.st.LastSync = time.Now().UTC()
	if err := s.commit(ctx, nil); err != nil {
		return nil, err
	}
	return s.finish(ctx)
}

// startMark sets the high-water mark of a first sync: the newest recent
// change before the listing starts (changes made during the listing are
// then read after it), or the server's clock when there is none.
func (s *syncer) startMark(ctx context.Context, si *mwapi.SiteInfo) error {
	ch, err := s.c.LastChange(ctx, time.Time{})
	if err != nil {
		return err
	}
	if ch != nil {
		s.st.Mark, s.st.MarkRCID = ch.Timestamp.Time, int64(ch.RCID)
	} else if !si.Time.IsZero() {
		s.st.Mark = si.Time.Time
	} else {
		s.st.Mark = time.Now().UTC()
	}
	return nil
}

// listing reads the pages of the namespace a batch at a time, from the
// stored continuation of the listing when a killed sync left one.
func (s *syncer) listing(ctx context.Context) error {
	var cont mwapi.Continue
	if s.st.Listing != "" {
		if err := json.Unmarshal([]byte(s.st.Listing), &cont); err != nil {
			return fmt.Errorf("sync %s: stored listing continuation %q: %w", s.st.Wiki, s.st.Listing, err)
		}
	}
	for n := 0; ; n++ {
		b, next, err := s.listBatch(ctx, cont)
		if err != nil {
			return err
		}
		if next == nil {
			s.st.Listing, s.st.Listed = "", true
		} else {
			buf, _ := json.Marshal(next)
			s.st.Listing = string(buf)
		}
		if err := s.run(ctx, b, "listing"); err != nil {
			return err
		}
		if next == nil {
			return nil
		}
		cont = next
	}
}

// listBatch asks for one batch of the namespace's pages from cont: a
// batch of their page ids, and the continuation (nil after the last).
func (s *syncer) listBatch(ctx context.Context, cont mwapi.Continue) (*batch, mwapi.Continue, error) {
	refs, next, err := s.c.AllPages(ctx, s.opt.Namespace, s.opt.BatchPages, cont)
	if err != nil {
		return nil, nil, err
	}
	b := &batch{}
	for _, r := range refs {
		b.pageIDs = append(b.pageIDs, r.PageID)
	}
	return b, next, nil
}

// changes reads the recent changes since the mark, a batch per reply;
// when they no longer reach back to it, reconcile instead.
func (s *syncer) changes(ctx context.Context) error {
	before, err := s.c.LastChange(ctx, s.st.Mark)
	if err != nil {
		return err
	}
	if before == nil {
		return s.reconcile(ctx)
	}
	var cont mwapi.Continue
	start := s.st.Mark
	for {
		cs, next, err := s.c.RecentChanges(ctx, start, cont)
		if err != nil {
			return err
		}
		b := &batch{}
		for _, ch := range cs {
			if !after(ch, s.st.Mark, s.st.MarkRCID) {
				continue
			}
			b.add(ch, s.opt.Namespace)
			s.st.Mark, s.st.MarkRCID = ch.Timestamp.Time, int64(ch.RCID)
		}
		if len(b.pageIDs)+len(b.titles)+len(b.logs)+len(b.revids) > 0 {
			if err := s.run(ctx, b, "changes"); err != nil {
				return err
			}
		}
		if next == nil {
			return nil
		}
		cont = next
	}
}

// after reports whether ch comes after the mark (ts, rcid) in the order
// of the recent changes.
func after(ch mwapi.Change, ts time.Time, rcid int64) bool {
	if t := ch.Timestamp.Time; !t.Equal(ts) {
		return t.After(ts)
	}
	return int64(ch.RCID) > rcid
}

// reconcile compares every page of the namespace with what is stored
// (its newest revision, title and namespace), and looks up the stored
// pages the listing no longer holds (deleted, or moved out of the
// namespace): what a sync does when the recent changes no longer reach
// back to its mark. The new mark is the newest recent change at its
// start.
func (s *syncer) reconcile(ctx context.Context) error {
	s.sum.Mode = "reconcile"
	s.sum.Warnings = append(s.sum.Warnings, fmt.Sprintf("the wiki's recent changes no longer reach back to %s: every page was compared instead",
		s.st.Mark.Format(time.RFC3339)))
	mark := kb.SyncState{}
	ch, err := s.c.LastChange(ctx, time.Time{})
	if err != nil {
		return err
	}
	if ch != nil {
		mark.Mark, mark.MarkRCID = ch.Timestamp.Time, int64(ch.RCID)
	} else {
		mark.Mark, mark.MarkRCID = s.st.Mark, s.st.MarkRCID
	}
	stored, err := s.db.WikiPageIDs(ctx, s.st.Wiki)
	if err != nil {
		return err
	}
	listed := map[mwapi.ID]bool{}
	var cont mwapi.Continue
	for n := 0; n == 0 || cont != nil; n++ {
		b, next, err := s.listBatch(ctx, cont)
		if err != nil {
			return err
		}
		for _, id := range b.pageIDs {
			listed[id] = true
		}
		if err := s.run(ctx, b, "reconcile"); err != nil {
			return err
		}
		cont = next
	}
	b := &batch{}
	for _, id := range stored {
		if !listed[mwapi.ID(id)] {
			b.pageIDs = append(b.pageIDs, mwapi.ID(id))
		}
	}
	for len(b.pageIDs) > 0 {
		n := min(len(b.pageIDs), mwapi.MaxRevIDs)
		part := &batch{pageIDs: b.pageIDs[:n]}
		b.pageIDs = b.pageIDs[n:]
		if err := s.run(ctx, part, "reconcile"); err != nil {
			return err
		}
	}
	s.st.Mark, s.st.MarkRCID = mark.Mark, mark.MarkRCID
	return nil
}

// finish fills the summary's totals.
func (s *syncer) finish(ctx context.Context) (*SyncSummary, error) {
	st := s.c.Stats()
	s.sum.Requests = st.Requests - s.base.Requests
	s.sum.Content = st.Content - s.base.Content
	s.sum.Retries = st.Retries - s.base.Retries
	s.sum.MaxLagWaits = st.MaxLagWaits - s.base.MaxLagWaits
	s.sum.WaitedSeconds = (st.Waited - s.base.Waited).Seconds()
	s.sum.Bytes = st.Bytes - s.base.Bytes
	s.sum.Mark = Mark{Timestamp: s.st.Mark, RCID: s.st.MarkRCID}
	if err := pairs.Store(ctx, s.db); err != nil {
		return nil, err
	}
	dbst, err := s.db.Stats(ctx)
	if err != nil {
		return nil, err
	}
	s.sum.Database = &dbst
	return s.sum, nil
}
