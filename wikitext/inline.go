package wikitext

import "strings"

// inline runs the inline pass over src[start:end) holding nodes; see inlineInto.
func (p *parser) inline(start, end int, nodes []Node) []Node {
	if start >= end {
		return nil
	}
	return p.inlineInto(nil, start, end, nodes)
}

// inlineInto appends to out the inline content of src[start:end), which
// holds the finished nodes in order: the source between nodes becomes Text
// and, line by line, apostrophe runs become Format nodes (MediaWiki's
// doQuotes). Formats are flat: a change of style ends one Format and starts
// the next, and a Format ends at the end of its line.
func (p *parser) inlineInto(out []Node, start, end int, nodes []Node) []Node {
	src := p.src
	quotes := false
	pos := start
	for _, n := range nodes {
		p.work += n.Pos() - pos
		if strings.Contains(src[pos:n.Pos()], "''") {
			quotes = true
			break
		}
		pos = n.End()
	}
	if !quotes && !strings.Contains(src[pos:end], "''") {
		p.work += end - pos
		if out == nil {
			out = p.nodeList(2*len(nodes) + 1)
		}
		pos = start
		for _, n := range nodes {
			out = p.appendText(out, pos, n.Pos())
			out = append(out, n)
			pos = n.End()
		}
		return p.appendText(out, pos, end)
	}
	e := &p.em
	e.p, e.out, e.ts, e.fmt, e.bits = p, out, start, nil, 0
	pos, k := start, 0
	for pos <= end {
		// One line: [pos, le) with nodes[k:kEnd].
		ls, kl := pos, k
		var le int
		le, k = p.lineEnd(pos, end, k, nodes)
		e.line(ls, le, nodes[kl:k])
		if le >= end {
			break
		}
		pos = le + 1
	}
	e.textTo(end)
	out, e.out = e.out, nil
	return out
}

// appendText appends src[s:e] to out as Text, with the behaviour switches
// in it (__NOTOC__ …, see magic.go) as MagicWord nodes: MediaWiki finds
// them anywhere in the text of the page.
func (p *parser) appendText(out []Node, s, e int) []Node {
	p.work += e - s
	for s < e {
		ms, me := nextSwitch(p.src, s, e)
		if ms < 0 {
			break
		}
		if ms > s {
			out = append(out, p.text(s, ms))
		}
		out = append(out, &MagicWord{Span: Span{ms, me}, Name: p.src[ms:me]})
		s = me
	}
	if s < e {
		out = append(out, p.text(s, e))
	}
	return out
}

// quote is one apostrophe token: src[pos:pos+n] with n 2 (italic), 3
// (bold) or 5 (both).
type quote struct{ pos, n int }

type emitter struct {
	p    *parser
	out  []Node
	ts   int     // start of text not yet emitted
	fmt  *Format // the open Format, nil when none
	bits Style
	qs   []quote
}

func (e *emitter) add(n Node) {
	if e.fmt != nil {
		e.fmt.Nodes = append(e.fmt.Nodes, n)
	} else {
		e.out = append(e.out, n)
	}
}

func (e *emitter) textTo(x int) {
	if x > e.ts {
		src := e.p.src
		e.p.work += x - e.ts
		for s := e.ts; s < x; {
			ms, me := nextSwitch(src, s, x)
			if ms < 0 {
				e.add(e.p.text(s, x))
				break
			}
			if ms > s {
				e.add(e.p.text(s, ms))
			}
			e.add(&MagicWord{Span: Span{ms, me}, Name: src[ms:me]})
			s = me
		}
	}
	e.ts = x
}

// line emits one line [ls, le) holding nodes ln.
func (e *emitter) line(ls, le int, ln []Node) {
	src := e.p.src
	e.qs = e.qs[:0]
	italics, bolds := 0, 0
	pos := ls
	for k := 0; k <= len(ln); k++ {
		lim := le
		if k < len(ln) {
			lim = ln[k].Pos()
		}
		for pos < lim {
			j := strings.Index(src[pos:lim], "''")
			if j < 0 {
				e.p.work += lim - pos
				break
			}
			e.p.work += j + 2
			s := pos + j
			n := 2
			for s+n < lim && src[s+n] == '\'' {
				n++
			}
			pos = s + n
			switch {
			case n == 4: // one apostrophe of text, then bold
				s, n = s+1, 3
			case n > 5: // apostrophes of text, then bold italic
				s, n = s+n-5, 5
			}
			e.qs = append(e.qs, quote{s, n})
			if n != 3 {
				italics++
			}
			if n != 2 {
				bolds++
			}
		}
		if k < len(ln) {
			pos = ln[k].End()
		}
	}
	if italics%2 == 1 && bolds%2 == 1 {
		e.fixOddBold(ls)
	}
	qi := 0
	for _, n := range ln {
		for qi < len(e.qs) && e.qs[qi].pos < n.Pos() {
			e.quote(e.qs[qi])
			qi++
		}
		e.textTo(n.Pos())
		e.add(n)
		e.ts = n.End()
	}
	for ; qi < len(e.qs); qi++ {
		e.quote(e.qs[qi])
	}
	if e.fmt != nil {
		e.textTo(le)
		e.fmt.Stop = le
		e.fmt, e.bits = nil, 0
	}
}

// fixOddBold turns one bold token into an apostrophe and an italic token
// when both counts are odd, preferring a bold after a one-letter word, then
// after a longer word, then after a space (MediaWiki's doQuotes).
func (e *emitter) fixOddBold(ls int) {
	src := e.p.src
	single, multi, space := -1, -1, -1
	for i, q := range e.qs {
		if q.n != 3 {
			continue
		}
		var x1, x2 byte = ' ', ' '
		if q.pos-1 >= ls {
			x1 = src[q.pos-1]
		}
		if q.pos-2 >= ls {
			x2 = src[q.pos-2]
		}
		switch {
		case x1 == ' ':
			if space < 0 {
				space = i
			}
		case x2 == ' ':
			if single < 0 {
				single = i
			}
		default:
			if multi < 0 {
				multi = i
			}
		}
	}
	for _, i := range []int{single, multi, space} {
		if i >= 0 {
			e.qs[i] = quote{e.qs[i].pos + 1, 2}
			return
		}
	}
}

// quote applies one apostrophe token: it opens, switches or closes the
// flat Format run.
func (e *emitter) quote(q quote) {
	var tok Style
	switch q.n {
	case 2:
		tok = Italic
	case 3:
		tok = Bold
	default:
		tok = BoldItalic
	}
	next := e.bits ^ tok
	e.textTo(q.pos)
	switch {
	case e.bits == 0:
		e.fmt = &Format{Span: Span{q.pos, q.pos}, Style: next}
		e.out = append(e.out, e.fmt)
	case next == 0:
		e.fmt.Stop = q.pos + q.n
		e.fmt = nil
	default:
		e.fmt.Stop = q.pos
		e.fmt = &Format{Span: Span{q.pos, q.pos}, Style: next}
		e.out = append(e.out, e.fmt)
	}
	e.bits = next
	e.ts = q.pos + q.n
}
