package mwapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The reply shapes of action=query in both formatversions (API:Data
// formats): formatversion=1 marks a true flag by its presence with the
// value "" and keys query.pages by page id; formatversion=2 gives
// booleans and arrays. The types below read both.

// Flag is a boolean reply field: false when absent, null or false; true
// when present with any other value ("" in formatversion 1).
type Flag bool

// UnmarshalJSON reads a formatversion 1 or 2 flag.
func (f *Flag) UnmarshalJSON(b []byte) error {
	s := string(bytes.TrimSpace(b))
	*f = s != "false" && s != "null"
	return nil
}

// ID is a page, revision, log or change id: a JSON number, or a string
// of digits (the ids of a revision-deletion log entry are strings).
type ID int64

// UnmarshalJSON reads a number or a quoted number.
func (id *ID) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(bytes.TrimSpace(b)), `"`)
	if s == "" || s == "null" {
		*id = 0
		return nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return fmt.Errorf("bad id %s", b)
	}
	*id = ID(n)
	return nil
}

// String returns the id in decimal.
func (id ID) String() string { return strconv.FormatInt(int64(id), 10) }

// Continue is the continuation of a query (API:Continue): the keys and
// values of the reply's "continue" object, to be sent back as
// parameters with the next request; nil when the query is complete.
type Continue map[string]string

// UnmarshalJSON reads the continue object, whose values are strings or
// numbers.
func (c *Continue) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*c = Continue{}
	for k, v := range m {
		var s string
		if json.Unmarshal(v, &s) != nil {
			s = string(bytes.TrimSpace(v))
		}
		(*c)[k] = s
	}
	return nil
}

// key returns the continuation as one string, for loop detection.
func (c Continue) key() string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + "=" + c[k] + "&")
	}
	return b.String()
}

// Timestamp is a reply's ISO 8601 timestamp ("2024-01-02T03:04:05Z").
type Timestamp struct{ time.Time }

// UnmarshalJSON reads an ISO 8601 timestamp; "" is the zero time.
func (t *Timestamp) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if s == "" {
		t.Time = time.Time{}
		return nil
	}
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return fmt.Errorf("bad timestamp %q", s)
	}
	t.Time = v.UTC()
	return nil
}

// Page is a page of query.pages (prop=revisions, prop=langlinks): its id,
// namespace and current title, whether it is missing (deleted, or never
// existed) or a redirect, and what the props asked for.
type Page struct {
	PageID    ID         `json:"pageid"`
	NS        int        `json:"ns"`
	Title     string     `json:"title"`
	Missing   Flag       `json:"missing"`
	Invalid   Flag       `json:"invalid"`
	Redirect  Flag       `json:"redirect"`
	LastRevID ID         `json:"lastrevid"`
	Revisions []RevMeta  `json:"revisions"`
	LangLinks []LangLink `json:"langlinks"`
}

// RevMeta is what prop=revisions says of a revision besides its text:
// ids, time, user and comment (empty when hidden by revision deletion,
// with the matching *Hidden flag), minor flag, SHA-1 (hex) and size in
// bytes, and whether its text is hidden (texthidden, in its main slot
// or, without rvslots, on the revision) or suppressed.
type RevMeta struct {
	RevID         ID        `json:"revid"`
	ParentID      ID        `json:"parentid"`
	Timestamp     Timestamp `json:"timestamp"`
	User          string    `json:"user"`
	UserHidden    Flag      `json:"userhidden"`
	Comment       string    `json:"comment"`
	CommentHidden Flag      `json:"commenthidden"`
	Minor         Flag      `json:"minor"`
	SHA1          string    `json:"sha1"`
	SHA1Hidden    Flag      `json:"sha1hidden"`
	Size          int64     `json:"size"`
	TextHidden    Flag      `json:"texthidden"`
	Suppressed    Flag      `json:"suppressed"`
	Slots         map[string]struct {
		TextHidden  Flag `json:"texthidden"`
		TextMissing Flag `json:"textmissing"`
	} `json:"slots"`
}

// Hidden reports whether the revision's text is hidden.
func (r *RevMeta) Hidden() bool { return bool(r.TextHidden) || bool(r.Slots["main"].TextHidden) }

// LangLink is an interlanguage link of a page: the language code and the
// title on that language's wiki.
type LangLink struct {
	Lang  string `json:"lang"`
	Title string `json:"title"` // formatversion 2
	Star  string `json:"*"`     // formatversion 1
}

// Target returns the linked title, in either formatversion.
func (l LangLink) Target() string {
	if l.Title != "" {
		return l.Title
	}
	return l.Star
}

// pageList is query.pages: an object keyed by page id (formatversion 1)
// or an array (formatversion 2).
type pageList []Page

func (p *pageList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '{' {
		var m map[string]Page
		if err := json.Unmarshal(b, &m); err != nil {
			return err
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			*p = append(*p, m[k])
		}
		return nil
	}
	var a []Page
	err := json.Unmarshal(b, &a)
	*p = a
	return err
}

// PageRef is a page as list=allpages gives it.
type PageRef struct {
	PageID ID     `json:"pageid"`
	NS     int    `json:"ns"`
	Title  string `json:"title"`
}

// Change is an entry of list=recentchanges: its type ("edit", "new",
// "log"), page (namespace, title, id), revision and previous revision
// (edits and new pages), id and timestamp, and for a log entry its id,
// type, action and parameters.
type Change struct {
	Type      string    `json:"type"`
	NS        int       `json:"ns"`
	Title     string    `json:"title"`
	PageID    ID        `json:"pageid"`
	RevID     ID        `json:"revid"`
	OldRevID  ID        `json:"old_revid"`
	RCID      ID        `json:"rcid"`
	Timestamp Timestamp `json:"timestamp"`
	LogID     ID        `json:"logid"`
	LogType   string    `json:"logtype"`
	LogAction string    `json:"logaction"`
	LogParams LogParams `json:"logparams"`
}

// LogParams are the parameters of a log entry that a sync reads: a move's
// target (target_ns, target_title) and whether it left no redirect
// (suppressredirect); a merge's destination (dest_ns, dest_title); a
// revision deletion's revision ids and the visibility before (old) and
// after (new) it.
type LogParams struct {
	TargetNS         int        `json:"target_ns"`
	TargetTitle      string     `json:"target_title"`
	SuppressRedirect Flag       `json:"suppressredirect"`
	DestNS           int        `json:"dest_ns"`
	DestTitle        string     `json:"dest_title"`
	Type             string     `json:"type"`
	IDs              []ID       `json:"ids"`
	Old              Visibility `json:"old"`
	New              Visibility `json:"new"`
}

// Visibility is what revision deletion hides of a revision: its text
// ("content"), comment, user, and whether it is suppressed (hidden from
// administrators too).
type Visibility struct {
	Bitmask    int  `json:"bitmask"`
	Content    Flag `json:"content"`
	Comment    Flag `json:"comment"`
	User       Flag `json:"user"`
	Restricted Flag `json:"restricted"`
}

// reply is one action=query reply.
type reply struct {
	BatchComplete Flag     `json:"batchcomplete"`
	Continue      Continue `json:"continue"`
	Query         struct {
		Pages         pageList            `json:"pages"`
		AllPages      []PageRef           `json:"allpages"`
		RecentChanges []Change            `json:"recentchanges"`
		BadRevIDs     map[string]struct{} `json:"badrevids"`
		General       *General            `json:"general"`
		Namespaces    map[string]rawNS    `json:"namespaces"`
	} `json:"query"`

	raw []byte // the reply's JSON
}
