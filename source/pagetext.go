package source

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
)

// Rendered page text (seeds 001_…, 002_…, 003_…) is what a browser shows
// of a wiki page, saved as text: the title on the first line, then
// navigation lines, headings, paragraphs, bullets ("- " or "  • "), update
// markers ("Actualización 1.1.1, Dec 2021") and the rest of the page. It
// has no revision id, user or timestamp. The reader keeps the text
// verbatim as one revision; package extract (ExtractRendered) reads it.

// defaultSite and defaultLanguage name the wiki of rendered pages that do
// not say which wiki they come from (the Spanish Infinity wiki).
const (
	defaultSite     = "Infinity"
	defaultLanguage = "es"
)

// maxRenderedSize bounds the size of one rendered page (text or HTML) in
// bytes: a whole page is held in memory, and no wiki page comes near it.
const maxRenderedSize = 64 << 20

// renderedReader yields the single revision of one rendered page, text or
// HTML: it reads the whole input (readRendered) and parse makes the
// revision of its bytes.
type renderedReader struct {
	r     io.Reader
	name  string
	def   Identity
	parse func(b []byte, name string, def Identity) (*wikirules.Revision, error)
	off   int64
	done  bool
	err   error
}

// NewPageText returns a Reader over one rendered page as text (format
// wikirules.FormatPageText), with the default identity (NewPageTextWith).
func NewPageText(r io.Reader, name string) Reader { return NewPageTextWith(r, name, Identity{}) }

// NewPageTextWith returns a Reader over one rendered page as text (format
// wikirules.FormatPageText). It yields exactly one revision, then io.EOF.
//
// The page's identity comes from the input:
//
//   - When the first line is a URL (a page saved with its address, as the
//     excerpts of testdata/wiki-pages are), it gives the title, the wiki,
//     the language and the revision (ParsePageURL): "/Title",
//     "/es/Title", "index.php?title=T&oldid=N" … on infinitythewiki.com
//     (infinity-en at the root and /en/, infinity-es under /es/ and
//     /wiki-es/) or wiki.infinitythegame.com (the old official wiki:
//     infinity-n3-es, infinity-n3-en; so is a page of
//     infinitythewiki.com whose site line names that wiki, "From Infinity
//     Wiki"). A page shown after following a redirect ("(Redirected from
//     Isolated)", "(Redirigido desde «…»)") is the redirect's target: its
//     title is the heading above the site line and RedirectedFrom the
//     redirect's title. On another host the wiki
//     is def.Wiki, else the host's name (with the language); the
//     language is def.Language, else a language path segment ("/es/"),
//     else the site line's ("From SITE" English, "De SITE" Spanish), else
//     unknown (""). ID is the wiki-qualified oldid=N (QualifyID) when the
//     URL shows revision N, else derived.
//   - Without a URL line, the title is the first line when it can be a
//     title (not a URL, a site notice such as "NOTICE: …", a site line, a
//     list item, a navigation line or a sentence; wikirules.CheckTitle);
//     the language is the site line's, else def.Language, else "es"; the
//     wiki def.Wiki, else the site the site line names ("De Infinity")
//     with the language, else "infinity-<language>".
//
// Namespace comes from a namespace prefix that wikirules.DefaultNamespaces
// knows. Text is the input verbatim (not even the final newline is
// trimmed) but for its line ends, made "\n" (wikirules.NormalizeLineEnds:
// a CRLF copy of the file is the same revision); SHA1 is its hex SHA-1;
// Format is FormatPageText; Origin is "name:0". Timestamp is the time of
// the revision-info line of a revision viewed by oldid ("Revision as of
// 14:24, 10 September 2020", "Revisión del 16:08 20 abr 2020":
// RevisionInfo), TimestampInferred false, and User and Comment are the
// user and edit summary that line shows; else the first day (00:00 UTC) of the month of
// the newest update marker the text shows ("Actualización 1.3, nov 2022"
// → 2022-11-01; Spanish and English month names and abbreviations, see
// InferUpdateDate), with TimestampInferred set; a page without either gets
// the zero time, still marked inferred. Without a native id, ID is wikirules.DeriveRevisionID(title,
// timestamp, text).
//
// A MediaWiki screen that shows no revision is refused, whether its URL or
// its content says so (classifyText): a diff page, a difference between
// pages, a history feed or page, a contributions, search or other special
// page, an action= screen. The error's cause is a *NotRevisionError naming
// the kind and the page.
//
// Errors are *Error naming name: a read error, invalid UTF-8 (byte offset
// and line), an empty input, a screen that is no revision, a URL line that
// names no page, a first line that cannot be a title (saying what it is),
// or an input over 64 MiB.
func NewPageTextWith(r io.Reader, name string, def Identity) Reader {
	return &renderedReader{r: r, name: name, def: def, parse: func(b []byte, name string, def Identity) (*wikirules.Revision, error) {
		return pageTextRevision(string(b), name, def)
	}}
}

