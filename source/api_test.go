package source

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

// TestAPIContinuation reads two responses appended in one file, and the same
// two as a JSON array: the revisions of both, in order.
func TestAPIContinuation(t *testing.T) {
	fv2, err := os.ReadFile("testdata/api-fv2.json")
	if err != nil {
		t.Fatal(err)
	}
	fv1, err := os.ReadFile("testdata/api-fv1.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string]string{
		"sequence": string(fv1) + "\n" + string(fv2),
		"array":    "[" + string(fv2) + "," + string(fv1) + "]",
	} {
		revs := readAll(t, NewAPI(strings.NewReader(in), name))
		if len(revs) != 2*len(fixtureRevisions) {
			t.Errorf("%s: %d revisions, want %d", name, len(revs), 2*len(fixtureRevisions))
			continue
		}
		if revs[5].ID != "infinity-es:101" || revs[9].ID != "infinity-es:202" {
			t.Errorf("%s: second batch ids %s…%s", name, revs[5].ID, revs[9].ID)
		}
	}
}

// TestAPITitleAfterRevisions: a page whose "revisions" come before its
// "title" still names its revisions.
func TestAPITitleAfterRevisions(t *testing.T) {
	in := `{"query":{"pages":[{"revisions":[{"revid":7,"timestamp":"2021-02-11T10:26:28Z","user":"HellLois2","slots":{"main":{"content":"* Un Marcador"}}}],"ns":10,"title":"Plantilla:Faqbox"}]}}`
	revs := readAll(t, NewAPI(strings.NewReader(in), "x.json"))
	if len(revs) != 1 || revs[0].Page.Title != "Plantilla:Faqbox" || revs[0].Page.Namespace != 10 || revs[0].Text != "* Un Marcador" {
		t.Fatalf("got %+v", revs)
	}
}

func TestAPIErrors(t *testing.T) {
	src, err := os.ReadFile("testdata/api-fv2.json")
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	at := strings.Index(s, "{{section-game-states}}")
	tests := []struct {
		name, in, msg string
		offset        int64 // -1: any
	}{
		{"truncated", s[:at], "truncated JSON", -1},
		{"truncated between pages", s[:strings.Index(s, `{"pageid": 40`)], "truncated JSON", -1},
		{"invalid UTF-8", s[:at] + "\xc3" + s[at:], `page "Suplantado" revision at byte`, int64(at)},
		{"invalid UTF-8 in a title", strings.Replace(s, `"title": "Suplantado"`, "\"title\": \"Suplan\xfftado\"", 1), "invalid UTF-8", int64(strings.Index(s, `"title": "Suplantado"`) + len(`"title": "Suplan`))},
		{"malformed", s[:at-1] + "}" + s[at:], "malformed JSON", int64(at - 1)},
		{"sha1 mismatch", strings.Replace(s, "360", "361", 1), `page "Suplantado" revision infinity-es:201: text SHA-1`, -1},
		{"bad timestamp", strings.Replace(s, "2021-02-11T11:04:04Z", "ayer", 1), `page "Suplantado" revision infinity-es:202: bad timestamp`, -1},
		{"api error", `{"error":{"code":"badtoken","info":"Invalid CSRF token.","*":"See https://infinitythewiki.com/api.php"}}`, "API error badtoken: Invalid CSRF token.", -1},
		{"empty", "  \n", "empty input", -1},
		{"not json", "Infinity - Contribuciones del usuario [es]", "malformed JSON", 0},
		{"scalar", `"x"`, "want an object", -1},
		{"revid not an integer", strings.Replace(s, `"revid": 201`, `"revid": 1.5e300`, 1), `bad revid "1.5e300"`, -1},
		{"revid a path", strings.Replace(s, `"revid": 201`, `"revid": "../../etc"`, 1), `bad revid "../../etc"`, -1},
		{"parentid negative", strings.Replace(s, `"parentid": 201`, `"parentid": -3`, 1), `bad parentid "-3"`, -1},
		{"malformed after a BOM", "\ufeff" + s[:at-1] + "}" + s[at:], "malformed JSON", int64(at - 1 + 3)},
	}
	for _, tt := range tests {
		e := readErr(t, NewAPI(strings.NewReader(tt.in), "x.json"))
		if e.Skippable != (tt.name == "sha1 mismatch" || tt.name == "bad timestamp" || tt.name == "invalid UTF-8" || strings.HasPrefix(tt.name, "revid") || strings.HasPrefix(tt.name, "parentid")) {
			t.Errorf("%s: Skippable = %v", tt.name, e.Skippable)
		}
		if e.File != "x.json" || !strings.Contains(e.Error(), tt.msg) || (tt.offset >= 0 && e.Offset != tt.offset) {
			t.Errorf("%s: error %q (offset %d)", tt.name, e, e.Offset)
		}
	}
}

