package kb

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"

	"github.com/wikirules/wikirules"
)

// prepared is what storing an item computes from the item alone: the
// stored form of its revision's text (encodeText), the JSON columns of
// its revision and the contents of its records.
type prepared struct {
	textOf               string                // the revision text it was made from
	text                 any                   // encodeText(textOf)
	x                    *wikirules.Extraction // the extraction it was made from
	n                    int                   // its number of records then
	links, layout, diags string
	contents             []content
}

// Prepare computes what Put and Writer.Put would compute from it alone
// (the compressed revision text, JSON encodings, record content digests,
// search titles), so that a caller storing from one goroutine can do that
// work on others; Put then only runs the statements. Calling it is
// optional. It must be called after it is final: Put recomputes when
// it.Rev.Text differs, it.X is another extraction or has another number
// of records than when prepared, but not when a record was edited in
// place. An encoding error is returned (and returned again by Put).
func (it *Item) Prepare() error {
	x := it.X
	if x == nil {
		x = &wikirules.Extraction{}
	}
	p, err := prepare(it.Rev.Text, x)
	if err != nil {
		return err
	}
	it.prep = p
	return nil
}

// of reports whether p was prepared from text and x as they are now.
func (p *prepared) of(text string, x *wikirules.Extraction) bool {
	return p != nil && p.x == x && p.n == len(x.Records) && p.textOf == text
}

// prepare computes the prepared form of a revision's text and x. An error in one record's
// content is kept in that content (put reports it with the record's
// position); an error in the revision's columns is returned.
func prepare(text string, x *wikirules.Extraction) (*prepared, error) {
	p := &prepared{textOf: text, text: encodeText(text), x: x, n: len(x.Records), contents: make([]content, len(x.Records))}
	var err1, err2, err3 error
	p.links, err1 = encodeJSON(x.Links, len(x.Links) == 0)
	p.layout, err2 = encodeJSON(x.Layout, len(x.Layout) == 0)
	p.diags, err3 = encodeJSON(x.Diagnostics, len(x.Diagnostics) == 0)
	if err := firstErr(err1, err2, err3); err != nil {
		return nil, fmt.Errorf("encode extraction: %w", err)
	}
	var buf []byte
	for i := range x.Records {
		p.contents[i] = newContent(&x.Records[i], &buf)
	}
	return p, nil
}

// content is a record's columns in record_contents as stored (JSON
// encoded where the schema says so) and their digest.
type content struct {
	section, links, notes, skill, fields string
	digest                               string
	searchTitle                          string // recordSearchTitle
	err                                  error  // of the encoding
}

// newContent encodes the content columns of rec and computes their
// digest: hex SHA-256 (first 16 bytes) over every column of
// record_contents but pk, page and digest, each value followed by a NUL
// (integers in decimal). Two records of one page with the same digest
// share one row; what differs between them (id, position, span, the ids
// in superseded_by and alternative, which name records of their own
// revision) is kept in revision_records. The hashed bytes are gathered in
// *buf (reused from record to record) and hashed at once: a Write per
// value cost twice as much.
func newContent(rec *wikirules.Record, buf *[]byte) content {
	var c content
	var errs [5]error
	c.section, errs[0] = encodeJSON(rec.Section, len(rec.Section) == 0)
	c.links, errs[1] = encodeJSON(rec.Links, len(rec.Links) == 0)
	c.notes, errs[2] = encodeJSON(rec.Notes, len(rec.Notes) == 0)
	c.skill, errs[3] = encodeJSON(rec.Skill, rec.Skill == nil)
	c.fields, errs[4] = encodeJSON(rec.Fields, len(rec.Fields) == 0)
	if err := firstErr(errs[:]...); err != nil {
		return content{err: err}
	}
	b := (*buf)[:0]
	for _, v := range []string{c.section, string(rec.Kind)} {
		b = append(append(b, v...), 0)
	}
	for _, n := range []int64{int64(rec.Ordinal), int64(rec.Depth), int64(rec.Editions), int64(boolInt(rec.Superseded))} {
		b = append(strconv.AppendInt(b, n, 10), 0)
	}
	for _, v := range []string{rec.Version, rec.Title, c.links, c.notes, c.skill, c.fields, rec.Template, rec.Text, rec.Plain} {
		b = append(append(b, v...), 0)
	}
	*buf = b
	sum := sha256.Sum256(b)
	c.digest = hex.EncodeToString(sum[:16])
	c.searchTitle = recordSearchTitle(rec)
	return c
}
