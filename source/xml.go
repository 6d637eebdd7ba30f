package source

import (
	"crypto/sha1"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"hash"
	"io"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
)

// The MediaWiki XML export (Special:Export, dumpBackup.php; schema
// https://www.mediawiki.org/xml/export-0.10.xsd and export-0.11.xsd):
//
//	<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="es">
//	  <siteinfo><sitename>…</sitename><dbname>…</dbname><base>…</base>…</siteinfo>
//	  <page>
//	    <title>Esquivar</title><ns>0</ns><id>12</id>
//	    <revision>
//	      <id>345</id><parentid>344</parentid><timestamp>2021-02-11T10:26:28Z</timestamp>
//	      <contributor><username>HellLois2</username><id>7</id></contributor>   (or <ip>)
//	      <minor/><comment>…</comment><model>wikitext</model><format>text/x-wiki</format>
//	      <text bytes="1234" xml:space="preserve">…</text>
//	      <sha1>base-36 SHA-1 of the text</sha1>
//	    </revision>
//	    …
//	  </page>
//	</mediawiki>
//
// The reader walks the tokens of encoding/xml's Decoder and builds one
// revision at a time; pages are never held whole, so memory stays flat
// whatever the length of a page's history. Elements it does not use
// (<upload>, <logitem>, 0.11 <content> slots other than the main <text>,
// <origin>, <redirect>…) are skipped.

type xmlReader struct {
	name    string
	s       *xmlStream
	d       *xml.Decoder
	err     error
	started bool // <mediawiki> seen
	site    wikirules.Page
	inPage  bool
	pageOff int64 // input offset of the current (or last) <page>; 0 before the first
	page    wikirules.Page
	pageID  string
	nsSeen  bool
	nsGiven int                   // the page's <ns>, when nsSeen
	names   *wikirules.Namespaces // siteinfo's <namespaces> (nil: the default names)
	noText  []TextlessRevision

	// After a resynchronisation (see resync.go) d reads from the input
	// offset base on, which is line lineBase of the input; its first token
	// is the <mediawiki> the stream puts before the <page> (injected).
	base     int64
	lineBase int
	injected bool
	resync   bool  // the last error was a page's: resynchronise before reading on
	lastSync int64 // input offset of the <page> of the last resynchronisation (-1: none)
}

// NewXML returns a Reader over a MediaWiki XML export (schema 0.10 or
// 0.11; older versions with the same elements also read). Each <revision>
// gives a Revision with the native revision id as ID, <parentid> as
// ParentID, <timestamp> in UTC, the contributor's <username> (or <ip>),
// <comment>, <minor/>, <model> as Model, the <text> verbatim (line ends
// "\n", as the XML decoder and MediaWiki make them) and SHA1 as lower-case
// hex. Page.Title comes from <title>; Namespace from <ns>, or from the
// title's prefix when <ns> is missing or says 0 (wikirules.Namespaces.Resolve,
// with the names of siteinfo's <namespaces> when the export has them);
// Page.Language from the xml:lang attribute of <mediawiki>; Page.Wiki from
// <siteinfo>'s <dbname> ("infinity_es" → "infinity-es"), else its
// <sitename> plus the language. Revisions whose text is deleted or stored
// elsewhere (<text deleted="deleted"/>, location=…) are not returned (they
// hold nothing to read) but listed by Textless.
//
// Errors (*Error with byte offset, and line where encoding/xml gives one):
// malformed or truncated XML, invalid UTF-8, an encoding other than UTF-8,
// a root other than <mediawiki>, a title MediaWiki would refuse (empty,
// over 255 bytes: wikirules.CheckTitle; at the <title>),
// a revision without id or with a bad timestamp, and a text whose SHA-1 or
// byte count disagrees with the export's <sha1> (base 36) or bytes
// attribute — the message names the page (its title, or its byte offset
// when the title was not read yet) and revision.
//
// A bad revision is Skippable (the reader goes on with the next one). So
// is an error that breaks the XML inside the document (malformed markup,
// invalid UTF-8, a bad <ns>) when more input follows: the rest of that
// page is lost, and the next Next resynchronises at the next "<page>" tag
// after the error's offset and goes on from there (revisions of that page
// returned before the error stand). Offsets and lines stay those of the
// whole input. Final errors: the input does not start as an export, an
// error comes before the first <page> (in <siteinfo>), the input is
// truncated (the error is at its end), or the underlying reader fails (a
// damaged .gz or .bz2).
func NewXML(r io.Reader, name string) Reader {
	s := newXMLStream(r)
	return &xmlReader{name: name, s: s, d: newXMLDecoder(s), lineBase: 1, lastSync: -1}
}

