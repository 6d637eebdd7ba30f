package extract

import (
	"sort"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// Rendered revisions (wikirules.FormatPageText and FormatHTML) show what
// the wiki's templates produced, not the templates: "Actualización 1.1.1,
// Dec 2021" where the wikitext has {{update | 1.1.1, dic 2021}},
// "Mostrar texto original." / "Original" for {{original}}, "IMPORTANTE" for
// {{important-start}}, "Q:" / "A:" / "Páginas:" lines for {{faqbox}}, "Esta
// regla N4 no se utiliza en CodeOne." for {{n4only}}, "Anexo de Reglas" for
// {{n4annex}}. The rendered extractor turns each format into a sequence of
// lines (rendered_text.go, rendered_html.go) and reads them with one pass
// that makes the same records the wikitext path makes where the page shows
// the same thing: heading path, items with ordinal and depth, paragraphs,
// boxes, examples, updates with Version, originals Superseded and linked
// to their update, FAQ entries, page editions and annex rules.

// RenderedOptions tune ExtractRenderedWith. Vocabulary supplies box and
// block labels (Default when nil). FAQs identifies FAQ entries whose title
// and version the page does not show (see FAQCatalog); nil leaves them
// without title and version.
type RenderedOptions struct {
	Vocabulary *Vocabulary
	FAQs       *FAQCatalog
}

// IsRendered reports whether revisions of format f are rendered pages
// (page text or HTML) that ExtractRendered reads, rather than wikitext.
func IsRendered(f wikirules.Format) bool {
	return f == wikirules.FormatPageText || f == wikirules.FormatHTML
}

// ExtractRendered extracts a rendered revision (rev.Format FormatPageText
// or FormatHTML; anything else is read as page text) with the Default
// vocabulary and no FAQ catalogue.
func ExtractRendered(rev wikirules.Revision) *wikirules.Extraction {
	return ExtractRenderedWith(rev, RenderedOptions{})
}

// ExtractRenderedWith extracts a rendered revision. It never fails: what it
// cannot place is reported in Extraction.Diagnostics (page, revision, byte
// offset). Record and layout spans are byte ranges of rev.Text (for HTML,
// of the markup: a record spans its element) that never overlap; with
// layout (page furniture, navigation, markers, headings, markup and white
// space) they cover the text.
func ExtractRenderedWith(rev wikirules.Revision, opt RenderedOptions) *wikirules.Extraction {
	if opt.Vocabulary == nil {
		opt.Vocabulary = Default()
	}
	if !opt.Vocabulary.holdsRules(rev) {
		return notContent(rev)
	}
	var doc *renderedDoc
	if rev.Format == wikirules.FormatHTML {
		doc = htmlLines(rev.Text, opt.Vocabulary)
	} else {
		doc = textLines(rev.Text, opt.Vocabulary)
	}
	p := &rpass{
		v: opt.Vocabulary, opt: opt, rev: rev, src: rev.Text, doc: doc,
		x:      &wikirules.Extraction{Records: []wikirules.Record{}, FAQs: []wikirules.FAQ{}},
		block:  blockState{sc: &scope{}},
		boxesN: map[string]int{},
	}
	p.ids = &pass{slug: Slug(rev.Page.Title)}
	p.x.Categories = doc.categories
	p.x.Layout = nil
	p.layout = append(p.layout, doc.layout...)
	p.pageEditions()
	p.run()
	p.finish()
	return p.x
}

// renderedDoc is a rendered page cut into lines, with the spans known to
// be layout (outside the content, furniture elements), categories, and
// whether a gap of bytes between pieces may be treated as layout.
type renderedDoc struct {
	lines      []rline
	layout     []wikirules.Span
	categories []string
	gapOK      func(s string) bool
}

type rlKind uint8

const (
	rlPara    rlKind = iota // a paragraph (page text: maybe a heading or a marker)
	rlItem                  // a list item of depth
	rlHeading               // a heading of level
	rlLayout                // furniture: title, navigation, site lines
)

// rline is one line of a rendered page: span is its bytes in the revision
// (the element in HTML), text its plain text with white space collapsed,
// md its Markdown. sure is set when markup says what the line is (HTML):
// a paragraph is then never taken for a heading. gap counts the blank
// lines before it (page text). boxes are the enclosing container elements
// (HTML), outermost first; boxGroup is the vocabulary group of the
// innermost container whose class names one ("important"), boxID its id.
type rline struct {
	span     wikirules.Span
	kind     rlKind
	text, md string
	level    int
	depth    int
	sure     bool
	gap      int
	boxes    []int
	boxGroup string
	boxID    int
	links    []string
}

func (l *rline) in(container int) bool {
	for _, b := range l.boxes {
		if b == container {
			return true
		}
	}
	return false
}

// rpass is the pass over the lines of one rendered revision.
type rpass struct {
	v      *Vocabulary
	opt    RenderedOptions
	rev    wikirules.Revision
	src    string
	doc    *renderedDoc
	x      *wikirules.Extraction
	ids    *pass
	layout []wikirules.Span

	headings  []heading
	block     blockState
	box       *rbox
	update    *rframe
	original  *rframe
	last      *rframe // the update closed last, which an original may follow
	annex     *rframe
	skipAnnex bool
	faq       *rfaq
	updates   []*rframe
	originals []*rframe
	boxesN    map[string]int
	examples  int
}

// rframe is an update, original or annex block. container is the HTML
// element that holds it (0: it ends by the text rules).
type rframe struct {
	container   int
	first, last int
	sc          *scope
	base, end   int
	version     string
	update      *rframe
	words       []map[string]bool
	numbered    bool
}

// rbox is an open box: its vocabulary entry, container, scope and number;
// example is the index of the record of an example box (-1 before its
// first line); single marks a box holding one line ("Ver También").
type rbox struct {
	entry     Entry
	container int
	sc        *scope
	n         int
	example   int
	single    bool
	lines     int
}

func (p *rpass) diag(pos int, format string, args ...any) {
	diagnose(p.x, &p.rev, pos, format, args...)
}

func (p *rpass) addLayout(s wikirules.Span) { p.layout = appendLayout(p.layout, s) }

// pageEditions reads the edition notes of the page: "Esta regla N4 no se
// utiliza en CodeOne." scopes the page to N4 (as {{n4only}} does).
func (p *rpass) pageEditions() {
	for _, l := range p.doc.lines {
		if m := reEditionNote.FindStringSubmatch(l.text); m != nil {
			if e, err := wikirules.ParseEdition(m[1]); err == nil {
				p.x.PageEditions |= wikirules.Editions(e)
			}
		}
	}
}

// container returns the frame container for a marker at line i: the
// innermost container of line i that also holds line i+1, or 0.
func (p *rpass) container(i int) int {
	l := p.doc.lines[i]
	if i+1 >= len(p.doc.lines) {
		return 0
	}
	next := p.doc.lines[i+1]
	for k := len(l.boxes) - 1; k >= 0; k-- {
		if next.in(l.boxes[k]) {
			return l.boxes[k]
		}
	}
	return 0
}

func (p *rpass) run() {
	for i := range p.doc.lines {
		p.line(i)
	}
	p.closeFAQ()
	p.closeBox()
	p.closeUpdate()
	p.closeOriginal()
}

// line reads line i: it first closes the frames line i stands outside of,
// then handles it as layout, heading, marker, FAQ part or content.
func (p *rpass) line(i int) {
	l := &p.doc.lines[i]
	p.endFrames(l)
	if l.kind == rlLayout {
		p.addLayout(l.span)
		return
	}
	mk, entry := markerOf(p.v, l.text, p.faq != nil)
	awaiting := p.box != nil && p.box.single && p.box.lines == 0 // "Ver También" holds the next line
	if l.kind == rlHeading || (mk == mkNone && !l.sure && !awaiting && l.kind == rlPara && looksLikeHeading(l.text)) {
		if l.kind != rlHeading {
			l.level = 2
		}
		p.heading(l, mk == mkFAQHeading || foldKey(l.text) == foldKey(p.v.FAQLabel))
		return
	}
	switch {
	case l.boxGroup == "faqbox":
		if p.faq == nil || p.faq.container != l.boxID {
			p.finishFAQ()
			p.faq = &rfaq{container: l.boxID, section: p.faq != nil && p.faq.section}
			mk, entry = markerOf(p.v, l.text, true)
		}
	case l.boxGroup != "" && (p.box == nil || p.box.container != l.boxID):
		if e, ok := groupBox(p.v, l.boxGroup); ok {
			p.openBox(e, l.boxID)
		}
	}
	if p.faq != nil && p.faqLine(l, mk) {
		return
	}
	switch mk {
	case mkFurniture:
		p.addLayout(l.span)
		if k := foldKey(l.text); strings.HasPrefix(k, "mostrar texto original") || strings.HasPrefix(k, "show original") {
			p.closeUpdate() // the toggle of {{original}} ends the update's text
		}
		return
	case mkUpdate:
		p.addLayout(l.span)
		p.closeBox()
		p.closeUpdate()
		p.closeOriginal()
		p.openUpdate(reUpdate.FindStringSubmatch(l.text)[1], p.container(i))
		return
	case mkOriginal:
		p.addLayout(l.span)
		p.closeUpdate()
		p.closeOriginal()
		p.openOriginal(p.container(i))
		return
	case mkEditionNote:
		p.addLayout(l.span)
		return
	case mkAnnex:
		p.addLayout(l.span)
		p.annex = &rframe{container: p.container(i)}
		p.skipAnnex = true
		return
	case mkAnnexNote:
		if p.skipAnnex || p.annex != nil {
			p.addLayout(l.span)
			p.skipAnnex = false
			return
		}
	case mkBox:
		p.addLayout(l.span)
		if p.box != nil && p.box.container != 0 && p.box.entry.Group == entry.Group && p.box.lines == 0 {
			return // the label of a box its container opened
		}
		p.closeBox()
		if p.update != nil && p.update.container == 0 {
			p.closeUpdate()
		}
		if entry.Role == RoleBlock {
			p.block = blockState{kind: entry.Kind, label: entry.Label, sc: &scope{}}
			return
		}
		p.openBox(entry, p.container(i))
		if entry.Group == "see-also" {
			p.box.single = true
		}
		return
	case mkFAQHeading:
		p.heading(l, true)
		return
	case mkCategories:
		p.addLayout(l.span)
		for _, c := range splitList(reCategories.FindStringSubmatch(l.text)[1]) {
			p.x.Categories = appendUnique(p.x.Categories, c)
		}
		return
	}
	p.skipAnnex = false
	p.content(l)
}

// endFrames closes the boxes, updates, originals and annex that line l is
// outside of: for HTML, l no longer in their container element; for page
// text, two or more blank lines before l (the end of a rendered box) and,
// for an original, a paragraph that matches no line of its update.
func (p *rpass) endFrames(l *rline) {
	outside := func(c int) bool { return c != 0 && !l.in(c) }
	if p.faq != nil && outside(p.faq.container) {
		p.closeFAQ()
	}
	if p.box != nil && (outside(p.box.container) || p.box.container == 0 && l.gap >= 2) {
		p.closeBox()
	}
	if p.original != nil {
		o := p.original
		if outside(o.container) || o.container == 0 && (l.gap >= 2 || p.originalEnds(l)) {
			p.closeOriginal()
		}
	}
	if p.update != nil && (outside(p.update.container) || p.update.container == 0 && l.gap >= 2) {
		p.closeUpdate()
	}
	if p.annex != nil && outside(p.annex.container) {
		p.annex = nil
	}
}

// originalEnds reports whether paragraph l of page text closes the open
// original block: rendered text does not show where {{original-end}}
// stood, so the block holds its list items, numbered paragraphs after a
// numbered one, and paragraphs that match a line of the update it replaces
// (Jaccard similarity of their content words ≥ 0.25); the first other
// paragraph ends it.
func (p *rpass) originalEnds(l *rline) bool {
	o := p.original
	if l.kind == rlItem || l.kind == rlLayout || l.kind == rlHeading {
		return false
	}
	if mk, _ := markerOf(p.v, l.text, false); mk != mkNone {
		return false
	}
	if reNumbered.MatchString(l.text) {
		if o.numbered {
			return false
		}
		o.numbered = true
	}
	if o.update == nil {
		return len(p.x.Records) > o.first
	}
	w := contentWords(l.text)
	for _, u := range o.update.words {
		if lang.Jaccard(w, u) >= 0.25 {
			return false
		}
	}
	return len(p.x.Records) > o.first || len(o.update.words) > 0
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

func (p *rpass) heading(l *rline, faq bool) {
	p.addLayout(l.span)
	p.closeFAQ()
	p.closeBox()
	p.closeUpdate()
	p.closeOriginal()
	level := max(l.level, 1)
	for len(p.headings) > 0 && p.headings[len(p.headings)-1].level >= level {
		p.headings = p.headings[:len(p.headings)-1]
	}
	p.headings = append(p.headings, heading{level: level, title: l.text})
	p.block = blockState{sc: &scope{}}
	if faq {
		p.faq = &rfaq{section: true}
	}
}

func (p *rpass) headingPath() []string {
	out := make([]string, 0, len(p.headings)+1)
	for _, h := range p.headings {
		out = append(out, h.title)
	}
	return out
}

func (p *rpass) openBox(e Entry, container int) {
	p.closeBox()
	p.boxesN[e.Group]++
	p.box = &rbox{entry: e, container: container, sc: &scope{}, n: p.boxesN[e.Group], example: -1}
}

func (p *rpass) closeBox() { p.box = nil }

func (p *rpass) scope() *scope {
	if p.box != nil {
		return p.box.sc
	}
	return p.block.sc
}

func (p *rpass) openUpdate(version string, container int) {
	sc := p.scope()
	p.update = &rframe{container: container, first: len(p.x.Records), sc: sc, base: sc.counter, version: version}
}

func (p *rpass) closeUpdate() {
	u := p.update
	if u == nil {
		return
	}
	p.update = nil
	u.last, u.end = len(p.x.Records), u.sc.counter
	for _, r := range p.x.Records[u.first:u.last] {
		u.words = append(u.words, contentWords(r.Plain))
	}
	p.updates = append(p.updates, u)
	p.last = u
}

// openOriginal opens an original block: it replaces the update closed
// last in the same scope, and numbers its items again from where that
// update began.
func (p *rpass) openOriginal(container int) {
	sc := p.scope()
	o := &rframe{container: container, first: len(p.x.Records), sc: sc, base: sc.counter}
	if u := p.last; u != nil && u.sc == sc {
		o.update = u
		sc.counter, sc.path, o.base = u.base, nil, u.base
	}
	p.last = nil
	p.original = o
}

func (p *rpass) closeOriginal() {
	o := p.original
	if o == nil {
		return
	}
	p.original = nil
	o.last = len(p.x.Records)
	if o.update != nil {
		o.sc.counter = max(o.sc.counter, o.update.end)
	}
	p.originals = append(p.originals, o)
}

// context returns the record template of a line made now.
func (p *rpass) context(s wikirules.Span) wikirules.Record {
	r := wikirules.Record{
		Page: p.rev.Page.Title, RevisionID: p.rev.ID, Timestamp: p.rev.Timestamp,
		Section: p.headingPath(), Kind: wikirules.KindRule, Editions: p.x.PageEditions, Span: s,
	}
	if p.block.label != "" {
		r.Kind = p.block.kind
		r.Section = append(r.Section, p.block.label)
	}
	if b := p.box; b != nil {
		r.Kind = b.entry.Kind
		r.Section = append(p.headingPath(), b.entry.Label)
		setField(&r, "box", strconv.Itoa(b.n))
	}
	if p.annex != nil {
		r.Editions = wikirules.Editions(wikirules.N4)
		setField(&r, "annex", "true")
	}
	if p.update != nil {
		r.Version = p.update.version
	} else if p.original != nil {
		r.Superseded = true
	}
	return r
}

// add gives r its ID (the wikitext path's scheme: page slug and a hash of
// revision, kind, section, ordinal and span) and appends it.
func (p *rpass) add(r wikirules.Record) {
	r.ID = p.ids.recordID(r)
	if r.Section == nil {
		r.Section = []string{}
	}
	p.x.Records = append(p.x.Records, r)
}

// content makes the record of an item or paragraph, numbered as the
// wikitext path numbers them (see the package documentation); inside an
// example box the line joins the box's one record.
func (p *rpass) content(l *rline) {
	if b := p.box; b != nil {
		b.lines++
		if b.entry.Kind == wikirules.KindExample {
			p.exampleLine(l)
			return
		}
	}
	r := p.context(l.span)
	r.Text, r.Plain, r.Links = l.md, l.text, l.links
	sc := p.scope()
	if l.kind == rlItem {
		r.Depth = max(l.depth, 1)
		if r.Depth <= 1 || len(sc.path) == 0 {
			sc.counter++
			sc.path = []int{sc.counter}
		} else {
			for len(sc.path) < r.Depth {
				sc.path = append(sc.path, 0)
			}
			sc.path = sc.path[:r.Depth]
			sc.path[r.Depth-1]++
			parts := make([]string, len(sc.path))
			for i, n := range sc.path {
				parts[i] = strconv.Itoa(n)
			}
			setField(&r, "item", strings.Join(parts, "."))
		}
		r.Ordinal = sc.path[0]
	} else {
		sc.paras++
		setField(&r, "paragraph", strconv.Itoa(sc.paras))
	}
	p.add(r)
	if b := p.box; b != nil && b.single {
		p.closeBox()
	}
}

// exampleLine adds a line to the one record of the open example box.
func (p *rpass) exampleLine(l *rline) {
	b := p.box
	if b.example < 0 {
		p.examples++
		r := p.context(l.span)
		r.Kind = wikirules.KindExample
		r.Text, r.Plain, r.Links = l.md, l.text, l.links
		setField(&r, "example", strconv.Itoa(p.examples))
		p.add(r)
		b.example = len(p.x.Records) - 1
		return
	}
	r := &p.x.Records[b.example]
	sep := "\n\n"
	if l.kind == rlItem {
		sep = "\n" + strings.Repeat("  ", max(l.depth-1, 0)) + "- "
	}
	r.Text += sep + l.md
	r.Plain = collapse(r.Plain + " " + l.text)
	r.Span.End = l.span.End
	for _, k := range l.links {
		r.Links = appendUnique(r.Links, k)
	}
}

// finish links originals to their updates, collects the page's links and
// completes the layout.
func (p *rpass) finish() {
	for _, o := range p.originals {
		u := o.update
		if u == nil || u.last == u.first {
			p.diag(p.spanStart(o.first), "original text without a matching update")
			continue
		}
		for i := o.first; i < o.last; i++ {
			j := min(u.first+(i-o.first), u.last-1)
			p.x.Records[i].SupersededBy = p.x.Records[j].ID
		}
	}
	for _, r := range p.x.Records {
		for _, l := range r.Links {
			p.x.Links = appendUnique(p.x.Links, l)
		}
	}
	p.fillLayout()
}

func (p *rpass) spanStart(rec int) int {
	if rec < len(p.x.Records) {
		return p.x.Records[rec].Span.Start
	}
	return len(p.src)
}

// fillLayout makes the bytes between records and layout spans layout when
// they are white space (or, in HTML, markup without text), and reports any
// other byte as a diagnostic.
func (p *rpass) fillLayout() {
	spans := append([]wikirules.Span(nil), p.layout...)
	for _, r := range p.x.Records {
		spans = append(spans, r.Span)
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	at := 0
	gap := func(end int) {
		if end <= at {
			return
		}
		s := p.src[at:end]
		if strings.TrimSpace(s) == "" || p.doc.gapOK != nil && p.doc.gapOK(s) {
			p.layout = append(p.layout, wikirules.Span{Start: at, End: end})
		} else {
			p.diag(at, "bytes %d–%d are neither a record nor layout: %q", at, end, clip(s, 60))
		}
	}
	for _, s := range spans {
		gap(s.Start)
		at = max(at, s.End)
	}
	gap(len(p.src))
	p.x.Layout = mergeSpans(p.layout)
}
