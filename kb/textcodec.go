package kb

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"strings"
	"sync"

	kflate "github.com/klauspost/compress/flate"
)

// Revision texts are stored compressed (raw DEFLATE, RFC 1951) when that
// pays: the 100 MB export's texts shrink to 40 % (105 MB to 41 MB), and
// the text of every revision of a page's history is most of what an
// ingest writes (the 100 MB synthetic export: 122 MB of revisions out of
// a 240 MB database). The encoder is level 1 of
// github.com/klauspost/compress/flate: the same ratio as the standard
// library's flate.BestSpeed on these texts at 2.3 times its speed
// (BenchmarkEncodeText, seed dump texts: 136 against 59 MB/s; the 100 MB
// export's 21,600 texts took 0.41-0.45 s instead of 1.1-1.5 s), and its output is plain DEFLATE, which the
// standard library decodes. revisions.text holds either the text itself
// (TEXT: short or incompressible texts, and every row stored before this
// encoding) or its compression (BLOB); SQLite keeps the two apart by
// type, so no marker is needed. decodeText reads both.

// compressMin is the shortest text worth compressing (bytes); a text is
// stored compressed only when that saves at least a tenth of it.
const compressMin = 512

var (
	flateWriters = sync.Pool{New: func() any {
		w, err := kflate.NewWriter(nil, kflate.BestSpeed)
		if err != nil {
			panic(err) // only for an invalid level
		}
		return w
	}}
	flateReaders = sync.Pool{New: func() any { return flate.NewReader(nil) }}
)

// encodeText returns what revisions.text stores for text: a []byte of its
// DEFLATE compression, or text itself (a string) when it is shorter than
// compressMin bytes or compresses by less than a tenth.
func encodeText(text string) any {
	if len(text) < compressMin {
		return text
	}
	var buf bytes.Buffer
	buf.Grow(len(text) / 3)
	w := flateWriters.Get().(*kflate.Writer)
	defer flateWriters.Put(w)
	w.Reset(&buf)
	if _, err := io.WriteString(w, text); err != nil {
		return text
	}
	if err := w.Close(); err != nil {
		return text
	}
	if buf.Len() > len(text)-len(text)/10 {
		return text
	}
	return buf.Bytes()
}

// decodeText returns the text a revisions.text value v holds: v itself
// for a string, its decompression for a []byte (encodeText). A damaged
// compression is an error.
func decodeText(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case []byte:
		r := flateReaders.Get().(io.ReadCloser)
		defer flateReaders.Put(r)
		if err := r.(flate.Resetter).Reset(bytes.NewReader(v), nil); err != nil {
			return "", fmt.Errorf("revision text: %w", err)
		}
		var b strings.Builder
		b.Grow(3 * len(v))
		if _, err := io.Copy(&b, r); err != nil {
			return "", fmt.Errorf("revision text: compressed text damaged: %w", err)
		}
		return b.String(), nil
	case nil:
		return "", nil
	default:
		return "", fmt.Errorf("revision text: unexpected %T", v)
	}
}
