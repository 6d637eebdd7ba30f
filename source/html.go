package source

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/wikirules/wikirules"
	"golang.org/x/net/html"
)

// Rendered MediaWiki HTML is a page as the wiki serves it (a saved page)
// or its content fragment: the article sits in <div class="mw-parser-output">
// inside #mw-content-text, the title in <h1 id="firstHeading">, the page
// configuration in a RLCONF script ("wgRevisionId":…) and the last edit
// in #footer-info-lastmod. The reader keeps the HTML verbatim as one
// revision; package extract (ExtractRendered) reads its content.

// NewHTML returns a Reader over one rendered MediaWiki page as HTML, with
// the default identity (NewHTMLWith).
func NewHTML(r io.Reader, name string) Reader { return NewHTMLWith(r, name, Identity{}) }

// NewHTMLWith returns a Reader over one rendered MediaWiki page as HTML
// (format wikirules.FormatHTML). It yields exactly one revision, then io.EOF:
//
//   - Page.Title is RLCONF's wgPageName (the full title, underscores as
//     spaces), else the title of the page's URL (<link rel=canonical>, the
//     og:url meta, or the "saved from url=" comment a browser writes; see
//     ParsePageURL), else the text of #firstHeading, else the <title>
//     without its " - SITE" suffix, else RLCONF's wgTitle. Namespace is
//     RLCONF's wgNamespaceNumber, or comes from a namespace prefix
//     (wikirules.Namespaces.Resolve with DefaultNamespaces).
//   - Language is RLCONF's wgPageContentLanguage, else the language of a
//     known wiki's URL, else wgContentLanguage, else the lang attribute of
//     #mw-content-text or .mw-parser-output, else <html lang> (the
//     reader's interface language), else def.Language, else "es".
//   - Wiki is that of a known wiki's URL (KnownWiki: infinity-en,
//     infinity-es, infinity-n3-es…), else RLCONF's wgSiteName or the
//     og:site_name meta plus the language, else def.Wiki, else "infinity"
//     plus the language.
//   - RedirectedFrom is RLCONF's wgRedirectedFrom: the redirect MediaWiki
//     followed to show the page (wgPageName is then the target's).
//   - ID is RLCONF's wgRevisionId when it is positive (a native revision
//     id), else the URL's oldid=N, qualified by the wiki (QualifyID), else
//     wikirules.DeriveRevisionID(title, timestamp, text).
//   - Timestamp is the last edit that #footer-info-lastmod shows ("… el 11
//     feb 2021 a las 10:26", "… on 11 February 2021, at 10:26", read as
//     UTC); without it, the month of the newest update marker
//     ("Actualización 1.1.1, Dec 2021") with TimestampInferred set, else
//     the zero time, inferred.
//   - Text is the input verbatim but for its line ends, made "\n"
//     (wikirules.NormalizeLineEnds); SHA1 its hex SHA-1; Model is RLCONF's
//     wgPageContentModel ("" when absent); Origin "name:0".
//
// A MediaWiki screen that shows no revision is refused with a
// *NotRevisionError as the cause: an Atom or RSS feed, a diff (table.diff,
// .diff-lineno, RLCONF's wgDiffOldId/wgDiffNewId, a diff= URL), a history
// or other action= screen (wgAction), a special page (namespace -1,
// wgCanonicalSpecialPageName).
//
// Errors are *Error naming name with a byte offset (and line where
// useful): a read error, invalid UTF-8, an input over 64 MiB, HTML cut
// short (an element .mw-parser-output or <html> never closed), markup with
// no MediaWiki page in it (no .mw-parser-output, #mw-content-text or
// #firstHeading), a screen that is no revision, no title or one MediaWiki
// would refuse (wikirules.CheckTitle).
func NewHTMLWith(r io.Reader, name string, def Identity) Reader {
	return &renderedReader{r: r, name: name, def: def, parse: htmlRevision}
}

