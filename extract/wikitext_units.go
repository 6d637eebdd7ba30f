package extract

import (
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/wikitext"
)

// The wikitext front-end: the top-level nodes of a parsed revision cut
// into units. Headings, list items and tables are line-level; a vocabulary
// template standing as structure ({{effects}}, {{c1}}, {{faqbox}}…) is a
// marker unit with its arguments read; an unknown template alone on its
// line is kept raw; the remaining inline nodes are cut into paragraphs at
// blank lines. Every content unit is rendered here (Markdown, plain text,
// links, notes), so the pass never sees wikitext.

// cutter cuts the top-level nodes of a document into units.
type cutter struct {
	src     string
	v       *Vocabulary
	seeFAQ  string // the note of a {{seefaq}} without text, in the page's language
	units   []unit
	run     []wikitext.Node
	unknown map[string]int
}

// wikitextStream cuts doc into the unit stream of the pass, with the
// counts of templates outside the vocabulary (wherever they stand, by
// normalised name); lang is the page's language.
func wikitextStream(doc *wikitext.Document, v *Vocabulary, lang *Language) *stream {
	c := &cutter{src: doc.Src, v: v, units: make([]unit, 0, len(doc.Nodes)), seeFAQ: lang.SeeFAQNote}
	c.nodes(doc.Nodes)
	c.flush()
	c.countUnknown(doc)
	return &stream{src: doc.Src, units: c.units, unknown: c.unknown}
}

func (c *cutter) renderer() *renderer {
	r := newRenderer(c.src, c.v)
	r.seeFAQ = c.seeFAQ
	return r
}

// content returns md and plain with what the renderer collected while
// rendering them.
func (r *renderer) content(md, plain string) content {
	return content{md: md, plain: plain, links: r.links, notes: r.notes, categories: r.categories, highlights: r.highlights}
}

// contentOf renders inline nodes as the content of one unit.
func (c *cutter) contentOf(ns []wikitext.Node) content {
	rd := c.renderer()
	md, pl := rd.inline(ns)
	return rd.content(md, pl)
}

func (c *cutter) nodes(ns []wikitext.Node) {
	for i, n := range ns {
		var prev wikitext.Node
		if i > 0 {
			prev = ns[i-1]
		}
		switch n := n.(type) {
		case *wikitext.Heading:
			c.flush()
			c.units = append(c.units, unit{kind: uHeading, span: span(n), c: c.contentOf(n.Nodes), level: n.Level})
		case *wikitext.ListItem:
			c.flush()
			c.item(n)
		case *wikitext.Table:
			if _, ok := n.Open.(*wikitext.Template); ok {
				c.templateTable(n)
				continue
			}
			c.flush()
			c.table(n)
		case *wikitext.Template:
			if c.boundary(n, prev) {
				c.flush()
				c.template(n)
			} else {
				c.run = append(c.run, n)
			}
		case *wikitext.Link:
			t := strings.TrimSpace(n.Target)
			switch {
			case hasNamespace(t, c.v.CategoryPrefixes):
				c.flush()
				c.units = append(c.units, unit{kind: uLayout, span: span(n), args: &unitArgs{categories: []string{categoryName(t)}}})
			case hasNamespace(t, c.v.FilePrefixes):
				c.flush()
				c.units = append(c.units, unit{kind: uLayout, span: span(n)})
			default:
				c.run = append(c.run, n)
			}
		default:
			c.run = append(c.run, n)
		}
	}
}

// templateTable flattens a table opened by a template ({{weapon}} … |}):
// the parser opens it at the first template of the run of template lines
// before the "|}", which may be a box or an example start rather than the
// table header, so its nodes are read like any others (header and row
// templates are markers) and the closing "|}" is layout.
func (c *cutter) templateTable(t *wikitext.Table) {
	c.nodes(append([]wikitext.Node{t.Open}, t.Nodes...))
	c.flush()
	tail := t.Pos()
	if len(t.Nodes) > 0 {
		tail = t.Nodes[len(t.Nodes)-1].End()
	} else if t.Open != nil {
		tail = t.Open.End()
	}
	if tail < t.End() {
		c.units = append(c.units, unit{kind: uLayout, span: wikirules.Span{Start: tail, End: t.End()}})
	}
}

