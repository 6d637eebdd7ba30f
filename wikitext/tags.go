package wikitext

import "strings"

// extTags are the extension tags whose content is opaque (docs/DESIGN.md rule 3):
// nothing inside counts as a brace, "|", "=" or link. Ordinary HTML tags
// (<strike>, <br>, <span>…) are not listed: they are text.
var extTags = []string{
	"nowiki", "pre", "ref", "references", "gallery", "math", "includeonly",
	"noinclude", "onlyinclude", "source", "syntaxhighlight", "poem", "score",
	"timeline", "hiero", "imagemap", "inputbox", "templatedata", "chem", "ce",
	"graph", "indicator", "categorytree", "charinsert", "section", "tabber",
	"mapframe", "maplink",
}

// runToEnd are the tags that may miss their closing tag and then run to the
// end of the input (MediaWiki's $xmlishAllowMissingEndTag).
func runToEnd(name string) bool {
	return name == "includeonly" || name == "noinclude" || name == "onlyinclude"
}

// extTag returns the index in extTags of name (ASCII case-insensitive), or -1.
func extTag(name string) int {
	if len(name) < 2 || len(name) > 15 {
		return -1
	}
	for k, t := range extTags {
		if len(t) == len(name) && strings.EqualFold(t, name) {
			return k
		}
	}
	return -1
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0
}

// angle handles "<" at i: a comment "<!-- … -->" (running to the end of
// input when unclosed), an extension tag with its content, or text.
func (p *parser) angle(i int) int {
	src := p.src
	n := len(src)
	if strings.HasPrefix(src[i:], "<!--") {
		j := strings.Index(src[i+4:], "-->")
		if j < 0 {
			p.buf = append(p.buf, &Comment{Span: Span{i, n}})
			p.diag(i, n, "unclosed comment runs to the end")
			return n
		}
		end := i + 4 + j + 3
		p.buf = append(p.buf, &Comment{Span: Span{i, end}, Closed: true})
		return end
	}
	j := i + 1
	for j < n && (src[j]|0x20 >= 'a' && src[j]|0x20 <= 'z') {
		j++
	}
	k := extTag(src[i+1 : j])
	if k < 0 {
		return i + 1
	}
	if j < n && !isSpaceByte(src[j]) && src[j] != '>' && src[j] != '/' {
		return i + 1
	}
	gt := p.nextGT(j)
	if gt < 0 {
		return i + 1
	}
	name := extTags[k]
	if src[gt-1] == '/' && gt-1 >= j {
		p.buf = append(p.buf, &Tag{Span: Span{i, gt + 1}, Name: name,
			Attrs: strings.TrimSpace(src[j : gt-1]), Content: Span{gt + 1, gt + 1}, Closed: true})
		return gt + 1
	}
	attrs := strings.TrimSpace(src[j:gt])
	if !p.knownUnclosed(k) {
		if cs, ce := findCloseTag(src, gt+1, name); cs >= 0 {
			p.buf = append(p.buf, &Tag{Span: Span{i, ce}, Name: name, Attrs: attrs,
				Content: Span{gt + 1, cs}, Closed: true})
			return ce
		}
		p.noClose = append(p.noClose, k)
	}
	if runToEnd(name) {
		p.buf = append(p.buf, &Tag{Span: Span{i, n}, Name: name, Attrs: attrs, Content: Span{gt + 1, n}})
		p.diag(i, gt+1, "unclosed <"+name+"> runs to the end")
		return n
	}
	p.diag(i, gt+1, "unclosed <"+name+"> left as text")
	return gt + 1
}

// knownUnclosed reports whether a search for tag k's closing tag already
// failed (MediaWiki caches this too, or "<ref><ref><ref>…" is quadratic).
func (p *parser) knownUnclosed(k int) bool {
	for _, u := range p.noClose {
		if u == k {
			return true
		}
	}
	return false
}

// nextGT returns the offset of the first ">" at or after j, or -1. The
// answer is cached so that many "<tag" without ">" stay linear.
func (p *parser) nextGT(j int) int {
	if p.gtPos < j {
		if k := strings.IndexByte(p.src[j:], '>'); k >= 0 {
			p.gtPos = j + k
		} else {
			p.gtPos = len(p.src)
		}
	}
	if p.gtPos >= len(p.src) {
		return -1
	}
	return p.gtPos
}

// findCloseTag finds "</name\s*>" (case-insensitive) at or after from and
// returns its start and end, or -1, -1.
func findCloseTag(src string, from int, name string) (int, int) {
	for {
		k := strings.Index(src[from:], "</")
		if k < 0 {
			return -1, -1
		}
		s := from + k
		j := s + 2
		if j+len(name) <= len(src) && strings.EqualFold(src[j:j+len(name)], name) {
			j += len(name)
			for j < len(src) && isSpaceByte(src[j]) {
				j++
			}
			if j < len(src) && src[j] == '>' {
				return s, j + 1
			}
		}
		from = s + 2
	}
}
