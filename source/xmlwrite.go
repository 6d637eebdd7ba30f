package source

import (
	"bufio"
	"cmp"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
)

// SiteInfo is what an export says about its wiki: the site name
// ("Infinity"), the database name ("infinity_es"; the readers turn it into
// Page.Wiki "infinity-es") and the content language ("es").
type SiteInfo struct {
	Sitename string
	DBName   string
	Language string
}

// SiteOf returns the SiteInfo of a page as the readers will give it back:
// DBName is Page.Wiki with "-" turned into "_", Sitename the part of Wiki
// before its language suffix, capitalised ("infinity-es" → "Infinity").
func SiteOf(p wikirules.Page) SiteInfo {
	site := strings.TrimSuffix(p.Wiki, "-"+p.Language)
	if site != "" {
		site = strings.ToUpper(site[:1]) + site[1:]
	}
	return SiteInfo{Sitename: site, DBName: strings.ReplaceAll(p.Wiki, "-", "_"), Language: p.Language}
}

// XMLWriter writes a MediaWiki XML export one revision at a time, in
// constant memory: consecutive revisions of the same page (same title and
// namespace) share one <page>. Version is "0.10" or "0.11" (the default).
// Page ids are numbered from 1 in order of appearance.
type XMLWriter struct {
	w       *bufio.Writer
	version string
	started bool
	inPage  bool
	page    wikirules.Page
	pageID  int
	site    SiteInfo
	err     error
}

// NewXMLWriter returns a writer of an export of schema version ("0.10" or
// "0.11"; "" means "0.11") for site. Nothing is written until the first
// WriteRevision or Close.
func NewXMLWriter(w io.Writer, version string, site SiteInfo) *XMLWriter {
	if version == "" {
		version = "0.11"
	}
	return &XMLWriter{w: bufio.NewWriterSize(w, 64<<10), version: version, site: site}
}

func (x *XMLWriter) header() {
	x.started = true
	v := x.version
	fmt.Fprintf(x.w, "<mediawiki xmlns=\"http://www.mediawiki.org/xml/export-%s/\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://www.mediawiki.org/xml/export-%s/ http://www.mediawiki.org/xml/export-%s.xsd\" version=\"%s\" xml:lang=\"%s\">\n", v, v, v, v, escAttr(x.site.Language))
	if x.site.Sitename == "" && x.site.DBName == "" {
		// No site to name: an empty <siteinfo> would read back as a
		// wiki named after the language alone.
		return
	}
	fmt.Fprintf(x.w, "  <siteinfo>\n    <sitename>%s</sitename>\n    <dbname>%s</dbname>\n    <generator>wikirules source.XMLWriter</generator>\n    <case>first-letter</case>\n  </siteinfo>\n",
		escText(x.site.Sitename), escText(x.site.DBName))
}

// WriteRevision writes r inside the <page> of r.Page, opening a new page
// when the title or namespace differs from the previous revision's. The
// revision id is written as given (derived ids such as "d1f…" are not
// numeric: such an export is for this package's reader, not for
// MediaWiki's importer). Errors come from the underlying writer.
func (x *XMLWriter) WriteRevision(r *wikirules.Revision) error {
	if x.err != nil {
		return x.err
	}
	if !x.started {
		x.header()
	}
	if x.inPage && (r.Page.Title != x.page.Title || r.Page.Namespace != x.page.Namespace) {
		x.w.WriteString("  </page>\n")
		x.inPage = false
	}
	if !x.inPage {
		x.pageID++
		x.page = r.Page
		x.inPage = true
		fmt.Fprintf(x.w, "  <page>\n    <title>%s</title>\n    <ns>%d</ns>\n    <id>%d</id>\n", escText(r.Page.Title), r.Page.Namespace, x.pageID)
	}
	w := x.w
	fmt.Fprintf(w, "    <revision>\n      <id>%s</id>\n", escText(r.ID))
	if r.ParentID != "" {
		fmt.Fprintf(w, "      <parentid>%s</parentid>\n", escText(r.ParentID))
	}
	fmt.Fprintf(w, "      <timestamp>%s</timestamp>\n", r.Timestamp.UTC().Format(time.RFC3339Nano))
	if _, err := netip.ParseAddr(r.User); err == nil {
		fmt.Fprintf(w, "      <contributor>\n        <ip>%s</ip>\n      </contributor>\n", escText(r.User))
	} else if r.User != "" {
		fmt.Fprintf(w, "      <contributor>\n        <username>%s</username>\n      </contributor>\n", escText(r.User))
	} else {
		w.WriteString("      <contributor deleted=\"deleted\" />\n")
	}
	if r.Minor {
		w.WriteString("      <minor />\n")
	}
	if r.Comment != "" {
		fmt.Fprintf(w, "      <comment>%s</comment>\n", escText(r.Comment))
	}
	sum := sha1.Sum([]byte(r.Text))
	sha36 := SHA1Base36(hex.EncodeToString(sum[:]))
	model, format := modelFormat(r.Model)
	fmt.Fprintf(w, "      <model>%s</model>\n      <format>%s</format>\n", escText(model), format)
	if x.version == "0.10" {
		fmt.Fprintf(w, "      <text xml:space=\"preserve\" bytes=\"%d\">", len(r.Text))
	} else {
		fmt.Fprintf(w, "      <text bytes=\"%d\" sha1=\"%s\" xml:space=\"preserve\">", len(r.Text), sha36)
	}
	writeEscaped(w, r.Text, false)
	fmt.Fprintf(w, "</text>\n      <sha1>%s</sha1>\n    </revision>\n", sha36)
	if _, err := w.Write(nil); err != nil { // bufio.Writer's sticky error
		x.err = err
		return err
	}
	return nil
}

