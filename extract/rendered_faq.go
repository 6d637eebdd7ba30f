package extract

import (
	"strings"

	"github.com/wikirules/wikirules"
)

// A rendered {{faqbox}} shows "Q: …", "A: …" and, for some entries,
// "Páginas: A, B" (its related pages), sometimes under a title line such as
// "N4 FAQ 1.0, enero 2021". The front-end gathers those lines into one FAQ
// unit, which the pass reads as it reads a {{faqbox}}.

// rfaq is the state of an FAQ section or box: the title and version a
// title line gave, the entry being read, and the container (HTML faqbox)
// it is bound to; section marks a state opened by an "FAQs & Errata"
// heading, which outlives its boxes.
type rfaq struct {
	container      int
	section        bool
	title, version string
	typ            string
	cur            *rfaqEntry
}

type rfaqEntry struct {
	span      wikirules.Span
	q, a      []string // plain
	qmd, amd  []string // Markdown
	related   []string
	links     []string
	answering bool
}

// faqLine reads line l in an FAQ section; it returns false when the line is
// not part of an FAQ entry (it is then read as ordinary content).
func (c *rconv) faqLine(l *rline, mk marker) bool {
	f := c.faq
	switch mk {
	case mkFAQTitle:
		c.finishFAQ()
		m := reFAQTitle.FindStringSubmatch(l.text)
		f.title = strings.TrimSpace(m[1] + m[2])
		f.version = strings.TrimSpace(strings.TrimSuffix(m[3], ")"))
		f.typ = "faq"
		if strings.EqualFold(m[2], "errata") {
			f.typ = "errata"
		}
		c.layout(l.span)
		return true
	case mkQuestion:
		c.finishFAQ()
		f.cur = &rfaqEntry{span: l.span, q: []string{l.text}, qmd: []string{l.md}, links: l.links}
		return true
	}
	e := f.cur
	if e == nil {
		return false
	}
	switch {
	case mk == mkAnswer && !e.answering:
		e.answering = true
		e.a, e.amd = append(e.a, l.text), append(e.amd, l.md)
	case mk == mkPages:
		_, rest, _ := strings.Cut(l.text, ":")
		for _, t := range splitList(rest) {
			e.related = appendUnique(e.related, PageTitle(t))
		}
		for _, k := range l.links {
			e.related = appendUnique(e.related, k)
		}
		e.span.End = l.span.End
		c.finishFAQ()
		return true
	case mk == mkNone && l.kind != rlHeading:
		if e.answering {
			e.a, e.amd = append(e.a, l.text), append(e.amd, l.md)
		} else {
			e.q, e.qmd = append(e.q, l.text), append(e.qmd, l.md)
		}
	default:
		c.finishFAQ()
		return false
	}
	e.span.End = l.span.End
	for _, k := range l.links {
		e.links = appendUnique(e.links, k)
	}
	return true
}

func (c *rconv) closeFAQ() {
	if c.faq == nil {
		return
	}
	c.finishFAQ()
	if c.faq.section && c.faq.container != 0 {
		c.faq = &rfaq{section: true}
		return
	}
	c.faq = nil
}

// finishFAQ emits the FAQ unit of the entry being read, with the title,
// version and type of the section's title line.
func (c *rconv) finishFAQ() {
	f := c.faq
	if f == nil || f.cur == nil {
		return
	}
	e := f.cur
	f.cur = nil
	fu := &faqUnit{typ: f.typ, title: f.title, version: f.version, related: e.related,
		q: content{md: strings.Join(e.qmd, "\n\n"), plain: strings.Join(e.q, " ")},
		a: content{md: strings.Join(e.amd, "\n\n"), plain: strings.Join(e.a, " ")}}
	c.emit(unit{kind: uMarker, entry: Entry{Role: RoleFAQ}, implicit: true, span: e.span, faq: fu, c: content{links: e.links}})
}
