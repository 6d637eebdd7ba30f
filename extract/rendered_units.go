package extract

import (
	"sort"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// The rendered front-end: the lines of a rendered page (rendered_text.go,
// rendered_html.go) turned into the unit stream. A rendered page shows
// where a template's content starts (its label line: "IMPORTANT", "Update
// PDF 2.1, July 2023", "Original", "Q:") but seldom where it ends: that is
// a matter of layout, which only this front-end knows — for HTML the
// element that holds the box, for page text two or more blank lines, the
// next label or heading, and for an original block the first paragraph
// that matches no line of the update it replaces. The front-end says so
// with explicit (implicit-flagged) end markers, reads skill headers and
// tables from the lines that draw them, and assembles the lines of an FAQ
// block into one FAQ unit, so the pass reads a rendered page exactly as it
// reads wikitext.

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
	skip      int    // lines already read as part of a skill header or a table
	title     string // the page title, folded
	dating    Dating // the revision line and the newest dated marker seen
}

// rframe is a box, update, original or annex the front-end opened.
// container is the HTML element that holds it (0: it ends by the text
// rules); lines counts the content lines inside; words are the content
// words of an update's lines (to tell where its original ends).
type rframe struct {
	role      Role
	entry     Entry
	container int
	single    bool // a box that holds its next line only
	lines     int
	words     []map[string]bool
	update    *rframe // an original: the update it replaces
	numbered  bool
}

// renderedStream converts the lines of doc into the pass's unit stream.
func renderedStream(src string, doc *renderedDoc, v *Vocabulary, title string) *stream {
	c := &rconv{v: v, src: src, lines: doc.lines, title: foldKey(title)}
	for _, s := range doc.layout {
		c.units = append(c.units, unit{kind: uLayout, span: s})
	}
	for i := range c.lines {
		if i < c.skip {
			continue
		}
		c.line(i)
	}
	c.closeFAQ()
	for len(c.open) > 0 {
		c.closeTop(len(src))
	}
	sortUnits(c.units)
	return &stream{src: src, units: c.units, categories: doc.categories, gapOK: doc.gapOK, dating: c.dating, rendered: true}
}

// sortUnits orders units by start, keeping the order in which they were
// emitted for units that start together (an end marker before the line
// that ends its box).
func sortUnits(us []unit) {
	sort.SliceStable(us, func(i, j int) bool { return us[i].span.Start < us[j].span.Start })
}

func (c *rconv) emit(u unit) { c.units = append(c.units, u) }

func (c *rconv) layout(l *rline) { c.emit(unit{kind: uLayout, span: l.span, cue: l.cue}) }

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
// then reads it as layout, heading, marker, FAQ part, skill header, table
// or content.
func (c *rconv) line(i int) {
	l := &c.lines[i]
	c.endFrames(i)
	if l.kind == rlLayout {
		if t, ok := c.v.revisionTime(l.text); ok && c.dating.Revision.IsZero() {
			c.dating.Revision = t
		}
		c.layout(l)
		return
	}
	if a := c.top(RoleEditionStart); l.edition != "" && (a == nil || a.container != l.editionID) {
		if e, ok := c.v.Lookup(l.edition); ok {
			c.closeRole(RoleEditionStart, l.span.Start)
			c.marker(e, nil, l.span.Start)
			c.push(&rframe{role: RoleEditionStart, entry: e, container: l.editionID})
		}
	}
	mk, entry := markerOf(c.v, l.text, c.faq != nil)
	b := c.box()
	// A see-also box first names the page it quotes ("Modifiers Explained")
	// and may go on with another quote: such a title line is its content,
	// not a heading.
	awaiting := b != nil && b.entry.Kind == wikirules.KindReference && (b.lines == 0 || c.quoteGoesOn(b, i))
	if c.faq == nil && mk == mkNone && l.plainLine() && !awaiting {
		if n := c.skillHeader(i); n > 0 {
			c.skip = i + n
			return
		}
		if n := c.table(i); n > 0 {
			c.skip = i + n
			return
		}
	}
	if l.kind == rlHeading || (mk == mkNone && !l.sure && !awaiting && l.kind == rlPara && looksLikeHeading(l.text)) {
		if l.kind != rlHeading {
			l.level = 2
		}
		c.heading(l, mk == mkFAQHeading)
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
		if e, ok := groupEntry(c.v, l.boxGroup); ok && e.Role == RoleBoxStart {
			c.openBox(e, l.boxID, nil, l.span.Start)
		}
	}
	if c.faq != nil && c.faqLine(l, mk) {
		return
	}
	switch mk {
	case mkFurniture, mkBanner:
		c.layout(l)
		if c.v.showsOriginal(l.text) {
			c.closeRole(RoleUpdateStart, l.span.Start) // the toggle of {{original}} ends the update's text
		}
		return
	case mkUpdate:
		c.closeRole(RoleBoxStart, l.span.Start)
		c.closeRole(RoleUpdateStart, l.span.Start)
		c.closeRole(RoleOriginalStart, l.span.Start)
		u := c.marker(Entry{Role: RoleUpdateStart}, l, 0)
		u.set().version = c.v.updateVersion(l.text)
		c.dated(l.text, u.args.version)
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
		u.entry.Editions = c.v.editionNote(l.text)
		return
	case mkAnnex:
		e, _ := c.v.Lookup("n4annex")
		c.marker(e, l, 0)
		c.push(&rframe{role: RoleEditionStart, entry: e, container: c.container(i)})
		c.skipAnnex = true
		return
	case mkAnnexNote:
		if c.skipAnnex || c.top(RoleEditionStart) != nil {
			c.layout(l)
			c.skipAnnex = false
			return
		}
	case mkBox, mkExample:
		if b != nil && b.container != 0 && b.entry.Group == entry.Group && b.lines == 0 {
			c.layout(l)
			return // the label of a box its container opened
		}
		c.closeRole(RoleBoxStart, l.span.Start)
		if u := c.top(RoleUpdateStart); u != nil && u.container == 0 && (u.lines > 0 || entry.Role == RoleBlock) {
			c.closeRole(RoleUpdateStart, l.span.Start) // a box right under an update marker is the update's text
		}
		if o := c.top(RoleOriginalStart); o != nil && o.container == 0 {
			c.closeRole(RoleOriginalStart, l.span.Start)
		}
		if entry.Role == RoleBlock {
			c.marker(entry, l, 0)
			return
		}
		u := c.openBox(entry, c.container(i), l, 0)
		if mk == mkExample && !c.v.isExampleLabel(l.text) {
			u.set().title = l.text
		}
		return
	case mkFAQHeading:
		c.heading(l, true)
		return
	case mkCategories:
		c.emit(unit{kind: uLayout, span: l.span, args: &unitArgs{categories: c.v.categoriesOf(l.text)}})
		return
	}
	c.skipAnnex = false
	c.content(l)
}

