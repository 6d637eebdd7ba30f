package extract

import (
	"strings"
	"unicode"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
	"github.com/wikirules/wikirules/wikitext"
)

// Extract turns one parsed revision into records, FAQ entries, categories,
// links, page editions, unknown-template counts and layout spans, using
// the Default vocabulary. doc must be the parse of rev.Text.
func Extract(rev wikirules.Revision, doc *wikitext.Document) *wikirules.Extraction {
	return Default().Extract(rev, doc)
}

// ExtractText parses rev.Text with wikitext.Parse and extracts it with the
// Default vocabulary.
func ExtractText(rev wikirules.Revision) *wikirules.Extraction {
	return Extract(rev, wikitext.Parse(rev.Text))
}

// Extract turns one parsed revision into an Extraction using vocabulary v
// (see the package documentation for the record model). It never fails:
// malformed structure (an end template without its start, a start without
// its end) is recovered from and reported in Extraction.Diagnostics, each
// naming the page, revision and byte offset.
func (v *Vocabulary) Extract(rev wikirules.Revision, doc *wikitext.Document) *wikirules.Extraction {
	if !v.holdsRules(rev) {
		return notContent(rev)
	}
	x := v.extract(rev, wikitextStream(doc, v, v.language(rev.Page.Language)), nil)
	// What the parser found malformed ("unclosed [[ left as text",
	// "unclosed table {| runs to the end") is reported with what the
	// extraction found, parser's first: both name a byte of rev.Text.
	if len(doc.Diagnostics) > 0 {
		own := x.Diagnostics
		x.Diagnostics = nil
		for _, d := range doc.Diagnostics {
			diagnose(x, &rev, d.Pos, "%s", d.Msg)
		}
		x.Diagnostics = append(x.Diagnostics, own...)
	}
	return x
}

func appendUnique(list []string, s string) []string {
	for _, have := range list {
		if have == s {
			return list
		}
	}
	return append(list, s)
}

// Slug returns a URL-safe form of a page title: folded (lang.Fold: lower
// case, accents removed), runs of other characters than ASCII letters and
// digits turned into "-" ("Activación de una Tropa" →
// "activacion-de-una-tropa", "G: Jumper" → "g-jumper").
func Slug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range lang.Fold(title) {
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	if b.Len() == 0 {
		return "page"
	}
	return b.String()
}
