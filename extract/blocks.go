package extract

import (
	"sort"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/wikitext"
)

// skillHeader makes the record of {{skillbox |colour| NAME | TYPE}} (named
// color/name/type parameters override the positional ones). It ends the
// current rule block.
func (p *pass) skillHeader(u unit) {
	t := u.tmpl
	rd := newRenderer(p.src, p.v)
	get := func(i int, names ...string) string {
		for _, n := range names {
			if prm := t.Param(n); prm != nil {
				_, pl := rd.renderParam(prm)
				return pl
			}
		}
		_, pl := rd.renderParam(t.Positional(i))
		return pl
	}
	h := &wikirules.SkillHeader{Color: get(1, "color", "colour"), Name: get(2, "name"), Type: get(3, "type")}
	p.block = blockState{sc: &scope{}}
	c := p.context()
	r := p.newRecord(c, u.span)
	r.Kind, r.Skill, r.Title = wikirules.KindSkill, h, h.Name
	if lbl := get(4, "labels"); lbl != "" {
		h.Labels = splitLabels(lbl)
	}
	r.Text, r.Plain = skillText(h)
	p.fill(&r, rd)
	p.add(r)
	p.skill = len(p.x.Records) - 1
}

func skillText(h *wikirules.SkillHeader) (md, plain string) {
	md, plain = "**"+h.Name+"**", h.Name
	if h.Type != "" {
		md += " — " + h.Type
		plain += " — " + h.Type
	}
	if len(h.Labels) > 0 {
		md += "\n\nEtiquetas: " + strings.Join(h.Labels, ", ")
		plain += " Etiquetas: " + strings.Join(h.Labels, ", ")
	}
	return md, plain
}

// splitLabels reads "Movimiento, No Letal." as ["Movimiento", "No Letal"].
func splitLabels(s string) []string {
	var out []string
	for _, l := range strings.Split(s, ",") {
		if l = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(l), ".")); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// skillLabel adds the labels of {{skill-label | A, B}} to the last skill
// header; its span joins the header's record when only white space lies
// between. Without a header it is a rule record "Etiquetas: …".
func (p *pass) skillLabel(u unit) {
	rd := newRenderer(p.src, p.v)
	_, pl := rd.renderParam(u.tmpl.Positional(1))
	labels := splitLabels(pl)
	if p.skill >= 0 && p.skill == len(p.x.Records)-1 &&
		strings.TrimSpace(p.src[p.x.Records[p.skill].Span.End:u.span.Start]) == "" {
		r := &p.x.Records[p.skill]
		r.Skill.Labels = append(r.Skill.Labels, labels...)
		r.Text, r.Plain = skillText(r.Skill)
		r.Span.End = u.span.End
		r.Links = append(r.Links, rd.links...)
		return
	}
	if p.skill >= 0 {
		r := &p.x.Records[p.skill]
		r.Skill.Labels = append(r.Skill.Labels, labels...)
		r.Text, r.Plain = skillText(r.Skill)
	}
	r := p.newRecord(p.context(), u.span)
	r.Kind = wikirules.KindRule
	r.Text = "Etiquetas: " + strings.Join(labels, ", ")
	r.Plain = r.Text
	p.fill(&r, rd)
	p.add(r)
}

// selfContainedBox makes the record of a box whose content is a parameter
// ({{important | text}}).
func (p *pass) selfContainedBox(u unit) {
	e := u.entry
	p.boxesN[e.Group]++
	f := &frame{entry: e, sc: &scope{}, boxN: p.boxesN[e.Group]}
	p.open(u, f)
	c := p.context()
	rd := newRenderer(p.src, p.v)
	md, pl := rd.renderParam(u.tmpl.Positional(e.ContentParam))
	r := p.newRecord(c, u.span)
	r.Text, r.Plain = md, pl
	p.fill(&r, rd)
	p.add(r)
	if n := len(p.frames); n > 0 && p.frames[n-1] == f {
		p.closeTo(n - 1)
	}
}

