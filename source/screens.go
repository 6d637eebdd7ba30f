package source

import (
	"regexp"
	"strings"
)

// The MediaWiki screens that show no revision, as their rendered text
// shows them in English and Spanish (MediaWiki's messages
// difference-title, difference-title-multipage, diff-multi-sameuser,
// lineno, history-title, contributions-title, searchresults-title), and
// the markers of their content: the diff engine's line-number rows and
// change markers, an Atom or RSS feed.
var (
	diffTitle = regexp.MustCompile(`^(?:Difference between revisions of "(.+)"|Diferencia entre revisiones de «(.+)»)$`)
	// a diff of two pages: "Difference between pages "A" and "B"".
	pagesDiffTitle = regexp.MustCompile(`^(?:Difference between pages "(.+)" and "(.+)"|Diferencia entre páginas «(.+)» y «(.+)»)$`)
	pagesDiffNote  = regexp.MustCompile(`^\((?:Difference between pages|Diferencia entre páginas)\)$`)
	// "(3 intermediate revisions by the same user not shown)", "(No se
	// muestran 2 ediciones intermedias del mismo usuario)", with the table
	// rendering's trailing cells.
	intermediate = regexp.MustCompile(`^\|?\s*\((?:\d+|One|Una) intermediate revisions?\b.*not shown\)|^\|?\s*\(No se muestra(?:n)? (?:\d+|una) edici(?:ones|ón) intermedias?\b`)
	// the line-number row of each hunk, both sides: "Line 7: Line 7:",
	// "Line 1: | Line 1: | ||", "| Línea 84: | Línea 84: | ||".
	lineNumberRow = regexp.MustCompile(`^\|?\s*(?:Line|Línea) \d+:\s*\|?\s*(?:Line|Línea) \d+:`)
	// a table rendering's change cells: "− | old | + | new |", "| − | …".
	tableMarker   = regexp.MustCompile(`^\|?\s*[−+]\s+\|`)
	historyTitle  = regexp.MustCompile(`^(?:Revision history of "(.+)"|Historial de revisiones de «(.+)»)$`)
	contribsTitle = regexp.MustCompile(`^(?:User contributions for (.+)|Contribuciones (?:del usuario|de la usuaria|de) (.+))$`)
	searchTitle   = regexp.MustCompile(`^(?:Search results|Resultados de la búsqueda)$`)
	feedRoot      = regexp.MustCompile(`<feed\s[^>]*xmlns="http://www\.w3\.org/2005/Atom"|<rss[\s>]`)
)

// headerLines is how many non-blank lines of a rendered page's top are
// searched for a screen's title (site notices come before it).
const headerLines = 16

// classifyText tells from the content of a rendered page (text without its
// URL line) whether it is a MediaWiki screen that shows no revision; nil
// when it reads as a page. A diff is known by its title line, its
// "intermediate revisions" note, a line-number row or change markers (two
// or more rows of the table rendering, three or more lone "+"/"−" lines of
// the inline one), so that a diff saved without its title is known too.
func classifyText(text string) *NotRevisionError {
	head := strings.TrimLeft(text, " \t\n\ufeff")
	if strings.HasPrefix(head, "<?xml") || strings.HasPrefix(head, "<feed") || strings.HasPrefix(head, "<rss") ||
		feedRoot.MatchString(text[:min(len(text), headSize)]) {
		title := ""
		if m := regexp.MustCompile(`<title>([^<]*?) - (?:Revision history|Historial de revisiones)</title>`).FindStringSubmatch(text); m != nil {
			title = m[1]
		}
		return &NotRevisionError{Kind: KindFeed, Title: title}
	}
	var found *NotRevisionError
	seen, lone, table := 0, 0, 0
	for line := range strings.SplitSeq(text, "\n") {
		l := strings.TrimSpace(line)
		if l == "" {
			continue
		}
		if seen < headerLines {
			seen++
			if m := pagesDiffTitle.FindStringSubmatch(l); m != nil {
				return &NotRevisionError{Kind: KindPagesDiff, Title: m[1] + m[3], Other: m[2] + m[4]}
			}
			if pagesDiffNote.MatchString(l) {
				return &NotRevisionError{Kind: KindPagesDiff}
			}
			if m := diffTitle.FindStringSubmatch(l); m != nil && found == nil {
				found = &NotRevisionError{Kind: KindDiff, Title: m[1] + m[2]}
			}
			if m := historyTitle.FindStringSubmatch(l); m != nil {
				return &NotRevisionError{Kind: KindHistory, Title: m[1] + m[2]}
			}
			if m := contribsTitle.FindStringSubmatch(l); m != nil {
				return &NotRevisionError{Kind: KindContributions, Title: m[1] + m[2]}
			}
			if searchTitle.MatchString(l) {
				return &NotRevisionError{Kind: KindSearch}
			}
		}
		switch {
		case l == "+" || l == "−":
			lone++
		case tableMarker.MatchString(l):
			table++
		}
		if intermediate.MatchString(l) || lineNumberRow.MatchString(l) || lone >= 3 || table >= 2 {
			if found == nil {
				found = &NotRevisionError{Kind: KindDiff}
			}
		}
	}
	return found
}