// table adds a wikitable ({| … |}): a header marker and its rows, the
// lines between them layout (wikitext_tables.go); a table without data
// rows is one unit.
func (c *cutter) table(t *wikitext.Table) {
	if us := c.tableUnits(t); us != nil {
		at := t.Pos()
		for _, u := range us {
			if u.span.Start > at {
				c.units = append(c.units, unit{kind: uLayout, span: wikirules.Span{Start: at, End: u.span.Start}})
			}
			c.units = append(c.units, u)
			at = u.span.End
		}
		if at < t.End() {
			c.units = append(c.units, unit{kind: uLayout, span: wikirules.Span{Start: at, End: t.End()}})
		}
		return
	}
	rd := c.renderer()
	md, pl := rd.node(t)
	open := c.src[t.Pos():t.End()]
	if i := strings.IndexByte(open, '\n'); i >= 0 {
		open = open[:i]
	}
	c.units = append(c.units, unit{kind: uTable, span: span(t), c: rd.content(md, pl), cue: c.v.tableCue(open)})
}

// template adds a boundary template as a marker or unknown unit.
func (c *cutter) template(t *wikitext.Template) {
	e, known := c.v.Lookup(t.Name)
	if !known {
		rd := c.renderer()
		for _, prm := range t.Params {
			rd.inline(prm.Value) // collect links and notes
		}
		raw := c.src[t.Pos():t.End()]
		c.units = append(c.units, unit{kind: uTemplate, span: span(t), tmpl: t.Name, c: rd.content(raw, raw)})
		return
	}
	u := unit{kind: uMarker, span: span(t), tmpl: t.Name, entry: e, cue: e.Cue}
	if e.Role == RoleLayout || e.Role == RoleImage {
		u.kind = uLayout
	}
	c.markerArgs(&u, t)
	c.units = append(c.units, u)
}

// markerArgs reads the arguments a marker's role needs: the skill header,
// the labels, the FAQ entry, the row, the box title or content, the
// update's version.
func (c *cutter) markerArgs(u *unit, t *wikitext.Template) {
	e := u.entry
	rd := c.renderer()
	switch e.Role {
	case RoleSkill:
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
		if lbl := get(4, "labels"); lbl != "" {
			h.Labels = splitLabels(lbl)
		}
		u.set().skill = h
	case RoleSkillLabel:
		_, pl := rd.renderParam(t.Positional(1))
		u.set().labels = splitLabels(pl)
		if e := c.v.labelsCue(u.args.labels); e != 0 {
			u.cue = e // N5 moved the null flag of a state to skill-label
		}
	case RoleFAQ:
		u.set().faq = c.faqbox(rd, t)
	case RoleTableRow:
		rv := rowFields(rd, t, e)
		u.set().row = &rv
		m, pl := rowText(rv)
		u.c = rd.content("\n"+m+"\n", pl)
		return
	case RoleBoxStart:
		if e.TitleParam > 0 {
			_, u.set().title = rd.renderParam(t.Positional(e.TitleParam))
		}
		if e.ContentParam > 0 {
			if p := t.Positional(e.ContentParam); p != nil {
				u.selfContained = true
				md, pl := rd.inline(p.Value)
				u.c = rd.content(md, pl)
				return
			}
		}
	case RoleUpdateStart:
		u.set().version = updateVersion(c.src, c.v, t)
	case RoleLayout, RoleImage:
		u.cue = c.v.templateCue(t, c.src)
	}
	u.c = rd.content("", "")
}

