// Package sample embeds the sample corpus: the seed material of the Spanish
// Infinity rules wiki that the project starts from (see seeds/README.md), so
// that `query` works on a fresh checkout without a database.
package sample

import (
	"embed"
	"io/fs"
)

//go:embed seeds/*.txt
var files embed.FS

// FS returns the seed files, named as in seeds/ (e.g.
// "000_75a7fc8f63132767.txt"), at the root of the returned file system.
func FS() fs.FS {
	sub, err := fs.Sub(files, "seeds")
	if err != nil {
		panic(err) // the embedded directory always exists
	}
	return sub
}

// DumpName is the contributions dump among the seed files: 50 wikitext
// revisions of 45 pages.
const DumpName = "000_75a7fc8f63132767.txt"
