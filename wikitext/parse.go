package wikitext

import (
	"sort"
	"strings"
)

// MaxDepth is the deepest nesting of templates, template arguments, links
// and tables that Parse builds (MediaWiki bounds expansion depth at 100).
// An opening run found deeper is left as text and reported once per
// excursion past the limit.
const MaxDepth = 100

// Parse parses MediaWiki wikitext into a tree. It never fails: malformed
// constructs are left as text and reported in Document.Diagnostics, sorted
// by position. Every node carries its byte span in src; the top-level nodes
// tile src in order. Time is linear in len(src).
//
// Parsing runs in two passes, as MediaWiki's own parser does. The first
// pass (the preprocessor, docs/DESIGN.md rules 1–6 and 10) finds comments,
// extension tags, brace constructs ({{…}}, {{{…}}}) and [[…]] links with a
// stack of open pieces; a piece left open at the end of input becomes text
// and keeps what was parsed inside it. The second pass (rule 7) splits the
// source left between those nodes into lines and builds headings, list
// items, tables and bold/italic runs, both for the page and for every
// template parameter value.
func Parse(src string) *Document {
	p := &parser{src: src, gtPos: -1}
	p.preprocess()
	nodes := p.block(0, len(src), p.buf, true)
	sort.SliceStable(p.diags, func(i, j int) bool {
		a, b := p.diags[i], p.diags[j]
		if a.Pos != b.Pos {
			return a.Pos < b.Pos
		}
		return a.End < b.End
	})
	return &Document{Src: src, Nodes: nodes, Diagnostics: p.diags}
}

type frameKind uint8

const (
	kindBrace   frameKind = iota + 1 // {{ … }} or {{{ … }}}
	kindLink                         // [[ … ]]
	kindHeading                      // a line starting with "=" inside a piece
)

// frame is an open piece of the preprocessor stack (MediaWiki's PPDStackElement).
type frame struct {
	kind  frameKind
	start int // offset of the opening run
	count int // opening characters not yet matched
	part0 int // index in parser.parts of the frame's first part
	node0 int // index in parser.buf of the first node inside the frame
	pipe  int // links: offset of the first "|", -1 when none
}

// part is one "|"-separated part of a brace frame.
type part struct {
	pos    int // offset where the part's text begins
	node   int // index in parser.buf of the part's first node
	eq     int // offset of the first top-level "=", -1 when none
	eqNode int // index in parser.buf of the first node after eq
}

type parser struct {
	src   string
	buf   []Node  // finished nodes of the open frames, innermost last
	stack []frame // open pieces
	parts []part  // parts of the open brace frames
	depth int     // brace and link frames on the stack
	diags []Diagnostic

	deepReported bool  // a MaxDepth diagnostic was given for this excursion
	gtPos        int   // cached offset of the next ">" (len(src) when none)
	noClose      []int // extension tags known to have no closing tag later

	texts     slab[Text]
	templates slab[Template]
	params    slab[Param]
	links     slab[Link]
	items     slab[ListItem]
	nodeSlab  []Node
	em        emitter // reused by the inline pass
}

// slab hands out values of T from chunks, so that the many small nodes of
// a document cost few allocations.
type slab[T any] struct {
	buf   []T
	chunk int // size of the last chunk: chunks grow from 8 to 256
}

func (s *slab[T]) new() *T {
	if len(s.buf) == 0 {
		s.chunk = min(max(8, 2*s.chunk), 256)
		s.buf = make([]T, s.chunk)
	}
	t := &s.buf[0]
	s.buf = s.buf[1:]
	return t
}

// nodeList returns an empty slice with capacity n, cut from a shared chunk.
func (p *parser) nodeList(n int) []Node {
	if n > 512 {
		return make([]Node, 0, n)
	}
	l := len(p.nodeSlab)
	if cap(p.nodeSlab)-l < n {
		// Chunks grow with use, from a size fitting small documents.
		size := min(max(2*cap(p.nodeSlab), len(p.src)/64, 64), 8192)
		p.nodeSlab = make([]Node, 0, max(size, n))
		l = 0
	}
	p.nodeSlab = p.nodeSlab[:l+n]
	return p.nodeSlab[l : l : l+n]
}

func (p *parser) diag(pos, end int, msg string) {
	p.diags = append(p.diags, Diagnostic{Pos: pos, End: end, Msg: msg})
}

func (p *parser) text(s, e int) *Text {
	t := p.texts.new()
	t.Span = Span{s, e}
	return t
}

// Characters that stop the preprocessor's scan, per kind of innermost frame
// (as MediaWiki's search strings: a closing character is only looked for
// when it can close the top piece).
var stopRoot, stopBrace, stopLink, stopHeading [256]bool

func init() {
	for _, c := range "<{[" {
		stopRoot[c], stopBrace[c], stopLink[c], stopHeading[c] = true, true, true, true
	}
	for _, c := range "}|=\n" {
		stopBrace[c] = true
	}
	for _, c := range "]|\n" {
		stopLink[c] = true
	}
	stopHeading['\n'] = true
}

