package source

import (
	"bufio"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/wikirules/wikirules"
)

// The contributions dump (seed 000_…) is a text rendering of a user's
// contributions with their wikitext:
//
//	Infinity - Contribuciones del usuario [es]      header: site, language tag
//	                                                 blank
//	Suplantado                                       page title
//	                                                 blank
//	2021-02-11T11:04:04Z                             RFC 3339 timestamp
//	                                                 blank
//	HellLois2:                                       user name and ':'
//	                                                 blank
//	{{section-game-states}}                          raw wikitext …
//	…                                                … until the next title
//
// A revision header is recognised by looking ahead five lines: a non-blank
// title line, a blank line, a line that parses as RFC 3339, a blank line and
// a non-blank line ending in ':'; it must follow a blank line (or the file
// header). The text of a revision is every byte from the line after the
// blank that follows the user line up to the next revision header or the end
// of the file, with its line ends made "\n" and the trailing ones removed,
// as MediaWiki does on save (TextContent::normalizeLineEndings: "\r\n" and
// "\r" become "\n", then the text is right-trimmed; here only of line
// breaks, which strips the blank lines separating revisions): a copy of
// the dump with CRLF line ends gives the same revisions. Everything else
// is kept verbatim, lines of spaces included.

// contribsLine is one line of input: raw holds the line with its
// terminator, off its byte offset and no its 1-based line number; bad is
// the index in raw of its first invalid UTF-8 sequence, -1 when valid.
type contribsLine struct {
	raw string
	off int64
	no  int
	bad int
}

// text returns the line without its "\n" or "\r\n" terminator.
func (l contribsLine) text() string {
	s := strings.TrimSuffix(l.raw, "\n")
	return strings.TrimSuffix(s, "\r")
}

func (l contribsLine) blank() bool { return l.bad < 0 && strings.TrimSpace(l.raw) == "" }

type contribsReader struct {
	br      *bufio.Reader
	name    string
	off     int64 // bytes read from br
	lines   int   // lines read from br
	look    []contribsLine
	eof     bool
	err     error
	started bool
	page    wikirules.Page
	title   string // of the revision being read, for messages
	resync  bool   // the last error was a revision's: skip to the next header first
}

// NewContribs returns a Reader over a contributions dump (format
// wikirules.FormatContribs). name is used in errors and in Revision.Origin
// ("name:byte offset of the title line").
//
// Each revision gets Page{Title, Namespace (from a namespace prefix
// wikirules.DefaultNamespaces knows, else 0), Language (the header's "[es]" tag), Wiki ("infinity-es": the
// header's site name before " - " plus the language)}, Timestamp in UTC,
// User without the ':', ID = wikirules.DeriveRevisionID(title, timestamp,
// text) and SHA1 = hex SHA-1 of Text. Text is the wikitext verbatim minus
// the line breaks at its end (the blank lines separating revisions), with
// "\n" line ends (see the format comment above). The input is read line by line; only the current
// revision's text is held in memory.
//
// Errors: a missing or malformed header, a line that is not a revision
// header where one is expected, a title MediaWiki would refuse
// (wikirules.CheckTitle: empty, over 255 bytes) or invalid UTF-8 give an *Error with the
// line number and byte offset (and the page title when inside a
// revision). After the file header they are Skippable: the bad revision
// (or the lines that are no revision) is dropped and the next Next goes on
// at the next revision header, as a revision's text ends there anyway. A
// missing file header and a failing reader are final.
func NewContribs(r io.Reader, name string) Reader {
	return &contribsReader{br: bufio.NewReaderSize(r, 64<<10), name: name}
}

func (c *contribsReader) Offset() int64 {
	if len(c.look) > 0 {
		return c.look[0].off
	}
	return c.off
}

