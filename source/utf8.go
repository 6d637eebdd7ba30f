package source

import (
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// utf8Reader passes bytes through and fails at the first invalid UTF-8
// sequence with a *utf8Error giving its byte offset. encoding/json would
// silently replace such bytes with U+FFFD, so the JSON and XML readers check
// their input through it. A rune split across two reads is held back until
// it is complete.
type utf8Reader struct {
	r          io.Reader
	buf        []byte
	start, end int   // buf[start:valid] is checked and not yet handed out
	valid      int   // buf[valid:end] is an incomplete rune waiting for more
	off        int64 // bytes handed out so far (offset of buf[start])
	err        error // sticky error, returned once the valid bytes are out
	// lenient: invalid sequences are passed through and their offsets
	// kept in bad (in input order) for the caller to judge (apiReader:
	// one revision's text is a bad revision, anything else ends the input).
	lenient bool
	bad     []int64
}

// utf8Error reports invalid UTF-8 at byte Offset of the input.
type utf8Error struct{ Offset int64 }

func (e *utf8Error) Error() string { return fmt.Sprintf("invalid UTF-8 at byte %d", e.Offset) }

// errInvalidUTF8 is the cause wrapped by every invalid-UTF-8 *Error.
var errInvalidUTF8 = errors.New("invalid UTF-8")

func newUTF8Reader(r io.Reader) *utf8Reader { return &utf8Reader{r: r, buf: make([]byte, 64<<10)} }

func (u *utf8Reader) Read(p []byte) (int, error) {
	for u.start == u.valid {
		if u.err != nil {
			return 0, u.err
		}
		u.end = copy(u.buf, u.buf[u.valid:u.end])
		u.start, u.valid = 0, 0
		m, rerr := u.r.Read(u.buf[u.end:])
		u.end += m
		// A rune cut by the end of a read waits for the next one; cut by
		// a failed read (a truncated compressed stream), it is not
		// checked: the read's error is what went wrong. Only at the
		// true end of the input is it invalid UTF-8.
		keep := 0
		if rerr != io.EOF {
			keep = incompleteTail(u.buf[:u.end])
		}
		if i := firstInvalid(u.buf[:u.end-keep]); i >= 0 && !u.lenient {
			u.valid = i
			u.err = &utf8Error{Offset: u.off + int64(i)}
		} else {
			for base := 0; i >= 0; {
				// u.off is the offset of buf[0] here (start is 0).
				u.bad = append(u.bad, u.off+int64(base+i))
				base += i + 1
				i = firstInvalid(u.buf[base : u.end-keep])
			}
			u.valid = u.end - keep
			u.err = rerr
		}
	}
	n := copy(p, u.buf[u.start:u.valid])
	u.start += n
	u.off += int64(n)
	return n, nil
}

// badBefore removes from u.bad the offsets below end and returns the
// first of them (-1 when none). Only a lenient reader records any.
func (u *utf8Reader) badBefore(end int64) int64 {
	first := int64(-1)
	n := 0
	for n < len(u.bad) && u.bad[n] < end {
		if first < 0 {
			first = u.bad[n]
		}
		n++
	}
	u.bad = u.bad[n:]
	return first
}

// incompleteTail returns how many bytes at the end of b are the start of a
// rune that is not complete yet (0–3).
func incompleteTail(b []byte) int {
	for j := len(b) - 1; j >= 0 && j >= len(b)-utf8.UTFMax+1; j-- {
		if utf8.RuneStart(b[j]) {
			if !utf8.FullRune(b[j:]) {
				return len(b) - j
			}
			return 0
		}
	}
	return 0
}

// firstInvalid returns the index of the first invalid UTF-8 sequence in b,
// or -1 when b is valid.
func firstInvalid(b []byte) int {
	if utf8.Valid(b) {
		return -1
	}
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return -1
}
