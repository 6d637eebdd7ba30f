// Package gen writes a deterministic synthetic MediaWiki XML export from the
// seed revisions (sample.FS): many pages, each a renamed variant of a seed
// page, each with a history of realistic edits — a word changed, a bullet
// added or removed, a MOD number changed, an FAQ box added. The same
// options always give the same bytes. Output is streamed: memory holds one
// page's current text, whatever the size asked for.
//
// Used by cmd/genxml and by the readers' and ingest benchmarks.
package gen

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
)

// Options say what to generate. Size is the target size in bytes: the
// export stops after the first page that reaches it (so it is a little
// larger). Seed selects the random sequence. Revisions is the number of
// revisions per page (default 20). Version is the export schema ("0.11"
// by default, or "0.10").
type Options struct {
	Size      int64
	Seed      uint64
	Revisions int
	Version   string
}

// Stats says what was written: bytes, pages and revisions, and how many
// revisions each kind of edit made (by EditKind name).
type Stats struct {
	Bytes     int64
	Pages     int
	Revisions int
	Edits     map[string]int
}

// Bases returns the seed pages the generator starts from: the newest
// revision of each page of the seed contributions dump, in dump order
// (45 pages).
func Bases() ([]*wikirules.Revision, error) {
	f, err := sample.FS().Open(sample.DumpName)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	revs, err := source.ReadAll(source.NewContribs(f, sample.DumpName))
	if err != nil {
		return nil, err
	}
	var out []*wikirules.Revision
	seen := map[string]bool{}
	for _, rev := range revs {
		if !seen[rev.Page.Title] { // the dump lists newest first
			seen[rev.Page.Title] = true
			out = append(out, rev)
		}
	}
	return out, nil
}

// countWriter counts bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// Users who edit the synthetic wiki.
var users = []string{"HellLois2", "Ghost of Patroclo", "Judge Dredd", "Toni_RN", "81.45.12.7", "Yojimbo"}

// Write writes a synthetic export to w and returns what it wrote.
// Errors come from w.
func Write(w io.Writer, opt Options) (Stats, error) {
	if opt.Revisions <= 0 {
		opt.Revisions = 20
	}
	bases, err := Bases()
	if err != nil {
		return Stats{}, err
	}
	cw := &countWriter{w: w}
	site := source.SiteOf(bases[0].Page)
	xw := source.NewXMLWriter(cw, opt.Version, site)
	rng := rand.New(rand.NewPCG(opt.Seed, 0x5eed))
	st := Stats{Edits: map[string]int{}}
	revID := 1000
	ts := time.Date(2021, 2, 11, 8, 0, 0, 0, time.UTC)
	titles := make([]string, len(bases))
	for i, b := range bases {
		titles[i] = b.Page.Title
	}
	for page := 0; cw.n < opt.Size || page == 0; page++ {
		base := bases[page%len(bases)]
		p := base.Page
		p.Title = variantTitle(base.Page.Title, page/len(bases))
		e := &editor{rng: rng, lines: strings.Split(base.Text, "\n"), titles: titles, title: p.Title, limit: 2 * len(base.Text)}
		parent := ""
		for k := 0; k < opt.Revisions; k++ {
			kind := "import"
			if k > 0 {
				kind = e.edit()
			}
			revID++
			ts = ts.Add(time.Duration(1+rng.IntN(180)) * time.Minute)
			rev := &wikirules.Revision{
				Page:      p,
				ID:        fmt.Sprint(revID),
				ParentID:  parent,
				Timestamp: ts,
				User:      users[rng.IntN(len(users))],
				Comment:   comments[kind],
				Minor:     kind == EditWord,
				Text:      strings.Join(e.lines, "\n"),
			}
			if err := xw.WriteRevision(rev); err != nil {
				return st, err
			}
			parent = rev.ID
			st.Revisions++
			st.Edits[kind]++
		}
		st.Pages++
	}
	if err := xw.Close(); err != nil {
		return st, err
	}
	st.Bytes = cw.n
	return st, nil
}

// variantTitle names the n-th renamed copy of a seed page: the title
// itself, then "Esquivar (variante 2)", "Esquivar (variante 3)"…
func variantTitle(title string, n int) string {
	if n == 0 {
		return title
	}
	return fmt.Sprintf("%s (variante %d)", title, n+1)
}
