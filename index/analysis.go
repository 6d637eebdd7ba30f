package index

import (
	"strings"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/lang/es"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/registry"
)

// Analyzer and filter names registered with bleve by this package.
const (
	// foldFilterName is no longer in the analyzers newMapping defines
	// (foldedTokenizer folds), but the mapping an index stores names it
	// in the indexes built before: they open only while it is registered.
	foldFilterName = "wikirules_fold"
	analyzerES     = "wikirules_es"
	analyzerEN     = "wikirules_en"
	analyzerWords  = "wikirules_words" // lower case and folding only
)

func init() {
	registry.RegisterTokenFilter(foldFilterName,
		func(map[string]interface{}, *registry.Cache) (analysis.TokenFilter, error) {
			return foldFilter{}, nil
		})
}

// foldFilter folds Latin accents and ñ/ç to ASCII in every token ("daño" →
// "dano", "línea" → "linea"). Unlike bleve's asciifolding char filter it
// works on tokens, so token offsets still point at the original text and
// highlights stay exact.
type foldFilter struct{}

func (foldFilter) Filter(in analysis.TokenStream) analysis.TokenStream {
	for _, t := range in {
		if !isASCII(t.Term) {
			t.Term = []byte(foldString(string(t.Term)))
		}
	}
	return in
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// foldString maps accented Latin letters to their base letter.
func foldString(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case 'á', 'à', 'â', 'ä', 'ã', 'å', 'ª':
			return 'a'
		case 'é', 'è', 'ê', 'ë':
			return 'e'
		case 'í', 'ì', 'î', 'ï':
			return 'i'
		case 'ó', 'ò', 'ô', 'ö', 'õ', 'º':
			return 'o'
		case 'ú', 'ù', 'û', 'ü':
			return 'u'
		case 'ñ':
			return 'n'
		case 'ç':
			return 'c'
		case 'Á', 'À', 'Â', 'Ä', 'Ã', 'Å':
			return 'A'
		case 'É', 'È', 'Ê', 'Ë':
			return 'E'
		case 'Í', 'Ì', 'Î', 'Ï':
			return 'I'
		case 'Ó', 'Ò', 'Ô', 'Ö', 'Õ':
			return 'O'
		case 'Ú', 'Ù', 'Û', 'Ü':
			return 'U'
		case 'Ñ':
			return 'N'
		case 'Ç':
			return 'C'
		}
		return r
	}, s)
}

// Document field names. Text fields exist once per analysed language
// (title_es, title_en…); the rest are keywords used for filters and facets.
const (
	fieldType       = "type"       // "record" or "faq"
	fieldKind       = "kind"       // record kind, or "faq"/"errata"
	fieldPage       = "page"       // every page a document stands on or relates to
	fieldPageFacet  = "page_facet" // the one page the hit is counted under
	fieldEditions   = "ed"         // each edition it holds in, or "unknown"
	fieldEditionSet = "ed_set"     // the edition set as one value ("n4", "c1,n4", "unknown")
	fieldSuperseded = "superseded" // "true" or "false"
	fieldLang       = "lang"       // analysis language of the text fields
	fieldCategory   = "category"   // categories of the page
	fieldRevision   = "rev"        // revision (records), or faqStamp (FAQs)
	fieldJSON       = "json"       // the record or FAQ as JSON, stored only
	fieldRank       = "rank"       // what the re-rank reads (rankFields.String), stored only
	// fieldWords holds every word of the document, folded but not stemmed;
	// it is never searched, only its dictionary is read to correct typos.
	fieldWords = "words"
)

// Text field stems; the indexed names are stem + "_" + language.
const (
	textTitle = "title" // page title; for FAQs the pages they show on and relate to
	// textBody is an array: [0] the plain text and notes (FAQ: question and
	// answer), [1] the skill name or title, [2] the section path. One field
	// keeps the number of clauses per query word small, and bleve's
	// coordination factor then rewards a title match over a body-only one.
	textBody = "text"
)

// languages are the analysed languages: page language → analyzer.
var languages = map[string]string{"es": analyzerES, "en": analyzerEN}

// langOf maps a page language to an analysed language (Spanish by default:
// the wiki this project starts from is the Spanish one).
func langOf(l string) string {
	l = strings.ToLower(l)
	if i := strings.IndexAny(l, "-_"); i > 0 {
		l = l[:i]
	}
	if _, ok := languages[l]; ok {
		return l
	}
	return "es"
}