func htmlRevision(b []byte, name string, def Identity) (*wikirules.Revision, error) {
	fail := func(off int, err error) error {
		return &Error{File: name, Offset: int64(off), Line: 1 + bytes.Count(b[:min(off, len(b))], []byte("\n")), Err: err}
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, fail(0, errors.New("empty HTML page"))
	}
	if e := classifyFeed(b); e != nil {
		return nil, fail(0, e)
	}
	if off, err := checkHTMLClosed(b); err != nil {
		return nil, fail(off, err)
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(b))
	if err != nil {
		return nil, fail(0, fmt.Errorf("parsing HTML: %w", err))
	}
	if doc.Find(".mw-parser-output, #mw-content-text, #firstHeading").Length() == 0 {
		return nil, fail(0, errors.New("not a rendered MediaWiki page: no .mw-parser-output, #mw-content-text or #firstHeading"))
	}
	conf := rlconf(doc)
	page, hasURL := htmlPageURL(doc, b)
	title := NormalizeTitle(conf["wgPageName"], false)
	if title == "" && hasURL {
		title = page.Title
	}
	if title == "" {
		title = collapseSpace(doc.Find("#firstHeading").First().Text())
	}
	if e := htmlScreen(doc, conf, page, hasURL, title); e != nil {
		return nil, fail(0, e)
	}
	if title == "" {
		title = titleFromHead(collapseSpace(doc.Find("title").First().Text()))
	}
	if title == "" {
		title = conf["wgTitle"]
	}
	if title == "" {
		return nil, fail(0, errNoTitle)
	}
	if err := wikirules.CheckTitle(title, nil); err != nil {
		return nil, fail(0, err)
	}
	known := hasURL && page.Known
	urlLang := ""
	if known {
		urlLang = page.Language
	}
	lang := strings.ToLower(firstOf(conf["wgPageContentLanguage"], urlLang, conf["wgContentLanguage"],
		strings.TrimSpace(doc.Find("#mw-content-text, .mw-parser-output").First().AttrOr("lang", "")),
		strings.TrimSpace(doc.Find("html").AttrOr("lang", "")), def.Language, defaultLanguage))
	site := firstOf(conf["wgSiteName"], doc.Find(`meta[property="og:site_name"]`).AttrOr("content", ""))
	wiki := ""
	switch {
	case known && site == oldSiteName && !strings.HasPrefix(page.Wiki, "infinity-n3"):
		wiki = "infinity-n3-" + page.Language
	case known:
		wiki = page.Wiki
	case site == oldSiteName:
		wiki = wikiName("infinity-n3", lang)
	case site != "":
		wiki = wikiName(site, lang)
	default:
		wiki = firstOf(def.Wiki, wikiName(defaultSite, lang))
	}
	text := wikirules.NormalizeLineEnds(string(b))
	ts, exact := parseLastMod(collapseSpace(doc.Find("#footer-info-lastmod").Text()))
	if !exact {
		ts, _ = InferUpdateDate(blockText(doc.Find(".mw-parser-output, #mw-content-text").First()))
	}
	id := ""
	if n, err := strconv.ParseInt(conf["wgRevisionId"], 10, 64); err == nil && n > 0 {
		id = QualifyID(wiki, strconv.FormatInt(n, 10))
	} else if hasURL && page.OldID != "" {
		id = QualifyID(wiki, page.OldID)
	} else {
		id = wikirules.DeriveRevisionID(title, ts, text)
	}
	ns, hasNS := 0, false
	if n, err := strconv.Atoi(conf["wgNamespaceNumber"]); err == nil {
		ns, hasNS = n, true
	}
	sum := sha1.Sum([]byte(text))
	redirected := NormalizeTitle(conf["wgRedirectedFrom"], false)
	if redirected == title {
		redirected = ""
	}
	return &wikirules.Revision{
		Page: wikirules.Page{Title: title, Namespace: wikirules.DefaultNamespaces().Resolve(title, ns, hasNS),
			Language: lang, Wiki: wiki},
		Model:             conf["wgPageContentModel"],
		RedirectedFrom:    redirected,
		ID:                id,
		Timestamp:         ts,
		TimestampInferred: !exact,
		SHA1:              hex.EncodeToString(sum[:]),
		Format:            wikirules.FormatHTML,
		Text:              text,
		Origin:            origin(name, 0),
	}, nil
}

