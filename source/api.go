package source

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
)

// MediaWiki API JSON (action=query&prop=revisions&rvprop=ids|timestamp|
// user|comment|flags|sha1|content&rvslots=main), in its shapes:
//
//	formatversion=1: "pages": {"12": {"pageid": 12, "ns": 0, "title": "Esquivar", "revisions": [
//	                   {"revid": 102, "parentid": 101, "minor": "", "user": "…", "anon": "", "timestamp": "…",
//	                    "comment": "…", "sha1": "hex", "slots": {"main": {"contentmodel": "wikitext", "*": "text"}}}]}}
//	formatversion=2: "pages": [{…, "revisions": [{…, "minor": true, "slots": {"main": {"content": "text"}}}]}]
//	legacy (no rvslots, before MediaWiki 1.32): the text sits in the revision itself, as "*" or "content".
//
// The reader walks the JSON tokens with encoding/json's Decoder and decodes
// one revision object at a time, so a file holds any number of pages and
// revisions in constant memory (one revision at a time). A file may hold
// several responses one after the other (continuation batches appended),
// or a JSON array of responses. query.general (meta=siteinfo) gives the
// language and wiki when it comes before the pages.

type apiState uint8

const (
	apiTop      apiState = iota // sequence of responses
	apiTopArray                 // inside a top-level array of responses
	apiResponse                 // inside a response object
	apiQuery                    // inside "query"
	apiPagesObj                 // inside "pages" as an object (formatversion 1)
	apiPagesArr                 // inside "pages" as an array (formatversion 2)
	apiPage                     // inside one page object
	apiRevs                     // inside a page's "revisions" array
)

type apiReader struct {
	name      string
	dec       *json.Decoder
	utf8      *utf8Reader // dec's input, lenient: see badUTF8
	base      int64       // bytes before what dec reads (a byte order mark)
	err       error
	stack     []apiState
	site      wikirules.Page
	page      wikirules.Page
	titleSeen bool
	pending   []*wikirules.Revision // revisions read before the page's title
	queue     []*wikirules.Revision // revisions ready to hand out
	responses int
}

// NewAPI returns a Reader over MediaWiki API JSON for prop=revisions,
// formatversion 1 or 2, with rvslots=main or in the legacy shape without
// slots. Each revision gives a Revision with ID = revid, ParentID = parentid
// (empty for 0), Timestamp in UTC, User, Comment, Minor, Text = the main
// slot's content and SHA1 = hex SHA-1 of Text; Page from the page's title
// and ns, Language and Wiki from query.general's lang and wikiid (or
// sitename) when present. Pages marked missing or invalid and revisions
// without content (texthidden, or content not requested) are skipped.
//
// Errors (*Error with byte offset): malformed or truncated JSON, invalid
// UTF-8 (which encoding/json alone would turn into U+FFFD), an API error
// response, a revision without revid or with a bad timestamp, and a text
// whose SHA-1 disagrees with the revision's sha1 (naming page and revision).
// Those of one revision (invalid UTF-8 inside it included) are Skippable:
// the next call reads on after it.
//
// A UTF-8 byte order mark before the JSON is skipped (offsets still count
// it).
func NewAPI(r io.Reader, name string) Reader {
	br := bufio.NewReader(r)
	var base int64
	if head, _ := br.Peek(len(utf8BOM)); bytes.Equal(head, utf8BOM) {
		br.Discard(len(utf8BOM))
		base = int64(len(utf8BOM))
	}
	u := newUTF8Reader(br)
	u.lenient = true
	dec := json.NewDecoder(u)
	dec.UseNumber()
	return &apiReader{name: name, dec: dec, utf8: u, base: base, stack: []apiState{apiTop}}
}

// utf8BOM is the UTF-8 encoding of U+FEFF, which some editors put at the
// start of a file.
var utf8BOM = []byte("\ufeff")

// inputOffset is the decoder's offset in the file.
func (a *apiReader) inputOffset() int64 { return a.base + a.dec.InputOffset() }

