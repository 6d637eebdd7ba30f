package web

import (
	"fmt"
	"github.com/wikirules/wikirules/lang"
	"net/url"
	"strings"

	"github.com/wikirules/wikirules"
)

// linker builds every URL a page shows, so that one set of templates
// serves both the server (absolute paths with query parameters) and the
// static site of export-site (relative file names). A method returns ""
// for what the static site does not have (a search as of a date, the
// superseded-text switch); templates leave such links out.
type linker interface {
	// home is the home page; asset a file of web/static.
	home() string
	asset(name string) string
	// page is the current page title in edition ed ("" for all), at
	// revision rev ("" for the current one), with superseded text when
	// history is set, as of asOf (as typed, "" for now).
	page(title, ed, rev string, history bool, asOf string) string
	// cite links a citation to its record on its page (see citeURL).
	cite(c wikirules.Citation, superseded bool) string
	history(title string) string
	// diff compares revisions from and to of title ("" and "": the last
	// two).
	diff(title, from, to string) string
	// search is the search page for q with extra filter key-value pairs.
	search(q string, kv ...string) string
	// faq is the FAQ list with filter key-value pairs.
	faq(kv ...string) string
	// ask is the question page for q ("" when there is no engine).
	ask(q string) string
	// resolve is the situation form ("" when there is no engine).
	resolve() string
	// lang is the same page in another label language ("" when there is
	// no such page).
	lang(code string) string
	// known returns the stored title of a page the knowledge base holds,
	// matched as the store matches titles (case, accents and "_" folded),
	// and false for a page it lacks.
	known(title string) (string, bool)
	// static reports whether this is the static site (no server).
	static() bool
	// at returns the linker of a view of a page of wiki: a title that
	// names pages of several wikis links to that wiki's page.
	at(wiki string) linker
}

// titleSet is the pages of a knowledge base by folded title: one title
// can name a page of each wiki (the Spanish and the English "Berserk").
type titleSet map[string][]wikirules.Page

func newTitleSet(pages []wikirules.Page) titleSet {
	s := titleSet{}
	for _, p := range pages {
		k := foldTitle(p.Title)
		if p.Title == k {
			// The page whose title is its folded form first, as the store
			// prefers an exact match.
			s[k] = append([]wikirules.Page{p}, s[k]...)
		} else {
			s[k] = append(s[k], p)
		}
	}
	return s
}

func (s titleSet) known(title string) (string, bool) {
	ps := s[foldTitle(title)]
	if len(ps) == 0 {
		return "", false
	}
	return ps[0].Title, true
}

// find returns the page title names as the store chooses it: the page of
// wiki, else the first of language lang, else the first.
func (s titleSet) find(title, wiki, lang string) (wikirules.Page, bool) {
	ps := s[foldTitle(title)]
	if len(ps) == 0 {
		return wikirules.Page{}, false
	}
	for _, p := range ps {
		if wiki != "" && p.Wiki == wiki {
			return p, true
		}
	}
	for _, p := range ps {
		if lang != "" && p.Language == lang {
			return p, true
		}
	}
	return ps[0], true
}

// shared reports whether title names pages of more than one wiki; links
// to such a page name its wiki (wiki=), so that a page of infinity-en
// stays of infinity-en when followed.
func (s titleSet) shared(title string) bool {
	ps := s[foldTitle(title)]
	for _, p := range ps[min(1, len(ps)):] {
		if p.Wiki != ps[0].Wiki {
			return true
		}
	}
	return false
}

// wikiParam is the wiki= value of a link to title from a view of wiki
// in label language lang: the wiki of the page it names when several
// wikis hold the title, else "".
func (s titleSet) wikiParam(title, wiki, lang string) string {
	if !s.shared(title) {
		return ""
	}
	p, _ := s.find(title, wiki, lang)
	return p.Wiki
}

// foldTitle folds a title as the store does to match one: case, Spanish
// accents and "_" against space.
func foldTitle(t string) string {
	t = strings.ReplaceAll(strings.TrimSpace(t), "_", " ")
	return lang.Fold(strings.Join(strings.Fields(t), " "))
}

// serverLinker links the pages of a running server.
type serverLinker struct {
	titleSet // the titles linked to (its known is the linker's)
	// wiki is the wiki of the page shown (or asked for with ?wiki=), lang
	// the label language: together they choose the page a shared title
	// links to.
	wiki, code string
	// self is the path and query of the request being rendered, for the
	// language toggle.
	self *url.URL
}