// newXMLDecoder returns a strict Decoder over s that reads UTF-8 only.
func newXMLDecoder(s *xmlStream) *xml.Decoder {
	d := xml.NewDecoder(s)
	d.Strict = true
	d.CharsetReader = onlyUTF8
	return d
}

// onlyUTF8 is the Decoder's CharsetReader: encoding/xml reads UTF-8 by
// itself and asks for a converter for any other encoding a declaration
// names. ASCII, a subset of UTF-8, reads as it is; anything else is an
// error saying what to do. (Special:Export and dumpBackup.php always
// write UTF-8.)
func onlyUTF8(label string, input io.Reader) (io.Reader, error) {
	switch strings.ToLower(label) {
	case "utf8", "us-ascii", "ascii":
		return input, nil
	}
	return nil, fmt.Errorf("the XML declaration says encoding=%s: only UTF-8 is read (MediaWiki exports are UTF-8; convert the file, e.g. iconv -f %s -t UTF-8)", wikirules.Excerpt(label, 40), clip(label, 40))
}

// Textless lists the revisions read so far that had no text to read
// (deleted, or stored elsewhere): they are not returned by Next.
func (x *xmlReader) Textless() []TextlessRevision { return x.noText }

func (x *xmlReader) Offset() int64 { return x.offset() }

// offset returns the input offset of the decoder's position.
func (x *xmlReader) offset() int64 { return x.base + x.d.InputOffset() }

func (x *xmlReader) Next() (*wikirules.Revision, error) {
	if x.resync {
		x.resync = false
		if err := x.resynchronise(); err != nil {
			x.err = err
			return nil, err
		}
	}
	if x.err != nil {
		return nil, x.err
	}
	rev, err := x.next()
	if err != nil && final(err) {
		if x.canResync() {
			skippable(err)
			x.resync = true
		} else {
			x.err = err
		}
	}
	return rev, err
}

// fail wraps err as an *Error at the decoder's position; what names the
// page or revision when known.
func (x *xmlReader) fail(err error, what string) error {
	return x.failAt(x.offset(), err, what)
}

// failAt is fail at the input offset off (where the element at fault
// starts), for errors found once the element is read.
func (x *xmlReader) failAt(off int64, err error, what string) error {
	e := &Error{File: x.name, Offset: off, Err: err}
	var se *xml.SyntaxError
	var ue *utf8Error
	switch {
	case errors.As(err, &ue):
		e.Offset = ue.Offset
		e.Err = errInvalidUTF8
		// The decoder has read every byte before the invalid one: its
		// line is the invalid byte's.
		line, _ := x.d.InputPos()
		e.Line = line + x.lineBase - 1
	case errors.As(err, &se):
		e.Line = se.Line + x.lineBase - 1
		if se == err && x.lineBase > 1 { // its message names the line too
			e.Err = &xml.SyntaxError{Msg: se.Msg, Line: e.Line}
		}
		if se.Msg == "unexpected EOF" {
			e.Err = fmt.Errorf("truncated XML (line %d): %w", e.Line, io.ErrUnexpectedEOF)
		}
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		e.Err = fmt.Errorf("truncated XML: %w", io.ErrUnexpectedEOF)
	}
	if what != "" {
		e.Err = fmt.Errorf("%s: %w", what, e.Err)
	}
	return e
}

