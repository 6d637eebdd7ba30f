package kb

import (
	"context"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/sample"
)

// The fixtures below are revisions of the seed contributions dump
// (sample.DumpName) with extractions written by hand from their text, as
// the extractor is expected to make them: real titles, timestamps, texts,
// skill headers, bullets and faqboxes.

// dumpRevision returns the revision of title at ts (RFC 3339) from the
// seed dump: its raw wikitext, verbatim, between the "User:" line and the
// next page header.
func dumpRevision(t testing.TB, title, ts string) wikirules.Revision {
	t.Helper()
	buf, err := fs.ReadFile(sample.FS(), sample.DumpName)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(buf), "\n")
	isHeader := func(i int) bool {
		if i+3 >= len(lines) || lines[i] == "" || lines[i+1] != "" || lines[i+3] != "" {
			return false
		}
		_, err := time.Parse(time.RFC3339, lines[i+2])
		return err == nil
	}
	for i := range lines {
		if !isHeader(i) || lines[i] != title || lines[i+2] != ts {
			continue
		}
		end := i + 6
		for end < len(lines) && !isHeader(end) {
			end++
		}
		text := strings.TrimRight(strings.Join(lines[i+6:end], "\n"), "\n") + "\n"
		when, _ := time.Parse(time.RFC3339, ts)
		return wikirules.Revision{
			Page:      wikirules.Page{Title: title, Language: "es", Wiki: "infinity-es"},
			ID:        wikirules.DeriveRevisionID(title, when, text),
			Timestamp: when,
			User:      strings.TrimSuffix(lines[i+4], ":"),
			Format:    wikirules.FormatContribs,
			Text:      text,
			Origin:    sample.DumpName + ":" + title,
		}
	}
	t.Fatalf("no revision of %q at %s in the seed dump", title, ts)
	return wikirules.Revision{}
}

// n4c1 is the editions extraction gives the text of the N4 wiki's pages
// that are not {{n4only}} (Esquivar, Trabado: their c1/n4 blocks show the
// page holds in both).
const n4c1 = wikirules.Editions(wikirules.N4 | wikirules.C1)

// inherit gives the records without editions of their own the page's, as
// extraction does.
func inherit(recs []wikirules.Record, page wikirules.Editions) []wikirules.Record {
	for i := range recs {
		if recs[i].Editions == 0 {
			recs[i].Editions = page
		}
	}
	return recs
}

// recordMaker builds records of one revision whose spans are found in its
// text.
type recordMaker struct {
	t   testing.TB
	rev wikirules.Revision
}

// rec returns a record of kind in section whose source is the first
// occurrence of src in the revision text (the test fails when absent).
func (m recordMaker) rec(id string, kind wikirules.Kind, section []string, ordinal int, src, plain string) wikirules.Record {
	m.t.Helper()
	start := strings.Index(m.rev.Text, src)
	if start < 0 {
		m.t.Fatalf("%s: %q not in revision %s of %q", id, src, m.rev.ID, m.rev.Page.Title)
	}
	depth := 0
	if kind != wikirules.KindSkill && strings.HasPrefix(src, "*") {
		depth = len(src) - len(strings.TrimLeft(src, "*"))
	}
	return wikirules.Record{
		ID: id, Page: m.rev.Page.Title, RevisionID: m.rev.ID, Timestamp: m.rev.Timestamp,
		Section: section, Kind: kind, Ordinal: ordinal, Depth: depth,
		Text: strings.TrimSpace(strings.TrimLeft(src, "*")), Plain: plain,
		Span: wikirules.Span{Start: start, End: start + len(src)},
	}
}

