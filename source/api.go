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
	pageOff   int64 // input offset of the current page object
	titleSeen bool
	nsSeen    bool
	nsGiven   int                   // the page's "ns", when nsSeen
	badPage   bool                  // the page's title or ns was refused: its revisions are dropped
	pending   []*wikirules.Revision // revisions read before the page's title
	queue     []*wikirules.Revision // revisions ready to hand out
	responses int

	siteNames []wikirules.NamespaceName // query.namespaces and namespacealiases
	names     *wikirules.Namespaces     // built from siteNames (nil: the default names)
	noText    []TextlessRevision
	lastValue int64 // input offset of the last value decode read
	// replyKeys counts the keys of the response being read that an API
	// reply has (apiReplyKeys): an object with none is not one.
	replyKeys int
}

// apiReplyKeys are top-level keys of MediaWiki Action API replies
// (ApiMain, ApiResult, ApiQuery, ApiContinuationManager): a response
// object holding none of them (a JSON file of something else) is refused.
var apiReplyKeys = map[string]bool{
	"query": true, "continue": true, "query-continue": true, "batchcomplete": true, "error": true, "errors": true,
	"warnings": true, "servedby": true, "curtimestamp": true, "requestid": true, "limits": true,
}

// NewAPI returns a Reader over MediaWiki API JSON for prop=revisions,
// formatversion 1 or 2, with rvslots=main or in the legacy shape without
// slots. Each revision gives a Revision with ID = revid, ParentID = parentid
// (empty for 0), Timestamp in UTC, User, Comment, Minor ("" in
// formatversion 1, true/false in 2), Model = the slot's contentmodel, Text
// = the main slot's content with "\n" line ends (wikirules.NormalizeLineEnds)
// and SHA1 = hex SHA-1 of Text; Page from the page's title and ns (the
// title's prefix decides when ns is missing or 0: wikirules.Namespaces.Resolve,
// with the names of query.namespaces and query.namespacealiases when they
// come before the pages), Language and Wiki from query.general's lang and
// wikiid (or sitename) when present. Pages marked missing or invalid are
// skipped; revisions without content (texthidden, or content not
// requested) are not returned but listed by Textless.
//
// Errors (*Error with the byte offset in the file): malformed or truncated
// JSON, a response object with none of the keys of an API reply
// (apiReplyKeys: a *NotRevisionError of KindNotWikiData, as a screen that
// shows no revision is), a value of the wrong type (at the value), invalid UTF-8 (which
// encoding/json alone would turn into U+FFFD), an API error response, a
// page whose title is null or one MediaWiki would refuse
// (wikirules.CheckTitle), a revision without revid, with a revid or
// parentid that is no revision id, a bad minor flag or timestamp, and a
// text whose SHA-1 disagrees with the revision's sha1 (naming page and
// revision). Those of one revision (invalid UTF-8 inside it included) or
// one page's title or ns are Skippable: the next call reads on after it
// (the revisions of a refused page are dropped with it).
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

// Textless lists the revisions read so far that came without their text.
func (a *apiReader) Textless() []TextlessRevision { return a.noText }

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
		e.Err = fmt.Errorf("%s revision at byte %d: %w", PageName(a.page.Title), rev, errInvalidUTF8)
		e.Skippable = true
	} else if w := a.where(); w != "" {
		e.Err = fmt.Errorf("%s: %w", w, errInvalidUTF8)
	}
	return e
}

