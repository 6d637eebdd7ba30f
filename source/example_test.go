package source_test

import (
	"fmt"
	"io"
	"log"

	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
)

// The seed contributions dump, read one revision at a time.
func ExampleNewContribs() {
	f, err := sample.FS().Open(sample.DumpName)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	r := source.NewContribs(f, sample.DumpName)
	for i := 0; ; i++ {
		rev, err := r.Next()
		if err == io.EOF {
			fmt.Println(i, "revisions")
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		if i < 2 {
			fmt.Println(rev.Page.Wiki, rev.Page.Title, rev.Timestamp.Format("2006-01-02T15:04:05Z"), rev.User, rev.Origin)
		}
	}
	// Output:
	// infinity-es Suplantado 2021-02-11T11:04:04Z HellLois2 000_75a7fc8f63132767.txt:44
	// infinity-es Suplantado 2021-02-11T11:03:18Z HellLois2 000_75a7fc8f63132767.txt:8490
	// 50 revisions
}

// An XML export, compressed or not, with its format detected.
func ExampleOpen() {
	r, f, err := source.Open("testdata/export-0.10.xml.bz2", "")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	fmt.Println(f.Format, f.Compression)
	for {
		rev, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(rev.Page.Title, rev.ID, rev.ParentID, rev.User, rev.Minor)
	}
	// Output:
	// xml bzip2
	// Esquivar infinity-es:101  HellLois2 false
	// Esquivar infinity-es:102 infinity-es:101 81.45.12.7 true
	// Esquivar infinity-es:105 infinity-es:102 Judge "Mk" <Ñ> false
	// Suplantado infinity-es:201  HellLois2 false
	// Suplantado infinity-es:202 infinity-es:201 HellLois2 false
}