// Offset returns the bytes consumed: 0 before Next, the input size after.
func (p *renderedReader) Offset() int64 { return p.off }

// Next returns the page's revision, then io.EOF; errors are sticky.
func (p *renderedReader) Next() (*wikirules.Revision, error) {
	if p.err != nil {
		return nil, p.err
	}
	if p.done {
		return nil, io.EOF
	}
	p.done = true
	b, err := readRendered(p.r, p.name)
	p.off = int64(len(b))
	if err != nil {
		p.err = err
		return nil, err
	}
	rev, err := p.parse(b, p.name, p.def)
	if err != nil {
		p.err = err
		return nil, err
	}
	return rev, nil
}

// readRendered reads a whole rendered page and checks that it is UTF-8.
func readRendered(r io.Reader, name string) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxRenderedSize+1))
	if err != nil {
		return b, &Error{File: name, Offset: int64(len(b)), Err: fmt.Errorf("reading rendered page: %w", err)}
	}
	if len(b) > maxRenderedSize {
		return b, &Error{File: name, Offset: maxRenderedSize, Err: fmt.Errorf("rendered page larger than %d bytes", maxRenderedSize)}
	}
	if i := firstInvalid(b); i >= 0 {
		return b, &Error{File: name, Offset: int64(i), Line: 1 + bytes.Count(b[:i], []byte("\n")), Err: errInvalidUTF8}
	}
	return b, nil
}

// errNoTitle is the cause of the error for a rendered page without title.
var errNoTitle = errors.New("no page title on the first line")

