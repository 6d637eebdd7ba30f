package source

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestLongTitleClipped: a title of 100 KB that CheckTitle lets through
// (the namespace prefix, then white space MediaWiki would have folded,
// then one letter: 1 byte without its prefix) is quoted clipped in every
// reader's error, as the contributions reader clips it.
func TestLongTitleClipped(t *testing.T) {
	title := "Discusión:" + strings.Repeat(" ", 100_000) + "x"
	for name, r := range map[string]Reader{
		"xml no id":  NewXML(strings.NewReader(xmlSeedHead+"<page><title>"+title+"</title><ns>1</ns><revision><timestamp>2021-02-11T10:26:28Z</timestamp><text>x</text></revision></page></mediawiki>"), "t.xml"),
		"xml bad id": NewXML(strings.NewReader(xmlSeedHead+"<page><title>"+title+"</title><ns>1</ns><revision><id>x</id><timestamp>2021-02-11T10:26:28Z</timestamp><text>x</text></revision></page></mediawiki>"), "t.xml"),
		"xml bad ts": NewXML(strings.NewReader(xmlSeedHead+"<page><title>"+title+"</title><ns>1</ns><revision><id>1</id><timestamp>ayer</timestamp><text>x</text></revision></page></mediawiki>"), "t.xml"),
		"xml utf8":   NewXML(bytes.NewReader([]byte(xmlSeedHead+"<page><title>"+title+"</title><ns>1</ns><revision><id>1</id><timestamp>2021-02-11T10:26:28Z</timestamp><text>\xff</text></revision></page></mediawiki>")), "t.xml"),
		"api bad id": NewAPI(strings.NewReader(`{"query":{"pages":[{"ns":1,"title":"`+title+`","revisions":[{"revid":"x","timestamp":"2021-02-11T10:26:28Z","content":"x"}]}]}}`), "t.json"),
		"api no id":  NewAPI(strings.NewReader(`{"query":{"pages":[{"ns":1,"title":"`+title+`","revisions":[{"timestamp":"2021-02-11T10:26:28Z","content":"x"}]}]}}`), "t.json"),
		"api bad ts": NewAPI(strings.NewReader(`{"query":{"pages":[{"ns":1,"title":"`+title+`","revisions":[{"revid":1,"timestamp":"ayer","content":"x"}]}]}}`), "t.json"),
		"api utf8":   NewAPI(bytes.NewReader([]byte(`{"query":{"pages":[{"ns":1,"title":"`+title+`","revisions":[{"revid":1,"timestamp":"2021-02-11T10:26:28Z","content":"\xff"}]}]}}`)), "t.json"),
	} {
		var got []string
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				got = append(got, err.Error())
				var e *Error
				if !errors.As(err, &e) || !e.Skippable {
					break
				}
			}
		}
		if len(got) == 0 {
			t.Errorf("%s: no error", name)
		}
		for _, m := range got {
			if len(m) > 2000 {
				t.Errorf("%s: error of %d bytes: %.200s…", name, len(m), m)
			}
		}
	}
}
