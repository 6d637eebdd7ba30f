package index

import (
	"strings"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/lang/es"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/registry"

	"github.com/wikirules/wikirules/lang"
)

// Analyzer names registered with bleve by this package.
const (
	analyzerES     = "wikirules_es"
	analyzerEN     = "wikirules_en"
	analyzerWords  = "wikirules_words" // folded words, neither stopped nor stemmed
	analyzerPhrase = "wikirules_phrase"
)

// analyzers are the text analyzers of the index (lang.Analyzer: words
// split and folded by package lang). Spanish: Spanish stop words and
// Snowball stemmer; English: English stop words and Snowball stemmer (both
// bleve's, the stop words folded as the words they are compared with);
// words: every folded word, for the typo dictionary. Folding comes before
// the stop words and the stemmer, so a query typed without accents
// ("dano", "linea") is analysed exactly like the accented text, and the
// spans are those of the original text, so highlights stay exact.
var analyzers = map[string]lang.Analyzer{
	analyzerES:    {Stop: stopWords(es.SpanishStopWords), Stem: filterStemmer{es.NewSpanishStemmerFilter()}},
	analyzerEN:    {Stop: stopWords(en.EnglishStopWords), Stem: filterStemmer{en.NewEnglishStemmerFilter()}},
	analyzerWords: {},
}

func init() {
	for name, a := range analyzers {
		registry.RegisterAnalyzer(name, func(map[string]interface{}, *registry.Cache) (analysis.Analyzer, error) {
			return bleveAnalyzer{a}, nil
		})
	}
	registry.RegisterAnalyzer(analyzerPhrase, func(map[string]interface{}, *registry.Cache) (analysis.Analyzer, error) {
		return phraseAnalyzer{lang.Default()}, nil
	})
}

// stopWords returns the words of a bleve stop list (Snowball format: one
// or more words a line, "|" starts a comment), folded.
func stopWords(list []byte) map[string]bool {
	tm := analysis.NewTokenMap()
	tm.LoadBytes(list)
	out := make(map[string]bool, len(tm))
	for w := range tm {
		out[lang.Fold(w)] = true
	}
	return out
}

// filterStemmer is one of bleve's stemming token filters as a
// lang.Stemmer.
type filterStemmer struct{ f analysis.TokenFilter }

func (s filterStemmer) Stem(word string) string {
	tok := analysis.Token{Term: []byte(word)}
	return string(s.f.Filter(analysis.TokenStream{&tok})[0].Term)
}

// bleveAnalyzer is a lang.Analyzer as a bleve analyzer: one token per
// term, its byte span and 1-based position those of the word.
type bleveAnalyzer struct{ a lang.Analyzer }

func (b bleveAnalyzer) Analyze(input []byte) analysis.TokenStream {
	return tokens(b.a.Terms(string(input)))
}

// phraseAnalyzer gives the multi-word glossary terms found in a text, one
// token each (lang.Glossary.PhraseTerms, phrase.go).
type phraseAnalyzer struct{ g *lang.Glossary }

func (p phraseAnalyzer) Analyze(input []byte) analysis.TokenStream {
	return tokens(p.g.PhraseTerms(string(input)))
}

// tokens converts terms to a bleve token stream.
func tokens(terms []lang.Term) analysis.TokenStream {
	toks := make([]analysis.Token, len(terms))
	ts := make(analysis.TokenStream, len(terms))
	for i, t := range terms {
		toks[i] = analysis.Token{Term: []byte(t.Text), Start: t.Start, End: t.End, Position: t.Position, Type: analysis.AlphaNumeric}
		ts[i] = &toks[i]
	}
	return ts
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
	fieldHeld       = "held"       // a record held for an edition (heldSource): heldAny and those editions; else absent
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
// the fields above, text fields analysed by the analyzers above; nothing
// is indexed dynamically.
func newMapping() *mapping.IndexMappingImpl {
	m := mapping.NewIndexMapping()
	doc := mapping.NewDocumentStaticMapping()
	// A text field, out of the "_all" field and without doc values:
	// analysed by analyzer (or, with analyzer "", not indexed and only
	// stored), with term vectors when vectors.
	text := func(analyzer string, vectors bool) *mapping.FieldMapping {
		f := mapping.NewTextFieldMapping()
		f.Analyzer = analyzer
		f.Index, f.Store = analyzer != "", analyzer == ""
		f.IncludeInAll, f.IncludeTermVectors, f.DocValues = false, vectors, false
		return f
	}
	doc.AddFieldMappingsAt(fieldWords, text(analyzerWords, false))
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
	for _, name := range []string{fieldPage, fieldEditions, fieldSuperseded, fieldHeld, fieldLang} {
		doc.AddFieldMappingsAt(name, kw(false, false))
	}
	doc.AddFieldMappingsAt(fieldRevision, kw(true, false))
	doc.AddFieldMappingsAt(fieldType, kw(true, false))
	doc.AddFieldMappingsAt(fieldJSON, text("", false))
	doc.AddFieldMappingsAt(fieldRank, text("", false))
	for lang, analyzer := range languages {
		for _, stem := range []string{textTitle, textBody} {
			// Term vectors: phrase queries and highlight locations.
			doc.AddFieldMappingsAt(stem+"_"+lang, text(analyzer, true))
		}
	}
	for _, name := range []string{titlePhrase, textPhrase} {
		// Highlight locations: only the body's are read (bodyRanges);
		// the phrase fields take term queries only.
		doc.AddFieldMappingsAt(name, text(analyzerPhrase, name == textPhrase))
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
	return m
}
