// Package lang is the language toolkit every stage shares: accent folding
// (Fold), word splitting (Split, Words), the keys the glossary compares
// terms by (Key), an analyzer with stop words and a pluggable stemmer
// (Analyzer, Stemmer), set similarity (Jaccard), and the game glossary
// (Glossary, Default: docs/GLOSSARY.md parsed once) with the query
// segmentation the search index and the judge engine both expand queries
// with (Glossary.Segment, Glossary.Synonyms).
//
// It imports the standard library and package docs (the glossary's data)
// only, so that extract, kb, index, engine and web may all use it. It has
// no stemmer of its own: the index plugs bleve's Snowball stemmers into an
// Analyzer, the engine its prefix stem.
//
// Fold is the fold of SQLite's FTS5 tokenizer "unicode61
// remove_diacritics 2" for Latin letters: lower case, diacritics removed
// (ñ → n, ü → u, ç → c), ß æ ø ł œ kept. Split splits where that tokenizer
// does (at every rune that is not a letter, a number or a combining mark).
package lang
