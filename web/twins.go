package web

import (
	"context"

	"github.com/wikirules/wikirules"
)

// Twins knows each page's twin: the page of the same rule on the wiki of
// the other language (Aislado on infinity-es, Isolated State on
// infinity-en), as package pairs finds it; package web/twins adapts a
// pairs.Set to it. A server without Twins shows no twin warnings and
// groups no search results by pair.
type Twins interface {
	// Warn returns, in language judge ("es", "en"), the warning for the
	// page cited by c when its twin is newer, or nil when the page has no
	// twin or the twin is not newer.
	Warn(ctx context.Context, c wikirules.Citation, judge string) (*TwinWarning, error)
	// Twin returns the twin of the page (wiki, title), or false.
	Twin(wiki, title string) (Twin, bool)
}

// TwinWarning says that a page's twin is newer: Message in the judge's
// language ("la página inglesa Isolated State tiene la versión N5; esta
// es N4") and the twin's current record to cite beside the page's own
// (Match: "aligned" when the pair's alignment pairs it with the record
// cited, "same place" when it only stands at the same position, "page"
// for the twin's skill header or first rule record).
type TwinWarning struct {
	Page    wikirules.Page      `json:"page"`
	Twin    wikirules.Page      `json:"twin"`
	Message string              `json:"message"`
	Cite    *wikirules.Citation `json:"twin_citation,omitempty"`
	Text    string              `json:"twin_text,omitempty"`
	Match   string              `json:"match,omitempty"`
}

// Twin is a page's twin and which side of the pair is newer: Newer is the
// language of the newer side ("es", "en"), "" when neither is ahead or
// the two disagree.
type Twin struct {
	Page  wikirules.Page `json:"page"`
	Newer string         `json:"newer,omitempty"`
}

// twinWarningView is a warning as a page shows it: the message, the
// twin's record beside the page's, and the links to it and to the twin.
type twinWarningView struct {
	TwinWarning
	CiteURL string // the twin's record
	TwinURL string // the twin page, in the same label language
	Unsure  bool   // the twin's record only stands at the same position
}

// twinWarning returns the warning view for citation c, or nil.
func (vs *views) twinWarning(ctx context.Context, c wikirules.Citation) (*twinWarningView, error) {
	if vs.twins == nil {
		return nil, nil
	}
	w, err := vs.twins.Warn(ctx, c, vs.l.code)
	if err != nil || w == nil {
		return nil, err
	}
	v := &twinWarningView{TwinWarning: *w, Unsure: w.Match == "same place"}
	tl := vs.at(w.Twin.Wiki).link
	v.TwinURL = tl.page(w.Twin.Title, "", "", false, "")
	if w.Cite != nil {
		v.CiteURL = tl.cite(*w.Cite, false)
	}
	return v, nil
}
