package wikitext

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// expansion is a template name or parameter key as MediaWiki's frame
// expands it before looking at it (PPFrame::expand, then trim in
// Parser::braceSubstitution): comments and ignored tags vanish, {{!}} and
// {{=}} become "|" and "=", and the rest keeps its source. Links are not
// preprocessor constructs, so "[[b]]" stays "[[b]]"; an extension tag
// keeps its source too (MediaWiki puts a strip marker there).
type expansion struct {
	text string // not trimmed
	// dynamic is set when a template, argument, parser function or variable
	// is part of the text: its value is unknown here.
	dynamic bool
	// long is set when the expansion was cut at its limit.
	long bool
}

// nameLimit bounds the expansion of a template name: a name that long is
// no title (MediaWiki allows 255 bytes), and a piece whose name runs over
// the text left by pieces that failed is cut short instead of being read
// again at every close.
const nameLimit = 1024

// expand expands src[s:e], which holds nodes. With probe set, a dynamic
// node expands to "x", enough to check the characters around it (else to
// its source). A limit above 0 stops the expansion after about limit
// bytes, each node counting one at least, and sets long.
func (p *parser) expand(s, e int, nodes []Node, probe bool, limit int) expansion {
	src := p.src
	x := expansion{}
	budget := limit
	if limit <= 0 {
		budget = len(src) + len(nodes) + 1
	}
	initial := budget
	var b strings.Builder
	rewrite := false // b holds the expansion so far
	pos, stop := s, e
	for k := 0; ; k++ {
		lim := e
		if k < len(nodes) {
			lim = nodes[k].Pos()
		}
		if lim-pos > budget {
			x.long, stop = true, pos+budget
			if rewrite {
				b.WriteString(src[pos:stop])
			}
			break
		}
		budget -= lim - pos
		if rewrite {
			b.WriteString(src[pos:lim])
		}
		if k == len(nodes) {
			break
		}
		n := nodes[k]
		out, plain := "", false
		switch n := n.(type) {
		case *Comment, *Ignored:
		case *MagicWord:
			switch n.Name {
			case "!":
				out = "|"
			case "=":
				out = "="
			default:
				x.dynamic, out, plain = true, "x", !probe
			}
		case *Template, *Argument, *ParserFunction:
			x.dynamic, out, plain = true, "x", !probe
		default:
			plain = true
		}
		switch {
		case plain && rewrite:
			b.WriteString(src[n.Pos():n.End()])
		case !plain:
			if !rewrite {
				rewrite = true
				b.WriteString(src[s:lim])
			}
			b.WriteString(out)
		}
		pos = n.End()
		if budget--; budget < 0 {
			x.long, stop = true, pos
			break
		}
	}
	p.work += initial - budget
	if rewrite {
		x.text = b.String()
	} else {
		x.text = src[s:stop]
	}
	return x
}

// isTrimSpace reports whether c is one of the bytes PHP's trim() removes.
func isTrimSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0 || c == '\v'
}

