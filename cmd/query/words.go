package main

import (
	"fmt"
	"os"
	"strings"
)

// cliWords are the command line's own words in show, faq, pages and
// resolve, by language ("es", "en"), each key in both: the one table those
// commands print from (lag has lagWords; an answer's words are the
// engine's vocabulary labels and the web's). A key with verbs is a
// format.
var cliWords = map[string]map[string]string{
	"en": {
		"by":              " by %s",
		"redirect":        "a redirect to %s (query show %q)",
		"also":            "also in %s: %s (-wiki %s)",
		"wiki.unknown":    "wiki and language unknown",
		"faqs":            "FAQs & Errata (%d)",
		"faq.version":     "%s version %s",
		"update":          "update %s",
		"superseded":      "superseded",
		"withdrawn":       "WITHDRAWN in %s: no longer in force",
		"note":            "note",
		"skill":           "skill",
		"box":             "box",
		"labels":          "labels",
		"ed.all":          "edition: all (the text of every edition; each record names its own, — when it cannot be told)",
		"ed.default":      "edition: %s (the default: the newest the knowledge base holds; -edition for another)",
		"ed":              "edition: %s",
		"ed.none":         "the page has no %s version (it holds %s)",
		"ed.none.unknown": "the page has no %s version (its edition is unknown)",
		"ed.fallback":     "edition: %s, the newest this page holds: it has no %s version (%s is the newest edition in the knowledge base; -edition for another)",
		"ed.unknown":      "edition unknown: the page does not say its edition, and has no text marked %s (the newest edition in the knowledge base): showing all its text",
		"faq.all":         "edition: all — the FAQs and errata of every edition, each labelled; -edition for one",
		"faq.nomatch":     "no FAQ or errata matches %q",
		"faq.untitled":    "%s, no title or version shown",
		"pages.head":      "PAGE\tWIKI\tLANG\tNS\tEDITIONS\tREVISIONS\tRECORDS\tFAQS",
		"pages.none":      "no pages",
		"pages.n":         "%d pages",
		"pages.1":         "1 page",
		"pages.files":     "from files",
		"pages.synced":    "synced from %s, last sync %s",
		"pages.edunknown": "unknown",
	},
	"es": {
		"by":              " por %s",
		"redirect":        "una redirección a %s (query show %q)",
		"also":            "también en %s: %s (-wiki %s)",
		"wiki.unknown":    "wiki e idioma desconocidos",
		"faqs":            "FAQs y Erratas (%d)",
		"faq.version":     "%s versión %s",
		"update":          "actualización %s",
		"superseded":      "sustituido",
		"withdrawn":       "RETIRADA en %s: ya no está en vigor",
		"note":            "nota",
		"skill":           "habilidad",
		"box":             "caja",
		"labels":          "etiquetas",
		"ed.all":          "edición: todas (el texto de cada edición; cada registro nombra la suya, — cuando no se sabe)",
		"ed.default":      "edición: %s (la predeterminada: la más reciente de la base de conocimiento; -edition para otra)",
		"ed":              "edición: %s",
		"ed.none":         "la página no tiene versión %s (tiene %s)",
		"ed.none.unknown": "la página no tiene versión %s (su edición es desconocida)",
		"ed.fallback":     "edición: %s, la más reciente de esta página: no tiene versión %s (%s es la edición más reciente de la base de conocimiento; -edition para otra)",
		"ed.unknown":      "edición desconocida: la página no dice su edición y no tiene texto marcado %s (la edición más reciente de la base de conocimiento): se muestra todo su texto",
		"faq.all":         "edición: todas — las FAQ y erratas de cada edición, cada una con la suya; -edition para una",
		"faq.nomatch":     "ninguna FAQ ni errata coincide con %q",
		"faq.untitled":    "%s, sin título ni versión",
		"pages.head":      "PÁGINA\tWIKI\tIDIOMA\tNS\tEDICIONES\tREVISIONES\tREGISTROS\tFAQS",
		"pages.none":      "ninguna página",
		"pages.n":         "%d páginas",
		"pages.1":         "1 página",
		"pages.files":     "desde archivos",
		"pages.synced":    "sincronizada desde %s, última sincronización %s",
		"pages.edunknown": "desconocida",
	},
}

// word is key of cliWords in language lang ("en" for any but "es"),
// formatted with args when given.
func word(lang, key string, args ...any) string {
	if lang != "es" {
		lang = "en"
	}
	s, ok := cliWords[lang][key]
	if !ok {
		panic("query: no word " + key)
	}
	if len(args) > 0 {
		return fmt.Sprintf(s, args...)
	}
	return s
}

// outLang is the language a command prints its own words in: -lang when
// given, else the locale's (cliLang: English unless it is Spanish).
func (c *common) outLang() string {
	if l := strings.ToLower(strings.TrimSpace(c.lang)); l == "es" || l == "en" {
		return l
	}
	return cliLang(os.Getenv)
}