func (x *xmlReader) failf(what, format string, args ...any) error {
	return x.fail(fmt.Errorf(format, args...), what)
}

func (x *xmlReader) next() (*wikirules.Revision, error) {
	for {
		off := x.offset()
		tok, err := x.d.Token()
		if err == io.EOF {
			if !x.started {
				return nil, x.failf("", "not a MediaWiki XML export: no <mediawiki> element")
			}
			return nil, io.EOF
		}
		if err != nil {
			return nil, x.fail(err, x.where())
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if x.injected && t.Name.Local == "mediawiki" {
				x.injected = false
				continue
			}
			if !x.started {
				if t.Name.Local != "mediawiki" {
					return nil, x.failf("", "not a MediaWiki XML export: root element <%s>", t.Name.Local)
				}
				x.started = true
				for _, a := range t.Attr {
					if a.Name.Local == "lang" {
						x.site.Language = a.Value
					}
				}
				continue
			}
			if err := x.startElement(t, off); err != nil {
				return nil, err
			}
			if t.Name.Local == "revision" && x.inPage {
				rev, err := x.readRevision(off)
				if err != nil {
					return nil, err
				}
				if rev != nil {
					return rev, nil
				}
			}
		case xml.EndElement:
			if t.Name.Local == "page" {
				x.inPage = false
			}
		}
	}
}

// where names the current page for messages: its title, or its offset
// when the title was not read yet.
func (x *xmlReader) where() string {
	switch {
	case x.inPage && x.page.Title != "":
		return PageName(x.page.Title)
	case x.inPage:
		return fmt.Sprintf("page at byte %d", x.pageOff)
	}
	return ""
}

// startElement handles an element under <mediawiki> or <page> other than
// <revision> (which the caller reads); off is its input offset.
func (x *xmlReader) startElement(t xml.StartElement, off int64) error {
	switch t.Name.Local {
	case "siteinfo":
		var si struct {
			Sitename   string `xml:"sitename"`
			DBName     string `xml:"dbname"`
			Base       string `xml:"base"`
			Namespaces []struct {
				Key  string `xml:"key,attr"`
				Name string `xml:",chardata"`
			} `xml:"namespaces>namespace"`
		}
		if err := x.d.DecodeElement(&si, &t); err != nil {
			return x.fail(err, "siteinfo")
		}
		if si.DBName != "" {
			x.site.Wiki = wikiName(si.DBName, "")
		} else {
			x.site.Wiki = wikiName(si.Sitename, x.site.Language)
		}
		if len(si.Namespaces) > 0 {
			var names []wikirules.NamespaceName
			for _, n := range si.Namespaces {
				if id, err := strconv.Atoi(strings.TrimSpace(n.Key)); err == nil {
					names = append(names, wikirules.NamespaceName{ID: id, Name: n.Name})
				}
			}
			x.names = wikirules.NewNamespaces(names)
		}
		return nil
	case "page":
		x.inPage = true
		x.pageOff = off
		x.page = x.site
		x.pageID = ""
		x.nsSeen, x.nsGiven = false, 0
		return nil
	case "revision":
		if !x.inPage {
			return x.failf("", "<revision> outside <page>")
		}
		return nil
	}
	if x.inPage {
		switch t.Name.Local {
		case "title":
			s, err := x.readText()
			if err != nil {
				return err
			}
			if err := wikirules.CheckTitle(s, x.names); err != nil {
				return x.failAt(off, fmt.Errorf("<title>: %w", err), fmt.Sprintf("page at byte %d", x.pageOff))
			}
			x.page.Title = s
			x.page.Namespace = x.names.Resolve(s, x.nsGiven, x.nsSeen)
			return nil
		case "ns":
			s, err := x.readText()
			if err != nil {
				return err
			}
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil {
				return x.failf(x.where(), "<ns> %s is not a number", wikirules.Excerpt(s, 40))
			}
			x.nsGiven, x.nsSeen = n, true
			x.page.Namespace = x.names.Resolve(x.page.Title, n, true)
			return nil
		case "id":
			s, err := x.readText()
			x.pageID = strings.TrimSpace(s)
			return err
		}
	}
	if err := x.d.Skip(); err != nil {
		return x.fail(err, x.where())
	}
	return nil
}

