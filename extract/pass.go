package extract

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
)

// stream is what a front-end gives the pass: the units of one revision in
// source order, the counts of templates outside the vocabulary, the
// categories known before the pass (HTML category links), and gapOK, which
// accepts as layout bytes between units that are not white space (HTML
// markup without text).
type stream struct {
	src        string
	units      []unit
	unknown    map[string]int
	categories []string
	gapOK      func(s string) bool
	rendered   bool   // a rendered page: dating is what it shows of its date
	dating     Dating // (rendered) the revision line and newest dated marker
}

// extract runs the pass over a stream. faqs identifies FAQ entries that
// show neither title nor version (nil: they stay untitled).
func (v *Vocabulary) extract(rev wikirules.Revision, st *stream, faqs *FAQCatalog) *wikirules.Extraction {
	p := &pass{
		v:      v,
		lang:   v.language(rev.Page.Language),
		rev:    rev,
		src:    st.src,
		st:     st,
		units:  st.units,
		faqs:   faqs,
		x:      &wikirules.Extraction{FAQs: []wikirules.FAQ{}, Unknown: st.unknown},
		slug:   Slug(rev.Page.Title),
		block:  blockState{sc: &scope{}},
		skill:  -1,
		box:    -1,
		boxesN: map[string]int{},
	}
	p.x.Records = make([]wikirules.Record, 0, len(p.units))
	p.x.Categories = append(p.x.Categories, st.categories...)
	p.run()
	p.finish()
	return p.x
}

// pass is the one semantic pass over the units of one revision: it keeps
// the heading path, the current rule block ({{effects}} …), the stack of
// open boxes, edition, update and original blocks, and numbers what it
// records.
type pass struct {
	v      *Vocabulary
	lang   *Language // the page's language (section labels)
	rev    wikirules.Revision
	src    string
	st     *stream
	units  []unit
	faqs   *FAQCatalog
	x      *wikirules.Extraction
	slug   string
	ids    map[string]bool // record ids given so far (recordID)
	layout []wikirules.Span

	headings   []heading
	block      blockState
	frames     []*frame
	lastClosed *frame // edition or update block closed with only layout since
	skill      int    // index of the last skill record, -1 before any
	box        int    // index of the skill record the records now stand under: -1 before any and after a heading
	boxOf      []int  // per record: the index of the skill record it stands under, or -1 (levelBoxes)
	boxesN     map[string]int
	faqN       map[string]int // FAQ entries so far per type and section path (nextFAQ)
	altGroups  [][2]*frame
	updates    []*frame
	originals  []*frame
	examples   int
	rows       int                // table rows since the last table header
	cues       wikirules.Editions // editions the page shows outside edition blocks
	n4era      bool               // the page uses the N4 wikis' terms or shows an N4 FAQ
	n4box      bool               // the page draws N4's skill box: the null flag as the box's type
}

type heading struct {
	level int
	title string
	faq   bool // an FAQ section's heading ("FAQs & Errata", "FAQs")
}

// blockState is the rule block the page is in: set by a block header
// ({{effects}}), ended by a heading, a skill header or a table.
type blockState struct {
	kind  wikirules.Kind
	label string
	sc    *scope
}

// scope numbers the items of a block or a box: counter counts top-level
// items, path is the number of the current item at each list depth, paras
// counts paragraphs.
type scope struct {
	counter int
	path    []int
	paras   int
}

// frame is an open (or closed) box, edition, update or original block.
type frame struct {
	entry    Entry
	u        *unit // the start marker
	implicit bool  // opened by a marker the page does not show as such
	start    int   // byte offset of the start marker
	first    int   // index of the first record made inside
	last     int   // index after the last record (set when closed)
	sc       *scope
	base     int // sc.counter when opened
	paras    int // sc.paras when opened
	altEnd   int // counter after the block this one is an alternative of
	altPara  int // paragraphs after the block this one is an alternative of
	alt      *frame
	version  string
	boxN     int
	closed   bool
	target   string // a see-also box: the page it quotes now
}

