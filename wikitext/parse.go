package wikitext

import (
	"sort"
	"strings"
)

// MaxDepth is the deepest nesting of templates, template arguments, links
// and tables that Parse builds (MediaWiki bounds expansion depth at 100).
// A piece that would lie deeper is left as text and reported once per
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
	doc, _ := parse(src)
	return doc
}

// parse is Parse, also returning the work counted (parser.work).
func parse(src string) (*Document, int) {
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
	return &Document{Src: src, Nodes: nodes, Diagnostics: p.diags}, p.work
}

type frameKind uint8

const (
	kindBrace   frameKind = iota + 1 // {{ … }} or {{{ … }}}
	kindLink                         // [[ … ]]
	kindLang                         // -{ … }- (language conversion)
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
	// inner is the deepest nesting of constructs among the nodes inside
	// the frame (0 for text, comments and tags; 1 for {{a}}; 2 for
	// {{a|{{b}}}} or {{{{{x}}}}}, where the run closes twice).
	inner int
	// dash marks a brace run written "-{{…": once a single "{" is left
	// unmatched, it and the "-" become a "-{" piece (MediaWiki's
	// savedPrefix).
	dash bool
}

// part is one "|"-separated part of a brace or language-conversion frame.
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
	// depth bounds the nesting of what is being built: the sum, over the
	// frames on the stack, of 1 (0 for a heading) and the frame's inner.
	// It never grows when a piece closes, so no node nests deeper than
	// MaxDepth constructs.
	depth int
	// tables is the deepest table nesting the line pass built since it
	// was last reset (a template's table-holding parameters nest deeper).
	tables int
	diags  []Diagnostic

	deepReported bool  // a MaxDepth diagnostic was given for this excursion
	gtPos        int   // cached offset of the next ">" (len(src) when none)
	noClose      []int // extension tags known to have no closing tag later
	noIncludeEnd bool  // no "</includeonly>" follows
	// [runFrom, runStop) is the last run of "}" or "]" measured, so that a
	// long run closing many pieces is measured once (MediaWiki recounts
	// it at every close, which is quadratic).
	runFrom, runStop int
	// work counts the source bytes the scans examine; tests check that it
	// grows linearly with the input.
	work int

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
// when it can close the top piece; "-" may open "-{").
var stopRoot, stopBrace, stopLink, stopLang, stopHeading [256]bool

func init() {
	for _, c := range "<{[-" {
		stopRoot[c], stopBrace[c], stopLink[c], stopLang[c], stopHeading[c] = true, true, true, true, true
	}
	for _, c := range "}|=\n" {
		stopBrace[c], stopLang[c] = true, true
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
			case kindLang:
				stop = &stopLang
			default:
				stop = &stopHeading
			}
		}
		j := i
		for j < n && !stop[src[j]] {
			j++
		}
		p.work += j - i
		if i = j; i >= n {
			break
		}
		switch src[i] {
		case '<':
			i = p.angle(i)
		case '\n':
			i = p.newline(i)
		case '{':
			i = p.open(i, kindBrace, false)
		case '[':
			i = p.open(i, kindLink, false)
		case '-':
			i = p.dash(i)
		case '}':
			if top.kind != kindLang {
				i = p.closeBrace(i)
			} else if i+1 < n && src[i+1] == '-' {
				p.popText() // "-{ … }-" stays text, with what was parsed inside
				i += 2
			} else {
				i++
			}
		case ']':
			i = p.closeLink(i)
		case '|':
			if top.kind != kindLink {
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
		f := p.popText()
		switch f.kind {
		case kindBrace:
			p.diag(f.start, f.start+f.count, "unclosed "+strings.Repeat("{", f.count)+" left as text")
		case kindLink:
			p.diag(f.start, f.start+f.count, "unclosed [[ left as text")
		case kindLang:
			p.diag(f.start, f.start+2, "unclosed -{ left as text")
		}
	}
}

// hasParts reports whether frames of kind k split into "|" parts.
func hasParts(k frameKind) bool { return k == kindBrace || k == kindLang }

// pop removes the top frame; its nodes stay in p.buf and now belong to the
// frame below (this is how a piece left open becomes text, rule 6). The
// caller records how deep they nest there (nest, popText).
func (p *parser) pop() frame {
	f := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	if hasParts(f.kind) {
		p.parts = p.parts[:f.part0]
	}
	p.depth -= f.base() + f.inner
	if p.depth < MaxDepth {
		p.deepReported = false
	}
	return f
}

// base is what a frame adds to parser.depth besides its inner nesting.
func (f *frame) base() int {
	if f.kind == kindHeading {
		return 0
	}
	return 1
}

func (p *parser) push(f frame) {
	f.part0, f.pipe = len(p.parts), -1
	if hasParts(f.kind) {
		p.parts = append(p.parts, part{pos: f.start + f.count, node: f.node0, eq: -1})
	}
	p.depth += f.base() + f.inner
	p.stack = append(p.stack, f)
}

// nest records that nodes nesting level constructs deep now lie in the top
// frame.
func (p *parser) nest(level int) {
	if len(p.stack) == 0 {
		return
	}
	if t := &p.stack[len(p.stack)-1]; level > t.inner {
		p.depth += level - t.inner
		t.inner = level
	}
}

// popText pops the top frame, whose content stays text.
func (p *parser) popText() frame {
	f := p.pop()
	p.nest(f.inner)
	return f
}

