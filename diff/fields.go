package diff

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
)

// compare lists the field changes between two paired records and
// classifies them. The returned change has Op "" when nothing a reader
// sees changed; Moved is set when the record changed section.
func compare(a, b *wikirules.Record) Change {
	c := Change{Kind: b.Kind, Where: where(b), Old: a, New: b, Citation: wikirules.CitationOf(*b)}
	var fs []FieldChange
	fixed := func(field, old, new string, class Class, reason string) {
		fs = append(fs, FieldChange{Field: field, Old: old, New: new, TextChange: TextChange{Class: class, Reasons: []string{reason}}})
	}
	text := func(field, old, new string, answer bool) {
		if old == new {
			return
		}
		fs = append(fs, FieldChange{Field: field, Old: old, New: new, TextChange: Text(old, new, answer)})
	}

	if a.Kind != b.Kind {
		fixed("kind", string(a.Kind), string(b.Kind), Substantive, fmt.Sprintf("kind %s → %s", a.Kind, b.Kind))
	}
	if sa, sb := sectionKey(a), sectionKey(b); sa != sb {
		fixed("section", sa, sb, Substantive, fmt.Sprintf("section %s → %s", orDash(sa), orDash(sb)))
		c.Moved = true
	}
	if a.Editions != b.Editions {
		fixed("editions", a.Editions.String(), b.Editions.String(), Substantive,
			fmt.Sprintf("editions %s → %s", orDash(a.Editions.Label()), orDash(b.Editions.Label())))
	}
	if a.Version != b.Version {
		fixed("version", a.Version, b.Version, Substantive, fmt.Sprintf("update %s → %s", orDash(a.Version), orDash(b.Version)))
	}
	if a.Superseded != b.Superseded {
		r := "superseded by an update"
		if !b.Superseded {
			r = "current again"
		}
		fixed("superseded", strconv.FormatBool(a.Superseded), strconv.FormatBool(b.Superseded), Substantive, r)
	}
	text("title", a.Title, b.Title, false)

	faq := b.Kind == wikirules.KindFAQ || b.Kind == wikirules.KindErrata
	switch {
	case a.Skill != nil || b.Skill != nil:
		fs = append(fs, skillChanges(a.Skill, b.Skill)...)
	case faq:
		text("question", a.Fields["question"], b.Fields["question"], false)
		text("answer", a.Fields["answer"], b.Fields["answer"], true)
		if f := setChange("related", splitList(a.Fields["related"]), splitList(b.Fields["related"])); f != nil {
			fs = append(fs, *f)
		}
	case len(a.Fields) > 0 && hasColumns(a, b):
		for _, k := range unionKeys(a.Fields, b.Fields) {
			if !positional[k] {
				text(k, a.Fields[k], b.Fields[k], false)
			}
		}
	default:
		text("text", a.Text, b.Text, false)
		for _, k := range unionKeys(a.Fields, b.Fields) {
			if !positional[k] && a.Fields[k] != b.Fields[k] {
				fixed(k, a.Fields[k], b.Fields[k], Substantive, fmt.Sprintf("%s %s → %s", k, orDash(a.Fields[k]), orDash(b.Fields[k])))
			}
		}
	}
	for i := 0; i < max(len(a.Notes), len(b.Notes)); i++ {
		field := "note " + strconv.Itoa(i+1)
		switch {
		case i >= len(a.Notes):
			fixed(field, "", b.Notes[i], Substantive, "note added")
		case i >= len(b.Notes):
			fixed(field, a.Notes[i], "", Substantive, "note removed")
		default:
			text(field, a.Notes[i], b.Notes[i], false)
		}
	}

	// a linked page (a skill or state) replaced while the words stayed in
	// the same language is a changed name
	worst := Class("")
	for _, f := range fs {
		worst = maxClass(worst, f.Class)
	}
	if worst.Rank() < Translation.Rank() && !faq {
		if f := setChange("links", a.Links, b.Links); f != nil && f.Class == Substantive {
			fs = append(fs, *f)
		}
	}
	if len(fs) == 0 {
		return c
	}
	c.Op = Changed
	c.Fields = fs
	for _, f := range fs {
		c.Class = maxClass(c.Class, f.Class)
		for _, r := range f.Reasons {
			c.Reasons = appendUnique(c.Reasons, r)
		}
	}
	return c
}

