package extract

import (
	"sort"
	"time"

	"github.com/wikirules/wikirules"
)

// Vocabulary entry constructors: one line per template in Default.
func block(group string, k wikirules.Kind, label string) Entry {
	return Entry{Role: RoleBlock, Group: group, Kind: k, Label: label}
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

// n5 is the edition set of N5's own templates.
const n5 = wikirules.Editions(wikirules.N5)

// Weapon and hacking-program columns after the name, as the wiki's tables
// show them: the seven range bands of N4/N5 (0–20 cm … 120–240 cm), damage,
// burst (R), ammunition, saving attribute and traits; for programs the
// attack and opponent MODs, damage, burst, target attribute, skill type and
// special effect; for the N4 close-combat chart (Martial Arts…) the level
// and its MODs.
var (
	weaponColumns = []string{"name", "range_0_20", "range_20_40", "range_40_60", "range_60_80",
		"range_80_100", "range_100_120", "range_120_240", "damage", "burst", "ammo", "saving_attribute", "traits"}
	programColumns = []string{"name", "attack_mod", "opponent_mod", "damage", "burst", "target",
		"skill_type", "special"}
	ccColumns = []string{"level", "attack_mod", "opponent_mod", "damage_mod", "burst_mod"}
)

var defaultVocabulary = &Vocabulary{
	Templates: map[string]Entry{
		// Page furniture (section-* and n5-section-* are LayoutPrefixes).
		"image": {Role: RoleImage},
		// Skill header and labels. css_skillbox is N5's box (the null flag
		// moved to skill-label); css_skillbox-end closes it.
		"skillbox":         {Role: RoleSkill},
		"css skillbox":     {Role: RoleSkill, Cue: n5},
		"css skillbox-end": {Role: RoleSkillEnd, Cue: n5},
		"skill-label":      {Role: RoleSkillLabel},
		// Block headers: the bullets after them are requirements, effects…
		"requirements": block("requirements", wikirules.KindRequirement, "Requisitos"),
		"effects":      block("effects", wikirules.KindEffect, "Efectos"),
		"activation":   block("activation", wikirules.KindActivation, "Activación"),
		"cancellation": block("cancellation", wikirules.KindCancellation, "Cancelación"),
		"roll":         block("roll", wikirules.KindRoll, "Tirada"),
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
		"see-also-start":  boxStart("see-also", wikirules.KindReference, "Ver También"),
		"see-also":        {Role: RoleBoxStart, Group: "see-also", Kind: wikirules.KindReference, Label: "Ver También", ContentParam: 1},
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
		// The N5 wiki writes a highlight as a pair around the changed
		// words: {{erratahighlight}}words{{erratahighlight-end}}.
		"erratahighlight-end":   {Role: RoleHighlightEnd, Group: "errata"},
		"originalhighlight-end": {Role: RoleHighlightEnd, Group: "original"},
		// Tables: a header template opens a table closed by a bare "|}".
		"weapon":            {Role: RoleTableHeader},
		"n4-weapon-header":  {Role: RoleTableHeader},
		"n4-hacking-header": {Role: RoleTableHeader},
		"n4-cc-header":      {Role: RoleTableHeader},
		"weaponrow":         row(wikirules.KindWeapon, weaponColumns...),
		"n5 weaponrow":      {Role: RoleTableRow, Kind: wikirules.KindWeapon, Columns: weaponColumns, Cue: n5},
		"hackingrow":        row(wikirules.KindProgram, programColumns...),
		"n4-cc-row":         row(wikirules.KindRule, ccColumns...),
	},
	LayoutPrefixes:   []string{"section-", "n5-section-"},
	EditionPrefixes:  map[string]wikirules.Editions{"n5-section-": n5},
	CategoryPrefixes: []string{"category", "categoría", "categoria"},
	FilePrefixes:     []string{"file", "image", "archivo", "imagen"},
	FAQLabel:         "FAQs & Errata",
	ExampleLabel:     "Ejemplo",
	SeeFAQNote:       "Ver FAQs & Errata",
	Languages:        map[string]*Language{"es": languageES, "en": languageEN},
	RenderedBoxes: map[string]Entry{
		"note":   {Role: RoleBoxStart, Group: "note", Kind: wikirules.KindNote, Label: "Nota"},
		"marker": {Role: RoleBlock, Group: "marker", Kind: wikirules.KindRule, Label: "Marcador"},
	},
	Editions: EditionRules{
		TableClasses:  map[string]wikirules.Editions{"n5table-dark": n5},
		ImagePrefixes: map[string]wikirules.Editions{"n5/": n5},
		Labels:        map[string]wikirules.Editions{"null": n5, "nulo": n5},
		Wikis: map[string]wikirules.Editions{
			"infinity-n3-es": wikirules.Editions(wikirules.N3), "infinity-n3-en": wikirules.Editions(wikirules.N3),
		},
		Sites:    map[string]wikirules.Editions{"Infinity Wiki": wikirules.Editions(wikirules.N3)},
		Versions: map[string]wikirules.Editions{"PDF 5.": n5},
		Eras: []Era{
			{From: time.Date(2014, 3, 1, 0, 0, 0, 0, time.UTC), Editions: wikirules.Editions(wikirules.N3)},
			{From: time.Date(2020, 2, 1, 0, 0, 0, 0, time.UTC), Editions: wikirules.Editions(wikirules.N4 | wikirules.C1)},
			{From: time.Date(2025, 4, 1, 0, 0, 0, 0, time.UTC)},
		},
	},
	ContentNamespaces: []int{0},
}

// Default returns the vocabulary of the Infinity rules wikis, Spanish and
// English (docs/DESIGN.md, "Template vocabulary"; corpus/wiki-pages/README.md).
// The returned value is shared: copy it (Clone) before changing it.
func Default() *Vocabulary { return defaultVocabulary }

// Clone returns a deep copy of v that can be changed freely, e.g. to add
// one template: v := extract.Default().Clone(); v.Templates["nota"] = …
// Languages are copied as pointers to new Language values whose maps and
// lists are shared: replace a list rather than editing it in place.
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
	c.Languages = make(map[string]*Language, len(v.Languages))
	for k, l := range v.Languages {
		lc := *l
		c.Languages[k] = &lc
	}
	c.RenderedBoxes = make(map[string]Entry, len(v.RenderedBoxes))
	for k, e := range v.RenderedBoxes {
		c.RenderedBoxes[k] = e
	}
	c.Editions.Eras = append([]Era(nil), v.Editions.Eras...)
	return &c
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