// trimPHP trims s as PHP's trim() does.
func trimPHP(s string) string {
	i, j := 0, len(s)
	for i < j && isTrimSpace(s[i]) {
		i++
	}
	for j > i && isTrimSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

// nameSpan returns the source range of the name in src[s:e] holding
// nodes: without the white space, comments and ignored tags at either end.
// An empty name gives an empty span where it would start.
func (p *parser) nameSpan(s, e int, nodes []Node) Span {
	src := p.src
	lo, k := s, 0
	for {
		for lo < e && isTrimSpace(src[lo]) && (k >= len(nodes) || lo < nodes[k].Pos()) {
			lo++
		}
		if k < len(nodes) && nodes[k].Pos() == lo && vanishes(nodes[k]) {
			lo = nodes[k].End()
			k++
			continue
		}
		break
	}
	hi, j := e, len(nodes)-1
	for {
		for hi > lo && isTrimSpace(src[hi-1]) && (j < k || hi > nodes[j].End()) {
			hi--
		}
		if j >= k && nodes[j].End() == hi && vanishes(nodes[j]) {
			hi = nodes[j].Pos()
			j--
			continue
		}
		break
	}
	return Span{lo, hi}
}

// vanishes reports whether n expands to nothing (a comment, an ignored tag).
func vanishes(n Node) bool {
	switch n.(type) {
	case *Comment, *Ignored:
		return true
	}
	return false
}

// skipModifiers moves the start of span past the modifiers (as written,
// then white space), when the source spells them out there.
func (p *parser) skipModifiers(sp Span, modifiers string) Span {
	src := p.src
	for modifiers != "" {
		c := strings.IndexByte(modifiers, ':') + 1
		m := modifiers[:c]
		modifiers = modifiers[c:]
		if sp.Stop-sp.Start < len(m) || !strings.EqualFold(src[sp.Start:sp.Start+len(m)], m) {
			return sp
		}
		sp.Start += len(m)
		for sp.Start < sp.Stop && isTrimSpace(src[sp.Start]) {
			sp.Start++
		}
	}
	return sp
}

// titleProblem returns why name (expanded and trimmed) is not a valid page
// title, or "". The rules are MediaWiki's (MediaWikiTitleCodec::
// splitTitleString, after Title::newFromText decodes character
// references): a leading ":" is dropped, a "#" starts a fragment that is
// not part of the title; the rest must be non-empty, hold only legal
// title characters (not < > [ ] { } |, control characters or DEL), no
// percent-escape ("%C3%A9"), no relative path
// ("./Foo", "a/../b"), no "~~~", start with no second ":", and be at most
// 255 bytes. The namespace is not known here: the length is counted after
// the first ":" (so a long name is never rejected for its namespace
// prefix), and relative paths are checked as for the main namespace,
// which has no subpages.
func titleProblem(name string) string {
	if strings.IndexByte(name, '&') >= 0 {
		name = decodeReferences(name)
	}
	if strings.HasPrefix(name, ":") {
		name = strings.TrimLeft(name[1:], " _")
		if strings.HasPrefix(name, ":") {
			return "leading colon"
		}
	}
	if h := strings.IndexByte(name, '#'); h >= 0 {
		name = name[:h]
	}
	key := strings.Trim(name, " _")
	if key == "" {
		return "empty name"
	}
	for i := 0; i < len(key); i++ {
		switch c := key[i]; {
		case c < 0x20 || c == 0x7f:
			if c == '\n' {
				return "newline in name"
			}
			return "control character in name"
		case strings.IndexByte("<>[]{}|", c) >= 0:
			return "invalid character in name"
		case c == '%' && i+2 < len(key) && isHex(key[i+1]) && isHex(key[i+2]):
			return "percent-escape in name"
		}
	}
	if strings.IndexByte(key, '.') >= 0 {
		k := strings.ReplaceAll(key, " ", "_")
		if k == "." || k == ".." || strings.HasPrefix(k, "./") || strings.HasPrefix(k, "../") ||
			strings.Contains(k, "/./") || strings.Contains(k, "/../") ||
			strings.HasSuffix(k, "/.") || strings.HasSuffix(k, "/..") {
			return "relative path in name"
		}
	}
	if strings.Contains(key, "~~~") {
		return "~~~ in name"
	}
	if c := strings.IndexByte(key, ':'); len(key)-c-1 > 255 {
		return "name longer than 255 bytes"
	}
	return ""
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f'
}

// namedReferences are the character references decodeReferences knows by
// name: those that decode to a character that matters to a title's
// validity. Other named references are left as they are and accepted
// (MediaWiki decodes every HTML entity; most give letters).
var namedReferences = map[string]string{
	"amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
}

// decodeReferences decodes numeric character references (&#124; &#x7C;)
// and the references of namedReferences.
func decodeReferences(s string) string {
	var b strings.Builder
	i := 0
	for {
		a := strings.IndexByte(s[i:], '&')
		if a < 0 {
			break
		}
		a += i
		semi := strings.IndexByte(s[a:], ';')
		if semi < 0 {
			break
		}
		semi += a
		ref, out := s[a+1:semi], ""
		if strings.HasPrefix(ref, "#x") || strings.HasPrefix(ref, "#X") {
			if n, err := strconv.ParseUint(ref[2:], 16, 32); err == nil && utf8.ValidRune(rune(n)) {
				out = string(rune(n))
			}
		} else if strings.HasPrefix(ref, "#") {
			if n, err := strconv.ParseUint(ref[1:], 10, 32); err == nil && utf8.ValidRune(rune(n)) {
				out = string(rune(n))
			}
		} else {
			out = namedReferences[ref]
		}
		b.WriteString(s[i:a])
		if out != "" {
			b.WriteString(out)
		} else {
			b.WriteString(s[a : semi+1])
		}
		i = semi + 1
	}
	b.WriteString(s[i:])
	return b.String()
}
