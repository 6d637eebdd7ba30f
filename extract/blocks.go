package extract

import (
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
)

// skillHeader makes the record of a skill header ({{skillbox |colour| NAME
// | TYPE}}, or its rendered line "ENGINEER SHORT SKILL"). It ends the
// current rule block.
func (p *pass) skillHeader(u *unit) {
	h := *u.get().skill
	h.Labels = append([]string(nil), h.Labels...)
	p.block = blockState{sc: &scope{}}
	c := p.context()
	r := p.newRecord(c, u.span)
	r.Kind, r.Skill, r.Title = wikirules.KindSkill, &h, h.Name
	r.Text, r.Plain = p.skillText(&h)
	p.fill(&r, &u.c)
	if !p.inEditionBlock() && p.v.isNullType(h.Type) {
		p.n4box = true // {{skillbox |red| DEAD | NULL}}, "DEAD NULL": N5 moved the flag to {{skill-label | Null}}
	}
	p.add(r)
	p.skill = len(p.x.Records) - 1
	p.box = p.skill
	p.boxOf[p.skill] = p.skill
}

// levelBoxes sets Fields["box"], the skill box's name, on the box's header
// and on the records under it (up to the next heading or box) when a
// revision draws more than one box: a page of levels writes one box per
// level ("VISOR MULTIESPECTRAL NIVEL 1", "… NIVEL 2"), each followed by its
// own Efectos block, and without the name the second effect of level 2 and
// of level 3 would both be cited "Visor Multiespectral › Efectos › 2". The
// citation shows it after the headings over the box, before the block
// label (wikirules.Citation.Box): "Visor Multiespectral › VISOR
// MULTIESPECTRAL NIVEL 2 › Efectos › 2". It is a field, not part of the
// section path, so that search and the engine read the section as the page
// writes it; the box's words are in its header record.
func (p *pass) levelBoxes() {
	n := 0
	for _, r := range p.x.Records {
		if r.Kind == wikirules.KindSkill {
			n++
		}
	}
	if n < 2 {
		return
	}
	for i := range p.x.Records {
		b := p.boxOf[i]
		if b < 0 || p.x.Records[b].Kind != wikirules.KindSkill || p.x.Records[b].Title == "" {
			continue
		}
		setField(&p.x.Records[i], "box", p.x.Records[b].Title)
	}
}

