package web

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// pageView is a page as a rule card: the skill header, the records grouped
// into blocks by section (requirements, effects, cancellation, boxes,
// examples) and the FAQ and errata cards, with the edition tabs (when
// the page's records differ by edition) and the superseded-text switch.
type pageView struct {
	V          *wikirules.PageView
	P          *params
	Rev        string // the ?rev= asked for, when it is not the current revision
	Current    string // the current page's URL when an older revision is shown
	Skill      *wikirules.Record
	Blocks     []block
	FAQs       []faqCard
	Superseded int // superseded records hidden (History off)
	Tabs       []tab
	Edition    editionNote
	AlsoIn     []alsoIn         // the pages of the same title on other wikis
	Twin       *twinWarningView // the twin in the other language is newer
	HistoryURL string           // the superseded-text switch ("" on the static site)
	Hist       string           // the page's history
	LastChange string           // the diff of its last change
}

func (v *pageView) title(*labels) string { return v.V.Page.Title }

// block is a run of records of one section.
type block struct {
	Heading string
	Class   string // the kind of its first record, for styling
	Items   []item
}

// item is one record shown on the card, with the FAQ and errata entries
// that relate to it (their seefaq note matches the entry) and its links.
type item struct {
	R      wikirules.Record
	Indent int
	SameEd bool // the record holds in the page's editions: no badge
	FAQs   []*faqCard
	Links  []pageLink
}

// faqCard is one FAQ or errata entry, with the link to where it stands
// (URL), its related pages and, on a page, the ids of the page's FAQ
// records that show this entry, so that their citations resolve too.
type faqCard struct {
	F         wikirules.FAQ
	Anchors   []string
	Page      string
	URL       string
	Related   []pageLink
	Withdrawn string // the version that withdrew it, when it is withdrawn
	Version   string // the version it was published in
}

// tab is one link of a switch (edition).
type tab struct {
	Label  string
	URL    string
	Count  int
	Active bool
}

func (q *rq) pagePage() error {
	p, title, err := pageParams(q.r)
	if err != nil {
		return err
	}
	rev, err := cleanText("rev", q.r.URL.Query().Get("rev"), 100)
	if err != nil {
		return err
	}
	pv, err := q.pageView(q.r.Context(), title, rev, p)
	return q.show("page", pv, err)
}

// pageView loads title as p and rev ask and builds its card. A rev of
// another page is ignored; an unknown rev is a 404. A rev names the wiki
// of a title several wikis hold when ?wiki= does not. Without an edition
// asked the page speaks for the knowledge base's newest edition, and a
// page without it for its own newest, as query show does; Edition says
// which. A citation's link (rev given) shows every edition, so that the
// record cited is on the page whatever its edition.
func (vs *views) pageView(ctx context.Context, title, rev string, p *params) (*pageView, error) {
	if rev != "" && vs.wiki == "" {
		if rv, err := vs.store.Revision(ctx, rev); err == nil && foldTitle(rv.Page.Title) == foldTitle(title) {
			vs = vs.at(rv.Page.Wiki)
		}
	}
	f := vs.pageFilter()
	f.Edition, f.AsOf, f.History = p.edition, p.asOf, p.history
	defaulted := p.edition == 0 && p.edName != "all" && rev == "" && vs.newest != 0
	if defaulted {
		f.Edition = vs.newest
	}
	v, err := vs.store.Page(ctx, title, f)
	if err != nil {
		return nil, err
	}
	vs = vs.at(v.Page.Wiki)
	f.Wiki = v.Page.Wiki
	pv := &pageView{P: p}
	if rev != "" && rev != v.Revision.ID {
		rv, err := vs.store.Revision(ctx, rev)
		if err != nil {
			return nil, err
		}
		if rv.Page.Title == v.Page.Title && rv.Page.Wiki == v.Page.Wiki {
			f.AsOf = rv.Timestamp
			if v, err = vs.store.Page(ctx, title, f); err != nil {
				return nil, err
			}
			pv.Rev = v.Revision.ID
			pv.Current = vs.link.page(v.Page.Title, "", "", false, "")
		}
	}
	all, err := vs.store.RevisionRecords(ctx, v.Revision.ID)
	if err != nil {
		return nil, err
	}
	held := v.PageEditions
	for _, rec := range all {
		held |= rec.Editions
	}
	held &= wikirules.AllEditions
	pv.Edition = editionNote{Name: vs.l.edition(wikirules.Editions(f.Edition).String()), Defaulted: defaulted}
	if f.Edition != 0 && !held.Has(f.Edition) {
		newest, known := held.Newest()
		want := vs.l.edition(wikirules.Editions(f.Edition).String())
		switch {
		case defaulted && known:
			// A page the wiki has not rewritten for the newest edition
			// shows its own newest text.
			f.Edition = newest
			if v, err = vs.store.Page(ctx, v.Page.Title, f); err != nil {
				return nil, err
			}
			pv.Edition.Name = vs.l.edition(wikirules.Editions(newest).String())
			pv.Edition.Note = vs.l.t("edition.pagenewest", want)
		case defaulted:
			f.Edition = 0
			if v, err = vs.store.Page(ctx, v.Page.Title, f); err != nil {
				return nil, err
			}
			pv.Edition.Name, pv.Edition.Unknown = "", true
			pv.Edition.Note = vs.l.t("edition.pageunknown", want)
		case known:
			pv.Edition.Note = vs.l.t("edition.nopage", want, vs.l.editions(held))
		default:
			pv.Edition.Note = vs.l.t("edition.nopageunknown", want)
		}
	}
	pv.V = v
	byEdition := v.PageEditions != 0
	for _, rec := range all {
		if !p.history && rec.Superseded && (f.Edition == 0 || rec.Editions.Holds(f.Edition)) {
			pv.Superseded++
		}
		if rec.Editions != 0 && rec.Editions != v.PageEditions {
			byEdition = true
		}
	}
	vs.build(pv)
	title = v.Page.Title
	shown := wikirules.Editions(f.Edition).String()
	if f.Edition == 0 {
		shown = "all"
	}
	if byEdition {
		for _, e := range []string{"all", "n4", "c1", "n5"} {
			if u := vs.link.page(title, e, pv.Rev, p.history, p.asOfRaw); u != "" {
				pv.Tabs = append(pv.Tabs, tab{Label: vs.l.edition(e), Active: shown == e, URL: u})
			}
		}
		if len(pv.Tabs) < 2 {
			pv.Tabs = nil
		}
	}
	for _, o := range v.AlsoIn {
		pv.AlsoIn = append(pv.AlsoIn, alsoIn{Wiki: o.Wiki, Language: o.Language,
			Link: pageLink{Title: o.Title, URL: vs.at(o.Wiki).link.page(o.Title, "", "", false, "")}})
	}
	if len(v.Records) > 0 && pv.Rev == "" {
		cite := wikirules.CitationOf(v.Records[0])
		if pv.Skill != nil {
			cite = wikirules.CitationOf(*pv.Skill)
		}
		if pv.Twin, err = vs.twinWarning(ctx, cite); err != nil {
			return nil, err
		}
	}
	pv.HistoryURL = vs.link.page(title, p.edName, pv.Rev, !p.history, p.asOfRaw)
	pv.Hist = vs.link.history(title)
	pv.LastChange = vs.link.diff(title, "", v.Revision.ID)
	return pv, nil
}

