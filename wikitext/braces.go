package wikitext

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// magicWords are brace constructs without parameters that MediaWiki
// expands to a value, never to a template call (rule 5): {{!}} and {{=}}
// stand for "|" and "=" and are never separators.
var magicWords = map[string]bool{
	"!": true, "=": true,
	"PAGENAME": true, "PAGENAMEE": true, "FULLPAGENAME": true, "BASEPAGENAME": true,
	"SUBPAGENAME": true, "ROOTPAGENAME": true, "TALKPAGENAME": true, "NAMESPACE": true,
	"SITENAME": true, "SERVER": true, "SCRIPTPATH": true, "CURRENTYEAR": true,
	"CURRENTMONTH": true, "CURRENTMONTHNAME": true, "CURRENTDAY": true, "CURRENTTIME": true,
	"CURRENTTIMESTAMP": true, "REVISIONID": true, "NUMBEROFARTICLES": true, "NUMBEROFPAGES": true,
}

// colonFunctions are parser functions called without "#", as {{lc:…}}.
var colonFunctions = map[string]bool{
	"lc": true, "uc": true, "lcfirst": true, "ucfirst": true, "urlencode": true,
	"anchorencode": true, "formatnum": true, "int": true, "ns": true, "fullurl": true,
	"localurl": true, "canonicalurl": true, "padleft": true, "padright": true,
	"plural": true, "grammar": true, "gender": true, "displaytitle": true,
	"defaultsort": true, "tag": true, "filepath": true, "localurle": true, "fullurle": true,
}

// nameInfo describes the target of a template or link.
type nameInfo struct {
	text    string // comments removed, whitespace trimmed
	span    Span   // the trimmed source range
	dynamic bool   // holds a template, argument or parser function
	invalid string // why this is not a valid target ("" when valid)
}

// trim returns [s, e) without the surrounding whitespace (PHP trim), never
// cutting into a node.
func (p *parser) trim(s, e int, nodes []Node) (int, int) {
	lim := e
	if len(nodes) > 0 {
		lim = nodes[0].Pos()
	}
	for s < lim && isSpaceByte(p.src[s]) {
		s++
	}
	lim = s
	if len(nodes) > 0 {
		lim = max(s, nodes[len(nodes)-1].End())
	}
	for e > lim && isSpaceByte(p.src[e-1]) {
		e--
	}
	return s, e
}

