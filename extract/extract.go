package extract

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/wikitext"
)

// Extract turns one parsed revision into records, FAQ entries, categories,
// links, page editions, unknown-template counts and layout spans, using
// the Default vocabulary. doc must be the parse of rev.Text.
func Extract(rev wikirules.Revision, doc *wikitext.Document) *wikirules.Extraction {
	return Default().Extract(rev, doc)
}

// ExtractText parses rev.Text with wikitext.Parse and extracts it with the
// Default vocabulary.
func ExtractText(rev wikirules.Revision) *wikirules.Extraction {
	return Extract(rev, wikitext.Parse(rev.Text))
}

// Extract turns one parsed revision into an Extraction using vocabulary v
// (see the package documentation for the record model). It never fails:
// malformed structure (an end template without its start, a start without
// its end) is recovered from and reported in Extraction.Diagnostics, each
// naming the page, revision and byte offset.
func (v *Vocabulary) Extract(rev wikirules.Revision, doc *wikitext.Document) *wikirules.Extraction {
	if !v.holdsRules(rev) {
		return notContent(rev)
	}
	p := &pass{
		v:      v,
		rev:    rev,
		src:    doc.Src,
		units:  cutUnits(doc, v),
		x:      &wikirules.Extraction{FAQs: []wikirules.FAQ{}},
		slug:   Slug(rev.Page.Title),
		block:  blockState{sc: &scope{}},
		skill:  -1,
		boxesN: map[string]int{},
	}
	p.x.Records = make([]wikirules.Record, 0, len(p.units))
	p.x.PageEditions = pageEditions(doc, v)
	p.countUnknown(doc)
	p.run()
	p.finish()
	return p.x
}

// pass is the block pass over the units of one revision.
type pass struct {
	v      *Vocabulary
	rev    wikirules.Revision
	src    string
	units  []unit
	x      *wikirules.Extraction
	slug   string
	layout []wikirules.Span

	headings   []heading
	block      blockState
	frames     []*frame
	lastClosed *frame // edition or update block closed with only layout since
	skill      int    // index of the last skill record, -1 before any
	boxesN     map[string]int
	altGroups  [][2]*frame
	updates    []*frame
	originals  []*frame
	examples   int
	rows       int             // table rows since the last table header
	ids        map[string]bool // record ids given so far (recordID)
}

type heading struct {
	level int
	title string
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
	entry   Entry
	start   int // byte offset of the start template
	first   int // index of the first record made inside
	last    int // index after the last record (set when closed)
	sc      *scope
	base    int // sc.counter when opened
	paras   int // sc.paras when opened
	altEnd  int // counter after the block this one is an alternative of
	altPara int // paragraphs after the block this one is an alternative of
	alt     *frame
	version string
	boxN    int
	closed  bool
}

func (p *pass) diag(pos int, format string, args ...any) {
	diagnose(p.x, &p.rev, pos, format, args...)
}

func (p *pass) addLayout(s wikirules.Span) { p.layout = appendLayout(p.layout, s) }

func (p *pass) run() {
	for i := 0; i < len(p.units); i++ {
		u := p.units[i]
		switch u.kind {
		case uHeading:
			p.addLayout(u.span)
			p.heading(u)
			p.lastClosed = nil
		case uLayout:
			p.addLayout(u.span)
			if u.category != "" {
				p.x.Categories = appendUnique(p.x.Categories, u.category)
			}
		case uItem, uPara:
			p.content(u)
			p.lastClosed = nil
		case uTable:
			p.table(u)
			p.lastClosed = nil
		case uUnknown:
			p.unknown(u)
			p.lastClosed = nil
		case uMarker:
			i = p.marker(i)
		}
	}
	for len(p.frames) > 0 {
		f := p.frames[len(p.frames)-1]
		p.diag(f.start, "{{%s}} is never closed; closed at the end of the page", p.units[p.unitAt(f.start)].tmpl.Name)
		p.close(f)
	}
}

// unitAt returns the index of the unit starting at byte pos.
func (p *pass) unitAt(pos int) int {
	return sort.Search(len(p.units), func(i int) bool { return p.units[i].span.Start >= pos })
}

func (p *pass) heading(u unit) {
	r := newRenderer(p.src, p.v)
	_, pl := r.inline(u.nodes)
	for len(p.headings) > 0 && p.headings[len(p.headings)-1].level >= u.level {
		p.headings = p.headings[:len(p.headings)-1]
	}
	p.headings = append(p.headings, heading{level: u.level, title: collapse(pl)})
	p.block = blockState{sc: &scope{}}
}

func (p *pass) headingPath() []string {
	out := make([]string, 0, len(p.headings)+1)
	for _, h := range p.headings {
		out = append(out, h.title)
	}
	return out
}