// preprocess runs the first pass, leaving the top-level finished nodes in p.buf.
func (p *parser) preprocess() {
	src := p.src
	n := len(src)
	i := 0
	for i < n {
		stop := &stopRoot
		var top *frame
		if len(p.stack) > 0 {
			top = &p.stack[len(p.stack)-1]
			switch top.kind {
			case kindBrace:
				stop = &stopBrace
			case kindLink:
				stop = &stopLink
			default:
				stop = &stopHeading
			}
		}
		for i < n && !stop[src[i]] {
			i++
		}
		if i >= n {
			break
		}
		switch src[i] {
		case '<':
			i = p.angle(i)
		case '\n':
			i = p.newline(i)
		case '{':
			i = p.open(i, kindBrace)
		case '[':
			i = p.open(i, kindLink)
		case '}':
			i = p.closeBrace(i)
		case ']':
			i = p.closeLink(i)
		case '|':
			if top.kind == kindBrace {
				p.parts = append(p.parts, part{pos: i + 1, node: len(p.buf), eq: -1})
			} else if top.pipe < 0 {
				top.pipe = i
			}
			i++
		case '=':
			if pt := &p.parts[len(p.parts)-1]; len(p.parts)-1 > top.part0 && pt.eq < 0 {
				pt.eq, pt.eqNode = i, len(p.buf)
			}
			i++
		}
	}
	for len(p.stack) > 0 {
		f := p.pop()
		switch f.kind {
		case kindBrace:
			p.diag(f.start, f.start+f.count, "unclosed "+strings.Repeat("{", f.count)+" left as text")
		case kindLink:
			p.diag(f.start, f.start+f.count, "unclosed [[ left as text")
		}
	}
}

// pop removes the top frame; its nodes stay in p.buf and now belong to the
// frame below (this is how a piece left open becomes text, rule 6).
func (p *parser) pop() frame {
	f := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	if f.kind == kindBrace {
		p.parts = p.parts[:f.part0]
	}
	if f.kind != kindHeading {
		p.depth--
		if p.depth < MaxDepth {
			p.deepReported = false
		}
	}
	return f
}

func (p *parser) push(f frame) {
	f.part0, f.pipe = len(p.parts), -1
	if f.kind == kindBrace {
		p.parts = append(p.parts, part{pos: f.start + f.count, node: f.node0, eq: -1})
	}
	if f.kind != kindHeading {
		p.depth++
	}
	p.stack = append(p.stack, f)
}

// newline ends a heading frame and, at the start of a line inside a piece,
// opens one when the line starts with "=" (MediaWiki: such a line cannot
// hold the "|", "=" or closing braces of the piece around it). A single
// "=" where a parameter name may end is left to the "=" handler instead.
func (p *parser) newline(i int) int {
	if len(p.stack) > 0 && p.stack[len(p.stack)-1].kind == kindHeading {
		p.pop()
	}
	if len(p.stack) == 0 || i+1 >= len(p.src) || p.src[i+1] != '=' {
		return i + 1
	}
	top := &p.stack[len(p.stack)-1]
	count := 0
	for i+1+count < len(p.src) && p.src[i+1+count] == '=' && count < 6 {
		count++
	}
	findEquals := top.kind == kindBrace && len(p.parts)-1 > top.part0 && p.parts[len(p.parts)-1].eq < 0
	if count == 1 && findEquals {
		return i + 1
	}
	p.push(frame{kind: kindHeading, start: i + 1, node0: len(p.buf)})
	return i + 1
}

// open handles a run of "{" or "[" at i: two or more open a piece (rule 1).
func (p *parser) open(i int, kind frameKind) int {
	c := p.src[i]
	count := 1
	for i+count < len(p.src) && p.src[i+count] == c {
		count++
	}
	if count < 2 {
		return i + count
	}
	if p.depth >= MaxDepth {
		if !p.deepReported {
			p.deepReported = true
			p.diag(i, i+count, "nesting deeper than MaxDepth: left as text")
		}
		return i + count
	}
	p.push(frame{kind: kind, start: i, count: count, node0: len(p.buf)})
	return i + count
}

// closeBrace handles a run of "}" closing the top brace frame (rule 1):
// it matches min(run, open) characters, three at most ({{{arg}}}), and
// the open characters left over either stay a piece (two or more) or
// become text.
func (p *parser) closeBrace(i int) int {
	src := p.src
	top := p.stack[len(p.stack)-1]
	cnt := 0
	for i+cnt < len(src) && src[i+cnt] == '}' && cnt < top.count {
		cnt++
	}
	if cnt < 2 {
		return i + cnt
	}
	m := min(cnt, 3)
	elemStart := top.start + top.count - m
	var node Node
	if m == 3 {
		node = p.argument(top, elemStart, i)
	} else {
		node = p.template(top, elemStart, i)
	}
	p.pop()
	if node != nil {
		p.buf = p.buf[:top.node0]
	}
	if rem := top.count - m; rem >= 2 {
		p.push(frame{kind: kindBrace, start: top.start, count: rem, node0: top.node0})
	}
	if node != nil {
		p.buf = append(p.buf, node)
	}
	return i + m
}

// closeLink handles "]]" closing the top link frame (rule 2). An invalid
// target leaves the brackets as text; either way the "|" and "}}" inside
// belonged to the link, not to the piece around it.
func (p *parser) closeLink(i int) int {
	src := p.src
	top := p.stack[len(p.stack)-1]
	cnt := 0
	for i+cnt < len(src) && src[i+cnt] == ']' && cnt < top.count {
		cnt++
	}
	if cnt < 2 {
		return i + cnt
	}
	elemStart := top.start + top.count - 2
	node, end := p.link(top, elemStart, i)
	p.pop()
	if node != nil {
		p.buf = p.buf[:top.node0]
	}
	if rem := top.count - 2; rem >= 2 {
		p.push(frame{kind: kindLink, start: top.start, count: rem, node0: top.node0})
	}
	if node != nil {
		p.buf = append(p.buf, node)
	}
	return end
}