func (a *apiReader) Offset() int64 { return a.inputOffset() }

func (a *apiReader) Next() (*wikirules.Revision, error) {
	if a.err != nil {
		return nil, a.err
	}
	rev, err := a.next()
	if err != nil && final(err) {
		a.err = err
	}
	return rev, err
}

func (a *apiReader) fail(err error, what string) error {
	e := &Error{File: a.name, Offset: a.dec.InputOffset(), Err: err} // relative to dec until the end
	var ue *utf8Error
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &ue):
		e.Offset, e.Err = ue.Offset, errInvalidUTF8
	case errors.As(err, &se):
		e.Offset = a.syntaxOffset()
		e.Err = fmt.Errorf("malformed JSON: %w", err)
	case errors.As(err, &te):
		e.Offset = te.Offset
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		e.Err = fmt.Errorf("truncated JSON: %w", io.ErrUnexpectedEOF)
	}
	if what != "" {
		e.Err = fmt.Errorf("%s: %w", what, e.Err)
	}
	e.Offset += a.base
	return e
}

// syntaxOffset returns the byte offset of a syntax error. The Decoder's own
// SyntaxError.Offset counts only bytes consumed by Decode, not by Token, so
// the failing value (still buffered, from InputOffset on) is scanned again
// by a fresh decoder whose offset is relative to that value.
func (a *apiReader) syntaxOffset() int64 {
	base := a.dec.InputOffset()
	var v json.RawMessage
	err := json.NewDecoder(a.dec.Buffered()).Decode(&v)
	var se *json.SyntaxError
	if errors.As(err, &se) && se.Offset > 0 {
		return base + se.Offset - 1
	}
	return base
}

func (a *apiReader) failf(what, format string, args ...any) error {
	return a.fail(fmt.Errorf(format, args...), what)
}

func (a *apiReader) push(s apiState) { a.stack = append(a.stack, s) }
func (a *apiReader) pop()            { a.stack = a.stack[:len(a.stack)-1] }

// token returns the next token; io.EOF inside a value is truncation.
func (a *apiReader) token() (json.Token, error) {
	t, err := a.dec.Token()
	if err == io.EOF && len(a.stack) == 1 {
		return nil, io.EOF // between responses: the end of the input
	}
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		return nil, a.fail(err, a.where())
	}
	if err := a.badUTF8(-1); err != nil {
		return nil, err
	}
	return t, nil
}

// badUTF8 returns the error for invalid UTF-8 in what dec has consumed
// (encoding/json would turn it into U+FFFD): inside the revision that
// started at byte rev (-1: none), a Skippable error naming it (that
// revision is bad, reading goes on); anywhere else, an error that ends the
// input.
func (a *apiReader) badUTF8(rev int64) error {
	off := a.utf8.badBefore(a.dec.InputOffset())
	if off < 0 {
		return nil
	}
	e := &Error{File: a.name, Offset: off + a.base, Err: errInvalidUTF8}
	if rev >= 0 && off+a.base >= rev {
		e.Err = fmt.Errorf("page %q revision at byte %d: %w", a.page.Title, rev, errInvalidUTF8)
		e.Skippable = true
	} else if w := a.where(); w != "" {
		e.Err = fmt.Errorf("%s: %w", w, errInvalidUTF8)
	}
	return e
}

func (a *apiReader) where() string {
	if len(a.stack) > 0 && a.stack[len(a.stack)-1] >= apiPage && a.page.Title != "" {
		return fmt.Sprintf("page %q", a.page.Title)
	}
	return ""
}

// skipValue skips the next value (scalar, object or array).
func (a *apiReader) skipValue() error {
	depth := 0
	for {
		t, err := a.token()
		if err != nil {
			return err
		}
		if d, ok := t.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
		if depth == 0 {
			return nil
		}
	}
}

// openValue reads the next token and checks that it opens want ('{' or '[').
func (a *apiReader) openValue(key string, want json.Delim) error {
	t, err := a.token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return a.failf(a.where(), "%q: want %c, got %v", key, want, t)
	}
	return nil
}

