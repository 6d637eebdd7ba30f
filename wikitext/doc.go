// Package wikitext parses MediaWiki wikitext into a tree whose every node
// carries its byte span in the source.
//
// It follows MediaWiki's preprocessor for braces, links, comments and
// extension tags (docs/DESIGN.md, "Wikitext: what the parser must get right"),
// then resolves line-level constructs (headings, lists, tables, bold and
// italic). Parse never fails on input: it returns a tree and a sorted list
// of diagnostics. This package imports the standard library only.
//
// # Shape of the tree
//
// Document.Nodes tile the source: every byte belongs to exactly one
// top-level node, and Text covers whatever no construct claims, newlines
// included. The same holds for a Param's Value (over its ValueSpan), a
// Link's Label, a Heading's or ListItem's content.
//
// Choices where MediaWiki's output depends on what templates expand to:
//
//   - A template name holding a template or argument ({{{{{x}}}}}) is a
//     Template whose Name is the raw, trimmed source ("{{{x}}}").
//   - The start of a parameter value is a line start only when a newline
//     precedes it inside the parameter ("|a=\n* x"); so "{{c|#fff}}" is
//     text, while lists and headings after a newline in a value are parsed.
//   - A table opened by a template ({{weapon}} … |}) is recognised when a
//     bare "|}" line closes no "{|" table: the opener is the first template
//     standing alone on its line in the run of such lines (and of "|", "!"
//     table lines) just above, preferring a template whose name does not end
//     in "row". A blank line or a line of text ends the run.
//   - Format nodes are flat, not nested: an italic run with a bold word
//     inside is an Italic, a BoldItalic and an Italic node, each ending
//     where the style changes or at the end of the line (MediaWiki's
//     doQuotes, including its rule for an odd number of both bold and
//     italic marks).
//   - Extension tags listed in extTags are opaque Tags, includeonly,
//     noinclude and onlyinclude included (their content is not parsed).
//
// Dump and DumpTree print trees for tests and golden files.
package wikitext
