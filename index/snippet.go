package index

import (
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/wikirules/wikirules"
)

// Snippet layout: at most snippetBytes of the body around the densest run
// of matches, starting snippetLead bytes before its first match.
const (
	snippetBytes = 240
	snippetLead  = 40
	markOpen     = "«" // as kb.SearchText marks its snippets
	markClose    = "»"
	ellipsis     = "…"
)

// snippet cuts a window of body around the matched byte ranges (sorted,
// possibly overlapping) and wraps each match in « » markers. It returns
// the snippet and the byte ranges of the marked words inside it (markers
// excluded). Newlines become spaces; a cut is marked with "…" and falls on
// a word boundary when one is near.
func snippet(body string, ranges []wikirules.Span) (string, []wikirules.Span) {
	ranges = mergeSpans(ranges, len(body))
	from, to := window(body, ranges)
	var b strings.Builder
	var spans []wikirules.Span
	if from > 0 {
		b.WriteString(ellipsis)
	}
	pos := from
	for _, r := range ranges {
		if r.Start < from || r.End > to {
			continue
		}
		b.WriteString(flat(body[pos:r.Start]))
		b.WriteString(markOpen)
		s := b.Len()
		b.WriteString(flat(body[r.Start:r.End]))
		spans = append(spans, wikirules.Span{Start: s, End: b.Len()})
		b.WriteString(markClose)
		pos = r.End
	}
	b.WriteString(flat(body[pos:to]))
	if to < len(body) {
		b.WriteString(ellipsis)
	}
	return b.String(), spans
}

// flat replaces line breaks and tabs by spaces (same byte length).
func flat(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, s)
}

// mergeSpans drops ranges outside body and merges overlapping ones.
func mergeSpans(in []wikirules.Span, n int) []wikirules.Span {
	var out []wikirules.Span
	for _, r := range in {
		if r.Start < 0 || r.End > n || r.Start >= r.End {
			continue
		}
		if k := len(out) - 1; k >= 0 && r.Start <= out[k].End {
			out[k].End = max(out[k].End, r.End)
			continue
		}
		out = append(out, r)
	}
	return out
}

// densest returns the start of the first window of snippetBytes, opening
// snippetLead before a range, that holds the most ranges whole (0 when
// there are none).
func densest(ranges []wikirules.Span) int {
	// The window starting snippetLead before range i holds the ranges
	// i..j-1 that end inside it: the ranges are sorted and disjoint
	// (mergeSpans), so their ends increase, and the window's end never
	// moves back as i grows; j only moves forward, each range is visited
	// once as i and once as j.
	best, bestN := 0, -1
	j, work := 0, uint64(0)
	for i, r := range ranges {
		from := max(0, r.Start-snippetLead)
		j = max(j, i)
		for j < len(ranges) && ranges[j].End <= from+snippetBytes {
			j++
			work++
		}
		work++
		if n := j - i; n > bestN {
			best, bestN = from, n
		}
	}
	windowWork.Add(work)
	return best
}

// windowWork counts the steps of densest (ranges visited), for the test
// that checks they grow linearly with the ranges of a body.
var windowWork atomic.Uint64

// window chooses [from, to) of at most snippetBytes covering the most
// ranges, on rune boundaries.
func window(body string, ranges []wikirules.Span) (int, int) {
	if len(body) <= snippetBytes {
		return 0, len(body)
	}
	from := densest(ranges)
	// Start on a word: move forward to just after a space within the lead.
	if from > 0 {
		limit := from + snippetLead/2
		if len(ranges) > 0 {
			for _, r := range ranges {
				if r.Start >= from {
					limit = min(limit, r.Start)
					break
				}
			}
		}
		if i := strings.IndexAny(body[from:min(limit, len(body))], " \n"); i >= 0 {
			from += i + 1
		}
	}
	for from > 0 && from < len(body) && !utf8.RuneStart(body[from]) {
		from--
	}
	to := min(len(body), from+snippetBytes)
	for to < len(body) && !utf8.RuneStart(body[to]) {
		to--
	}
	if to < len(body) {
		if i := strings.LastIndexAny(body[from:to], " \n"); i > snippetBytes/2 {
			// do not cut a marked word
			cut := from + i
			ok := true
			for _, r := range ranges {
				if r.Start < cut && r.End > cut {
					ok = false
				}
			}
			if ok {
				to = cut
			}
		}
	}
	return from, to
}
