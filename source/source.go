package source

import (
	"fmt"
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
	File      string
	Offset    int64
	Line      int
	Err       error
	Skippable bool

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

// Error renders "file:line N (byte OFF): cause" or "file: byte OFF: cause".
func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d (byte %d): %v", e.File, e.Line, e.Offset, e.Err)
	}
	return fmt.Sprintf("%s: byte %d: %v", e.File, e.Offset, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

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

// namespacePrefixes maps the canonical and Spanish names of MediaWiki's
// built-in namespaces to their numbers, for sources that give a title but
// no namespace (the contributions dump).
var namespacePrefixes = map[string]int{
	"user": 2, "usuario": 2, "usuaria": 2,
	"project": 4, "file": 6, "archivo": 6, "image": 6, "imagen": 6,
	"mediawiki": 8, "template": 10, "plantilla": 10,
	"help": 12, "ayuda": 12, "category": 14, "categoría": 14,
}

// titleNamespace returns the namespace number of a full page title from its
// prefix ("Plantilla:Faqbox" → 10); 0 (main) when the prefix is not a known
// namespace ("G: Jumper" is a main-namespace page).
func titleNamespace(title string) int {
	i := strings.IndexByte(title, ':')
	if i <= 0 {
		return 0
	}
	return namespacePrefixes[strings.ToLower(strings.TrimSpace(title[:i]))]
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

// validRevID reports whether id is a revision id (API JSON and XML
// readers): as a JSON number (quoted false), what MediaWiki's are, a
// positive integer in decimal (at most 19 digits: a signed 64-bit integer)
// without sign, exponent or leading zero; as a JSON string or an XML
// element's text (quoted true) also an id derived from content
// (wikirules.DeriveRevisionID, which WriteAPI and WriteXML write for a
// contributions dump), or one qualified by its wiki ("infinity-es:1234",
// QualifyID, as they write a stored revision back): up to 64 letters,
// digits, "-", "_" and ":".
func validRevID(id string, quoted bool) bool {
	if quoted {
		if len(id) == 0 || len(id) > 64 {
			return false
		}
		for i := 0; i < len(id); i++ {
			if c := id[i]; !isAlnum(c) && c != '-' && c != '_' && c != ':' {
				return false
			}
		}
		return true
	}
	if len(id) == 0 || len(id) > 19 || id[0] == '0' {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < '0' || id[i] > '9' {
			return false
		}
	}
	return len(id) < 19 || id <= "9223372036854775807"
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
