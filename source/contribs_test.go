package source

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/sample"
)

// seedDump returns the bytes of the seed contributions dump.
func seedDump(t testing.TB) []byte {
	t.Helper()
	b, err := fs.ReadFile(sample.FS(), sample.DumpName)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// readAll drains r (ReadAll), failing the test at an error.
func readAll(t testing.TB, r Reader) []*wikirules.Revision {
	t.Helper()
	revs, err := ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return revs
}

func seedRevisions(t testing.TB) []*wikirules.Revision {
	return readAll(t, NewContribs(strings.NewReader(string(seedDump(t))), sample.DumpName))
}

func TestContribsSeedDump(t *testing.T) {
	revs := seedRevisions(t)
	if len(revs) != 50 {
		t.Fatalf("got %d revisions, want 50", len(revs))
	}
	byTitle := map[string][]string{}
	ids := map[string]bool{}
	for _, r := range revs {
		byTitle[r.Page.Title] = append(byTitle[r.Page.Title], r.Timestamp.Format(time.RFC3339))
		if ids[r.ID] {
			t.Errorf("duplicate id %s (%s)", r.ID, r.Page.Title)
		}
		ids[r.ID] = true
		if r.Page.Language != "es" || r.Page.Wiki != "infinity-es" || r.Page.Namespace != 0 {
			t.Errorf("%s: page = %+v", r.Page.Title, r.Page)
		}
		if r.User != "HellLois2" || r.Format != wikirules.FormatContribs {
			t.Errorf("%s: user %q format %q", r.Page.Title, r.User, r.Format)
		}
		sum := sha1.Sum([]byte(r.Text))
		if r.SHA1 != hex.EncodeToString(sum[:]) {
			t.Errorf("%s: sha1 %s", r.Page.Title, r.SHA1)
		}
		if r.ID != wikirules.DeriveRevisionID(r.Page.Title, r.Timestamp, r.Text) {
			t.Errorf("%s: id %s is not the derived id", r.Page.Title, r.ID)
		}
		if strings.HasSuffix(r.Text, "\n") || strings.HasPrefix(r.Text, "\n") {
			t.Errorf("%s %s: text keeps separator lines", r.Page.Title, r.Timestamp)
		}
	}
	if len(byTitle) != 45 {
		t.Errorf("got %d distinct pages, want 45", len(byTitle))
	}
	twice := map[string][]string{
		"Suplantado":                 {"2021-02-11T11:04:04Z", "2021-02-11T11:03:18Z"},
		"Ataque Intuitivo":           {"2021-02-11T10:18:28Z", "2021-02-11T10:11:42Z"},
		"Activación de una Tropa":    {"2021-02-11T09:39:58Z", "2021-02-11T09:37:47Z"},
		"Sin Incapacidad por Herida": {"2021-02-11T09:29:30Z", "2021-02-11T09:29:08Z"},
		"GizmoKit":                   {"2021-02-11T09:23:58Z", "2021-02-11T09:22:53Z"},
	}
	for title, ts := range byTitle {
		want, ok := twice[title]
		if !ok {
			if len(ts) != 1 {
				t.Errorf("%s: %d revisions %v, want 1", title, len(ts), ts)
			}
			continue
		}
		if strings.Join(ts, " ") != strings.Join(want, " ") {
			t.Errorf("%s: revisions at %v, want %v", title, ts, want)
		}
	}

	tests := []struct {
		i              int
		title, ts      string
		prefix, suffix string
		contains       string
	}{
		{0, "Suplantado", "2021-02-11T11:04:04Z", "{{section-game-states}}\n{{section-hacking}}\n", "[[Category: Game States]]", "{{skillbox |black| SUPLANTADO |}}"},
		{2, "Trabado", "2021-02-11T10:43:16Z", "{{section-combat-module}}", "[[Category: Combat Module]]", ""},
		{5, "Esquivar", "2021-02-11T10:26:28Z", "{{section-common-skills}}", "", "Esquivar"},
		{40, "G: Jumper", "2021-02-11T08:53:20Z", "{{section-special-skills}}", "", ""},
		{49, "Impetuoso", "2021-02-11T08:05:48Z", "{{section-special-skills}}", "}}\n\n{{n4end}}\n\n[[Category:Special Skills]]", ""},
	}
	for _, tt := range tests {
		r := revs[tt.i]
		if r.Page.Title != tt.title || r.Timestamp.Format(time.RFC3339) != tt.ts {
			t.Errorf("revision %d = %s %s, want %s %s", tt.i, r.Page.Title, r.Timestamp.Format(time.RFC3339), tt.title, tt.ts)
		}
		if !strings.HasPrefix(r.Text, tt.prefix) || !strings.HasSuffix(r.Text, tt.suffix) || !strings.Contains(r.Text, tt.contains) {
			t.Errorf("revision %d (%s): text %q … %q", tt.i, tt.title, clip(r.Text, 60), r.Text[max(0, len(r.Text)-60):])
		}
	}
}

// TestContribsRoundTrip rebuilds the dump from the revisions: header, and
// per revision title/ts/user/text separated by blank lines. Equal bytes
// prove that no byte of wikitext was lost or moved between revisions.
func TestContribsRoundTrip(t *testing.T) {
	dump := seedDump(t)
	revs := seedRevisions(t)
	var b strings.Builder
	b.WriteString("Infinity - Contribuciones del usuario [es]")
	for _, r := range revs {
		b.WriteString("\n\n" + r.Page.Title + "\n\n" + r.Timestamp.Format(time.RFC3339) + "\n\n" + r.User + ":\n\n" + r.Text)
	}
	if got := b.String(); got != string(dump) {
		i := 0
		for i < len(got) && i < len(dump) && got[i] == dump[i] {
			i++
		}
		t.Fatalf("rebuilt dump differs at byte %d: got %q, want %q", i, clip(got[i:], 40), clip(string(dump[i:]), 40))
	}
	// Origin points at the title line.
	for _, r := range revs {
		var off int
		if _, err := fmtSscanOrigin(r.Origin, sample.DumpName, &off); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(dump[off:]), r.Page.Title+"\n\n") {
			t.Errorf("origin %s does not point at title %q", r.Origin, r.Page.Title)
		}
	}
}

func TestContribsEdgeCases(t *testing.T) {
	in := "Wiki - User contributions [en]\r\n\r\nTemplate:Box\r\n\r\n2024-01-02T03:04:05+01:00\r\n\r\nBob:\r\n\r\n\r\nPage\r\n\r\n2024-01-02T03:04:06Z\r\n\r\nAnn:\r\n\r\nline\r\n  \r\n"
	revs := readAll(t, NewContribs(strings.NewReader(in), "x"))
	if len(revs) != 2 {
		t.Fatalf("got %d revisions", len(revs))
	}
	if r := revs[0]; r.Page.Title != "Template:Box" || r.Page.Namespace != 10 || r.Page.Wiki != "wiki-en" || r.Text != "" ||
		r.Timestamp.Format(time.RFC3339) != "2024-01-02T02:04:05Z" || r.User != "Bob" {
		t.Errorf("first = %+v", r)
	}
	if r := revs[1]; r.Text != "line\n  " || r.User != "Ann" {
		t.Errorf("second text = %q user %q", r.Text, r.User)
	}
}

// fmtSscanOrigin parses "name:offset".
func fmtSscanOrigin(origin, name string, off *int) (int, error) {
	return fmt.Sscanf(strings.TrimPrefix(origin, name+":"), "%d", off)
}
