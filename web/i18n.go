package web

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
)

// Languages of the page's labels. Every label a page shows comes from
// messages in one of them; the wiki's own text is shown as it is.
const (
	langES = "es"
	langEN = "en"
)

// languages are the label languages, in the order the toggle lists them.
var languages = []string{langES, langEN}

// messages are the page labels by key: Spanish, then English. A key
// missing from the table is a template error (t panics), caught by the
// tests that render every page in both languages.
var messages = map[string][2]string{
	"brand":                   {"wikirules", "wikirules"},
	"tagline":                 {"Reglas, FAQ y erratas del wiki de Infinity, cada una con su fuente.", "Rules, FAQs and errata of the Infinity wiki, each with its source."},
	"search":                  {"Buscar", "Search"},
	"search.label":            {"Buscar en las reglas", "Search the rules"},
	"search.ph":               {"Regla, estado, FAQ o pregunta…", "Rule, state, FAQ or question…"},
	"search.title":            {"Búsqueda", "Search"},
	"search.results":          {"resultados", "results"},
	"search.none":             {"Nada encontrado para «%s».", "Nothing found for “%s”."},
	"search.tryask":           {"Pruebe con menos palabras, otra edición, o", "Try fewer words, another edition, or"},
	"search.askit":            {"hágalo como pregunta", "ask it as a question"},
	"search.filters":          {"Filtros", "Filters"},
	"search.apply":            {"Aplicar", "Apply"},
	"search.static":           {"Búsqueda sin servidor: esta copia busca en su propio índice. Las preguntas (el veredicto del motor) necesitan el servidor.", "Offline search: this copy searches its own index. Questions (the engine's verdict) need the server."},
	"search.loading":          {"Cargando el índice…", "Loading the index…"},
	"search.noscript":         {"La búsqueda sin servidor necesita JavaScript.", "Offline search needs JavaScript."},
	"kind":                    {"Tipo", "Kind"},
	"kind.all":                {"Todos los tipos", "All kinds"},
	"edition":                 {"Edición", "Edition"},
	"edition.all":             {"Todas las ediciones", "All editions"},
	"edition.default":         {"la más reciente de la base", "the newest in the knowledge base"},
	"edition.deciding":        {"la más reciente de la página que decide: no tiene texto %s, la más reciente de la base", "the newest the deciding page holds: it has no %s text, the newest in the knowledge base"},
	"edition.decidingunknown": {"la página que decide no dice su edición", "the deciding page does not say which edition it is"},
	"edition.fallback":        {"ninguna fuente %s lo resuelve: la más reciente que lo hace", "no %s source resolves this: the newest edition that does"},
	"edition.unknown":         {"Edición desconocida", "Edition unknown"},
	"edition.asked":           {"pedida", "asked"},
	"edition.newest":          {"La más reciente", "The newest"},
	"edition.speaks":          {"Edición: %s", "Edition: %s"},
	"edition.pagenewest":      {"la más reciente de esta página: no tiene versión %s, la más reciente de la base", "the newest of this page: it has no %s version, the newest in the knowledge base"},
	"edition.pageunknown":     {"edición desconocida: la página no tiene versión %s (la más reciente de la base) y no dice su edición; se muestra todo su texto", "edition unknown: the page has no %s version (the newest in the knowledge base) and does not say its edition; all its text is shown"},
	"edition.nopage":          {"La página no tiene versión %s (tiene %s).", "The page has no %s version (it holds %s)."},
	"edition.nopageunknown":   {"La página no tiene versión %s (su edición es desconocida).", "The page has no %s version (its edition is unknown)."},
	"edition.pernewest":       {"la más reciente de cada página (N5 donde la página la tiene)", "each page's newest (N5 where a page has it)"},
	"also.in":                 {"También en %s:", "Also in %s:"},
	"twin.warning":            {"Aviso", "Warning"},
	"twin.aligned":            {"La misma regla en esa página", "The same rule on that page"},
	"twin.sameplace":          {"En la misma posición de esa página (sin confirmar)", "At the same position on that page (not confirmed)"},
	"twin.page":               {"Esa página hoy", "That page now"},
	"twin.open":               {"Leer %s", "Read %s"},
	"twin.also":               {"También en %s:", "Also in %s:"},
	"twin.newer":              {"más reciente", "newer"},
	"twin.hits":               {"%d resultados en esa página", "%d results on that page"},
	"lang.es":                 {"español", "Spanish"},
	"lang.en":                 {"inglés", "English"},
	"edition.question":        {"nombrada en la pregunta", "named in the question"},
	"version":                 {"Versión", "Version"},
	"version.all":             {"Todas las versiones", "All versions"},
	"update":                  {"actualización", "update"},
	"superseded":              {"original, sustituido", "original, superseded"},
	"superseded.show":         {"Mostrar el texto original sustituido (%d)", "Show the superseded original text (%d)"},
	"superseded.hide":         {"Ocultar el texto sustituido", "Hide the superseded text"},
	"nav.faq":                 {"FAQ y erratas", "FAQs & errata"},
	"nav.ask":                 {"Preguntar", "Ask"},
	"nav.resolve":             {"Situación", "Situation"},
	"nav.pages":               {"Páginas", "Pages"},
	"lang.toggle":             {"English", "Español"},
	"lang.name":               {"Español", "English"},
	"home.pages":              {"Páginas (%d)", "Pages (%d)"},
	"home.browse":             {"Consultar", "Browse"},
	"home.errata":             {"Erratas", "Errata"},
	"home.faqs":               {"Todas las FAQ", "All FAQs"},
	"page.rev":                {"revisión", "revision"},
	"page.inferred":           {"sin fecha; muestra una actualización de %s", "undated; shows an update of %s"},
	"page.undated":            {"sin fecha", "undated"},
	"page.history":            {"historial", "history"},
	"page.lastchange":         {"último cambio", "last change"},
	"page.old":                {"Está leyendo la revisión del %s, no la actual.", "You are reading the revision of %s, not the current one."},
	"page.current":            {"Leer la página actual", "Read the current page"},
	"page.asof":               {"Tal como estaba el wiki el %s.", "As the wiki stood on %s."},
	"page.empty":              {"Ninguna regla de esta página vale en esta edición.", "No rule of this page holds in this edition."},
	"page.categories":         {"Categorías", "Categories"},
	"page.faqs":               {"FAQ y erratas (%d)", "FAQs & errata (%d)"},
	"page.missing":            {"no está en la base: buscar", "not in the knowledge base: search"},
	"example":                 {"Ejemplo", "Example"},
	"related":                 {"Páginas relacionadas", "Related pages"},
	"links":                   {"Véase", "See"},
	"cite.link":               {"enlace a esta regla", "link to this rule"},
	"note":                    {"nota", "note"},
	"superseded.tag":          {"sustituido", "superseded"},
	"withdrawn.tag":           {"RETIRADA en %s: ya no está en vigor", "WITHDRAWN in %s: no longer in force"},
	"faq.title":               {"FAQ y erratas", "FAQs & errata"},
	"faq.filter":              {"Filtrar", "Filter"},
	"faq.search":              {"Buscar en las FAQ", "Search the FAQs"},
	"faq.type":                {"Tipo", "Type"},
	"faq.type.all":            {"FAQ y erratas", "FAQs and errata"},
	"faq.none":                {"Ninguna FAQ ni errata coincide.", "No FAQ or errata matches."},
	"faq.count":               {"%d entradas en %d páginas", "%d entries on %d pages"},
	"faq.q":                   {"P:", "Q:"},
	"faq.a":                   {"R:", "A:"},
	"faq.withdrawn":           {"retirada en %s: ya no está en vigor", "withdrawn in %s: no longer in force"},
	"faq.nopage":              {"Sin página", "No page"},
	"faq.shown":               {"mostrando %d de %d", "showing %d of %d"},
	"ask.title":               {"Preguntar", "Ask"},
	"ask.label":               {"Pregunta", "Question"},
	"ask.ph":                  {"¿Se puede declarar Berserk estando Trabado?", "Can Berserk be declared while Engaged?"},
	"ask.submit":              {"Preguntar", "Ask"},
	"ask.verdict":             {"Veredicto", "Verdict"},
	"ask.notfound":            {"No está en la base", "Not in the knowledge base"},
	"ask.seesource":           {"Lea la fuente que decide", "Read the deciding source"},
	"ask.full":                {"Ver la respuesta completa", "See the whole answer"},
	"ask.nearest":             {"Lo más cercano", "Nearest"},
	"ask.speaksfor":           {"Responde para", "Answers for"},
	"ask.asof":                {"según el wiki del %s", "as the wiki stood on %s"},
	"ask.data":                {"Datos", "Data"},
	"role.deciding":           {"Decide", "Deciding"},
	"role.supporting":         {"Apoya", "Supporting"},
	"role.overridden":         {"Queda anulada", "Overridden"},
	"resolve.title":           {"Resolver una situación", "Resolve a situation"},
	"resolve.label":           {"Situación (JSON: turn, order, aro, states, active_is_marker, dodge, burst)", "Situation (JSON: turn, order, aro, states, active_is_marker, dodge, burst)"},
	"resolve.submit":          {"Resolver", "Resolve"},
	"resolve.asof":            {"Fecha (2021-03-01)", "Date (2021-03-01)"},
	"history.title":           {"historial", "history"},
	"history.created":         {"creada: %d registros", "created: %d records"},
	"history.size":            {"%d bytes", "%d bytes"},
	"history.minor":           {"menor", "minor"},
	"history.diff":            {"cambios", "changes"},
	"diff.title":              {"cambios", "changes"},
	"diff.from":               {"de", "from"},
	"diff.to":                 {"a", "to"},
	"diff.compare":            {"Comparar", "Compare"},
	"diff.nothing":            {"(nada)", "(nothing)"},
	"diff.summary":            {"%d registros cambian, %d sin cambios", "%d records change, %d unchanged"},
	"diff.none":               {"Ningún registro cambia (%d sin cambios)", "No record changes (%d unchanged)"},
	"op.added":                {"añadido", "added"},
	"op.removed":              {"eliminado", "removed"},
	"op.changed":              {"cambiado", "changed"},
	"op.moved":                {"movido", "moved"},
	"class.cosmetic":          {"formato", "cosmetic"},
	"class.wording":           {"redacción", "wording"},
	"class.translation":       {"traducción", "translation"},
	"class.substantive":       {"sustancial", "substantive"},
	"error.title":             {"Error %d", "Error %d"},
	"error.notfound":          {"No hay nada aquí.", "Nothing here."},
	"error.nopage":            {"La página «%s» no está en la base.", "The page “%s” is not in the knowledge base."},
	"error.badrequest":        {"La petición no es válida: %s", "The request is not valid: %s"},
	"error.internal":          {"Error interno del servidor (queda registrado).", "Internal server error (logged)."},
	"error.timeout":           {"La petición tardó demasiado. Inténtelo de nuevo.", "The request took too long. Please try again."},
	"error.search":            {"Buscar en su lugar", "Search for it instead"},
	"home":                    {"Inicio", "Home"},
	"foot":                    {"Reglas del wiki de Infinity, cada una con la revisión de la que procede.", "Rules from the Infinity wiki, each with the revision it comes from."},
	"foot.api":                {"API JSON", "JSON API"},
	"foot.offline":            {"Copia sin servidor generada el %s.", "Offline copy made on %s."},
}

