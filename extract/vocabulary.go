package extract

import (
	"fmt"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/wikitext"
)

// Role is what a template means to the extractor.
type Role uint8

// Template roles. A template whose key is not in the vocabulary has
// RoleUnknown: it is kept raw (as a KindTemplate record when it stands alone
// on its line, inside the text of the surrounding record otherwise) and
// counted in Extraction.Unknown.
const (
	RoleUnknown       Role = iota
	RoleLayout             // page furniture ({{section-*}}): layout, no content
	RoleImage              // {{image | name=…}}: layout
	RoleSkill              // skill header: {{skillbox |colour| NAME | TYPE}}
	RoleSkillLabel         // {{skill-label | A, B}}: labels of the last skill header
	RoleSkillEnd           // {{css_skillbox-end}}: the skill box (and its rule block) ends; layout
	RoleBlock              // block header ({{effects}}): the items after it belong to it
	RoleBoxStart           // opens a box ({{important-start}}, {{greybox-start | TITLE}})
	RoleBoxEnd             // closes the box of the same Group
	RoleFAQ                // {{faqbox | type= | title= | version= | q= | a= | related=}}
	RoleSeeFAQ             // {{seefaq | note}}: inline note attached to its record
	RolePageEdition        // {{n4only}}: the whole page is scoped to Editions
	RoleEditionStart       // opens an edition block ({{c1}}, {{n4list}}, {{n4annex}}…)
	RoleEditionEnd         // closes the edition block of the same Group
	RoleUpdateStart        // {{update | VERSION, DATE}}: current text of an update
	RoleUpdateEnd          // {{update-end}}
	RoleOriginalStart      // {{original}}: the superseded text an update replaced
	RoleOriginalEnd        // {{original-end}}
	RoleHighlight          // {{erratahighlight | text}}: inline, text kept, span noted
	RoleTableHeader        // {{weapon}}, {{n4-hacking-header}}: opens a table closed by "|}"
	RoleTableRow           // {{weaponrow | NAME | …}}: one record, Fields by Columns
	RoleHighlightEnd       // {{erratahighlight-end}}: closes {{erratahighlight}} written without text
)

var roleNames = [...]string{
	"unknown", "layout", "image", "skill", "skill-label", "skill-end", "block", "box-start", "box-end",
	"faq", "seefaq", "page-edition", "edition-start", "edition-end", "update-start",
	"update-end", "original-start", "original-end", "highlight", "table-header", "table-row",
	"highlight-end",
}

// String returns the role's name, e.g. "edition-start".
func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return "role?"
}

// Entry is the meaning of one template of the vocabulary.
//
// Kind is the record kind a block, box or table row gives its records;
// Label is the section label the wiki shows for it ("Efectos"); Group pairs
// start and end templates ("important", "n4", "c1"); Editions is the scope
// of an edition block or of n4only; Annex marks a provisional annex rule
// ({{n4annex}}); Alternative marks edition blocks that can stand as the
// other edition's version of the block before them (c1 / n4 / n4list);
// TitleParam is the positional parameter holding a box title (greybox-start:
// 1); ContentParam, when set, makes a box start self-contained: the box's
// content is that positional parameter ({{important | text}}); Columns name
// the positional parameters of a table row, in order. Inline marks an
// edition block that may open and close inside a line ({{n4inline}}): there
// it scopes the text between as "[N4: …]" instead of splitting the record.
// Cue is the editions a page using the template shows ({{css_skillbox}} is
// N5's box: a page drawn with it is an N5 page).
//
// Label is the Spanish wiki's; a page of another language names the
// section with its Language's Labels, by Group (blocks are their own group:
// "effects").
type Entry struct {
	Role         Role
	Kind         wikirules.Kind
	Label        string
	Group        string
	Editions     wikirules.Editions
	Annex        bool
	Alternative  bool
	TitleParam   int
	ContentParam int
	Columns      []string
	Inline       bool
	Cue          wikirules.Editions
}

// Vocabulary maps template keys (wikitext.NormalizeName of the template
// name: lower case, "_" = space) to their meaning, plus the name prefixes of
// page furniture, the namespaces of category and file links, and the labels
// the wiki shows for sections the extractor names itself. Another MediaWiki
// rules wiki brings its own Vocabulary; Default is the Spanish Infinity wiki.
type Vocabulary struct {
	Templates      map[string]Entry
	LayoutPrefixes []string // keys starting with one of these are RoleLayout
	// EditionPrefixes scope the whole page like {{n4only}}: a page
	// furnished with {{n5-section-*}} is an N5 page.
	EditionPrefixes  map[string]wikirules.Editions
	CategoryPrefixes []string // lower-case link namespaces of categories ("category")
	FilePrefixes     []string // lower-case link namespaces of files and images
	FAQLabel         string   // section label of FAQ records when no heading names it
	ExampleLabel     string   // section label of an example without a title
	SeeFAQNote       string   // note of a {{seefaq}} without text
	// ContentNamespaces are the MediaWiki namespaces whose pages hold rules
	// (default: the main namespace, 0). A revision of any other page (User:,
	// Talk:, Template:, Category:…) is stored but yields no records or FAQs:
	// a user page must never decide a ruling.
	ContentNamespaces []int
	// Languages holds what the pages of each language show (vocabulary_lang.go):
	// rendered labels and furniture, FAQ layout, edition sentences, wording
	// cues, dates. RenderedBoxes are boxes and blocks that rendered pages
	// show without a template of their own in Templates ("NOTA"), by group.
	Languages     map[string]*Language
	RenderedBoxes map[string]Entry
	// Editions says how a page's editions are told (editions.go): cues
	// of wikitables, images and skill labels, the wikis of one edition,
	// the eras that date text showing no edition.
	Editions EditionRules
}

// holdsRules reports whether a revision yields records: wikitext (a CSS,
// JSON or JavaScript page's text is no rule even where its comments hold
// a faqbox) of a page of a content namespace that is not a redirect.
func (v *Vocabulary) holdsRules(rev wikirules.Revision) bool {
	return v.IsContent(rev.Page.Namespace) && wikirules.IsWikitextModel(rev.Model) && wikirules.RedirectTarget(rev.Text) == ""
}

// IsContent reports whether pages of namespace ns hold rules.
func (v *Vocabulary) IsContent(ns int) bool {
	if len(v.ContentNamespaces) == 0 {
		return ns == 0
	}
	for _, n := range v.ContentNamespaces {
		if n == ns {
			return true
		}
	}
	return false
}

// notContent is the extraction of a revision that holds no rules (see
// holdsRules): its whole text is layout, with a diagnostic saying why.
func notContent(rev wikirules.Revision) *wikirules.Extraction {
	why := fmt.Sprintf("namespace %d holds no rules", rev.Page.Namespace)
	if !wikirules.IsWikitextModel(rev.Model) {
		why = fmt.Sprintf("content model %s is not wikitext", wikirules.Excerpt(rev.Model, 40))
	} else if to := wikirules.RedirectTarget(rev.Text); to != "" {
		why = "a redirect to " + to
	}
	x := &wikirules.Extraction{}
	diagnose(x, &rev, 0, "%s; stored without records", why)
	if len(rev.Text) > 0 {
		x.Layout = []wikirules.Span{{Start: 0, End: len(rev.Text)}}
	}
	return x
}

// Lookup returns the entry of a template name (any case, "_" or space) and
// whether it is known. Names matching a LayoutPrefixes prefix are RoleLayout.
func (v *Vocabulary) Lookup(name string) (Entry, bool) {
	var buf [64]byte
	key, ok := asciiKey(name, buf[:0])
	if !ok {
		key = []byte(wikitext.NormalizeName(name))
	}
	if e, ok := v.Templates[string(key)]; ok { // no allocation: map index by string(bytes)
		return e, true
	}
	for _, p := range v.LayoutPrefixes {
		if len(key) >= len(p) && string(key[:len(p)]) == p {
			return Entry{Role: RoleLayout}, true
		}
	}
	return Entry{}, false
}

// asciiKey is wikitext.NormalizeName for short ASCII names, written into
// buf without allocating; ok is false for other names.
func asciiKey(name string, buf []byte) ([]byte, bool) {
	if len(name) > cap(buf) {
		return nil, false
	}
	space := false
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 0x80:
			return nil, false
		case c == '_' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			space = true
			continue
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		if space && len(buf) > 0 {
			buf = append(buf, ' ')
		}
		space = false
		buf = append(buf, c)
	}
	return buf, true
}

// linkNamespace returns the lower-cased namespace of a link target
// ("Category: Game States" → "category") or "".
func linkNamespace(target string) string {
	i := strings.IndexByte(target, ':')
	if i <= 0 {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(target[:i]))
}

func hasNamespace(target string, prefixes []string) bool {
	ns := linkNamespace(target)
	if ns == "" {
		return false
	}
	for _, p := range prefixes {
		if ns == p {
			return true
		}
	}
	return false
}
