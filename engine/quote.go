package engine

import (
	"strings"

	"github.com/wikirules/wikirules"
)

// place is where a record stands in its list: the lead-in it continues
// (its parent bullet, or the paragraph ending in ":" that opens its list)
// and the bullets it introduces, when it is a lead-in itself.
type place struct {
	leadIn   *wikirules.Record
	children []*wikirules.Record
}

// maxChildren caps the bullets quoted under a lead-in.
const maxChildren = 8

// contexts returns the context of the records of one page (in source
// order) that have one, by record id. Records of one list share their
// section path and editions; a bullet of depth d continues the nearest
// record before it at depth d−1 of its list, and a bullet of depth 1 the
// paragraph before its list when that paragraph ends with ":" ("… se
// cancela automáticamente en los siguientes casos:"). A record's children
// are the deeper bullets that follow it up to the next record of its
// depth or less.
func contexts(recs []*wikirules.Record) map[string]place {
	out := map[string]place{}
	for i, r := range recs {
		if r.Depth == 0 && !leadsIn(r) {
			continue
		}
		var lead *wikirules.Record
		if r.Depth > 0 {
			for j := i - 1; j >= 0; j-- {
				p := recs[j]
				if !sameList(p, r) {
					break
				}
				if p.Depth < r.Depth {
					if p.Depth == r.Depth-1 && (p.Depth > 0 || leadsIn(p)) {
						lead = p
					}
					break
				}
			}
		}
		var kids []*wikirules.Record
		for j := i + 1; j < len(recs) && len(kids) < maxChildren; j++ {
			k := recs[j]
			if !sameList(k, r) || k.Depth <= r.Depth {
				break
			}
			if k.Depth == r.Depth+1 {
				kids = append(kids, k)
			}
		}
		if r.Depth == 0 && len(kids) == 0 {
			continue
		}
		if lead != nil || len(kids) > 0 {
			out[r.ID] = place{leadIn: lead, children: kids}
		}
	}
	return out
}

// openers returns, by record id, the paragraph that opens the section of
// each later paragraph of one page's records (in source order) in a
// named section: what the section is about ("En este Reglamento se
// presentan tres modelos diferentes de Plantilla…: Plantilla Circular,
// Plantilla de Lágrima…"), which the paragraphs after it speak of
// without naming it again ("La altura de las Plantillas… es igual a su
// radio").
func openers(recs []*wikirules.Record) map[string]*wikirules.Record {
	out := map[string]*wikirules.Record{}
	var open *wikirules.Record
	for _, r := range recs {
		if r.Depth > 0 {
			continue
		}
		if open == nil || !sameList(open, r) || open.Kind != r.Kind {
			open = r
			continue
		}
		if len(r.Section) > 0 && r.Kind == wikirules.KindRule {
			out[r.ID] = open
		}
	}
	return out
}

// boxes returns, by record id, the skill box (a KindSkill record) each
// record of one page's recs (in page order) stands under: the last box
// before it, for the records in a section after it (its effects, its
// remember box) up to the next box or the next record of no section. A
// page of levels writes one box per level ("VISOR MULTIESPECTRAL NIVEL
// 1", "… NIVEL 2"), each followed by its own Efectos section, and the
// section path alone does not say which level an effect is of.
func boxes(recs []*wikirules.Record) map[string]*wikirules.Record {
	out := map[string]*wikirules.Record{}
	var box *wikirules.Record
	for _, r := range recs {
		switch {
		case r.Kind == wikirules.KindSkill:
			box = r
		case len(r.Section) == 0:
			box = nil
		case box != nil:
			out[r.ID] = box
		}
	}
	return out
}

// leadsIn reports whether a paragraph introduces the list after it: its
// text ends with a colon.
func leadsIn(r *wikirules.Record) bool {
	return strings.HasSuffix(strings.TrimSpace(r.Plain), ":")
}

// sameList reports whether two records stand in one list: the same kind
// of block, section path and editions.
func sameList(a, b *wikirules.Record) bool {
	if a.Editions != b.Editions || a.Superseded != b.Superseded || len(a.Section) != len(b.Section) {
		return false
	}
	if a.Kind != b.Kind && !(a.Kind == wikirules.KindRule || b.Kind == wikirules.KindRule) {
		return false
	}
	for i := range a.Section {
		if a.Section[i] != b.Section[i] {
			return false
		}
	}
	return true
}

// quote returns a record's text as it stands alone: under its lead-in
// (as a Markdown list item) and, for a lead-in, with the bullets it
// introduces.
func quote(r *wikirules.Record, lead *wikirules.Record, kids []*wikirules.Record) string {
	text := recordQuote(r)
	if lead == nil && len(kids) == 0 {
		return text
	}
	var b strings.Builder
	if lead != nil {
		b.WriteString(recordQuote(lead))
		b.WriteString("\n- ")
		b.WriteString(text)
	} else {
		b.WriteString(text)
	}
	for _, k := range kids {
		if lead != nil {
			b.WriteString("\n  - ")
		} else {
			b.WriteString("\n- ")
		}
		b.WriteString(recordQuote(k))
	}
	return b.String()
}

// recordQuote is the text of a record as quoted (Markdown, or plain text
// when it has none).
func recordQuote(r *wikirules.Record) string {
	if r.Text != "" {
		return r.Text
	}
	return r.Plain
}
