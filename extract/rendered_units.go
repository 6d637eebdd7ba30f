package extract

import (
	"sort"
	"strings"

	"github.com/wikirules/wikirules"
)

// The rendered front-end: the lines of a rendered page (rendered_text.go,
// rendered_html.go) turned into the unit stream. A rendered page shows
// where a template's content starts (its label line: "IMPORTANTE",
// "Actualización 1.1.1, Dec 2021", "Original", "Q:") but seldom where it
// ends: that is a matter of layout, which only this front-end knows — for
// HTML the element that holds the box, for page text two or more blank
// lines, the next label or heading, and for an original block the first
// paragraph that matches no line of the update it replaces. The front-end
// says so with explicit (implicit-flagged) end markers, and assembles the
// lines of an FAQ block into one FAQ unit, so the pass reads a rendered
// page exactly as it reads wikitext.

// rconv converts the lines of one rendered page into units.
type rconv struct {
	v     *Vocabulary
	src   string
	lines []rline
	units []unit

	open      []*rframe // open boxes, updates, originals and annex, outermost first
	last      *rframe   // the update closed last, which an original may follow
	skipAnnex bool
	faq       *rfaq
}

// rframe is a box, update, original or annex the front-end opened.
// container is the HTML element that holds it (0: it ends by the text
// rules); lines counts the content lines inside; words are the content
// words of an update's lines (to tell where its original ends).
type rframe struct {
	role      Role
	entry     Entry
	container int
	single    bool // a "Ver También" box: it holds the next line only
	lines     int
	words     []map[string]bool
	update    *rframe // an original: the update it replaces
	numbered  bool
}

// renderedStream converts the lines of doc into the pass's unit stream.
func renderedStream(src string, doc *renderedDoc, v *Vocabulary) *stream {
	c := &rconv{v: v, src: src, lines: doc.lines}
	for _, s := range doc.layout {
		c.units = append(c.units, unit{kind: uLayout, span: s})
	}
	for i := range c.lines {
		c.line(i)
	}
	c.closeFAQ()
	for len(c.open) > 0 {
		c.closeTop(len(src))
	}
	sortUnits(c.units)
	return &stream{src: src, units: c.units, categories: doc.categories, gapOK: doc.gapOK}
}

// sortUnits orders units by start, keeping the order in which they were
// emitted for units that start together (an end marker before the line
// that ends its box).
func sortUnits(us []unit) {
	sort.SliceStable(us, func(i, j int) bool { return us[i].span.Start < us[j].span.Start })
}

func (c *rconv) emit(u unit) { c.units = append(c.units, u) }

func (c *rconv) layout(s wikirules.Span) { c.emit(unit{kind: uLayout, span: s}) }

// marker emits a marker unit of entry e for line l (a zero-width one at
// pos when l is nil).
func (c *rconv) marker(e Entry, l *rline, pos int) *unit {
	u := unit{kind: uMarker, entry: e, implicit: true, span: wikirules.Span{Start: pos, End: pos}}
	if l != nil {
		u.span, u.name = l.span, "«"+clip(l.text, 40)+"»"
	}
	c.emit(u)
	return &c.units[len(c.units)-1]
}

// top returns the innermost open frame of role r, or nil.
func (c *rconv) top(r Role) *rframe {
	for k := len(c.open) - 1; k >= 0; k-- {
		if c.open[k].role == r {
			return c.open[k]
		}
	}
	return nil
}

// push opens a frame.
func (c *rconv) push(f *rframe) { c.open = append(c.open, f) }

// closeTop closes the innermost open frame with an end marker at pos.
func (c *rconv) closeTop(pos int) {
	f := c.open[len(c.open)-1]
	c.open = c.open[:len(c.open)-1]
	end := map[Role]Role{RoleBoxStart: RoleBoxEnd, RoleUpdateStart: RoleUpdateEnd,
		RoleOriginalStart: RoleOriginalEnd, RoleEditionStart: RoleEditionEnd}[f.role]
	c.marker(Entry{Role: end, Group: f.entry.Group}, nil, pos)
	if f.role == RoleUpdateStart {
		c.last = f
	}
}

// closeRole closes the innermost open frame of role r, and those opened
// inside it, at pos.
func (c *rconv) closeRole(r Role, pos int) {
	f := c.top(r)
	if f == nil {
		return
	}
	for len(c.open) > 0 {
		top := c.open[len(c.open)-1]
		c.closeTop(pos)
		if top == f {
			return
		}
	}
}

func (c *rconv) box() *rframe { return c.top(RoleBoxStart) }

