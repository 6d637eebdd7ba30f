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
}

// titleSet is the titles of a knowledge base by folded title.
type titleSet map[string]string

func newTitleSet(pages []wikirules.Page) titleSet {
	s := titleSet{}
	for _, p := range pages {
		k := foldTitle(p.Title)
		if _, dup := s[k]; !dup || p.Title == k {
			s[k] = p.Title
		}
	}
	return s
}

func (s titleSet) known(title string) (string, bool) {
	t, ok := s[foldTitle(title)]
	return t, ok
}

// foldTitle folds a title as the store does to match one: case, Spanish
// accents and "_" against space.
func foldTitle(t string) string {
	t = strings.ReplaceAll(strings.TrimSpace(t), "_", " ")
	return lang.Fold(strings.Join(strings.Fields(t), " "))
}

// serverLinker links the pages of a running server.
type serverLinker struct {
	titles titleSet
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
func (l *serverLinker) known(t string) (string, bool) {
	return l.titles.known(t)
}

func (l *serverLinker) page(title, ed, rev string, history bool, asOf string) string {
	return withQuery(pageURL(title), "edition", ed, "rev", rev, "as_of", asOf, "history", boolParam(history))
}

func (l *serverLinker) cite(c wikirules.Citation, superseded bool) string {
	return citeURL(c, superseded)
}
func (l *serverLinker) history(title string) string { return "/history/" + pathEscape(title) }
func (l *serverLinker) diff(title, from, to string) string {
	return withQuery("/diff/"+pathEscape(title), "from", from, "to", to)
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
	titles titleSet
	up     string
	// code is the label language of this tree; here the path of the
	// current file within it, for the language toggle.
	code, here string
	// variants are the edition views written for each page (pages whose
	// records differ by edition), revs the old revisions written.
	variants map[string]bool // title + "\x00" + edition
	revs     map[string]bool // revision id
}

func (l *staticLinker) home() string             { return l.up + "index.html" }
func (l *staticLinker) asset(name string) string { return l.up + "../static/" + name }
func (l *staticLinker) static() bool             { return true }
func (l *staticLinker) resolve() string          { return "" }
func (l *staticLinker) ask(string) string        { return "" }
func (l *staticLinker) known(t string) (string, bool) {
	return l.titles.known(t)
}

// pageFile is the file of a page view within a language directory:
// page/SLUG.html, page/SLUG.EDITION.html for an edition view, and
// page/SLUG@REV.html for an old revision.
func pageFile(title, ed, rev string) string {
	f := "page/" + fileSlug(title)
	if rev != "" {
		f += "@" + fileSlug(rev)
	}
	if ed != "" {
		f += "." + ed
	}
	return f + ".html"
}

func (l *staticLinker) page(title, ed, rev string, history bool, asOf string) string {
	if history || asOf != "" {
		return ""
	}
	if t, ok := l.titles.known(title); ok {
		title = t
	} else {
		return l.search(title)
	}
	if rev != "" && !l.revs[rev] {
		rev = ""
	}
	if ed != "" && (rev != "" || !l.variants[title+"\x00"+ed]) {
		return ""
	}
	return l.up + fileHref(pageFile(title, ed, rev))
}

func (l *staticLinker) cite(c wikirules.Citation, superseded bool) string {
	// A record is cited at its revision (page@REV.html when that is an
	// older one); an FAQ entry by its id on the current page, where every
	// page it relates to shows it. An FAQ record (its anchor is the
	// record's id) stands in its own revision.
	rev := c.Revision
	if (c.Kind == wikirules.KindFAQ || c.Kind == wikirules.KindErrata) && strings.HasPrefix(c.Anchor, "faq-") {
		rev = ""
	}
	u := l.page(c.Page, "", rev, false, "")
	if u == "" || strings.Contains(u, "search.html") {
		return u
	}
	if c.Anchor != "" {
		u += "#" + url.PathEscape(c.Anchor)
	}
	return u
}

func (l *staticLinker) history(title string) string {
	if t, ok := l.titles.known(title); ok {
		return l.up + fileHref("history/"+fileSlug(t)+".html")
	}
	return ""
}

// diffFile is the file of the diff that ends at revision to.
func diffFile(title, to string) string {
	return "diff/" + fileSlug(title) + "@" + fileSlug(to) + ".html"
}

func (l *staticLinker) diff(title, from, to string) string {
	t, ok := l.titles.known(title)
	if !ok || to == "" {
		return ""
	}
	return l.up + fileHref(diffFile(t, to))
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