// esquivar is the Esquivar revision of 2021-02-11T10:26:28Z: skill header,
// requirements, the c1/n4list alternatives of its first effect, an effect
// with links, an important bullet (c1) and an example.
func esquivar(t testing.TB) Item {
	rev := dumpRevision(t, "Esquivar", "2021-02-11T10:26:28Z")
	m := recordMaker{t, rev}
	skill := m.rec("esquivar-skill", wikirules.KindSkill, []string{"ESQUIVAR"}, 0,
		"{{skillbox |greenyellow| ESQUIVAR | HABILIDAD CORTA / ORA}}", "ESQUIVAR HABILIDAD CORTA / ORA")
	skill.Title = "ESQUIVAR"
	skill.Skill = &wikirules.SkillHeader{Name: "ESQUIVAR", Color: "greenyellow", Type: "HABILIDAD CORTA / ORA", Labels: []string{"Movimiento"}}
	req := []string{"La Tropa es la Tropa Activa.", "En Turno Reactivo se dispone de una ORA válida.", "La Tropa se ve afectada por un [[Arma de Plantilla]]."}
	reqPlain := []string{"La Tropa es la Tropa Activa.", "En Turno Reactivo se dispone de una ORA válida.", "La Tropa se ve afectada por un Arma de Plantilla."}
	recs := []wikirules.Record{skill}
	for i := range req {
		r := m.rec("esquivar-requisitos-"+string(rune('1'+i)), wikirules.KindRequirement, []string{"Requisitos"}, i+1, "* "+req[i], reqPlain[i])
		if i == 2 {
			r.Links = []string{"Arma de Plantilla"}
		}
		recs = append(recs, r)
	}
	c1 := m.rec("esquivar-efectos-1-c1", wikirules.KindEffect, []string{"Efectos"}, 1,
		"* Permite realizar una Tirada Enfrentada para evitar todos los Ataques de los enemigos, que se produzcan en una Orden u ORA, sin importar el valor de la [[Ráfaga]] (R) (por ejemplo, Esquivar todos los golpes en un Combate Cuerpo a Cuerpo o los disparos de varios oponentes).",
		"Permite realizar una Tirada Enfrentada para evitar todos los Ataques de los enemigos, que se produzcan en una Orden u ORA, sin importar el valor de la Ráfaga (R) (por ejemplo, Esquivar todos los golpes en un Combate Cuerpo a Cuerpo o los disparos de varios oponentes).")
	c1.Editions, c1.Alternative, c1.Links = wikirules.Editions(wikirules.C1), "esquivar-efectos-1", []string{"Ráfaga"}
	n4 := m.rec("esquivar-efectos-1-n4", wikirules.KindEffect, []string{"Efectos"}, 1,
		"* Permite realizar una Tirada Enfrentada para evitar todos los Ataques de los enemigos, que se produzcan en una Orden u ORA, sin importar el valor de la [[Ráfaga]] (R) (por ejemplo, Esquivar todos los golpes en un Combate Cuerpo a Cuerpo o los disparos de varios oponentes debido a una [[Orden Coordinada]] o una ORA de [[Fireteam]]).",
		"Permite realizar una Tirada Enfrentada para evitar todos los Ataques de los enemigos, que se produzcan en una Orden u ORA, sin importar el valor de la Ráfaga (R) (por ejemplo, Esquivar todos los golpes en un Combate Cuerpo a Cuerpo o los disparos de varios oponentes debido a una Orden Coordinada o una ORA de Fireteam).")
	n4.Editions, n4.Alternative, n4.Links = wikirules.Editions(wikirules.N4), "esquivar-efectos-1", []string{"Ráfaga", "Orden Coordinada", "Fireteam"}
	fis := m.rec("esquivar-efectos-2", wikirules.KindEffect, []string{"Efectos"}, 2,
		"* La Tropa que declara Esquivar realizará una Tirada Enfrentada de su Atributo de [[FIS]] contra el Atributo que esté empleando su adversario para realizar su Ataque ([[CD]], [[CC]], [[FIS]] o [[VOL]]).",
		"La Tropa que declara Esquivar realizará una Tirada Enfrentada de su Atributo de FIS contra el Atributo que esté empleando su adversario para realizar su Ataque (CD, CC, FIS o VOL).")
	fis.Links = []string{"FIS", "CD", "CC", "VOL"}
	move := m.rec("esquivar-efectos-6-1", wikirules.KindEffect, []string{"Efectos"}, 1,
		"** No genera ORA ni activa Equipos o Armas Posicionables.", "No genera ORA ni activa Equipos o Armas Posicionables.")
	imp := m.rec("esquivar-importante-1-c1", wikirules.KindImportant, []string{"Importante"}, 1,
		"* Para Esquivar un Arma de Plantilla '''careciendo de [[LDT]]''' hacia el atacante se debe aplicar un '''[[MOD]] de -3''' a su Tirada de '''[[FIS]]'''.",
		"Para Esquivar un Arma de Plantilla careciendo de LDT hacia el atacante se debe aplicar un MOD de -3 a su Tirada de FIS.")
	imp.Ordinal, imp.Editions, imp.Links = 2, wikirules.Editions(wikirules.C1), []string{"LDT", "MOD", "FIS"}
	ex := m.rec("esquivar-ejemplo-1", wikirules.KindExample, []string{"Ejemplos", "Ejemplo Esquivar y Trabado"}, 1,
		"El Zhanshi declara [[Esquivar]] como ORA para tratar de llegar al cuerpo a cuerpo y frenar así el avance del Fusilero.",
		"El Zhanshi declara Esquivar como ORA para tratar de llegar al cuerpo a cuerpo y frenar así el avance del Fusilero.")
	ex.Title, ex.Fields = "Ejemplo Esquivar y Trabado", map[string]string{"paso": "1"}
	recs = append(recs, c1, n4, fis, move, imp, ex)
	return Item{Rev: rev, X: &wikirules.Extraction{
		Records:      inherit(recs, n4c1),
		PageEditions: n4c1,
		Categories:   []string{"Game States"},
		Links:        []string{"LDT", "Arma de Plantilla", "Ráfaga"},
		Unknown:      map[string]int{"section-hacking": 1},
		Layout:       []wikirules.Span{{Start: 0, End: len("{{section-common-skills}}")}},
	}}
}