// fill reads lines until the look-ahead holds n lines or the input ends; it
// reports whether n lines are available.
func (c *contribsReader) fill(n int) (bool, error) {
	for len(c.look) < n && !c.eof {
		s, err := c.br.ReadString('\n')
		if err != nil && err != io.EOF {
			e := c.errorf(c.off, c.lines+1, "read: %w", err)
			e.(*Error).read = true
			return false, e
		}
		if err == io.EOF {
			c.eof = true
		}
		if s == "" {
			break
		}
		l := contribsLine{raw: s, off: c.off, no: c.lines + 1, bad: -1}
		c.off += int64(len(s))
		c.lines++
		if !utf8.ValidString(s) {
			l.bad = invalidUTF8At(s) // an error when the line is used
		}
		c.look = append(c.look, l)
	}
	return len(c.look) >= n, nil
}

// invalidUTF8At returns the byte index of the first invalid sequence in s.
func invalidUTF8At(s string) int {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(s)
}

func (c *contribsReader) errorf(off int64, line int, format string, args ...any) error {
	return &Error{File: c.name, Offset: off, Line: line, Err: fmt.Errorf(format, args...)}
}

// pop removes and returns the first look-ahead line.
func (c *contribsReader) pop() contribsLine {
	l := c.look[0]
	c.look[0] = contribsLine{}
	c.look = c.look[1:]
	return l
}

// isHeaderAt reports whether the look-ahead lines i…i+4 are a revision
// header (title, blank, timestamp, blank, user line ending in ':').
func (c *contribsReader) isHeaderAt(i int) (bool, error) {
	ok, err := c.fill(i + 5)
	if err != nil || !ok {
		return false, err
	}
	h := c.look[i : i+5]
	if h[0].blank() || !h[1].blank() || !h[3].blank() || h[4].blank() {
		return false, nil
	}
	if !strings.HasSuffix(strings.TrimRight(h[4].text(), " \t"), ":") {
		return false, nil
	}
	_, perr := time.Parse(time.RFC3339, strings.TrimSpace(h[2].text()))
	return perr == nil, nil
}

// parseContribsHeader reads "Infinity - Contribuciones del usuario [es]"
// into a site name ("Infinity") and a language ("es").
func parseContribsHeader(s string) (site, lang string, ok bool) {
	s = strings.TrimSpace(strings.TrimPrefix(s, "\ufeff"))
	if !strings.HasSuffix(s, "]") {
		return "", "", false
	}
	i := strings.LastIndexByte(s, '[')
	if i < 0 {
		return "", "", false
	}
	lang = strings.TrimSpace(s[i+1 : len(s)-1])
	if lang == "" || len(lang) > 12 || strings.ContainsAny(lang, " []") {
		return "", "", false
	}
	site = strings.TrimSpace(s[:i])
	if j := strings.Index(site, " - "); j >= 0 {
		site = site[:j]
	}
	return site, lang, true
}

func (c *contribsReader) start() error {
	c.started = true
	ok, err := c.fill(1)
	if err != nil {
		return err
	}
	if !ok {
		return io.EOF // an empty input holds no revisions
	}
	h := c.pop()
	site, lang, ok := parseContribsHeader(h.text())
	if !ok {
		return c.errorf(h.off, h.no, "contributions dump: header %q does not end in a language tag like [es]", clip(h.text(), 80))
	}
	c.page = wikirules.Page{Language: lang, Wiki: wikiName(site, lang)}
	return nil
}

