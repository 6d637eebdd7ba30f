package wikitext

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// nameInfo describes the target of a link.
type nameInfo struct {
	text    string // comments removed, whitespace trimmed
	span    Span   // the trimmed source range
	invalid string // why this is not a valid target ("" when valid)
}

// trim returns [s, e) without the surrounding white space (PHP trim),
// never cutting into a node.
func (p *parser) trim(s, e int, nodes []Node) (int, int) {
	lim := e
	if len(nodes) > 0 {
		lim = nodes[0].Pos()
	}
	for s < lim && isTrimSpace(p.src[s]) {
		s++
	}
	lim = s
	if len(nodes) > 0 {
		lim = max(s, nodes[len(nodes)-1].End())
	}
	for e > lim && isTrimSpace(p.src[e-1]) {
		e--
	}
	return s, e
}

// linkTarget analyses src[s:e) holding nodes as the target of a link: no
// newline outside the nodes, comments and ignored tags dropped, templates
// kept as their source, and a tag or link inside, an empty target or one
// holding [ ] { } < > | make it invalid. The check stops at the first
// fault, as the range may run far over text that pieces left (MediaWiki's
// link pass only ever looks up to the next "[["). k is the index of the
// first node after the target when it is valid.
func (p *parser) linkTarget(s, e int, nodes []Node) (ni nameInfo, k int) {
	src := p.src
	pos := s
	for ; ; k++ {
		lim := e
		if k < len(nodes) && nodes[k].Pos() < e {
			lim = nodes[k].Pos()
		}
		if j := strings.IndexAny(src[pos:lim], "\n[]{}<>|"); j >= 0 {
			p.work += j + 1
			if src[pos+j] == '\n' {
				return nameInfo{invalid: "newline in link target"}, 0
			}
			return nameInfo{invalid: "invalid character in name"}, 0
		}
		p.work += lim - pos
		if lim == e {
			break
		}
		switch nodes[k].(type) {
		case *Comment, *Ignored, *Template, *Argument, *ParserFunction, *MagicWord:
		default:
			return nameInfo{invalid: "tag or link in name"}, 0
		}
		pos = nodes[k].End()
	}
	ts, te := p.trim(s, e, nodes[:k])
	ni = nameInfo{span: Span{ts, te}, text: src[ts:te]}
	for _, n := range nodes[:k] {
		if vanishes(n) { // drop the comments: rebuild the text
			var b strings.Builder
			pos := ts
			for _, n := range nodes[:k] {
				b.WriteString(src[pos:n.Pos()])
				if !vanishes(n) {
					b.WriteString(src[n.Pos():n.End()])
				}
				pos = n.End()
			}
			b.WriteString(src[pos:te])
			ni.text = strings.TrimSpace(b.String())
			break
		}
	}
	if ni.text == "" {
		ni.invalid = "empty name"
	}
	return ni, k
}

// partRange returns the end offset and nodes of part k of frame f closed at closePos.
func (p *parser) partRange(f frame, k, closePos int) (int, []Node) {
	parts := p.parts[f.part0:]
	if k+1 < len(parts) {
		return parts[k+1].pos - 1, p.buf[parts[k].node:parts[k+1].node]
	}
	return closePos, p.buf[parts[k].node:]
}

