package extract

import (
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/wikitext"
)

// unitKind classifies the line-level pieces a document is cut into before
// the block pass: the extractor reads a page as a flat sequence of units.
type unitKind uint8

const (
	uMarker  unitKind = iota // a vocabulary template standing as structure ({{effects}}, {{c1}}, {{faqbox}}…)
	uUnknown                 // an unknown template standing alone on its line
	uHeading                 // == title ==
	uItem                    // one list item (bullet, numbered, definition)
	uPara                    // a paragraph: inline content up to a blank line or a boundary
	uTable                   // a table ({| … |} or {{weapon}} … |})
	uLayout                  // category links, file links, comment-only runs
)

// unit is one piece of the page. span is trimmed of surrounding white
// space; nodes hold the inline content of items, paragraphs and headings.
type unit struct {
	kind     unitKind
	span     wikirules.Span
	nodes    []wikitext.Node
	tmpl     *wikitext.Template
	entry    Entry
	depth    int
	prefix   string
	level    int
	table    *wikitext.Table
	category string
}

// cutter cuts the top-level nodes of a document into units.
type cutter struct {
	src   string
	v     *Vocabulary
	units []unit
	run   []wikitext.Node
}

func cutUnits(doc *wikitext.Document, v *Vocabulary) []unit {
	c := &cutter{src: doc.Src, v: v, units: make([]unit, 0, len(doc.Nodes))}
	c.nodes(doc.Nodes)
	c.flush()
	return c.units
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
			c.units = append(c.units, unit{kind: uHeading, span: span(n), nodes: n.Nodes, level: n.Level})
		case *wikitext.ListItem:
			c.flush()
			c.item(n)
		case *wikitext.Table:
			if _, ok := n.Open.(*wikitext.Template); ok {
				c.templateTable(n)
				continue
			}
			c.flush()
			c.units = append(c.units, unit{kind: uTable, span: span(n), table: n})
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
				c.units = append(c.units, unit{kind: uLayout, span: span(n), category: categoryName(t)})
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

// template adds a boundary template as a marker or unknown unit.
func (c *cutter) template(t *wikitext.Template) {
	e, known := c.v.Lookup(t.Name)
	k := uMarker
	if !known {
		k = uUnknown
	}
	c.units = append(c.units, unit{kind: k, span: span(t), tmpl: t, entry: e})
}

// boundary reports whether a template cuts the text around it: every
// vocabulary template except the inline ones (seefaq, highlights), inline
// edition markers and unknown templates only when they stand alone on
// their line.
func (c *cutter) boundary(t *wikitext.Template, prev wikitext.Node) bool {
	e, known := c.v.Lookup(t.Name)
	if known {
		switch e.Role {
		case RoleSeeFAQ, RoleHighlight:
			return false
		case RoleEditionStart, RoleEditionEnd:
			if e.Inline {
				return c.standalone(t, prev)
			}
		case RoleBoxStart:
			if e.ContentParam > 0 && t.Positional(e.ContentParam) != nil {
				return true
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
	content := li.Nodes[:cut]
	end := li.End()
	if cut < len(li.Nodes) {
		end = li.Nodes[cut].Pos()
	}
	s := trimSpan(c.src, wikirules.Span{Start: li.Pos(), End: end})
	c.units = append(c.units, unit{kind: uItem, span: s, nodes: content, depth: li.Depth, prefix: li.Prefix})
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
	content := false
	for _, n := range ns {
		switch n := n.(type) {
		case *wikitext.Comment, *wikitext.Ignored:
		case *wikitext.Text:
			if strings.TrimSpace(c.src[n.Start:n.Stop]) != "" {
				content = true
			}
		default:
			content = true
		}
	}
	if !content || strings.TrimSpace(c.src[s.Start:s.End]) == "|}" {
		c.units = append(c.units, unit{kind: uLayout, span: s})
		return
	}
	c.units = append(c.units, unit{kind: uPara, span: s, nodes: ns})
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
