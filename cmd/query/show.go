package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pairs"
	"github.com/wikirules/wikirules/report"
	"github.com/wikirules/wikirules/web"
)

func runShow(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "show", "PAGE", "Prints a page as structured records (skill header, requirements, effects, boxes,\nexamples) and the FAQs and errata that relate to it, each with its citation.", true).pageFlags()
	history := c.fs.Bool("history", false, "include superseded (original) text")
	if err := c.parse(args); err != nil {
		return err
	}
	title := c.text()
	if title == "" {
		c.fs.Usage()
		return errUsage
	}
	f, err := c.filter()
	if err != nil {
		return err
	}
	f.History = *history
	lang := c.outLang()
	db, err := c.open(ctx, e)
	if err != nil {
		return err
	}
	defer db.Close()
	asked := f.Edition
	if err := c.defaultEdition(ctx, db, &f); err != nil {
		return err
	}
	v, err := db.Page(ctx, title, f)
	if err != nil {
		return err
	}
	var notes []string
	fellBack := false
	if f.Edition != 0 {
		held, err := pageHolds(ctx, db, v)
		if err != nil {
			return err
		}
		want := strings.ToUpper(wikirules.Editions(f.Edition).String())
		if !held.Has(f.Edition) {
			newest, known := held.Newest()
			switch {
			case asked != 0 && known:
				notes = append(notes, word(lang, "ed.none", want, strings.ToUpper(held.String())))
			case asked != 0:
				notes = append(notes, word(lang, "ed.none.unknown", want))
			default:
				// The default edition is the knowledge base's newest; a page
				// the wiki has not rewritten for it shows its newest text.
				g := f
				g.Edition = newest
				if v, err = db.Page(ctx, title, g); err != nil {
					return err
				}
				if known {
					notes = append(notes, word(lang, "ed.fallback", strings.ToUpper(wikirules.Editions(newest).String()), want, want))
				} else {
					notes = append(notes, word(lang, "ed.unknown", want))
				}
				f.Edition, fellBack = newest, true
			}
		}
	}
	var warns []*pairs.Warning
	if len(v.Records) > 0 {
		// The page speaks in its own language: the warning too.
		if warns, err = twinWarnings(ctx, db, []wikirules.Citation{wikirules.CitationOf(v.Records[0])}, v.Page.Language); err != nil {
			return err
		}
	}
	if c.json {
		doc := report.PageOf(v, wikirules.Editions(f.Edition).String(), c.asOf)
		doc.EditionDefault, doc.Notes = c.edDefault, notes
		return writeJSON(e.stdout, struct {
			report.Page
			TwinWarnings []*pairs.Warning `json:"twin_warnings,omitempty"`
		}{doc, warns})
	}
	printTwinWarnings(e.stdout, warns, v.Page.Language)
	printPage(e, v, lang)
	fmt.Fprintln(e.stdout)
	if !fellBack {
		fmt.Fprintf(e.stdout, "(%s)\n", editionLineIn(f.Edition, c.edDefault, lang))
	}
	for _, n := range notes {
		fmt.Fprintf(e.stdout, "(%s)\n", n)
	}
	return nil
}

// pageHolds returns the editions the page view's revision holds text
// in: its page scope and the editions of every record it shows,
// superseded and other editions' alternatives included.
func pageHolds(ctx context.Context, db *kb.DB, v *wikirules.PageView) (wikirules.Editions, error) {
	recs, err := db.RevisionRecords(ctx, v.Revision.ID)
	if err != nil {
		return 0, err
	}
	held := v.PageEditions
	for _, r := range recs {
		held |= r.Editions
	}
	return held & wikirules.AllEditions, nil
}

