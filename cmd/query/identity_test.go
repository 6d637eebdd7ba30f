package main

import (
	"bytes"
	"context"
	"database/sql"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
	_ "modernc.org/sqlite"
)

// identityDB ingests the Spanish and the English export of a page of one
// title ("Berserk": N4 in infinity-es, N5 with its N4 alternative in
// infinity-en) into a new knowledge base and returns its path.
func identityDB(t *testing.T) string {
	t.Helper()
	return tempKB(t, false, "testdata/identity/berserk-es.xml", "testdata/identity/berserk-en.xml")
}

// queryEnv runs query with the locale environment set as given.
func queryEnv(t *testing.T, env map[string]string, args ...string) string {
	t.Helper()
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		t.Setenv(v, env[v])
	}
	return runQuery(t, args...)
}

// TestSameTitleTwoWikis: a Spanish and an English page of one title live
// side by side; -wiki picks one, -lang (default the locale, else Spanish)
// chooses without it, and the output names the other.
func TestSameTitleTwoWikis(t *testing.T) {
	path := identityDB(t)
	var v struct {
		Page struct {
			Wiki, Language string
		} `json:"page"`
		AlsoIn []struct{ Title, Wiki string } `json:"also_in"`
	}
	for _, c := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{nil, nil, "infinity-es"},
		{map[string]string{"LANG": "en_GB.UTF-8"}, nil, "infinity-en"},
		{map[string]string{"LANG": "en_GB.UTF-8", "LC_ALL": "es_ES.UTF-8"}, nil, "infinity-es"},
		{map[string]string{"LANG": "de_DE.UTF-8"}, nil, "infinity-es"},
		{nil, []string{"-lang", "en"}, "infinity-en"},
		{map[string]string{"LANG": "en_US"}, []string{"-wiki", "infinity-es"}, "infinity-es"},
		{nil, []string{"-wiki", "infinity-en"}, "infinity-en"},
	} {
		args := append(append([]string{"show", "-db", path, "-json"}, c.args...), "Berserk")
		v.AlsoIn = nil
		decode(t, queryEnv(t, c.env, args...), &v)
		other := "infinity-en"
		if c.want == other {
			other = "infinity-es"
		}
		if v.Page.Wiki != c.want || len(v.AlsoIn) != 1 || v.AlsoIn[0].Wiki != other || v.AlsoIn[0].Title != "Berserk" {
			t.Errorf("env %v, %q: page of %s, also in %+v; want %s, also in %s", c.env, c.args, v.Page.Wiki, v.AlsoIn, c.want, other)
		}
	}
	out := queryEnv(t, nil, "show", "-db", path, "Berserk")
	if !strings.Contains(out, "also in infinity-en: Berserk") {
		t.Errorf("show does not name the English page:\n%s", out)
	}
	if _, err := runErr("show", "-db", path, "-wiki", "infinity-n3-es", "Berserk"); err == nil ||
		!strings.Contains(err.Error(), "infinity-es") {
		t.Errorf("a wiki without the page: err %v, want one naming the wikis that hold it", err)
	}
	var errb bytes.Buffer
	var outb bytes.Buffer
	if err := Run(context.Background(), []string{"history", "-db", path, "-lang", "en", "Berserk"}, &outb, &errb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errb.String(), "also in infinity-es: Berserk") || !strings.Contains(outb.String(), "Ian") {
		t.Errorf("history -lang en: stdout %q, stderr %q", outb.String(), errb.String())
	}
}

// runErr runs query and returns stdout and its error.
func runErr(args ...string) (string, error) {
	var out, errb bytes.Buffer
	err := Run(context.Background(), args, &out, &errb)
	return out.String(), err
}