// showsOriginal reports whether a furniture line is the toggle of
// {{original}} ("Show original text.").
func (v *Vocabulary) showsOriginal(text string) bool {
	return v.anyLanguage(func(l *Language) bool { return hasFoldedPrefix(foldKey(text), l.index().showOrig) })
}

// editionNote reads the edition an edition note scopes the page to ("This
// N4 rule is not used in CodeOne." → N4).
func (v *Vocabulary) editionNote(text string) wikirules.Editions {
	var out wikirules.Editions
	v.eachLanguage(func(l *Language) bool {
		if l.EditionNote == nil {
			return false
		}
		if m := l.EditionNote.FindStringSubmatch(text); m != nil {
			if e, err := wikirules.ParseEdition(m[1]); err == nil {
				out = wikirules.Editions(e)
			}
			return true
		}
		return false
	})
	return out
}

// openBox opens a box of entry e: at its label line l, or (l nil) at pos
// when its HTML element opened it. A see-also box is a reference to other
// pages.
func (c *rconv) openBox(e Entry, container int, l *rline, pos int) *unit {
	if l != nil {
		pos = l.span.Start
	}
	c.closeRole(RoleBoxStart, pos)
	u := c.marker(e, l, pos)
	c.push(&rframe{role: RoleBoxStart, entry: e, container: container})
	return u
}

// endFrames closes the boxes, updates, originals and annex that line i is
// outside of: for HTML, the line no longer in their container element; for
// page text, two or more blank lines before it (the end of a rendered box,
// once the box holds a line: an example's title may stand apart from its
// text; a see-also box goes on with the next quote, a title line followed
// by "[...]") and, for an original, a paragraph that matches no line of its
// update.
func (c *rconv) endFrames(i int) {
	l := &c.lines[i]
	outside := func(ct int) bool { return ct != 0 && !l.in(ct) }
	at := l.span.Start
	if c.faq != nil && outside(c.faq.container) {
		c.closeFAQ()
	}
	if b := c.box(); b != nil && (outside(b.container) || b.container == 0 && l.gap >= 2 && b.lines > 0 && !c.quoteGoesOn(b, i)) {
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

// quoteGoesOn reports whether a reference box goes on across blank lines
// at line i: the line is the title of another quoted page, followed by the
// elision mark of a quote ("[...]").
func (c *rconv) quoteGoesOn(b *rframe, i int) bool {
	if b.entry.Kind != wikirules.KindReference || i+1 >= len(c.lines) {
		return false
	}
	next := c.lines[i+1].text
	return next == "[...]" || next == "[…]"
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
		if lang.Jaccard(w, u) >= 0.25 {
			return false
		}
	}
	return o.lines > 0 || len(o.update.words) > 0
}

// looksLikeHeading tells a heading of rendered page text from a paragraph:
// a short line (at most 70 characters, 10 words) starting with a capital
// letter (after opening quotes), not ending in sentence punctuation, not a
// numbered or bulleted line, and not a list of labels ("CC Special Skill,
// Optional").
func looksLikeHeading(s string) bool {
	if s == "" || len([]rune(s)) > 70 || len(strings.Fields(s)) > 10 || reNumbered.MatchString(s) || strings.Contains(s, ", ") {
		return false
	}
	switch s[len(s)-1] {
	case '.', ':', ';', ',', '?', '!', '|':
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
// section heading ("FAQs & Errata", "FAQs").
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
	if l.kind == rlRow {
		c.emit(c.rowUnit(l))
		return
	}
	c.emit(u)
	if b := c.box(); b != nil && b.single {
		c.closeRole(RoleBoxStart, l.span.End)
	}
}

// plainLine reports whether a line is a paragraph or an item the page
// does not mark as one (a line of page text the front-end read as an
// item): a line that may draw a skill header or a table row.
func (l *rline) plainLine() bool { return l.kind == rlPara || l.kind == rlItem && !l.marked }

// dated notes a dated marker (an update's version, an FAQ version or
// title line): the newest one dates the revision.
func (c *rconv) dated(line, cue string) {
	for _, t := range c.v.monthYears(cue) {
		if t.After(c.dating.Newest) {
			c.dating.Newest, c.dating.NewestCue = t, line
		}
	}
}