// Close ends the export (</page>, </mediawiki>) and flushes it; it does not
// close the underlying writer.
func (x *XMLWriter) Close() error {
	if x.err != nil {
		return x.err
	}
	if !x.started {
		x.header()
	}
	if x.inPage {
		x.w.WriteString("  </page>\n")
		x.inPage = false
	}
	x.w.WriteString("</mediawiki>\n")
	x.err = errors.New("XMLWriter: closed")
	return x.w.Flush()
}

// WriteXML writes revs as an XML export of schema 0.11, site information
// taken from the first revision (SiteOf). Revisions are grouped by page in
// order of each page's first appearance, each page's revisions in
// timestamp order (oldest first, as MediaWiki exports them; equal times
// keep their input order).
func WriteXML(w io.Writer, revs []*wikirules.Revision) error {
	return WriteXMLVersion(w, "0.11", revs)
}

// WriteXMLVersion is WriteXML for schema version "0.10" or "0.11".
func WriteXMLVersion(w io.Writer, version string, revs []*wikirules.Revision) error {
	var site SiteInfo
	if len(revs) > 0 {
		site = SiteOf(revs[0].Page)
	}
	xw := NewXMLWriter(w, version, site)
	for _, r := range groupByPage(revs) {
		if err := xw.WriteRevision(r); err != nil {
			return err
		}
	}
	return xw.Close()
}

// groupByPage orders revisions by page (first appearance) then timestamp.
func groupByPage(revs []*wikirules.Revision) []*wikirules.Revision {
	type key struct {
		title string
		ns    int
	}
	order := map[key]int{}
	for _, r := range revs {
		k := key{r.Page.Title, r.Page.Namespace}
		if _, ok := order[k]; !ok {
			order[k] = len(order)
		}
	}
	out := append([]*wikirules.Revision(nil), revs...)
	slices.SortStableFunc(out, func(a, b *wikirules.Revision) int {
		ka, kb := order[key{a.Page.Title, a.Page.Namespace}], order[key{b.Page.Title, b.Page.Namespace}]
		if ka != kb {
			return cmp.Compare(ka, kb)
		}
		return a.Timestamp.Compare(b.Timestamp)
	})
	return out
}

// escText escapes s for XML character data: &, <, > as entities, "\r" as
// &#13; (an XML parser would fold "\r\n" into "\n" otherwise) and
// characters XML 1.0 cannot hold (C0 controls other than tab and newline)
// as U+FFFD, as MediaWiki does. Newlines and tabs stay literal.
func escText(s string) string { return escape(s, false) }

// escAttr escapes s for a double-quoted attribute value.
func escAttr(s string) string { return escape(s, true) }

func escape(s string, attr bool) string {
	var b strings.Builder
	writeEscaped(&b, s, attr)
	return b.String()
}

type stringWriter interface{ WriteString(string) (int, error) }

func writeEscaped(w stringWriter, s string, attr bool) {
	last := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		var rep string
		switch {
		case c == '&':
			rep = "&amp;"
		case c == '<':
			rep = "&lt;"
		case c == '>':
			rep = "&gt;"
		case c == '\r':
			rep = "&#13;"
		case attr && c == '"':
			rep = "&quot;"
		case attr && c == '\n':
			rep = "&#10;"
		case attr && c == '\t':
			rep = "&#9;"
		case c < 0x20 && c != '\n' && c != '\t':
			rep = "\uFFFD"
		default:
			continue
		}
		w.WriteString(s[last:i])
		w.WriteString(rep)
		last = i + 1
	}
	w.WriteString(s[last:])
}

// modelFormat returns the content model of a revision as an export names it
// ("" is wikitext) and the serialisation format MediaWiki gives it.
func modelFormat(model string) (string, string) {
	if model == "" {
		model = wikirules.ModelWikitext
	}
	switch model {
	case wikirules.ModelWikitext:
		return model, "text/x-wiki"
	case "css", "sanitized-css":
		return model, "text/css"
	case "javascript":
		return model, "text/javascript"
	case "json":
		return model, "application/json"
	}
	return model, "text/plain"
}
