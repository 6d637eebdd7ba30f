package wikitext

import "strings"

// tableFrame is an open table of the line pass (the first frame stands for
// the range being parsed itself).
type tableFrame struct {
	out   []Node
	table *Table // nil for the range itself
	// cand is the index in out of the template that would open a table if
	// a bare "|}" came now (rule 7), -1 when none; candRow tells whether
	// it is a row template ("weaponrow"), which yields to a later header.
	cand    int
	candRow bool
}

// blockPass holds the state of one run of the line pass over a range.
type blockPass struct {
	p      *parser
	nodes  []Node // the finished nodes of the range, in order
	pend   int    // start of the inline content not yet emitted
	pk     int    // index in nodes of the first node at or after pend
	frames []tableFrame
}

// block runs the line pass (rule 7) over src[start:end), which holds the
// finished preprocessor nodes in order: headings, list items and tables are
// recognised at line starts (at start itself only when atLine), the rest
// goes through the inline pass. The result tiles [start, end).
func (p *parser) block(start, end int, nodes []Node, atLine bool) []Node {
	if start >= end {
		return nil
	}
	src := p.src
	if !atLine && !hasNewline(src, start, end, nodes) {
		return p.inline(start, end, nodes)
	}
	b := &blockPass{p: p, nodes: nodes, pend: start}
	b.frames = append(make([]tableFrame, 0, 1), tableFrame{out: p.nodeList(2*len(nodes) + 8), cand: -1})
	pos, k := start, 0
	first := true
	for {
		ls, kl := pos, k
		var le int
		le, k = p.lineEnd(pos, end, k, nodes)
		if !first || atLine {
			b.line(ls, le, nodes[kl:k])
		}
		first = false
		if le >= end {
			break
		}
		pos = le + 1
	}
	b.flush(end)
	for len(b.frames) > 1 {
		f := b.frames[len(b.frames)-1]
		b.frames = b.frames[:len(b.frames)-1]
		f.table.Stop, f.table.Nodes = end, f.out
		p.diag(f.table.Start, f.table.Start+2, "unclosed table {| runs to the end")
		b.top().out = append(b.top().out, f.table)
	}
	return b.frames[0].out
}

func (b *blockPass) top() *tableFrame { return &b.frames[len(b.frames)-1] }

// flush emits the pending inline content up to x.
func (b *blockPass) flush(x int) {
	if x > b.pend {
		j := b.pk
		for j < len(b.nodes) && b.nodes[j].End() <= x {
			j++
		}
		f := b.top()
		f.out = b.p.inlineInto(f.out, b.pend, x, b.nodes[b.pk:j])
		b.pk = j
	}
	b.setPend(x)
}

// setPend moves the start of pending content to x, past the nodes before it.
func (b *blockPass) setPend(x int) {
	b.pend = x
	for b.pk < len(b.nodes) && b.nodes[b.pk].Pos() < x {
		b.pk++
	}
}

func isBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// line classifies one line [ls, le) holding nodes ln.
func (b *blockPass) line(ls, le int, ln []Node) {
	src := b.p.src
	gapEnd := le
	if len(ln) > 0 {
		gapEnd = ln[0].Pos()
	}
	lead := src[ls:gapEnd]
	f := b.top()
	if lead == "" && len(ln) == 0 {
		f.cand = -1 // a blank line ends a run of table lines
		return
	}
	if lead != "" {
		switch lead[0] {
		case '*', '#', ':', ';':
			n := 1
			for n < len(lead) && strings.IndexByte("*#:;", lead[n]) >= 0 {
				n++
			}
			b.flush(ls)
			item := b.p.items.new()
			item.Span, item.Prefix, item.Depth = Span{ls, le}, lead[:n], n
			item.Nodes = b.p.inline(ls+n, le, ln)
			f.out = append(f.out, item)
			f.cand = -1
			b.setPend(le)
			return
		case '=':
			if h := b.p.heading(ls, le, lead, ln); h != nil {
				b.flush(ls)
				f.out = append(f.out, h)
				f.cand = -1
				b.setPend(le)
				return
			}
		}
	}
	ws := 0
	for ws < len(lead) && (lead[ws] == ' ' || lead[ws] == '\t') {
		ws++
	}
	rest := lead[ws:]
	switch {
	case strings.HasPrefix(rest, "{|"):
		if len(b.frames) > MaxDepth-b.p.depth {
			break
		}
		at := ls + ws
		b.flush(at)
		t := &Table{Span: Span{at, at + 2}, Open: b.p.text(at, at+2)}
		b.frames = append(b.frames, tableFrame{table: t, cand: -1})
		b.p.tables = max(b.p.tables, len(b.frames)-1)
		b.setPend(at + 2)
		return
	case strings.HasPrefix(rest, "|}"):
		at := ls + ws
		if f.table != nil {
			b.flush(at)
			b.frames = b.frames[:len(b.frames)-1]
			f.table.Stop, f.table.Nodes, f.table.Closed = at+2, f.out, true
			parent := b.top()
			parent.out = append(parent.out, f.table)
			parent.cand = -1
			b.setPend(at + 2)
			return
		}
		if f.cand >= 0 {
			b.flush(at)
			f = b.top()
			open := f.out[f.cand]
			t := &Table{Span: Span{open.Pos(), at + 2}, Open: open, Closed: true}
			b.p.tables = max(b.p.tables, len(b.frames))
			t.Nodes = append([]Node(nil), f.out[f.cand+1:]...)
			f.out = append(f.out[:f.cand], t)
			f.cand = -1
			b.setPend(at + 2)
			return
		}
		b.p.diag(at, at+2, "|} without an open table: left as text")
		f.cand = -1
		return
	case rest != "" && (rest[0] == '|' || rest[0] == '!'):
		return // a table row or cell: keeps a run of table lines going
	}
	if !isBlank(lead) || len(ln) == 0 {
		f.cand = -1 // text, or a line of whitespace
		return
	}
	// Only whitespace before the first node: a template alone on its line?
	var tpl *Template
	for _, n := range ln {
		switch n := n.(type) {
		case *Comment, *Ignored:
			continue
		case *Template:
			if tpl == nil {
				tpl = n
				continue
			}
		}
		f.cand = -1
		return
	}
	for i := 1; i < len(ln); i++ {
		if !isBlank(src[ln[i-1].End():ln[i].Pos()]) {
			f.cand = -1
			return
		}
	}
	if !isBlank(src[ln[len(ln)-1].End():le]) {
		f.cand = -1
		return
	}
	if tpl == nil {
		return // a line of comments
	}
	b.flush(tpl.Pos())
	f = b.top()
	f.out = append(f.out, tpl)
	b.setPend(tpl.End())
	name := tpl.Name
	row := len(name) >= 3 && strings.EqualFold(name[len(name)-3:], "row")
	if f.cand < 0 || (f.candRow && !row) {
		f.cand, f.candRow = len(f.out)-1, row
	}
}

// heading returns the heading on line [ls, le) (lead is its text before the
// first node), or nil. The line must start and end with "=" runs, trailing
// whitespace, comments and ignored tags aside; the level is the shorter
// run, at most 6, and a line of "=" alone counts as MediaWiki does ("==="
// is a level-1 heading holding "=").
func (p *parser) heading(ls, le int, lead string, ln []Node) *Heading {
	src := p.src
	open := 0
	for open < len(lead) && lead[open] == '=' {
		open++
	}
	q, j := le, len(ln)-1
	var gs int
	for {
		gs = ls
		if j >= 0 {
			gs = ln[j].End()
		}
		for q > gs && (src[q-1] == ' ' || src[q-1] == '\t' || src[q-1] == '\r') {
			q--
		}
		if q == gs && j >= 0 && vanishes(ln[j]) {
			q = ln[j].Pos()
			j--
			continue
		}
		break
	}
	closeRun := 0
	for q-closeRun > gs && src[q-closeRun-1] == '=' {
		closeRun++
	}
	if closeRun == 0 {
		return nil
	}
	var level int
	if j < 0 && q-closeRun == ls { // the line is one run of "="
		n := q - ls
		if n < 3 {
			return nil
		}
		level = min(6, (n-1)/2)
	} else {
		level = min(open, closeRun, 6)
	}
	k := 0
	for k <= j && ln[k].End() <= q-level {
		k++
	}
	return &Heading{Span: Span{ls, le}, Level: level, Nodes: p.inline(ls+level, q-level, ln[:k])}
}

// hasNewline reports whether src[start:end] has a newline outside nodes.
func hasNewline(src string, start, end int, nodes []Node) bool {
	pos := start
	for _, n := range nodes {
		if strings.IndexByte(src[pos:n.Pos()], '\n') >= 0 {
			return true
		}
		pos = n.End()
	}
	return strings.IndexByte(src[pos:end], '\n') >= 0
}

// lineEnd finds the end of the line that starts at pos, in src[pos:end)
// with nodes[k:] the nodes from pos on: a newline inside a node's span does
// not end the line. It returns the offset of the newline that does (end
// when none does) and the index of the first node after it; the bytes
// scanned outside nodes count as work.
func (p *parser) lineEnd(pos, end, k int, nodes []Node) (int, int) {
	for {
		lim := end
		if k < len(nodes) {
			lim = nodes[k].Pos()
		}
		if j := strings.IndexByte(p.src[pos:lim], '\n'); j >= 0 {
			p.work += j + 1
			return pos + j, k
		}
		p.work += lim - pos
		if k >= len(nodes) {
			return end, k
		}
		pos = nodes[k].End()
		k++
	}
}