func (p *pass) diag(pos int, format string, args ...any) {
	diagnose(p.x, &p.rev, pos, format, args...)
}

func (p *pass) addLayout(s wikirules.Span) { p.layout = appendLayout(p.layout, s) }

func (p *pass) run() {
	for i := 0; i < len(p.units); i++ {
		u := &p.units[i]
		if u.isMarker(RolePageEdition) {
			p.cues |= u.entry.Editions
		}
		p.cue(u.cue)
		if u.isMarker(RoleUpdateStart) {
			p.cue(p.v.versionCue(u.get().version))
		}
		switch u.kind {
		case uHeading:
			p.addLayout(u.span)
			p.heading(u)
			p.lastClosed = nil
		case uLayout:
			p.addLayout(u.span)
			for _, c := range u.get().categories {
				p.x.Categories = appendUnique(p.x.Categories, c)
			}
		case uItem, uPara:
			p.content(u)
			p.lastClosed = nil
		case uTable:
			p.table(u)
			p.lastClosed = nil
		case uRow:
			p.rows++
			p.row(u, p.rows)
			p.lastClosed = nil
		case uTemplate:
			p.unknown(u)
			p.lastClosed = nil
		case uMarker:
			i = p.marker(i)
		}
	}
	for len(p.frames) > 0 {
		f := p.frames[len(p.frames)-1]
		if !f.implicit {
			p.diag(f.start, "%s is never closed; closed at the end of the page", f.u.label())
		}
		p.close(f)
	}
}

func (p *pass) heading(u *unit) {
	for len(p.headings) > 0 && p.headings[len(p.headings)-1].level >= u.level {
		p.headings = p.headings[:len(p.headings)-1]
	}
	title := collapse(u.c.plain)
	p.headings = append(p.headings, heading{level: u.level, title: title, faq: p.v.isFAQHeading(title)})
	p.block = blockState{sc: &scope{}}
	p.box = -1
}

func (p *pass) headingPath() []string {
	out := make([]string, 0, len(p.headings)+1)
	for _, h := range p.headings {
		out = append(out, h.title)
	}
	return out
}

// marker handles the marker unit i and returns the index of the last unit
// it consumed.
func (p *pass) marker(i int) int {
	u := &p.units[i]
	e := u.entry
	switch e.Role {
	case RoleSkill:
		p.skillHeader(u)
		p.lastClosed = nil
		return i
	case RoleSkillLabel:
		p.skillLabel(u)
		return i
	case RoleFAQ:
		p.faq(u)
		p.lastClosed = nil
		return i
	case RoleTableRow:
		p.rows++
		p.row(u, p.rows)
		p.lastClosed = nil
		return i
	case RoleBoxStart:
		if e.Kind == wikirules.KindExample {
			p.lastClosed = nil
			return p.example(i)
		}
		if u.selfContained {
			p.selfContainedBox(u)
			p.lastClosed = nil
			return i
		}
	}
	p.addLayout(u.span)
	switch e.Role {
	case RoleBlock:
		p.block = blockState{kind: e.Kind, label: p.label(e), sc: &scope{}}
	case RoleSkillEnd:
		p.block = blockState{sc: &scope{}}
	case RoleTableHeader:
		p.block = blockState{sc: &scope{}}
		p.rows = 0
	case RoleBoxStart:
		p.boxesN[e.Group]++
		p.open(u, &frame{entry: e, sc: &scope{}, boxN: p.boxesN[e.Group]})
	case RoleEditionStart, RoleUpdateStart, RoleOriginalStart:
		p.openBlock(u)
	case RoleBoxEnd, RoleEditionEnd, RoleUpdateEnd, RoleOriginalEnd:
		p.end(u)
	}
	return i
}