// example makes one record of a greybox example: from {{greybox-start |
// TITLE}} to its {{greybox-end}}, with the box's paragraphs, lists and
// tables as Markdown (images dropped, seefaq notes attached). A missing end
// is recovered at the next example, heading or FAQ box (with a diagnostic).
// It returns the index of the last unit the example holds.
func (p *pass) example(i int) int {
	start := p.units[i]
	e := start.entry
	rd := newRenderer(p.src, p.v)
	title := ""
	if e.TitleParam > 0 {
		_, title = rd.renderParam(start.tmpl.Positional(e.TitleParam))
	}
	j, closed := i+1, false
	for ; j < len(p.units); j++ {
		u := p.units[j]
		if u.kind == uMarker && u.entry.Role == RoleBoxEnd && u.entry.Group == e.Group {
			closed = true
			break
		}
		if u.kind == uHeading || (u.kind == uMarker && (u.entry.Role == RoleFAQ ||
			(u.entry.Role == RoleBoxStart && u.entry.Group == e.Group))) {
			break
		}
	}
	last := j - 1
	if closed {
		last = j
	} else {
		p.diag(start.span.Start, "{{%s}} is never closed; the example ends at byte %d", start.tmpl.Name, p.units[last].span.End)
	}
	var md, plain strings.Builder
	for k := i + 1; k < j; k++ {
		m, pl := p.exampleUnit(rd, p.units[k])
		md.WriteString(m)
		plain.WriteString(pl + "\n")
	}
	p.examples++
	c := p.context()
	label := title
	if label == "" {
		label = p.v.ExampleLabel
	}
	c.section = append(p.headingPath(), label)
	r := p.newRecord(c, wikirules.Span{Start: start.span.Start, End: p.units[last].span.End})
	r.Kind, r.Title = wikirules.KindExample, title
	r.Text, r.Plain = normalizeMarkdown(md.String()), collapse(plain.String())
	setField(&r, "example", strconv.Itoa(p.examples))
	p.fill(&r, rd)
	p.add(r)
	return last
}

// exampleUnit renders one unit inside an example.
func (p *pass) exampleUnit(rd *renderer, u unit) (md, plain string) {
	switch u.kind {
	case uPara:
		m, pl := rd.inline(u.nodes)
		return "\n\n" + m + "\n\n", pl
	case uItem:
		m, pl := rd.inline(u.nodes)
		ind := strings.Repeat("  ", max(u.depth-1, 0))
		return "\n" + ind + listMark(u.prefix) + strings.TrimSpace(m), pl
	case uHeading:
		m, pl := rd.inline(u.nodes)
		return "\n\n**" + strings.TrimSpace(m) + "**\n\n", pl
	case uTable:
		m, pl := rd.node(u.table)
		return "\n\n" + m + "\n\n", pl
	case uUnknown:
		s := p.src[u.span.Start:u.span.End]
		return "\n\n" + s + "\n\n", s
	case uMarker:
		switch u.entry.Role {
		case RoleTableRow:
			m, pl := rowText(rowFields(rd, u.tmpl, u.entry))
			return "\n" + m + "\n", pl
		case RoleBoxStart, RoleSkill, RoleFAQ:
			m, pl := rd.template(u.tmpl)
			return "\n\n" + m + "\n\n", pl
		}
	}
	return "", ""
}