// savedFrom matches the comment a browser writes at the top of a saved
// page: <!-- saved from url=(0043)https://… -->.
var savedFrom = regexp.MustCompile(`<!--\s*saved from url=\(\d+\)(\S+?)\s*-->`)

// htmlPageURL returns what the page's own URL says (ParsePageURL): its
// canonical link, og:url, or the saved-from comment. ok is false when the
// page gives none.
func htmlPageURL(doc *goquery.Document, b []byte) (PageURL, bool) {
	for _, raw := range []string{
		doc.Find(`link[rel="canonical"]`).AttrOr("href", ""),
		doc.Find(`meta[property="og:url"]`).AttrOr("content", ""),
	} {
		if p, ok := ParsePageURL(raw); ok {
			return p, true
		}
	}
	if m := savedFrom.FindSubmatch(b[:min(len(b), headSize)]); m != nil {
		return ParsePageURL(string(m[1]))
	}
	return PageURL{}, false
}

// classifyFeed returns the NotRevisionError of an Atom or RSS feed, nil
// for any other markup.
func classifyFeed(b []byte) *NotRevisionError {
	head := b[:min(len(b), headSize)]
	if !feedRoot.Match(head) {
		return nil
	}
	if e := classifyText(string(head)); e != nil && e.Kind == KindFeed {
		return e
	}
	return nil
}

// htmlScreen returns the NotRevisionError of an HTML page that is a
// MediaWiki screen showing no revision (diff, history, special page,
// action= screen), nil for an article or an old revision.
func htmlScreen(doc *goquery.Document, conf map[string]string, page PageURL, hasURL bool, title string) *NotRevisionError {
	switch sp := conf["wgCanonicalSpecialPageName"]; {
	case sp == "Contributions":
		return &NotRevisionError{Kind: KindContributions, Title: title}
	case sp == "Search":
		return &NotRevisionError{Kind: KindSearch}
	case sp == "ComparePages":
		return &NotRevisionError{Kind: KindPagesDiff}
	case sp != "" || conf["wgNamespaceNumber"] == "-1":
		return &NotRevisionError{Kind: KindSpecial, Title: title}
	}
	if _, diff := conf["wgDiffOldId"]; diff || doc.Find("table.diff, .diff-lineno, .diff-multi").Length() > 0 {
		return &NotRevisionError{Kind: KindDiff, Title: title}
	}
	if a := conf["wgAction"]; a == "history" {
		return &NotRevisionError{Kind: KindHistory, Title: title}
	} else if a != "" && a != "view" && a != "render" && a != "purge" {
		return &NotRevisionError{Kind: KindScreen, Title: title, Detail: a}
	}
	if hasURL {
		if e := page.notRevision(""); e != nil {
			if e.Title == "" {
				e.Title = title
			}
			return e
		}
	}
	return nil
}

// checkHTMLClosed scans the markup with the HTML tokenizer and reports a
// document cut short: the .mw-parser-output element (counted through its
// nested <div>s) or <html> opened and never closed. It returns the byte
// offset of the end of input and the error, naming where the element opened.
func checkHTMLClosed(b []byte) (int, error) {
	z := html.NewTokenizer(bytes.NewReader(b))
	off, rootAt, rootDepth, divDepth := 0, -1, -1, 0
	htmlAt, htmlClosed := -1, false
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		start := off
		off += len(z.Raw())
		switch tt {
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			tag := string(name)
			if tag == "html" && htmlAt < 0 {
				htmlAt = start
			}
			if tag != "div" {
				continue
			}
			divDepth++
			for hasAttr && rootAt < 0 {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				if string(k) == "class" && hasClass(string(v), "mw-parser-output") {
					rootAt, rootDepth = start, divDepth
				}
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "html":
				htmlClosed = true
			case "div":
				if divDepth == rootDepth {
					rootDepth = -2 // closed
				}
				divDepth--
			}
		}
	}
	if rootAt >= 0 && rootDepth != -2 {
		return len(b), fmt.Errorf("HTML cut short: <div class=\"mw-parser-output\"> opened at byte %d is never closed", rootAt)
	}
	if htmlAt >= 0 && !htmlClosed {
		return len(b), fmt.Errorf("HTML cut short: <html> opened at byte %d is never closed", htmlAt)
	}
	return 0, nil
}

