package mwapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// General is meta=siteinfo's siprop=general: the site's name, content
// language, database id (wikiid), software version (generator,
// "MediaWiki 1.39.3"), server, script and article paths, and the
// server's clock.
type General struct {
	SiteName    string    `json:"sitename"`
	Lang        string    `json:"lang"`
	WikiID      string    `json:"wikiid"`
	Generator   string    `json:"generator"`
	Server      string    `json:"server"`
	ScriptPath  string    `json:"scriptpath"`
	ArticlePath string    `json:"articlepath"`
	Time        Timestamp `json:"time"`
}

// Namespace is one entry of siprop=namespaces: its number, local name
// ("Plantilla"), canonical name ("Template") and whether it holds
// content.
type Namespace struct {
	ID        int
	Name      string
	Canonical string
	Content   bool
}

type rawNS struct {
	ID        int    `json:"id"`
	Name      string `json:"name"` // formatversion 2
	Star      string `json:"*"`    // formatversion 1
	Canonical string `json:"canonical"`
	Content   Flag   `json:"content"`
}

// SiteInfo is what meta=siteinfo says of a wiki, and the formatversion
// its replies come in (2 where the server knows it, else 1).
type SiteInfo struct {
	General
	Namespaces    []Namespace
	FormatVersion int
}

// SiteInfo asks meta=siteinfo (siprop=general|namespaces) with
// formatversion=2, and notes which formatversion the server answered in:
// a server older than MediaWiki 1.25 ignores the parameter and answers
// in formatversion 1, as every later request then asks. Namespaces are
// sorted by number.
func (c *Client) SiteInfo(ctx context.Context) (*SiteInfo, error) {
	body, err := c.Get(ctx, url.Values{"action": {"query"}, "meta": {"siteinfo"},
		"siprop": {"general|namespaces"}, "formatversion": {"2"}})
	if err != nil {
		return nil, err
	}
	var r reply
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, fmt.Errorf("mwapi: siteinfo: %w", err)
	}
	if r.Query.General == nil {
		return nil, fmt.Errorf("mwapi: siteinfo of %s: the reply has no query.general: is it a MediaWiki api.php?", c.API)
	}
	si := &SiteInfo{General: *r.Query.General, FormatVersion: 1}
	// Formatversion 1 names a namespace under "*", 2 under "name" (the
	// main namespace's name is empty in both).
	fv1 := false
	for _, ns := range r.Query.Namespaces {
		name := ns.Name
		if ns.Star != "" {
			name, fv1 = ns.Star, true
		} else if ns.Name != "" {
			si.FormatVersion = 2
		}
		si.Namespaces = append(si.Namespaces, Namespace{ID: ns.ID, Name: name, Canonical: ns.Canonical, Content: bool(ns.Content)})
	}
	if fv1 {
		si.FormatVersion = 1
	}
	sortNamespaces(si.Namespaces)
	c.mu.Lock()
	c.formatVersion = si.FormatVersion
	c.mu.Unlock()
	return si, nil
}

func sortNamespaces(ns []Namespace) {
	for i := 1; i < len(ns); i++ {
		for j := i; j > 0 && ns[j].ID < ns[j-1].ID; j-- {
			ns[j], ns[j-1] = ns[j-1], ns[j]
		}
	}
}

// maxContinuations bounds the requests of one continued query: a server
// that keeps answering with a continuation is a fault, not a wiki.
const maxContinuations = 100000

// query makes one action=query request with params and cont (nil: the
// first request, which sends continue= to ask for the continuation
// protocol of API:Continue) and decodes the reply.
func (c *Client) query(ctx context.Context, params url.Values, cont Continue) (*reply, error) {
	p := url.Values{}
	for k, v := range params {
		p[k] = v
	}
	p.Set("action", "query")
	c.mu.Lock()
	if c.formatVersion == 2 {
		p.Set("formatversion", "2")
	}
	c.mu.Unlock()
	if cont == nil {
		p.Set("continue", "")
	}
	for k, v := range cont {
		p.Set(k, v)
	}
	body, err := c.Get(ctx, p)
	if err != nil {
		return nil, err
	}
	var r reply
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, fmt.Errorf("mwapi: %s: %w", describe(p), err)
	}
	r.raw = body
	return &r, nil
}