// faqBerserkErrata, faqDodgeBerserk and faqBerserkFireteam are the faqboxes
// of the Berserk page; the first two are repeated on Trabado.
func faqBerserkErrata() wikirules.FAQ {
	return newFAQ("errata", "N4 Errata", "1.0, enero 2021",
		"[Errata] ¿Se puede declarar Berserk si se empieza la Orden en Estado Trabado?",
		"Si. Berserk se puede declarar cuando se está en el Estado Trabado.", "Berserk", "Trabado")
}

func faqDodgeBerserk() wikirules.FAQ {
	return newFAQ("faq", "N4 FAQ", "1.0, enero 2021", "Q: ¿Se puede esquivar un ataque Berserk?",
		"A: No. Berserk no produce Tiradas Enfrentadas, por lo que no se esquivará el Ataque. Una Tirada Exitosa de Esquivar sólo permitirá a la Tropa mover y cancelar el estado Trabado.",
		"Berserk", "Trabado")
}

func faqBerserkFireteam() wikirules.FAQ {
	return newFAQ("faq", "N4 FAQ", "1.0, enero 2021", "Q: ¿Se puede declarar Berserk mientras se está en un Fireteam?",
		"A: Si. Sólo las Tropas con Berserk realizarán la Habilidad, el resto llevarán a cabo una Inacción y sólo el líder será el que realizará el Ataque CC.",
		"Berserk", "Fireteams en Turno Activo")
}

// newFAQ returns an N4 FAQ entry as the extractor gives it (its page and
// revisions are set by withFAQs).
func newFAQ(typ, title, version, q, a string, related ...string) wikirules.FAQ {
	return wikirules.FAQ{ID: wikirules.FAQID(typ, title, version, q), Type: typ, Title: title, Version: version,
		Question: q, Answer: a, Related: related, Editions: wikirules.Editions(wikirules.N4)}
}

// withFAQs sets the page and revision of FAQs shown in rev.
func withFAQs(rev wikirules.Revision, faqs ...wikirules.FAQ) []wikirules.FAQ {
	for i := range faqs {
		faqs[i].Pages = []string{rev.Page.Title}
		faqs[i].FirstRevision, faqs[i].LastRevision, faqs[i].Timestamp = rev.ID, rev.ID, rev.Timestamp
	}
	return faqs
}