func hasClass(attr, class string) bool {
	for _, c := range strings.Fields(attr) {
		if c == class {
			return true
		}
	}
	return false
}

func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// titleFromHead removes the " - SITE" (or " — SITE") suffix MediaWiki adds
// to <title>.
func titleFromHead(s string) string {
	for _, sep := range []string{" - ", " — ", " – "} {
		if i := strings.LastIndex(s, sep); i > 0 {
			return strings.TrimSpace(s[:i])
		}
	}
	return s
}

// rlconfPair matches a string or number entry of the RLCONF object in a
// MediaWiki page's head ("wgRevisionId":12345, "wgTitle":"Esquivar").
var rlconfPair = regexp.MustCompile(`"(wg[A-Za-z]+)":\s*("(?:[^"\\]|\\.)*"|-?\d+)`)

// rlconf returns the string and number entries of the page's RLCONF
// script (first occurrence of each key), JSON strings unquoted.
func rlconf(doc *goquery.Document) map[string]string {
	out := map[string]string{}
	doc.Find("script").Each(func(_ int, s *goquery.Selection) {
		for _, m := range rlconfPair.FindAllStringSubmatch(s.Text(), -1) {
			if _, seen := out[m[1]]; seen {
				continue
			}
			v := m[2]
			if strings.HasPrefix(v, `"`) {
				if u, err := strconv.Unquote(v); err == nil {
					v = u
				} else {
					v = strings.Trim(v, `"`)
				}
			}
			out[m[1]] = v
		}
	})
	return out
}

// lastMod matches the date of MediaWiki's footer "last edited" line in
// Spanish ("el 11 feb 2021 a las 10:26") and English ("on 11 February
// 2021, at 10:26").
var lastMod = regexp.MustCompile(`(?i)(\d{1,2})\s+(?:de\s+)?([a-zé]{3,10})\.?\s+(?:de\s+)?(\d{4}),?\s+(?:a\s+las|at)\s+(\d{1,2}):(\d{2})`)

// parseLastMod reads the footer's last-edit time as UTC; ok is false when
// s does not hold one.
func parseLastMod(s string) (time.Time, bool) {
	m := lastMod.FindStringSubmatch(s)
	if m == nil {
		return time.Time{}, false
	}
	mon, ok := monthNames[strings.ToLower(m[2])]
	if !ok {
		return time.Time{}, false
	}
	n := func(s string) int { v, _ := strconv.Atoi(s); return v }
	d, y, hh, mm := n(m[1]), n(m[3]), n(m[4]), n(m[5])
	if d < 1 || d > 31 || hh > 23 || mm > 59 {
		return time.Time{}, false
	}
	return time.Date(y, mon, d, hh, mm, 0, 0, time.UTC), true
}

// blockText returns the text of a selection with a line break after every
// block element, so that line-anchored patterns (update markers) work.
func blockText(s *goquery.Selection) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			b.WriteString(n.Data)
			return
		case html.ElementNode:
			if n.Data == "script" || n.Data == "style" {
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == html.ElementNode {
			switch n.Data {
			case "p", "div", "li", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "br", "table", "ul", "ol", "dl":
				b.WriteByte('\n')
			}
		}
	}
	for _, n := range s.Nodes {
		walk(n)
	}
	return b.String()
}
