package source

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// TestParsePageURL reads the URL shapes of the Infinity wikis and others.
func TestParsePageURL(t *testing.T) {
	tests := []struct {
		url              string
		title            string
		kind             PageKind
		oldID, wiki, lng string
	}{
		{"https://infinitythewiki.com/Isolated", "Isolated", KindArticle, "", "infinity-en", "en"},
		{"https://infinitythewiki.com/Paralysis_(PARA)_Ammunition", "Paralysis (PARA) Ammunition", KindArticle, "", "infinity-en", "en"},
		{"https://infinitythewiki.com/es/Munici%C3%B3n_Shock", "Munición Shock", KindArticle, "", "infinity-es", "es"},
		{"https://infinitythewiki.com/wiki-es/index.php?oldid=428&title=Ingeniero", "Ingeniero", KindOldRevision, "428", "infinity-es", "es"},
		{"http://infinitythewiki.com/en/index.php?title=Retreat!_(State)&oldid=2939", "Retreat! (State)", KindOldRevision, "2939", "infinity-en", "en"},
		{"https://infinitythewiki.com/index.php?direction=prev&oldid=1743&title=Fireteam_Bonuses", "Fireteam Bonuses", KindOldRevision, "", "infinity-en", "en"},
		{"https://infinitythewiki.com/index.php?title=engineer", "Engineer", KindArticle, "", "infinity-en", "en"},
		{"https://infinitythewiki.com/index.php?diff=3612&oldid=1715&title=Holoecho_State", "Holoecho State", KindDiff, "", "infinity-en", "en"},
		{"http://infinitythewiki.com/wiki-es/index.php?diff=535&oldid=prev&title=Estado_Normal", "Estado Normal", KindDiff, "", "infinity-es", "es"},
		{"https://infinitythewiki.com/index.php?action=history&feed=atom&title=Fireteams%3A_Basic_Rules", "Fireteams: Basic Rules", KindFeed, "", "infinity-en", "en"},
		{"https://infinitythewiki.com/index.php?title=Stealth&action=history", "Stealth", KindHistory, "", "infinity-en", "en"},
		{"https://infinitythewiki.com/index.php?title=Stealth&action=edit", "Stealth", KindScreen, "", "infinity-en", "en"},
		{"https://infinitythewiki.com/Special:Contributions/Ian", "Special:Contributions/Ian", KindContributions, "", "infinity-en", "en"},
		{"https://infinitythewiki.com/wiki-es/index.php?title=Especial:Buscar&search=Berserk", "Especial:Buscar", KindSearch, "", "infinity-es", "es"},
		{"https://infinitythewiki.com/Special:RecentChanges", "Special:RecentChanges", KindSpecial, "", "infinity-en", "en"},
		{"https://infinitythewiki.com/index.php?diff=2617&oldid=1605&title=MediaWiki%3ACommon.css", "MediaWiki:Common.css", KindDiff, "", "infinity-en", "en"},
		{"http://wiki.infinitythegame.com/es/index.php?title=Normal&oldid=2172", "Normal", KindOldRevision, "2172", "infinity-n3-es", "es"},
		{"https://wiki.example.org/wiki/Camuflaje", "Camuflaje", KindArticle, "", "wiki-example-org", ""},
		{"https://example.org/fr/index.php?title=Camouflage&oldid=12", "Camouflage", KindOldRevision, "12", "example-org-fr", "fr"},
		{"https://infinitythewiki.com/", "", KindArticle, "", "infinity-en", "en"},
	}
	for _, tc := range tests {
		p, ok := ParsePageURL(tc.url)
		if !ok || p.Title != tc.title || p.Kind != tc.kind || p.OldID != tc.oldID || p.Wiki != tc.wiki || p.Language != tc.lng {
			t.Errorf("%s: %+v ok %v; want %q %s oldid %q %s %q", tc.url, p, ok, tc.title, tc.kind, tc.oldID, tc.wiki, tc.lng)
		}
	}
	for _, bad := range []string{"infinitythewiki.com/Stealth", "ftp://infinitythewiki.com/x", "Engineer"} {
		if _, ok := ParsePageURL(bad); ok {
			t.Errorf("%s: read as a URL", bad)
		}
	}
}

