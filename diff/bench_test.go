package diff

import (
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// bigRevisions builds two revisions of about size bytes of real wikitext:
// the seed dump's pages (newest revision each) concatenated, and a copy
// with the edits of an active editing session: every tenth bullet
// reworded (two words swapped), one MOD value changed, one bullet removed,
// one added and one moved.
func bigRevisions(t testing.TB, size int) (a, b wikirules.Revision) {
	var parts []string
	hist := seedHistories(t)
	for _, title := range []string{"Suplantado", "Activación de una Tropa", "Sin Incapacidad por Herida", "Ataque Intuitivo", "GizmoKit"} {
		revs := hist[title]
		parts = append(parts, revs[len(revs)-1].Text)
	}
	for _, name := range []string{"base", "update_box", "edition_block"} {
		parts = append(parts, fixtureText(t, name))
	}
	var buf strings.Builder
	for k := 0; buf.Len() < size; k++ {
		buf.WriteString(parts[k%len(parts)])
		buf.WriteString("\n")
	}
	old := buf.String()
	lines := strings.Split(old, "\n")
	var bullets []int
	for i, l := range lines {
		if strings.HasPrefix(l, "* ") && len(l) > 60 {
			bullets = append(bullets, i)
		}
	}
	if len(bullets) < 30 {
		t.Fatalf("only %d bullets in %d bytes", len(bullets), len(old))
	}
	for k, i := range bullets {
		if k%10 == 5 {
			w := strings.Fields(lines[i])
			w[2], w[3] = w[3], w[2]
			lines[i] = strings.Join(w, " ")
		}
	}
	moved := lines[bullets[3]]
	lines[bullets[3]] = lines[bullets[20]] + "\n* Una Tropa en estado Suplantado puede declarar Esquivar con un MOD de -3."
	lines[bullets[20]] = moved
	lines[bullets[12]] = ""
	newText := strings.Replace(strings.Join(lines, "\n"), "MOD de -6", "MOD de -3", 1)
	page := wikirules.Page{Title: "Benchmark", Language: "es", Wiki: "infinity-es"}
	mk := func(text string, ts time.Time) wikirules.Revision {
		return wikirules.Revision{Page: page, ID: wikirules.DeriveRevisionID(page.Title, ts, text), Timestamp: ts, Text: text}
	}
	return mk(old, t0), mk(newText, t1)
}

func fixtureText(t testing.TB, name string) string {
	b, err := readFixture(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// BenchmarkRecords50KB diffs the records of two ~50 KB revisions
// (alignment, field comparison, word diffs, classification); extraction
// is outside the timer.
func BenchmarkRecords50KB(b *testing.B) {
	ra, rb := bigRevisions(b, 50<<10)
	a, c := records(ra), records(rb)
	b.SetBytes(int64(len(ra.Text) + len(rb.Text)))
	var d *Diff
	for b.Loop() {
		d = Records(a, c)
	}
	b.ReportMetric(float64(len(a)), "records")
	b.ReportMetric(float64(len(d.Changes)), "changes")
}

// BenchmarkExtractAndDiff50KB is the same with both extractions timed, as
// `query diff` pays them at ingest.
func BenchmarkExtractAndDiff50KB(b *testing.B) {
	ra, rb := bigRevisions(b, 50<<10)
	b.SetBytes(int64(len(ra.Text) + len(rb.Text)))
	for b.Loop() {
		Records(records(ra), records(rb))
	}
}

// TestBigDiff checks what the benchmark measures: the edits made to the
// 50 KB revision are all found, and the rewordings are not substantive.
func TestBigDiff(t *testing.T) {
	ra, rb := bigRevisions(t, 50<<10)
	d := Records(records(ra), records(rb))
	var added, removed, moved, mod, wording int
	for _, c := range d.Changes {
		switch {
		case c.Op == Added:
			added++
		case c.Op == Removed:
			removed++
		case c.Moved:
			moved++
		}
		for _, r := range c.Reasons {
			if r == "MOD -6 → -3" {
				mod++
			}
		}
		if c.Class == Wording {
			wording++
		}
	}
	t.Logf("%d bytes, %s", len(ra.Text), d.Headline())
	for _, c := range d.Changes {
		t.Logf("%s", c.Summary())
	}
	if added != 1 || removed != 1 || moved != 2 || mod != 1 || wording < 3 {
		t.Errorf("added %d removed %d moved %d MOD %d wording %d; want 1, 1, 2, 1, ≥3", added, removed, moved, mod, wording)
	}
}