func (c *contribsReader) Next() (*wikirules.Revision, error) {
	if c.resync {
		c.resync = false
		if err := c.skipToHeader(); err != nil {
			c.err = err
			return nil, err
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	rev, err := c.next()
	if err != nil {
		var e *Error
		if c.page.Language != "" && errors.As(err, &e) && !e.read {
			c.resync = true
			skippable(err)
		} else {
			c.err = err
		}
	}
	return rev, err
}

// skipToHeader drops lines up to the next revision header that follows a
// blank line (or up to the end).
func (c *contribsReader) skipToHeader() error {
	prevBlank := false
	for {
		ok, err := c.fill(1)
		if err != nil {
			return err
		}
		if !ok {
			return io.EOF
		}
		if prevBlank {
			if head, err := c.isHeaderAt(0); err != nil {
				return err
			} else if head {
				return nil
			}
		}
		prevBlank = c.pop().blank()
	}
}

// badLine returns the invalid UTF-8 error of line l.
func (c *contribsReader) badLine(l contribsLine) error {
	e := c.errorf(l.off+int64(l.bad), l.no, "invalid UTF-8")
	if c.title != "" {
		e.(*Error).Err = fmt.Errorf("%s: %w", PageName(c.title), e.(*Error).Err)
	}
	return e
}

func (c *contribsReader) next() (*wikirules.Revision, error) {
	if !c.started {
		if err := c.start(); err != nil {
			return nil, err
		}
	}
	// Skip blank lines before the revision header.
	for {
		ok, err := c.fill(1)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, io.EOF
		}
		if !c.look[0].blank() {
			break
		}
		c.pop()
	}
	c.title = ""
	isHead, err := c.isHeaderAt(0)
	if err != nil {
		return nil, err
	}
	if !isHead {
		l := c.look[0]
		if l.bad >= 0 {
			return nil, c.badLine(l)
		}
		return nil, c.errorf(l.off, l.no, "contributions dump: want a revision header (title, blank, RFC 3339 timestamp, blank, \"User:\"), got %q", clip(l.text(), 80))
	}
	titleLine := c.pop()
	c.pop()
	tsLine := c.pop()
	c.pop()
	userLine := c.pop()
	ts, err := time.Parse(time.RFC3339, strings.TrimSpace(tsLine.text()))
	if err != nil { // checked by isHeaderAt
		return nil, c.errorf(tsLine.off, tsLine.no, "timestamp: %w", err)
	}
	user := strings.TrimSuffix(strings.TrimRight(userLine.text(), " \t"), ":")
	if titleLine.bad >= 0 {
		return nil, c.badLine(titleLine)
	}
	c.title = strings.TrimSpace(titleLine.text())
	if userLine.bad >= 0 {
		return nil, c.badLine(userLine)
	}

	// One blank line separates the user line from the wikitext.
	if ok, err := c.fill(1); err != nil {
		return nil, err
	} else if ok && c.look[0].blank() {
		c.pop()
	}
	if ok, _ := c.fill(1); ok && c.look[0].bad >= 0 {
		return nil, c.badLine(c.pop())
	}
	var text strings.Builder
	prevBlank := true
	for {
		ok, err := c.fill(1)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if prevBlank {
			if head, err := c.isHeaderAt(0); err != nil {
				return nil, err
			} else if head {
				break
			}
		}
		l := c.pop()
		if l.bad >= 0 {
			return nil, c.badLine(l)
		}
		prevBlank = l.blank()
		text.WriteString(l.raw)
	}
	body := strings.TrimRight(wikirules.NormalizeLineEnds(text.String()), "\n")
	title := strings.TrimSpace(titleLine.text())
	if err := wikirules.CheckTitle(title, nil); err != nil {
		return nil, c.errorf(titleLine.off, titleLine.no, "revision header: %w", err)
	}
	page := c.page
	page.Title = title
	page.Namespace = wikirules.DefaultNamespaces().Of(title)
	ts = ts.UTC()
	sum := sha1.Sum([]byte(body))
	return &wikirules.Revision{
		Page:      page,
		ID:        wikirules.DeriveRevisionID(title, ts, body),
		Timestamp: ts,
		User:      user,
		SHA1:      hex.EncodeToString(sum[:]),
		Format:    wikirules.FormatContribs,
		Text:      body,
		Origin:    origin(c.name, titleLine.off),
	}, nil
}

// clip shortens s to at most n bytes (on a rune boundary) for messages.
// PageName names a page in a message: "page" and its title quoted, the
// title clipped to 80 bytes. A title that passes wikirules.CheckTitle
// may still be long (255 bytes after a namespace prefix and the white
// space after its colon, which a hostile dump can make 100 KB), and no
// message quotes more than an excerpt of its input.
func PageName(title string) string { return fmt.Sprintf("page %q", clip(title, 80)) }

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