func pageTextRevision(text, name string, def Identity) (*wikirules.Revision, error) {
	fail := func(line int, err error) error { return &Error{File: name, Offset: 0, Line: line, Err: err} }
	if strings.TrimSpace(text) == "" {
		return nil, fail(1, errors.New("empty rendered page"))
	}
	text = wikirules.NormalizeLineEnds(text)
	first, body, _ := strings.Cut(text, "\n")
	first = strings.TrimSpace(strings.TrimPrefix(first, "\ufeff"))
	var title, wiki, lang, oldID, redirected string
	if LooksLikeURL(first) {
		p, ok := ParsePageURL(first)
		if !ok {
			return nil, fail(1, fmt.Errorf("first line %s is not the URL of a wiki page", wikirules.Excerpt(first, 120)))
		}
		if e := classifyText(body); e != nil && (e.Kind == KindPagesDiff || p.Kind.IsRevision()) {
			if e.Title == "" {
				e.Title = p.Title
			}
			return nil, fail(1, e)
		}
		if e := p.notRevision(first); e != nil {
			return nil, fail(1, e)
		}
		if p.Title == "" {
			return nil, fail(1, fmt.Errorf("the URL %s names no page title", wikirules.Excerpt(first, 120)))
		}
		h := scanHeader(body)
		title = p.Title
		if h.redirectFrom != "" && plausibleTitle(h.heading) == nil {
			title = NormalizeTitle(h.heading, false)
			redirected = NormalizeTitle(h.redirectFrom, false)
		}
		switch {
		case p.Known:
			wiki, lang = p.Wiki, p.Language
			if h.site == oldSiteName && !strings.HasPrefix(wiki, "infinity-n3") {
				wiki = "infinity-n3-" + lang
			}
		default:
			lang = firstOf(def.Language, p.Language, h.lang)
			wiki = firstOf(def.Wiki, wikiName(p.Host, lang))
		}
		oldID = p.OldID
	} else {
		if e := classifyText(text); e != nil {
			return nil, fail(1, e)
		}
		if err := plausibleTitle(first); err != nil {
			return nil, fail(1, fmt.Errorf("cannot tell the page's title: %w; save the page with its URL as the first line", err))
		}
		title = first
		h := scanHeader(body)
		if h.redirectFrom != "" {
			redirected = NormalizeTitle(h.redirectFrom, false)
		}
		lang = firstOf(h.lang, def.Language, defaultLanguage)
		site := firstOf(h.site, defaultSite)
		if site == oldSiteName {
			site = "infinity-n3"
		}
		wiki = firstOf(def.Wiki, wikiName(site, lang))
	}
	if err := wikirules.CheckTitle(title, nil); err != nil {
		return nil, fail(1, fmt.Errorf("page title: %w", err))
	}
	info, exact := RevisionInfo(text)
	ts := info.Time
	if !exact {
		ts, _ = InferUpdateDate(text)
	}
	sum := sha1.Sum([]byte(text))
	id := wikirules.DeriveRevisionID(title, ts, text)
	if oldID != "" {
		id = QualifyID(wiki, oldID)
	}
	return &wikirules.Revision{
		Page: wikirules.Page{Title: title, Namespace: wikirules.DefaultNamespaces().Of(title),
			Language: lang, Wiki: wiki},
		ID:                id,
		Timestamp:         ts,
		TimestampInferred: !exact,
		User:              info.User,
		Comment:           info.Summary,
		SHA1:              hex.EncodeToString(sum[:]),
		Format:            wikirules.FormatPageText,
		Text:              text,
		Origin:            origin(name, 0),
		RedirectedFrom:    redirected,
	}, nil
}

// firstOf returns the first non-empty string.
func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// pageHeader is what the top of a rendered page says about it: the site
// line (MediaWiki's #siteSub, "From SITE" / "De SITE") with its site name
// and language, the heading above it (#firstHeading as text), and the
// redirect the wiki followed to show the page ("(Redirected from X)",
// "(Redirigido desde «X»)": #contentSub's redirectedfrom message).
type pageHeader struct {
	site, lang, heading, redirectFrom string
}

var (
	siteLine     = regexp.MustCompile(`^(From|De) ([^ .,:;|]+(?: [^ .,:;|]+){0,2})$`)
	redirectLine = regexp.MustCompile(`^\((?:Redirected from (.+)|Redirigido desde «(.+)»)\)$`)
)

// scanHeader reads the first non-blank lines of body (headerLines).
func scanHeader(body string) pageHeader {
	var h pageHeader
	prev, seen := "", 0
	for line := range strings.SplitSeq(body, "\n") {
		l := strings.TrimSpace(line)
		if l == "" {
			continue
		}
		if seen++; seen > headerLines {
			break
		}
		if m := siteLine.FindStringSubmatch(l); m != nil && h.site == "" {
			h.site, h.heading = m[2], prev
			h.lang = map[string]string{"From": "en", "De": "es"}[m[1]]
		} else if m := redirectLine.FindStringSubmatch(l); m != nil && h.redirectFrom == "" {
			h.redirectFrom = m[1] + m[2]
			if h.heading == "" {
				h.heading = prev
			}
		}
		prev = l
	}
	return h
}

// noticeWord matches the start of a site notice ("NOTICE: Infinity N5.2
// …", "AVISO: …"): a word in capitals and a colon.
var noticeWord = regexp.MustCompile(`^\p{Lu}{3,}:\s`)

