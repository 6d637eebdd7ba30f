package extract

import (
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
)

// faq makes the FAQ entry of an FAQ unit (a {{faqbox}}, a rendered FAQ
// block) and its record (Kind faq or errata, Fields["faq_id"]). The
// question loses its leading "Q:" or "[Errata]", the answer its "A:"; the
// record's Text keeps them. FAQ Question and Answer are Markdown; the ID
// (wikirules.FAQID) hashes the plain question, so markup edits do not split
// an entry. An entry that shows no title takes the title and version of
// the FAQ catalogue's entry with the same question (when the versions
// agree); one that shows neither and matches none is reported. Editions
// come from the title ("N4 FAQ" → n4), else from the record's context; the
// record's Ordinal counts the entries of its type under its section path
// on the page (nextFAQ), so the first FAQ after an errata is "› 1". An entry the page
// shows as withdrawn ("Removed in 1.3, Nov 2022") has FAQ.Removed, and its
// record is Superseded with Fields["removed"]. An entry without an answer
// makes neither an FAQ nor a record, only a diagnostic.
func (p *pass) faq(u *unit) {
	fu := u.get().faq
	typ, title, version := strings.ToLower(fu.typ), fu.title, fu.version
	qpl, apl := collapse(fu.q.plain), collapse(fu.a.plain)
	qmd, amd := fu.q.md, fu.a.md
	if typ != "faq" && typ != "errata" {
		typ = "faq"
		if strings.Contains(strings.ToLower(title), "errata") || hasPrefixFold(qpl, "[Errata]") {
			typ = "errata"
		}
	}
	question := stripMarkers(qpl, "Q:", "[Errata]", "P:")
	answer := stripMarkers(apl, "A:", "R:")
	if answer == "" {
		// A question with no answer rules nothing: the page was saved cut
		// off inside the entry (the rendered Minelayer page ends "Q: During
		// your main part of") or the box's answer is empty. Listed as an FAQ
		// it read as one that answers; its text stays in the revision.
		p.diag(u.span.Start, "FAQ %q has no answer (the entry is cut off or empty): not stored as an FAQ", clip(question, 60))
		p.addLayout(u.span)
		return
	}
	if title == "" {
		if known, ok := p.faqs.Lookup(typ, question, answer); ok && (version == "" || foldKey(version) == foldKey(known.Version)) {
			typ, title, version = known.Type, known.Title, known.Version
		}
	}
	identified := title != "" || version != ""
	if !identified {
		p.diag(u.span.Start, "FAQ %q shows no title or version and matches no known FAQ", clip(question, 60))
	}
	c := p.context()
	eds := editionsOf(title)
	switch {
	case eds == 0:
		eds = c.editions
	case eds.Has(wikirules.N5):
		p.cue(eds) // N5 FAQs stand on pages of the N5 wiki only
	case eds.Has(wikirules.N4):
		p.n4era = true
	}
	related := fu.related
	if related == nil {
		related = []string{}
	}
	f := wikirules.FAQ{
		ID: wikirules.FAQID(typ, title, version, question), Type: typ, Title: title, Version: version,
		Question: stripMarkers(qmd, "Q:", "**Q:**", "[Errata]", "P:"), Answer: stripMarkers(amd, "A:", "**A:**", "R:"),
		Related: related, Pages: []string{p.rev.Page.Title}, Editions: eds, Removed: fu.removed,
		FirstRevision: p.rev.ID, LastRevision: p.rev.ID, Timestamp: p.rev.Timestamp,
	}
	p.x.FAQs = append(p.x.FAQs, f)

	sec := p.headingPath()
	inFAQ := false
	for _, h := range p.headings {
		inFAQ = inFAQ || h.faq
	}
	if !inFAQ {
		sec = append(sec, p.lang.FAQLabel)
	}
	if title != "" {
		sec = append(sec, title)
	}
	c.section = sec
	c.editions = eds
	r := p.newRecord(c, u.span)
	r.Kind, r.Title, r.Version = wikirules.Kind(typ), title, version
	r.Ordinal = p.nextFAQ(typ, sec)
	r.Text = strings.TrimSpace(qmd + "\n\n" + amd)
	r.Plain = collapse(qpl + " " + apl)
	setField(&r, "faq_id", f.ID)
	setField(&r, "question", question)
	setField(&r, "answer", answer)
	if len(related) > 0 {
		setField(&r, "related", strings.Join(related, "; "))
	}
	if !identified {
		setField(&r, "faq_unidentified", strconv.FormatBool(true))
	}
	if fu.removed != "" {
		r.Superseded = true
		setField(&r, "removed", fu.removed)
	}
	p.fill(&r, &u.c)
	r.Links = append([]string(nil), u.c.links...)
	for _, l := range related {
		r.Links = appendUnique(r.Links, l)
	}
	p.add(r)
}

// nextFAQ numbers an FAQ or errata entry: the entries of one type under one
// section path ("FAQs & Errata › N4 FAQ") count 1, 2, … in page order, apart
// from the items of their block and from the entries of the other type, as a
// judge counts them reading the page. The count runs over the whole page, not
// one heading's scope: a page that repeats the heading "FAQs & Errata" over
// each box (Salto de Combate) numbers its third N4 FAQ box 3, so no two
// entries share a citation.
func (p *pass) nextFAQ(typ string, sec []string) int {
	if p.faqN == nil {
		p.faqN = map[string]int{}
	}
	k := typ + "\x00" + strings.Join(sec, "\x1f")
	p.faqN[k]++
	return p.faqN[k]
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// stripMarkers removes the leading markers ("Q:", then "[Errata]" in "Q:
// [Errata] …") and spaces.
func stripMarkers(s string, markers ...string) string {
	s = strings.TrimSpace(s)
	for again := true; again; {
		again = false
		for _, m := range markers {
			if strings.HasPrefix(s, m) {
				s, again = strings.TrimSpace(s[len(m):]), true
			}
		}
	}
	return s
}

// isFAQHeading reports whether a heading names an FAQ section ("FAQs &
// Errata", "FAQs") in any language.
func (v *Vocabulary) isFAQHeading(h string) bool {
	found := strings.EqualFold(h, v.FAQLabel)
	fold := foldKey(h)
	v.eachLanguage(func(l *Language) bool {
		found = found || l.index().faqHeadings[fold]
		return found
	})
	return found
}
