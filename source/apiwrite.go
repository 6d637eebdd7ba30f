package source

import (
	"bufio"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/netip"
	"strconv"
	"time"

	"github.com/wikirules/wikirules"
)

// WriteAPI writes revs as one MediaWiki API response in formatversion 2
// (action=query&prop=revisions&rvslots=main&meta=siteinfo): query.general
// with the site of the first revision (SiteOf), then query.pages with the
// revisions grouped by page as WriteXML groups them. Revision ids that are
// all digits are written as numbers, others (derived ids) as strings.
func WriteAPI(w io.Writer, revs []*wikirules.Revision) error {
	return WriteAPIVersion(w, 2, revs)
}

// WriteAPIVersion is WriteAPI for formatversion 1 ("pages" keyed by page
// id, flags as "", text under "*") or 2 ("pages" an array, booleans, text
// under "content").
func WriteAPIVersion(w io.Writer, formatversion int, revs []*wikirules.Revision) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var site SiteInfo
	if len(revs) > 0 {
		site = SiteOf(revs[0].Page)
	}
	general, err := json.Marshal(map[string]string{"sitename": site.Sitename, "lang": site.Language, "wikiid": site.DBName})
	if err != nil {
		return err
	}
	fv1 := formatversion == 1
	if fv1 {
		bw.WriteString(`{"batchcomplete":"","query":{"general":`)
	} else {
		bw.WriteString(`{"batchcomplete":true,"query":{"general":`)
	}
	bw.Write(general)
	if fv1 {
		bw.WriteString(`,"pages":{`)
	} else {
		bw.WriteString(`,"pages":[`)
	}
	var cur *wikirules.Page
	pageID := 0
	for _, r := range groupByPage(revs) {
		if cur == nil || r.Page.Title != cur.Title || r.Page.Namespace != cur.Namespace {
			if cur != nil {
				bw.WriteString("]},\n")
			}
			cur = &r.Page
			pageID++
			head, err := json.Marshal(struct {
				PageID int    `json:"pageid"`
				NS     int    `json:"ns"`
				Title  string `json:"title"`
			}{pageID, r.Page.Namespace, r.Page.Title})
			if err != nil {
				return err
			}
			if fv1 {
				bw.WriteString(`"` + strconv.Itoa(pageID) + `":`)
			}
			bw.Write(head[:len(head)-1])
			bw.WriteString(`,"revisions":[`)
		} else {
			bw.WriteString(",\n")
		}
		b, err := marshalAPIRevision(r, fv1)
		if err != nil {
			return err
		}
		bw.Write(b)
	}
	if cur != nil {
		bw.WriteString("]}")
	}
	if fv1 {
		bw.WriteString("}}}\n")
	} else {
		bw.WriteString("]}}\n")
	}
	return bw.Flush()
}

// idValue returns an id as a JSON number when it is all digits, else as a
// string.
func idValue(id string) any {
	if id == "" {
		return json.Number("0")
	}
	for i := 0; i < len(id); i++ {
		if id[i] < '0' || id[i] > '9' {
			return id
		}
	}
	return json.Number(id)
}

func marshalAPIRevision(r *wikirules.Revision, fv1 bool) ([]byte, error) {
	sum := sha1.Sum([]byte(r.Text))
	m := map[string]any{
		"revid":     idValue(r.ID),
		"parentid":  idValue(r.ParentID),
		"user":      r.User,
		"timestamp": r.Timestamp.UTC().Format(time.RFC3339Nano),
		"comment":   r.Comment,
		"sha1":      hex.EncodeToString(sum[:]),
	}
	_, ipErr := netip.ParseAddr(r.User)
	model, format := modelFormat(r.Model)
	slot := map[string]any{"contentmodel": model, "contentformat": format}
	if fv1 {
		if r.Minor {
			m["minor"] = ""
		}
		if ipErr == nil {
			m["anon"] = ""
		}
		slot["*"] = r.Text
	} else {
		m["minor"] = r.Minor
		if ipErr == nil {
			m["anon"] = true
		}
		slot["content"] = r.Text
	}
	m["slots"] = map[string]any{"main": slot}
	return json.Marshal(m)
}
