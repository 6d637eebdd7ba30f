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

// phrase renders one criterion in language judge.
func phrase(a Ahead, judge string) string {
	newer, older := a.Newer, a.Older
	if a.By == "edition" {
		newer, older = strings.ToUpper(newer), strings.ToUpper(older)
	}
	if judge == "es" {
		switch a.By {
		case "edition":
			return fmt.Sprintf("tiene la versión %s; esta es %s", newer, older)
		case "update":
			return fmt.Sprintf("tiene la actualización %s; esta, la %s", newer, older)
		case "faq":
			return fmt.Sprintf("tiene %s %s; esta, %s", a.Series, newer, older)
		default:
			return fmt.Sprintf("se editó el %s con diferencias de fondo; esta es del %s", newer, older)
		}
	}
	switch a.By {
	case "edition":
		return fmt.Sprintf("has version %s; this one is %s", newer, older)
	case "update":
		return fmt.Sprintf("has update %s; this one, %s", newer, older)
	case "faq":
		return fmt.Sprintf("has %s %s; this one, %s", a.Series, newer, older)
	default:
		return fmt.Sprintf("was edited on %s with differences in substance; this one is of %s", newer, older)
	}
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