func (a *apiReader) next() (*wikirules.Revision, error) {
	for {
		if len(a.queue) > 0 {
			r := a.queue[0]
			a.queue[0] = nil
			a.queue = a.queue[1:]
			return r, nil
		}
		state := a.stack[len(a.stack)-1]
		if state == apiRevs {
			if !a.dec.More() {
				if _, err := a.token(); err != nil { // ']'
					return nil, err
				}
				a.pop()
				continue
			}
			rev, err := a.readRevision()
			if err != nil {
				return nil, err
			}
			if rev == nil {
				continue
			}
			if !a.titleSeen {
				a.pending = append(a.pending, rev)
				continue
			}
			return rev, nil
		}
		t, err := a.token()
		if err == io.EOF {
			if a.responses == 0 {
				return nil, a.failf("", "not MediaWiki API JSON: empty input")
			}
			return nil, io.EOF
		}
		if err != nil {
			return nil, err
		}
		if err := a.step(state, t); err != nil {
			return nil, err
		}
	}
}

// step handles token t read in state.
func (a *apiReader) step(state apiState, t json.Token) error {
	d, isDelim := t.(json.Delim)
	if isDelim && (d == '}' || d == ']') {
		if state == apiPage {
			a.endPage()
		}
		a.pop()
		return nil
	}
	switch state {
	case apiTop, apiTopArray:
		switch {
		case isDelim && d == '{':
			a.responses++
			a.push(apiResponse)
		case isDelim && d == '[' && state == apiTop:
			a.push(apiTopArray)
		default:
			return a.failf("", "not MediaWiki API JSON: want an object, got %v", t)
		}
		return nil
	case apiPagesArr:
		if !isDelim || d != '{' {
			return a.failf("", "query.pages: want a page object, got %v", t)
		}
		a.startPage()
		return nil
	}
	key, ok := t.(string)
	if !ok {
		return a.failf(a.where(), "want an object key, got %v", t)
	}
	switch state {
	case apiResponse:
		switch key {
		case "query":
			a.push(apiQuery)
			return a.openValue(key, '{')
		case "error":
			var e struct{ Code, Info string }
			if err := a.dec.Decode(&e); err != nil {
				return a.fail(err, "error")
			}
			return a.failf("", "API error %s: %s", e.Code, e.Info)
		}
	case apiQuery:
		switch key {
		case "general":
			var g struct{ Sitename, Lang, Wikiid string }
			if err := a.dec.Decode(&g); err != nil {
				return a.fail(err, "query.general")
			}
			a.site.Language = g.Lang
			if g.Wikiid != "" {
				a.site.Wiki = wikiName(g.Wikiid, "")
			} else {
				a.site.Wiki = wikiName(g.Sitename, g.Lang)
			}
			return nil
		case "pages":
			t, err := a.token()
			if err != nil {
				return err
			}
			switch t {
			case json.Delim('{'):
				a.push(apiPagesObj)
			case json.Delim('['):
				a.push(apiPagesArr)
			default:
				return a.failf("", "query.pages: want an object or array, got %v", t)
			}
			return nil
		}
	case apiPagesObj:
		if err := a.openValue("pages."+key, '{'); err != nil {
			return err
		}
		a.startPage()
		return nil
	case apiPage:
		switch key {
		case "title":
			if err := a.dec.Decode(&a.page.Title); err != nil {
				return a.fail(err, "page title")
			}
			a.titleSeen = true
			if a.page.Namespace == 0 {
				a.page.Namespace = titleNamespace(a.page.Title)
			}
			return nil
		case "ns":
			if err := a.dec.Decode(&a.page.Namespace); err != nil {
				return a.fail(err, a.where()+" ns")
			}
			return nil
		case "revisions":
			a.push(apiRevs)
			return a.openValue(key, '[')
		}
	}
	return a.skipValue()
}

func (a *apiReader) startPage() {
	a.push(apiPage)
	a.page = a.site
	a.titleSeen = false
	a.pending = a.pending[:0]
}

