// Package source reads wiki revisions from the files a MediaWiki rules wiki
// gives: a user-contributions dump (text), a MediaWiki XML export (schema
// 0.10 / 0.11) and MediaWiki API JSON (prop=revisions). Every reader streams
// its input and yields one wikirules.Revision at a time through the Reader
// interface, so memory stays flat whatever the size of the file or of a
// page's history (DESIGN.md, "Input formats").
//
// Entry points:
//
//	Open(path, format)   a file (plain, .gz or .bz2), format detected by content when ""
//	Walk(paths)          files and directories, expanded in sorted order
//	NewContribs(r, name) contributions dump
//	NewXML(r, name)      XML export
//	NewAPI(r, name)      API JSON, formatversion 1 or 2, slot or legacy shape
//	Detect(head, name)   the format of a file from its first bytes
//
// Errors from Next are *Error values: they name the file and the byte offset
// (and the line where the format is line based), and wrap the cause.
//
// WriteXML and WriteAPI do the reverse: they write revisions as an XML export
// or as API JSON (used by tests and by the synthetic generator cmd/genxml).
//
// The package imports only the standard library.
package source