// editionNote says which edition a view speaks for: Name ("N5"; "" with
// Unknown, or for every edition), whether it is the default, and Note
// when the page has no text of the edition asked or defaulted to.
type editionNote struct {
	Name      string
	Defaulted bool
	Unknown   bool
	Note      string
}

// alsoIn is a page of the same title on another wiki.
type alsoIn struct {
	Wiki, Language string
	Link           pageLink
}

// build groups the records into the card: the first skill header on top,
// FAQ records folded into the FAQ cards they show, the rest in blocks of
// consecutive records of one section; then attaches each FAQ card to the
// records whose seefaq notes it answers.
func (vs *views) build(pv *pageView) {
	v := pv.V
	byID := map[string]*faqCard{}
	pv.FAQs = make([]faqCard, len(v.FAQs))
	for i, f := range v.FAQs {
		pv.FAQs[i] = vs.faqCard(f, v.Page.Title)
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
		for _, l := range rec.Links {
			it.Links = append(it.Links, vs.pageLink(l, ""))
		}
		b.Items = append(b.Items, it)
	}
	// An entry stored once for several pages is cited where its newest
	// text stands; on a page that holds it, its card links to the page's
	// own occurrence.
	for i := range pv.FAQs {
		if c := &pv.FAQs[i]; len(c.Anchors) > 0 {
			c.URL = "#" + pathEscape(c.Anchors[0])
		}
	}
}

// faqCard builds the card of f as shown on page ("" for the FAQ list).
func (vs *views) faqCard(f wikirules.FAQ, page string) faqCard {
	c := faqCard{F: f, Page: page}
	c.Version, c.Withdrawn = splitWithdrawn(f.Version)
	if f.Removed != "" {
		// A later FAQ version no longer holds the entry: the knowledge
		// base says which, whatever the version line the wiki showed.
		c.Withdrawn = f.Removed
	}
	cit := wikirules.CitationOfFAQ(f, page)
	if cit.Page == "" {
		c.URL = vs.link.faq() + "#" + pathEscape(f.ID)
	} else {
		c.URL = vs.link.cite(cit, false)
	}
	for _, p := range f.Related {
		c.Related = append(c.Related, vs.pageLink(p, f.ID))
	}
	return c
}

// splitWithdrawn reads an FAQ version that says the entry was withdrawn,
// as the wiki's rendered English FAQ shows it ("Removed in 1.3, Nov 2022
// 1.0, Jan 2021": removed in 1.3, published in 1.0), and its Spanish
// counterparts ("Eliminada en …", "Retirada en …"). It returns the
// version published and the version that withdrew it ("" when the entry
// is not withdrawn).
func splitWithdrawn(version string) (published, withdrawn string) {
	lower := strings.ToLower(version)
	for _, p := range []string{"removed in ", "eliminada en ", "eliminado en ", "retirada en ", "retirado en "} {
		if !strings.HasPrefix(lower, p) {
			continue
		}
		rest := strings.TrimSpace(version[len(p):])
		// The withdrawing version ends with its date's year: "1.3, Nov 2022".
		if i := yearEnd(rest); i > 0 && i < len(rest) {
			return strings.TrimSpace(rest[i:]), strings.TrimSpace(rest[:i])
		}
		return "", rest
	}
	return version, ""
}

// yearEnd returns the byte offset just after the first four-digit year in
// s (19xx or 20xx), or -1.
func yearEnd(s string) int {
	for i := 0; i+4 <= len(s); i++ {
		y := s[i : i+4]
		if (strings.HasPrefix(y, "19") || strings.HasPrefix(y, "20")) && isDigits(y) && (i == 0 || !isDigit(s[i-1])) && (i+4 == len(s) || !isDigit(s[i+4])) {
			return i + 4
		}
	}
	return -1
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
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