// berserk is the Berserk revision of 2021-02-11T09:42:01Z: an {{n4only}}
// page (N4 page editions) with three faqboxes.
func berserk(t testing.TB) Item {
	rev := dumpRevision(t, "Berserk", "2021-02-11T09:42:01Z")
	m := recordMaker{t, rev}
	skill := m.rec("berserk-skill", wikirules.KindSkill, []string{"BERSERK"}, 0,
		"{{skillbox |red| BERSERK | ORDEN COMPLETA }}", "BERSERK ORDEN COMPLETA")
	skill.Title = "BERSERK"
	skill.Skill = &wikirules.SkillHeader{Name: "BERSERK", Color: "red", Type: "ORDEN COMPLETA",
		Labels: []string{"Ataque", "Movimiento", "Habilidad Especial de CC", "Opcional."}}
	eff := m.rec("berserk-efectos-1", wikirules.KindEffect, []string{"Efectos"}, 1,
		"* Permite realizar la combinación [[Mover]] + [[Ataque CC]] con las siguientes particularidades: {{seefaq | Berserk se puede declarar cuando se esta en Estado Trabado.}}",
		"Permite realizar la combinación Mover + Ataque CC con las siguientes particularidades:")
	eff.Notes, eff.Links = []string{"Berserk se puede declarar cuando se esta en Estado Trabado."}, []string{"Mover", "Ataque CC"}
	rem := m.rec("berserk-recuerda-1", wikirules.KindRemember, []string{"Recuerda"}, 1,
		"Como Orden Completa, al declarar Berserk, se deben anunciar tanto la Habilidad Corta de Movimiento Mover como el objetivo del Ataque CC antes de que el jugador enemigo declare las ORA.",
		"Como Orden Completa, al declarar Berserk, se deben anunciar tanto la Habilidad Corta de Movimiento Mover como el objetivo del Ataque CC antes de que el jugador enemigo declare las ORA.")
	return Item{Rev: rev, X: &wikirules.Extraction{
		Records:      inherit([]wikirules.Record{skill, eff, rem}, wikirules.Editions(wikirules.N4)),
		FAQs:         withFAQs(rev, faqBerserkErrata(), faqDodgeBerserk(), faqBerserkFireteam()),
		Categories:   []string{"Special Skills"},
		PageEditions: wikirules.Editions(wikirules.N4),
	}}
}

// trabado is the Trabado revision of 2021-02-11T10:43:16Z, showing two of
// Berserk's faqboxes.
func trabado(t testing.TB) Item {
	rev := dumpRevision(t, "Trabado", "2021-02-11T10:43:16Z")
	m := recordMaker{t, rev}
	eff := m.rec("trabado-efectos-2", wikirules.KindEffect, []string{"Efectos"}, 2,
		"* Las Tropas en este estado sólo pueden declarar '''[[Ataque CC]], [[Esquivar]], [[Inacción]], [[Reset]]''' y aquellas Habilidades que especifiquen que pueden ser empleadas en Combate CC o en estado Trabado. {{seefaq | Berserk se puede declarar cuando se esta en Estado Trabado.}}",
		"Las Tropas en este estado sólo pueden declarar Ataque CC, Esquivar, Inacción, Reset y aquellas Habilidades que especifiquen que pueden ser empleadas en Combate CC o en estado Trabado.")
	eff.Notes = []string{"Berserk se puede declarar cuando se esta en Estado Trabado."}
	canc := m.rec("trabado-cancelacion-3", wikirules.KindCancellation, []string{"Cancelación"}, 3,
		"* Una Tropa también podrá cancelar el estado Trabado si supera una Tirada de '''[[Esquivar]]''', sea Normal o Enfrentada. En tal caso, deberá romper el contacto de [[Silueta]], moviéndose hasta 5 cm para separarse del enemigo.",
		"Una Tropa también podrá cancelar el estado Trabado si supera una Tirada de Esquivar, sea Normal o Enfrentada. En tal caso, deberá romper el contacto de Silueta, moviéndose hasta 5 cm para separarse del enemigo.")
	return Item{Rev: rev, X: &wikirules.Extraction{
		Records:      inherit([]wikirules.Record{eff, canc}, n4c1),
		FAQs:         withFAQs(rev, faqBerserkErrata(), faqDodgeBerserk()),
		Categories:   []string{"Combat Module"},
		PageEditions: n4c1,
	}}
}

