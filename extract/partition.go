package extract

import (
	"sort"

	"github.com/wikirules/wikirules"
)

// Piece is one part of the partition of a revision's text: a record's span
// (Record is its index in Extraction.Records) or a layout span (Record -1).
type Piece struct {
	Span   wikirules.Span `json:"span"`
	Record int            `json:"record"`
}

// Partition returns the record and layout spans of x sorted by start.
// Records never nest or overlap (a box is one record per item, an example
// one record for the whole box), so for a complete extraction the pieces
// are a partition of the text: consecutive, without gaps or overlaps, and
// concatenating text[Start:End] of every piece rebuilds the revision text.
// Pieces of a faulty extraction are returned as they are, so a check can
// see the gap or overlap.
func Partition(x *wikirules.Extraction) []Piece {
	out := make([]Piece, 0, len(x.Records)+len(x.Layout))
	for i, r := range x.Records {
		out = append(out, Piece{Span: r.Span, Record: i})
	}
	for _, s := range x.Layout {
		out = append(out, Piece{Span: s, Record: -1})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Span.Start != out[j].Span.Start {
			return out[i].Span.Start < out[j].Span.Start
		}
		return out[i].Span.End < out[j].Span.End
	})
	return out
}

// Rebuild concatenates text[piece] for every piece of Partition(x), in
// order. For a lossless extraction it equals text.
func Rebuild(text string, x *wikirules.Extraction) string {
	var b []byte
	for _, p := range Partition(x) {
		if p.Span.Start < 0 || p.Span.End > len(text) || p.Span.Start > p.Span.End {
			continue
		}
		b = append(b, text[p.Span.Start:p.Span.End]...)
	}
	return string(b)
}
