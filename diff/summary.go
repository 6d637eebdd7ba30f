package diff

import (
	"fmt"
	"sort"
	"strings"
)

// Describe says in a few words what happened to the field, e.g. "case",
// "reworded", "translated en → es", "MOD -6 → -3".
func (f FieldChange) Describe() string {
	switch f.Class {
	case Cosmetic:
		return "cosmetic (" + strings.Join(f.Reasons, ", ") + ")"
	case Wording:
		return "reworded"
	case Translation:
		return "translated " + strings.Join(f.Reasons, ", ")
	}
	return strings.Join(f.Reasons, "; ")
}

// Summary is the change in one line, e.g.
// "changed effect Efectos › 3: note 1 reworded [wording]" or
// "added effect Efectos › 4: «Permite …» [substantive]".
func (c Change) Summary() string {
	var b strings.Builder
	switch c.Op {
	case Added, Removed:
		r := c.New
		if r == nil {
			r = c.Old
		}
		fmt.Fprintf(&b, "%s %s %s: «%s»", c.Op, c.Kind, c.Where, clip(firstNonEmpty(r.Plain, r.Text, r.Title), 60))
		if r.Version != "" {
			fmt.Fprintf(&b, " (update %s)", r.Version)
		}
	case Moved:
		if from := where(c.Old); from != c.Where {
			fmt.Fprintf(&b, "moved %s to %s (from %s)", c.Kind, c.Where, from)
		} else {
			fmt.Fprintf(&b, "moved %s %s (reordered)", c.Kind, c.Where)
		}
	default:
		fmt.Fprintf(&b, "changed %s %s: %s", c.Kind, c.Where, strings.Join(c.Details(), "; "))
	}
	fmt.Fprintf(&b, " [%s]", c.Class)
	return b.String()
}

// Details describes a changed or moved record field by field, e.g.
// ["moved from Efectos › 3", "note 1 reworded", "text MOD -6 → -3"].
func (c Change) Details() []string {
	var parts []string
	if c.Moved && c.Old != nil {
		if from := where(c.Old); from != c.Where {
			parts = append(parts, "moved from "+from)
		} else {
			parts = append(parts, "reordered")
		}
	}
	for _, f := range c.Fields {
		if f.Field == "section" && c.Moved {
			continue
		}
		part := f.Describe()
		if !strings.HasPrefix(part, f.Field) && f.Field != "superseded" && f.Field != "version" {
			part = f.Field + " " + part
		}
		parts = append(parts, part)
	}
	return parts
}

// Headline is a diff in one line for a history listing: "no change to the
// records", or the count of changes by class followed by the most
// important change, e.g. "1 change (cosmetic): changed rule ¶1: text
// cosmetic (case)".
func (d *Diff) Headline() string {
	if len(d.Changes) == 0 {
		return "no change to the records"
	}
	var counts []string
	for _, c := range []Class{Substantive, Translation, Wording, Cosmetic} {
		if n := d.Counts[c]; n > 0 {
			counts = append(counts, fmt.Sprintf("%d %s", n, c))
		}
	}
	noun := "changes"
	if len(d.Changes) == 1 {
		noun = "change"
	}
	top := d.Ranked()[0]
	s := top.Summary()
	s = strings.TrimSuffix(s, " ["+string(top.Class)+"]")
	more := ""
	if len(d.Changes) > 1 {
		more = fmt.Sprintf(" (+%d more)", len(d.Changes)-1)
	}
	return fmt.Sprintf("%d %s (%s): %s%s", len(d.Changes), noun, strings.Join(counts, ", "), s, more)
}

// Ranked returns the changes with the highest class first, in page order
// within a class.
func (d *Diff) Ranked() []Change {
	out := append([]Change(nil), d.Changes...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Class.Rank() > out[j].Class.Rank() })
	return out
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}