// template builds the node for "{{…}}" of frame f whose closing braces
// start at closePos, deciding as MediaWiki's Parser::braceSubstitution
// does, on the name expanded and trimmed (rule 5): "subst:" is left as
// text on a page view; a name without parameters that is a core variable
// is a MagicWord; "msgnw:", "msg:" and "raw:" are modifiers; a name with a
// ":" after a core function name or a "#name" is a ParserFunction;
// anything else is a Template when it is a valid title, and text (nil,
// with a diagnostic) when not.
func (p *parser) template(f frame, elemStart, closePos int) Node {
	parts := p.parts[f.part0:]
	span := Span{elemStart, closePos + 2}
	end0, nodes0 := p.partRange(f, 0, closePos)
	x := p.expand(parts[0].pos, end0, nodes0, true, nameLimit)
	name := trimPHP(x.text)
	rest, subst := cutModifier(name, substModifiers)
	if subst == "subst:" {
		return p.notTemplate(span, "subst: is expanded only when a page is saved")
	}
	if len(parts) == 1 && !x.dynamic && !x.long && magicVariables.has(rest) {
		return &MagicWord{Span: span, Name: rest}
	}
	rest, msg := cutModifier(rest, msgModifiers)
	rest, raw := cutModifier(rest, rawModifier)
	modifiers := subst + msg + raw
	if pf := p.parserFunction(f, span, closePos, rest, strings.Count(modifiers, ":")); pf != nil {
		return pf
	}
	if x.long {
		return p.notTemplate(span, "name longer than 255 bytes")
	}
	rest = trimPHP(rest)
	if why := titleProblem(rest); why != "" {
		return p.notTemplate(span, why)
	}
	t := p.templates.new()
	t.Span, t.Name, t.Modifier = span, rest, modifiers
	t.NameSpan = p.skipModifiers(p.nameSpan(parts[0].pos, end0, nodes0), modifiers)
	if x.dynamic {
		t.Name = p.src[t.NameSpan.Start:t.NameSpan.Stop]
	}
	if len(parts) > 1 {
		t.Params = make([]*Param, 0, len(parts)-1)
	}
	idx := 0
	for k := 1; k < len(parts); k++ {
		end, nodes := p.partRange(f, k, closePos)
		t.Params = append(t.Params, p.param(parts[k], end, nodes, &idx))
	}
	return t
}

// rawModifier is MediaWiki's RAW: modifier, stripped after MSGNW:/MSG:.
var rawModifier = []string{"raw:"}

// notTemplate reports that the braces at span are text.
func (p *parser) notTemplate(span Span, why string) Node {
	p.diag(span.Start, span.Stop, "not a template ("+why+"): left as text")
	return nil
}

// param builds one part after a top-level "|" (rule 4): named when it
// holds a top-level "=" (key expanded and trimmed, value trimmed), else
// positional with its value verbatim and the next positional index.
func (p *parser) param(pt part, end int, nodes []Node, idx *int) *Param {
	pr := p.params.new()
	pr.Span = Span{pt.pos, end}
	if pt.eq < 0 {
		*idx++
		pr.Index = *idx
		pr.ValueSpan = Span{pt.pos, end}
		pr.Value = p.block(pt.pos, end, nodes, false)
		return pr
	}
	split := pt.eqNode - pt.node
	keyNodes, valNodes := nodes[:split], nodes[split:]
	pr.Named, pr.Name = true, trimPHP(p.expand(pt.pos, pt.eq, keyNodes, false, 0).text)
	pr.NameSpan = p.nameSpan(pt.pos, pt.eq, keyNodes)
	vs, ve := p.trim(pt.eq+1, end, valNodes)
	pr.ValueSpan = Span{vs, ve}
	atLine := strings.IndexByte(p.src[pt.eq+1:vs], '\n') >= 0
	pr.Value = p.block(vs, ve, valNodes, atLine)
	return pr
}

// parserFunction returns the ParserFunction for frame f when name (part 0
// expanded, trimmed and without modifiers) is "function:argument" with a
// core function or a "#name" before the first ":" (MediaWiki looks the
// text before the colon up as it is, so "{{lc :x}}" is a template), or
// nil. The colons of the modifiers cut from the front of the name come
// first in the source: skip counts them.
func (p *parser) parserFunction(f frame, span Span, closePos int, name string, skip int) *ParserFunction {
	c := strings.IndexByte(name, ':')
	if c < 0 || !isFunctionName(name[:c]) {
		return nil
	}
	parts := p.parts[f.part0:]
	end0, nodes0 := p.partRange(f, 0, closePos)
	colon, k := p.nthColon(parts[0].pos, end0, nodes0, skip)
	if colon < 0 {
		return nil
	}
	pf := &ParserFunction{Span: span, Name: name[:c]}
	pf.Args = append(pf.Args, &Param{Span: Span{colon + 1, end0}, Index: 1,
		ValueSpan: Span{colon + 1, end0}, Value: p.block(colon+1, end0, nodes0[k:], false)})
	idx := 1
	for j := 1; j < len(parts); j++ {
		end, nodes := p.partRange(f, j, closePos)
		pf.Args = append(pf.Args, p.param(parts[j], end, nodes, &idx))
	}
	return pf
}

