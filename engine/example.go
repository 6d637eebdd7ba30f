package engine

import (
	"strings"
	"unicode"

	"github.com/wikirules/wikirules/lang"
)

// An example works one case through, trooper by trooper: a lead-in line
// naming a trooper ("Cuervo Goldstein:", "The Caliban must apply the
// following MODs:") opens the list of that trooper's MODs and rolls. A
// number of such a list is that trooper's; it answers a question whose
// asking clause is about another trooper of the same example ("what MOD
// does the Doctor apply?") only where the bullet itself names what the
// clause asks about ("+2 to Attack Damage for Martial Arts L3" for "Martial
// Arts L3: what does it add to Attack Damage?").

// otherSubjectItems returns the bullets of example markdown text md whose
// numbers belong to a subject q does not ask about: bullets ("- …") under
// a lead-in line (ending in ":") that names someone q's asking clause
// does not (a word written with a capital, not a stop word, whose key no
// unit of the clause holds) and holds none of the clause's subjects, the
// bullet itself holding none either. The clause's subjects are its units
// that are names and not what q asks for, a level or code, a letter or
// an Attribute, and those of the heading q opens with ("Martial Arts L3:
// what does it add…"); a clause with none ("… against Martial Arts L4.
// What MOD?") takes no trooper's list for its answer. Each bullet is
// returned without its bullet mark.
func otherSubjectItems(q query, md string) []string {
	var clause, subjects []*unit
	for i := range q.units {
		u := &q.units[i]
		if !u.inClause && !q.heading(u) {
			continue
		}
		clause = append(clause, u)
		if u.named && u.idf > 0 && !u.coded() && !oneLetter(u) && !q.asksFor(u) && !attribute(u) {
			subjects = append(subjects, u)
		}
	}
	holdsAny := func(us []*unit, k map[string]bool) bool {
		for _, u := range us {
			if u.holds(k) {
				return true
			}
		}
		return false
	}
	type line struct {
		text string
		item bool // a bullet: its text is without the bullet mark
	}
	var lines []line
	for _, l := range strings.Split(md, "\n") {
		l = strings.TrimSpace(strings.NewReplacer("**", "", "''", "").Replace(l))
		if l == "" {
			continue
		}
		item, ok := strings.CutPrefix(l, "- ")
		if !ok {
			item, ok = strings.CutPrefix(l, "• ")
		}
		if ok {
			l = strings.TrimSpace(item)
		}
		lines = append(lines, line{l, ok})
	}
	// The clause's actors: its subjects the example's sentences name and
	// none of its bullets holds ("the Doctor" of "… against a Yīshēng
	// Doctor and his Peripheral"; the bullets hold what gives the MODs,
	// "+3 for Martial Arts L4"). A list whose lead-in names none of them
	// is another trooper's, whatever its bullets hold.
	var actors []*unit
	for _, u := range subjects {
		inText, inItem := false, false
		for _, l := range lines {
			if u.holds(keySet(l.text)) {
				inText = true
				inItem = inItem || l.item
			}
		}
		if inText && !inItem {
			actors = append(actors, u)
		}
	}
	other, foreign := false, false // the current lead-in names someone else; none of the actors
	var out []string
	for _, l := range lines {
		if !l.item {
			k := keySet(l.text)
			other = strings.HasSuffix(l.text, ":") && namesAnother(clause, l.text) && !holdsAny(subjects, k)
			foreign = other && len(actors) > 0 && !holdsAny(actors, k)
			continue
		}
		if foreign || other && !holdsAny(subjects, keySet(l.text)) {
			out = append(out, l.text)
		}
	}
	return out
}

// namesAnother reports whether line writes a name none of units holds:
// a word with a capital, not a stop word.
func namesAnother(units []*unit, line string) bool {
	for _, t := range lang.Split(line) {
		r := []rune(t.Text)
		if len(r) == 0 || !unicode.IsUpper(r[0]) || stopwords[lang.Fold(t.Text)] {
			continue
		}
		k, ok := keyOf(t.Text)
		if !ok {
			continue
		}
		held := false
		for _, u := range units {
			if u.holds(map[string]bool{k: true}) {
				held = true
				break
			}
		}
		if !held {
			return true
		}
	}
	return false
}

// ownCase returns plain, the plain text of an example whose markdown is
// md, without the bullets otherSubjectItems finds, and false when one of
// them cannot be found in plain to be cut (the number then stays unread).
func ownCase(q query, md, plain string) (string, bool) {
	for _, item := range otherSubjectItems(q, md) {
		i := strings.Index(plain, item)
		if i < 0 {
			return "", false
		}
		plain = plain[:i] + plain[i+len(item):]
	}
	return plain, true
}
