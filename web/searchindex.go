package web

import (
	"encoding/json"
	"github.com/wikirules/wikirules/lang"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// The static site's search runs in the browser with MiniSearch
// (static/minisearch.js, version 7.2.0, MIT licence: static/minisearch.LICENSE.txt).
// Its index is built here, once, at export, in MiniSearch's own
// serialized form (MiniSearch.loadJS, serializationVersion 2), so that a
// phone loads it instead of indexing every record itself. The browser
// side (static/search.js) gives MiniSearch the same fields, tokenizer and
// term folding (searchTokens), so that queries meet the indexed terms.

// searchFields are the indexed fields, in MiniSearch's field-id order:
// a page's title, its glossary aliases (the other language's name:
// Dodge for Esquivar) and the text of its records and FAQ entries.
var searchFields = []string{"title", "alias", "text"}

// searchDoc is one document of the static index: its fields and what a
// result shows (page, link within the language directory, kind, the
// start of its text, editions).
type searchDoc struct {
	fields [3]string
	stored map[string]string
}

// searchTokens splits s as static/search.js does: runs of letters and
// digits (any script), lower-cased, with the Spanish and Latin accents
// and the diaeresis removed (lang.Fold: ñ as n, ç as c, as the
// browser's NFD-and-strip folding gives them).
func searchTokens(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) }) {
		out = append(out, foldToken(w))
	}
	return out
}

func foldToken(w string) string { return lang.Fold(w) }

// miniSearchIndex returns docs as MiniSearch's serialized index (the JSON
// that MiniSearch.loadJS reads).
func miniSearchIndex(docs []searchDoc) ([]byte, error) {
	type posting = map[string]int // short doc id → term frequency
	terms := map[string]map[int]posting{}
	fieldLength := map[string][]int{}
	stored := map[string]map[string]string{}
	ids := map[string]string{}
	total := make([]int, len(searchFields))
	for i, d := range docs {
		short := strconv.Itoa(i + 1)
		ids[short] = short
		stored[short] = d.stored
		lens := make([]int, len(searchFields))
		for f, text := range d.fields {
			toks := searchTokens(text)
			lens[f] = len(toks)
			total[f] += len(toks)
			for _, t := range toks {
				byField := terms[t]
				if byField == nil {
					byField = map[int]posting{}
					terms[t] = byField
				}
				p := byField[f]
				if p == nil {
					p = posting{}
					byField[f] = p
				}
				p[short]++
			}
		}
		fieldLength[short] = lens
	}
	avg := make([]float64, len(searchFields))
	for f := range avg {
		if len(docs) > 0 {
			avg[f] = float64(total[f]) / float64(len(docs))
		}
	}
	fieldIDs := map[string]int{}
	for i, f := range searchFields {
		fieldIDs[f] = i
	}
	names := make([]string, 0, len(terms))
	for t := range terms {
		names = append(names, t)
	}
	sort.Strings(names)
	index := make([][2]any, 0, len(names))
	for _, t := range names {
		data := map[string]posting{}
		for f, p := range terms[t] {
			data[strconv.Itoa(f)] = p
		}
		index = append(index, [2]any{t, data})
	}
	return json.Marshal(map[string]any{
		"documentCount":        len(docs),
		"nextId":               len(docs) + 1,
		"documentIds":          ids,
		"fieldIds":             fieldIDs,
		"fieldLength":          fieldLength,
		"averageFieldLength":   avg,
		"storedFields":         stored,
		"dirtCount":            0,
		"index":                index,
		"serializationVersion": 2,
	})
}
