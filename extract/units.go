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
	uMarker   unitKind = iota // a vocabulary template standing as structure ({{effects}}, {{c1}}, {{faqbox}}…)
	uUnknown                  // an unknown template standing alone on its line
	uHeading                  // == title ==
	uItem                     // one list item (bullet, numbered, definition)
	uPara                     // a paragraph: inline content up to a blank line or a boundary
	uTable                    // a table ({| … |} or {{weapon}} … |})
	uLayout                   // category links, file links, comment-only runs
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
	c := &cutter{src: doc.Src, v: v}
	c.nodes(doc.Nodes)
	c.flush()
	return c.units
}

func (c *cutter) nodes(ns []wikitext.Node) {
	for _, n := range ns {
		switch n := n.(type) {
		case *wikitext.Heading:
			c.flush()
			c.units = append(c.units, unit{kind: uHeading, span: span(n), nodes: n.Nodes, level: n.Level})
		case *wikitext.ListItem:
			c.flush()
			c.item(n)
		case *wikitext.Table:
			c.flush()
			c.units = append(c.units, unit{kind: uTable, span: span(n), table: n})
		case *wikitext.Template:
			if c.boundary(n) {
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
func (c *cutter) boundary(t *wikitext.Template) bool {
	e, known := c.v.Lookup(t.Name)
	if known {
		switch e.Role {
		case RoleSeeFAQ, RoleHighlight:
			return false
		case RoleEditionStart, RoleEditionEnd:
			if e.Inline {
				return c.standalone(t)
			}
		case RoleBoxStart:
			if e.ContentParam > 0 && t.Positional(e.ContentParam) != nil {
				return true
			}
		}
		return true
	}
	return c.standalone(t)
}

// standalone reports whether only white space (or other templates) stands
// between the template and the line breaks around it.
func (c *cutter) standalone(t *wikitext.Template) bool {
	i := t.Pos() - 1
	for i >= 0 && (c.src[i] == ' ' || c.src[i] == '\t') {
		i--
	}
	if i >= 0 && c.src[i] != '\n' && c.src[i] != '}' {
		return false
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
		if t, ok := n.(*wikitext.Template); ok && c.boundary(t) {
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
	run := c.run
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
		case *wikitext.Comment:
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