// hasColumns reports whether two records are table rows (a weapon or
// program row keeps its columns in Fields and its text is made of them).
func hasColumns(a, b *wikirules.Record) bool {
	return b.Kind == wikirules.KindWeapon || b.Kind == wikirules.KindProgram ||
		(a.Fields["name"] != "" && b.Fields["name"] != "")
}

// skillChanges compares two skill headers: name, type and labels are
// substantive (unless only their case changed), the colour cosmetic.
func skillChanges(a, b *wikirules.SkillHeader) []FieldChange {
	if a == nil {
		a = &wikirules.SkillHeader{}
	}
	if b == nil {
		b = &wikirules.SkillHeader{}
	}
	var fs []FieldChange
	name := func(field, old, new string) {
		if old == new {
			return
		}
		class, reason := Substantive, fmt.Sprintf("%s %s → %s", field, orDash(old), orDash(new))
		if strings.EqualFold(collapseSpace(old), collapseSpace(new)) {
			class, reason = Cosmetic, "case"
		}
		fs = append(fs, FieldChange{Field: field, Old: old, New: new, TextChange: TextChange{Class: class, Reasons: []string{reason}, Edits: Words(old, new)}})
	}
	name("skill name", a.Name, b.Name)
	name("skill type", a.Type, b.Type)
	if a.Color != b.Color {
		fs = append(fs, FieldChange{Field: "colour", Old: a.Color, New: b.Color, TextChange: TextChange{Class: Cosmetic, Reasons: []string{"colour"}}})
	}
	if f := setChange("labels", a.Labels, b.Labels); f != nil {
		fs = append(fs, *f)
	}
	return fs
}

// setChange compares two lists as sets (order ignored): nil when equal,
// Cosmetic when equal up to case and spacing, else Substantive naming what
// was added and removed.
func setChange(field string, a, b []string) *FieldChange {
	norm := func(xs []string, fold bool) []string {
		seen := map[string]bool{}
		var out []string
		for _, x := range xs {
			x = collapseSpace(x)
			if fold {
				x = strings.ToLower(x)
			}
			if x != "" && !seen[x] {
				seen[x] = true
				out = append(out, x)
			}
		}
		sort.Strings(out)
		return out
	}
	join := func(xs []string) string { return strings.Join(xs, ", ") }
	if join(norm(a, false)) == join(norm(b, false)) {
		return nil
	}
	f := &FieldChange{Field: field, Old: strings.Join(a, ", "), New: strings.Join(b, ", ")}
	if join(norm(a, true)) == join(norm(b, true)) {
		f.Class, f.Reasons = Cosmetic, []string{"case"}
		return f
	}
	inB := map[string]bool{}
	for _, x := range norm(b, true) {
		inB[x] = true
	}
	inA := map[string]bool{}
	for _, x := range norm(a, true) {
		inA[x] = true
	}
	var gone, came []string
	for _, x := range a {
		if !inB[strings.ToLower(collapseSpace(x))] {
			gone = append(gone, x)
		}
	}
	for _, x := range b {
		if !inA[strings.ToLower(collapseSpace(x))] {
			came = append(came, x)
		}
	}
	f.Class = Substantive
	f.Reasons = []string{fmt.Sprintf("%s %s → %s", field, orDash(join(gone)), orDash(join(came)))}
	return f
}

// splitList splits an extractor list field ("A; B; C").
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ";") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func unionKeys(a, b map[string]string) []string {
	m := map[string]bool{}
	for k := range a {
		m[k] = true
	}
	for k := range b {
		m[k] = true
	}
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func appendUnique(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
