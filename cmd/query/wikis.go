package main

import (
	"context"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/wikirules/wikirules/kb"
)

// wikiRow is one wiki the knowledge base syncs with: its name and API
// address, when it was last synced and from which high-water mark the
// next sync reads, and what the knowledge base holds of it.
type wikiRow struct {
	Wiki      string    `json:"wiki"`
	API       string    `json:"api"`
	SiteName  string    `json:"sitename"`
	Language  string    `json:"language"`
	Generator string    `json:"generator"`
	Namespace int       `json:"namespace"`
	Listed    bool      `json:"listed"`
	LastSync  time.Time `json:"last_sync"`
	Mark      time.Time `json:"high_water_mark"`
	Requests  int64     `json:"requests"`
}

// runWikis lists the wikis the knowledge base syncs with (ingest
// -wiki-api): the sync columns a list of pages shows for each wiki.
func runWikis(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "wikis", "", "Lists the live wikis the knowledge base syncs with (ingest -wiki-api):\neach wiki's API address, last sync and the mark the next sync reads from.", false)
	if err := c.parse(args); err != nil {
		return err
	}
	return c.withDB(ctx, e, func(db *kb.DB) error {
		states, err := db.SyncStates(ctx)
		if err != nil {
			return err
		}
		rows := []wikiRow{}
		for _, s := range states {
			rows = append(rows, rowOf(s))
		}
		if c.json {
			return writeJSON(e.stdout, rows)
		}
		if len(rows) == 0 {
			fmt.Fprintln(e.stdout, "no live wiki synced (ingest -wiki-api URL syncs one)")
			return nil
		}
		tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "WIKI\tAPI\tLAST SYNC\tNEXT SYNC FROM\tREQUESTS")
		for _, r := range rows {
			last := "never finished"
			if !r.LastSync.IsZero() {
				last = r.LastSync.Format(time.RFC3339)
			}
			if !r.Listed {
				last += " (first listing unfinished)"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\n", r.Wiki, r.API, last, r.Mark.Format(time.RFC3339), r.Requests)
		}
		return tw.Flush()
	})
}

func rowOf(s kb.SyncState) wikiRow {
	return wikiRow{Wiki: s.Wiki, API: s.API, SiteName: s.SiteName, Language: s.Language, Generator: s.Generator,
		Namespace: s.Namespace, Listed: s.Listed, LastSync: s.LastSync, Mark: s.Mark, Requests: s.Requests}
}
