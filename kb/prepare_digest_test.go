package kb

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"testing"
)

// TestContentDigestStable: newContent's digest is the one stored
// databases hold (record_contents.digest): SHA-256 over the content
// columns, each value followed by a NUL, written value by value as the
// first version of this code did. A different digest would make every
// record of the next revision of a stored page a new content.
func TestContentDigestStable(t *testing.T) {
	n := 0
	var buf []byte
	for _, it := range synthetic(t, 40) {
		for i := range it.X.Records {
			rec := &it.X.Records[i]
			c := newContent(rec, &buf)
			if c.err != nil {
				t.Fatal(c.err)
			}
			h := sha256.New()
			var num [20]byte
			for _, v := range []string{c.section, string(rec.Kind)} {
				h.Write([]byte(v))
				h.Write([]byte{0})
			}
			for _, n := range []int64{int64(rec.Ordinal), int64(rec.Depth), int64(rec.Editions), int64(boolInt(rec.Superseded))} {
				h.Write(strconv.AppendInt(num[:0], n, 10))
				h.Write([]byte{0})
			}
			for _, v := range []string{rec.Version, rec.Title, c.links, c.notes, c.skill, c.fields, rec.Template, rec.Text, rec.Plain} {
				h.Write([]byte(v))
				h.Write([]byte{0})
			}
			if want := hex.EncodeToString(h.Sum(nil)[:16]); c.digest != want {
				t.Fatalf("record %s: digest %s, want %s", rec.ID, c.digest, want)
			}
			n++
		}
	}
	if n < 100 {
		t.Fatalf("only %d records checked", n)
	}
}

// BenchmarkNewContent: the content columns and digest of every record of
// 40 synthetic revisions (Item.Prepare's work per record, on the ingest's
// extraction workers).
//
//	go test ./kb -run '^$' -bench BenchmarkNewContent
func BenchmarkNewContent(b *testing.B) {
	items := synthetic(b, 40)
	var buf []byte
	for b.Loop() {
		for _, it := range items {
			for i := range it.X.Records {
				newContent(&it.X.Records[i], &buf)
			}
		}
	}
}
