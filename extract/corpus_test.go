package extract

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// corpusDir holds the index (index.json: the articles and old revisions of
// the repository's real wiki pages, with the title, wiki and language of
// each; the diff screens and feeds stay out: the readers refuse them) and
// the golden extractions; the pages themselves are read from corpusPages.
const corpusDir = "testdata/wiki-pages"

// corpusPages is the repository's folder of real wiki pages.
const corpusPages = "../testdata/wiki-pages"

// corpusEntry is one file of corpusDir's index.json.
type corpusEntry struct {
	File     string   `json:"file"`
	URL      string   `json:"url"`
	Title    string   `json:"title"`
	Lang     string   `json:"lang"`
	Kind     string   `json:"kind"`
	Site     string   `json:"site"`
	Editions []string `json:"editions"`
	Note     string   `json:"note"`
}

// corpusEntries reads the index of corpusDir.
func corpusEntries(t testing.TB) []corpusEntry {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusDir, "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []corpusEntry
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// corpusWiki names the wiki of an entry: the old official wiki of N3
// times is a wiki of its own.
func corpusWiki(e corpusEntry) string {
	if strings.Contains(e.Site, "N3") {
		return "infinity-n3-" + e.Lang
	}
	return "infinity-" + e.Lang
}

// corpusRevision builds the revision of a corpus file as the rendered-page
// reader will: the title, wiki and language of the page (here from the
// index), the file's text verbatim, no timestamp.
func corpusRevision(t testing.TB, e corpusEntry) wikirules.Revision {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusPages, e.File))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	return wikirules.Revision{
		Page:   wikirules.Page{Title: e.Title, Language: e.Lang, Wiki: corpusWiki(e)},
		ID:     wikirules.DeriveRevisionID(e.Title, wikirules.Revision{}.Timestamp, text),
		Text:   text,
		Format: wikirules.FormatPageText,
		Origin: e.File,
	}
}

// corpusFile returns the entry of file name.
func corpusFile(t testing.TB, name string) corpusEntry {
	t.Helper()
	for _, e := range corpusEntries(t) {
		if e.File == name {
			return e
		}
	}
	t.Fatalf("%s is not in %s/index.json", name, corpusDir)
	return corpusEntry{}
}

// TestDebugCorpus logs the records of the corpus files whose name contains
// $CORPUS (all with "all"); it is skipped otherwise.
func TestDebugCorpus(t *testing.T) {
	pat := os.Getenv("CORPUS")
	if pat == "" {
		t.Skip()
	}
	for _, e := range corpusEntries(t) {
		if pat != "all" && !strings.Contains(e.File, pat) {
			continue
		}
		rev := corpusRevision(t, e)
		x := ExtractRendered(rev)
		t.Logf("=== %s (%s, %v)", e.File, e.Lang, e.Editions)
		t.Logf("\n%s", dumpRecords(x))
		for _, f := range x.FAQs {
			t.Logf("FAQ %s %q %q removed=%q eds=%v | %.60s | A: %.40s | %v", f.Type, f.Title, f.Version, f.Removed, f.Editions, f.Question, f.Answer, f.Related)
		}
		t.Logf("page editions %v; diagnostics %q; coverage %.3f", x.PageEditions, x.Diagnostics, x.Coverage(len(rev.Text)))
	}
}

// furnitureMarks are pieces of MediaWiki's page chrome and site notices
// the corpus pages show: no record may hold one.
var furnitureMarks = []string{"http://", "https://", "From Infinity", "De Infinity", "Jump to:", "Saltar a:",
	"Revision as of", "Revisión del ", "Revisión de ", "NOTICE:", "AVISO:", "The wiki currently uses",
	"The wiki has been updated", "List of wiki pages updated", "La Wiki aún", "(Redirected from", "(Redirigido desde",
	"← Older revision", "Revisión anterior"}