// container returns the frame container for a marker at line i: the
// innermost container of line i that also holds line i+1, or 0.
func (c *rconv) container(i int) int {
	l := c.lines[i]
	if i+1 >= len(c.lines) {
		return 0
	}
	next := c.lines[i+1]
	for k := len(l.boxes) - 1; k >= 0; k-- {
		if next.in(l.boxes[k]) {
			return l.boxes[k]
		}
	}
	return 0
}

// line reads line i: it first closes the frames line i stands outside of,
// then reads it as layout, heading, marker, FAQ part or content.
func (c *rconv) line(i int) {
	l := &c.lines[i]
	c.endFrames(l)
	if l.kind == rlLayout {
		c.layout(l.span)
		return
	}
	mk, entry := markerOf(c.v, l.text, c.faq != nil)
	b := c.box()
	awaiting := b != nil && b.single && b.lines == 0 // "Ver También" holds the next line
	if l.kind == rlHeading || (mk == mkNone && !l.sure && !awaiting && l.kind == rlPara && looksLikeHeading(l.text)) {
		if l.kind != rlHeading {
			l.level = 2
		}
		c.heading(l, mk == mkFAQHeading || foldKey(l.text) == foldKey(c.v.FAQLabel))
		return
	}
	switch {
	case l.boxGroup == "faqbox":
		if c.faq == nil || c.faq.container != l.boxID {
			c.finishFAQ()
			c.faq = &rfaq{container: l.boxID, section: c.faq != nil && c.faq.section}
			mk, entry = markerOf(c.v, l.text, true)
		}
	case l.boxGroup != "" && (b == nil || b.container != l.boxID):
		if e, ok := groupBox(c.v, l.boxGroup); ok {
			c.openBox(e, l.boxID, nil, l.span.Start)
		}
	}
	if c.faq != nil && c.faqLine(l, mk) {
		return
	}
	switch mk {
	case mkFurniture:
		c.layout(l.span)
		if k := foldKey(l.text); strings.HasPrefix(k, "mostrar texto original") || strings.HasPrefix(k, "show original") {
			c.closeRole(RoleUpdateStart, l.span.Start) // the toggle of {{original}} ends the update's text
		}
		return
	case mkUpdate:
		c.closeRole(RoleBoxStart, l.span.Start)
		c.closeRole(RoleUpdateStart, l.span.Start)
		c.closeRole(RoleOriginalStart, l.span.Start)
		u := c.marker(Entry{Role: RoleUpdateStart}, l, 0)
		u.version = reUpdate.FindStringSubmatch(l.text)[1]
		c.push(&rframe{role: RoleUpdateStart, container: c.container(i)})
		return
	case mkOriginal:
		c.closeRole(RoleUpdateStart, l.span.Start)
		c.closeRole(RoleOriginalStart, l.span.Start)
		c.marker(Entry{Role: RoleOriginalStart}, l, 0)
		c.push(&rframe{role: RoleOriginalStart, container: c.container(i), update: c.last})
		c.last = nil
		return
	case mkEditionNote:
		u := c.marker(Entry{Role: RolePageEdition}, l, 0)
		u.entry.Editions = editionNoteEditions(l.text)
		return
	case mkAnnex:
		e, _ := c.v.Lookup("n4annex")
		c.marker(e, l, 0)
		c.push(&rframe{role: RoleEditionStart, entry: e, container: c.container(i)})
		c.skipAnnex = true
		return
	case mkAnnexNote:
		if c.skipAnnex || c.top(RoleEditionStart) != nil {
			c.layout(l.span)
			c.skipAnnex = false
			return
		}
	case mkBox:
		if b != nil && b.container != 0 && b.entry.Group == entry.Group && b.lines == 0 {
			c.layout(l.span)
			return // the label of a box its container opened
		}
		c.closeRole(RoleBoxStart, l.span.Start)
		if u := c.top(RoleUpdateStart); u != nil && u.container == 0 {
			c.closeRole(RoleUpdateStart, l.span.Start)
		}
		if entry.Role == RoleBlock {
			c.marker(entry, l, 0)
			return
		}
		c.openBox(entry, c.container(i), l, 0)
		if entry.Group == "see-also" {
			c.box().single = true
		}
		return
	case mkFAQHeading:
		c.heading(l, true)
		return
	case mkCategories:
		c.emit(unit{kind: uLayout, span: l.span, categories: splitList(reCategories.FindStringSubmatch(l.text)[1])})
		return
	}
	c.skipAnnex = false
	c.content(l)
}

// editionNoteEditions reads the edition an edition note scopes the page
// to ("Esta regla N4 no se utiliza en CodeOne." → N4).
func editionNoteEditions(text string) wikirules.Editions {
	if m := reEditionNote.FindStringSubmatch(text); m != nil {
		if e, err := wikirules.ParseEdition(m[1]); err == nil {
			return wikirules.Editions(e)
		}
	}
	return 0
}

