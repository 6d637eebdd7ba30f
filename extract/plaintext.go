package extract

import (
	"html"
	"strings"
)

// Plain text of wikitext's HTML: the character references MediaWiki
// decodes and the HTML tags it lets through (Sanitizer), which show as
// what they mark up, never as markup, in a record's plain text.

// htmlTags are the HTML elements MediaWiki accepts in wikitext
// (Sanitizer: htmlpairsStatic, htmlsingle, tabletags) other than those the
// parser reads as extension tags (pre, nowiki…). The value says whether
// the element breaks the text (a block, a line break: a space stands for
// it) or runs inside it (<b>, <span>: nothing stands for it). Any other
// "<name>" is text in MediaWiki too, and stays.
var htmlTags = map[string]bool{
	"b": false, "bdi": false, "bdo": false, "del": false, "i": false, "ins": false, "u": false, "font": false,
	"big": false, "small": false, "sub": false, "sup": false, "cite": false, "code": false, "em": false,
	"s": false, "strike": false, "strong": false, "tt": false, "var": false, "ruby": false, "rb": false,
	"rp": false, "rt": false, "rtc": false, "span": false, "abbr": false, "dfn": false, "kbd": false,
	"samp": false, "data": false, "time": false, "mark": false, "q": false, "wbr": false,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "div": true, "center": true,
	"blockquote": true, "ol": true, "ul": true, "dl": true, "table": true, "caption": true, "p": true,
	"br": true, "hr": true, "li": true, "dt": true, "dd": true, "td": true, "th": true, "tr": true,
}

// maxEntityName bounds the name of a named character reference: the
// longest HTML5 name, "CounterClockwiseContourIntegral", has 31 letters.
const maxEntityName = 32

// plainHTML returns wikitext text as plain text: HTML tags MediaWiki
// accepts are dropped (their content stays; a block or line break tag
// becomes a space) and character references are decoded (decodeEntities).
// Time is linear in len(s): a tag ends at the first ">" before the next
// "<", as in MediaWiki's Sanitizer, which splits the text at every "<".
func plainHTML(s string) string {
	if !strings.ContainsAny(s, "<&") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		switch s[i] {
		case '<':
			if n, space := htmlTagAt(s[i:]); n > 0 {
				if space {
					b.WriteByte(' ')
				}
				i += n
				continue
			}
		case '&':
			if n, dec := entityAt(s[i:]); n > 0 {
				b.WriteString(dec)
				i += n
				continue
			}
		}
		j := i + 1
		for j < len(s) && s[j] != '<' && s[j] != '&' {
			j++
		}
		b.WriteString(s[i:j])
		i = j
	}
	return b.String()
}

// htmlTagAt returns the length of the HTML tag s starts with ("<b>",
// "</span>", `<span style="x">`, "<br/>") and whether it breaks the text;
// 0 when s does not start with a tag of htmlTags.
func htmlTagAt(s string) (n int, space bool) {
	i := 1
	if i < len(s) && s[i] == '/' {
		i++
	}
	start := i
	for i < len(s) && i-start <= 10 && (isASCIILetter(s[i]) || s[i] >= '0' && s[i] <= '9') {
		i++
	}
	block, ok := htmlTags[strings.ToLower(s[start:i])]
	if !ok || i >= len(s) {
		return 0, false
	}
	switch c := s[i]; {
	case c == '>':
		return i + 1, block
	case c == '/' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
	default:
		return 0, false // "<bx>", "<b-c>": not that element
	}
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '>':
			return j + 1, block
		case '<':
			return 0, false
		}
	}
	return 0, false
}

// entityAt returns the length of the character reference s starts with
// and its decoded text ("&eacute;" → "é", "&#124;" → "|", "&#x41;" →
// "A"); 0 when s does not start with one. As in MediaWiki
// (Sanitizer::decodeCharReferences) the ";" is required and the names
// are HTML5's (html.UnescapeString); an unknown name stays as it is.
// "&nbsp;" gives a space, as the renderer's Markdown has it.
func entityAt(s string) (int, string) {
	i := 1
	if i < len(s) && s[i] == '#' {
		i++
		hex := i < len(s) && (s[i] == 'x' || s[i] == 'X')
		if hex {
			i++
		}
		start := i
		for i < len(s) && i-start < 8 && (s[i] >= '0' && s[i] <= '9' || hex && isHexLetter(s[i])) {
			i++
		}
		if i == start {
			return 0, ""
		}
	} else {
		start := i
		for i < len(s) && i-start < maxEntityName && (isASCIILetter(s[i]) || i > start && s[i] >= '0' && s[i] <= '9') {
			i++
		}
		if i == start {
			return 0, ""
		}
	}
	if i >= len(s) || s[i] != ';' {
		return 0, ""
	}
	ref := s[:i+1]
	if ref == "&nbsp;" {
		return len(ref), " "
	}
	dec := html.UnescapeString(ref)
	// UnescapeString also reads a legacy name without ";" at the start of
	// a longer one ("&notit;" → "¬it;"), which MediaWiki leaves as it is.
	if dec == ref || strings.HasSuffix(dec, ";") && ref != "&semi;" {
		return 0, ""
	}
	return len(ref), dec
}

// decodeEntities decodes the character references of s (entityAt) and
// keeps everything else, tags included: the content of <nowiki> and
// <pre> is text, where a "<b>" is shown as it is.
func decodeEntities(s string) string {
	if strings.IndexByte(s, '&') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		if s[i] == '&' {
			if n, dec := entityAt(s[i:]); n > 0 {
				b.WriteString(dec)
				i += n
				continue
			}
		}
		j := i + 1
		for j < len(s) && s[j] != '&' {
			j++
		}
		b.WriteString(s[i:j])
		i = j
	}
	return b.String()
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isHexLetter(c byte) bool { return c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