// TestShowEditions: without -edition a page speaks for the newest edition
// the knowledge base holds (N5), or the newest it holds itself, and says
// which; -edition n5 of an N4-only page gives no records and says so;
// -edition n4 of an N5 page shows its N4 alternatives.
func TestShowEditions(t *testing.T) {
	path := identityDB(t)
	type doc struct {
		Edition        string   `json:"edition"`
		EditionDefault bool     `json:"edition_default"`
		Notes          []string `json:"notes"`
		Records        []struct {
			Text     string   `json:"text"`
			Editions []string `json:"editions"`
		} `json:"records"`
	}
	show := func(args ...string) doc {
		var d doc
		decode(t, queryEnv(t, nil, append([]string{"show", "-db", path, "-json"}, args...)...), &d)
		return d
	}
	en := show("-wiki", "infinity-en", "Berserk")
	if en.Edition != "n5" || !en.EditionDefault || len(en.Records) != 2 {
		t.Errorf("English page by default: edition %q (default %v), %d records; want n5, default, skill and N5 effect", en.Edition, en.EditionDefault, len(en.Records))
	}
	for _, r := range en.Records {
		if strings.Contains(r.Text, "particularities") {
			t.Errorf("the N4 alternative shown by default: %q", r.Text)
		}
	}
	n4 := show("-wiki", "infinity-en", "-edition", "n4", "Berserk")
	if len(n4.Records) != 1 || !strings.Contains(n4.Records[0].Text, "particularities") {
		t.Errorf("-edition n4 of the N5 page: %+v, want its N4 alternative", n4.Records)
	}
	es := show("-edition", "n5", "Berserk")
	if len(es.Records) != 0 || len(es.Notes) != 1 || !strings.Contains(es.Notes[0], "no N5 version") {
		t.Errorf("-edition n5 of the N4-only page: %d records, notes %q", len(es.Records), es.Notes)
	}
	def := show("Berserk")
	if def.Edition != "n4" || len(def.Records) == 0 || len(def.Notes) != 1 || !strings.Contains(def.Notes[0], "no N5 version") {
		t.Errorf("N4-only page by default: edition %q, %d records, notes %q; want its N4 text and a note", def.Edition, len(def.Records), def.Notes)
	}
	text := queryEnv(t, nil, "show", "-db", path, "-wiki", "infinity-en", "Berserk")
	if !strings.Contains(text, "edition: N5 (the default") {
		t.Errorf("show does not say the edition it speaks for:\n%s", text)
	}
}

// TestPagesCommand: query pages lists each page with its wiki, language,
// editions and counts; -wiki and -edition narrow it.
func TestPagesCommand(t *testing.T) {
	path := identityDB(t)
	var l struct {
		Total int `json:"total"`
		Pages []struct {
			Page struct {
				Title, Wiki, Language string
			} `json:"page"`
			Editions  []string `json:"editions"`
			Revisions int      `json:"revisions"`
			Records   int      `json:"records"`
		} `json:"pages"`
	}
	decode(t, runQuery(t, "pages", "-db", path, "-json"), &l)
	got := []string{}
	for _, p := range l.Pages {
		got = append(got, p.Page.Title+"|"+p.Page.Wiki+"|"+p.Page.Language+"|"+strings.Join(p.Editions, ",")+"|"+
			string(rune('0'+p.Revisions))+"|"+string(rune('0'+p.Records)))
	}
	if want := "Berserk|infinity-en|en|n4,n5|1|3 Berserk|infinity-es|es|n4|1|2"; strings.Join(got, " ") != want {
		t.Errorf("pages %q, want %q", strings.Join(got, " "), want)
	}
	decode(t, runQuery(t, "-db", path, "pages", "-json", "-edition", "n5"), &l) // -db before the command too
	if l.Total != 1 || l.Pages[0].Page.Wiki != "infinity-en" {
		t.Errorf("-edition n5: %+v", l)
	}
	decode(t, runQuery(t, "pages", "-db", path, "-json", "-wiki", "infinity-es"), &l)
	if l.Total != 1 || l.Pages[0].Page.Wiki != "infinity-es" {
		t.Errorf("-wiki infinity-es: %+v", l)
	}
}

