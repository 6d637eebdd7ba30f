// Package diff compares two revisions of a wiki page as rule records, not
// as lines of wikitext: a judge wants to know whether a MOD changed, an
// editor that an edit was only a typo.
//
// Records aligns the records of two revisions (as the extractor or
// Store.RevisionRecords return them) by stable id, then by content, then by
// word similarity (Threshold), then by position for translated records,
// and reports records added, removed, changed and moved (a move is a
// paired record out of order or in another section). Paired records are
// compared field by field: text, title, notes (seefaq), skill name, type
// and labels, editions, update version, superseded flag, FAQ question,
// answer, version and related pages, table columns. Changed text gets a
// word-level diff (Words, computed with github.com/sergi/go-diff) and a
// Class:
//
//	cosmetic     only case, white space, punctuation or markup
//	wording      other words, same numbers, names, negations and language
//	translation  the text changed language (Language guesses es/en)
//	substantive  a number or MOD ("MOD -6 → -3"), a game term or linked
//	             skill/state, a yes/no or negation, a record or note added or
//	             removed, editions, update version, skill type, a move
//
// FAQs diffs FAQ entries the same way; Blame walks a page's history and
// says which revision introduced each current record and which last
// changed it.
package diff