// TestNormalizeTitle applies MediaWiki's title normalisation.
func TestNormalizeTitle(t *testing.T) {
	for in, want := range map[string]string{
		"Isolated_State":        "Isolated State",
		"  fireteams:__Basic  ": "Fireteams: Basic",
		"plantilla : skillbox":  "Plantilla:Skillbox",
		"Munici%C3%B3n_Shock":   "Munición Shock",
		"ágil":                  "Ágil",
	} {
		if got := NormalizeTitle(in, true); got != want {
			t.Errorf("NormalizeTitle(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPageTextFirstLine: without a URL line the first line is the title
// only when it can be one; a banner, a site line, a bullet, a navigation
// line or a sentence is refused with an error that says what it is.
func TestPageTextFirstLine(t *testing.T) {
	refused := map[string]string{
		"NOTICE: Infinity N5.2 and FAQ 5.0.0\nThe wiki …\n": "site notice",
		"AVISO: Infinity N5.2 y FAQ 5.0.0\n":                "site notice",
		"From Infinity\n  • Troopers using…\n":              "site line",
		"  • Troopers using this Special Skill must be…\n":  "list item",
		"- Low Visibility Zone\n":                           "list item",
		"This N4 rule is not used in CodeOne.\n":            "sentence",
		"Terminology | Alignment | Labels\n":                "characters",
		"Jump to: navigation, search\n":                     "navigation",
		"https://infinitythewiki.com/\n\nStates\n":          "names no page title",
		"https://infinitythewiki.com/index.php\n\nX\n":      "names no page title",
	}
	for text, want := range refused {
		_, err := NewPageText(strings.NewReader(text), "p.txt").Next()
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "p.txt") {
			t.Errorf("%q: error %v; want one saying %q", text, err, want)
		}
	}
	rev, err := NewPageText(strings.NewReader("Integridad del Fireteam\n\nDe Infinity\n(Redirigido desde «Cancelación del Fireteam»)\n"), "p.txt").Next()
	if err != nil || rev.Page.Title != "Integridad del Fireteam" || rev.Page.Wiki != "infinity-es" || rev.Page.Language != "es" {
		t.Errorf("title line: %+v %v", rev, err)
	}
	rev, err = NewPageText(strings.NewReader("Engineer\n\nFrom Infinity\nJump to: navigation, search\n"), "p.txt").Next()
	if err != nil || rev.Page.Title != "Engineer" || rev.Page.Wiki != "infinity-en" || rev.Page.Language != "en" {
		t.Errorf("English title line: %+v %v", rev, err)
	}
}

// TestPageTextIdentity: -wiki / -lang (Identity) fill what the input does
// not say and never replace what a known wiki's URL says.
func TestPageTextIdentity(t *testing.T) {
	tests := []struct {
		text       string
		def        Identity
		title      string
		wiki, lang string
	}{
		{"Módulo de Combate\n\nSecciones\n", Identity{}, "Módulo de Combate", "infinity-es", "es"},
		{"Combat Module\n\nSections\n", Identity{Wiki: "infinity-en", Language: "en"}, "Combat Module", "infinity-en", "en"},
		{"https://infinitythewiki.com/es/Albedo\n\nAlbedo\n", Identity{Wiki: "other", Language: "en"}, "Albedo", "infinity-es", "es"},
		{"https://wiki.example.org/wiki/Stealth\n\nStealth\n\nbody\n", Identity{}, "Stealth", "wiki-example-org", ""},
		{"https://wiki.example.org/wiki/Stealth\n\nStealth\nFrom Mirror\n", Identity{}, "Stealth", "wiki-example-org-en", "en"},
		{"https://wiki.example.org/wiki/Stealth\n\nStealth\n", Identity{Wiki: "infinity-en", Language: "en"}, "Stealth", "infinity-en", "en"},
		{"https://infinitythewiki.com/en/index.php?title=Retreat!_(State)&oldid=2939\n\nRetreat! (State)\n\nFrom Infinity Wiki\n", Identity{}, "Retreat! (State)", "infinity-n3-en", "en"},
	}
	for _, tc := range tests {
		rev, err := NewPageTextWith(strings.NewReader(tc.text), "p.txt", tc.def).Next()
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if p := rev.Page; p.Title != tc.title || p.Wiki != tc.wiki || p.Language != tc.lang {
			t.Errorf("%q with %+v: page %+v; want %q of %q (%q)", tc.text, tc.def, p, tc.title, tc.wiki, tc.lang)
		}
	}
}

// TestPageTextScreensFromContent refuses screens whose URL line is gone:
// a table diff without leading pipe, an inline diff, a history page.
func TestPageTextScreensFromContent(t *testing.T) {
	tests := map[string]PageKind{
		"Line 1: | Line 1: | ||\n− | {{section-hacking}} | + | {{n5-section-hacking}} |\n": KindDiff,
		"Engineer\n\nLine 7: Line 7:\n \n{{effects}}\n+\n* a\n+\n* b\n+\n* c\n":            KindDiff,
		"Stealth\n+\n* one\n+\n* two\n+\n* three\n":                                        KindDiff,
		"Revision history of \"Stealth\"\n(cur | prev) 10:00, 1 May 2024 Ian\n":            KindHistory,
		"Difference between pages \"A\" and \"B\"\nFrom Infinity\n":                        KindPagesDiff,
		"<?xml version=\"1.0\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n":          KindFeed,
	}
	for text, kind := range tests {
		_, err := NewPageText(strings.NewReader(text), "p.txt").Next()
		var nr *NotRevisionError
		if !errors.As(err, &nr) || nr.Kind != kind {
			t.Errorf("%q: error %v; want a %s", text, err, kind)
		}
	}
}

// TestHTMLIdentity: an HTML page's identity from RLCONF and its URL, and
// the MediaWiki screens an HTML page can be, refused by kind.
func TestHTMLIdentity(t *testing.T) {
	page := func(head, conf, body string) string {
		return `<html lang="en"><head>` + head + `<script>RLCONF={` + conf + `};</script></head><body><h1 id="firstHeading">Shown</h1>` +
			`<div id="mw-content-text">` + body + `<div class="mw-parser-output"><p>x</p></div></div></body></html>`
	}
	tests := []struct {
		html, title, wiki, lang, id, from string
	}{
		{page(`<link rel="canonical" href="https://infinitythewiki.com/Isolated_State">`, `"wgRevisionId":3612`, ""), "Isolated State", "infinity-en", "en", "infinity-en:3612", ""},
		{page(`<link rel="canonical" href="https://infinitythewiki.com/Isolated_State">`, `"wgPageName":"Isolated_State","wgRedirectedFrom":"Isolated"`, ""), "Isolated State", "infinity-en", "en", "", "Isolated"},
		{page(`<link rel="canonical" href="https://infinitythewiki.com/wiki-es/Aislado">`, `"wgPageName":"Aislado","wgPageContentLanguage":"es"`, ""), "Aislado", "infinity-es", "es", "", ""},
		{page("", `"wgPageName":"Estado_Aislado","wgSiteName":"Infinity","wgPageContentLanguage":"es"`, ""), "Estado Aislado", "infinity-es", "es", "", ""},
		{"<!-- saved from url=(0048)https://infinitythewiki.com/index.php?title=Dead&oldid=733 -->\n" + page("", "", ""), "Dead", "infinity-en", "en", "infinity-en:733", ""},
	}
	for _, tc := range tests {
		rev, err := NewHTML(strings.NewReader(tc.html), "h.html").Next()
		if err != nil {
			t.Errorf("%.80s: %v", tc.html, err)
			continue
		}
		if p := rev.Page; p.Title != tc.title || p.Wiki != tc.wiki || p.Language != tc.lang || (tc.id != "" && rev.ID != tc.id) || rev.RedirectedFrom != tc.from {
			t.Errorf("%.120s: page %+v id %s; want %q %s %s %s", tc.html, p, rev.ID, tc.title, tc.wiki, tc.lang, tc.id)
		}
	}
	screens := map[string]PageKind{
		page("", `"wgPageName":"Stealth","wgDiffOldId":12,"wgDiffNewId":13`, ""):                                          KindDiff,
		page("", `"wgPageName":"Stealth"`, `<table class="diff"><tr><td class="diff-lineno">Line 1:</td></tr></table>`):   KindDiff,
		page("", `"wgPageName":"Stealth","wgAction":"history"`, ""):                                                       KindHistory,
		page("", `"wgPageName":"Especial:Contribuciones/Ian","wgCanonicalSpecialPageName":"Contributions"`, ""):           KindContributions,
		page("", `"wgNamespaceNumber":-1,"wgCanonicalSpecialPageName":"Recentchanges"`, ""):                               KindSpecial,
		page(`<link rel="canonical" href="https://infinitythewiki.com/index.php?title=Stealth&amp;action=edit">`, "", ""): KindScreen,
		`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Stealth - Revision history</title></feed>`: KindFeed,
	}
	for html, kind := range screens {
		_, err := NewHTML(strings.NewReader(html), "h.html").Next()
		var nr *NotRevisionError
		if !errors.As(err, &nr) || nr.Kind != kind {
			t.Errorf("%.120s: error %v; want a %s", html, err, kind)
		}
	}
}

// TestRevisionInfoTime: the revision-info line MediaWiki shows above an
// old revision, in the English and Spanish wikis' wording, dates it to the
// minute; a quote of such a line in the text, or none, does not.
func TestRevisionInfoTime(t *testing.T) {
	tests := []struct {
		text string
		want time.Time
	}{
		{"Isolated State\n\nRevision as of 14:24, 10 September 2020 by Ian (talk | contribs)\n(diff) ← Older revision\n",
			time.Date(2020, 9, 10, 14, 24, 0, 0, time.UTC)},
		{"Muerto\n\nRevisión del 16:08 20 abr 2020 de Ian (discusión | contribs.)\n", time.Date(2020, 4, 20, 16, 8, 0, 0, time.UTC)},
		{"Normal\n\nRevisión de 11:03 24 sep 2015 por HellLois (Discusión | contribuciones)\n", time.Date(2015, 9, 24, 11, 3, 0, 0, time.UTC)},
		{"Dead\n\nRevision as of 9:05, 3 Feb 2021\n", time.Date(2021, 2, 3, 9, 5, 0, 0, time.UTC)},
		{"Dead\n\nRevision as of 25:05, 3 February 2021\n", time.Time{}},  // no such hour
		{"Dead\n\nRevision as of 10:05, 31 February 2021\n", time.Time{}}, // no such day
		{"Dead\n\nRevision as of 10:05, 3 Brumaire 2021\n", time.Time{}},  // no such month
		{"Dead\n" + strings.Repeat("* text\n", 80) + "Revision as of 10:05, 3 February 2021\n", time.Time{}},
		{"Dead\n\n* The trooper…\n", time.Time{}},
	}
	for _, tc := range tests {
		got, ok := RevisionInfoTime(tc.text)
		if ok != !tc.want.IsZero() || !got.Equal(tc.want) {
			t.Errorf("%.60q: %v %v; want %v", tc.text, got, ok, tc.want)
		}
	}
	// Every excerpt of an old revision that shows the line is stored
	// with its time, not as undated.
	dir := "../testdata/wiki-pages"
	files, err := filepath.Glob(filepath.Join(dir, "*_oldid.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no oldid excerpts: %v", err)
	}
	dated := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !revisionInfo.Match(b) {
			continue
		}
		rev, err := NewPageText(bytes.NewReader(b), f).Next()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if rev.Timestamp.IsZero() || rev.TimestampInferred {
			t.Errorf("%s: timestamp %v (inferred %v); want the revision-info time", f, rev.Timestamp, rev.TimestampInferred)
		}
		dated++
	}
	if dated < 10 {
		t.Errorf("%d old revisions dated by their revision-info line; the excerpts hold more than 10", dated)
	}
}

// TestRevisionInfoSummary: the revision-info line of the real captures
// gives the revision's user and edit summary, and whether the page was
// then at its latest revision; a page's creation shows MediaWiki's
// autosummary (wikirules.IsCreationSummary).
func TestRevisionInfoSummary(t *testing.T) {
	tests := []struct {
		file, user, summary string
		created             bool
	}{
		{"en_Fireteam_Bonuses-oldid1743-prev_oldid.txt", "Ian", `Created page with "{{section-fireteams}} {{n4only}} {{n4list}} The number of Fireteam members determines the bonus that the player can apply. == Two Member Fireteam Bonus == * This Level appl..."`, true},
		{"es_Marcado-oldid348_oldid.txt", "Ian", "", true},
		{"en_Minelayer-oldid3103-prev_oldid.txt", "Ian", "PDF 2.1", false},
		{"en_Retreat_State-enarchive-oldid2939_oldid.txt", "IJW", "FAQ", false},
		{"es_Normal-officialwiki-oldid2172_oldid.txt", "HellLois", "", false},
		{"en_Isolated_State-oldid2075_oldid.txt", "Ian", "", false},
	}
	for _, tc := range tests {
		b, err := os.ReadFile(filepath.Join("../testdata/wiki-pages", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		rev, err := NewPageText(bytes.NewReader(b), tc.file).Next()
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if rev.User != tc.user || (tc.summary != "" && rev.Comment != tc.summary) ||
			wikirules.IsCreationSummary(rev.Comment) != tc.created {
			t.Errorf("%s: user %q summary %q; want %q %q (creation %v)", tc.file, rev.User, rev.Comment, tc.user, tc.summary, tc.created)
		}
		if !tc.created && tc.summary == "" && rev.Comment != "" {
			t.Errorf("%s: summary %q; want none", tc.file, rev.Comment)
		}
		info, ok := RevisionInfo(string(b))
		if !ok || info.Latest {
			t.Errorf("%s: revision-info %+v %v; want an old revision's line", tc.file, info, ok)
		}
	}
	info, ok := RevisionInfo("Spotlight\n\nLatest revision as of 19:22, 15 September 2020 by Ian (talk | contribs)\n")
	if !ok || !info.Latest || info.User != "Ian" || info.Summary != "" {
		t.Errorf("latest revision line: %+v %v", info, ok)
	}
}
