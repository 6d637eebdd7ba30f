// Package mwapitest is a MediaWiki wiki for tests: pages with histories,
// moves, deletions, revision deletion and interlanguage links, served
// over the Action API (api.php) the way MediaWiki 1.35+ serves the
// modules a sync reads (meta=siteinfo, list=allpages, prop=revisions,
// prop=langlinks, list=recentchanges), in formatversion
// 1 and 2, with the continuation protocol at every level, and with
// faults to inject (maxlag errors, 429 and 503 with Retry-After, 500,
// replies cut mid-JSON). Serve it with net/http/httptest on the loopback
// interface.
package mwapitest

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/wikirules/wikirules"
)

// Wiki is the state of a test wiki. Its methods are safe for concurrent
// use. The zero value is not usable: make one with New.
type Wiki struct {
	mu sync.Mutex

	// SiteName, Lang and WikiID are what siteinfo says.
	SiteName, Lang, WikiID string
	// FormatVersion1 makes the server answer as a MediaWiki older than
	// 1.25 does: it ignores formatversion and answers in formatversion 1.
	FormatVersion1 bool
	// Limits cap the items of one reply; small values force
	// continuation at every level.
	Limits Limits

	pages   map[int64]*page // live pages by id
	deleted map[int64]*page // deleted pages by id (their revisions archived)
	revs    map[int64]*rev  // every revision by id, archived ones included
	rc      []change
	now     time.Time
	next    struct{ page, rev, rc, log int64 }
	faults  []Fault
	log     []Request
}

// Limits are the most items one reply holds: pages of list=allpages,
// revisions of a page's history (prop=revisions without text), revisions
// with text (the reply size limit of a revids request), interlanguage
// links, recent changes and log events.
type Limits struct {
	AllPages, History, Content, LangLinks, Changes int
}

// DefaultLimits are MediaWiki's for a client without apihighlimits.
var DefaultLimits = Limits{AllPages: 500, History: 500, Content: 50, LangLinks: 500, Changes: 500}

type page struct {
	id        int64
	ns        int
	title     string
	revs      []int64 // oldest first
	langlinks map[string]string
}

type rev struct {
	id, parent, page int64
	ts               time.Time
	user, comment    string
	minor            bool
	text             string
	textHidden       bool
}

// change is a recentchanges entry (rcid > 0) or a log entry (logid > 0).
type change struct {
	rcid, logid    int64
	typ            string // edit, new, log
	ns             int
	title          string
	pageid         int64
	revid, oldrev  int64
	ts             time.Time
	logtype, logac string
	params         map[string]any // logparams, formatversion 2 shape
}

// New returns an empty wiki named by siteinfo as sitename, in language
// lang, with database id wikiid, whose clock starts at start.
func New(sitename, lang, wikiid string, start time.Time) *Wiki {
	return &Wiki{SiteName: sitename, Lang: lang, WikiID: wikiid, Limits: DefaultLimits,
		pages: map[int64]*page{}, deleted: map[int64]*page{}, revs: map[int64]*rev{}, now: start.UTC()}
}

// tick advances the wiki's clock by a minute and returns it.
func (w *Wiki) tick() time.Time {
	w.now = w.now.Add(time.Minute)
	return w.now
}

// Now returns the wiki's clock.
func (w *Wiki) Now() time.Time {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.now
}

func (w *Wiki) byTitle(title string) *page {
	for _, p := range w.pages {
		if p.title == title {
			return p
		}
	}
	return nil
}

// Import adds revs as history older than the recent changes (they make
// no recentchanges entries): grouped by page title, each page's in
// timestamp order, given page ids and revision ids in the order of their
// first revision's timestamp, as MediaWiki numbers them. A revision with
// no timestamp is given one in a fixed order: Import must be given the
// same revisions in the same order to give the same wiki. The clock
// moves past the newest imported revision.
func (w *Wiki) Import(revs []*wikirules.Revision) {
	w.mu.Lock()
	defer w.mu.Unlock()
	type item struct {
		r  *wikirules.Revision
		ts time.Time
	}
	base := w.now.Add(-365 * 24 * time.Hour)
	items := make([]item, len(revs))
	for i, r := range revs {
		ts := r.Timestamp.UTC()
		if ts.IsZero() {
			ts = base.Add(time.Duration(i) * time.Second)
		}
		items[i] = item{r, ts}
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].ts.Before(items[j].ts) })
	for _, it := range items {
		p := w.byTitle(it.r.Page.Title)
		if p == nil {
			w.next.page++
			p = &page{id: w.next.page, ns: it.r.Page.Namespace, title: it.r.Page.Title}
			w.pages[p.id] = p
		}
		w.addRev(p, it.ts, it.r.User, it.r.Comment, it.r.Minor, it.r.Text)
		if it.ts.After(w.now) {
			w.now = it.ts
		}
	}
}