// kindNames are the record kinds as a judge reads them, by language.
var kindNames = map[wikirules.Kind][2]string{
	wikirules.KindSkill:        {"Habilidad", "Skill"},
	wikirules.KindRequirement:  {"Requisito", "Requirement"},
	wikirules.KindEffect:       {"Efecto", "Effect"},
	wikirules.KindActivation:   {"Activación", "Activation"},
	wikirules.KindCancellation: {"Cancelación", "Cancellation"},
	wikirules.KindImportant:    {"Importante", "Important"},
	wikirules.KindRemember:     {"Recuerda", "Remember"},
	wikirules.KindNote:         {"Nota", "Note"},
	wikirules.KindRule:         {"Regla", "Rule"},
	wikirules.KindExample:      {"Ejemplo", "Example"},
	wikirules.KindWeapon:       {"Arma", "Weapon"},
	wikirules.KindProgram:      {"Programa", "Program"},
	wikirules.KindFAQ:          {"FAQ", "FAQ"},
	wikirules.KindErrata:       {"Errata", "Errata"},
	wikirules.KindTemplate:     {"Plantilla", "Template"},
}

// fieldNames are the record fields a diff names, by language; a field
// not listed (a table column) is shown as it is.
var fieldNames = map[string][2]string{
	"text": {"texto", "text"}, "title": {"título", "title"}, "editions": {"ediciones", "editions"},
	"version": {"versión", "version"}, "superseded": {"sustituido", "superseded"}, "question": {"pregunta", "question"},
	"answer": {"respuesta", "answer"}, "related": {"relacionadas", "related"}, "section": {"sección", "section"},
	"kind": {"tipo", "kind"}, "labels": {"etiquetas", "labels"}, "skill type": {"tipo de habilidad", "skill type"},
	"links": {"enlaces", "links"},
}

