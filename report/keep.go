package report

import (
	"context"

	"github.com/wikirules/wikirules"
)

// KeepResults keeps the first limit results of out that stand in a
// revision of a page of wiki (when set: a result names its page by
// title, which several wikis may share; its revision says which page it
// is) and, when newest, that hold in the newest edition their revision
// holds text in (an N5 page's N4 alternatives are left out; FAQs and
// records whose edition is unknown stay). It sets each result's Wiki and
// Language from its revision's page, and labels an FAQ result's text in
// that language (FAQText). Total and the facets count the
// matches before the edition rule; with wiki, Total is the number kept.
func KeepResults(ctx context.Context, st wikirules.Store, out *Search, wiki string, newest bool, limit int) error {
	type revInfo struct {
		page wikirules.Page
		held wikirules.Editions
	}
	info := map[string]revInfo{}
	kept := out.Results[:0]
	dropped := false
	for _, r := range out.Results {
		id := r.Citation.Revision
		ri, ok := info[id]
		if !ok && id != "" {
			rev, err := st.Revision(ctx, id)
			if err != nil {
				return err
			}
			recs, err := st.RevisionRecords(ctx, id)
			if err != nil {
				return err
			}
			ri.page = rev.Page
			for _, rec := range recs {
				ri.held |= rec.Editions
			}
			info[id] = ri
		}
		r.Wiki, r.Language = ri.page.Wiki, ri.page.Language
		if r.FAQ != nil && ri.page.Language != "" {
			// An FAQ entry is labelled in its page's language, as the page
			// document labels it (PageOf): "P:"/"R:" on the Spanish wiki.
			r.Text = FAQText(r.FAQ, ri.page.Language)
		}
		keep := wiki == "" || ri.page.Wiki == wiki
		if ed, known := ri.held.Newest(); keep && newest && known && r.FAQ == nil && r.Citation.Editions != 0 {
			keep = r.Citation.Editions.Has(ed)
		}
		switch {
		case !keep:
			dropped = true
		case len(kept) < limit:
			kept = append(kept, r)
		}
	}
	out.Results = kept
	if dropped && wiki != "" {
		out.Total = uint64(len(kept))
	}
	return nil
}