// endPage hands out revisions that came before the page's title.
func (a *apiReader) endPage() {
	for _, r := range a.pending {
		r.Page = a.page
		a.queue = append(a.queue, r)
	}
	a.pending = nil
}

// apiContent is where the text of a revision or of its main slot sits.
type apiContent struct {
	Content *string `json:"content"` // formatversion 2
	Star    *string `json:"*"`       // formatversion 1
}

func (c apiContent) text() (string, bool) {
	switch {
	case c.Content != nil:
		return *c.Content, true
	case c.Star != nil:
		return *c.Star, true
	}
	return "", false
}

type apiRevision struct {
	RevID     json.RawMessage `json:"revid"`
	ParentID  json.RawMessage `json:"parentid"`
	Minor     json.RawMessage `json:"minor"`
	User      string          `json:"user"`
	Timestamp string          `json:"timestamp"`
	Comment   string          `json:"comment"`
	SHA1      string          `json:"sha1"`
	Slots     map[string]apiContent
	apiContent
}

// rawID returns a JSON number or string as a string ("" for null, 0 or "").
func rawID(m json.RawMessage) string {
	s := strings.TrimSpace(string(m))
	if strings.HasPrefix(s, `"`) {
		var v string
		if json.Unmarshal(m, &v) == nil {
			s = v
		}
	}
	if s == "null" || s == "0" {
		return ""
	}
	return s
}

// rawFlag reads a formatversion 1 flag ("" present = true) or a
// formatversion 2 boolean.
func rawFlag(m json.RawMessage) bool {
	s := strings.TrimSpace(string(m))
	return s != "" && s != "false" && s != "null"
}

// readRevision decodes one revision object; nil, nil when it has no text.
func (a *apiReader) readRevision() (*wikirules.Revision, error) {
	off := a.inputOffset()
	var ar apiRevision
	if err := a.dec.Decode(&ar); err != nil {
		return nil, a.fail(err, a.where())
	}
	if err := a.badUTF8(off); err != nil {
		return nil, err
	}
	rev := &wikirules.Revision{
		Page:     a.page,
		ID:       QualifyID(a.page.Wiki, rawID(ar.RevID)),
		ParentID: QualifyID(a.page.Wiki, rawID(ar.ParentID)),
		User:     ar.User,
		Comment:  ar.Comment,
		Minor:    rawFlag(ar.Minor),
		Format:   wikirules.FormatAPI,
		Origin:   origin(a.name, off),
	}
	what := fmt.Sprintf("page %q revision %s", rev.Page.Title, rev.ID)
	if rev.ID == "" {
		return nil, skippable(a.failf(a.where(), "revision without revid"))
	}
	for _, id := range []struct {
		name string
		raw  json.RawMessage
	}{{"revid", ar.RevID}, {"parentid", ar.ParentID}} {
		if v := rawID(id.raw); v != "" && !validRevID(v, bytes.HasPrefix(bytes.TrimSpace(id.raw), []byte(`"`))) {
			return nil, skippable(a.failf(fmt.Sprintf("page %q", rev.Page.Title), "bad %s %.40q: want a positive integer (or a derived id)", id.name, v))
		}
	}
	ts, err := time.Parse(time.RFC3339, ar.Timestamp)
	if err != nil {
		return nil, skippable(a.failf(what, "bad timestamp %q: %w", ar.Timestamp, err))
	}
	rev.Timestamp = ts.UTC()
	text, ok := ar.apiContent.text()
	if main, has := ar.Slots["main"]; has {
		text, ok = main.text()
	}
	if !ok {
		return nil, nil
	}
	rev.Text = text
	sum := sha1.Sum([]byte(text))
	rev.SHA1 = hex.EncodeToString(sum[:])
	if ar.SHA1 != "" && !sameSHA1(rev.SHA1, ar.SHA1) {
		return nil, skippable(a.failf(what, "text SHA-1 %s does not match the API's %s", rev.SHA1, ar.SHA1))
	}
	return rev, nil
}
