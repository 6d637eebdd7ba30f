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

// pageTextReader yields the single revision of one rendered page.
type pageTextReader struct {
	r    io.Reader
	name string
	off  int64
	done bool
	err  error
}

// NewPageText returns a Reader over one rendered page as text (format
// wikirules.FormatPageText). It yields exactly one revision, then io.EOF:
//
//   - Page.Title is the first line (a UTF-8 byte-order mark and white space
//     trimmed); Namespace comes from a namespace prefix that
//     wikirules.DefaultNamespaces knows; Language is
//     "es"; Wiki is "infinity-es", or the site a "De SITE" line of the page
//     header names ("De Infinity", as MediaWiki's #siteSub shows it).
//   - Text is the input verbatim (not even the final newline is trimmed)
//     but for its line ends, made "\n" (wikirules.NormalizeLineEnds: a
//     CRLF copy of the file is the same revision); SHA1 is its hex SHA-1; Format is FormatPageText; Origin is "name:0".
//   - Timestamp is the first day (00:00 UTC) of the month of the newest
//     update marker the text shows ("Actualización 1.3, nov 2022" → 2022-11-01;
//     Spanish and English month names and abbreviations, see
//     InferUpdateDate), with TimestampInferred set. A page without a dated
//     marker gets the zero time, still marked inferred.
//   - ID is wikirules.DeriveRevisionID(title, timestamp, text).
//
// Errors are *Error naming name: a read error, invalid UTF-8 (byte offset
// and line), an empty input, a blank first line (no title) or one that
// cannot be a title (over 255 bytes, wikirules.CheckTitle), or an input
// over 64 MiB.
func NewPageText(r io.Reader, name string) Reader {
	return &pageTextReader{r: r, name: name}
}

// Offset returns the bytes consumed: 0 before Next, the input size after.
func (p *pageTextReader) Offset() int64 { return p.off }

// Next returns the page's revision, then io.EOF; errors are sticky.
func (p *pageTextReader) Next() (*wikirules.Revision, error) {
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
	rev, err := pageTextRevision(string(b), p.name)
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

func pageTextRevision(text, name string) (*wikirules.Revision, error) {
	if strings.TrimSpace(text) == "" {
		return nil, &Error{File: name, Offset: 0, Line: 1, Err: errors.New("empty rendered page")}
	}
	text = wikirules.NormalizeLineEnds(text)
	first, _, _ := strings.Cut(text, "\n")
	title := strings.TrimSpace(strings.TrimPrefix(first, "\ufeff"))
	if title == "" {
		return nil, &Error{File: name, Offset: 0, Line: 1, Err: errNoTitle}
	}
	if err := wikirules.CheckTitle(title, nil); err != nil {
		return nil, &Error{File: name, Offset: 0, Line: 1, Err: fmt.Errorf("first line: %w", err)}
	}
	site := siteOfPageText(text)
	ts, _ := InferUpdateDate(text)
	sum := sha1.Sum([]byte(text))
	return &wikirules.Revision{
		Page: wikirules.Page{Title: title, Namespace: wikirules.DefaultNamespaces().Of(title),
			Language: defaultLanguage, Wiki: wikiName(site, defaultLanguage)},
		ID:                wikirules.DeriveRevisionID(title, ts, text),
		Timestamp:         ts,
		TimestampInferred: true,
		SHA1:              hex.EncodeToString(sum[:]),
		Format:            wikirules.FormatPageText,
		Text:              text,
		Origin:            origin(name, 0),
	}, nil
}

// siteOfPageText returns the site named by a "De SITE" line among the first
// lines of a rendered page (MediaWiki's #siteSub, "From SITE" in English),
// or defaultSite.
func siteOfPageText(text string) string {
	lines := strings.SplitN(text, "\n", 8)
	for _, l := range lines[1:min(len(lines), 7)] {
		l = strings.TrimSpace(l)
		for _, pre := range []string{"De ", "From "} {
			if rest, ok := strings.CutPrefix(l, pre); ok && rest != "" && !strings.ContainsAny(rest, " .,:;") {
				return rest
			}
		}
	}
	return defaultSite
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