// target analyses src[s:e) holding nodes as a template name (newlines
// allowed around the name) or, with link set, as a link target (no newline
// anywhere). Rule 5: empty names and names with [ ] { } < > | or an inner
// newline are invalid; comments are dropped; nowiki and links make the
// name invalid.
func (p *parser) target(s, e int, nodes []Node, link bool) nameInfo {
	src := p.src
	if link && strings.IndexByte(src[s:e], '\n') >= 0 {
		// A newline inside a node (a comment, a template) is allowed.
		pos := s
		for _, n := range nodes {
			if strings.IndexByte(src[pos:n.Pos()], '\n') >= 0 {
				return nameInfo{invalid: "newline in link target"}
			}
			pos = n.End()
		}
		if strings.IndexByte(src[pos:e], '\n') >= 0 {
			return nameInfo{invalid: "newline in link target"}
		}
	}
	ts, te := p.trim(s, e, nodes)
	ni := nameInfo{span: Span{ts, te}}
	var b strings.Builder
	pos := ts
	gap := func(g string) {
		if strings.ContainsAny(g, "[]{}<>|\n") && ni.invalid == "" {
			ni.invalid = "invalid character in name"
		}
		b.WriteString(g)
	}
	for _, n := range nodes {
		gap(src[pos:n.Pos()])
		switch n.(type) {
		case *Comment:
		case *Template, *Argument, *ParserFunction, *MagicWord:
			ni.dynamic = true
			b.WriteString(src[n.Pos():n.End()])
		default:
			if ni.invalid == "" {
				ni.invalid = "tag or link in name"
			}
		}
		pos = n.End()
	}
	if len(nodes) == 0 {
		ni.text = src[ts:te]
		if strings.ContainsAny(ni.text, "[]{}<>|\n") {
			ni.invalid = "invalid character in name"
		}
	} else {
		gap(src[pos:te])
		ni.text = strings.TrimSpace(b.String())
	}
	if ni.text == "" && ni.invalid == "" {
		ni.invalid = "empty name"
	}
	return ni
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
// start at closePos: a MagicWord, a ParserFunction, a Template, or nil
// (with a diagnostic) when the target is invalid (rule 5).
func (p *parser) template(f frame, elemStart, closePos int) Node {
	parts := p.parts[f.part0:]
	span := Span{elemStart, closePos + 2}
	end0, nodes0 := p.partRange(f, 0, closePos)
	if len(parts) == 1 && len(nodes0) == 0 {
		if name := strings.TrimSpace(p.src[parts[0].pos:end0]); magicWords[name] {
			return &MagicWord{Span: span, Name: name}
		}
	}
	if pf := p.parserFunction(f, span, closePos); pf != nil {
		return pf
	}
	ni := p.target(parts[0].pos, end0, nodes0, false)
	if ni.invalid != "" {
		p.diag(span.Start, span.Stop, "not a template ("+ni.invalid+"): left as text")
		return nil
	}
	t := p.templates.new()
	t.Span, t.Name, t.NameSpan = span, ni.text, ni.span
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

// param builds one part after a top-level "|" (rule 4): named when it
// holds a top-level "=" (key and value trimmed), else positional with
// its value verbatim and the next positional index.
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
	key := p.target(pt.pos, pt.eq, keyNodes, false)
	pr.Named, pr.Name, pr.NameSpan = true, key.text, key.span
	if key.invalid == "empty name" {
		pr.NameSpan = Span{pt.pos, pt.pos}
		if ks, _ := p.trim(pt.pos, pt.eq, keyNodes); ks <= pt.eq {
			pr.NameSpan = Span{ks, ks}
		}
	}
	vs, ve := p.trim(pt.eq+1, end, valNodes)
	pr.ValueSpan = Span{vs, ve}
	atLine := strings.IndexByte(p.src[pt.eq+1:vs], '\n') >= 0
	pr.Value = p.block(vs, ve, valNodes, atLine)
	return pr
}

// parserFunction returns the ParserFunction for {{#name:…}} (or a colon
// function such as {{lc:…}}), or nil when f is not one.
func (p *parser) parserFunction(f frame, span Span, closePos int) *ParserFunction {
	src := p.src
	parts := p.parts[f.part0:]
	end0, nodes0 := p.partRange(f, 0, closePos)
	s, _ := p.trim(parts[0].pos, end0, nodes0)
	if s >= end0 || (len(nodes0) > 0 && nodes0[0].Pos() == s) {
		return nil
	}
	hash := src[s] == '#'
	// The colon must come before any node other than a comment.
	colon, pos, k := -1, s, 0
	for {
		lim := end0
		if k < len(nodes0) {
			lim = nodes0[k].Pos()
		}
		if c := strings.IndexByte(src[pos:lim], ':'); c >= 0 {
			colon = pos + c
			break
		}
		if k >= len(nodes0) {
			break
		}
		if _, ok := nodes0[k].(*Comment); !ok {
			break
		}
		pos = nodes0[k].End()
		k++
	}
	if !hash && colon < 0 {
		return nil // the common case: a template
	}
	nameEnd := end0
	if colon >= 0 {
		nameEnd = colon
	}
	var nameNodes []Node
	k = 0
	for k < len(nodes0) && nodes0[k].End() <= nameEnd {
		k++
	}
	nameNodes = nodes0[:k]
	ni := p.target(s, nameEnd, nameNodes, false)
	if ni.invalid != "" && !hash {
		return nil
	}
	name := ni.text
	if !hash && (colon < 0 || !colonFunctions[strings.ToLower(name)]) {
		return nil
	}
	if hash && (len(name) < 2 || strings.ContainsAny(name, " \n")) {
		return nil
	}
	pf := &ParserFunction{Span: span, Name: name}
	idx := 0
	if colon >= 0 {
		idx = 1
		pf.Args = append(pf.Args, &Param{Span: Span{colon + 1, end0}, Index: 1,
			ValueSpan: Span{colon + 1, end0}, Value: p.block(colon+1, end0, nodes0[k:], false)})
	}
	for j := 1; j < len(parts); j++ {
		end, nodes := p.partRange(f, j, closePos)
		pf.Args = append(pf.Args, p.param(parts[j], end, nodes, &idx))
	}
	return pf
}

// argument builds {{{name|default}}} of frame f closed at closePos.
func (p *parser) argument(f frame, elemStart, closePos int) Node {
	parts := p.parts[f.part0:]
	end0, nodes0 := p.partRange(f, 0, closePos)
	a := &Argument{Span: Span{elemStart, closePos + 3}, Name: p.inline(parts[0].pos, end0, nodes0)}
	if len(parts) > 1 {
		// The default runs to the closing braces; further "|" are text,
		// as MediaWiki ignores the parts after the second.
		a.Default = p.block(parts[1].pos, closePos, p.buf[parts[1].node:], false)
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
	k := 0
	for k < len(nodes) && nodes[k].End() <= te {
		k++
	}
	ni := p.target(ts, te, nodes[:k], true)
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
