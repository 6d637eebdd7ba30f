package source

import "fmt"

// Resynchronising the XML reader after a decode error.
//
// encoding/xml's Decoder cannot go on after a syntax error (nor after its
// reader failed with invalid UTF-8): every later Token returns the same
// error. In a MediaWiki export, though, pages are independent: the only
// thing a page needs from before it is <siteinfo> and the root's xml:lang,
// which the reader already holds. So after an error inside the document
// the reader drops the Decoder, skips the raw input (valid or not) to the
// next "<page>" tag after the error's offset, and reads on with a fresh
// Decoder fed "<mediawiki>" and then the input from that tag on: the
// export's own "</mediawiki>" closes the document again. Only the bad
// page is lost.
//
// Where the scan starts: the failed Decoder consumed the input up to the
// absolute offset a (it may hold one more byte, read ahead and not part of
// its offset). A "<page>" tag that starts before a-5 was read whole, so it
// is the bad page's own; one that starts at a-5 or later was not (the
// error may have cut it, as in "</pag\n  <page>"), so the scan starts at
// a-5, and never at or before the tag of the previous resynchronisation,
// so that each one moves forward and the reader always ends.

// canResync reports whether the error just met can be followed by a
// resynchronisation: it is inside or after a <page> (an error in the root
// or <siteinfo> is final: the pages after it would lack the wiki name that
// qualifies their revision ids), the input has more bytes after the error
// (a truncated export has nothing left to read) and the underlying reader
// did not fail.
func (x *xmlReader) canResync() bool {
	return x.pageOff > 0 && !x.s.atEnd() && x.s.readErr() == nil
}

// resynchronise starts a fresh Decoder at the next "<page>" tag after the
// failed Decoder's position. It returns io.EOF when there is none, and a
// final *Error when the input cannot be read.
func (x *xmlReader) resynchronise() error {
	a := x.offset()
	line, _ := x.d.InputPos()
	line += x.lineBase - 1
	from := max(a-5, x.lastSync+1)
	line -= x.s.backTo(from, a)
	at, skipped, err := x.s.seekPage()
	if err != nil {
		if rerr := x.s.readErr(); rerr != nil {
			return &Error{File: x.name, Offset: at, Err: fmt.Errorf("read: %w", rerr)}
		}
		return err // io.EOF: no page after the error
	}
	x.lastSync = at
	x.base = at - int64(len("<mediawiki>"))
	x.lineBase = line + skipped
	x.d = newXMLDecoder(x.s)
	x.injected = true
	x.inPage = false
	return nil
}