// readText returns the character data of the element just opened, up to
// its end tag; nested elements are skipped.
func (x *xmlReader) readText() (string, error) {
	var b strings.Builder
	if err := x.readTextTo(&b, nil); err != nil {
		return "", err
	}
	return b.String(), nil
}

// readTextTo writes the character data of the element just opened to b
// (and h when not nil).
func (x *xmlReader) readTextTo(b *strings.Builder, h hash.Hash) error {
	for {
		tok, err := x.d.Token()
		if err != nil {
			return x.fail(err, x.where())
		}
		switch t := tok.(type) {
		case xml.CharData:
			b.Write(t)
			if h != nil {
				h.Write(t)
			}
		case xml.StartElement:
			if err := x.d.Skip(); err != nil {
				return x.fail(err, x.where())
			}
		case xml.EndElement:
			return nil
		}
	}
}

// readRevision reads the <revision> just opened at byte off. It returns
// nil, nil for a revision without readable text.
func (x *xmlReader) readRevision(off int64) (*wikirules.Revision, error) {
	rev := &wikirules.Revision{Page: x.page, Format: wikirules.FormatXML, Origin: origin(x.name, off)}
	var (
		ts, sha36, attrSHA36 string
		bytesAttr            = -1
		hasText              bool
		textWhy              = "no <text>"
		text                 strings.Builder
		h                    = sha1.New()
	)
	for done := false; !done; {
		tok, err := x.d.Token()
		if err != nil {
			return nil, x.fail(err, x.where())
		}
		switch t := tok.(type) {
		case xml.EndElement:
			done = true
		case xml.StartElement:
			// Elements holding a string go to their field; the others
			// are read (or skipped) by their own case.
			var field *string
			switch t.Name.Local {
			case "id":
				field = &rev.ID
			case "parentid":
				field = &rev.ParentID
			case "timestamp":
				field = &ts
			case "comment":
				field = &rev.Comment
			case "sha1":
				field = &sha36
			case "model":
				field = &rev.Model
			}
			switch {
			case field != nil:
				if *field, err = x.readText(); err != nil {
					return nil, err
				}
			case t.Name.Local == "contributor":
				if rev.User, err = x.readContributor(); err != nil {
					return nil, err
				}
			case t.Name.Local == "text":
				deleted := false
				for _, a := range t.Attr {
					switch a.Name.Local {
					case "bytes":
						if n, err := strconv.Atoi(a.Value); err == nil {
							bytesAttr = n
						}
					case "sha1":
						attrSHA36 = a.Value
					case "deleted":
						deleted, textWhy = true, "text deleted"
					case "location":
						deleted, textWhy = true, "text stored elsewhere (stub dump)"
					}
				}
				if bytesAttr > 0 {
					// Pre-size from the dump's byte count (the text is then
					// built without copies), but never trust it for more
					// than 16 MiB, twice the largest revision ingested: a
					// corrupt attribute must not allocate gigabytes.
					text.Grow(min(bytesAttr, 16<<20))
				}
				if err := x.readTextTo(&text, h); err != nil {
					return nil, err
				}
				hasText = !deleted || text.Len() > 0
			default: // <minor/>, <model>, <format>, <origin>, <content>…
				rev.Minor = rev.Minor || t.Name.Local == "minor"
				if err := x.d.Skip(); err != nil {
					return nil, x.fail(err, x.where())
				}
			}
		}
	}
	if rev.Page.Title == "" {
		return nil, skippable(x.failAt(off, fmt.Errorf("<revision> of a page without <title>"), x.where()))
	}
	rev.ID = strings.TrimSpace(rev.ID)
	rev.ParentID = strings.TrimSpace(rev.ParentID)
	rev.Model = strings.TrimSpace(rev.Model)
	ts, sha36 = strings.TrimSpace(ts), strings.TrimSpace(sha36)
	what := PageName(rev.Page.Title) + " revision " + rev.ID
	if rev.ID == "" {
		return nil, skippable(x.failf(PageName(rev.Page.Title), "revision at byte %d has no <id>", off))
	}
	for _, id := range []struct{ name, v string }{{"<id>", rev.ID}, {"<parentid>", rev.ParentID}} {
		if id.v != "" && !validRevID(id.v, true) {
			return nil, skippable(x.failf(PageName(rev.Page.Title), "bad %s %.40q: want a revision id", id.name, id.v))
		}
	}
	t, err := time.Parse(time.RFC3339, ts)
	if err != nil {
		return nil, skippable(x.failf(what, "bad <timestamp> %s: %w", wikirules.Excerpt(ts, 40), errNotRFC3339))
	}
	rev.Timestamp = t.UTC()
	rev.ID, rev.ParentID = QualifyID(rev.Page.Wiki, rev.ID), QualifyID(rev.Page.Wiki, rev.ParentID)
	if !hasText {
		x.noText = append(x.noText, TextlessRevision{Page: rev.Page.Title, ID: rev.ID, Offset: off, Why: textWhy})
		return nil, nil
	}
	rev.Text = text.String()
	rev.SHA1 = hex.EncodeToString(h.Sum(nil))
	if bytesAttr >= 0 && bytesAttr != len(rev.Text) {
		return nil, skippable(x.failf(what, "text has %d bytes, export says bytes=%d", len(rev.Text), bytesAttr))
	}
	for _, want := range []string{sha36, attrSHA36} {
		if want != "" && !sameSHA1(rev.SHA1, want) {
			return nil, skippable(x.failf(what, "text SHA-1 %s (base 36 %s) does not match export's %s", rev.SHA1, SHA1Base36(rev.SHA1), wikirules.Excerpt(want, 40)))
		}
	}
	// A "\r" can only come from a character reference (the Decoder
	// turns line ends into "\n"); MediaWiki never stores one.
	if t := wikirules.NormalizeLineEnds(rev.Text); t != rev.Text {
		rev.Text = t
		sum := sha1.Sum([]byte(t))
		rev.SHA1 = hex.EncodeToString(sum[:])
	}
	return rev, nil
}

