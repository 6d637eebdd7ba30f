package extract

import (
	"fmt"
	"sort"

	"github.com/wikirules/wikirules"
)

// diagnose appends to x a diagnostic naming the page, the revision and the
// byte offset pos in its text. Both the wikitext and the rendered-page
// passes report through it.
func diagnose(x *wikirules.Extraction, rev *wikirules.Revision, pos int, format string, args ...any) {
	x.Diagnostics = append(x.Diagnostics, fmt.Sprintf("%s (rev %s): byte %d: %s",
		rev.Page.Title, rev.ID, pos, fmt.Sprintf(format, args...)))
}

// appendLayout appends s to layout unless it is empty.
func appendLayout(layout []wikirules.Span, s wikirules.Span) []wikirules.Span {
	if s.Len() > 0 {
		layout = append(layout, s)
	}
	return layout
}

// mergeSpans sorts spans by start and merges the ones that overlap or
// touch, so that layout is reported as the fewest disjoint ranges.
func mergeSpans(spans []wikirules.Span) []wikirules.Span {
	sort.Slice(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	var merged []wikirules.Span
	for _, s := range spans {
		if n := len(merged); n > 0 && s.Start <= merged[n-1].End {
			merged[n-1].End = max(merged[n-1].End, s.End)
			continue
		}
		merged = append(merged, s)
	}
	return merged
}