// faqbox reads {{faqbox | type = | title = | version = | q = | a = |
// related = }} (parameter names in either case of their first letter).
// related is the links of its value, else its comma-separated titles.
func (c *cutter) faqbox(rd *renderer, t *wikitext.Template) *faqUnit {
	param := func(name string) *wikitext.Param {
		if prm := t.Param(name); prm != nil {
			return prm
		}
		return t.Param(strings.ToUpper(name[:1]) + name[1:])
	}
	f := &faqUnit{}
	_, f.typ = rd.renderParam(param("type"))
	_, f.title = rd.renderParam(param("title"))
	_, f.version = rd.renderParam(param("version"))
	qmd, qpl := rd.renderParam(param("q"))
	amd, apl := rd.renderParam(param("a"))
	f.q, f.a = content{md: qmd, plain: qpl}, content{md: amd, plain: apl}
	relRd := c.renderer()
	_, relPlain := relRd.renderParam(param("related"))
	f.related = relRd.links
	if len(f.related) == 0 {
		for _, s := range strings.Split(relPlain, ",") {
			if s = PageTitle(s); s != "" {
				f.related = append(f.related, s)
			}
		}
	}
	return f
}

// boundary reports whether a template cuts the text around it: every
// vocabulary template except the inline ones (seefaq, highlights), inline
// edition markers and unknown templates only when they stand alone on
// their line.
func (c *cutter) boundary(t *wikitext.Template, prev wikitext.Node) bool {
	e, known := c.v.Lookup(t.Name)
	if known {
		switch e.Role {
		case RoleSeeFAQ, RoleHighlight, RoleHighlightEnd:
			return false
		case RoleEditionStart, RoleEditionEnd:
			if e.Inline {
				return c.standalone(t, prev)
			}
		}
		return true
	}
	return c.standalone(t, prev)
}

// standalone reports whether the template stands alone on its line: only
// white space, or a boundary template (prev, its sibling before it),
// before it on the line, and only white space or another template after.
func (c *cutter) standalone(t *wikitext.Template, prev wikitext.Node) bool {
	i := t.Pos() - 1
	for i >= 0 && (c.src[i] == ' ' || c.src[i] == '\t') {
		i--
	}
	if i >= 0 && c.src[i] != '\n' {
		pt, ok := prev.(*wikitext.Template)
		if !ok || pt.End() != i+1 || !c.boundary(pt, nil) {
			return false
		}
	}
	j := t.End()
	for j < len(c.src) && (c.src[j] == ' ' || c.src[j] == '\t') {
		j++
	}
	return j >= len(c.src) || c.src[j] == '\n' || c.src[j] == '\r' || c.src[j] == '{'
}

// item adds a list item. A boundary template inside the item ends it: the
// template becomes a marker and what follows it is read as running text
// (wiki editors write "* text {{c1end}}").
func (c *cutter) item(li *wikitext.ListItem) {
	cut := len(li.Nodes)
	for i, n := range li.Nodes {
		t, ok := n.(*wikitext.Template)
		if !ok {
			continue
		}
		if e, known := c.v.Lookup(t.Name); known && e.Inline {
			continue // {{n4inline}} … {{n4inline-end}} inside an item scopes text
		}
		var prev wikitext.Node
		if i > 0 {
			prev = li.Nodes[i-1]
		}
		if c.boundary(t, prev) {
			cut = i
			break
		}
	}
	nodes := li.Nodes[:cut]
	end := li.End()
	if cut < len(li.Nodes) {
		end = li.Nodes[cut].Pos()
	}
	s := trimSpan(c.src, wikirules.Span{Start: li.Pos(), End: end})
	c.units = append(c.units, unit{kind: uItem, span: s, c: c.contentOf(nodes), depth: li.Depth, prefix: li.Prefix})
	if cut < len(li.Nodes) {
		c.nodes(li.Nodes[cut:])
	}
}