// readContributor reads <contributor>: the <username>, else the <ip>; a
// deleted contributor gives "".
func (x *xmlReader) readContributor() (string, error) {
	var user, ip string
	for {
		tok, err := x.d.Token()
		if err != nil {
			return "", x.fail(err, x.where())
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "username":
				user, err = x.readText()
			case "ip":
				ip, err = x.readText()
			default:
				err = x.d.Skip()
				if err != nil {
					err = x.fail(err, x.where())
				}
			}
			if err != nil {
				return "", err
			}
		case xml.EndElement:
			if user == "" {
				user = ip
			}
			return strings.TrimSpace(user), nil
		}
	}
}

// SHA1Base36 converts a hex SHA-1 to MediaWiki's base-36 form, as in the
// <sha1> element of an XML export: lower-case digits 0-9a-z, left-padded
// with '0' to 31 characters (Wikimedia\base_convert($hex, 16, 36, 31)).
// It returns "" for input that is not hex.
func SHA1Base36(hexSum string) string {
	var n big.Int
	if _, ok := n.SetString(hexSum, 16); !ok {
		return ""
	}
	s := n.Text(36)
	if len(s) < 31 {
		s = strings.Repeat("0", 31-len(s)) + s
	}
	return s
}

// sameSHA1 reports whether the hex SHA-1 hexSum equals want, given in base
// 36 (the XML export's form, padding optional) or in hex (40 digits).
func sameSHA1(hexSum, want string) bool {
	want = strings.ToLower(want)
	if len(want) == 40 && want == hexSum {
		return true
	}
	return strings.TrimLeft(SHA1Base36(hexSum), "0") == strings.TrimLeft(want, "0")
}
