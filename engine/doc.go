// Package engine is the judge engine: it answers a rules question or
// resolves a game situation with the texts that decide it, their citations,
// which source wins when they disagree, the verdict they entail, and the
// edition and data version the answer speaks for.
//
// It reads only the knowledge base (wikirules.Store) and a search
// (wikirules.Searcher: the bleve index, or kb.DB's FTS5 search); it holds
// no wikitext, no SQL, no page title and no sentence of the rules: the
// words it relies on — what tells a question's language and what it asks,
// the phrases that give a clause its polarity, number words, labels and
// reasons, the pages and phrases the situation resolver reads — are the
// vocabularies of engine/vocabulary/{es,en}.json (Vocabulary), tested
// against the corpus. Spanish and English terms meet through the game
// glossary (docs/GLOSSARY.md, lang.Default).
//
// Ask, in order (see ask.go, question.go, gather.go, score.go):
//   - reads the question: its language, the clause that asks and what it
//     asks for (a yes or no, a number, an open answer), its units (words
//     and glossary terms with their synonyms, weighed by how rare they are
//     in the index), the pages it names (its subject: by a title, a
//     redirect, or a title without its class word or its family's head,
//     "la plantilla de humo" for Munición Humo; for a concept no page is
//     titled by, the section that is: a Trait of Propiedades) and which
//     of them is a condition ("while engaged") or the state gone back to
//     ("back to Normal State"), the kind of block it asks for (a
//     cancellation, an activation);
//   - gathers the index's hits and the records and FAQs of the pages named,
//     each record with its lead-in and the bullets it introduces;
//   - scores them on features (coverage of the question and of its asking
//     clause, of what is asked beyond the subject, the index's ranking,
//     language, kind, edition…) and keeps those that answer: a source
//     speaks of the subject and of what is asked; an FAQ decides only when
//     its own question is the judge's (sharing words is not answering:
//     it names every page the question names and, both yes/no, asks the
//     same predicate; predicate.go);
//   - decides by precedence among them (docs/DESIGN.md, "Precedence when
//     sources disagree"): errata > FAQ > rule text (current update >
//     original) > example, a page's important box over its examples, a
//     newer FAQ version over an older one, an FAQ in the question's
//     language over its translation (which asks the question when the
//     translation does); then, of the records about as
//     relevant, the one whose condition ("si…", "if…") is the question's
//     case, and for a numeric question a text stating the number over one
//     stating none; the overridden sources are listed with the reason;
//   - reads the verdict the deciding source entails (verdict.go,
//     polarity.go, number.go), or says "see the deciding source" — also
//     when a text on another page, about as relevant, entails the
//     contrary, and for a prohibition or permission whose text and page
//     lack a page the asking clause names (any page the question names,
//     for a text in another language); a number written NAME=N is NAME's
//     value, no count of anything else;
//   - abstains ("not found in the knowledge base", with the nearest pages)
//     when nothing answers, when the question asks about a concept no page
//     or section describes and only a stray mention holds it (a list item,
//     a parenthesis), when its heading names a rule no text holds, when
//     neither the deciding text nor its page speaks of the most specific
//     thing it names ("the Oblivion program" on the page Daño,
//     "Camouflaged State" on a text of the page State: subject.go), or
//     when what it asks is in no text.
//
// Resolve checks a situation (an order's skills, an ARO, states, Dodge
// modifiers, Burst) against facts read out of the records — skill types
// from skill boxes, the AROs a marker allows from the bullet that lists
// them, what a state allows from its effect bullets — and answers
// "unknown: no record for X" where the knowledge base has no record to
// read.
//
// Evaluate scores an engine on case files (testdata/cases.json,
// judge-examples.json, questions.json): deciding source first and in the
// top 3, verdicts right and wrong, abstentions.
package engine