// TestCorpusWalk extracts every article and old revision of the corpus:
// lossless (records and layout partition the text), no record holding page
// furniture, and every record with an edition or the page's "edition
// unknown" diagnostic.
func TestCorpusWalk(t *testing.T) {
	entries := corpusEntries(t)
	if len(entries) != 59 {
		t.Fatalf("%d corpus entries, want the 59 articles and old revisions", len(entries))
	}
	for _, e := range entries {
		rev := corpusRevision(t, e)
		x := ExtractRendered(rev)
		checkRendered(t, rev, x)
		if c := x.Coverage(len(rev.Text)); c != 1 || Rebuild(rev.Text, x) != rev.Text {
			t.Errorf("%s: coverage %.4f; diagnostics %q", e.File, c, x.Diagnostics)
		}
		unknown := false
		for _, d := range x.Diagnostics {
			unknown = unknown || strings.Contains(d, "edition unknown")
		}
		for _, r := range x.Records {
			for _, m := range furnitureMarks {
				if strings.Contains(r.Plain, m) || strings.Contains(r.Text, m) {
					t.Errorf("%s: record %s %q holds page furniture %q", e.File, r.Kind, clip(r.Plain, 80), m)
				}
			}
			if r.Editions == 0 && !unknown {
				t.Errorf("%s: record %s %q has no edition and the page no \"edition unknown\" diagnostic", e.File, r.Kind, clip(r.Plain, 60))
			}
		}
		if len(x.Records) == 0 {
			t.Errorf("%s: no records", e.File)
		}
	}
}

// corpusGoldens are the corpus files whose extraction is kept under
// testdata/wiki-pages/golden/<file>.golden (corpusDump), each checked by
// hand against its file: English and Spanish, N3, N4 and N5, FAQ blocks of
// the three layouts and a withdrawn entry, update and original blocks,
// SEE ALSO quotes, IMPORTANT and REMEMBER boxes, tables, a page holding
// CodeOne and N4 text side by side, skill headers of both boxes, the
// Spanish wiki's English pages and the old official wiki, and pages whose
// edition only their words (Tactical Orders) or N4's null box tell.
var corpusGoldens = []string{
	"en_Ammunition_Summary_Chart-oldid661_oldid.txt",
	"en_Command_Tokens_article.txt",
	"en_Dead-oldid733_oldid.txt",
	"en_Disconnected_State_article.txt",
	"en_Engineer-oldid428_oldid.txt",
	"en_Engineer-snapB_article.txt",
	"en_Escape_System_article.txt",
	"en_Fireteam_Bonuses-oldid1743-prev_oldid.txt",
	"en_Hacking_Area-snapA_article.txt",
	"en_Hacking_Area-snapB_article.txt",
	"en_Isolated-redirect_article.txt",
	"en_Isolated_State-oldid2075_oldid.txt",
	"en_Martial_Arts-snapB_article.txt",
	"en_Minelayer-oldid3103-prev_oldid.txt",
	"en_Minelayer_article.txt",
	"en_Normal_State-oldid3311-snapA_oldid.txt",
	"en_Normal_State-oldid3311-snapB_oldid.txt",
	"en_Retreat_State-enarchive-oldid2939_oldid.txt",
	"en_Spotlight_article.txt",
	"en_State-redirect_article.txt",
	"en_Traits-oldid3440-next_oldid.txt",
	"en_Unconscious_State-oldid1190-next_oldid.txt",
	"es_Albedo_article.txt",
	"es_Heridas-oldid3664-prev_oldid.txt",
	"es_Marcado-oldid348_oldid.txt",
	"es_Municion_Shock_article.txt",
	"es_Normal-officialwiki-oldid2172_oldid.txt",
	"es_Tirada_de_Salvacion_article.txt",
}

// TestCorpusGolden compares the extraction of each golden corpus file
// with its golden dump. Run `go test ./extract -run TestCorpusGolden
// -update` after a deliberate change, then review the diff against the
// files.
func TestCorpusGolden(t *testing.T) {
	for _, name := range corpusGoldens {
		t.Run(name, func(t *testing.T) {
			rev := corpusRevision(t, corpusFile(t, name))
			got := corpusDump(rev, ExtractRendered(rev))
			path := filepath.Join(corpusDir, "golden", strings.TrimSuffix(name, ".txt")+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from the extraction; rerun with -update and review the diff\n%s", path, got)
			}
		})
	}
}