// field names a record field of a diff.
func (l *labels) field(name string) string {
	if n, ok := fieldNames[name]; ok {
		return n[l.i]
	}
	if rest, ok := strings.CutPrefix(name, "note "); ok {
		return [2]string{"nota ", "note "}[l.i] + rest
	}
	return name
}

// cite is the human citation line of c in the judge's language, as
// Citation.String gives it with the revision's date in the label
// language: "Esquivar › Efectos › 4 [N4] · revisión 2021-02-11 10:26Z";
// a revision without a time of its own is named by id with what
// labels.when says ("· revisión ddb1a6ee61 (sin fecha; muestra una
// actualización de 2023-07)").
func (l *labels) cite(c wikirules.Citation) string {
	out := l.citeHead(c)
	switch {
	case !c.Timestamp.IsZero() && c.TimestampInferred && c.Revision != "":
		out += " · " + l.t("page.rev") + " " + l.revWhen(c.Revision, c.Timestamp, true)
	case !c.Timestamp.IsZero():
		out += " · " + l.t("page.rev") + " " + c.Timestamp.UTC().Format("2006-01-02 15:04Z")
	case c.Revision != "":
		out += " · " + l.t("page.rev") + " " + l.revWhen(c.Revision, c.Timestamp, false)
	}
	return out
}

