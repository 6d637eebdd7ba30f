package source

import (
	"errors"
	"io"
	"testing"
)

// failingReader returns data and then err with the last bytes, as a
// decompressor does when its input ends inside a block.
type failingReader struct {
	data []byte
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	n := copy(p, f.data)
	f.data = f.data[n:]
	if len(f.data) == 0 {
		return n, f.err
	}
	return n, nil
}

// TestUTF8ReaderCutRune: a rune cut by a failed read (a truncated gzip or
// bzip2 stream) is the read's error, not invalid UTF-8, and the bytes
// before it are handed out; cut by the true end of the input it is invalid
// UTF-8 at its offset; a lenient reader passes invalid bytes through and
// keeps their offsets.
func TestUTF8ReaderCutRune(t *testing.T) {
	for _, tt := range []struct {
		name    string
		err     error
		want    string
		wantErr func(error) bool
	}{
		{"truncated stream", io.ErrUnexpectedEOF, "Activaci", func(err error) bool { return errors.Is(err, io.ErrUnexpectedEOF) }},
		{"end of input", io.EOF, "Activaci", func(err error) bool {
			var ue *utf8Error
			return errors.As(err, &ue) && ue.Offset == 8
		}},
	} {
		got, err := io.ReadAll(newUTF8Reader(&failingReader{data: []byte("Activaci\xc3"), err: tt.err}))
		if string(got) != tt.want || !tt.wantErr(err) {
			t.Errorf("%s: read %q, error %v", tt.name, got, err)
		}
	}
	u := newUTF8Reader(&failingReader{data: []byte("a\xffb\xfec"), err: io.EOF})
	u.lenient = true
	got, err := io.ReadAll(u)
	if string(got) != "a\xffb\xfec" || err != nil || len(u.bad) != 2 || u.bad[0] != 1 || u.bad[1] != 3 {
		t.Errorf("lenient: read %q, error %v, bad offsets %v; want all bytes and [1 3]", got, err, u.bad)
	}
	if first := u.badBefore(2); first != 1 || len(u.bad) != 1 {
		t.Errorf("badBefore(2) = %d leaving %v, want 1 leaving [3]", first, u.bad)
	}
}