// corpusDump renders an extraction for review against its page: the page's
// editions, one line per record — "kind ordinal/depth [editions] section |
// text {extras}" — one per FAQ entry, and the diagnostics.
func corpusDump(rev wikirules.Revision, x *wikirules.Extraction) string {
	var b strings.Builder
	fmt.Fprintf(&b, "page %q (%s, %s) editions %s\n", rev.Page.Title, rev.Page.Wiki, rev.Page.Language, x.PageEditions.Label())
	idx := map[string]int{}
	for i, r := range x.Records {
		idx[r.ID] = i
	}
	for i, r := range x.Records {
		fmt.Fprintf(&b, "%d %s %d/%d %s %s | %s", i, r.Kind, r.Ordinal, r.Depth, r.Editions.Label(), strings.Join(r.Section, " › "), r.Plain)
		if r.Skill != nil {
			fmt.Fprintf(&b, " {skill %q type %q labels %q}", r.Skill.Name, r.Skill.Type, r.Skill.Labels)
		}
		if r.Title != "" && r.Skill == nil {
			fmt.Fprintf(&b, " {title %q}", r.Title)
		}
		if r.Version != "" {
			fmt.Fprintf(&b, " {version %q}", r.Version)
		}
		if r.Superseded {
			if by, ok := idx[r.SupersededBy]; ok {
				fmt.Fprintf(&b, " {superseded by %d}", by)
			} else {
				b.WriteString(" {superseded}")
			}
		}
		if r.Alternative != "" {
			fmt.Fprintf(&b, " {alternative of %d}", idx[r.Alternative])
		}
		for _, k := range sortedKeys(r.Fields) {
			switch k {
			case "paragraph", "box", "faq_id", "question", "answer", "example":
				continue
			}
			fmt.Fprintf(&b, " {%s %q}", k, r.Fields[k])
		}
		b.WriteString("\n")
	}
	for _, f := range x.FAQs {
		fmt.Fprintf(&b, "FAQ %s %q %q", f.Type, f.Title, f.Version)
		if f.Removed != "" {
			fmt.Fprintf(&b, " removed %q", f.Removed)
		}
		fmt.Fprintf(&b, " %s | Q %s | A %s | related %q\n", f.Editions.Label(), f.Question, f.Answer, f.Related)
	}
	for _, d := range x.Diagnostics {
		_, msg, _ := strings.Cut(d, "): ")
		fmt.Fprintf(&b, "diagnostic %s\n", msg)
	}
	return b.String()
}

// TestCorpusFAQIdentity checks that an FAQ the English layout shows with
// its version but no title line (Isolated State, oldid 2075) is the FAQ
// another page shows with both (the Isolated redirect's "N4 FAQ" /
// "Version: 1.0, Jan 2021"), given that page's FAQs: the same ID, title and
// version; without them it keeps its version and no title.
func TestCorpusFAQIdentity(t *testing.T) {
	titled := ExtractRendered(corpusRevision(t, corpusFile(t, "en_Isolated-redirect_article.txt")))
	rev := corpusRevision(t, corpusFile(t, "en_Isolated_State-oldid2075_oldid.txt"))
	bare := ExtractRendered(rev)
	x := ExtractRenderedWith(rev, RenderedOptions{FAQs: NewFAQCatalog(titled.FAQs...)})
	if len(x.FAQs) != 3 || len(titled.FAQs) != 2 {
		t.Fatalf("%d FAQs, %d on the titled page; want 3 and 2", len(x.FAQs), len(titled.FAQs))
	}
	for i := 0; i < 2; i++ {
		got, want := x.FAQs[i], titled.FAQs[i]
		if got.ID != want.ID || got.Title != "N4 FAQ" || got.Version != "1.0, Jan 2021" {
			t.Errorf("FAQ %d: %s %q %q, want %s %q %q", i, got.ID, got.Title, got.Version, want.ID, want.Title, want.Version)
		}
		if bare.FAQs[i].Title != "" || bare.FAQs[i].Version != "1.0, Jan 2021" || bare.FAQs[i].ID == want.ID {
			t.Errorf("without the catalogue, FAQ %d: %s %q %q", i, bare.FAQs[i].ID, bare.FAQs[i].Title, bare.FAQs[i].Version)
		}
	}
	// The withdrawn entry is the same FAQ; the page that shows it withdrawn says so.
	if titled.FAQs[1].Removed != "1.3, Nov 2022" || x.FAQs[1].Removed != "" {
		t.Errorf("removed: %q on the redirect, %q on the 2021 revision", titled.FAQs[1].Removed, x.FAQs[1].Removed)
	}
	if x.FAQs[2].Title != "" {
		t.Errorf("an FAQ the titled page does not show stays untitled: %+v", x.FAQs[2])
	}
}