func (l *serverLinker) home() string { return "/" }
func (l *serverLinker) asset(name string) string {
	return "/static/" + name + "?v=" + assetVersion(name)
}
func (l *serverLinker) static() bool    { return false }
func (l *serverLinker) resolve() string { return "/resolve" }

func (l *serverLinker) at(wiki string) linker {
	c := *l
	c.wiki = wiki
	return &c
}

func (l *serverLinker) page(title, ed, rev string, history bool, asOf string) string {
	return withQuery(pageURL(title), "wiki", l.titleSet.wikiParam(title, l.wiki, l.code), "edition", ed, "rev", rev,
		"as_of", asOf, "history", boolParam(history))
}

// cite links c on the server: a record's revision says which page of a
// shared title it stands on (the page view reads it), an FAQ entry's
// page is the one of this view's wiki or language.
func (l *serverLinker) cite(c wikirules.Citation, superseded bool) string {
	u := citeURL(c, superseded)
	if c.Kind == wikirules.KindFAQ || c.Kind == wikirules.KindErrata || c.Revision == "" {
		if w := l.titleSet.wikiParam(c.Page, l.wiki, l.code); w != "" {
			path, frag, _ := strings.Cut(u, "#")
			sep := "?"
			if strings.Contains(path, "?") {
				sep = "&"
			}
			u = path + sep + "wiki=" + url.QueryEscape(w)
			if frag != "" {
				u += "#" + frag
			}
		}
	}
	return u
}
func (l *serverLinker) history(title string) string {
	return withQuery("/history/"+pathEscape(title), "wiki", l.titleSet.wikiParam(title, l.wiki, l.code))
}
func (l *serverLinker) diff(title, from, to string) string {
	return withQuery("/diff/"+pathEscape(title), "wiki", l.titleSet.wikiParam(title, l.wiki, l.code), "from", from, "to", to)
}
func (l *serverLinker) search(q string, kv ...string) string {
	return withQuery("/search", append([]string{"q", q}, kv...)...)
}
func (l *serverLinker) faq(kv ...string) string { return withQuery("/faq", kv...) }
func (l *serverLinker) ask(q string) string     { return withQuery("/ask", "q", q) }

func (l *serverLinker) lang(code string) string {
	if l.self == nil {
		return withQuery("/", "lang", code)
	}
	u := *l.self
	q := u.Query()
	q.Set("lang", code)
	u.RawQuery = q.Encode()
	return u.Path + "?" + u.RawQuery
}

// staticLinker links the files of the static site (export-site): every
// link is relative, so that the site works from a file:// URL and under
// any path of a static host. up is the way from the current file to the
// site's language directory ("", "../"), root the way to the site's top
// (where the assets are).
type staticLinker struct {
	titleSet // the titles linked to (its known is the linker's)
	up       string
	// code is the label language of this tree; here the path of the
	// current file within it, for the language toggle; wiki the wiki of
	// the page shown (see serverLinker).
	code, here, wiki string
	// variants are the edition views written for each page (pages whose
	// records differ by edition; page stem + "\x00" + edition), revs the
	// page of every revision written.
	variants map[string]bool
	revs     map[string]wikirules.Page
	// current is the current revision of each page, by stem.
	current map[string]string
}

func (l *staticLinker) home() string             { return l.up + "index.html" }
func (l *staticLinker) asset(name string) string { return l.up + "../static/" + name }
func (l *staticLinker) static() bool             { return true }
func (l *staticLinker) resolve() string          { return "" }
func (l *staticLinker) ask(string) string        { return "" }

func (l *staticLinker) at(wiki string) linker {
	c := *l
	c.wiki = wiki
	return &c
}

// pageStem is the file name stem of page p: its title's fileSlug, and
// when several wikis hold the title, "~~" and its wiki's (fileSlug never
// writes "~~": a "~" it writes starts a hex escape).
func (s titleSet) pageStem(p wikirules.Page) string {
	if s.shared(p.Title) {
		return fileSlug(p.Title) + "~~" + fileSlug(p.Wiki)
	}
	return fileSlug(p.Title)
}

// pageFile is the file of a page view within a language directory, by
// its stem (titleSet.pageStem): page/STEM.html, page/STEM.EDITION.html
// for an edition view, and page/STEM@REV.html for an old revision.
func pageFile(stem, ed, rev string) string {
	f := "page/" + stem
	if rev != "" {
		f += "@" + fileSlug(rev)
	}
	if ed != "" {
		f += "." + ed
	}
	return f + ".html"
}

