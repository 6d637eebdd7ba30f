package wikitext

import "strings"

// extTags are the extension tags whose content is opaque (docs/DESIGN.md rule 3):
// nothing inside counts as a brace, "|", "=" or link. Ordinary HTML tags
// (<strike>, <br>, <span>…) are not listed: they are text. includeonly,
// noinclude and onlyinclude are handled apart (see angle).
var extTags = []string{
	"nowiki", "pre", "ref", "references", "gallery", "math", "source",
	"syntaxhighlight", "poem", "score", "timeline", "hiero", "imagemap",
	"inputbox", "templatedata", "chem", "ce", "graph", "indicator",
	"categorytree", "charinsert", "section", "tabber", "mapframe", "maplink",
	"langconvert", "templatestyles",
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

// isTagSpace reports whether c is white space to PCRE's \s, which ends a
// tag name in MediaWiki's preprocessor.
func isTagSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// angle handles "<" at i as MediaWiki's preprocessor does on a page view:
// a comment "<!-- … -->" (running to the end of input when unclosed); the
// tags <noinclude>, </noinclude>, <onlyinclude>, </onlyinclude>, which
// are Ignored while their content is parsed; <includeonly>…</includeonly>,
// Ignored with its content; an extension tag with its content; or text. A
// tag name ends at white space, "/>" or ">" ("<nowiki/x>" is text).
func (p *parser) angle(i int) int {
	src := p.src
	n := len(src)
	if strings.HasPrefix(src[i:], "<!--") {
		j := strings.Index(src[i+4:], "-->")
		if j < 0 {
			p.work += n - i
			p.buf = append(p.buf, &Comment{Span: Span{i, n}})
			p.diag(i, n, "unclosed comment runs to the end")
			return n
		}
		p.work += j + 7
		end := i + 4 + j + 3
		p.buf = append(p.buf, &Comment{Span: Span{i, end}, Closed: true})
		return end
	}
	j := i + 1
	closing := j < n && src[j] == '/'
	if closing {
		j++
	}
	k := j
	for k < n && isASCIILetter(src[k]) {
		k++
	}
	p.work += k - i
	if k >= n || !(isTagSpace(src[k]) || src[k] == '>' || src[k] == '/' && k+1 < n && src[k+1] == '>') {
		return i + 1
	}
	name := src[j:k]
	if ig := ignoredTag(name, closing); ig != "" {
		gt := p.nextGT(k)
		if gt < 0 {
			return i + 1
		}
		p.buf = append(p.buf, &Ignored{Span: Span{i, gt + 1}, Name: ig, Closed: true})
		return gt + 1
	}
	if closing {
		return i + 1 // "</nowiki>", "</includeonly>" alone are text
	}
	if strings.EqualFold(name, "includeonly") {
		return p.includeOnly(i, k, name)
	}
	t := extTag(name)
	if t < 0 {
		return i + 1
	}
	gt := p.nextGT(k)
	if gt < 0 {
		return i + 1
	}
	name = extTags[t]
	if src[gt-1] == '/' && gt-1 >= k {
		p.buf = append(p.buf, &Tag{Span: Span{i, gt + 1}, Name: name,
			Attrs: strings.TrimSpace(src[k : gt-1]), Content: Span{gt + 1, gt + 1}, Closed: true})
		return gt + 1
	}
	attrs := strings.TrimSpace(src[k:gt])
	if !p.knownUnclosed(t) {
		if cs, ce := p.findCloseTag(gt+1, name); cs >= 0 {
			p.buf = append(p.buf, &Tag{Span: Span{i, ce}, Name: name, Attrs: attrs,
				Content: Span{gt + 1, cs}, Closed: true})
			return ce
		}
		p.noClose = append(p.noClose, t)
	}
	p.diag(i, gt+1, "unclosed <"+name+"> left as text")
	return gt + 1
}

// ignoredTag returns the Ignored name of a <noinclude>, </noinclude>,
// <onlyinclude> or </onlyinclude> tag named name, or "".
func ignoredTag(name string, closing bool) string {
	for _, t := range [...]string{"noinclude", "onlyinclude"} {
		if strings.EqualFold(name, t) {
			if closing {
				return "/" + t
			}
			return t
		}
	}
	return ""
}

// includeOnly handles <includeonly …> at i, whose name (as written) ends
// at k: the element and its content are Ignored; without a closing tag it
// runs to the end of the input when written in lower case (MediaWiki's
// $xmlishAllowMissingEndTag is compared case-sensitively), else the
// opening tag is text.
func (p *parser) includeOnly(i, k int, name string) int {
	src := p.src
	gt := p.nextGT(k)
	if gt < 0 {
		return i + 1
	}
	if src[gt-1] == '/' {
		p.buf = append(p.buf, &Ignored{Span: Span{i, gt + 1}, Name: "includeonly", Closed: true})
		return gt + 1
	}
	if !p.noIncludeEnd {
		if _, ce := p.findCloseTag(gt+1, "includeonly"); ce >= 0 {
			p.buf = append(p.buf, &Ignored{Span: Span{i, ce}, Name: "includeonly", Closed: true})
			return ce
		}
		p.noIncludeEnd = true
	}
	if name == "includeonly" {
		p.buf = append(p.buf, &Ignored{Span: Span{i, len(src)}, Name: "includeonly"})
		p.diag(i, gt+1, "unclosed <includeonly> runs to the end")
		return len(src)
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
		p.work += p.gtPos - j
	}
	if p.gtPos >= len(p.src) {
		return -1
	}
	return p.gtPos
}

// findCloseTag finds "</name\s*>" (case-insensitive) at or after from and
// returns its start and end, or -1, -1.
func (p *parser) findCloseTag(from int, name string) (int, int) {
	src := p.src
	start := from
	defer func() { p.work += from - start }()
	for {
		k := strings.Index(src[from:], "</")
		if k < 0 {
			from = len(src)
			return -1, -1
		}
		s := from + k
		j := s + 2
		if j+len(name) <= len(src) && strings.EqualFold(src[j:j+len(name)], name) {
			j += len(name)
			for j < len(src) && isTagSpace(src[j]) {
				j++
			}
			if j < len(src) && src[j] == '>' {
				from = j
				return s, j + 1
			}
		}
		from = s + 2
	}
}
