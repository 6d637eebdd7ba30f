package wikitext

import "strings"

// Node is a node of the wikitext tree. Pos and End are byte offsets into the
// parsed source: the node covers src[Pos():End()]. A node's children lie
// inside its span, in source order, and never overlap.
type Node interface {
	Pos() int
	End() int
	// Children returns the child nodes in source order (nil for leaves).
	Children() []Node
}

// Span is a half-open byte range [Start, Stop) of the source.
type Span struct{ Start, Stop int }

// Pos returns the first byte offset.
func (s Span) Pos() int { return s.Start }

// End returns the offset just past the last byte.
func (s Span) End() int { return s.Stop }

// Text is literal text. Its value is src[Start:Stop].
type Text struct{ Span }

// Template is a transclusion {{name|param|…}}. Name is the target with
// comments removed and surrounding whitespace trimmed, after any
// transclusion modifiers ("safesubst:", "msgnw:", "msg:", "raw:"), which
// are kept lower-cased in Modifier ("" when none). A name built by a
// template or argument ({{{{{x}}}}}) is its raw source. NameSpan covers the
// name in the source. Key returns the normalised name used for lookups.
// Params are in source order.
type Template struct {
	Span
	Name     string
	Modifier string
	NameSpan Span
	Params   []*Param
}

// Param is one part of a template or parser function call after a
// top-level "|". Named parameters (the part holds a top-level "=") have
// Name set to the key as MediaWiki expands it (comments removed, {{!}}
// and {{=}} as "|" and "=", links, tags and templates as their source,
// then trimmed) and Named true; positional ones have Index
// (1-based, counting positional parts only) and Name "" (docs/DESIGN.md rule 4).
// ValueSpan covers the value (trimmed for named parameters, verbatim for
// positional ones). Value holds the parsed value, in the same shape as
// Document.Nodes.
type Param struct {
	Span
	Name      string
	Named     bool
	Index     int
	NameSpan  Span
	ValueSpan Span
	Value     []Node
}

// ParserFunction is {{#name:arg|arg…}} (e.g. #if, #switch) or a core
// function called without "#" ({{lc:…}}, {{PAGENAME:Foo}}; see magic.go).
// Name is as written, "#" included and ":" excluded; the text after the
// ":" is Args[0].
type ParserFunction struct {
	Span
	Name string
	Args []*Param
}

// MagicWord is a core MediaWiki variable written in braces ({{!}}, {{=}},
// {{PAGENAME}}, {{REVISIONUSER}} …), which expands to punctuation or a
// value and is never a separator nor a template, or a behaviour switch in
// the text (__NOTOC__ …). Name is as written: "!", "PAGENAME",
// "__NOTOC__" (see magic.go for the list and where it comes from).
type MagicWord struct {
	Span
	Name string
}

// Argument is a template argument reference {{{name|default}}}. Default
// is the first part after the name, verbatim; MediaWiki ignores the parts
// after it ({{{a|b|c}}} defaults to "b"), so they are not in the tree.
type Argument struct {
	Span
	Name    []Node
	Default []Node // nil when there is no "|"
}

// Link is an internal wikilink [[Target|Label]]. Target is trimmed;
// Label is nil when there is no "|". Trail covers letters glued after "]]"
// ("[[Tropa]]s"), empty when none.
type Link struct {
	Span
	Target     string
	TargetSpan Span
	Label      []Node
	Trail      Span
}

// Comment is <!-- … -->; Closed is false when it runs to the end of input.
type Comment struct {
	Span
	Closed bool
}

// Tag is an opaque extension tag such as <nowiki>…</nowiki>, <pre>, <ref>,
// <gallery>, <math>. Nothing inside Content is parsed (docs/DESIGN.md rule 3).
// Name is lower case.
type Tag struct {
	Span
	Name    string
	Attrs   string
	Content Span
	Closed  bool
}

// Ignored is source that a page view drops (MediaWiki's "ignore" node):
// the <noinclude>, </noinclude>, <onlyinclude> and </onlyinclude> tags
// themselves (their content is parsed as usual), and an
// <includeonly>…</includeonly> element with its content, which is not
// parsed. Name is the lower-case tag name, with "/" for a closing tag;
// Closed is false for an <includeonly> that runs to the end of the input.
type Ignored struct {
	Span
	Name   string
	Closed bool
}

// Style is the emphasis of a Format node.
type Style uint8

// Emphasis styles written with apostrophes.
const (
	Italic     Style = 1 // ''…''
	Bold       Style = 2 // '''…'''
	BoldItalic Style = 3 // '''''…'''''
)

// Format is bold and/or italic text. It ends at its closing quotes or at
// the end of the line.
type Format struct {
	Span
	Style Style
	Nodes []Node
}

// Heading is a line "== title ==". Level is the number of "=" (1–6). Nodes
// hold the title's content.
type Heading struct {
	Span
	Level int
	Nodes []Node
}