func (a *apiReader) where() string {
	if len(a.stack) > 0 && a.stack[len(a.stack)-1] >= apiPage && a.page.Title != "" {
		return PageName(a.page.Title)
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
		return a.failf(a.where(), "%s: want %c, got %s", wikirules.Excerpt(key, 40), want, tokenString(t))
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
		if state == apiResponse && a.replyKeys == 0 {
			return a.fail(&NotRevisionError{Kind: KindNotWikiData,
				Detail: "JSON whose object has none of the keys of a MediaWiki API reply (query, continue, batchcomplete, error…)"}, "")
		}
		a.pop()
		if state == apiPage {
			return a.endPage()
		}
		return nil
	}
	switch state {
	case apiTop, apiTopArray:
		switch {
		case isDelim && d == '{':
			a.responses++
			a.replyKeys = 0
			a.push(apiResponse)
		case isDelim && d == '[' && state == apiTop:
			a.push(apiTopArray)
		default:
			return a.failf("", "not MediaWiki API JSON: want an object, got %s", tokenString(t))
		}
		return nil
	case apiPagesArr:
		if !isDelim || d != '{' {
			return a.failf("", "query.pages: want a page object, got %s", tokenString(t))
		}
		a.startPage()
		return nil
	}
	key, ok := t.(string)
	if !ok {
		return a.failf(a.where(), "want an object key, got %s", tokenString(t))
	}
	switch state {
	case apiResponse:
		if apiReplyKeys[key] {
			a.replyKeys++
		}
		switch key {
		case "query":
			a.push(apiQuery)
			return a.openValue(key, '{')
		case "error":
			var e struct{ Code, Info string }
			if err := a.decode(&e, "error"); err != nil {
				return err
			}
			return a.failf("", "API error %s: %s", clip(e.Code, 40), clip(e.Info, 200))
		}
	case apiQuery:
		switch key {
		case "general":
			var g struct{ Sitename, Lang, Wikiid string }
			if err := a.decode(&g, "query.general"); err != nil {
				return err
			}
			a.site.Language = g.Lang
			if g.Wikiid != "" {
				a.site.Wiki = wikiName(g.Wikiid, "")
			} else {
				a.site.Wiki = wikiName(g.Sitename, g.Lang)
			}
			return nil
		case "namespaces":
			var ns map[string]apiNamespace
			if err := a.decode(&ns, "query.namespaces"); err != nil {
				return err
			}
			for _, n := range ns {
				a.siteNames = append(a.siteNames, wikirules.NamespaceName{ID: n.ID, Name: n.name()},
					wikirules.NamespaceName{ID: n.ID, Name: n.Canonical})
			}
			a.names = wikirules.NewNamespaces(a.siteNames)
			return nil
		case "namespacealiases":
			var aliases []apiNamespace
			if err := a.decode(&aliases, "query.namespacealiases"); err != nil {
				return err
			}
			for _, n := range aliases {
				a.siteNames = append(a.siteNames, wikirules.NamespaceName{ID: n.ID, Name: n.name()})
			}
			a.names = wikirules.NewNamespaces(a.siteNames)
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
				return a.failf("", "query.pages: want an object or array, got %s", tokenString(t))
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
			var title *string
			if err := a.decode(&title, fmt.Sprintf("page at byte %d: title", a.pageOff)); err != nil {
				return a.badPageValue(err)
			}
			err := errors.New("title is null")
			if title != nil {
				err = wikirules.CheckTitle(*title, a.names)
			}
			if err != nil {
				a.badPage = true
				return skippable(a.valueError(fmt.Errorf("page at byte %d: %w (its revisions are skipped)", a.pageOff, err)))
			}
			a.page.Title, a.titleSeen = *title, true
			a.page.Namespace = a.names.Resolve(a.page.Title, a.nsGiven, a.nsSeen)
			return nil
		case "ns":
			if err := a.decode(&a.nsGiven, strings.TrimSpace(a.where()+" ns")); err != nil {
				return a.badPageValue(err)
			}
			a.nsSeen = true
			a.page.Namespace = a.names.Resolve(a.page.Title, a.nsGiven, true)
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
	a.pageOff = a.inputOffset() - 1 // after its '{'
	a.titleSeen, a.nsSeen, a.nsGiven, a.badPage = false, false, 0, false
	a.pending = a.pending[:0]
}

// endPage hands out revisions that came before the page's title; a page
// with revisions and no title is an error (at the page).
func (a *apiReader) endPage() error {
	pending := a.pending
	a.pending = nil
	if a.badPage {
		return nil
	}
	if !a.titleSeen && len(pending) > 0 {
		return skippable(&Error{File: a.name, Offset: a.pageOff,
			Err: fmt.Errorf("page at byte %d has %d revision(s) and no title: they are skipped", a.pageOff, len(pending))})
	}
	for _, r := range pending {
		r.Page = a.page
		a.queue = append(a.queue, r)
	}
	return nil
}

// badPageValue returns the error of decoding a page's title or ns: a value
// of the wrong type refuses the page (Skippable: reading goes on after
// it, without the page's revisions); any other error stands.
func (a *apiReader) badPageValue(err error) error {
	if !isWrongType(err) {
		return err
	}
	a.badPage = true
	return skippable(err)
}

// valueError is an *Error at the start of the value just decoded.
func (a *apiReader) valueError(err error) error {
	return &Error{File: a.name, Offset: a.lastValue, Err: err}
}

// apiNamespace is one entry of query.namespaces or
// query.namespacealiases: the local name is "*" in formatversion 1,
// "name" (namespaces) or "alias" (aliases) in 2.
type apiNamespace struct {
	ID        int    `json:"id"`
	Star      string `json:"*"`
	Name      string `json:"name"`
	Alias     string `json:"alias"`
	Canonical string `json:"canonical"`
}

func (n apiNamespace) name() string {
	switch {
	case n.Star != "":
		return n.Star
	case n.Name != "":
		return n.Name
	}
	return n.Alias
}

// apiContent is where the text of a revision or of its main slot sits,
// with its content model and whether the wiki hides it.
type apiContent struct {
	Content    *string         `json:"content"` // formatversion 2
	Star       *string         `json:"*"`       // formatversion 1
	Model      string          `json:"contentmodel"`
	TextHidden json.RawMessage `json:"texthidden"` // "" (fv1) or true (fv2): revision deletion
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

// readRevision decodes one revision object; nil, nil when it has no text
// (listed in noText) or belongs to a refused page.
func (a *apiReader) readRevision() (*wikirules.Revision, error) {
	off := a.inputOffset()
	var ar apiRevision
	if err := a.decode(&ar, strings.TrimSpace(a.where()+" revision")); err != nil {
		if isWrongType(err) {
			if uerr := a.badUTF8(off); uerr != nil {
				return nil, uerr
			}
			return nil, skippable(err) // the revision was read whole
		}
		return nil, err
	}
	if off < a.lastValue {
		off = a.lastValue // the revision's '{', past the white space before it
	}
	if err := a.badUTF8(off); err != nil {
		return nil, err
	}
	if a.badPage {
		return nil, nil
	}
	rev := &wikirules.Revision{
		Page:     a.page,
		ID:       QualifyID(a.page.Wiki, rawID(ar.RevID)),
		ParentID: QualifyID(a.page.Wiki, rawID(ar.ParentID)),
		User:     ar.User,
		Comment:  ar.Comment,
		Format:   wikirules.FormatAPI,
		Origin:   origin(a.name, off),
	}
	page := PageName(rev.Page.Title)
	if !a.titleSeen { // the title comes after the revisions
		page = fmt.Sprintf("page at byte %d", a.pageOff)
	}
	what := page + " revision " + rev.ID
	if rev.ID == "" {
		return nil, skippable(a.failAt(off, a.where(), "revision without revid"))
	}
	for _, id := range []struct {
		name string
		raw  json.RawMessage
	}{{"revid", ar.RevID}, {"parentid", ar.ParentID}} {
		if v := rawID(id.raw); v != "" && !validRevID(v, bytes.HasPrefix(bytes.TrimSpace(id.raw), []byte(`"`))) {
			return nil, skippable(a.failAt(off, page, "bad %s %s: want a positive integer (or a derived id)", id.name, wikirules.Excerpt(v, 40)))
		}
	}
	minor, ok := rawFlag(ar.Minor)
	if !ok {
		return nil, skippable(a.failAt(off, what, `bad minor %s: want "" (formatversion 1) or true/false (formatversion 2)`, wikirules.Excerpt(string(ar.Minor), 40)))
	}
	rev.Minor = minor
	ts, err := time.Parse(time.RFC3339, ar.Timestamp)
	if err != nil {
		return nil, skippable(a.failAt(off, what, "bad timestamp %s: %s", wikirules.Excerpt(ar.Timestamp, 40), errNotRFC3339))
	}
	rev.Timestamp = ts.UTC()
	content := ar.apiContent
	if main, has := ar.Slots["main"]; has {
		content = main
	}
	text, ok := content.text()
	rev.Model = content.Model
	if !ok {
		why := "no content (the request did not ask for rvprop=content)"
		if hidden, _ := rawFlag(content.TextHidden); hidden {
			why = "text deleted (texthidden)"
		}
		a.noText = append(a.noText, TextlessRevision{Page: rev.Page.Title, ID: rev.ID, Offset: off, Why: why})
		return nil, nil
	}
	sum := sha1.Sum([]byte(text))
	if hexSum := hex.EncodeToString(sum[:]); ar.SHA1 != "" && !sameSHA1(hexSum, ar.SHA1) {
		return nil, skippable(a.failAt(off, what, "text SHA-1 %s does not match the API's %s", hexSum, wikirules.Excerpt(ar.SHA1, 40)))
	}
	rev.Text = wikirules.NormalizeLineEnds(text)
	if len(rev.Text) != len(text) {
		sum = sha1.Sum([]byte(rev.Text))
	}
	rev.SHA1 = hex.EncodeToString(sum[:])
	return rev, nil
}

// failAt is failf at the input offset off (the start of the value at fault).
func (a *apiReader) failAt(off int64, what, format string, args ...any) error {
	e := &Error{File: a.name, Offset: off, Err: fmt.Errorf(format, args...)}
	if what != "" {
		e.Err = fmt.Errorf("%s: %w", what, e.Err)
	}
	return e
}
