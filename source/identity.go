package source

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules"
)

// Identity is the wiki and language given to the pages of an input that
// does not say which wiki it comes from: rendered page text without a URL
// line or site line, HTML without site configuration, an XML export or
// API response without siteinfo. Empty fields keep the reader's default.
// What an input says itself (siteinfo, a contributions dump's header, a
// URL of a known wiki, RLCONF) is never replaced.
type Identity struct {
	Wiki     string
	Language string
}

// NormalizeTitle returns title as MediaWiki stores it (Title::newFromText
// with $wgCapitalLinks, the Infinity wikis' setting): percent-escapes
// decoded when the title came from a URL (decode), underscores as spaces,
// runs of white space collapsed and trimmed, a namespace prefix known to
// wikirules.DefaultNamespaces trimmed of the spaces around its colon, and
// the first letter of the title (after the prefix) in upper case.
func NormalizeTitle(title string, decode bool) string {
	if decode {
		if d, err := url.PathUnescape(title); err == nil {
			title = d
		}
	}
	title = strings.Join(strings.Fields(strings.ReplaceAll(title, "_", " ")), " ")
	ns, rest := wikirules.DefaultNamespaces().Split(title)
	prefix := ""
	if ns != 0 {
		i := strings.IndexByte(title, ':')
		prefix = capitalize(strings.TrimSpace(title[:i])) + ":"
	}
	return prefix + capitalize(rest)
}

// capitalize upper-cases the first letter of s.
func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// PageKind says what a saved wiki screen is: a revision (an article as
// shown, an old revision) or one of the MediaWiki screens that show no
// revision text, which the readers refuse (NotRevisionError).
type PageKind string

// The kinds of saved wiki screens.
const (
	KindArticle       PageKind = "article"                  // the current revision as shown
	KindOldRevision   PageKind = "old revision"             // index.php?oldid=N
	KindDiff          PageKind = "diff page"                // index.php?diff=…: changed lines of two revisions
	KindPagesDiff     PageKind = "difference between pages" // a diff of two different pages
	KindFeed          PageKind = "history feed"             // action=history&feed=atom|rss
	KindHistory       PageKind = "history page"             // action=history
	KindContributions PageKind = "contributions page"       // Special:Contributions
	KindSearch        PageKind = "search page"              // Special:Search, search=…
	KindSpecial       PageKind = "special page"             // any other Special: page
	KindScreen        PageKind = "action screen"            // action=edit, info, raw…
	KindNotWikiData   PageKind = "not wiki data"            // JSON that is no API reply (an index, a manifest)
)

// IsRevision reports whether a screen of kind k shows a revision.
func (k PageKind) IsRevision() bool { return k == KindArticle || k == KindOldRevision }

// NotRevisionError is the cause of the error for an input that is a wiki
// screen showing no revision (a diff, a history feed…): Kind says which,
// Title names its page ("" when it cannot be told; Other the second page of
// a difference between pages), Detail the action of a KindScreen.
type NotRevisionError struct {
	Kind   PageKind
	Title  string
	Other  string
	Detail string
}

// notRevisionWhy says, for a kind of screen that shows no revision, what
// it shows instead and what to ingest.
var notRevisionWhy = map[PageKind]string{
	KindDiff:          "it shows changed lines, not a revision; ingest the page's revisions instead",
	KindPagesDiff:     "it compares two pages, not a revision; ingest the pages' revisions instead",
	KindFeed:          "it lists revision ids, dates and edit summaries, not revision text; ingest the page's revisions instead (an XML export, API JSON or -wiki-api)",
	KindHistory:       "it lists revisions, not their text; ingest the page's revisions instead",
	KindContributions: "it lists edits, not revision text; ingest the pages' revisions instead",
	KindSearch:        "it lists search results, not a revision",
	KindSpecial:       "a MediaWiki screen, not a revision of a page",
}

func (e *NotRevisionError) Error() string {
	of := ""
	if e.Title != "" {
		of = fmt.Sprintf(" of %q", e.Title)
	}
	if e.Kind == KindPagesDiff && e.Other != "" {
		of = fmt.Sprintf(" of %q and %q", e.Title, e.Other)
	}
	if e.Kind == KindNotWikiData {
		return "not wiki data: " + e.Detail
	}
	if why, ok := notRevisionWhy[e.Kind]; ok {
		return string(e.Kind) + of + ": " + why
	}
	what := "action=" + e.Detail + " screen"
	if e.Detail == "" {
		what = string(e.Kind)
	}
	return what + of + ": not a revision as the wiki shows it; save the page itself (its URL without action=) instead"
}

// PageURL is what the URL of a wiki screen says about it (ParsePageURL).
type PageURL struct {
	Title string   // normalised (NormalizeTitle); "" when the URL names no page
	Kind  PageKind // what the screen is
	// OldID is the revision id the screen shows (oldid=N without diff= or
	// direction=, which show another revision than N); "" when not known,
	// as for an article (the current revision, whichever it is).
	OldID string
	// Wiki and Language are those of a known wiki (KnownWiki), or for
	// another host the host's name as wiki and the language a path
	// segment gives ("/es/", "/wiki-en/"); Language "" when the URL does
	// not say. Known reports a wiki of KnownWiki.
	Wiki, Language string
	Known          bool
	Host           string // lower case, without "www."
}

// knownWiki is a wiki whose URLs the readers recognise: host and first
// path segment ("" for the root), its wiki name and language.
type knownWiki struct {
	host, prefix string
	wiki, lang   string
}

