package source

import (
	"bytes"
	"io"
)

// xmlStream is the byte source of the XML reader: it hands encoding/xml's
// Decoder the input one byte at a time (it is an io.ByteReader, so the
// Decoder adds no buffer of its own and its InputOffset counts exactly the
// bytes taken from here) and fails at the first invalid UTF-8 sequence
// with a *utf8Error giving its absolute byte offset.
//
// After a decode error the XML reader resynchronises through seekPage: it
// moves back to where the failed Decoder stopped, skips the raw bytes (valid
// UTF-8 or not) up to the next "<page>" tag, and starts a fresh Decoder
// there, to which the stream first hands the prefix "<mediawiki>" so that
// the rest of the export, up to its "</mediawiki>", is one well-formed
// document again. Memory is one fixed buffer whatever the input: the
// search looks at a window of it at a time.
type xmlStream struct {
	r      io.Reader
	buf    []byte
	i      int    // next byte of buf to hand out
	valid  int    // buf[i:valid] is checked UTF-8
	n      int    // buf[:n] holds input
	off    int64  // input offset of buf[0]
	rerr   error  // error of r (io.EOF at the end), met once buf[:n] is used up
	bad    bool   // buf[valid:] starts with an invalid UTF-8 sequence
	prefix string // bytes to hand out before buf[i:] (after seekPage)
}

// streamBehind is how many bytes already handed out a refill keeps before
// buf[i], so that the reader can step back to where a failed Decoder
// stopped (it may hold one byte read ahead) and a little before it.
const streamBehind = 16

func newXMLStream(r io.Reader) *xmlStream {
	return &xmlStream{r: r, buf: make([]byte, 64<<10)}
}

// pos returns the input offset of the next byte handed out (the prefix
// aside).
func (s *xmlStream) pos() int64 { return s.off + int64(s.i) }

// atEnd reports whether the input is used up (or cannot be read further).
func (s *xmlStream) atEnd() bool { return s.rerr != nil && s.i >= s.n && s.prefix == "" }

// readErr returns the error of the underlying reader other than io.EOF
// (a damaged compressed stream, a failing disk), or nil.
func (s *xmlStream) readErr() error {
	if s.rerr == io.EOF {
		return nil
	}
	return s.rerr
}

// ReadByte returns the next byte; at the end of the input, the error of
// the underlying reader (io.EOF); at an invalid UTF-8 sequence, a
// *utf8Error (and again on every later call until seekPage).
func (s *xmlStream) ReadByte() (byte, error) {
	if s.i < s.valid {
		b := s.buf[s.i]
		s.i++
		return b, nil
	}
	return s.slowByte()
}

func (s *xmlStream) slowByte() (byte, error) {
	if s.prefix != "" {
		b := s.prefix[0]
		s.prefix = s.prefix[1:]
		return b, nil
	}
	for s.i >= s.valid {
		if s.bad {
			return 0, &utf8Error{Offset: s.off + int64(s.valid)}
		}
		before := s.valid
		s.check() // bytes read but not checked yet (after seekPage)
		if s.valid > before || s.bad {
			continue
		}
		if s.rerr != nil {
			return 0, s.rerr
		}
		s.read()
	}
	b := s.buf[s.i]
	s.i++
	return b, nil
}

// Read implements io.Reader (the Decoder uses ReadByte).
func (s *xmlStream) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if s.i < s.valid && s.prefix == "" {
			m := copy(p[n:], s.buf[s.i:s.valid])
			s.i += m
			n += m
			continue
		}
		b, err := s.slowByte()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		p[n] = b
		n++
	}
	return n, nil
}

// read moves the unread bytes (and up to streamBehind bytes before them)
// to the front of buf and reads more input after them, unchecked.
func (s *xmlStream) read() {
	if shift := s.i - min(s.i, streamBehind); shift > 0 {
		s.n = copy(s.buf, s.buf[shift:s.n])
		s.off += int64(shift)
		s.i -= shift
		s.valid = max(s.valid-shift, 0)
	}
	for s.rerr == nil && s.n < len(s.buf) {
		m, err := s.r.Read(s.buf[s.n:])
		s.n += m
		s.rerr = err
		if m > 0 {
			return
		}
	}
}

// check extends the checked region over buf[valid:n], stopping at an
// invalid sequence (bad) or before a rune cut at the end of what was read
// so far (its bytes are checked once the rest has come).
func (s *xmlStream) check() {
	tail := 0
	if s.rerr == nil {
		tail = incompleteTail(s.buf[s.valid:s.n])
	}
	if j := firstInvalid(s.buf[s.valid : s.n-tail]); j >= 0 {
		s.valid += j
		s.bad = true
		return
	}
	s.valid = s.n - tail
}

// backTo moves the stream back to input offset at, or as near to it as the
// bytes kept behind allow (never forward), and returns the number of "\n"
// between the new position and upto.
func (s *xmlStream) backTo(at, upto int64) int {
	j := max(int(at-s.off), 0)
	if j >= s.i {
		return 0
	}
	s.i = j
	s.valid, s.bad = s.i, false
	k := min(max(int(upto-s.off), s.i), s.n)
	return bytes.Count(s.buf[s.i:k], []byte{'\n'})
}

// seekPage skips raw bytes up to the next "<page>" start tag (also "<page"
// followed by white space), and arranges for the next bytes handed out to
// be "<mediawiki>" followed by that tag. It returns the tag's input offset
// and the number of "\n" skipped; io.EOF when no tag follows, or the
// underlying reader's error.
func (s *xmlStream) seekPage() (at int64, lines int, err error) {
	s.prefix = ""
	for {
		win := s.buf[s.i:s.n]
		j, keep := indexPageTag(win, s.rerr != nil)
		if j >= 0 {
			lines += bytes.Count(win[:j], []byte{'\n'})
			s.i += j
			s.valid, s.bad = s.i, false // checked after the prefix
			s.prefix = "<mediawiki>"
			return s.pos(), lines, nil
		}
		skip := len(win) - keep
		lines += bytes.Count(win[:skip], []byte{'\n'})
		s.i += skip
		s.valid, s.bad = s.i, false
		if s.rerr != nil {
			s.i, s.valid = s.n, s.n
			return s.pos(), lines, s.rerr
		}
		s.read()
	}
}

// indexPageTag returns the index in win of the first "<page" followed by
// '>' or white space, or -1 and how many bytes at the end of win may be
// the start of one (to look at again with more input; 0 when final).
func indexPageTag(win []byte, final bool) (int, int) {
	const tag = "<page"
	for from := 0; ; {
		j := bytes.Index(win[from:], []byte(tag))
		if j < 0 {
			if final {
				return -1, 0
			}
			return -1, min(len(win), len(tag)-1)
		}
		j += from
		if j+len(tag) == len(win) {
			if final {
				return -1, 0
			}
			return -1, len(win) - j
		}
		switch win[j+len(tag)] {
		case '>', ' ', '\t', '\r', '\n':
			return j, 0
		}
		from = j + 1
	}
}
