// Package wikitext parses MediaWiki wikitext into a tree whose every node
// carries its byte span in the source.
//
// It follows MediaWiki's preprocessor (Preprocessor_Hash) for braces,
// links, language conversion, comments and tags, and Parser::
// braceSubstitution for what a brace construct is (docs/DESIGN.md, "Wikitext:
// what the parser must get right"), then resolves line-level constructs
// (headings, lists, tables, bold and italic). Parse never fails on input:
// it returns a tree and a sorted list of diagnostics. Its time and memory
// are linear in the input. This package imports the standard library only.
//
// # Read as a page view
//
// A revision is parsed as MediaWiki shows its page, not as it is
// transcluded: the <noinclude>, <onlyinclude> tags and their closing tags
// are Ignored nodes and their content is parsed; <includeonly>…
// </includeonly> is one Ignored node, content included. "-{ … }-"
// (language conversion) is a bracket pair: the "|" and "}}" inside it do
// not count for the template around it, and it stays text.
//
// # Names
//
// A template name is expanded as MediaWiki does before it is checked:
// comments and ignored tags removed, {{!}} and {{=}} read as "|" and "=",
// then trimmed. "subst:" leaves the braces as text (it only acts when a
// page is saved); "safesubst:", "msgnw:", "msg:" and "raw:" are modifiers,
// kept in Template.Modifier. A core variable ({{PAGENAME}}) is a
// MagicWord, a core function ({{lc:…}}, {{PAGENAME:Foo}}) or "#name:"
// a ParserFunction, with MediaWiki's case rules (magic.go lists the words
// and where they come from). Anything else must be a valid title (no
// < > [ ] { } |, newline, percent-escape, relative path, "~~~", at most
// 255 bytes …) or the braces are text. A parameter key is expanded the
// same way, so "{{a|[[b]]=c}}" has the key "[[b]]". An argument's default
// is its first part ({{{a|b|c}}} defaults to "b"). Behaviour switches
// (__NOTOC__ …) in the text are MagicWord nodes.
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
//   - Extension tags listed in extTags are opaque Tags (their content is
//     not parsed), whichever extensions the wiki really has.
//   - The namespace of the page and of a template is not known: relative
//     names ({{/Foo}}, {{../Foo}}) are read as in the main namespace,
//     where subpages are off, so "./" and "../" make a name invalid.
//   - Nesting is bounded by MaxDepth, also for one long brace run
//     ({{{{{{…}}}}}} nests a construct per closing); MediaWiki's
//     preprocessor has no such bound.
//
// Dump and DumpTree print trees for tests and golden files.
package wikitext
