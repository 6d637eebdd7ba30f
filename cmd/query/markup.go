package main

import (
	"io"
	"regexp"
)

// A record's text is Markdown (DESIGN.md, Record): the wiki's bold (three
// apostrophes) is **bold** and its italics (two) *italics*. A terminal
// shows them as ANSI bold and italics; a pipe, a file, TERM=dumb and NO_COLOR get the
// words without the asterisks. Only a pair enclosing text on one line
// counts: a lone asterisk ("5*") stays.
var (
	mdBold   = regexp.MustCompile(`\*\*([^*\n]*[^*\s])\*\*`)
	mdItalic = regexp.MustCompile(`(^|[^*\pL\pN])\*([^*\s](?:[^*\n]*[^*\s])?)\*`)
)

// termMarkup renders the bold and italics of Markdown text s for a
// terminal (ansi) or as plain text.
func termMarkup(s string, ansi bool) string {
	bold, italic := "$1", "$1$2"
	if ansi {
		bold, italic = "\x1b[1m$1\x1b[22m", "$1\x1b[3m$2\x1b[23m"
	}
	return mdItalic.ReplaceAllString(mdBold.ReplaceAllString(s, bold), italic)
}

// markupFor returns termMarkup for output w: ANSI when w is a terminal
// that takes it (isTerminal), plain otherwise.
func markupFor(w io.Writer) func(string) string {
	ansi := isTerminal(w)
	return func(s string) string { return termMarkup(s, ansi) }
}

// markup is markupFor the command's standard output.
func (e *env) markup() func(string) string { return markupFor(e.stdout) }