// deep reports a piece left as text for lying deeper than MaxDepth, once
// per excursion past the limit.
func (p *parser) deep(s, e int) {
	if !p.deepReported {
		p.deepReported = true
		p.diag(s, e, "nesting deeper than MaxDepth: left as text")
	}
}

// newline ends a heading frame and, at the start of a line inside a piece,
// opens one when the line starts with "=" (MediaWiki: such a line cannot
// hold the "|", "=" or closing braces of the piece around it). A single
// "=" where a parameter name may end is left to the "=" handler instead.
func (p *parser) newline(i int) int {
	if len(p.stack) > 0 && p.stack[len(p.stack)-1].kind == kindHeading {
		p.popText()
	}
	if len(p.stack) == 0 || i+1 >= len(p.src) || p.src[i+1] != '=' {
		return i + 1
	}
	top := &p.stack[len(p.stack)-1]
	count := 0
	for i+1+count < len(p.src) && p.src[i+1+count] == '=' && count < 6 {
		count++
	}
	findEquals := hasParts(top.kind) && len(p.parts)-1 > top.part0 && p.parts[len(p.parts)-1].eq < 0
	if count == 1 && findEquals {
		return i + 1
	}
	p.push(frame{kind: kindHeading, start: i + 1, node0: len(p.buf)})
	return i + 1
}

// open handles a run of "{" or "[" at i: two or more open a piece (rule 1).
// dash tells that a "-" precedes the run ("-{{").
func (p *parser) open(i int, kind frameKind, dash bool) int {
	c := p.src[i]
	count := 1
	for i+count < len(p.src) && p.src[i+count] == c {
		count++
	}
	p.work += count
	if count < 2 {
		return i + count
	}
	if p.depth >= MaxDepth {
		p.deep(i, i+count)
		return i + count
	}
	p.push(frame{kind: kind, start: i, count: count, node0: len(p.buf), dash: dash})
	return i + count
}

// dash handles "-" at i: "-{" opens a language-conversion piece, closed by
// "}-"; in "-{{…" the braces win and the "-" is text unless a single "{"
// is left over (MediaWiki's "rightmost wins").
func (p *parser) dash(i int) int {
	src := p.src
	if i+1 >= len(src) || src[i+1] != '{' {
		return i + 1
	}
	if i+2 < len(src) && src[i+2] == '{' {
		return p.open(i+1, kindBrace, true)
	}
	if p.depth >= MaxDepth {
		p.deep(i, i+2)
		return i + 2
	}
	p.push(frame{kind: kindLang, start: i, count: 2, node0: len(p.buf)})
	return i + 2
}

// closingRun returns the number of c at i, at most limit. A run is
// measured once, however many pieces it closes.
func (p *parser) closingRun(i int, c byte, limit int) int {
	src := p.src
	if i < p.runFrom || i >= p.runStop || src[p.runFrom] != c {
		j := i
		for j < len(src) && src[j] == c {
			j++
		}
		p.work += j - i
		p.runFrom, p.runStop = i, j
	}
	return min(p.runStop-i, limit)
}

// closeBrace handles a run of "}" closing the top brace frame (rule 1):
// it matches min(run, open) characters, three at most ({{{arg}}}), and
// the open characters left over either stay a piece (two or more) or
// become text.
func (p *parser) closeBrace(i int) int {
	top := p.stack[len(p.stack)-1]
	cnt := p.closingRun(i, '}', top.count)
	if cnt < 2 {
		return i + cnt
	}
	m := min(cnt, 3)
	elemStart := top.start + top.count - m
	p.tables = 0
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
	// A remainder nests one level deeper even when the braces were text, so
	// that a run closing piece after piece ("{{{{{{…}}x}}x}}x") is bounded
	// by MaxDepth, and with it the work spent on its growing names.
	p.reopen(top, m, 1+max(top.inner, p.tables))
	if node != nil {
		p.buf = append(p.buf, node)
	}
	return i + m
}

// reopen pushes what is left of frame f once m of its opening characters
// were matched: two or more stay a piece, one left of "-{{" becomes a
// "-{" piece, and the rest is text. What f held, level constructs deep,
// lies inside the new piece: past MaxDepth the piece is text.
func (p *parser) reopen(f frame, m, level int) {
	rem := f.count - m
	var g frame
	switch {
	case rem >= 2:
		g = frame{kind: f.kind, start: f.start, count: rem, dash: f.dash}
	case rem == 1 && f.dash:
		g = frame{kind: kindLang, start: f.start - 1, count: 2}
	default:
		p.nest(level)
		return
	}
	g.node0, g.inner = f.node0, level
	if p.depth+1+level > MaxDepth {
		p.deep(g.start, g.start+rem)
		p.nest(level)
		return
	}
	p.push(g)
}

// closeLink handles "]]" closing the top link frame (rule 2). An invalid
// target leaves the brackets as text; either way the "|" and "}}" inside
// belonged to the link, not to the piece around it.
func (p *parser) closeLink(i int) int {
	top := p.stack[len(p.stack)-1]
	if p.closingRun(i, ']', top.count) < 2 {
		return i + 1
	}
	elemStart := top.start + top.count - 2
	node, end := p.link(top, elemStart, i)
	p.pop()
	if node != nil {
		p.buf = p.buf[:top.node0]
	}
	p.reopen(top, 2, 1+top.inner) // deeper even for text, as in closeBrace
	if node != nil {
		p.buf = append(p.buf, node)
	}
	return end
}
