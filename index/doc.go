// Package index is the ranked search of wikirules: a bleve index over rule
// records and FAQ entries, built from what the knowledge base holds (it is
// given records and FAQs, or a Source such as kb.DB; it never imports kb).
//
// Analysis. Every document is analysed in its page's language by a
// lang.Analyzer: words split and folded by package lang (ñ → n, accents
// and case ignored, as SQLite's FTS5 folds them), then Spanish stop words
// and the Spanish Snowball stemmer, or the English ones (bleve's, plugged
// in through lang.Stemmer). Folding runs before stemming, so "dano" finds
// "daño" and "linea" finds "Línea"; tokens keep the byte spans of the
// original text, so highlights are exact.
//
// Synonyms. The Spanish ↔ English terms and abbreviations of the project
// glossary (docs/GLOSSARY.md, lang.Default) are applied by query
// expansion: the query is cut into units (words, or glossary terms found
// in it, longest first: lang.Glossary.Segment, which the judge engine
// uses too), and each unit searches for itself and its synonyms,
// multi-word ones as phrases (LoF → LDT, "Línea de Tiro", "Line of
// Fire"); a synonym analysed like one already searched adds nothing.
// bleve 2.5+ also has index-time synonym sources; they were not used
// because they work only on scorch segments of a given analyzer, and a
// phrase synonym ("Línea de Tiro" for a one-word query) is simpler to
// express as an expanded query.
//
// Typos. A query word of five letters or more that no document contains is
// replaced by the closest words of the documents' own vocabulary (edit
// distance 1, 2 from eight letters; bleve's Levenshtein automaton on an
// unstemmed word field; distance 1 is tried first), searched at a lower
// boost. A known word gets no fuzzy clause (it cost a large disjunction of
// near words on every search for little gain).
//
// Ranking. bleve's tf-idf score over the page title (boosted) and the text
// (body, skill or example name, section), summed over units, with a bonus
// for documents matching every unit; then the top hits are re-ranked:
// errata > FAQ > rule text (docs/DESIGN.md, "Precedence when sources
// disagree"), FAQ and errata higher still when the query reads like a
// question (¿ ? qué cómo puedo can does…), a skill header whose name is a
// query unit higher, examples and superseded text lower, text scoped to the
// chosen edition slightly higher.
//
// Speed. A query of several units first runs as a conjunction (every unit
// must match; bleve leapfrogs the posting lists, so the cost follows the
// rarest unit); only when fewer than Limit documents match every unit does
// the disjunction run, at least half of the units required from three on,
// with the conjunction's documents boosted as if by an all-units clause.
// Multi-word glossary terms are indexed as single tokens in two phrase
// fields (phrase.go), so a synonym such as "Línea de Tiro" is a term query,
// not a phrase query walking the positions of "linea" and "tiro"; the terms
// are stored in the index at Build, and an index built before (or a term
// added to the glossary since) falls back to phrase queries. The re-rank
// window reads a few stored bytes per hit (the rank field: kind, FAQ type,
// superseded, editions, skill name) instead of decoding each hit's JSON;
// the JSON and the term locations (for highlights) are loaded only for the
// hits returned, by a second search restricted to their ids. Facet counts
// (a pass over the doc values of every match) are computed only when
// Query.Facets asks. Build and Sync compact an on-disk index into one
// segment. A program that searches a lot gains from a higher GOGC (the
// index is memory-mapped, so the Go heap is small and collected often):
// GOGC=400 cut CPU per search by about a quarter (BENCHMARKS.md).
//
// Quality is measured on testdata/relevance.json (Evaluate, RelevanceSet,
// "query eval -search"); speed by
// BenchmarkSearch and ../bench/searchbench (BENCHMARKS.md, "Search").
package index
