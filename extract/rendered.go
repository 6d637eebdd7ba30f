package extract

import (
	"github.com/wikirules/wikirules"
)

// Rendered revisions (wikirules.FormatPageText and FormatHTML) show what
// the wiki's templates produced, not the templates: "Update PDF 2.1, July
// 2023" / "Actualización 1.1.1, Dec 2021" where the wikitext has {{update |
// …}}, "Show original text." / "Original" for {{original}}, "IMPORTANT" /
// "IMPORTANTE" for {{important-start}}, "Q:" / "A:" / "Related Pages:"
// lines for {{faqbox}}, "This N4 rule is not used in CodeOne." for
// {{n4only}}, "ENGINEER" / "SHORT SKILL" for {{css_skillbox}}, "Anexo de
// Reglas" for {{n4annex}}. The rendered front-end cuts each format into
// lines (rendered_text.go, rendered_html.go), turns them into the unit
// stream (rendered_units.go, rendered_blocks.go, rendered_faq.go) and the
// one pass reads it: the same records the wikitext makes where the page
// shows the same thing.

// RenderedOptions tune ExtractRenderedWith. Vocabulary supplies box and
// block labels (Default when nil). FAQs identifies FAQ entries whose title
// and version the page does not show (see FAQCatalog); nil leaves them
// without title and version.
type RenderedOptions struct {
	Vocabulary *Vocabulary
	FAQs       *FAQCatalog
}

// IsRendered reports whether revisions of format f are rendered pages
// (page text or HTML) that ExtractRendered reads, rather than wikitext.
func IsRendered(f wikirules.Format) bool {
	return f == wikirules.FormatPageText || f == wikirules.FormatHTML
}

// ExtractRendered extracts a rendered revision (rev.Format FormatPageText
// or FormatHTML; anything else is read as page text) with the Default
// vocabulary and no FAQ catalogue.
func ExtractRendered(rev wikirules.Revision) *wikirules.Extraction {
	return ExtractRenderedWith(rev, RenderedOptions{})
}

// ExtractRenderedWith extracts a rendered revision. It never fails: what it
// cannot place is reported in Extraction.Diagnostics (page, revision, byte
// offset). Record and layout spans are byte ranges of rev.Text (for HTML,
// of the markup: a record spans its element) that never overlap; with
// layout (page furniture, navigation, markers, headings, markup and white
// space) they cover the text.
func ExtractRenderedWith(rev wikirules.Revision, opt RenderedOptions) *wikirules.Extraction {
	if opt.Vocabulary == nil {
		opt.Vocabulary = Default()
	}
	if !opt.Vocabulary.holdsRules(rev) {
		return notContent(rev)
	}
	var doc *renderedDoc
	if rev.Format == wikirules.FormatHTML {
		doc = htmlLines(rev.Text, opt.Vocabulary)
	} else {
		doc = textLines(rev.Text, opt.Vocabulary, rev.Page.Title)
	}
	return opt.Vocabulary.extract(rev, renderedStream(rev.Text, doc, opt.Vocabulary, rev.Page.Title), opt.FAQs)
}

// renderedDoc is a rendered page cut into lines, with the spans known to
// be layout (outside the content, furniture elements), categories, and
// whether a gap of bytes between pieces may be treated as layout.
type renderedDoc struct {
	lines      []rline
	layout     []wikirules.Span
	categories []string
	gapOK      func(s string) bool
}

type rlKind uint8

const (
	rlPara    rlKind = iota // a paragraph (page text: maybe a heading or a marker)
	rlItem                  // a list item of depth
	rlHeading               // a heading of level
	rlLayout                // furniture: title, navigation, site lines
	rlRow                   // a table row (HTML), with its cells
)

// rline is one line of a rendered page: span is its bytes in the revision
// (the element in HTML), text its plain text with white space collapsed,
// md its Markdown. sure is set when markup says what the line is (HTML):
// a paragraph is then never taken for a heading. gap counts the blank
// lines before it (page text). boxes are the enclosing container elements
// (HTML), outermost first; boxGroup is the vocabulary group of the
// innermost container whose class names one ("important"), boxID its id.
type rline struct {
	span     wikirules.Span
	kind     rlKind
	text, md string
	level    int
	depth    int
	sure     bool
	gap      int
	boxes    []int
	boxGroup string
	boxID    int
	links    []string
	cue      wikirules.Editions // editions a furniture line shows (an N5 navigation bar)
	marked   bool               // an item the page marks as one ("• ", "- ", <li>), not a line read as one
	// edition is the edition template (c1, n4, n4list) of the innermost
	// container that renders one (HTML), editionID that container.
	edition   string
	editionID int
	cells     []string // a table row (HTML): its cells
	header    []string // a table row (HTML): the labels of its table's columns
	labels    []string // a table row (HTML): the label heading each cell, "" when none
	headed    bool     // a table row whose text says its labels ("Level: 3; …")
}

func (l *rline) in(container int) bool {
	for _, b := range l.boxes {
		if b == container {
			return true
		}
	}
	return false
}