// newRecord starts a record of the current context.
func (p *pass) newRecord(c context, s wikirules.Span) wikirules.Record {
	r := wikirules.Record{
		Page:       p.rev.Page.Title,
		RevisionID: p.rev.ID,
		Timestamp:  p.rev.Timestamp,
		Section:    c.section,
		Kind:       c.kind,
		Editions:   c.editions,
		Version:    c.version,
		Superseded: c.original,
		Span:       s,
	}
	if c.annex {
		setField(&r, "annex", "true")
	}
	if c.box != nil {
		setField(&r, "box", strconv.Itoa(c.box.boxN))
	}
	return r
}

// add gives r its ID and appends it.
func (p *pass) add(r wikirules.Record) {
	r.ID = p.recordID(r)
	if r.Section == nil {
		r.Section = []string{}
	}
	p.x.Records = append(p.x.Records, r)
	p.boxOf = append(p.boxOf, p.box)
}

// recordID is the page slug, "-" and 10 hex digits of SHA-256 over the
// revision id, kind, section path, ordinal and byte span: the same
// revision text always gives the same ids. Ten hex digits (40 bits) are
// short for a link but collide among a million records (a revision of
// 8 MiB of list items holds 1.5 million): no two records of one revision
// share one, since a repeated id takes 16 hex digits instead (and a
// counter after them if need be), in record order.
func (p *pass) recordID(r wikirules.Record) string {
	b := make([]byte, 0, 128)
	b = append(append(b, r.RevisionID...), 0)
	b = append(append(b, r.Kind...), 0)
	for i, sec := range r.Section {
		if i > 0 {
			b = append(b, 0x1f)
		}
		b = append(b, sec...)
	}
	b = strconv.AppendInt(append(b, 0), int64(r.Ordinal), 10)
	b = strconv.AppendInt(append(b, 0), int64(r.Span.Start), 10)
	b = strconv.AppendInt(append(b, 0), int64(r.Span.End), 10)
	h := sha256.Sum256(b)
	id := p.slug + "-" + hex.EncodeToString(h[:5])
	if p.ids == nil {
		p.ids = map[string]bool{}
	}
	if p.ids[id] {
		long := p.slug + "-" + hex.EncodeToString(h[:8])
		id = long
		for n := 2; p.ids[id]; n++ {
			id = long + "-" + strconv.Itoa(n)
		}
	}
	p.ids[id] = true
	return id
}

func setField(r *wikirules.Record, k, v string) {
	if r.Fields == nil {
		r.Fields = map[string]string{}
	}
	r.Fields[k] = v
}

// fill copies what a unit's content refers to into r and the extraction.
func (p *pass) fill(r *wikirules.Record, c *content) {
	r.Links = c.links
	r.Notes = c.notes
	for _, cat := range c.categories {
		p.x.Categories = appendUnique(p.x.Categories, cat)
	}
	for g, hs := range c.highlights {
		setField(r, g+"_highlight", strings.Join(hs, " … "))
	}
}

// content makes the record of a list item or paragraph. Items are numbered
// in their scope: Ordinal counts the top-level items of the block or box;
// a nested item carries its top-level parent's Ordinal, its Depth and
// Fields["item"], the dotted number of its path ("5.2" is the second
// sub-item of item 5). Paragraphs have Ordinal 0 and Fields["paragraph"],
// their 1-based number among the paragraphs of the scope.
func (p *pass) content(u *unit) {
	c := p.context()
	text, plain := normalizeMarkdown(u.c.md), collapse(u.c.plain)
	if plain == "" && len(u.c.notes) > 0 && p.attachNotes(u, u.c.notes) {
		return
	}
	r := p.newRecord(c, u.span)
	r.Text, r.Plain = text, plain
	if u.kind == uItem {
		r.Depth = max(u.depth, 1)
		sc := c.sc
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
		c.sc.paras++
		setField(&r, "paragraph", strconv.Itoa(c.sc.paras))
		if exampleHost(r.Kind) && isExampleParagraph(plain) {
			p.examples++
			r.Kind = wikirules.KindExample // a played scene told under the rule, as an {{greybox}} would hold it
			setField(&r, "example", strconv.Itoa(p.examples))
		}
	}
	p.fill(&r, &u.c)
	if r.Kind == wikirules.KindReference {
		p.reference(&r, c.box, u.kind == uPara)
	}
	if !p.cues.Has(wikirules.N5) { // once the page shows N5, its wording adds nothing
		p.cue(p.v.wordingCue(r.Plain))
	}
	p.n4WordingCue(&r)
	p.recordCue(&r)
	p.add(r)
}

