package extract

import (
	"regexp"
	"strings"

	"github.com/wikirules/wikirules"
)

// A rendered {{faqbox}} shows "Q: …", "A: …" and, for some entries, its
// related pages, under a title and a version:
//
//   - Spanish: a title line with the version ("N4 FAQ 1.0, enero 2021"),
//     or none (seed 001), "Páginas: A, B";
//   - English N4: "N4 FAQ" / "Version: 1.0, Jan 2021" / "Q:" / "A:" /
//     "Related Pages: A, B", each entry with its own title and version
//     lines (or only the version line); a withdrawn entry shows "Version:
//     Removed in 1.3, Nov 2022 1.0, Jan 2021";
//   - English N5: the same under "FAQs", "N5 FAQ" / "Version: 0.0.0, Oct
//     2025";
//   - N3 (the old official wiki): one line "N3 Frequently Asked Question
//     FAQ Version: 1.1".
//
// The front-end gathers those lines into one FAQ unit, which the pass
// reads as it reads a {{faqbox}}.

// rfaq is the state of an FAQ section or box: the title and version a
// title line gave, the entry being read, and the container (HTML faqbox)
// it is bound to; section marks a state opened by an "FAQs & Errata"
// heading, which outlives its boxes.
type rfaq struct {
	container      int
	section        bool
	title, version string
	removed        string
	typ            string
	titled         bool // a title line came since the last entry: a version line keeps its title
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
		c.dated(l.text, l.text)
		f.typ, f.title, f.version = faqTitleLine(l.text)
		f.removed, f.titled = "", true
		c.layout(l)
		return true
	case mkVersion:
		c.finishFAQ()
		c.dated(l.text, l.text)
		if !f.titled {
			f.title, f.typ = "", ""
		}
		f.removed, f.version = c.v.faqVersion(l.text)
		f.titled = false
		c.layout(l)
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
	fu := &faqUnit{typ: f.typ, title: f.title, version: f.version, removed: f.removed, related: e.related,
		q: content{md: strings.Join(e.qmd, "\n\n"), plain: strings.Join(e.q, " ")},
		a: content{md: strings.Join(e.amd, "\n\n"), plain: strings.Join(e.a, " ")}}
	f.cur, f.removed, f.titled = nil, "", false
	c.emit(unit{kind: uMarker, entry: Entry{Role: RoleFAQ}, implicit: true, span: e.span, args: &unitArgs{faq: fu}, c: content{links: e.links}})
}

// faqTitleLine reads an FAQ title line: "N4 FAQ", "N4 Errata", "N4 FAQ
// 1.0, enero 2021" (with its version), "N3 Frequently Asked Question FAQ
// Version: 1.1".
func faqTitleLine(text string) (typ, title, version string) {
	if m := reFAQTitleLong.FindStringSubmatch(text); m != nil {
		return strings.ToLower(m[2]), m[1], strings.TrimSpace(m[3])
	}
	m := reFAQTitle.FindStringSubmatch(text)
	if m == nil {
		return "faq", text, ""
	}
	typ = "faq"
	if strings.EqualFold(m[2], "errata") {
		typ = "errata"
	}
	return typ, strings.TrimSpace(m[1] + m[2]), strings.TrimSpace(strings.TrimSuffix(m[3], ")"))
}

// reRemoved splits what follows "Removed in" in a version line: the
// version that withdrew the entry (up to its year) and the entry's own.
var reRemoved = regexp.MustCompile(`^(.*?\b\d{4})\s+(.+)$`)

// faqVersion reads a version line ("Version: 1.0, Jan 2021"; "Version:
// Removed in 1.3, Nov 2022 1.0, Jan 2021" → removed "1.3, Nov 2022",
// version "1.0, Jan 2021").
func (v *Vocabulary) faqVersion(text string) (removed, version string) {
	var versions, removals []string
	v.eachLanguage(func(l *Language) bool {
		versions, removals = append(versions, l.Version...), append(removals, l.Removed...)
		return false
	})
	rest, _ := cutAnyPrefix(text, versions)
	if r, ok := cutAnyPrefix(rest, removals); ok {
		if m := reRemoved.FindStringSubmatch(r); m != nil {
			return m[1], m[2]
		}
		return r, ""
	}
	return "", rest
}
