package extract

import (
	"sort"
	"strings"

	"github.com/wikirules/wikirules"
)

// finish pairs alternatives and updates, computes the layout spans and the
// page's links.
func (p *pass) finish() {
	p.resolveEditions()
	recs := p.x.Records
	for _, g := range p.altGroups {
		a, b := recs[g[0].first:g[0].last], recs[g[1].first:g[1].last]
		if len(a) == 0 || len(b) == 0 {
			continue
		}
		if len(a) == len(b) {
			for i := range a {
				a[i].Alternative, b[i].Alternative = a[i].ID, a[i].ID
			}
			continue
		}
		for i := range a {
			a[i].Alternative = a[0].ID
		}
		for i := range b {
			b[i].Alternative = a[0].ID
		}
	}
	p.pairUpdates()
	p.levelBoxes()
	for _, r := range p.x.Records {
		for _, l := range r.Links {
			p.x.Links = appendUnique(p.x.Links, l)
		}
	}
	p.fillLayout()
}

// pairUpdates links every original block to its update (the update block
// it follows, else the nearest unpaired one before it, else the next):
// the i-th record of the original is superseded by the i-th record of the
// update (the last one when the original has more).
func (p *pass) pairUpdates() {
	used := map[*frame]bool{}
	for _, o := range p.originals {
		u := o.alt
		if u == nil {
			for k := len(p.updates) - 1; k >= 0; k-- {
				if f := p.updates[k]; !used[f] && f.start < o.start {
					u = f
					break
				}
			}
		}
		if u == nil {
			for _, f := range p.updates {
				if !used[f] && f.start > o.start {
					u = f
					break
				}
			}
		}
		if o.last == o.first {
			continue // an empty original block (a snapshot that lost its list) replaces nothing
		}
		if u == nil || u.last == u.first {
			p.diag(o.start, "original text without a matching update")
			continue
		}
		used[u] = true
		for i := o.first; i < o.last; i++ {
			j := min(u.first+(i-o.first), u.last-1)
			p.x.Records[i].SupersededBy = p.x.Records[j].ID
		}
	}
}

// fillLayout classifies the bytes no record holds: the explicit layout
// spans (markers without content, headings, furniture, category and file
// links) and white space (for HTML, markup without text) between pieces.
// Anything else left over is reported as a diagnostic (and stays
// uncovered, which the coverage tests catch).
func (p *pass) fillLayout() {
	spans := append([]wikirules.Span(nil), p.layout...)
	for _, r := range p.x.Records {
		spans = append(spans, r.Span)
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	at := 0
	gap := func(end int) {
		if end <= at {
			return
		}
		s := p.src[at:end]
		if strings.TrimSpace(s) == "" || p.st.gapOK != nil && p.st.gapOK(s) {
			p.layout = append(p.layout, wikirules.Span{Start: at, End: end})
		} else {
			p.diag(at, "bytes %d–%d are neither a record nor layout: %q", at, end, clip(s, 60))
		}
	}
	for _, s := range spans {
		gap(s.Start)
		at = max(at, s.End)
	}
	gap(len(p.src))
	p.x.Layout = mergeSpans(p.layout)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8Start(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }
