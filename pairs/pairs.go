package pairs

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/lang"
	"github.com/wikirules/wikirules/wikitext"
)

// Method is how a pair was found.
type Method string

// Methods, strongest first.
const (
	ByInterlanguageLink Method = "interlanguage-link"
	ByLangLinks         Method = "langlinks"
	ByGlossary          Method = "glossary"
	ByRedirect          Method = "redirect"
)

func (m Method) rank() int {
	switch m {
	case ByInterlanguageLink:
		return 0
	case ByLangLinks:
		return 1
	case ByGlossary:
		return 2
	}
	return 3
}

// Reason is one way a pair was found: its method and what showed it
// ("[[en:Dodge]] on Esquivar", "Aislado | Isolated; redirect Isolated →
// Isolated State").
type Reason struct {
	Method Method `json:"method"`
	Detail string `json:"detail"`
}

// PageRef names a page of one wiki.
type PageRef struct {
	Wiki     string `json:"wiki"`
	Language string `json:"language"`
	Title    string `json:"title"`
}

func (p PageRef) key() string { return p.Wiki + "\x00" + p.Title }

// Pair is a Spanish page and its English twin, with every way it was found,
// strongest first.
type Pair struct {
	ES      PageRef  `json:"es"`
	EN      PageRef  `json:"en"`
	Reasons []Reason `json:"reasons"`
}

// Of returns the side of p in language l ("es" or "en") and the other.
func (p *Pair) Of(l string) (this, twin PageRef) {
	if l == "en" {
		return p.EN, p.ES
	}
	return p.ES, p.EN
}

// Set is every pair of a knowledge base, with the pages they are made of.
type Set struct {
	Pairs []Pair `json:"pairs"`
	// Conflicts are pairs a page was offered but not given, because a
	// stronger (or, equally strong, earlier) pair had claimed one side.
	Conflicts []string `json:"conflicts,omitempty"`
	pages     map[string]*kb.CurrentPage
	byPage    map[string]int
}

// Page returns the stored page of ref with its current revision, or nil.
func (s *Set) Page(ref PageRef) *kb.CurrentPage { return s.pages[ref.key()] }

// Twin returns the pair of the page of wiki titled title, or nil.
func (s *Set) Twin(wiki, title string) *Pair {
	if i, ok := s.byPage[wiki+"\x00"+title]; ok {
		return &s.Pairs[i]
	}
	return nil
}

// TwinOfTitle returns the pair of the content page titled title (matched
// as a title, the first letter's case and "_" aside) on any wiki, with the
// page's wiki, or nil when no paired page has that title.
func (s *Set) TwinOfTitle(title string) (*Pair, string) {
	k := titleKey(title)
	for i := range s.Pairs {
		for _, side := range []PageRef{s.Pairs[i].ES, s.Pairs[i].EN} {
			if titleKey(side.Title) == k {
				return &s.Pairs[i], side.Wiki
			}
		}
	}
	return nil, ""
}

// TwinWiki returns the wiki of the same site as wiki in language l:
// "infinity-es", "en" → "infinity-en"; "infinity-n3-en", "es" →
// "infinity-n3-es". A wiki whose name does not end in its language
// ("-es", "-en") has no twin wiki ("").
func TwinWiki(wiki, language, l string) string {
	if !strings.HasSuffix(wiki, "-"+language) {
		return ""
	}
	return strings.TrimSuffix(wiki, "-"+language) + "-" + l
}

// otherLanguage is the language of the twin of a page in l.
func otherLanguage(l string) string {
	switch l {
	case "es":
		return "en"
	case "en":
		return "es"
	}
	return ""
}

// titleKey is the key MediaWiki compares titles by: "_" read as space,
// spaces collapsed, the first letter's case ignored.
func titleKey(t string) string {
	t = strings.Join(strings.Fields(strings.ReplaceAll(t, "_", " ")), " ")
	if t == "" {
		return t
	}
	r := []rune(t)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

// wikiPages indexes one wiki's current pages by title key.
type wikiPages struct {
	byTitle   map[string]*kb.CurrentPage
	redirects map[string]string // title key → target title
}

// Load reads the current pages of db and pairs them (Find).
func Load(ctx context.Context, db *kb.DB) (*Set, error) {
	pages, err := db.CurrentPages(ctx)
	if err != nil {
		return nil, err
	}
	return Find(pages, lang.Default()), nil
}

// candidate is a pair offered by one method from one side.
type candidate struct {
	es, en PageRef
	reason Reason
}

// Find pairs the pages of pages (kb.CurrentPages) by the methods of the
// package documentation, with glossary g's title pairs.
func Find(pages []kb.CurrentPage, g *lang.Glossary) *Set {
	s := &Set{Pairs: []Pair{}, pages: map[string]*kb.CurrentPage{}, byPage: map[string]int{}}
	wikis := map[string]*wikiPages{}
	for i := range pages {
		p := &pages[i]
		w := wikis[p.Page.Wiki]
		if w == nil {
			w = &wikiPages{byTitle: map[string]*kb.CurrentPage{}, redirects: map[string]string{}}
			wikis[p.Page.Wiki] = w
		}
		k := titleKey(p.Page.Title)
		w.byTitle[k] = p
		if t := wikirules.RedirectTarget(p.Revision.Text); t != "" {
			w.redirects[k] = t
		}
		for _, a := range p.Aliases {
			if _, ok := w.redirects[titleKey(a)]; !ok {
				w.redirects[titleKey(a)] = p.Page.Title
			}
		}
		s.pages[PageRef{Wiki: p.Page.Wiki, Title: p.Page.Title}.key()] = p
	}
	var cands []candidate
	offer := func(from *kb.CurrentPage, to *kb.CurrentPage, r Reason) {
		a := PageRef{Wiki: from.Page.Wiki, Language: from.Page.Language, Title: from.Page.Title}
		b := PageRef{Wiki: to.Page.Wiki, Language: to.Page.Language, Title: to.Page.Title}
		if a.Language == "en" {
			a, b = b, a
		}
		cands = append(cands, candidate{es: a, en: b, reason: r})
	}
	for i := range pages {
		p := &pages[i]
		if !isContent(p) {
			continue
		}
		ol := otherLanguage(p.Page.Language)
		tw := wikis[TwinWiki(p.Page.Wiki, p.Page.Language, ol)]
		if tw == nil {
			continue
		}
		for _, t := range interlanguageLinks(p.Revision.Text, ol) {
			if to, via := tw.resolve(t); to != nil {
				offer(p, to, Reason{ByInterlanguageLink, fmt.Sprintf("[[%s:%s]] on %s%s", ol, t, p.Page.Title, via)})
			}
		}
		if t := p.LangLinks[ol]; t != "" {
			if to, via := tw.resolve(t); to != nil {
				offer(p, to, Reason{ByLangLinks, fmt.Sprintf("langlinks of %s: %s:%s%s", p.Page.Title, ol, t, via)})
			}
		}
		for _, gp := range glossaryTwins(g, p.Page.Title, p.Page.Language) {
			if to, via := tw.resolve(gp.twin); to != nil {
				offer(p, to, Reason{ByGlossary, gp.row + via})
			}
		}
		// A redirect of the other wiki titled as this page.
		if target, ok := tw.redirects[titleKey(p.Page.Title)]; ok {
			if to, _ := tw.resolve(p.Page.Title); to != nil {
				offer(p, to, Reason{ByRedirect, fmt.Sprintf("redirect on %s: %s → %s", to.Page.Wiki, p.Page.Title, target)})
			}
		}
	}
	// A redirect of a page's own wiki titled as a page of the other wiki.
	for i := range pages {
		r := &pages[i]
		target := wikirules.RedirectTarget(r.Revision.Text)
		if target == "" || r.Page.Namespace != 0 {
			continue
		}
		w := wikis[r.Page.Wiki]
		tw := wikis[TwinWiki(r.Page.Wiki, r.Page.Language, otherLanguage(r.Page.Language))]
		if tw == nil {
			continue
		}
		from, _ := w.resolve(target)
		to, via := tw.resolve(r.Page.Title)
		if from != nil && to != nil {
			offer(from, to, Reason{ByRedirect, fmt.Sprintf("redirect on %s: %s → %s%s", r.Page.Wiki, r.Page.Title, target, via)})
		}
	}
	s.accept(cands)
	return s
}

// accept makes pairs of the candidates, one to one, strongest first.
func (s *Set) accept(cands []candidate) {
	sort.SliceStable(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if a.reason.Method.rank() != b.reason.Method.rank() {
			return a.reason.Method.rank() < b.reason.Method.rank()
		}
		if a.es.Title != b.es.Title {
			return a.es.Title < b.es.Title
		}
		return a.en.Title < b.en.Title
	})
	for _, c := range cands {
		i, esOK := s.byPage[c.es.key()]
		j, enOK := s.byPage[c.en.key()]
		switch {
		case esOK && enOK && i == j:
			p := &s.Pairs[i]
			if !hasReason(p.Reasons, c.reason) {
				p.Reasons = append(p.Reasons, c.reason)
			}
		case esOK || enOK:
			held := i
			if !esOK {
				held = j
			}
			h := s.Pairs[held]
			msg := fmt.Sprintf("%s ↔ %s (%s: %s) not paired: %s ↔ %s holds by %s",
				c.es.Title, c.en.Title, c.reason.Method, c.reason.Detail, h.ES.Title, h.EN.Title, h.Reasons[0].Method)
			if !slices.Contains(s.Conflicts, msg) {
				s.Conflicts = append(s.Conflicts, msg)
			}
		default:
			s.Pairs = append(s.Pairs, Pair{ES: c.es, EN: c.en, Reasons: []Reason{c.reason}})
			s.byPage[c.es.key()] = len(s.Pairs) - 1
			s.byPage[c.en.key()] = len(s.Pairs) - 1
		}
	}
	order := make([]int, len(s.Pairs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		pa, pb := s.Pairs[order[a]], s.Pairs[order[b]]
		if pa.ES.Wiki != pb.ES.Wiki {
			return pa.ES.Wiki < pb.ES.Wiki
		}
		return pa.ES.Title < pb.ES.Title
	})
	sorted := make([]Pair, len(s.Pairs))
	for k, i := range order {
		sorted[k] = s.Pairs[i]
	}
	s.Pairs = sorted
	s.byPage = map[string]int{}
	for i, p := range s.Pairs {
		s.byPage[p.ES.key()] = i
		s.byPage[p.EN.key()] = i
	}
}

// hasReason reports whether rs has a reason of r's method: a pair keeps
// the first way each method found it.
func hasReason(rs []Reason, r Reason) bool {
	for _, x := range rs {
		if x.Method == r.Method {
			return true
		}
	}
	return false
}

// isContent reports whether p is a page of rules: of the main namespace,
// and not a redirect.
func isContent(p *kb.CurrentPage) bool {
	return p.Page.Namespace == 0 && wikirules.RedirectTarget(p.Revision.Text) == ""
}

// resolve returns the content page titled t on w, following at most two
// redirects (redirect pages, or redirect aliases, kb.CurrentPage.Aliases), and a note naming the redirects followed ("; redirect
// Isolated → Isolated State"); nil when t names no content page.
func (w *wikiPages) resolve(t string) (*kb.CurrentPage, string) {
	var via string
	for hop := 0; hop < 3; hop++ {
		p := w.byTitle[titleKey(t)]
		if p != nil && isContent(p) {
			return p, via
		}
		// A redirect page, or a redirect known only as an alias (a
		// rendered page shown through it) when no page has the title.
		next, ok := w.redirects[titleKey(t)]
		if !ok || (p != nil && p.Page.Namespace != 0) {
			return nil, ""
		}
		via += fmt.Sprintf("; redirect %s → %s", t, next)
		t = next
	}
	return nil, ""
}

// interlanguageLinks returns the titles of the links to language l in a
// page's wikitext ([[en:Dodge]], [[EN: Dodge]]); a link written with a
// leading colon ([[:en:Dodge]]) is an inline link, not an interlanguage
// link, and is left out.
func interlanguageLinks(text, l string) []string {
	if !strings.Contains(text, "[[") {
		return nil
	}
	var out []string
	wikitext.Inspect(wikitext.Parse(text), func(n wikitext.Node) bool {
		link, ok := n.(*wikitext.Link)
		if !ok {
			return true
		}
		t := strings.TrimSpace(link.Target)
		i := strings.IndexByte(t, ':')
		if i <= 0 || !strings.EqualFold(strings.TrimSpace(t[:i]), l) {
			return true
		}
		if title := strings.TrimSpace(t[i+1:]); title != "" {
			if h := strings.IndexByte(title, '#'); h >= 0 {
				title = strings.TrimSpace(title[:h])
			}
			if title != "" {
				out = append(out, title)
			}
		}
		return true
	})
	return out
}

// glossaryTwin is a title the glossary gives a page's twin, and the row.
type glossaryTwin struct {
	twin, row string
}

// glossaryTwins returns the other language's terms of every glossary pair
// one of whose terms in language l has the key of title, in file order.
func glossaryTwins(g *lang.Glossary, title, l string) []glossaryTwin {
	if g == nil {
		return nil
	}
	k := lang.Key(title)
	var out []glossaryTwin
	for _, p := range g.Pairs() {
		this, other := p.ES, p.EN
		if l == "en" {
			this, other = p.EN, p.ES
		}
		for _, t := range this {
			if lang.Key(t) != k {
				continue
			}
			row := fmt.Sprintf("%s | %s", strings.Join(p.ES, ", "), strings.Join(p.EN, ", "))
			for _, o := range other {
				out = append(out, glossaryTwin{twin: o, row: row})
			}
			break
		}
	}
	return out
}

// Store computes the pairs of db (Load) and stores them in it
// (kb.PutTwins), so that LoadFor looks pairs up without pairing every
// page. Pairs of a knowledge base written while they were computed are
// not stored (LoadFor then pairs every page, as Load does).
func Store(ctx context.Context, db *kb.DB) error {
	gen, err := db.Generation(ctx)
	if err != nil {
		return err
	}
	s, err := Load(ctx, db)
	if err != nil {
		return err
	}
	rows := make([]kb.StoredTwin, len(s.Pairs))
	for i, p := range s.Pairs {
		data, err := json.Marshal(p)
		if err != nil {
			return fmt.Errorf("pairs: store %s ↔ %s: %w", p.ES.Title, p.EN.Title, err)
		}
		rows[i] = kb.StoredTwin{ESWiki: p.ES.Wiki, ESTitle: p.ES.Title, ESKey: titleKey(p.ES.Title),
			ENWiki: p.EN.Wiki, ENTitle: p.EN.Title, ENKey: titleKey(p.EN.Title), Data: string(data)}
	}
	_, err = db.PutTwins(ctx, gen, rows)
	return err
}

// LoadFor returns the part of db's Set (Load) that Warn reads for the
// citations cites: the pages whose current revision a citation cites, and
// the pairs with a side titled as a cited page (by title key), in the
// Set's order, with their pages. Warn gives the same warning for each of
// cites with it as with the whole Set; it holds no conflicts. It reads the
// pairs Store stored, or pairs every page (Load) when none are stored for
// db as it is.
func LoadFor(ctx context.Context, db *kb.DB, cites []wikirules.Citation) (*Set, error) {
	var keys []string
	s := &Set{Pairs: []Pair{}, pages: map[string]*kb.CurrentPage{}, byPage: map[string]int{}}
	for _, c := range cites {
		keys = append(keys, titleKey(c.Page))
		cp, err := db.PageOfCurrentRevision(ctx, c.Revision)
		if err != nil {
			return nil, err
		}
		if cp != nil {
			s.pages[PageRef{Wiki: cp.Page.Wiki, Title: cp.Page.Title}.key()] = cp
			keys = append(keys, titleKey(cp.Page.Title))
		}
	}
	stored, ok, err := db.TwinsOf(ctx, keys)
	if err != nil {
		return nil, err
	}
	if !ok {
		return Load(ctx, db)
	}
	for _, t := range stored {
		var p Pair
		if err := json.Unmarshal([]byte(t.Data), &p); err != nil {
			return nil, fmt.Errorf("pairs: stored pair %s ↔ %s: %w", t.ESTitle, t.ENTitle, err)
		}
		for _, ref := range []PageRef{p.ES, p.EN} {
			if s.pages[ref.key()] != nil {
				continue
			}
			cp, err := db.CurrentPageOf(ctx, ref.Wiki, ref.Title)
			if err != nil {
				return nil, err
			}
			if cp == nil {
				return nil, fmt.Errorf("pairs: stored pair %s ↔ %s: no current page %s (%s)", p.ES.Title, p.EN.Title, ref.Title, ref.Wiki)
			}
			s.pages[ref.key()] = cp
		}
		s.Pairs = append(s.Pairs, p)
		s.byPage[p.ES.key()] = len(s.Pairs) - 1
		s.byPage[p.EN.key()] = len(s.Pairs) - 1
	}
	return s, nil
}