// faq makes the FAQ entry of a {{faqbox}} and its record (Kind faq or
// errata, Fields["faq_id"]). The question loses its leading "Q:" or
// "[Errata]", the answer its "A:"; the record's Text keeps them. FAQ
// Question and Answer are Markdown; the ID (wikirules.FAQID) hashes the
// plain question, so markup edits do not split an entry. Editions come
// from the title ("N4 FAQ" → n4), else from the record's context; the
// record's Ordinal counts the FAQ boxes under the same heading.
func (p *pass) faq(u unit) {
	t := u.tmpl
	rd := newRenderer(p.src, p.v)
	param := func(name string) *wikitext.Param {
		if prm := t.Param(name); prm != nil {
			return prm
		}
		return t.Param(strings.ToUpper(name[:1]) + name[1:])
	}
	_, typ := rd.renderParam(param("type"))
	_, title := rd.renderParam(param("title"))
	_, version := rd.renderParam(param("version"))
	qmd, qpl := rd.renderParam(param("q"))
	amd, apl := rd.renderParam(param("a"))
	typ = strings.ToLower(typ)
	if typ != "faq" && typ != "errata" {
		typ = "faq"
		if strings.Contains(strings.ToLower(title), "errata") {
			typ = "errata"
		}
	}
	links := len(rd.links)
	relRd := newRenderer(p.src, p.v)
	_, relPlain := relRd.renderParam(param("related"))
	related := relRd.links
	if len(related) == 0 {
		for _, s := range strings.Split(relPlain, ",") {
			if s = PageTitle(s); s != "" {
				related = append(related, s)
			}
		}
	}
	question := stripMarkers(qpl, "Q:", "[Errata]", "P:")
	answer := stripMarkers(apl, "A:", "R:")
	c := p.context()
	eds := editionsOf(title)
	if eds == 0 {
		eds = c.editions
	}
	f := wikirules.FAQ{
		ID: wikirules.FAQID(typ, title, version, question), Type: typ, Title: title, Version: version,
		Question: stripMarkers(qmd, "Q:", "**Q:**", "[Errata]", "P:"), Answer: stripMarkers(amd, "A:", "**A:**", "R:"),
		Related: related, Pages: []string{p.rev.Page.Title}, Editions: eds,
		FirstRevision: p.rev.ID, LastRevision: p.rev.ID, Timestamp: p.rev.Timestamp,
	}
	if f.Related == nil {
		f.Related = []string{}
	}
	p.x.FAQs = append(p.x.FAQs, f)

	sec := p.headingPath()
	if !containsFold(sec, p.v.FAQLabel) {
		sec = append(sec, p.v.FAQLabel)
	}
	c.section = append(sec, title)
	c.editions = eds
	r := p.newRecord(c, u.span)
	r.Kind, r.Title, r.Version = wikirules.Kind(typ), title, version
	c.sc.counter++
	r.Ordinal = c.sc.counter
	r.Text = strings.TrimSpace(qmd + "\n\n" + amd)
	r.Plain = collapse(qpl + " " + apl)
	setField(&r, "faq_id", f.ID)
	setField(&r, "question", question)
	setField(&r, "answer", answer)
	if len(related) > 0 {
		setField(&r, "related", strings.Join(related, "; "))
	}
	p.fill(&r, rd)
	r.Links = rd.links[:links:links]
	for _, l := range related {
		r.Links = appendUnique(r.Links, l)
	}
	p.add(r)
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// stripMarkers removes one leading marker ("Q:", "[Errata]"…) and spaces.
func stripMarkers(s string, markers ...string) string {
	s = strings.TrimSpace(s)
	for _, m := range markers {
		if strings.HasPrefix(s, m) {
			return strings.TrimSpace(s[len(m):])
		}
	}
	return s
}

// table makes one record of a wikitable ({| … |}); tables opened by a
// template are flattened by the cutter into header and row markers.
func (p *pass) table(u unit) {
	c := p.context()
	rd := newRenderer(p.src, p.v)
	m, pl := rd.node(u.table)
	r := p.newRecord(c, u.span)
	r.Text, r.Plain = normalizeMarkdown(m), collapse(pl)
	p.fill(&r, rd)
	p.add(r)
}

// row makes the record of a table row template: Fields by the entry's
// Columns (extra positional values as "col_N", named parameters by name),
// Title = the first column, Ordinal = n (the row's number since the last
// table header template).
func (p *pass) row(t *wikitext.Template, e Entry, n int) {
	rd := newRenderer(p.src, p.v)
	fields := rowFields(rd, t, e)
	c := p.context()
	c.section = p.headingPath()
	r := p.newRecord(c, span(t))
	r.Kind, r.Ordinal, r.Template = e.Kind, n, t.Name
	r.Title = fields.values[0]
	r.Text, r.Plain = rowText(fields)
	for k, v := range fields.byName {
		setField(&r, k, v)
	}
	p.fill(&r, rd)
	p.add(r)
}

type rowValues struct {
	names  []string
	values []string
	byName map[string]string
}

func rowFields(rd *renderer, t *wikitext.Template, e Entry) rowValues {
	rv := rowValues{byName: map[string]string{}}
	for _, prm := range t.Params {
		_, pl := rd.renderParam(prm)
		name := prm.Name
		if !prm.Named {
			if prm.Index <= len(e.Columns) {
				name = e.Columns[prm.Index-1]
			} else {
				name = "col_" + strconv.Itoa(prm.Index)
			}
		}
		rv.names = append(rv.names, name)
		rv.values = append(rv.values, pl)
		rv.byName[name] = pl
	}
	if len(rv.values) == 0 {
		rv.names, rv.values = []string{"name"}, []string{""}
	}
	return rv
}

// rowText renders a row as "**NAME** | v1 | v2 …".
func rowText(rv rowValues) (md, plain string) {
	md, plain = "**"+rv.values[0]+"**", rv.values[0]
	if rv.values[0] == "" {
		md = ""
	}
	for _, v := range rv.values[1:] {
		md += " | " + v
		plain += " | " + v
	}
	return md, plain
}

// finish pairs alternatives and updates, computes the layout spans and the
// page's links.
func (p *pass) finish() {
	recs := p.x.Records
	for _, g := range p.altGroups {
		a, b := recs[g[0].first:g[0].last], recs[g[1].first:g[1].last]
		if len(a) == 0 || len(b) == 0 {
			continue
		}
		if len(a) == len(b) {
			for i := range a {
				a[i].Alternative, b[i].Alternative = a[i].ID, a[i].ID
			}
			continue
		}
		for i := range a {
			a[i].Alternative = a[0].ID
		}
		for i := range b {
			b[i].Alternative = a[0].ID
		}
	}
	p.pairUpdates()
	for _, r := range p.x.Records {
		for _, l := range r.Links {
			p.x.Links = appendUnique(p.x.Links, l)
		}
	}
	p.fillLayout()
}

// pairUpdates links every original block to its update (the update block
// it follows, else the nearest unpaired one before it, else the next):
// the i-th record of the original is superseded by the i-th record of the
// update (the last one when the original has more).
func (p *pass) pairUpdates() {
	used := map[*frame]bool{}
	for _, o := range p.originals {
		u := o.alt
		if u == nil {
			for k := len(p.updates) - 1; k >= 0; k-- {
				if f := p.updates[k]; !used[f] && f.start < o.start {
					u = f
					break
				}
			}
		}
		if u == nil {
			for _, f := range p.updates {
				if !used[f] && f.start > o.start {
					u = f
					break
				}
			}
		}
		if u == nil || u.last == u.first {
			p.diag(o.start, "original text without a matching update")
			continue
		}
		used[u] = true
		for i := o.first; i < o.last; i++ {
			j := min(u.first+(i-o.first), u.last-1)
			p.x.Records[i].SupersededBy = p.x.Records[j].ID
		}
	}
}

// fillLayout classifies the bytes no record holds: the explicit layout
// spans (templates of the vocabulary without content, headings, category
// and file links) and white space between pieces. Anything else left over
// is reported as a diagnostic (and stays uncovered, which the coverage
// test catches).
func (p *pass) fillLayout() {
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
		if strings.TrimSpace(p.src[at:end]) == "" {
			p.layout = append(p.layout, wikirules.Span{Start: at, End: end})
		} else {
			p.diag(at, "bytes %d–%d are neither a record nor layout: %q", at, end, clip(p.src[at:end], 60))
		}
	}
	for _, s := range spans {
		gap(s.Start)
		at = max(at, s.End)
	}
	gap(len(p.src))
	p.x.Layout = mergeSpans(p.layout)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8Start(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }
