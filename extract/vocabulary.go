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
)

var roleNames = [...]string{
	"unknown", "layout", "image", "skill", "skill-label", "block", "box-start", "box-end",
	"faq", "seefaq", "page-edition", "edition-start", "edition-end", "update-start",
	"update-end", "original-start", "original-end", "highlight", "table-header", "table-row",
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

// Vocabulary entry constructors: one line per template in Default.
func layout() Entry { return Entry{Role: RoleLayout} }
func block(k wikirules.Kind, label string) Entry {
	return Entry{Role: RoleBlock, Kind: k, Label: label}
}
func boxStart(group string, k wikirules.Kind, label string) Entry {
	return Entry{Role: RoleBoxStart, Group: group, Kind: k, Label: label}
}
func boxEnd(group string) Entry { return Entry{Role: RoleBoxEnd, Group: group} }
func editionStart(group string, e wikirules.Edition, alt bool) Entry {
	return Entry{Role: RoleEditionStart, Group: group, Editions: wikirules.Editions(e), Alternative: alt}
}
func editionEnd(group string) Entry { return Entry{Role: RoleEditionEnd, Group: group} }
func row(k wikirules.Kind, cols ...string) Entry {
	return Entry{Role: RoleTableRow, Kind: k, Columns: cols}
}

// Weapon and hacking-program columns after the name, as the wiki's tables
// show them: the seven range bands of N4/N5 (0–20 cm … 120–240 cm), damage,
// burst (R), ammunition, saving attribute and traits; for programs the
// attack and opponent MODs, damage, burst, target attribute, skill type and
// special effect.
var (
	weaponColumns = []string{"name", "range_0_20", "range_20_40", "range_40_60", "range_60_80",
		"range_80_100", "range_100_120", "range_120_240", "damage", "burst", "ammo", "saving_attribute", "traits"}
	programColumns = []string{"name", "attack_mod", "opponent_mod", "damage", "burst", "target",
		"skill_type", "special"}
)

var defaultVocabulary = &Vocabulary{
	Templates: map[string]Entry{
		// Page furniture (section-* and n5-section-* are LayoutPrefixes).
		"image": {Role: RoleImage},
		// Skill header and labels.
		"skillbox":     {Role: RoleSkill},
		"css skillbox": {Role: RoleSkill},
		"skill-label":  {Role: RoleSkillLabel},
		// Block headers: the bullets after them are requirements, effects…
		"requirements": block(wikirules.KindRequirement, "Requisitos"),
		"effects":      block(wikirules.KindEffect, "Efectos"),
		"activation":   block(wikirules.KindActivation, "Activación"),
		"cancellation": block(wikirules.KindCancellation, "Cancelación"),
		// Boxes.
		"important-start": boxStart("important", wikirules.KindImportant, "Importante"),
		"important":       {Role: RoleBoxStart, Group: "important", Kind: wikirules.KindImportant, Label: "Importante", ContentParam: 1},
		"important-end":   boxEnd("important"),
		"remember-start":  boxStart("remember", wikirules.KindRemember, "Recuerda"),
		"remember":        {Role: RoleBoxStart, Group: "remember", Kind: wikirules.KindRemember, Label: "Recuerda", ContentParam: 1},
		"remember-end":    boxEnd("remember"),
		"remember end":    boxEnd("remember"), // {{Remember_End}}
		"explain-start":   boxStart("explain", wikirules.KindNote, "Explicación"),
		"explain-end":     boxEnd("explain"),
		"advice-start":    boxStart("advice", wikirules.KindNote, "Consejo"),
		"advice-end":      boxEnd("advice"),
		"see-also-start":  boxStart("see-also", wikirules.KindNote, "Ver También"),
		"see-also":        {Role: RoleBoxStart, Group: "see-also", Kind: wikirules.KindNote, Label: "Ver También", ContentParam: 1},
		"see-also-end":    boxEnd("see-also"),
		"greybox-start":   {Role: RoleBoxStart, Group: "greybox", Kind: wikirules.KindExample, Label: "Ejemplo", TitleParam: 1},
		"greybox-end":     boxEnd("greybox"),
		// FAQ and errata.
		"faqbox": {Role: RoleFAQ, Label: "FAQs & Errata"},
		"seefaq": {Role: RoleSeeFAQ},
		// Editions.
		"n4only":       {Role: RolePageEdition, Editions: wikirules.Editions(wikirules.N4)},
		"n4":           editionStart("n4", wikirules.N4, true),
		"n4list":       editionStart("n4", wikirules.N4, true),
		"n4annex":      {Role: RoleEditionStart, Group: "n4", Editions: wikirules.Editions(wikirules.N4), Annex: true},
		"n4end":        editionEnd("n4"),
		"c1":           editionStart("c1", wikirules.C1, true),
		"c1end":        editionEnd("c1"),
		"n4inline":     {Role: RoleEditionStart, Group: "n4inline", Editions: wikirules.Editions(wikirules.N4), Inline: true},
		"n4inline-end": {Role: RoleEditionEnd, Group: "n4inline", Inline: true},
		// Updates and errata of newer revisions.
		"update":            {Role: RoleUpdateStart},
		"update-end":        {Role: RoleUpdateEnd},
		"original":          {Role: RoleOriginalStart},
		"original-end":      {Role: RoleOriginalEnd},
		"erratahighlight":   {Role: RoleHighlight, Group: "errata"},
		"originalhighlight": {Role: RoleHighlight, Group: "original"},
		// Tables: a header template opens a table closed by a bare "|}".
		"weapon":            {Role: RoleTableHeader},
		"n4-weapon-header":  {Role: RoleTableHeader},
		"n4-hacking-header": {Role: RoleTableHeader},
		"weaponrow":         row(wikirules.KindWeapon, weaponColumns...),
		"n5 weaponrow":      row(wikirules.KindWeapon, weaponColumns...),
		"hackingrow":        row(wikirules.KindProgram, programColumns...),
	},
	LayoutPrefixes:    []string{"section-", "n5-section-"},
	EditionPrefixes:   map[string]wikirules.Editions{"n5-section-": wikirules.Editions(wikirules.N5)},
	CategoryPrefixes:  []string{"category", "categoría", "categoria"},
	FilePrefixes:      []string{"file", "image", "archivo", "imagen"},
	FAQLabel:          "FAQs & Errata",
	ExampleLabel:      "Ejemplo",
	SeeFAQNote:        "Ver FAQs & Errata",
	ContentNamespaces: []int{0},
}

// Default returns the vocabulary of the Spanish Infinity rules wiki
// (DESIGN.md, "Template vocabulary"). The returned value is shared: copy it
// (Clone) before changing it.
func Default() *Vocabulary { return defaultVocabulary }

// Clone returns a deep copy of v that can be changed freely, e.g. to add
// one template: v := extract.Default().Clone(); v.Templates["nota"] = …
func (v *Vocabulary) Clone() *Vocabulary {
	c := *v
	c.Templates = make(map[string]Entry, len(v.Templates))
	for k, e := range v.Templates {
		c.Templates[k] = e
	}
	c.LayoutPrefixes = append([]string(nil), v.LayoutPrefixes...)
	c.EditionPrefixes = make(map[string]wikirules.Editions, len(v.EditionPrefixes))
	for k, e := range v.EditionPrefixes {
		c.EditionPrefixes[k] = e
	}
	c.CategoryPrefixes = append([]string(nil), v.CategoryPrefixes...)
	c.ContentNamespaces = append([]int(nil), v.ContentNamespaces...)
	c.FilePrefixes = append([]string(nil), v.FilePrefixes...)
	return &c
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