// plausibleTitle returns nil when line can be a page title as a rendered
// page shows it on its first line, else an error saying what it is.
func plausibleTitle(line string) error {
	if line == "" {
		return errNoTitle
	}
	if err := wikirules.CheckTitle(line, nil); err != nil {
		return err
	}
	q := wikirules.Excerpt(line, 80)
	switch {
	case LooksLikeURL(line):
		return fmt.Errorf("the first line %s is a URL", q)
	case noticeWord.MatchString(line):
		return fmt.Errorf("the first line %s is a site notice", q)
	case siteLine.MatchString(line):
		return fmt.Errorf("the first line %s is the site line", q)
	case strings.HasPrefix(line, "Jump to:"), strings.HasPrefix(line, "Saltar a:"):
		return fmt.Errorf("the first line %s is navigation", q)
	case strings.ContainsRune("-•*·#+−", []rune(line)[0]):
		return fmt.Errorf("the first line %s is a list item or marker, not a title", q)
	case strings.Contains(line, " | ") || strings.ContainsAny(line, "<>[]{}|"):
		return fmt.Errorf("the first line %s holds characters no MediaWiki title holds", q)
	case strings.ContainsAny(line[len(line)-1:], ".,;:") || len(strings.Fields(line)) > 12:
		return fmt.Errorf("the first line %s is a sentence, not a title", q)
	}
	return nil
}

// updateMarker matches an update marker line: "Actualización 1.1.1, Dec
// 2021", "Actualización marzo 2022", "Update 1.3, Nov 2022". Group 1 is
// what follows the word.
var updateMarker = regexp.MustCompile(`(?m)^[ \t]*(?:Actualización|Actualizacion|ACTUALIZACIÓN|Update|UPDATE)[ \t]+([^\n]{1,80}?)[ \t\r]*$`)

// monthYear matches "dic 2021", "Dec. 2021", "noviembre de 2022".
var monthYear = regexp.MustCompile(`(?i)\b([a-zé]{3,10})\.?\s+(?:de\s+)?(\d{4})\b`)

// monthNames maps Spanish and English month names and abbreviations
// (lower case, without a final dot) to their month.
var monthNames = map[string]time.Month{
	"enero": 1, "ene": 1, "january": 1, "jan": 1,
	"febrero": 2, "feb": 2, "february": 2,
	"marzo": 3, "mar": 3, "march": 3,
	"abril": 4, "abr": 4, "april": 4, "apr": 4,
	"mayo": 5, "may": 5,
	"junio": 6, "jun": 6, "june": 6,
	"julio": 7, "jul": 7, "july": 7,
	"agosto": 8, "ago": 8, "august": 8, "aug": 8,
	"septiembre": 9, "setiembre": 9, "sep": 9, "sept": 9, "set": 9, "september": 9,
	"octubre": 10, "oct": 10, "october": 10,
	"noviembre": 11, "nov": 11, "november": 11,
	"diciembre": 12, "dic": 12, "december": 12, "dec": 12,
}

// ParseMonthYear reads the month and year of an update's version text
// ("1.1.1, Dec 2021", "marzo 2022", "1.0, enero 2021") and returns the first
// day of that month at 00:00 UTC. ok is false when the text names no month
// (Spanish or English, full or abbreviated) followed by a year.
func ParseMonthYear(s string) (t time.Time, ok bool) {
	for _, m := range monthYear.FindAllStringSubmatch(s, -1) {
		mon, known := monthNames[strings.ToLower(m[1])]
		if !known {
			continue
		}
		var y int
		fmt.Sscanf(m[2], "%d", &y)
		if y < 1000 {
			continue
		}
		return time.Date(y, mon, 1, 0, 0, 0, 0, time.UTC), true
	}
	return time.Time{}, false
}

// revisionInfo matches the line MediaWiki shows above a revision viewed
// with oldid=N: the revision-info message of an old revision ("Revision
// as of 14:24, 10 September 2020 by Ian (talk | contribs)", "Revisión del
// 16:08 20 abr 2020 de Ian", "Revisión de 11:03 24 sep 2015 por
// HellLois") or the revision-info-current message of the page's latest
// one ("Latest revision as of 19:22, 15 September 2020"; the corpus shows
// no Spanish capture of it). Groups: "Latest " when current, hour,
// minute, day, month name, year.
var revisionInfo = regexp.MustCompile(`(?m)^[ \t]*(?:(Latest )?[Rr]evision as of|Revisión del?)[ \t]+(\d{1,2}):(\d{2}),?[ \t]+(\d{1,2})[ \t]+(?:de[ \t]+)?([A-Za-zé]{3,10})\.?[ \t]+(?:de[ \t]+)?(\d{4})\b`)