// skillText is the text of a skill header record: "**NAME** — TYPE" and
// its labels under the page language's word for them ("Etiquetas:").
func (p *pass) skillText(h *wikirules.SkillHeader) (md, plain string) {
	md, plain = "**"+h.Name+"**", h.Name
	if h.Type != "" {
		md += " — " + h.Type
		plain += " — " + h.Type
	}
	if len(h.Labels) > 0 {
		md += "\n\n" + p.lang.LabelsWord + ": " + strings.Join(h.Labels, ", ")
		plain += " " + p.lang.LabelsWord + ": " + strings.Join(h.Labels, ", ")
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
func (p *pass) skillLabel(u *unit) {
	labels := u.get().labels
	if p.skill >= 0 && p.skill == len(p.x.Records)-1 &&
		strings.TrimSpace(p.src[p.x.Records[p.skill].Span.End:u.span.Start]) == "" {
		r := &p.x.Records[p.skill]
		r.Skill.Labels = append(r.Skill.Labels, labels...)
		r.Text, r.Plain = p.skillText(r.Skill)
		r.Span.End = u.span.End
		r.Links = append(r.Links, u.c.links...)
		return
	}
	if p.skill >= 0 {
		r := &p.x.Records[p.skill]
		r.Skill.Labels = append(r.Skill.Labels, labels...)
		r.Text, r.Plain = p.skillText(r.Skill)
	}
	r := p.newRecord(p.context(), u.span)
	r.Kind = wikirules.KindRule
	r.Text = p.lang.LabelsWord + ": " + strings.Join(labels, ", ")
	r.Plain = r.Text
	p.fill(&r, &u.c)
	p.add(r)
}

// selfContainedBox makes the record of a box whose content is a parameter
// ({{important | text}}).
func (p *pass) selfContainedBox(u *unit) {
	e := u.entry
	p.boxesN[e.Group]++
	f := &frame{entry: e, sc: &scope{}, boxN: p.boxesN[e.Group]}
	p.open(u, f)
	c := p.context()
	r := p.newRecord(c, u.span)
	r.Text, r.Plain = normalizeMarkdown(u.c.md), collapse(u.c.plain)
	p.fill(&r, &u.c)
	if r.Kind == wikirules.KindReference && len(r.Links) > 0 {
		setField(&r, "target", r.Links[0])
	}
	p.add(r)
	if n := len(p.frames); n > 0 && p.frames[n-1] == f {
		p.closeTo(n - 1)
	}
}

// example makes one record of an example box: from its start ({{greybox-start
// | TITLE}}, a rendered "Example …" line) to its end, with the box's
// paragraphs, lists and tables as Markdown (images dropped, seefaq notes
// attached). A missing end is recovered at the next example, heading or
// FAQ (with a diagnostic when the page should have shown it). It returns
// the index of the last unit the example holds.
func (p *pass) example(i int) int {
	start := &p.units[i]
	e := start.entry
	title := start.get().title
	j, closed := i+1, false
	for ; j < len(p.units); j++ {
		u := &p.units[j]
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
	} else if !start.implicit {
		p.diag(start.span.Start, "%s is never closed; the example ends at byte %d", start.label(), p.units[last].span.End)
	}
	var md, plain strings.Builder
	all := start.c
	all.links = append([]string(nil), all.links...)
	all.notes = append([]string(nil), all.notes...)
	for k := i + 1; k < j; k++ {
		u := &p.units[k]
		m, pl, show := exampleUnit(u)
		md.WriteString(m)
		plain.WriteString(pl + "\n")
		if show {
			all.merge(&u.c)
		}
	}
	p.examples++
	c := p.context()
	label := title
	if label == "" {
		label = p.lang.ExampleLabel
	}
	c.section = append(p.headingPath(), label)
	end := p.units[last].span.End
	if p.units[last].span.Len() == 0 && last > i { // an implicit end: the example ends with its last line
		end = p.units[last-1].span.End
	}
	r := p.newRecord(c, wikirules.Span{Start: start.span.Start, End: max(end, start.span.End)})
	r.Kind, r.Title = wikirules.KindExample, title
	r.Text, r.Plain = normalizeMarkdown(md.String()), collapse(plain.String())
	if r.Plain == "" && title != "" {
		r.Text, r.Plain = title, title // an example of one image: its title is all its text
	}
	setField(&r, "example", strconv.Itoa(p.examples))
	p.fill(&r, &all)
	p.add(r)
	return last
}

// merge appends what o refers to.
func (c *content) merge(o *content) {
	for _, l := range o.links {
		c.links = appendUnique(c.links, l)
	}
	c.notes = append(c.notes, o.notes...)
	c.categories = append(c.categories, o.categories...)
	for g, hs := range o.highlights {
		if c.highlights == nil {
			c.highlights = map[string][]string{}
		}
		c.highlights[g] = append(c.highlights[g], hs...)
	}
}

// exampleUnit renders one unit inside an example; show reports whether
// the unit's links and notes belong to the example.
func exampleUnit(u *unit) (md, plain string, show bool) {
	switch u.kind {
	case uPara:
		return "\n\n" + u.c.md + "\n\n", u.c.plain, true
	case uItem:
		ind := strings.Repeat("  ", max(u.depth-1, 0))
		return "\n" + ind + listMark(u.prefix) + strings.TrimSpace(u.c.md), u.c.plain, true
	case uHeading:
		return "\n\n**" + strings.TrimSpace(u.c.md) + "**\n\n", u.c.plain, true
	case uTable:
		return "\n\n" + u.c.md + "\n\n", u.c.plain, true
	case uRow:
		return "\n" + u.c.md + "\n", u.c.plain, true
	case uTemplate:
		return "\n\n" + u.c.md + "\n\n", u.c.md, false
	case uMarker:
		switch u.entry.Role {
		case RoleTableRow:
			return u.c.md, u.c.plain, true
		case RoleBoxStart:
			if u.selfContained {
				return "\n\n" + u.c.md + "\n\n", u.c.plain, true
			}
			return "\n\n\n\n", "", false
		case RoleSkill, RoleFAQ:
			return "\n\n\n\n", "", false
		}
	}
	return "", "", false
}

// table makes one record of a table kept whole ({| … |}); tables opened
// by a template are flattened by the cutter into header and row markers.
func (p *pass) table(u *unit) {
	c := p.context()
	r := p.newRecord(c, u.span)
	r.Text, r.Plain = normalizeMarkdown(u.c.md), collapse(u.c.plain)
	p.fill(&r, &u.c)
	p.n4WordingCue(&r)
	p.add(r)
}

// levelTitle is the title of a labelled row: its first value, written as
// the wiki writes a level ("L3", Language.LevelColumns) when the row's
// first column is a level column and its value a level number, so that
// the row of "Martial Arts L3" is the one a question naming it finds.
func (p *pass) levelTitle(rv *rowValues) string {
	v := strings.TrimSpace(rv.values[0])
	if len(v) == 0 || len(v) > 2 || strings.Trim(v, "0123456789") != "" {
		return rv.values[0]
	}
	for label, letter := range p.lang.LevelColumns {
		if strings.ReplaceAll(strings.ToLower(label), " ", "_") == rv.names[0] {
			return letter + v
		}
	}
	return rv.values[0]
}

// row makes the record of a table row: Fields by the row's column names
// (a row template's Columns, extra positional values as "col_N", named
// parameters by name), Title = the first column, Ordinal = n (the row's
// number since the last table header).
func (p *pass) row(u *unit, n int) {
	rv := u.get().row
	c := p.context()
	c.section = p.headingPath()
	r := p.newRecord(c, u.span)
	r.Kind, r.Ordinal = u.entry.Kind, n
	if r.Kind == "" {
		r.Kind = wikirules.KindRule
	}
	r.Template = u.tmpl
	switch {
	case rv.headedPlain != "":
		r.Title = p.levelTitle(rv)
		r.Text, r.Plain = rv.headedMD, rv.headedPlain
	case rv.whole:
		r.Text, r.Plain = rv.values[0], rv.values[0]
	default:
		r.Title = rv.values[0]
		r.Text, r.Plain = rowText(*rv)
	}
	for k, v := range rv.byName {
		setField(&r, k, v)
	}
	p.fill(&r, &u.c)
	p.n4WordingCue(&r)
	p.add(r)
}

// rowValues are the cells of a table row: names and values in order, and
// by name. whole marks a row whose cells the page does not separate (page
// text): its one value is the row's text. headedMD and headedPlain are the
// row's text with the header cells that head its values ("Level: 3;
// Attack MOD: +3"), when the table has some (table_headers.go).
type rowValues struct {
	names                 []string
	values                []string
	byName                map[string]string
	whole                 bool
	headedMD, headedPlain string
}

// rowText renders a row as "**NAME** | v1 | v2 …", in time linear in the
// row's size (a row may hold every cell of an 8 MiB revision).
func rowText(rv rowValues) (md, plain string) {
	var m, p strings.Builder
	if rv.values[0] != "" {
		m.WriteString("**" + rv.values[0] + "**")
	}
	p.WriteString(rv.values[0])
	for _, v := range rv.values[1:] {
		m.WriteString(" | ")
		m.WriteString(v)
		p.WriteString(" | ")
		p.WriteString(v)
	}
	return m.String(), p.String()
}
