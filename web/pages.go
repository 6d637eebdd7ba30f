package web

import (
	"context"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// pageView is a page as a rule card: the skill header, the records grouped
// into blocks by section (requirements, effects, cancellation, boxes,
// examples) and the FAQ and errata cards, with the edition tabs and the
// superseded-text switch.
type pageView struct {
	V          *wikirules.PageView
	P          *params
	Rev        string // the ?rev= asked for, when it is not the current revision
	Current    string // the current revision id when an older one is shown
	Skill      *wikirules.Record
	Blocks     []block
	FAQs       []faqCard
	Superseded int // superseded records hidden (History off)
	Tabs       []tab
	HistoryURL string
}

func (v *pageView) title() string { return v.V.Page.Title }

// block is a run of records of one section.
type block struct {
	Heading string
	Class   string // the kind of its first record, for styling
	Items   []item
}

// item is one record shown on the card, with the FAQ and errata entries
// that relate to it (their seefaq note matches the entry).
type item struct {
	R      wikirules.Record
	Indent int
	SameEd bool // the record holds in the page's editions: no badge
	FAQs   []*faqCard
}

// faqCard is one FAQ or errata entry on a page. Anchors are the ids of the
// page's FAQ records that show this entry, so their citations resolve too.
type faqCard struct {
	F       wikirules.FAQ
	Anchors []string
	Page    string
}

// tab is one link of a switch (edition, FAQ type, search facet).
type tab struct {
	Label  string
	URL    string
	Count  int
	Active bool
}

func (s *Server) pagePage(w http.ResponseWriter, r *http.Request) error {
	p, err := readParams(r)
	if err != nil {
		return err
	}
	title, err := pageTitle(r)
	if err != nil {
		return err
	}
	rev, err := cleanText("rev", r.URL.Query().Get("rev"), 100)
	if err != nil {
		return err
	}
	pv, err := s.pageView(r.Context(), title, rev, p)
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, "page", pv)
	return nil
}

// pageView loads title as p and rev ask and builds its card. A rev of
// another page is ignored; an unknown rev is a 404.
func (s *Server) pageView(ctx context.Context, title, rev string, p *params) (*pageView, error) {
	f := wikirules.Filter{Edition: p.edition, AsOf: p.asOf, History: p.history}
	v, err := s.deps.Store.Page(ctx, title, f)
	if err != nil {
		return nil, err
	}
	pv := &pageView{P: p}
	if rev != "" && rev != v.Revision.ID {
		rv, err := s.deps.Store.Revision(ctx, rev)
		if err != nil {
			return nil, err
		}
		if rv.Page.Title == v.Page.Title {
			cur := v.Revision.ID
			f.AsOf = rv.Timestamp
			if v, err = s.deps.Store.Page(ctx, title, f); err != nil {
				return nil, err
			}
			pv.Rev, pv.Current = v.Revision.ID, cur
		}
	}
	pv.V = v
	if !p.history {
		all, err := s.deps.Store.RevisionRecords(ctx, v.Revision.ID)
		if err != nil {
			return nil, err
		}
		for _, rec := range all {
			if rec.Superseded && (p.edition == 0 || rec.Editions.Holds(p.edition)) {
				pv.Superseded++
			}
		}
	}
	pv.build()
	base := pageURL(v.Page.Title)
	for _, e := range []struct{ label, value string }{{"All", ""}, {"N4", "n4"}, {"CodeOne", "c1"}, {"N5", "n5"}} {
		pv.Tabs = append(pv.Tabs, tab{Label: e.label, Active: p.edName == e.value,
			URL: withQuery(base, "edition", e.value, "rev", pv.Rev, "as_of", p.asOfRaw, "history", boolParam(p.history))})
	}
	pv.HistoryURL = withQuery(base, "edition", p.edName, "rev", pv.Rev, "as_of", p.asOfRaw, "history", boolParam(!p.history))
	return pv, nil
}

func boolParam(b bool) string {
	if b {
		return "1"
	}
	return ""
}

// build groups the records into the card: the first skill header on top,
// FAQ records folded into the FAQ cards they show, the rest in blocks of
// consecutive records of one section; then attaches each FAQ card to the
// records whose seefaq notes it answers.
func (pv *pageView) build() {
	v := pv.V
	byID := map[string]*faqCard{}
	pv.FAQs = make([]faqCard, len(v.FAQs))
	for i, f := range v.FAQs {
		pv.FAQs[i] = faqCard{F: f, Page: v.Page.Title}
	}
	for i := range pv.FAQs {
		byID[pv.FAQs[i].F.ID] = &pv.FAQs[i]
	}
	for _, rec := range v.Records {
		if rec.Kind == wikirules.KindSkill && rec.Skill != nil && pv.Skill == nil {
			r := rec
			pv.Skill = &r
			continue
		}
		if c := byID[rec.Fields["faq_id"]]; c != nil && (rec.Kind == wikirules.KindFAQ || rec.Kind == wikirules.KindErrata) {
			c.Anchors = append(c.Anchors, rec.ID)
			continue
		}
		heading := strings.Join(rec.Section, " › ")
		if n := len(pv.Blocks); n == 0 || pv.Blocks[n-1].Heading != heading {
			pv.Blocks = append(pv.Blocks, block{Heading: heading, Class: string(rec.Kind)})
		}
		b := &pv.Blocks[len(pv.Blocks)-1]
		it := item{R: rec, Indent: max(rec.Depth-1, 0), SameEd: rec.Editions == v.PageEditions}
		for i := range pv.FAQs {
			if relates(rec.Notes, &pv.FAQs[i].F) {
				it.FAQs = append(it.FAQs, &pv.FAQs[i])
			}
		}
		b.Items = append(b.Items, it)
	}
}

// relates reports whether an FAQ entry answers one of a record's seefaq
// notes: at least 60% of the note's words (4 letters or more, accents and
// case folded) stand in the entry's question or answer.
func relates(notes []string, f *wikirules.FAQ) bool {
	if len(notes) == 0 {
		return false
	}
	have := map[string]bool{}
	for _, w := range foldWords(f.Question + " " + f.Answer) {
		have[w] = true
	}
	for _, n := range notes {
		ws := foldWords(n)
		if len(ws) == 0 {
			continue
		}
		hit := 0
		for _, w := range ws {
			if have[w] {
				hit++
			}
		}
		if hit*10 >= len(ws)*6 {
			return true
		}
	}
	return false
}

// foldWords returns the folded words (lang.Words) of s of 4 letters or
// more.
func foldWords(s string) []string {
	var out []string
	for _, w := range lang.Words(s) {
		if utf8.RuneCountInString(w) >= 4 {
			out = append(out, w)
		}
	}
	return out
}

// Citation is the entry's citation as shown on its page (the first page
// it stands on when the card is not on a page).
func (c faqCard) Citation() wikirules.Citation { return wikirules.CitationOfFAQ(c.F, c.Page) }

// URL links the entry on its page, or in the FAQ list when it stands on
// no page.
func (c faqCard) URL() string {
	cit := c.Citation()
	if cit.Page == "" {
		return "/faq#" + pathEscape(c.F.ID)
	}
	return citeURL(cit, false)
}
