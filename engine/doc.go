// Package engine is the judge engine: it answers a rules question or
// resolves a game situation with the texts that decide it, their citations,
// which source wins when they disagree, and the edition and data version the
// answer speaks for.
//
// It reads only the knowledge base (wikirules.Store) and a search
// (wikirules.Searcher: kb.DB's FTS5 search or the bleve index); it holds no
// wikitext and no SQL.
//
// Precedence (docs/DESIGN.md, "Precedence when sources disagree"): errata > FAQ >
// rule text (current update > original) > example; a page's important box
// beats its examples; a newer FAQ version beats an older one. FAQs attach to
// the rules of the pages in their related list. When nothing in the
// knowledge base decides a question the answer says "not found in the
// knowledge base" and quotes nothing as deciding: the engine never guesses.
// A source decides only when it holds a game term the question names (a
// glossary term or page title) and enough of its non-numeric content;
// markup in a question is ignored. A source is shown as overridden only
// when it speaks of the deciding rule (on a page the deciding FAQ relates
// to, or the deciding record's page) and contradicts it.
//
// Ask takes questions in Spanish or English: English and abbreviations are
// expanded through the game glossary (docs/GLOSSARY.md, segmented by
// lang.Glossary exactly as the search index segments a query) before
// retrieval. Resolve checks a situation (an order's skills, an ARO, states,
// Dodge modifiers, Burst) against facts read out of the records — skill
// types from skill boxes, the AROs a marker allows from the bullet that lists
// them, what a state allows from its effect bullets — and answers "unknown:
// no record for X" where the knowledge base has no record to read.
package engine
