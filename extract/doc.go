// Package extract turns a parsed wikitext revision of a MediaWiki rules
// wiki into citable rule records, FAQ entries, categories, links and layout
// spans (wikirules.Extraction): the template semantics of the pipeline.
//
// The vocabulary (vocabulary.go) says what each template means; Default is
// the Spanish Infinity wiki's. Extraction reads a page as a flat sequence
// of units (headings, list items, paragraphs, tables, vocabulary templates)
// and walks it once, keeping the heading path, the current rule block
// ({{effects}} …) and a stack of open boxes, edition blocks and update
// blocks. Pairing start and end templates is this package's own pass
// (docs/DESIGN.md rule 9): a missing end is closed at the next conflicting
// start or at the end of the page, an end without start is ignored, both
// with a diagnostic.
//
// The record model:
//
//   - Every list item and every paragraph is one record. Its Kind is the
//     innermost box's (important, remember, note) or else the rule block's
//     (requirement, effect, activation, cancellation) or else rule. Section
//     is the heading path plus the box or block label ("Efectos").
//   - Ordinal counts the top-level items of the block or box from 1; a
//     nested item carries its parent's ordinal, its Depth and
//     Fields["item"] = "5.2"; paragraphs have Ordinal 0 and
//     Fields["paragraph"] (a paragraph leading into bullets is a record of
//     the block's kind too).
//   - A greybox example is one record for the whole box (Title = its
//     title); a skill header is one record (Skill set) that also spans the
//     {{skill-label}} after it; each faqbox is an FAQ plus a record of Kind
//     faq or errata (Fields faq_id, question, answer); each table row
//     template is a weapon or program record with Fields by column; an
//     unknown template standing alone is a template record with its raw
//     text.
//   - Editions: records inside an edition block carry its editions (and
//     Fields["annex"] in an annex); others carry the page's ({{n4only}}) or
//     the zero set. A c1 block right after an n4/n4list block, or the
//     reverse, are alternatives: their items are numbered from the same
//     ordinal and share Alternative (the ID of the first record of the
//     first block's pair, pairwise when both blocks have as many records,
//     one group otherwise).
//   - Updates: records inside {{update | VERSION}} … {{update-end}} carry
//     Version; records inside {{original}} … {{original-end}} are
//     Superseded, have no Version, are numbered like the update they
//     follow, and SupersededBy names the update record at the same
//     position (the last one when the original has more records).
//   - Records never overlap: with Layout (templates without content,
//     headings, category links, white space) they partition the text
//     (Partition, Rebuild). Bytes that are neither are reported.
//
// This package imports the wikitext package, the root types and the
// standard library only.
package extract