// printPage prints page view v for people, the command's own words
// (tags, notes, headings) in language lang and the wiki's text as it
// stands, its bold and italics rendered for the terminal (e.tty).
func printPage(e *env, v *wikirules.PageView, lang string) {
	w := e.stdout
	md := e.markup()
	fmt.Fprintf(w, "%s", v.Page.Title)
	if l := v.PageEditions.Label(); l != "" {
		fmt.Fprintf(w, " %s", l)
	}
	fmt.Fprintf(w, " — rev %s", revWhen(v.Revision.ID, v.Revision.Timestamp, v.Revision.TimestampInferred))
	if v.Revision.User != "" {
		fmt.Fprint(w, word(lang, "by", v.Revision.User))
	}
	fmt.Fprintf(w, "\n%s\n", pageIdentityIn(v.Page, lang))
	alsoInLang(w, v.AlsoIn, lang)
	fmt.Fprint(w, "\n")
	if to := wikirules.RedirectTarget(v.Revision.Text); to != "" {
		// A redirect holds no records: say where it leads.
		fmt.Fprintln(w, word(lang, "redirect", to, to))
	}
	// An FAQ or errata record the page shows is marked withdrawn as its
	// entry is.
	removed := map[string]string{}
	for _, f := range v.FAQs {
		if f.Removed != "" {
			removed[f.ID] = f.Removed
		}
	}
	section := ""
	for _, r := range v.Records {
		if s := strings.Join(r.Section, " › "); s != section {
			section = s
			if s != "" {
				fmt.Fprintf(w, "## %s\n", s)
			}
		}
		if r.Kind == wikirules.KindSkill && r.Skill != nil {
			if l := skillLine(r.Skill, lang); l != "" {
				fmt.Fprintf(w, "%s\n      — %s\n", l, wikirules.CitationOf(r))
			}
			continue
		}
		tag := kindTag(lang, r.Kind)
		if l := r.Editions.Label(); l != "" {
			tag += " " + l
		}
		switch {
		case r.Version != "" && (r.Kind == wikirules.KindFAQ || r.Kind == wikirules.KindErrata):
			tag += " (" + word(lang, "faq.version", kindTag(lang, r.Kind), r.Version) + ")" // the FAQ document's, not an update's
		case r.Version != "":
			tag += " (" + word(lang, "update", r.Version) + ")"
		}
		if r.Superseded {
			tag += " (" + word(lang, "superseded") + ")"
		}
		if rv := removed[r.Fields["faq_id"]]; rv != "" && (r.Kind == wikirules.KindFAQ || r.Kind == wikirules.KindErrata) {
			tag += " (" + word(lang, "withdrawn", rv) + ")"
		}
		pre := strings.Repeat("  ", max(r.Depth-1, 0))
		text := r.Text
		if r.Title != "" && r.Kind == wikirules.KindExample {
			text = r.Title + "\n" + text
		}
		fmt.Fprintf(w, "%s[%s]\n%s\n", pre, tag, indent(md(text), pre+"  "))
		for _, n := range r.Notes {
			fmt.Fprintf(w, "%s  ↳ %s: %s\n", pre, word(lang, "note"), md(n))
		}
		fmt.Fprintf(w, "%s  — %s\n", pre, citeLine(lang, wikirules.CitationOf(r)))
	}
	if len(v.FAQs) > 0 {
		fmt.Fprintf(w, "\n## %s\n", word(lang, "faqs", len(v.FAQs)))
		for i, r := range report.PageFAQs(v) {
			r.Text = md(report.FAQText(r.FAQ, lang))
			printResultIn(w, i+1, r, lang)
		}
	}
}

// skillLine prints a skillbox header with what it says, "" when it says
// nothing beyond the page's title. The wiki draws states and general rules
// with the skillbox too, its type slot empty ({{skillbox |black| AISLADO
// |}}, the rendered "ISOLATED" above "Activation"): such a box names no
// skill, and printed as "[skill] ISOLATED — —" it read as a skill of
// unknown type. Its labels, when it has some, are still worth a line.
// Its words are in language lang (cliWords).
func skillLine(h *wikirules.SkillHeader, lang string) string {
	labels := ""
	if len(h.Labels) > 0 {
		labels = " — " + word(lang, "labels") + ": " + strings.Join(h.Labels, ", ")
	}
	skill, box := "["+word(lang, "skill")+"] ", "["+word(lang, "box")+"] "
	switch {
	case h.Type == "" && labels == "":
		return ""
	case h.Type == "":
		return box + h.Name + labels
	case h.Name == "":
		return skill + h.Type + labels // {{skillbox |black| | TIRADA DE AGALLAS}} fills only the type
	}
	return skill + h.Name + " — " + h.Type + labels
}

// kindTag is record kind k as show and faq tag it: the kind's name
// ("effect") in English, the web's Spanish name ("efecto") in Spanish.
func kindTag(lang string, k wikirules.Kind) string {
	if lang == "es" {
		return strings.ToLower(web.KindName(lang, k))
	}
	return string(k)
}

// citeLine is citation c's line in language lang: the FAQ or errata
// version named in it (web.CitationLine), the rest the fixed format.
func citeLine(lang string, c wikirules.Citation) string {
	if lang == "es" {
		return web.CitationLine(lang, c)
	}
	return c.String()
}

// pageIdentity names the wiki and language of a page ("infinity-es, es");
// a page read from a file that says neither (a bare wikitext file) is
// said to be of no known wiki rather than shown as a blank line.
func pageIdentity(p wikirules.Page) string { return pageIdentityIn(p, "en") }

// pageIdentityIn is pageIdentity in language lang (cliWords).
func pageIdentityIn(p wikirules.Page, lang string) string {
	var parts []string
	for _, s := range []string{p.Wiki, p.Language} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return word(lang, "wiki.unknown")
	}
	return strings.Join(parts, ", ")
}