// exampleHost reports whether a paragraph of kind k is rule text that an
// example paragraph may stand in: not a reference, skill header, FAQ,
// errata or example.
func exampleHost(k wikirules.Kind) bool {
	switch k {
	case wikirules.KindReference, wikirules.KindSkill, wikirules.KindFAQ, wikirules.KindErrata, wikirules.KindExample:
		return false
	}
	return true
}

// referenceTitle returns the page a see-also title line names: a line of at
// most 100 bytes not ending in sentence punctuation, without a remark in
// parentheses after the title ("Restrictions Chart (TAGs cannot be Prone.)"
// → "Restrictions Chart"); "" for a sentence.
func referenceTitle(s string) string {
	if i := strings.Index(s, " ("); i > 0 && strings.HasSuffix(s, ".)") {
		s = s[:i]
	}
	if s == "" || len(s) > 100 || strings.ContainsAny(s[len(s)-1:], ".:;,?!") {
		return ""
	}
	return s
}

// reference gives a record of a see-also box the page it refers to: the
// box names it in a title line ("”'[[Retreat! and Loss of Lieutenant
// Summary Chart]]”'", "Modifiers Explained") before the text it quotes
// from it; Fields["target"] is that page (the line's first link, else its
// text), on the title line and on the quote after it.
func (p *pass) reference(r *wikirules.Record, box *frame, para bool) {
	if box == nil {
		return
	}
	if t := referenceTitle(r.Plain); para && t != "" {
		box.target = t
		if len(r.Links) > 0 {
			box.target = r.Links[0]
		}
	}
	if box.target != "" {
		setField(r, "target", box.target)
		if !containsFold(r.Links, box.target) {
			r.Links = append(append([]string(nil), r.Links...), box.target)
		}
	}
}

// attachNotes gives notes standing alone ({{seefaq}} on its own line) to
// the record just before, stretching its span over them when only white
// space lies between.
func (p *pass) attachNotes(u *unit, notes []string) bool {
	n := len(p.x.Records)
	if n == 0 {
		return false
	}
	prev := &p.x.Records[n-1]
	if strings.TrimSpace(p.src[prev.Span.End:u.span.Start]) != "" {
		return false
	}
	prev.Notes = append(prev.Notes, notes...)
	prev.Span.End = u.span.End
	return true
}

// n4WordingCue notes a record outside edition blocks whose text uses the
// N4 wikis' terms (Language.N4Wording): paragraphs, items and table rows
// (an N4 chart's "Damage MOD (PH)" column shows in its rows' text).
func (p *pass) n4WordingCue(r *wikirules.Record) {
	if !p.n4era && !p.inEditionBlock() && p.v.n4Wording(r.Plain) {
		p.n4era = true
	}
}

// unknown makes the record of an unknown template standing alone: its raw
// text, the links and notes of its parameters.
func (p *pass) unknown(u *unit) {
	c := p.context()
	r := p.newRecord(c, u.span)
	r.Kind = wikirules.KindTemplate
	r.Template = u.tmpl
	r.Text = u.c.md
	r.Plain = collapse(u.c.plain)
	p.fill(&r, &u.c)
	p.add(r)
}
