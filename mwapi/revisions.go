package mwapi

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/source"
)

// Site names the wiki revisions belong to: its name in the knowledge
// base ("infinity-es", Page.Wiki) and its content language ("es").
type Site struct {
	Wiki, Lang string
}

// Revision is a revision read with its text (Revisions): the revision as
// the knowledge base stores it (ids qualified by the wiki, source.QualifyID;
// Text empty when the wiki hides it), the id of its page on the wiki, its
// size in bytes as the wiki gives it, and what revision deletion hides of
// it.
type Revision struct {
	wikirules.Revision
	PageID        ID
	Size          int64
	TextHidden    bool // texthidden: the text is hidden (Text is empty)
	SHA1Hidden    bool // sha1hidden: so is its SHA-1 (SHA1 is empty)
	UserHidden    bool
	CommentHidden bool
	Suppressed    bool
}

// MaxRevIDs is how many revision ids one request may name (the revids
// limit of prop=revisions for clients without apihighlimits).
const MaxRevIDs = 50

// Revisions reads the revisions revids (at most MaxRevIDs) with their
// text: prop=revisions&revids=…&rvprop=ids|timestamp|flags|user|comment|
// sha1|size|content&rvslots=main, following rvcontinue when the reply
// limit cuts a batch. The texts are read by source.NewAPI (UTF-8 and
// SHA-1 checked against the wiki's sha1); a revision whose text is
// hidden comes back with TextHidden and no text. It also returns the ids
// the wiki does not know (badrevids: deleted since, or never existed).
// Revisions are in the order of the replies (page by page).
func (c *Client) Revisions(ctx context.Context, revids []ID, site Site) ([]Revision, []ID, error) {
	if len(revids) == 0 {
		return nil, nil, nil
	}
	var out []Revision
	var bad []ID
	seen := map[ID]bool{}
	err := c.queryAll(ctx, url.Values{"prop": {"revisions"}, "revids": {joinIDs(revids)},
		"rvprop": {revMetaProps + "|content"}, "rvslots": {"main"}}, func(r *reply) error {
		texts, err := readTexts(r.raw, c.API)
		if err != nil {
			return err
		}
		for _, pg := range r.Query.Pages {
			for i := range pg.Revisions {
				m := &pg.Revisions[i]
				if seen[m.RevID] {
					continue
				}
				seen[m.RevID] = true
				rev := c.revision(pg, m, site)
				if !rev.TextHidden {
					t, ok := texts[m.RevID]
					if !ok {
						return fmt.Errorf("mwapi: revision %d of %s: the reply has no text for it (textmissing?)", m.RevID, source.PageName(pg.Title))
					}
					rev.Text, rev.SHA1 = t.Text, t.SHA1
				}
				out = append(out, rev)
			}
		}
		for k := range r.Query.BadRevIDs {
			if n, err := strconv.ParseInt(k, 10, 64); err == nil {
				bad = append(bad, ID(n))
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return out, bad, nil
}

// revision returns the Revision of m on page pg, without text.
func (c *Client) revision(pg Page, m *RevMeta, site Site) Revision {
	id := source.QualifyID(site.Wiki, m.RevID.String())
	parent := ""
	if m.ParentID != 0 {
		parent = source.QualifyID(site.Wiki, m.ParentID.String())
	}
	return Revision{
		Revision: wikirules.Revision{
			Page:      wikirules.Page{Title: pg.Title, Namespace: pg.NS, Language: site.Lang, Wiki: site.Wiki},
			ID:        id,
			ParentID:  parent,
			Timestamp: m.Timestamp.Time,
			User:      m.User,
			Comment:   m.Comment,
			Minor:     bool(m.Minor),
			SHA1:      m.SHA1,
			Format:    wikirules.FormatAPI,
			Origin:    c.API + "?action=query&prop=revisions&rvprop=content&rvslots=main&revids=" + m.RevID.String(),
		},
		PageID:        pg.PageID,
		Size:          m.Size,
		TextHidden:    m.Hidden(),
		SHA1Hidden:    bool(m.SHA1Hidden),
		UserHidden:    bool(m.UserHidden),
		CommentHidden: bool(m.CommentHidden),
		Suppressed:    bool(m.Suppressed),
	}
}

// readTexts reads the revision texts of one prop=revisions reply with
// source's API JSON reader, keyed by revision id: a text that is not
// valid UTF-8, or whose SHA-1 is not the one the wiki gives, is an error
// naming the revision and the byte offset in the reply.
func readTexts(body []byte, api string) (map[ID]*wikirules.Revision, error) {
	r := source.NewAPI(bytes.NewReader(body), api+" reply")
	out := map[ID]*wikirules.Revision{}
	for {
		rev, err := r.Next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("mwapi: %w", err)
		}
		n, err := strconv.ParseInt(rev.ID, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("mwapi: revision id %q is not a number", rev.ID)
		}
		out[ID(n)] = rev
	}
}