// isFunctionName reports whether s names a parser function: a core one
// (magic.go), or "#" and a word (extensions such as ParserFunctions add
// #if, #switch …; a title cannot start with "#" anyway).
func isFunctionName(s string) bool {
	if len(s) >= 2 && s[0] == '#' {
		return !strings.ContainsAny(s, " \t\n\r\v\f{}[]<>|")
	}
	return magicFunctions.has(s)
}

// nthColon returns the offset of the ":" after the first skip colons of
// src[s:e) holding nodes, looking only between nodes that expand to
// nothing or to punctuation, and the index of the first node after it; or
// -1 when another node comes first.
func (p *parser) nthColon(s, e int, nodes []Node, skip int) (int, int) {
	src := p.src
	pos := s
	for k := 0; ; k++ {
		lim := e
		if k < len(nodes) {
			lim = nodes[k].Pos()
		}
		for {
			c := strings.IndexByte(src[pos:lim], ':')
			if c < 0 {
				break
			}
			if skip == 0 {
				return pos + c, k
			}
			skip--
			pos += c + 1
		}
		if k >= len(nodes) {
			return -1, 0
		}
		switch n := nodes[k].(type) {
		case *Comment, *Ignored:
		case *MagicWord:
			if n.Name != "!" && n.Name != "=" {
				return -1, 0
			}
		default:
			return -1, 0
		}
		pos = nodes[k].End()
	}
}

// argument builds {{{name|default}}} of frame f closed at closePos. Only
// the first part after the name is the default (MediaWiki's
// argSubstitution); the parts after it are never expanded.
func (p *parser) argument(f frame, elemStart, closePos int) Node {
	parts := p.parts[f.part0:]
	end0, nodes0 := p.partRange(f, 0, closePos)
	a := &Argument{Span: Span{elemStart, closePos + 3}, Name: p.inline(parts[0].pos, end0, nodes0)}
	if len(parts) > 1 {
		end1, nodes1 := p.partRange(f, 1, closePos)
		a.Default = p.block(parts[1].pos, end1, nodes1, false)
		if a.Default == nil {
			a.Default = []Node{}
		}
	}
	return a
}

// link builds [[target|label]] of frame f whose "]]" starts at closePos,
// with the lower-case letters glued after it as trail ("[[Tropa]]s"). It
// returns nil (and a diagnostic) for an invalid target, and the offset
// where scanning resumes.
func (p *parser) link(f frame, elemStart, closePos int) (Node, int) {
	src := p.src
	ts := f.start + f.count
	te := closePos
	if f.pipe >= 0 {
		te = f.pipe
	}
	nodes := p.buf[f.node0:]
	ni, k := p.linkTarget(ts, te, nodes)
	if ni.invalid != "" {
		p.diag(elemStart, closePos+2, "not a link ("+ni.invalid+"): left as text")
		return nil, closePos + 2
	}
	end := closePos + 2
	for end < len(src) {
		r, size := utf8.DecodeRuneInString(src[end:])
		if !unicode.IsLower(r) { // MediaWiki's link trails are lower-case letters
			break
		}
		end += size
	}
	l := p.links.new()
	l.Span, l.Target, l.TargetSpan, l.Trail = Span{elemStart, end}, ni.text, ni.span, Span{closePos + 2, end}
	if f.pipe >= 0 {
		l.Label = p.inline(f.pipe+1, closePos, nodes[k:])
		if l.Label == nil {
			l.Label = []Node{}
		}
	}
	return l, end
}
