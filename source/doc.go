// Package source reads wiki revisions from the files a MediaWiki rules wiki
// gives: a user-contributions dump (text), a MediaWiki XML export (schema
// 0.10 / 0.11) and MediaWiki API JSON (prop=revisions). Every reader streams
// its input and yields one wikirules.Revision at a time through the Reader
// interface, so memory stays flat whatever the size of the file or of a
// page's history (docs/DESIGN.md, "Input formats").
//
// Entry points:
//
//	Open(path, format)   a file (plain, gzip or bzip2 by magic bytes); format "" detects it
//	Walk(paths)          files and directories, directories expanded in lexical order
//	Detect(head, name)   the format of an input from its first bytes
//	NewContribs(r, name) contributions dump            (wikirules.FormatContribs)
//	NewXML(r, name)      XML export                    (wikirules.FormatXML)
//	NewAPI(r, name)      API JSON, formatversion 1 / 2 (wikirules.FormatAPI)
//	NewPageText(r, name) rendered page text            (wikirules.FormatPageText)
//	NewHTML(r, name)     rendered HTML                 (wikirules.FormatHTML)
//	For(format)          the reader of a format (the table readers in open.go)
//	ForIdentity, OpenWith  the same, pages whose input does not say their wiki or language taking an Identity
//	ParsePageURL(url)    title, wiki, language, revision and kind of a wiki screen's URL
//
// The rendered readers refuse the MediaWiki screens that show no revision
// (diff pages, history feeds, special pages…) with a *NotRevisionError as
// the cause of their *Error, naming the kind (PageKind) and the page.
//
// Errors from Next are *Error values: they name the file and the byte offset
// (and the line where the format is line based or encoding/xml gives it),
// and wrap the cause. A reader stays failed after its first error.
//
// WriteXML / XMLWriter and WriteAPI do the reverse: they write revisions as
// an XML export or as API JSON, streamed; tests convert the seed dump with
// them and bench/gen builds its synthetic exports with XMLWriter.
// SHA1Base36 converts a hex SHA-1 to the base-36 form of the XML export.
package source
