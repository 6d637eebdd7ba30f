package extract

import (
	"regexp"
	"strings"
	"time"
	"unicode"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// Language is the vocabulary of one language of the wiki: the words its
// pages show. Templates keep English names on every wiki ({{effects}} on
// the Spanish one too), but they render in the wiki's language (EFECTOS),
// and MediaWiki's own furniture is in the language of the wiki ("Saltar
// a: navegación, buscar"). Rendered pages are read with the lines of every
// language (a Spanish page may still hold English text); the page's own
// language names the sections of its records.
type Language struct {
	// Labels is the section label of the records of a block or box, by
	// vocabulary group ("effects" → "Efectos", "important" →
	// "Importante"); FAQLabel and ExampleLabel name FAQ and example
	// sections without a heading or title of their own.
	Labels       map[string]string
	FAQLabel     string
	ExampleLabel string
	// LabelsWord introduces a skill header's labels in its record's text
	// ("Etiquetas: Movimiento"); SeeFAQNote is the note of a {{seefaq}}
	// without text.
	LabelsWord string
	SeeFAQNote string
	// LabelLines are the lines a rendered block or box starts with, by
	// group ("effects": "EFECTOS", "Efectos"). A line matches when
	// it equals one of them or its upper-case form, accents aside.
	LabelLines map[string][]string
	// ExamplePrefixes start the title line of a rendered example
	// ("Example 1. Martial Arts L3 vs Martial Arts L1").
	ExamplePrefixes []string
	// FAQHeadings are the headings of an FAQ section ("FAQs & Errata",
	// "FAQs"); Question, Answer and Related start the lines of an entry;
	// Version starts its version line, Removed the withdrawal in it
	// ("Version: Removed in 1.3, Nov 2022 1.0, Jan 2021").
	FAQHeadings []string
	Question    []string
	Answer      []string
	Related     []string
	Version     []string
	Removed     []string
	// Update starts the line of a rendered {{update}} ("Update PDF 2.1,
	// July 2023"); ShowOriginal is the toggle of {{original}}, which ends
	// the update's text; Original is the label of the original text.
	Update       []string
	ShowOriginal []string
	Original     []string
	// Furniture are whole lines of MediaWiki's chrome (compared
	// case-folded); FurniturePrefixes start such lines ("(Redirected
	// from"); Sites are the site lines of the page header ("From
	// Infinity"); Banners start a site notice, whose lines up to the page
	// title are furniture ("NOTICE: Infinity N5.2 and FAQ 5.0.0").
	Furniture         []string
	FurniturePrefixes []string
	Sites             []string
	Banners           []string
	BannerLines       []string
	// Annex and AnnexNote are the label and the fixed explanation of the
	// {{n4annex}} box; Categories starts the category line.
	Annex      []string
	AnnexNote  []string
	Categories []string
	// EditionNote is the sentence of {{n4only}}: group 1 names the
	// edition the page holds in. RecordEditions are phrases that scope
	// the one record holding them ("In Infinity CodeOne" → C1).
	EditionNote    *regexp.Regexp
	RecordEditions map[string]wikirules.Editions
	// SkillTypes are the types a skill header shows ("SHORT SKILL / ARO");
	// N5Types are the ones only N5 has ("LONG SKILL", which replaced the
	// Entire Order).
	SkillTypes []string
	N5Types    []string
	// N5Wording are phrases only N5 text uses, N5Openings the ones that
	// open an N5 bullet ("Restriction:"); N4Wording are the N4 and CodeOne
	// terms N5 replaced ("Wounds Attribute", "Entire Order"): text holding
	// them is of the N4 wikis (see editions.go); so is the N4 CC skill
	// charts' "Damage MOD (PH)" column (a MOD to PH for CC damage, which
	// N5's charts dropped: N5's Martial Arts chart has Attack, Opponent and
	// Burst MODs only). N5's terms include the
	// Tactical Order, which N5 gave where N4 gave an Irregular Order or the
	// Lieutenant Special Order (Tactical Awareness, NCO), and the Order
	// count "Regular + Irregular + Tactical"; "Tactical Phase" is in both.
	N5Wording  []string
	N5Openings []string
	N4Wording  []string
	// Revision matches the line of an old revision ("Revision as of
	// 11:10, 3 February 2021 by Ian"): groups hour, minute, day, month
	// name, year. Months maps month names and abbreviations (lower case,
	// no final dot) to their month.
	Revision *regexp.Regexp
	Months   map[string]time.Month
	// NavCues are navigation bars only one edition's section templates
	// draw, by their first cells.
	NavCues map[string]wikirules.Editions
	// TableWords are column names of the wiki's tables ("Burst", "Attack
	// MOD"): a line holding two of them heads a rendered table.
	TableWords []string
	// LevelColumns maps the label of a table's level column to the letter
	// the wiki writes a level with after a skill's name ("Level" → "L":
	// "Martial Arts L3"; "Nivel" → "N": "Visor Multiespectral N1"): a row
	// whose first value is a level is titled by it ("L3").
	LevelColumns map[string]string
}

// months of the two languages, full and abbreviated, as MediaWiki writes
// them in dates and as editors write them in update markers.
var (
	monthsES = map[string]time.Month{
		"enero": 1, "ene": 1, "febrero": 2, "feb": 2, "marzo": 3, "mar": 3, "abril": 4, "abr": 4,
		"mayo": 5, "may": 5, "junio": 6, "jun": 6, "julio": 7, "jul": 7, "agosto": 8, "ago": 8,
		"septiembre": 9, "setiembre": 9, "sep": 9, "sept": 9, "set": 9, "octubre": 10, "oct": 10,
		"noviembre": 11, "nov": 11, "diciembre": 12, "dic": 12,
	}
	monthsEN = map[string]time.Month{
		"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
		"may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
		"sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
	}
)

var languageES = &Language{
	Labels: map[string]string{
		"requirements": "Requisitos", "effects": "Efectos", "activation": "Activación",
		"cancellation": "Cancelación", "roll": "Tirada", "important": "Importante",
		"remember": "Recuerda", "explain": "Explicación", "advice": "Consejo",
		"see-also": "Ver También", "greybox": "Ejemplo", "note": "Nota", "marker": "Marcador",
	},
	FAQLabel:     "FAQs & Errata",
	ExampleLabel: "Ejemplo",
	LabelsWord:   "Etiquetas",
	SeeFAQNote:   "Ver FAQs & Errata",
	LabelLines: map[string][]string{
		"requirements": {"Requisitos"}, "effects": {"Efectos"}, "activation": {"Activación"},
		"cancellation": {"Cancelación"}, "roll": {"Tirada"}, "important": {"IMPORTANTE"},
		"remember": {"RECUERDA"}, "explain": {"EXPLICACIÓN"}, "advice": {"CONSEJO", "Consejo de Sibylla"},
		"see-also": {"VER TAMBIÉN"}, "note": {"NOTA"}, "marker": {"Marcador"},
	},
	ExamplePrefixes: []string{"Ejemplo"},
	FAQHeadings:     []string{"FAQs & Errata", "FAQs y Errata", "FAQ & Errata", "FAQs"},
	Question:        []string{"Q:", "P:", "[Errata]"},
	Answer:          []string{"A:", "R:"},
	Related:         []string{"Páginas:", "Paginas:", "Páginas relacionadas:"},
	Version:         []string{"Versión:", "Version:"},
	Removed:         []string{"Eliminada en", "Retirada en"},
	Update:          []string{"Actualización", "Actualizacion", "ACTUALIZACIÓN"},
	ShowOriginal:    []string{"mostrar texto original", "ocultar texto original"},
	Original:        []string{"original"},
	Furniture: []string{"saltar a: navegación, buscar", "saltar a navegación", "saltar a búsqueda",
		"secciones principales", "[mostrar]", "[ocultar]", "contenido", "[...]", "[…]"},
	FurniturePrefixes: []string{"(redirigido desde", "revisión del ", "revisión de ", "revisión actual del ",
		"(difs.) ← revisión anterior"},
	Sites:       []string{"De "},
	Banners:     []string{"AVISO:"},
	BannerLines: []string{"La Wiki ", "Lista de páginas de la wiki"},
	Annex:       []string{"anexo de reglas"},
	AnnexNote:   []string{"esta regla procede del anexo"},
	Categories:  []string{"Categorías:", "Categoría:"},
	EditionNote: regexp.MustCompile(`(?i)^esta regla (n3|n4|n5|c1|codeone|code one) no se utiliza en (?:n3|n4|n5|c1|codeone|code one)\s*\.?$`),
	RecordEditions: map[string]wikirules.Editions{
		"En Infinity CodeOne": wikirules.Editions(wikirules.C1), "En Infinity N4": wikirules.Editions(wikirules.N4),
		"En Infinity N5": wikirules.Editions(wikirules.N5),
	},
	SkillTypes: []string{"HABILIDAD CORTA DE MOVIMIENTO / ORA", "HABILIDAD CORTA DE MOVIMIENTO", "HABILIDAD CORTA / ORA",
		"HABILIDAD CORTA", "HABILIDAD LARGA", "ORDEN COMPLETA", "HABILIDAD AUTOMÁTICA", "EQUIPO AUTOMÁTICO",
		"HABILIDAD DE DESPLIEGUE", "EQUIPO", "ORA", "NULO"},
	N5Types: []string{"HABILIDAD LARGA"},
	N5Wording: []string{"Atributo VITA", "VITA/EST", "Habilidad Larga", "Habilidades Largas", "Consejo de Sibylla",
		`(a partir de ahora, sólo "Tropa")`},
	N5Openings: []string{"Restricción:", "Restricción."},
	N4Wording:  []string{"Heridas/EST", "Atributo Heridas", "Orden Completa"},
	NavCues:    map[string]wikirules.Editions{"Posibilidad de Supervivencia (PS)": wikirules.Editions(wikirules.N5)},
	Revision:   regexp.MustCompile(`^Revisión (?:del|de) (\d{1,2}):(\d{2}),? (\d{1,2}) ([a-zé]{3,10})\.? (\d{4})\b`),
	Months:     monthsES,
	TableWords: []string{"Nombre", "Nivel", "MOD de Ataque", "MOD del Oponente", "MOD de Daño", "MOD de Ráfaga", "Daño",
		"Ráfaga", "Munición", "Tirada de Salvación", "Rasgos", "Objetivo", "Tipo de Habilidad", "Especial", "Efecto Especial", "PS"},
	LevelColumns: map[string]string{"Nivel": "N"},
}

var languageEN = &Language{
	Labels: map[string]string{
		"requirements": "Requirements", "effects": "Effects", "activation": "Activation",
		"cancellation": "Cancellation", "roll": "Roll", "important": "Important",
		"remember": "Remember", "explain": "Explanation", "advice": "Sibylla's Advice",
		"see-also": "See Also", "greybox": "Example", "note": "Note", "marker": "Marker",
	},
	FAQLabel:     "FAQs & Errata",
	ExampleLabel: "Example",
	LabelsWord:   "Labels",
	SeeFAQNote:   "See FAQs & Errata",
	LabelLines: map[string][]string{
		"requirements": {"Requirements"}, "effects": {"Effects"}, "activation": {"Activation"},
		"cancellation": {"Cancellation"}, "roll": {"Roll"}, "important": {"IMPORTANT"},
		"remember": {"REMEMBER"}, "explain": {"EXPLANATION"}, "advice": {"Sibylla's Advice"},
		"see-also": {"SEE ALSO", "See Also"}, "note": {"NOTE", "Wiki Note"}, "marker": {"Marker"},
	},
	ExamplePrefixes: []string{"Example"},
	FAQHeadings:     []string{"FAQs & Errata", "FAQ & Errata", "FAQs", "FAQ"},
	Question:        []string{"Q:"},
	Answer:          []string{"A:"},
	Related:         []string{"Related Pages:", "Pages:"},
	Version:         []string{"Version:"},
	Removed:         []string{"Removed in"},
	Update:          []string{"Update", "UPDATE"},
	ShowOriginal:    []string{"show original text", "hide original text"},
	Original:        []string{"original"},
	Furniture: []string{"jump to: navigation, search", "jump to navigation", "jump to search", "main sections",
		"[show]", "[hide]", "contents", "[...]", "[…]"},
	FurniturePrefixes: []string{"(redirected from", "revision as of ", "latest revision as of ",
		"(diff) ← older revision"},
	Sites:       []string{"From "},
	Banners:     []string{"NOTICE:"},
	BannerLines: []string{"The wiki ", "List of wiki pages updated"},
	Annex:       []string{"rules annex"},
	AnnexNote:   []string{"this rule comes from the annex"},
	Categories:  []string{"Categories:", "Category:"},
	EditionNote: regexp.MustCompile(`(?i)^this (n3|n4|n5|c1|codeone|code one) rule is not used in (?:n3|n4|n5|c1|codeone|code one)\s*\.?$`),
	RecordEditions: map[string]wikirules.Editions{
		"In Infinity CodeOne": wikirules.Editions(wikirules.C1), "In Infinity N4": wikirules.Editions(wikirules.N4),
		"In Infinity N5": wikirules.Editions(wikirules.N5),
	},
	SkillTypes: []string{"SHORT MOVEMENT SKILL / ARO", "SHORT MOVEMENT SKILL", "SHORT SKILL / ARO", "SHORT SKILL",
		"LONG SKILL", "ENTIRE ORDER", "AUTOMATIC SKILL", "AUTOMATIC EQUIPMENT", "DEPLOYMENT SKILL", "EQUIPMENT",
		"ARO", "NULL"},
	N5Types: []string{"LONG SKILL"},
	N5Wording: []string{`("Trooper" from now on)`, "VITA Attribute", "Vitality (VITA)", "Long Skill",
		"Fireteam Leader", "Sibylla's Advice", "(See FAQs.)", "Tactical Order", "Irregular + Tactical"},
	N5Openings: []string{"Restriction:", "Restriction."},
	N4Wording: []string{"Wounds Attribute", "Wounds/STR", "Wounds or Structure", "STR point", "Entire Order",
		" Team Leader", "(See FAQs & Errata", "Damage MOD (PH)"},
	NavCues:  map[string]wikirules.Editions{"States | Terminology | Alignment | Labels | Traits": wikirules.Editions(wikirules.N5)},
	Revision: regexp.MustCompile(`^Revision as of (\d{1,2}):(\d{2}), (\d{1,2}) ([A-Za-z]{3,10}) (\d{4})\b`),
	Months:   monthsEN,
	TableWords: []string{"Name", "Level", "Attack MOD", "Opponent MOD", "Opp. MOD", "Damage MOD", "Burst MOD",
		"Damage", "Burst", "Ammunition", "Saving Roll", "Traits", "Target", "Skill Type", "Special", "Special Effect",
		"No. of Rolls", "No. of Critical Rolls", "PS"},
	LevelColumns: map[string]string{"Level": "L"},
}

// language returns the vocabulary of a language code ("es" when the code
// is empty or unknown: the Spanish wiki is the default).
func (v *Vocabulary) language(code string) *Language {
	if l, ok := v.Languages[code]; ok {
		return l
	}
	if l, ok := v.Languages["es"]; ok {
		return l
	}
	for _, l := range v.Languages {
		return l
	}
	return &Language{}
}

// anyLanguage reports whether f holds for one of the languages, asking
// them in eachLanguage's order up to the first that it holds for.
func (v *Vocabulary) anyLanguage(f func(*Language) bool) bool {
	ok := false
	v.eachLanguage(func(l *Language) bool {
		ok = f(l)
		return ok
	})
	return ok
}

// eachLanguage calls f with every language, the default ("es") first, the
// others in code order, until f returns true.
func (v *Vocabulary) eachLanguage(f func(*Language) bool) {
	first := v.Languages["es"]
	if first != nil && f(first) {
		return
	}
	var buf [8]string // the codes, in order, without allocating for a few languages
	codes := buf[:0]
	for c, l := range v.Languages {
		if l == first {
			continue
		}
		codes = append(codes, c)
		for i := len(codes) - 1; i > 0 && codes[i] < codes[i-1]; i-- {
			codes[i], codes[i-1] = codes[i-1], codes[i]
		}
	}
	for _, c := range codes {
		if f(v.Languages[c]) {
			return
		}
	}
}

// labelLine finds the group of the block or box a rendered label line
// opens: a line
// equal to one of a language's LabelLines (or to its upper-case form),
// accents aside, a trailing ":" and table pipes ignored.
func (v *Vocabulary) labelLine(text string) (group string, ok bool) {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(text, "|")), ":"))
	if t == "" || len(t) > 40 {
		return "", false
	}
	ft := foldCase(t)
	v.eachLanguage(func(l *Language) bool {
		group, ok = l.index().labelLines[ft]
		return ok
	})
	return group, ok
}

// foldCase folds accents (lang.Fold) but keeps case ("ACTIVACIÓN" →
// "ACTIVACION").
func foldCase(s string) string {
	var b strings.Builder
	for _, r := range collapse(s) {
		f := lang.Fold(string(r))
		if unicode.IsUpper(r) {
			f = strings.ToUpper(f)
		}
		b.WriteString(f)
	}
	return b.String()
}

// hasAnyPrefix reports whether s starts with one of prefixes, case
// folded.
func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if len(s) >= len(p) && strings.EqualFold(s[:len(p)], p) {
			return true
		}
	}
	return false
}

// cutAnyPrefix returns s after the first of prefixes it starts with (case
// folded), trimmed, and whether one did.
func cutAnyPrefix(s string, prefixes []string) (string, bool) {
	for _, p := range prefixes {
		if len(s) >= len(p) && strings.EqualFold(s[:len(p)], p) {
			return strings.TrimSpace(s[len(p):]), true
		}
	}
	return s, false
}