// queryAll makes a query and follows its continuation to the end,
// calling each with every reply.
func (c *Client) queryAll(ctx context.Context, params url.Values, each func(*reply) error) error {
	var cont Continue
	seen := map[string]bool{}
	for n := 0; ; n++ {
		if n >= maxContinuations {
			return fmt.Errorf("mwapi: %s: still continuing after %d requests", describe(params), n)
		}
		r, err := c.query(ctx, params, cont)
		if err != nil {
			return err
		}
		if err := each(r); err != nil {
			return err
		}
		if len(r.Continue) == 0 {
			return nil
		}
		k := r.Continue.key()
		if seen[k] {
			return fmt.Errorf("mwapi: %s: the server repeats the continuation %s", describe(params), k)
		}
		seen[k] = true
		cont = r.Continue
	}
}

// describe names a request by its main parameters, for errors.
func describe(p url.Values) string {
	var parts []string
	for _, k := range []string{"list", "prop", "meta", "pageids", "revids", "titles"} {
		if v := p.Get(k); v != "" {
			if len(v) > 60 {
				v = v[:60] + "…"
			}
			parts = append(parts, k+"="+v)
		}
	}
	return "query " + strings.Join(parts, "&")
}

// AllPages asks one batch of list=allpages: up to limit pages of
// namespace ns (all pages, redirects included), in title order, from
// cont (nil: the first). It returns the pages and the continuation of
// the listing (nil after the last batch), which a caller may store to
// resume the listing later.
func (c *Client) AllPages(ctx context.Context, ns, limit int, cont Continue) ([]PageRef, Continue, error) {
	r, next, err := c.listBatch(ctx, url.Values{"list": {"allpages"}, "apnamespace": {strconv.Itoa(ns)},
		"aplimit": {strconv.Itoa(limit)}}, cont)
	if err != nil {
		return nil, nil, err
	}
	return r.Query.AllPages, next, nil
}

// revMetaProps are the revision properties a sync reads, without text.
const revMetaProps = "ids|timestamp|flags|user|comment|sha1|size"

