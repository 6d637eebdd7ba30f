package extract

import "github.com/wikirules/wikirules"

// The unit stream. Both front-ends cut a revision into one flat sequence
// of units in source order, and one pass (pass.go) reads it: the wikitext
// front-end (wikitext_units.go) from the parsed tree, the rendered
// front-end (rendered_units.go) from the lines of rendered page text or
// HTML. A unit says what a piece of the page is — a heading, a list item,
// a paragraph, a table row, a box that opens or closes, an update, an FAQ
// entry, a skill header — in terms that do not depend on the input, so a
// box, an update or an FAQ means the same whatever the format.
//
// Units never overlap and lie in source order; what no unit covers is
// white space (or, in HTML, markup) that the pass classifies as layout.
// A structural marker a rendered page does not show (the end of a box,
// which text only shows as blank lines) is a unit with an empty span and
// implicit set: it closes without a diagnostic.

// unitKind classifies the units of the stream.
type unitKind uint8

const (
	uMarker   unitKind = iota // structure: a vocabulary entry (box start, block header, FAQ, update, skill header…)
	uTemplate                 // an unknown template standing alone on its line, kept raw
	uHeading                  // a heading of level; c holds its title
	uItem                     // one list item of depth
	uPara                     // a paragraph
	uTable                    // a table kept whole
	uRow                      // one row of a table (wikitable or rendered); row holds its cells
	uLayout                   // furniture, category links, comment-only runs
)

// content is what a unit shows as text: Markdown and plain text as the
// renderer gives them (not yet normalised), and what the text refers to.
type content struct {
	md, plain  string
	links      []string
	notes      []string
	categories []string
	highlights map[string][]string
}

// unit is one piece of the page. span is trimmed of surrounding white
// space. tmpl is the template a wikitext marker or unknown template is, as
// written ("Important-start"); name names a rendered marker by its line
// ("«Original»").
type unit struct {
	kind   unitKind
	span   wikirules.Span
	tmpl   string
	name   string
	entry  Entry   // uMarker: the meaning of the marker
	c      content // the unit's text (for a marker: its title or self-contained content)
	depth  int     // uItem: list depth
	prefix string  // uItem: the list characters ("*", "#", "-")
	level  int     // uHeading: 1–6

	implicit      bool               // a marker the page does not show (rendered box ends): no diagnostic
	selfContained bool               // a box start holding its content ({{important | text}})
	cue           wikirules.Editions // the editions the unit shows by itself (css_skillbox → N5)
	args          *unitArgs          // what a marker, row or category line says; nil for plain text
}

// unitArgs are the arguments of the units that have some (most units are
// text and have none).
type unitArgs struct {
	title      string
	version    string // update: "1.1.1, dic 2021"
	skill      *wikirules.SkillHeader
	labels     []string // skill-label
	faq        *faqUnit
	row        *rowValues
	categories []string // uLayout: the categories a category link or line names
}

// noArgs are the arguments of a unit without any.
var noArgs unitArgs

// get returns u's arguments (empty ones when it has none); set returns
// them for writing.
func (u *unit) get() *unitArgs {
	if u.args == nil {
		return &noArgs
	}
	return u.args
}

func (u *unit) set() *unitArgs {
	if u.args == nil {
		u.args = &unitArgs{}
	}
	return u.args
}

// faqUnit is one FAQ or errata entry as a front-end read it: from a
// {{faqbox}}'s parameters or from a rendered FAQ block ("Q:" / "A:" /
// "Related Pages:"). q and a are content (Markdown and plain, markers such
// as "Q:" still in place); related are page titles; removed is the
// version that withdrew the entry ("1.3, Nov 2022"), if the page says so.
type faqUnit struct {
	typ, title, version string
	removed             string
	q, a                content
	related             []string
}

// label is how diagnostics name a unit: "{{c1}}", "«Original»".
func (u *unit) label() string {
	if u.tmpl != "" {
		return "{{" + u.tmpl + "}}"
	}
	return u.name
}

// isMarker reports whether u is a marker of role r.
func (u *unit) isMarker(r Role) bool { return u.kind == uMarker && u.entry.Role == r }
