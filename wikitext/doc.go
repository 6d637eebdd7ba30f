// Package wikitext parses MediaWiki wikitext into a tree whose every node
// carries its byte span in the source.
//
// It follows MediaWiki's preprocessor for braces, links, comments and
// extension tags (DESIGN.md, "Wikitext: what the parser must get right"),
// then resolves line-level constructs (headings, lists, tables, bold and
// italic). Parse never fails on input: it returns a tree and a sorted list
// of diagnostics. This package imports the standard library only.
package wikitext