// newMapping returns the bleve mapping of the index: documents are maps of
// the fields above; nothing is indexed dynamically.
//
// Spanish text: unicode tokenizer, lower case, accent folding, Spanish stop
// words, Spanish Snowball stemmer. English: the same with English stop
// words and the English Snowball stemmer. Folding runs before the stop and
// stem filters so that a query typed without accents ("dano", "linea") is
// analysed exactly like the accented text.
func newMapping() (*mapping.IndexMappingImpl, error) {
	m := mapping.NewIndexMapping()
	err := m.AddCustomAnalyzer(analyzerES, map[string]interface{}{
		"type":          custom.Name,
		"tokenizer":     foldedTokenizerName,
		"token_filters": []string{es.StopName, es.SnowballStemmerName},
	})
	if err != nil {
		return nil, err
	}
	err = m.AddCustomAnalyzer(analyzerEN, map[string]interface{}{
		"type":          custom.Name,
		"tokenizer":     foldedTokenizerName,
		"token_filters": []string{en.PossessiveName, en.StopName, en.SnowballStemmerName},
	})
	if err != nil {
		return nil, err
	}
	err = m.AddCustomAnalyzer(analyzerWords, map[string]interface{}{
		"type":          custom.Name,
		"tokenizer":     foldedTokenizerName,
		"token_filters": []string{},
	})
	if err != nil {
		return nil, err
	}
	err = m.AddCustomAnalyzer(analyzerPhrase, map[string]interface{}{
		"type":          custom.Name,
		"tokenizer":     foldedTokenizerName,
		"token_filters": []string{phraseFilterName},
	})
	if err != nil {
		return nil, err
	}
	doc := mapping.NewDocumentStaticMapping()
	words := mapping.NewTextFieldMapping()
	words.Analyzer = analyzerWords
	words.Store = false
	words.IncludeInAll = false
	words.IncludeTermVectors = false
	words.DocValues = false
	doc.AddFieldMappingsAt(fieldWords, words)
	// Doc values only for the fields facets count (search.go facetFields):
	// the others are only matched by term queries or read back stored.
	kw := func(store, docValues bool) *mapping.FieldMapping {
		f := mapping.NewKeywordFieldMapping()
		f.Analyzer = keyword.Name
		f.Store = store
		f.IncludeInAll = false
		f.DocValues = docValues
		return f
	}
	for _, name := range []string{fieldKind, fieldPageFacet, fieldEditionSet, fieldCategory} {
		doc.AddFieldMappingsAt(name, kw(false, true))
	}
	for _, name := range []string{fieldPage, fieldEditions, fieldSuperseded, fieldLang} {
		doc.AddFieldMappingsAt(name, kw(false, false))
	}
	doc.AddFieldMappingsAt(fieldRevision, kw(true, false))
	doc.AddFieldMappingsAt(fieldType, kw(true, false))
	js := mapping.NewTextFieldMapping()
	js.Index = false
	js.Store = true
	js.IncludeInAll = false
	js.IncludeTermVectors = false
	js.DocValues = false
	doc.AddFieldMappingsAt(fieldJSON, js)
	rank := mapping.NewTextFieldMapping()
	rank.Index = false
	rank.Store = true
	rank.IncludeInAll = false
	rank.IncludeTermVectors = false
	rank.DocValues = false
	doc.AddFieldMappingsAt(fieldRank, rank)
	for lang, analyzer := range languages {
		for _, stem := range []string{textTitle, textBody} {
			f := mapping.NewTextFieldMapping()
			f.Analyzer = analyzer
			f.Store = false
			f.IncludeInAll = false
			f.IncludeTermVectors = true // phrase queries and highlight locations
			f.DocValues = false
			doc.AddFieldMappingsAt(stem+"_"+lang, f)
		}
	}
	for _, name := range []string{titlePhrase, textPhrase} {
		f := mapping.NewTextFieldMapping()
		f.Analyzer = analyzerPhrase
		f.Store = false
		f.IncludeInAll = false
		// Highlight locations: only the body's are read (bodyRanges);
		// the phrase fields take term queries only.
		f.IncludeTermVectors = name == textPhrase
		f.DocValues = false
		doc.AddFieldMappingsAt(name, f)
	}
	// No "_all" composite field: every query names its fields, and the
	// composite cost each document a pass over all its fields' tokens
	// (about 4 % of an index build).
	doc.AddSubDocumentMapping("_all", mapping.NewDocumentDisabledMapping())
	m.DefaultMapping = doc
	m.IndexDynamic = false
	m.StoreDynamic = false
	m.DocValuesDynamic = false
	m.DefaultAnalyzer = analyzerES
	return m, nil
}