// marker handles the vocabulary template of unit i and returns the index
// of the last unit it consumed.
func (p *pass) marker(i int) int {
	u := p.units[i]
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
		p.row(u.tmpl, e, p.rows)
		p.lastClosed = nil
		return i
	case RoleBoxStart:
		if e.Kind == wikirules.KindExample {
			p.lastClosed = nil
			return p.example(i)
		}
		if e.ContentParam > 0 && u.tmpl.Positional(e.ContentParam) != nil {
			p.selfContainedBox(u)
			p.lastClosed = nil
			return i
		}
	}
	p.addLayout(u.span)
	switch e.Role {
	case RoleBlock:
		p.block = blockState{kind: e.Kind, label: e.Label, sc: &scope{}}
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

// fill copies what a renderer collected into r and the extraction.
func (p *pass) fill(r *wikirules.Record, rd *renderer) {
	r.Links = rd.links
	r.Notes = rd.notes
	for _, c := range rd.categories {
		p.x.Categories = appendUnique(p.x.Categories, c)
	}
	for g, hs := range rd.highlights {
		setField(r, g+"_highlight", strings.Join(hs, " … "))
	}
}

// content makes the record of a list item or paragraph. Items are numbered
// in their scope: Ordinal counts the top-level items of the block or box;
// a nested item carries its top-level parent's Ordinal, its Depth and
// Fields["item"], the dotted number of its path ("5.2" is the second
// sub-item of item 5). Paragraphs have Ordinal 0 and Fields["paragraph"],
// their 1-based number among the paragraphs of the scope.
func (p *pass) content(u unit) {
	c := p.context()
	rd := newRenderer(p.src, p.v)
	md, pl := rd.inline(u.nodes)
	text, plain := normalizeMarkdown(md), collapse(pl)
	if plain == "" && len(rd.notes) > 0 && p.attachNotes(u, rd.notes) {
		return
	}
	r := p.newRecord(c, u.span)
	r.Text, r.Plain = text, plain
	if u.kind == uItem {
		r.Depth = u.depth
		sc := c.sc
		if u.depth <= 1 || len(sc.path) == 0 {
			sc.counter++
			sc.path = []int{sc.counter}
		} else {
			for len(sc.path) < u.depth {
				sc.path = append(sc.path, 0)
			}
			sc.path = sc.path[:u.depth]
			sc.path[u.depth-1]++
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
	}
	p.fill(&r, rd)
	p.add(r)
}

// attachNotes gives notes standing alone ({{seefaq}} on its own line) to
// the record just before, stretching its span over them when only white
// space lies between.
func (p *pass) attachNotes(u unit, notes []string) bool {
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

func (p *pass) unknown(u unit) {
	c := p.context()
	r := p.newRecord(c, u.span)
	r.Kind = wikirules.KindTemplate
	r.Template = u.tmpl.Name
	r.Text = p.src[u.span.Start:u.span.End]
	r.Plain = collapse(r.Text)
	rd := newRenderer(p.src, p.v)
	for _, prm := range u.tmpl.Params {
		rd.inline(prm.Value) // collect links and notes
	}
	p.fill(&r, rd)
	p.add(r)
}

// countUnknown counts every template outside the vocabulary, wherever it
// stands, by its normalised name.
func (p *pass) countUnknown(doc *wikitext.Document) {
	wikitext.Inspect(doc, func(n wikitext.Node) bool {
		if t, ok := n.(*wikitext.Template); ok {
			if _, known := p.v.Lookup(t.Name); !known {
				if p.x.Unknown == nil {
					p.x.Unknown = map[string]int{}
				}
				p.x.Unknown[t.Key()]++
			}
		}
		return true
	})
}

// pageEditions is the union of the page-edition templates ({{n4only}})
// and of the furniture with an edition prefix ({{n5-section-*}}) standing
// at the top level of the page.
func pageEditions(doc *wikitext.Document, v *Vocabulary) wikirules.Editions {
	var out wikirules.Editions
	for _, n := range doc.Nodes {
		t, ok := n.(*wikitext.Template)
		if !ok {
			continue
		}
		if e, known := v.Lookup(t.Name); known && e.Role == RolePageEdition {
			out |= e.Editions
		}
		key := t.Key()
		for p, e := range v.EditionPrefixes {
			if strings.HasPrefix(key, p) {
				out |= e
			}
		}
	}
	return out
}

// updateVersion reads the version of {{update | 1.1.1, dic 2021}}: the
// positional parameters, else the named version and date parameters.
func updateVersion(src string, v *Vocabulary, t *wikitext.Template) string {
	if s := positionalText(src, v, t); s != "" {
		return s
	}
	var parts []string
	for _, name := range []string{"version", "date"} {
		if prm := t.Param(name); prm != nil {
			if _, pl := newRenderer(src, v).renderParam(prm); pl != "" {
				parts = append(parts, pl)
			}
		}
	}
	return strings.Join(parts, ", ")
}

// positionalText is the plain text of a template's positional parameters
// joined with ", " ({{update | 1.1.1 | dic 2021}} → "1.1.1, dic 2021").
func positionalText(src string, v *Vocabulary, t *wikitext.Template) string {
	var parts []string
	for _, prm := range t.Params {
		if prm.Named {
			continue
		}
		_, pl := newRenderer(src, v).inline(prm.Value)
		if s := collapse(pl); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}

func appendUnique(list []string, s string) []string {
	for _, have := range list {
		if have == s {
			return list
		}
	}
	return append(list, s)
}

// foldAccents maps the accented letters of Spanish, Catalan, French and
// Portuguese titles to their base letter.
var foldAccents = map[rune]rune{
	'á': 'a', 'à': 'a', 'â': 'a', 'ä': 'a', 'ã': 'a', 'é': 'e', 'è': 'e', 'ê': 'e', 'ë': 'e',
	'í': 'i', 'ì': 'i', 'î': 'i', 'ï': 'i', 'ó': 'o', 'ò': 'o', 'ô': 'o', 'ö': 'o', 'õ': 'o',
	'ú': 'u', 'ù': 'u', 'û': 'u', 'ü': 'u', 'ñ': 'n', 'ç': 'c',
}

// Slug returns a URL-safe form of a page title: lower case, accents
// removed, runs of other characters turned into "-" ("Activación de una
// Tropa" → "activacion-de-una-tropa", "G: Jumper" → "g-jumper").
func Slug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		if f, ok := foldAccents[r]; ok {
			r = f
		}
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	if b.Len() == 0 {
		return "page"
	}
	return b.String()
}