// flush cuts the pending run of inline nodes into paragraphs at blank lines.
func (c *cutter) flush() {
	run := coalesceText(c.run)
	c.run = nil
	var cur []wikitext.Node
	for _, n := range run {
		t, ok := n.(*wikitext.Text)
		if !ok {
			cur = append(cur, n)
			continue
		}
		start := t.Start
		for _, br := range paragraphBreaks(c.src, t.Start, t.Stop) {
			if br.Start > start {
				cur = append(cur, &wikitext.Text{Span: wikitext.Span{Start: start, Stop: br.Start}})
			}
			c.paragraph(cur)
			cur = nil
			start = br.End
		}
		if t.Stop > start {
			cur = append(cur, &wikitext.Text{Span: wikitext.Span{Start: start, Stop: t.Stop}})
		}
	}
	c.paragraph(cur)
}

// coalesceText joins adjacent Text nodes into one, so that a blank line
// split over several Text nodes is still seen as one paragraph break.
func coalesceText(ns []wikitext.Node) []wikitext.Node {
	out := make([]wikitext.Node, 0, len(ns))
	for _, n := range ns {
		t, ok := n.(*wikitext.Text)
		if ok && len(out) > 0 {
			if prev, ok := out[len(out)-1].(*wikitext.Text); ok && prev.Stop == t.Start {
				out[len(out)-1] = &wikitext.Text{Span: wikitext.Span{Start: prev.Start, Stop: t.Stop}}
				continue
			}
		}
		out = append(out, n)
	}
	return out
}

// paragraphBreaks returns the white-space regions of src[start:stop] that
// hold two or more line breaks (a blank line: MediaWiki's paragraph break).
func paragraphBreaks(src string, start, stop int) []wikirules.Span {
	var out []wikirules.Span
	for i := start; i < stop; i++ {
		if src[i] != '\n' {
			continue
		}
		j, nl := i, 0
		for j < stop && isSpace(src[j]) {
			if src[j] == '\n' {
				nl++
			}
			j++
		}
		if nl >= 2 {
			out = append(out, wikirules.Span{Start: i, End: j})
		}
		i = j
	}
	return out
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// paragraph adds a paragraph unit for nodes, trimmed; white space and
// comments alone are layout.
func (c *cutter) paragraph(ns []wikitext.Node) {
	if len(ns) == 0 {
		return
	}
	s := trimSpan(c.src, wikirules.Span{Start: ns[0].Pos(), End: ns[len(ns)-1].End()})
	if s.Len() == 0 {
		return
	}
	has := false
	for _, n := range ns {
		switch n := n.(type) {
		case *wikitext.Comment, *wikitext.Ignored:
		case *wikitext.Text:
			if strings.TrimSpace(c.src[n.Start:n.Stop]) != "" {
				has = true
			}
		default:
			has = true
		}
	}
	if !has || strings.TrimSpace(c.src[s.Start:s.End]) == "|}" {
		c.units = append(c.units, unit{kind: uLayout, span: s})
		return
	}
	c.units = append(c.units, unit{kind: uPara, span: s, c: c.contentOf(ns)})
}

// countUnknown counts every template outside the vocabulary, wherever it
// stands, by its normalised name.
func (c *cutter) countUnknown(doc *wikitext.Document) {
	wikitext.Inspect(doc, func(n wikitext.Node) bool {
		if t, ok := n.(*wikitext.Template); ok {
			if _, known := c.v.Lookup(t.Name); !known {
				if c.unknown == nil {
					c.unknown = map[string]int{}
				}
				c.unknown[t.Key()]++
			}
		}
		return true
	})
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

func span(n wikitext.Node) wikirules.Span { return wikirules.Span{Start: n.Pos(), End: n.End()} }

// trimSpan shrinks s to exclude leading and trailing white space.
func trimSpan(src string, s wikirules.Span) wikirules.Span {
	for s.Start < s.End && isSpace(src[s.Start]) {
		s.Start++
	}
	for s.End > s.Start && isSpace(src[s.End-1]) {
		s.End--
	}
	return s
}

// rowFields reads the cells of a table row template: its positional
// parameters named by the entry's Columns (beyond them "col_N"), named
// parameters by their name.
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