// revisionInfoTail matches what follows the date on the revision-info
// line: "by"/"de"/"por", the user, the user's tool links in parentheses
// ("(talk | contribs)", "(discusión | contribs.)") and the edit summary
// in parentheses when the revision has one ("(Created page with "…")",
// "(PDF 2.1)"). Groups: user, summary.
var revisionInfoTail = regexp.MustCompile(`^[ \t]+(?:by|de|por)[ \t]+(.+?)[ \t]+\([^()|\n]*\|[^()\n]*\)(?:[ \t]+\((.*)\))?[ \t]*$`)

// RevisionInfoLine is what MediaWiki's revision-info line above a
// rendered revision says of it.
type RevisionInfoLine struct {
	// Time is the revision's time to the minute, read as UTC: the wiki
	// shows it in its local time zone, which the page does not name.
	Time time.Time
	// User and Summary are the revision's author and edit summary; ""
	// when the line does not show them (a diff screen's header shows the
	// date alone).
	User, Summary string
	// Latest is true for the revision-info-current wording ("Latest
	// revision as of"): the revision was the page's newest when the page
	// was captured. The revision-info wording ("Revision as of") says a
	// newer revision existed then.
	Latest bool
}

// RevisionInfo reads MediaWiki's revision-info line of a rendered
// revision (revisionInfo, revisionInfoTail). Only the first 64 lines are
// read (the line stands above the page's text; a quote of it further
// down is not the revision's). ok is false without such a line or when
// its date is no date.
func RevisionInfo(text string) (info RevisionInfoLine, ok bool) {
	head := text
	if n := nthLine(text, 4*headerLines); n >= 0 {
		head = text[:n]
	}
	loc := revisionInfo.FindStringSubmatchIndex(head)
	if loc == nil {
		return info, false
	}
	m := make([]string, len(loc)/2)
	for i := range m {
		if loc[2*i] >= 0 {
			m[i] = head[loc[2*i]:loc[2*i+1]]
		}
	}
	mon, known := monthNames[strings.ToLower(m[5])]
	if !known {
		return info, false
	}
	var h, mi, d, y int
	fmt.Sscanf(m[2]+" "+m[3]+" "+m[4]+" "+m[6], "%d %d %d %d", &h, &mi, &d, &y)
	t := time.Date(y, mon, d, h, mi, 0, 0, time.UTC)
	if h > 23 || mi > 59 || t.Day() != d {
		return info, false
	}
	info = RevisionInfoLine{Time: t, Latest: m[1] != ""}
	rest := head[loc[1]:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	if tm := revisionInfoTail.FindStringSubmatch(rest); tm != nil {
		info.User, info.Summary = tm[1], strings.TrimSpace(tm[2])
	}
	return info, true
}

// RevisionInfoTime returns the time of a rendered revision's
// revision-info line (RevisionInfo); ok is false without one.
func RevisionInfoTime(text string) (t time.Time, ok bool) {
	info, ok := RevisionInfo(text)
	return info.Time, ok
}

// nthLine returns the byte offset just past the n-th newline of s, or -1
// when s has fewer lines.
func nthLine(s string, n int) int {
	off := 0
	for i := 0; i < n; i++ {
		j := strings.IndexByte(s[off:], '\n')
		if j < 0 {
			return -1
		}
		off += j + 1
	}
	return off
}

// InferUpdateDate returns the date of the newest update marker of a
// rendered page (a line "Actualización VERSION" whose version names a month
// and year, see ParseMonthYear): the page shows at least the state of that
// update. ok is false when no marker is dated. Markers are found in text
// lines; for HTML pass the text content.
func InferUpdateDate(text string) (t time.Time, ok bool) {
	for _, m := range updateMarker.FindAllStringSubmatch(text, -1) {
		if d, dated := ParseMonthYear(m[1]); dated && d.After(t) {
			t, ok = d, true
		}
	}
	return t, ok
}