// addRev appends a revision to p and returns it.
func (w *Wiki) addRev(p *page, ts time.Time, user, comment string, minor bool, text string) *rev {
	w.next.rev++
	r := &rev{id: w.next.rev, page: p.id, ts: ts, user: user, comment: comment, minor: minor, text: text}
	if n := len(p.revs); n > 0 {
		r.parent = p.revs[n-1]
	}
	p.revs = append(p.revs, r.id)
	w.revs[r.id] = r
	return r
}

// Edit saves text as a new revision of title (creating the page in the
// main namespace when it does not exist) at the next tick of the clock,
// with a recentchanges entry ("new" or "edit"), and returns the
// revision id.
func (w *Wiki) Edit(title, text, user, comment string) int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	typ := "edit"
	p := w.byTitle(title)
	if p == nil {
		w.next.page++
		p = &page{id: w.next.page, title: title, ns: nsOf(title)}
		w.pages[p.id] = p
		typ = "new"
	}
	r := w.addRev(p, w.tick(), user, comment, false, text)
	w.next.rc++
	w.rc = append(w.rc, change{rcid: w.next.rc, typ: typ, ns: p.ns, title: p.title, pageid: p.id,
		revid: r.id, oldrev: r.parent, ts: r.ts})
	return r.id
}

// nsOf gives the namespace of a title from the canonical prefixes a test
// uses.
func nsOf(title string) int {
	for prefix, ns := range map[string]int{"User:": 2, "Template:": 10, "Plantilla:": 10, "Category:": 14} {
		if strings.HasPrefix(title, prefix) {
			return ns
		}
	}
	return 0
}

// logEntry records a log entry (and its recentchanges entry) for title.
func (w *Wiki) logEntry(typ, action string, p *page, title string, ns int, params map[string]any) {
	ts := w.tick()
	w.next.log++
	w.next.rc++
	c := change{rcid: w.next.rc, logid: w.next.log, typ: "log", ns: ns, title: title, ts: ts,
		logtype: typ, logac: action, params: params}
	if p != nil {
		c.pageid = p.id
	}
	w.rc = append(w.rc, c)
}

// Move renames page from to to, as Special:MovePage does: the page keeps
// its id and history and gains a null revision saying so; unless
// suppressRedirect, a new page at the old title redirects to the new one.
// Only the log entry reaches recentchanges, as in MediaWiki. It returns
// an error when from does not exist or to does.
func (w *Wiki) Move(from, to string, suppressRedirect bool) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	p := w.byTitle(from)
	if p == nil {
		return fmt.Errorf("move %q: no such page", from)
	}
	if w.byTitle(to) != nil {
		return fmt.Errorf("move %q: %q exists", from, to)
	}
	comment := fmt.Sprintf("Test moved page [[%s]] to [[%s]]", from, to)
	w.logEntry("move", "move", p, from, p.ns, map[string]any{"target_ns": nsOf(to), "target_title": to,
		"suppressredirect": suppressRedirect})
	p.title, p.ns = to, nsOf(to)
	last := w.revs[p.revs[len(p.revs)-1]]
	w.addRev(p, w.now, "Test", comment, true, last.text)
	if !suppressRedirect {
		w.next.page++
		rp := &page{id: w.next.page, title: from, ns: nsOf(from)}
		w.pages[rp.id] = rp
		w.addRev(rp, w.now, "Test", comment, false, "#REDIRECT [["+to+"]]")
	}
	return nil
}

// Delete deletes page title: it leaves the listing, its revisions are
// archived (a revids request names them in badrevids), its
// recentchanges entries other than log entries are removed, as
// MediaWiki removes them, and a delete/delete log entry is added.
func (w *Wiki) Delete(title string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	p := w.byTitle(title)
	if p == nil {
		return fmt.Errorf("delete %q: no such page", title)
	}
	delete(w.pages, p.id)
	w.deleted[p.id] = p
	kept := w.rc[:0]
	for _, c := range w.rc {
		if c.typ == "log" || c.pageid != p.id {
			kept = append(kept, c)
		}
	}
	w.rc = kept
	w.logEntry("delete", "delete", p, p.title, p.ns, map[string]any{})
	return nil
}