// knownWikis are the Infinity rules wikis: infinitythewiki.com (English at
// the root and under /en/, Spanish under /wiki-es/ and /es/) and the old
// official wiki of N3 times, wiki.infinitythegame.com (/es/, /en/), a wiki
// of its own (package extract gives its pages the N3 edition).
var knownWikis = []knownWiki{
	{"infinitythewiki.com", "wiki-es", "infinity-es", "es"},
	{"infinitythewiki.com", "es", "infinity-es", "es"},
	{"infinitythewiki.com", "wiki-en", "infinity-en", "en"},
	{"infinitythewiki.com", "en", "infinity-en", "en"},
	{"infinitythewiki.com", "", "infinity-en", "en"},
	{"wiki.infinitythegame.com", "es", "infinity-n3-es", "es"},
	{"wiki.infinitythegame.com", "en", "infinity-n3-en", "en"},
}

// oldSiteName is the site name the old official wiki's pages show ("From
// Infinity Wiki", "De Infinity Wiki"); today's wiki is "Infinity". Pages
// of the old wiki were also served under infinitythewiki.com/en/ (2017):
// a page of that site name there belongs to the old wiki.
const oldSiteName = "Infinity Wiki"

// languageSegment returns the language a path segment names ("es",
// "wiki-es", "en", "wiki-en" → the code), or "".
func languageSegment(seg string) string {
	seg = strings.ToLower(strings.TrimPrefix(strings.ToLower(seg), "wiki-"))
	if len(seg) == 2 && seg[0] >= 'a' && seg[0] <= 'z' && seg[1] >= 'a' && seg[1] <= 'z' {
		return seg
	}
	return ""
}

// LooksLikeURL reports whether a line is a bare http(s) URL.
func LooksLikeURL(line string) bool {
	l := strings.ToLower(strings.TrimSpace(line))
	return (strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://")) && !strings.ContainsAny(strings.TrimSpace(line), " \t")
}

// ParsePageURL reads the URL of a wiki screen: the page's title (path
// "/Title", "/en/Title", "/wiki-es/Title", "/wiki/Title", "index.php/Title"
// or the title= parameter, percent-decoded and normalised), what the
// screen is (diff=, action=history, feed=, a Special: page, search=,
// another action=), the revision shown (oldid=N) and the wiki. ok is false
// when raw is not an http(s) URL.
func ParsePageURL(raw string) (p PageURL, ok bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return PageURL{}, false
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	p.Host = host
	segs := strings.Split(strings.TrimPrefix(u.EscapedPath(), "/"), "/")
	first := ""
	if len(segs) > 1 {
		first = strings.ToLower(segs[0])
	}
	rest := segs
	for _, k := range knownWikis {
		if k.host != host {
			continue
		}
		if k.prefix != "" && k.prefix == first {
			p.Wiki, p.Language, p.Known, rest = k.wiki, k.lang, true, segs[1:]
			break
		}
		if k.prefix == "" {
			p.Wiki, p.Language, p.Known = k.wiki, k.lang, true
			break
		}
	}
	if !p.Known {
		if l := languageSegment(first); l != "" {
			p.Language, rest = l, segs[1:]
		}
		p.Wiki = wikiName(host, p.Language)
		if host == "wiki.infinitythegame.com" {
			p.Wiki = wikiName("infinity-n3", p.Language)
		}
	}
	// The title: the title= parameter, else the path after index.php/ or
	// wiki/, else the path itself (short URLs, $wgArticlePath "/$1").
	q := u.Query()
	path := strings.Join(rest, "/")
	switch {
	case q.Get("title") != "":
		p.Title = NormalizeTitle(q.Get("title"), false)
	case strings.HasPrefix(path, "index.php/"):
		p.Title = NormalizeTitle(strings.TrimPrefix(path, "index.php/"), true)
	case strings.HasPrefix(path, "wiki/"):
		p.Title = NormalizeTitle(strings.TrimPrefix(path, "wiki/"), true)
	case path != "" && path != "index.php" && !strings.HasSuffix(path, ".php"):
		p.Title = NormalizeTitle(path, true)
	}
	action := strings.ToLower(q.Get("action"))
	ns := wikirules.DefaultNamespaces().Of(p.Title)
	special := strings.ToLower(strings.TrimSpace(p.Title[strings.IndexByte(p.Title, ':')+1:]))
	switch {
	case q.Has("diff"):
		p.Kind = KindDiff
	case q.Has("feed"):
		p.Kind = KindFeed
	case action == "history":
		p.Kind = KindHistory
	case action != "" && action != "view" && action != "render" && action != "purge":
		p.Kind = KindScreen
	case q.Has("search"):
		p.Kind = KindSearch
	case ns == -1 && (strings.HasPrefix(special, "contributions") || strings.HasPrefix(special, "contribuciones")):
		p.Kind = KindContributions
	case ns == -1 && (strings.HasPrefix(special, "search") || strings.HasPrefix(special, "buscar")):
		p.Kind = KindSearch
	case ns == -1:
		p.Kind = KindSpecial
	case q.Has("oldid"):
		p.Kind = KindOldRevision
		if n, err := strconv.ParseUint(q.Get("oldid"), 10, 63); err == nil && n > 0 && !q.Has("direction") {
			p.OldID = strconv.FormatUint(n, 10)
		}
	default:
		p.Kind = KindArticle
	}
	return p, true
}

// notRevision returns the NotRevisionError of a URL's screen (nil for a
// revision), with the action named for KindScreen.
func (p PageURL) notRevision(raw string) *NotRevisionError {
	if p.Kind.IsRevision() {
		return nil
	}
	e := &NotRevisionError{Kind: p.Kind, Title: p.Title}
	if p.Kind == KindScreen {
		if u, err := url.Parse(strings.TrimSpace(raw)); err == nil {
			e.Detail = strings.ToLower(u.Query().Get("action"))
		}
	}
	return e
}
