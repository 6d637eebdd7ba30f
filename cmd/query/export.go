package main

import (
	"context"
	"fmt"

	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/lang"
	"github.com/wikirules/wikirules/web"
	"github.com/wikirules/wikirules/web/twins"
)

const exportSiteHelp = `Writes the whole knowledge base into DIR (empty or new) as a static web
site made with the pages of "query serve": every page (and its edition
views and older revisions), every history and diff, the FAQ list and a
search that runs in the browser over a prebuilt index, in Spanish (es/)
and English (en/) labels. Open DIR/index.html from disk (a phone or laptop,
no server), or put DIR on any static web host; served over HTTPS it can be
installed as an app and keeps working with no network. Questions ("ask")
need the engine, and so "query serve". Example:
  query export-site -db rules.db site/   # then open site/index.html`

func runExportSite(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "export-site", "DIR", exportSiteHelp, false)
	dir, err := c.parseOne(args)
	if err != nil {
		return err
	}
	return c.withDB(ctx, e, func(db *kb.DB) error {
		tw, err := twins.Load(ctx, db)
		if err != nil {
			return fmt.Errorf("export-site: pairing twin pages: %w", err)
		}
		sum, err := web.Export(ctx, db, dir, web.ExportOptions{Synonyms: lang.Default().Synonyms, Twins: tw})
		if err != nil {
			return fmt.Errorf("export-site: %w", err)
		}
		if c.json {
			return writeJSON(e.stdout, map[string]any{"dir": dir, "files": sum.Files, "bytes": sum.Bytes, "pages": sum.Pages, "search_documents": sum.SearchDocs})
		}
		fmt.Fprintf(e.stdout, "%s: %d pages in %d files, %.1f MB (search index: %d documents); open %s/index.html\n",
			dir, sum.Pages, sum.Files, float64(sum.Bytes)/1e6, sum.SearchDocs, dir)
		return nil
	})
}
