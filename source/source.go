package source

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/wikirules/wikirules"
)

// Reader yields the revisions of one input in file order. Next returns
// io.EOF after the last revision; any other error is an *Error naming the
// file and position. After an error the reader stays failed (Next returns
// the same error again) unless the error is Skippable: then the bad
// revision was consumed and Next goes on with the next one. Offset is the number of input bytes consumed so far
// (uncompressed), for progress reports.
type Reader interface {
	Next() (*wikirules.Revision, error)
	Offset() int64
}

// ReadAll reads r to io.EOF and returns its revisions; at the first error
// it stops and returns the revisions read before it with the error.
func ReadAll(r Reader) ([]*wikirules.Revision, error) {
	var out []*wikirules.Revision
	for {
		rev, err := r.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, rev)
	}
}

// Error is a read error at a position of an input: File is the name given
// to the reader, Offset the byte offset in the (uncompressed) input, Line
// the 1-based line number where known (0 otherwise), Err the cause.
//
// Skippable is true when the error concerns one revision of an otherwise
// well-formed input (a text whose SHA-1 or size disagrees with the dump, a
// bad timestamp, a missing id), or one page of an XML export that breaks
// inside the document (malformed markup, invalid UTF-8): the reader has
// consumed that revision (or the rest of that page) and Next may be called
// again to go on with the next one (ingest -keep-going); for the XML
// export it resynchronises at the next <page> (see NewXML). Any other
// error is final: Next keeps returning it.
type Error struct {
	File        string
	Offset      int64
	Line        int
	Err         error
	Skippable   bool
	Compression string // "gzip" or "bzip2" when Offset counts the decompressed bytes of a compressed file (set by Open)

	read bool // the underlying reader failed: nothing to resynchronise on
}

// skippable marks err (an *Error) as Skippable and returns it.
func skippable(err error) error {
	if e, ok := err.(*Error); ok {
		e.Skippable = true
	}
	return err
}

// final reports whether err ends a reader (anything but a Skippable *Error).
func final(err error) bool {
	e, ok := err.(*Error)
	return !ok || !e.Skippable
}

// Error renders "file:line N (byte OFF): cause" or "file: byte OFF: cause";
// in a compressed file "byte OFF of the decompressed gzip data".
func (e *Error) Error() string {
	at := fmt.Sprintf("byte %d", e.Offset)
	if e.Compression != "" {
		at += " of the decompressed " + e.Compression + " data"
	}
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d (%s): %v", e.File, e.Line, at, e.Err)
	}
	return fmt.Sprintf("%s: %s: %v", e.File, at, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// errNotRFC3339 is the cause of a bad timestamp error (time.Parse's own
// error quotes the whole value, however long).
var errNotRFC3339 = errors.New("want an RFC 3339 time such as 2021-02-11T10:26:28Z")

// origin returns the Revision.Origin of a revision starting at off in name.
func origin(name string, off int64) string { return fmt.Sprintf("%s:%d", name, off) }

// wikiName returns the wiki id used in Page.Wiki: the site name lower-cased
// with runs of non-alphanumerics turned into "-", then "-" and the language
// ("Infinity", "es" → "infinity-es"). Either part may be empty.
func wikiName(site, lang string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.TrimSpace(site)) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		} else {
			dash = true
		}
	}
	if lang != "" {
		if b.Len() > 0 {
			b.WriteByte('-')
		}
		b.WriteString(strings.ToLower(lang))
	}
	return b.String()
}

// TextlessRevision is a revision a reader met without its text: deleted
// by the wiki (revision deletion: XML <text deleted="deleted"/>, API
// texthidden), stored elsewhere (a stub dump's <text location=…>) or not
// requested (API JSON without rvprop=content). Such a revision is not
// returned by Next (it has nothing to read or store); Why says which case
// it is, Offset is where it starts in the (uncompressed) input.
type TextlessRevision struct {
	Page   string `json:"page"`
	ID     string `json:"id"`
	Offset int64  `json:"offset"`
	Why    string `json:"why"`
}

// TextlessReporter is implemented by the readers of formats whose
// revisions may come without text (XML export, API JSON): Textless lists
// those read so far, in input order.
type TextlessReporter interface {
	Textless() []TextlessRevision
}

// QualifyID returns the id under which a revision with native id id of
// wiki is stored: "wiki:id" for a MediaWiki revision number (digits only)
// when the wiki is known, since revision numbers are unique only within one
// wiki (the Spanish and English wikis both have a revision 1234); id itself
// otherwise (derived ids, and ids already qualified, pass unchanged).
func QualifyID(wiki, id string) string {
	if wiki == "" || id == "" {
		return id
	}
	for _, c := range id {
		if c < '0' || c > '9' {
			return id
		}
	}
	return wiki + ":" + id
}
