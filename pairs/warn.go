package pairs

import (
	"context"
	"fmt"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
)

// Warning says that a page's twin is newer: Message in the judge's
// language ("la página inglesa Isolated State tiene la versión N5; esta es
// N4"), what is ahead, and the twin's current record to cite beside the
// page's own.
type Warning struct {
	Page    PageRef             `json:"page"`
	Twin    PageRef             `json:"twin"`
	Why     []Ahead             `json:"why"`
	Message string              `json:"message"`
	Cite    *wikirules.Citation `json:"twin_citation,omitempty"`
	// Text is the cited record's plain text.
	Text string `json:"twin_text,omitempty"`
	// Match says how the twin's record was chosen: "aligned" (Align
	// paired it with the record cited), "same place" (the same block and
	// ordinal, which Align could not confirm: the blocks differ in size)
	// or "page" (the twin's skill header or first rule record).
	Match string `json:"match,omitempty"`
}

// PageOfRevision returns the page whose current revision is id, or nil.
func (s *Set) PageOfRevision(id string) *PageRef {
	for _, p := range s.pages {
		if p.Revision.ID == id {
			return &PageRef{Wiki: p.Page.Wiki, Language: p.Page.Language, Title: p.Page.Title}
		}
	}
	return nil
}

// Warn returns the warning for the page cited by c (found by its revision
// when that is a page's current one, else by its title), in language
// judge ("es" or "en"), or nil when the page has no twin or its twin is
// not newer.
func (s *Set) Warn(ctx context.Context, db *kb.DB, c wikirules.Citation, judge string) (*Warning, error) {
	var p *Pair
	var wiki string
	if ref := s.PageOfRevision(c.Revision); ref != nil {
		p, wiki = s.Twin(ref.Wiki, ref.Title), ref.Wiki
	} else {
		p, wiki = s.TwinOfTitle(c.Page)
	}
	if p == nil {
		return nil, nil
	}
	l, err := LagOf(ctx, db, s, *p)
	if err != nil {
		return nil, err
	}
	this, twin := p.ES, p.EN
	if p.EN.Wiki == wiki {
		this, twin = p.EN, p.ES
	}
	if l.Newer != twin.Language {
		return nil, nil
	}
	w := &Warning{Page: this, Twin: twin, Why: l.Why, Message: Message(l, judge)}
	// The twin's record aligned with the one cited, else its current
	// skill header or first rule record.
	var place *RecordPair
	for i, r := range l.Align.Records {
		mine, other := r.ES, r.EN
		if this.Language == "en" {
			mine, other = r.EN, r.ES
		}
		if mine == nil || mine.Citation.Anchor != c.Anchor || mine.Citation.Revision != c.Revision {
			continue
		}
		if r.Status == Aligned {
			w.Cite, w.Text, w.Match = &other.Citation, other.Text, "aligned"
			return w, nil
		}
		place = &l.Align.Records[i]
	}
	if place != nil {
		for _, r := range l.Align.Records {
			other := r.EN
			if this.Language == "en" {
				other = r.ES
			}
			if r.Status == Unmatched && other != nil && r.Kind == place.Kind && r.Block == place.Block &&
				other.Ordinal == c.Ordinal && other.Depth <= 1 {
				w.Cite, w.Text, w.Match = &other.Citation, other.Text, "same place"
				return w, nil
			}
		}
	}
	w.Match = "page"
	if cur := l.SideOf(twin.Language).Current; cur != nil {
		w.Cite = cur
		rs, err := db.RevisionRecords(ctx, cur.Revision)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			if r.ID == cur.Anchor {
				w.Text = r.Plain
				break
			}
		}
	}
	return w, nil
}

// Message says, in language judge, what the newer side of l holds that
// the older does not: "la página inglesa Isolated State tiene la versión
// N5; esta es N4" / "the English page Isolated State has version N5; this
// one is N4". It is "" when neither side is newer.
func Message(l *Lag, judge string) string {
	if l.Newer == "" {
		return ""
	}
	twin := l.SideOf(l.Newer)
	var parts []string
	for _, a := range l.Why {
		parts = append(parts, phrase(a, judge))
	}
	if judge == "es" {
		return fmt.Sprintf("la página %s %s %s", languageName(twin.Language, judge), twin.Title, strings.Join(parts, "; "))
	}
	return fmt.Sprintf("the %s page %s %s", languageName(twin.Language, judge), twin.Title, strings.Join(parts, "; "))
}

// phrases are the criteria's sentences by judge language and Ahead.By
// ("" for any other By: a dated edit), formatted with the series, the
// newer and the older side's value.
var phrases = map[string]map[string]string{
	"es": {
		"edition": "tiene la versión %[2]s; esta es %[3]s",
		"update":  "tiene la actualización %[2]s; esta, la %[3]s",
		"faq":     "tiene %[1]s %[2]s; esta, %[3]s",
		"":        "se editó el %[2]s con diferencias de fondo; esta es del %[3]s",
	},
	"en": {
		"edition": "has version %[2]s; this one is %[3]s",
		"update":  "has update %[2]s; this one, %[3]s",
		"faq":     "has %[1]s %[2]s; this one, %[3]s",
		"":        "was edited on %[2]s with differences in substance; this one is of %[3]s",
	},
}

// phrase renders one criterion in language judge (English unless "es").
func phrase(a Ahead, judge string) string {
	newer, older := a.Newer, a.Older
	if a.By == "edition" {
		newer, older = strings.ToUpper(newer), strings.ToUpper(older)
	}
	if judge != "es" {
		judge = "en"
	}
	format, ok := phrases[judge][a.By]
	if !ok {
		format = phrases[judge][""]
	}
	return fmt.Sprintf(format, a.Series, newer, older)
}

// languageName names a wiki language in the judge's language, as an
// adjective of "página"/"page".
func languageName(l, judge string) string {
	names := map[string]map[string]string{
		"es": {"es": "española", "en": "inglesa"},
		"en": {"es": "Spanish", "en": "English"},
	}
	j := judge
	if j != "es" {
		j = "en"
	}
	if n := names[j][l]; n != "" {
		return n
	}
	return l
}