// activacion returns the two dump revisions of "Activación de una Tropa"
// (09:37:47, older, and 09:39:58): the seefaq note of step 6 "Resolución"
// is English in the older one and Spanish in the newer.
func activacion(t testing.TB) (older, newer Item) {
	mk := func(ts, note string) Item {
		rev := dumpRevision(t, "Activación de una Tropa", ts)
		m := recordMaker{t, rev}
		src := "6. '''Resolución:''' Se comprueba que las Habilidades, Habilidades Especiales y Equipo declarados cumplen sus respectivos Requisitos, se realizan las mediciones necesarias, se comprueban las [[Zona de Control| Zonas de Control]] (ZC) y los Modificadores ([[MOD]]) a aplicar, y '''ambos jugadores realizan las Tiradas que sean pertinentes'''. Si alguna Habilidad, Habilidad Especial o Equipo no cumple sus Requisitos, se considerará que la Tropa ha declarado una [[Inacción]]. {{seefaq | " + note + "}}"
		r := m.rec("activacion-secuencia-6", wikirules.KindRule, []string{"Secuencia de Gasto de una Orden"}, 6, src,
			"Resolución: Se comprueba que las Habilidades, Habilidades Especiales y Equipo declarados cumplen sus respectivos Requisitos, se realizan las mediciones necesarias, se comprueban las Zonas de Control (ZC) y los Modificadores (MOD) a aplicar, y ambos jugadores realizan las Tiradas que sean pertinentes.")
		r.Notes, r.Links = []string{note}, []string{"Zona de Control", "MOD", "Inacción"}
		faq := newFAQ("faq", "N4 FAQ", "1.0, enero 2021", "Q: ¿Cómo funcionan los requisitos de LDT y ZC de las Habilidades?",
			"A: Los Requisitos de LDT deben cumplirse al declarar las Habilidades. Los Requisitos de ZC deben cumplirse durante la resolución.",
			"Activación de una Tropa", "Zona de Control")
		return Item{Rev: rev, X: &wikirules.Extraction{Records: inherit([]wikirules.Record{r}, n4c1), FAQs: withFAQs(rev, faq),
			Categories: []string{"Basic Rules"}, PageEditions: n4c1}}
	}
	older = mk("2021-02-11T09:37:47Z", "LoF Requirements are checked when declaring the Skill.")
	newer = mk("2021-02-11T09:39:58Z", "Los Requisitos de LDT se comprueban en el momento de declarar la Habilidad.")
	return older, newer
}

// corpus is every fixture item, in dump order.
func corpus(t testing.TB) []Item {
	older, newer := activacion(t)
	return []Item{esquivar(t), trabado(t), berserk(t), newer, older}
}

// openTest opens a fresh database in t.TempDir() and fills it with items.
func openTest(t testing.TB, items ...Item) *DB {
	t.Helper()
	db := openPut(t, filepath.Join(t.TempDir(), "kb.db"), items)
	t.Cleanup(func() { db.Close() })
	return db
}

// newFile creates a database file holding items in a fresh temporary
// directory, closes it and returns its path.
func newFile(t testing.TB, items ...Item) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kb.db")
	if err := openPut(t, path, items).Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// rewind runs stmts on db, which turn it back into a database made before
// some migrations, then closes it and opens it again, so that those
// migrations run; the reopened database is closed when the test ends.
func rewind(t testing.TB, db *DB, stmts ...string) *DB {
	t.Helper()
	ctx := context.Background()
	for _, q := range stmts {
		if _, err := db.db.ExecContext(ctx, q); err != nil {
			db.Close()
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := Open(ctx, db.path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// openPut opens (creating) the database file at path and puts items.
func openPut(t testing.TB, path string, items []Item) *DB {
	t.Helper()
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) > 0 {
		if _, err := db.Put(context.Background(), items); err != nil {
			db.Close()
			t.Fatal(err)
		}
	}
	return db
}
