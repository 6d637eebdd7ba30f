// Package extract turns a revision of a MediaWiki rules wiki — parsed
// wikitext, or a rendered page as text or HTML — into citable rule
// records, FAQ entries, categories, links and layout spans
// (wikirules.Extraction): the template semantics of the pipeline.
//
// The vocabulary (vocabulary.go, vocabulary_default.go) says what each
// template means, and for each language of the wiki (vocabulary_lang.go)
// what its pages show: section and box labels, FAQ layout, page
// furniture, site notices, edition sentences and wording, dates. Default is
// the Infinity wikis', Spanish and English.
//
// Extraction is one semantic pass (pass.go) over one stream of units
// (unit.go: headings, list items, paragraphs, tables and rows, and markers
// — a box that opens or closes, a block header, an update, an FAQ entry, a
// skill header), fed by two front-ends: the wikitext tree
// (wikitext_units.go, wikitext_tables.go) and the lines of a rendered page,
// text or HTML (rendered_units.go and the rendered_*.go files). The pass
// keeps the heading path, the current rule block ({{effects}} …) and a
// stack of open boxes, edition blocks and update blocks, so a box, an
// update or an FAQ means the same whatever the input. Pairing start and end
// templates is this package's own pass (docs/DESIGN.md rule 9): a missing end
// is closed at the next conflicting start or at the end of the page, an
// end without start is ignored, both with a diagnostic; a rendered page,
// which shows where a box starts but not where it ends, gets its ends from
// its front-end.
//
// The record model:
//
//   - Every list item and every paragraph is one record. Its Kind is the
//     innermost box's (important, remember, note, reference) or else the
//     rule block's (requirement, effect, activation, cancellation, roll) or
//     else rule. Section is the heading path plus the box or block label in
//     the page's language ("Efectos", "Effects").
//   - Ordinal counts the top-level items of the block or box from 1; a
//     nested item carries its parent's ordinal, its Depth and
//     Fields["item"] = "5.2"; paragraphs have Ordinal 0 and
//     Fields["paragraph"] (a paragraph leading into bullets is a record of
//     the block's kind too).
//   - An example is one record for the whole box (Title = its title); a
//     skill header is one record (Skill set) that also spans its labels;
//     each FAQ entry is an FAQ plus a record of Kind faq or errata (Fields
//     faq_id, question, answer; a withdrawn entry is Superseded with
//     Fields["removed"]); each table row — a row template, a wikitable's
//     data row, a rendered table's row — is a record of kind weapon,
//     program or rule with Fields by column; an unknown template standing
//     alone is a template record with its raw text.
//   - A see-also box quotes other pages: its records are of kind
//     reference, Fields["target"] naming the page quoted, never the page's
//     own rules.
//   - Editions (editions.go): records inside an edition block carry its
//     editions (and Fields["annex"] in an annex); the others inherit what
//     the page shows, its wiki, the N4 wikis' convention, its date's era,
//     its N4 wording or N4's skill box with its null flag (the last three
//     marked Fields["editions_inferred"]),
//     or stay the zero set — edition unknown, reported in a diagnostic,
//     matched by no edition filter. A c1 block right after an n4/n4list
//     block, or the reverse, are alternatives: their items are numbered
//     from the same ordinal and share Alternative (the ID of the first
//     record of the first block's pair, pairwise when both blocks have as
//     many records, one group otherwise).
//   - Updates: records inside {{update | VERSION}} … {{update-end}} (a
//     rendered "Update PDF 2.1, July 2023" up to its end) carry Version;
//     records inside {{original}} … {{original-end}} are Superseded, have
//     no Version, are numbered like the update they follow, and
//     SupersededBy names the update record at the same position (the last
//     one when the original has more records).
//   - Records never overlap: with Layout (templates without content,
//     headings, category links, page furniture, white space) they
//     partition the text (Partition, Rebuild). Bytes that are neither are
//     reported.
//
// Dates (dates.go) reads what a rendered revision shows of its date and
// editions, for its reader to date it and order it among the page's
// revisions.
//
// The wikitext files import the wikitext package, the root types and the
// standard library only; the rendered_*.go files also read HTML
// (golang.org/x/net/html).
package extract