// openBox opens a box of entry e: at its label line l, or (l nil) at pos
// when its HTML element opened it.
func (c *rconv) openBox(e Entry, container int, l *rline, pos int) {
	c.closeRole(RoleBoxStart, pos0(l, pos))
	c.marker(e, l, pos)
	c.push(&rframe{role: RoleBoxStart, entry: e, container: container})
}

func pos0(l *rline, pos int) int {
	if l != nil {
		return l.span.Start
	}
	return pos
}

// endFrames closes the boxes, updates, originals and annex that line l is
// outside of: for HTML, l no longer in their container element; for page
// text, two or more blank lines before l (the end of a rendered box) and,
// for an original, a paragraph that matches no line of its update.
func (c *rconv) endFrames(l *rline) {
	outside := func(ct int) bool { return ct != 0 && !l.in(ct) }
	at := l.span.Start
	if c.faq != nil && outside(c.faq.container) {
		c.closeFAQ()
	}
	if b := c.box(); b != nil && (outside(b.container) || b.container == 0 && l.gap >= 2) {
		c.closeRole(RoleBoxStart, at)
	}
	if o := c.top(RoleOriginalStart); o != nil {
		if outside(o.container) || o.container == 0 && (l.gap >= 2 || c.originalEnds(o, l)) {
			c.closeRole(RoleOriginalStart, at)
		}
	}
	if u := c.top(RoleUpdateStart); u != nil && (outside(u.container) || u.container == 0 && l.gap >= 2) {
		c.closeRole(RoleUpdateStart, at)
	}
	if a := c.top(RoleEditionStart); a != nil && outside(a.container) {
		c.closeRole(RoleEditionStart, at)
	}
}

// originalEnds reports whether paragraph l of page text closes the open
// original block o: rendered text does not show where {{original-end}}
// stood, so the block holds its list items, numbered paragraphs after a
// numbered one, and paragraphs that match a line of the update it replaces
// (Jaccard similarity of their content words ≥ 0.25); the first other
// paragraph ends it.
func (c *rconv) originalEnds(o *rframe, l *rline) bool {
	if l.kind == rlItem || l.kind == rlLayout || l.kind == rlHeading {
		return false
	}
	if mk, _ := markerOf(c.v, l.text, false); mk != mkNone {
		return false
	}
	if reNumbered.MatchString(l.text) {
		if o.numbered {
			return false
		}
		o.numbered = true
	}
	if o.update == nil {
		return o.lines > 0
	}
	w := contentWords(l.text)
	for _, u := range o.update.words {
		if jaccard(w, u) >= 0.25 {
			return false
		}
	}
	return o.lines > 0 || len(o.update.words) > 0
}

// looksLikeHeading tells a heading of rendered page text from a paragraph:
// a short line (at most 70 characters, 10 words) starting with a capital
// letter (after opening quotes), not ending in sentence punctuation, and
// not a numbered or bulleted line.
func looksLikeHeading(s string) bool {
	if s == "" || len([]rune(s)) > 70 || len(strings.Fields(s)) > 10 || reNumbered.MatchString(s) {
		return false
	}
	switch s[len(s)-1] {
	case '.', ':', ';', ',', '?', '!':
		return false
	}
	for _, r := range s {
		if strings.ContainsRune("“\"«¿¡('‘", r) {
			continue
		}
		return r >= 'A' && r <= 'Z' || strings.ContainsRune("ÁÉÍÓÚÑÜ", r)
	}
	return false
}

// heading emits a heading unit; it closes the FAQ block, the box, the
// update and the original the page shows before it. faq marks an FAQ
// section heading ("FAQs & Errata").
func (c *rconv) heading(l *rline, faq bool) {
	c.closeFAQ()
	at := l.span.Start
	c.closeRole(RoleBoxStart, at)
	c.closeRole(RoleUpdateStart, at)
	c.closeRole(RoleOriginalStart, at)
	c.emit(unit{kind: uHeading, span: l.span, level: max(l.level, 1), c: content{md: l.text, plain: l.text, links: l.links}})
	if faq {
		c.faq = &rfaq{section: true}
	}
}

// content emits the unit of an item or paragraph line; a box holding one
// line closes after it.
func (c *rconv) content(l *rline) {
	for _, f := range c.open {
		f.lines++
		if f.role == RoleUpdateStart {
			f.words = append(f.words, contentWords(l.text))
		}
	}
	u := unit{kind: uPara, span: l.span, c: content{md: l.md, plain: l.text, links: l.links}}
	if l.kind == rlItem {
		u.kind, u.depth, u.prefix = uItem, max(l.depth, 1), "*"
	}
	c.emit(u)
	if b := c.box(); b != nil && b.single {
		c.closeRole(RoleBoxStart, l.span.End)
	}
}