// History returns the revisions of page pageid, oldest first, without
// their text (prop=revisions, rvlimit=max, rvdir=newer, following
// rvcontinue), from since on when it is not zero (rvstart: that
// timestamp included), and the page as the reply describes it (its
// current title; Missing when the page does not exist).
func (c *Client) History(ctx context.Context, pageid ID, since time.Time) (*Page, error) {
	p := url.Values{"prop": {"revisions"}, "pageids": {pageid.String()}, "rvprop": {revMetaProps},
		"rvlimit": {"max"}, "rvdir": {"newer"}}
	if !since.IsZero() {
		p.Set("rvstart", since.UTC().Format(time.RFC3339))
	}
	var page *Page
	err := c.queryAll(ctx, p, func(r *reply) error {
		for _, pg := range r.Query.Pages {
			if pg.PageID != pageid && !(pg.Missing && page == nil) {
				continue
			}
			if page == nil {
				cp := pg
				cp.Revisions = nil
				page = &cp
			}
			page.Revisions = append(page.Revisions, pg.Revisions...)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if page == nil {
		page = &Page{PageID: pageid, Missing: true}
	}
	return page, nil
}

// Pages returns the pages pageids (at most 50) with their latest
// revision without text (prop=revisions in its mode for many pages) and
// their interlanguage links (prop=langlinks, lllimit=max), following the
// continuation; a page that no longer exists comes back Missing. Pages
// are in the order of the reply.
func (c *Client) Pages(ctx context.Context, pageids []ID) ([]Page, error) {
	if len(pageids) == 0 {
		return nil, nil
	}
	out, err := c.pages(ctx, "pageids", joinIDs(pageids))
	if err != nil {
		return nil, err
	}
	have := map[ID]bool{}
	for _, p := range out {
		have[p.PageID] = true
	}
	for _, id := range pageids {
		if !have[id] {
			out = append(out, Page{PageID: id, Missing: true})
		}
	}
	return out, nil
}

// PagesByTitle is Pages for pages named by their titles (at most 50);
// a page that does not exist is left out.
func (c *Client) PagesByTitle(ctx context.Context, titles []string) ([]Page, error) {
	if len(titles) == 0 {
		return nil, nil
	}
	return c.pages(ctx, "titles", strings.Join(titles, "|"))
}

// pages asks prop=revisions|langlinks for the pages key (pageids or
// titles) names, following the continuation.
func (c *Client) pages(ctx context.Context, key, value string) ([]Page, error) {
	byID := map[ID]*Page{}
	var order []ID
	err := c.queryAll(ctx, url.Values{"prop": {"revisions|langlinks"}, key: {value},
		"rvprop": {revMetaProps}, "lllimit": {"max"}}, func(r *reply) error {
		for _, pg := range r.Query.Pages {
			key := pg.PageID
			if key == 0 { // a missing page of formatversion 1 has no pageid
				continue
			}
			have := byID[key]
			if have == nil {
				cp := pg
				byID[key] = &cp
				order = append(order, key)
				continue
			}
			if len(have.Revisions) == 0 {
				have.Revisions = pg.Revisions
			}
			have.LangLinks = append(have.LangLinks, pg.LangLinks...)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]Page, 0, len(order))
	for _, id := range order {
		out = append(out, *byID[id])
	}
	return out, nil
}

func joinIDs(ids []ID) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = id.String()
	}
	return strings.Join(s, "|")
}

// rcProps are the recentchanges properties a sync reads.
const rcProps = "title|ids|timestamp|loginfo"

// listBatch asks one batch of the listing params names (list=…) from
// cont and returns the reply and the continuation of the listing: nil
// after the last batch, an error when the server answers with cont again
// (the listing would not end).
func (c *Client) listBatch(ctx context.Context, params url.Values, cont Continue) (*reply, Continue, error) {
	r, err := c.query(ctx, params, cont)
	if err != nil {
		return nil, nil, err
	}
	next := r.Continue
	if len(next) == 0 {
		return r, nil, nil
	}
	if cont != nil && next.key() == cont.key() {
		return nil, nil, fmt.Errorf("mwapi: list=%s: the server repeats the continuation %s", params.Get("list"), cont.key())
	}
	return r, next, nil
}

// RecentChanges asks one batch of list=recentchanges (rctype
// edit|new|log, every namespace, oldest first from since, rcstart
// included): up to 500 entries and the continuation (nil after the
// last batch).
func (c *Client) RecentChanges(ctx context.Context, since time.Time, cont Continue) ([]Change, Continue, error) {
	r, next, err := c.listBatch(ctx, url.Values{"list": {"recentchanges"}, "rcprop": {rcProps},
		"rctype": {"edit|new|log"}, "rcdir": {"newer"}, "rcstart": {since.UTC().Format(time.RFC3339)},
		"rclimit": {"max"}}, cont)
	if err != nil {
		return nil, nil, err
	}
	return r.Query.RecentChanges, next, nil
}

// LastChange returns the newest entry of list=recentchanges at or before
// until (zero: now), or nil when there is none: the high-water mark a
// first sync starts from, and the test of whether the recent changes
// still reach back to a stored mark.
func (c *Client) LastChange(ctx context.Context, until time.Time) (*Change, error) {
	p := url.Values{"list": {"recentchanges"}, "rcprop": {rcProps}, "rctype": {"edit|new|log"},
		"rcdir": {"older"}, "rclimit": {"1"}}
	if !until.IsZero() {
		p.Set("rcstart", until.UTC().Format(time.RFC3339))
	}
	r, err := c.query(ctx, p, nil)
	if err != nil {
		return nil, err
	}
	if len(r.Query.RecentChanges) == 0 {
		return nil, nil
	}
	ch := r.Query.RecentChanges[0]
	return &ch, nil
}