// TestPageIdentityUpgrade opens a knowledge base made before pages were
// known by (wiki, title) — pages.title UNIQUE, migration 0009 not
// applied — and upgrades it: its data stays, and a page of the same title
// in another wiki can then be stored beside the old one.
func TestPageIdentityUpgrade(t *testing.T) {
	ctx := context.Background()
	path := sampleDBCopy(t)
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	var before int
	if err := raw.QueryRow(`SELECT COUNT(*) FROM pages`).Scan(&before); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	execSQL(t, path,
		`PRAGMA foreign_keys = OFF`,
		`CREATE TABLE pages_old (pk INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE, fold TEXT NOT NULL,
			namespace INTEGER NOT NULL, language TEXT NOT NULL, wiki TEXT NOT NULL)`,
		`INSERT INTO pages_old SELECT pk, title, fold, namespace, language, wiki FROM pages`,
		`DROP TABLE pages`,
		`ALTER TABLE pages_old RENAME TO pages`,
		`CREATE INDEX pages_fold ON pages (fold)`,
		`DELETE FROM migrations WHERE name = 'migrations/0009_page_identity.sql'`,
	)
	var out, errb bytes.Buffer
	if err := Run(ctx, []string{"show", "-db", path, "-json", "Berserk"}, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if !strings.Contains(errb.String(), "upgrading") || !strings.Contains(out.String(), `"infinity-es"`) {
		t.Errorf("upgrade: stderr %q, page %.200s", errb.String(), out.String())
	}
	db, err := kb.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pipeline.IngestFiles(ctx, db, []string{"testdata/identity/berserk-en.xml"}, pipeline.Options{}); err != nil {
		t.Fatalf("an English Berserk beside the Spanish one: %v", err)
	}
	st, err := db.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if st.Pages != before+1 {
		t.Errorf("%d pages after the upgrade and the English page, want %d", st.Pages, before+1)
	}
	p := runQuery(t, "pages", "-db", path, "-wiki", "infinity-en")
	if !strings.Contains(p, "Berserk  infinity-en") {
		t.Errorf("pages -wiki infinity-en:\n%s", p)
	}
}

// execSQL runs stmts in order on the knowledge base file at path with the
// bare SQLite driver, below kb: how a test makes a database of an older
// schema.
func execSQL(t *testing.T, path string, stmts ...string) {
	t.Helper()
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, q := range stmts {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// TestOlderSchemaUpgraded opens with query a knowledge base made by an
// older version (the seed corpus, with migration 0006 undone as a database
// made before it lacks it): query upgrades it once, says so on stderr,
// and answers as from a current one.
func TestOlderSchemaUpgraded(t *testing.T) {
	ctx := context.Background()
	path := sampleDBCopy(t)
	execSQL(t, path,
		`CREATE TABLE faq_new (faq INTEGER NOT NULL REFERENCES faqs (pk), revision TEXT NOT NULL REFERENCES revisions (id))`,
		`CREATE TRIGGER faq_occurrences_new AFTER INSERT ON faq_occurrences BEGIN
			INSERT INTO faq_new (faq, revision) VALUES (NEW.faq, NEW.revision); END`,
		`CREATE TRIGGER revisions_current AFTER INSERT ON revisions BEGIN
			INSERT INTO current_revisions (page, revision, timestamp) VALUES (NEW.page, NEW.id, NEW.timestamp)
			ON CONFLICT (page) DO UPDATE SET revision = excluded.revision, timestamp = excluded.timestamp
			WHERE excluded.timestamp > current_revisions.timestamp; END`,
		`DELETE FROM migrations WHERE name = 'migrations/0006_writer_summaries.sql'`,
	)
	if _, err := kb.OpenReadOnly(ctx, path); err == nil {
		t.Fatal("the older database opens read-only without its migration")
	}

	for i, want := range []string{"upgrading " + path, ""} {
		var out, errb bytes.Buffer
		if err := Run(ctx, []string{"show", "-db", path, "-json", "Esquivar"}, &out, &errb); err != nil {
			t.Fatalf("run %d: %v\n%s", i, err, errb.String())
		}
		if got := errb.String(); (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("run %d: stderr %q, want %q", i, got, want)
		}
		if !strings.Contains(out.String(), `"Esquivar"`) {
			t.Errorf("run %d: no page Esquivar in %.200s", i, out.String())
		}
	}
	ro, err := kb.OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatalf("after the upgrade: %v", err)
	}
	ro.Close()
}

// TestPageIdentity: show's second line names the wiki and language, the
// one a page has, or says neither is known (not a blank line).
func TestPageIdentity(t *testing.T) {
	for _, tt := range []struct {
		p    wikirules.Page
		want string
	}{
		{wikirules.Page{Wiki: "infinity-es", Language: "es"}, "infinity-es, es"},
		{wikirules.Page{Language: "en"}, "en"},
		{wikirules.Page{}, "wiki and language unknown"},
	} {
		if got := pageIdentity(tt.p); got != tt.want {
			t.Errorf("pageIdentity(%+v) = %q, want %q", tt.p, got, tt.want)
		}
	}
}