// ListItem is one line of a bullet ("*"), numbered ("#") or definition
// (";", ":") list. Prefix is the run of list characters, Depth its length.
// Nodes hold the item's content up to the end of the line (the newline is
// not part of the item).
type ListItem struct {
	Span
	Prefix string
	Depth  int
	Nodes  []Node
}

// Table is a table, opened either by "{|" at the start of a line or by a
// template standing alone on a line that is later closed by a bare "|}"
// (such as {{weapon}} … |}). Open is the opening node (a *Text for "{|" or
// the *Template); Nodes are the rows between; Closed is false when no "|}"
// was found.
type Table struct {
	Span
	Open   Node
	Nodes  []Node
	Closed bool
}

// Children implementations.

func (*Text) Children() []Node      { return nil }
func (*Comment) Children() []Node   { return nil }
func (*Tag) Children() []Node       { return nil }
func (*Ignored) Children() []Node   { return nil }
func (*MagicWord) Children() []Node { return nil }

func (t *Template) Children() []Node {
	out := make([]Node, 0, len(t.Params))
	for _, p := range t.Params {
		out = append(out, p)
	}
	return out
}

func (f *ParserFunction) Children() []Node {
	out := make([]Node, 0, len(f.Args))
	for _, p := range f.Args {
		out = append(out, p)
	}
	return out
}

func (p *Param) Children() []Node { return p.Value }

func (a *Argument) Children() []Node {
	out := append([]Node{}, a.Name...)
	return append(out, a.Default...)
}

func (l *Link) Children() []Node    { return l.Label }
func (f *Format) Children() []Node  { return f.Nodes }
func (h *Heading) Children() []Node { return h.Nodes }
func (l *ListItem) Children() []Node {
	return l.Nodes
}

func (t *Table) Children() []Node {
	out := []Node{}
	if t.Open != nil {
		out = append(out, t.Open)
	}
	return append(out, t.Nodes...)
}

// Diagnostic is a problem found while parsing: the input still parsed, but
// something was malformed (an unclosed template, a nesting limit reached…).
// Pos and End are byte offsets.
type Diagnostic struct {
	Pos, End int
	Msg      string
}

// Document is a parsed revision. Nodes is the top-level sequence: block
// nodes (*Heading, *ListItem, *Table) and inline nodes (*Text, *Template,
// *Link, *Comment, *Tag, *Format, …) in source order. Diagnostics are sorted
// by position.
type Document struct {
	Src         string
	Nodes       []Node
	Diagnostics []Diagnostic
}

// Pos returns 0.
func (d *Document) Pos() int { return 0 }

// End returns len(Src).
func (d *Document) End() int { return len(d.Src) }

// Children returns the top-level nodes.
func (d *Document) Children() []Node { return d.Nodes }

// Inspect walks the tree depth-first in source order, calling f for n and
// then for its children while f returns true.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	for _, c := range n.Children() {
		Inspect(c, f)
	}
}

// Key returns the template's name normalised for lookups (rule 8 of
// docs/DESIGN.md): see NormalizeName. A fragment ("Foo#bar") is dropped, as
// MediaWiki transcludes the page Foo.
func (t *Template) Key() string {
	name := t.Name
	if h := strings.IndexByte(name, '#'); h > 0 && strings.IndexByte(name[:h], '{') < 0 {
		name = name[:h]
	}
	return NormalizeName(name)
}

// NormalizeName normalises a template or page name for lookups: "_" becomes
// a space, runs of whitespace collapse to one space, surrounding space is
// trimmed and the whole name is lower-cased, so "Remember_End",
// "remember end" and " Remember  end " are one key. (MediaWiki itself only
// folds the first letter; the wiki's vocabulary is matched case-blind.)
func NormalizeName(s string) string {
	s = strings.ReplaceAll(s, "_", " ")
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// Param returns the parameter named name (case-sensitive, as MediaWiki),
// or nil.
func (t *Template) Param(name string) *Param {
	for i := len(t.Params) - 1; i >= 0; i-- { // the last definition wins
		if p := t.Params[i]; p.Named && p.Name == name {
			return p
		}
	}
	return nil
}

// Positional returns the i-th positional parameter (1-based), honouring an
// explicit "1=" that overrides it, or nil.
func (t *Template) Positional(i int) *Param {
	var found *Param
	for _, p := range t.Params {
		if (!p.Named && p.Index == i) || (p.Named && p.Name == itoa(i)) {
			found = p
		}
	}
	return found
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b [20]byte
	n := len(b)
	for i > 0 {
		n--
		b[n] = byte('0' + i%10)
		i /= 10
	}
	return string(b[n:])
}

// ValueText returns the parameter's value source text: src[ValueSpan].
func (p *Param) ValueText(src string) string { return src[p.ValueSpan.Start:p.ValueSpan.Stop] }