// TestAPIByteOrderMark reads the fixtures with a UTF-8 byte order mark in
// front, as some editors save them: the same revisions, origins 3 bytes
// further on.
func TestAPIByteOrderMark(t *testing.T) {
	for _, file := range []string{"testdata/api-fv1.json", "testdata/api-fv2.json"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		plain := readAll(t, NewAPI(bytes.NewReader(src), file))
		marked := readAll(t, NewAPI(bytes.NewReader(append([]byte("\ufeff"), src...)), file))
		if len(plain) == 0 || len(marked) != len(plain) {
			t.Fatalf("%s: %d revisions with a BOM, %d without", file, len(marked), len(plain))
		}
		for i := range plain {
			if marked[i].ID != plain[i].ID || marked[i].Text != plain[i].Text || marked[i].Origin == plain[i].Origin {
				t.Errorf("%s: revision %d: %s %q with a BOM, %s %q without", file, i, marked[i].ID, marked[i].Origin, plain[i].ID, plain[i].Origin)
			}
		}
	}
}

// TestSeedDumpAsAPI converts the seed dump to API JSON (formatversion 1
// and 2) and reads it back.
func TestSeedDumpAsAPI(t *testing.T) {
	revs := seedRevisions(t)
	want := groupByPage(revs)
	for _, fv := range []int{1, 2} {
		var buf bytes.Buffer
		if err := WriteAPIVersion(&buf, fv, revs); err != nil {
			t.Fatal(err)
		}
		sameRevisions(t, "api", readAll(t, NewAPI(&buf, "seed.json")), want)
	}
}

// TestAPISkippable: after a revision whose SHA-1 disagrees, reading goes on.
func TestAPISkippable(t *testing.T) {
	src, err := os.ReadFile("testdata/api-fv1.json")
	if err != nil {
		t.Fatal(err)
	}
	r := NewAPI(strings.NewReader(strings.Replace(string(src), "Reactivo", "Reactiva", 1)), "x.json")
	var got []string
	for {
		rev, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !e.Skippable || !strings.Contains(err.Error(), `page "Esquivar" revision infinity-es:101`) {
				t.Fatalf("error %v, want a skippable error on revision 101", err)
			}
			got = append(got, "bad")
			continue
		}
		got = append(got, rev.ID)
	}
	if strings.Join(got, " ") != "bad infinity-es:102 infinity-es:105 infinity-es:201 infinity-es:202" {
		t.Errorf("got %v", got)
	}
}

// TestAPIInvalidUTF8SkipsOneRevision: invalid UTF-8 in one revision's text
// makes that revision bad (a Skippable error at the byte) and reading goes
// on with the next one, as an XML export goes on at the next page; the
// same byte in a first revision and in a later one are both reported.
func TestAPIInvalidUTF8SkipsOneRevision(t *testing.T) {
	src, err := os.ReadFile("testdata/api-fv2.json")
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	all := readAll(t, NewAPI(strings.NewReader(s), "x.json"))
	first := strings.Index(s, "Para poder Esquivar")
	second := strings.Index(s, "{{section-game-states}}")
	in := s[:first] + "\xe9" + s[first:second] + "\xc3" + s[second:]
	revs, skipped, err := readAllErrs(t, NewAPI(strings.NewReader(in), "x.json"))
	if err != nil {
		t.Fatalf("reading stopped: %v", err)
	}
	if len(revs) != len(all)-2 || len(skipped) != 2 {
		t.Fatalf("%d revisions read and %d skipped, want %d and 2", len(revs), len(skipped), len(all)-2)
	}
	if skipped[0].Offset != int64(first) || skipped[1].Offset != int64(second+1) {
		t.Errorf("skipped at bytes %d and %d, want %d and %d", skipped[0].Offset, skipped[1].Offset, first, second+1)
	}
	if revs[0].ID != all[1].ID || revs[len(revs)-1].ID != all[len(all)-1].ID {
		t.Errorf("read %s…%s, want %s…%s", revs[0].ID, revs[len(revs)-1].ID, all[1].ID, all[len(all)-1].ID)
	}
}

// TestAPINotWikiData: JSON that is no API reply (an index of files, an
// object of other keys) is refused as not wiki data, not read as an
// empty reply; an empty reply of the API is still read.
func TestAPINotWikiData(t *testing.T) {
	for _, in := range []string{`[{"file":"a.txt","url":"https://infinitythewiki.com/A"}]`, `{"pages":[]}`, `{}`} {
		_, err := NewAPI(strings.NewReader(in), "x.json").Next()
		var nr *NotRevisionError
		if !errors.As(err, &nr) || nr.Kind != KindNotWikiData {
			t.Errorf("%s: %v; want a not-wiki-data refusal", in, err)
		}
	}
	if _, err := NewAPI(strings.NewReader(`{"batchcomplete":true}`), "x.json").Next(); err != io.EOF {
		t.Errorf("empty API reply: %v; want io.EOF", err)
	}
}
