package engine

import (
	"regexp"
	"strings"
)

var (
	reCodeElement = regexp.MustCompile(`(?is)<(script|style)\b[^>]*>.*?</(script|style)\s*>`)
	reTag         = regexp.MustCompile(`</?[A-Za-z][A-Za-z0-9-]*(\s[^<>]*)?/?>`)
)

// prose returns the text of a question as a browser would show it: HTML
// tags dropped and script and style elements, whose content is code and
// never shown, removed with their content. A rules question is prose; the
// web form and the CLI pass whatever was typed.
func prose(question string) string {
	s := reCodeElement.ReplaceAllString(question, " ")
	s = reTag.ReplaceAllString(s, " ")
	return strings.TrimSpace(s)
}