// citeHead is c's citation line without its revision: Citation.String's
// "Trabado › FAQs & Errata › N4 Errata [N4] (errata version 1.0, enero
// 2021)" with the FAQ or errata version named in the label language
// ("(errata versión 1.0, enero 2021)").
func (l *labels) citeHead(c wikirules.Citation) string {
	s := c
	s.Timestamp, s.Revision, s.TimestampInferred = time.Time{}, "", false
	return s.In(wikirules.CitationWordsFor(l.code))
}

// CitationLine is c's citation line as Citation.String prints it (the
// revision part, " — rev 2021-02-11T10:43:16Z", as DESIGN.md fixes it),
// with the FAQ or errata version and the undated notes in language code
// ("es", "en").
func CitationLine(code string, c wikirules.Citation) string {
	return c.In(wikirules.CitationWordsFor(langOf(code).code))
}

// Label is the label key in language code ("es", "en"), formatted with
// args when it has verbs: the words a command-line answer shares with
// the web's.
func Label(code, key string, args ...any) string { return langOf(code).t(key, args...) }

// KindName is record kind k as a judge reads it in language code.
func KindName(code string, k wikirules.Kind) string { return langOf(code).kind(k) }

// labels is one label language.
type labels struct {
	code string // "es" or "en"
	i    int    // index into messages
}

func langOf(code string) *labels {
	if code == langEN {
		return &labels{code: langEN, i: 1}
	}
	return &labels{code: langES, i: 0}
}

// t returns the label key, formatted with args when it has verbs.
func (l *labels) t(key string, args ...any) string {
	m, ok := messages[key]
	if !ok {
		panic("web: no label " + strconv.Quote(key))
	}
	s := m[l.i]
	if len(args) > 0 {
		s = sprintf(s, args...)
	}
	return s
}

// kind returns a record kind (a Kind or an FAQ type string) as a judge
// reads it; an unknown kind is shown as it is.
func (l *labels) kind(k any) string {
	var s string
	switch v := k.(type) {
	case wikirules.Kind:
		s = string(v)
	case string:
		s = v
	default:
		s = sprintf("%v", v)
	}
	if n, ok := kindNames[wikirules.Kind(s)]; ok {
		return n[l.i]
	}
	return s
}

// edition names an edition value ("n4", "c1", "n5", "" for all).
// editions names a set of editions ("N4, CodeOne").
func (l *labels) editions(s wikirules.Editions) string {
	var names []string
	for _, n := range s.Names() {
		names = append(names, l.edition(n))
	}
	return strings.Join(names, ", ")
}

func (l *labels) edition(v string) string {
	switch v {
	case "n4":
		return "N4"
	case "c1":
		return "CodeOne"
	case "n5":
		return "N5"
	case "n3":
		return "N3"
	}
	return l.t("edition.all")
}

// pickLang chooses the label language of a request: a lang parameter (the
// toggle, remembered in a cookie), else the lang cookie, else the first
// of the Accept-Language ranges (by weight) that is Spanish or English,
// else def (the wiki's language). It reports whether the lang parameter
// asked for it (the caller then sets the cookie).
func pickLang(r *http.Request, def string) (code string, fromParam bool) {
	if v := r.URL.Query().Get("lang"); v == langES || v == langEN {
		return v, true
	}
	if c, err := r.Cookie("lang"); err == nil && (c.Value == langES || c.Value == langEN) {
		return c.Value, false
	}
	if l := acceptLanguage(r.Header.Get("Accept-Language")); l != "" {
		return l, false
	}
	if def == langEN {
		return langEN, false
	}
	return langES, false
}

// acceptLanguage returns "es" or "en", whichever an Accept-Language header
// (RFC 9110, 12.5.4: ranges with optional q weights) prefers, or "" when
// it names neither. Equal weights keep the header's order.
func acceptLanguage(h string) string {
	type rng struct {
		tag string
		q   float64
		pos int
	}
	var rs []rng
	for i, part := range strings.Split(h, ",") {
		if i > 20 {
			break
		}
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		if (primary == langES || primary == langEN) && q > 0 {
			rs = append(rs, rng{primary, q, i})
		}
	}
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].q > rs[j].q })
	if len(rs) == 0 {
		return ""
	}
	return rs[0].tag
}

// wikiLanguage is the language most pages of a knowledge base are in ("es"
// when they are none of the label languages).
func wikiLanguage(pages []wikirules.Page) string {
	n := map[string]int{}
	for _, p := range pages {
		n[p.Language]++
	}
	if n[langEN] > n[langES] {
		return langEN
	}
	return langES
}