// Restore undeletes page title with its page id and history, with a
// delete/restore log entry.
func (w *Wiki) Restore(title string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for id, p := range w.deleted {
		if p.title == title && w.byTitle(title) == nil {
			delete(w.deleted, id)
			w.pages[id] = p
			w.logEntry("delete", "restore", p, p.title, p.ns, map[string]any{})
			return nil
		}
	}
	return fmt.Errorf("restore %q: no deleted page of that title", title)
}

// HideText hides the text of revision revid (revision deletion, as
// Special:RevisionDelete does), with a delete/revision log entry. It
// returns an error for the current revision of its page, whose text
// MediaWiki does not let one hide.
func (w *Wiki) HideText(revid int64) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	r := w.revs[revid]
	if r == nil {
		return fmt.Errorf("hide %d: no such revision", revid)
	}
	p := w.pages[r.page]
	if p == nil {
		return fmt.Errorf("hide %d: its page is deleted", revid)
	}
	if p.revs[len(p.revs)-1] == revid {
		return fmt.Errorf("hide %d: the current revision of %q cannot be hidden", revid, p.title)
	}
	r.textHidden = true
	w.logEntry("delete", "revision", p, p.title, p.ns, map[string]any{"type": "revision",
		"ids": []string{fmt.Sprint(revid)}, "old": visibility(0), "new": visibility(1)})
	return nil
}

// visibility is the old/new parameter of a revision-deletion log entry.
func visibility(bits int) map[string]any {
	return map[string]any{"bitmask": bits, "content": bits&1 != 0, "comment": bits&2 != 0,
		"user": bits&4 != 0, "restricted": bits&8 != 0}
}

// SetLangLinks sets the interlanguage links of page title (language code
// → title).
func (w *Wiki) SetLangLinks(title string, links map[string]string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	p := w.byTitle(title)
	if p == nil {
		return fmt.Errorf("langlinks %q: no such page", title)
	}
	p.langlinks = links
	return nil
}

// Revision is a live revision of the wiki as the tests compare it.
type Revision struct {
	ID, PageID int64
	Title      string
	Text       string
	TextHidden bool
}

// Live returns every revision of the live pages, by page title then
// revision id.
func (w *Wiki) Live() []Revision {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []Revision
	for _, p := range w.pages {
		for _, id := range p.revs {
			r := w.revs[id]
			out = append(out, Revision{ID: id, PageID: p.id, Title: p.title, Text: r.text, TextHidden: r.textHidden})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Title != out[j].Title {
			return out[i].Title < out[j].Title
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// Export returns the live revisions whose text is not hidden as
// wikirules revisions of the wiki named wiki in language lang, with the
// wiki's revision ids (unqualified: the readers qualify them), for
// writing them to a file (source.WriteAPI) and ingesting the same
// content the way files are.
func (w *Wiki) Export(wiki string) []*wikirules.Revision {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []*wikirules.Revision
	for _, p := range w.pages {
		for _, id := range p.revs {
			r := w.revs[id]
			if r.textHidden {
				continue
			}
			parent := ""
			if r.parent != 0 {
				parent = fmt.Sprint(r.parent)
			}
			out = append(out, &wikirules.Revision{Page: wikirules.Page{Title: p.title, Namespace: p.ns, Language: w.Lang, Wiki: wiki},
				ID: fmt.Sprint(id), ParentID: parent, Timestamp: r.ts, User: r.user, Comment: r.comment, Minor: r.minor,
				Text: r.text, SHA1: sha1hex(r.text), Format: wikirules.FormatAPI})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Timestamp.Before(out[j].Timestamp) })
	return out
}

func sha1hex(s string) string {
	sum := sha1.Sum([]byte(s))
	return hex.EncodeToString(sum[:])
}

// RevisionCount returns the number of revisions of live pages.
func (w *Wiki) RevisionCount() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, p := range w.pages {
		n += len(p.revs)
	}
	return n
}

// PurgeChanges forgets every recent change, as MediaWiki does with the
// changes older than $wgRCMaxAge (the log keeps them).
func (w *Wiki) PurgeChanges() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.rc = nil
}