// pageOf is the page a link to title at revision rev names: the page of
// rev when rev is one of its revisions, else as titleSet.find chooses.
func (l *staticLinker) pageOf(title, rev string) (wikirules.Page, bool) {
	if p, ok := l.revs[rev]; ok && rev != "" && foldTitle(p.Title) == foldTitle(title) {
		return p, true
	}
	return l.titleSet.find(title, l.wiki, l.code)
}

func (l *staticLinker) page(title, ed, rev string, history bool, asOf string) string {
	if history || asOf != "" {
		return ""
	}
	p, ok := l.pageOf(title, rev)
	if !ok {
		return l.search(title)
	}
	stem := l.titleSet.pageStem(p)
	if rev != "" && (l.revs[rev] != p || l.current[stem] == rev) {
		rev = ""
	}
	if ed != "" && (rev != "" || !l.variants[stem+"\x00"+ed]) {
		return ""
	}
	return l.up + fileHref(pageFile(stem, ed, rev))
}

func (l *staticLinker) cite(c wikirules.Citation, superseded bool) string {
	// A record is cited at its revision (page@REV.html when that is an
	// older one); an FAQ entry by its id on the current page, where every
	// page it relates to shows it. An FAQ record (its anchor is the
	// record's id) stands in its own revision.
	rev := c.Revision
	faqEntry := (c.Kind == wikirules.KindFAQ || c.Kind == wikirules.KindErrata) && strings.HasPrefix(c.Anchor, "faq-")
	// The page's view of every edition holds the record cited whatever
	// its edition (a page whose records all share its editions has only
	// the one view).
	u := ""
	if faqEntry {
		u = l.page(c.Page, "all", "", false, "")
		if u == "" {
			u = l.page(c.Page, "", "", false, "")
		}
	} else if p, ok := l.pageOf(c.Page, rev); ok {
		at := l.at(p.Wiki)
		if u = at.page(c.Page, "all", rev, false, ""); u == "" {
			u = at.page(c.Page, "", rev, false, "")
		}
	} else {
		u = l.page(c.Page, "", "", false, "")
	}
	if u == "" || strings.Contains(u, "search.html") {
		return u
	}
	if c.Anchor != "" {
		u += "#" + url.PathEscape(c.Anchor)
	}
	return u
}

func (l *staticLinker) history(title string) string {
	if p, ok := l.titleSet.find(title, l.wiki, l.code); ok {
		return l.up + fileHref("history/"+l.titleSet.pageStem(p)+".html")
	}
	return ""
}

// diffFile is the file of the diff that ends at revision to, of the page
// of stem.
func diffFile(stem, to string) string {
	return "diff/" + stem + "@" + fileSlug(to) + ".html"
}

func (l *staticLinker) diff(title, from, to string) string {
	p, ok := l.titleSet.find(title, l.wiki, l.code)
	if !ok || to == "" {
		return ""
	}
	return l.up + fileHref(diffFile(l.titleSet.pageStem(p), to))
}

func (l *staticLinker) search(q string, kv ...string) string {
	return withQuery(l.up+"search.html", append([]string{"q", q}, kv...)...)
}

func (l *staticLinker) faq(kv ...string) string { return withQuery(l.up+"faq.html", kv...) }

func (l *staticLinker) lang(code string) string {
	if code == l.code {
		return ""
	}
	return l.up + "../" + code + "/" + fileHref(l.here)
}

// fileSlug turns a title or revision id into a file name that every
// filesystem and static host keeps as it is: letters and digits (any
// script), '-', '.', '(' and ')' stay, a space becomes '_' (MediaWiki's
// URL form), and every other byte becomes '~' and two hex digits. Two
// titles that differ only in case get different names, which a
// case-insensitive filesystem would merge: the export checks for that.
func fileSlug(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == ' ':
			b.WriteByte('_')
		case r == '-' || r == '.' || r == '(' || r == ')' || (r > 0x7f && isLetterOrDigit(r)) ||
			('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || ('0' <= r && r <= '9'):
			b.WriteRune(r)
		default:
			for _, c := range []byte(string(r)) {
				fmt.Fprintf(&b, "~%02X", c)
			}
		}
	}
	out := b.String()
	if strings.HasPrefix(out, ".") {
		out = "~2E" + out[1:]
	}
	return out
}

// fileHref escapes a relative file path for an href: each segment
// percent-encoded (a browser decodes it back to the file name).
func fileHref(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return strings.Join(parts, "/")
}
