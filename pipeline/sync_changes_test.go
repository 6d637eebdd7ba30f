package pipeline

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/mwapi/mwapitest"
)

// revisionsOf returns the live revision ids of title on the test wiki.
func revisionsOf(tw *testWiki, title string) []int64 {
	var out []int64
	for _, r := range tw.Live() {
		if r.Title == title {
			out = append(out, r.ID)
		}
	}
	return out
}

// TestSyncFaults makes the wiki fail on the way (a maxlag error, 429 and
// 503 with Retry-After, a 500, a reply cut mid-JSON, on listing, history
// and text requests): the sync waits as asked, without sleeping for real,
// and stores what a sync without faults stores.
func TestSyncFaults(t *testing.T) {
	t.Parallel()
	clean := newTestWiki(t, "es")
	clean.Edit("Sandbox", "una prueba", "Ana", "")
	cleanDB := newDB(t)
	syncDB(t, cleanDB, clean, SyncOptions{})

	tw := newTestWiki(t, "es")
	tw.Edit("Sandbox", "una prueba", "Ana", "")
	is := func(k, v string) func(url.Values) bool {
		return func(q url.Values) bool { return strings.Contains(q.Get(k), v) }
	}
	tw.Inject(mwapitest.Fault{Kind: mwapitest.MaxLag, RetryAfter: 5, Match: is("list", "allpages")},
		mwapitest.Fault{Kind: mwapitest.TooMany, RetryAfter: 7, Match: is("prop", "langlinks")},
		mwapitest.Fault{Kind: mwapitest.ServerError, Match: is("rvprop", "content")},
		mwapitest.Fault{Kind: mwapitest.Truncated, Match: is("rvprop", "content")},
		mwapitest.Fault{Kind: mwapitest.Unavailable, RetryAfter: 2, Match: is("rvlimit", "max")})
	db := newDB(t)
	sum := syncDB(t, db, tw, SyncOptions{})
	if sum.Retries != 5 || sum.MaxLagWaits != 1 {
		t.Errorf("summary %+v: want 5 retries, 1 maxlag wait", sum)
	}
	if len(tw.waits) != 5 || tw.waits[0] != 5*time.Second || tw.waits[1] != 7*time.Second {
		t.Errorf("waits %v: want 5s (maxlag) and 7s (429) first", tw.waits)
	}
	if !reflect.DeepEqual(answers(t, db), answers(t, cleanDB)) {
		t.Error("a sync with faults stores other answers than one without")
	}
	if got, want := stats(t, db), stats(t, cleanDB); !reflect.DeepEqual(got, want) {
		t.Errorf("stats %+v, want %+v", got, want)
	}
}

// TestSyncFailureKeepsLastGoodState: a wiki that keeps failing fails the
// sync with an error naming the request; what the batches before stored
// is kept and answers, and the next sync goes on from there.
func TestSyncFailureKeepsLastGoodState(t *testing.T) {
	t.Parallel()
	tw := newTestWiki(t, "es")
	tw.Edit("Sandbox", "una prueba", "Ana", "")
	db := newDB(t)
	batches := 0
	fail := func(p SyncProgress) {
		if batches++; batches == 1 {
			for range 10 {
				tw.Inject(mwapitest.Fault{Kind: mwapitest.ServerError, Match: func(q url.Values) bool {
					return strings.Contains(q.Get("rvprop"), "content")
				}})
			}
		}
	}
	_, err := Sync(context.Background(), db, tw.c, SyncOptions{BatchPages: 20, Progress: fail})
	if err == nil || !strings.Contains(err.Error(), "revids=") || !strings.Contains(err.Error(), "500") {
		t.Fatalf("err = %v, want the failed request named", err)
	}
	st := stats(t, db)
	if st.Revisions == 0 || st.Revisions >= tw.RevisionCount() {
		t.Fatalf("after the failure %d revisions stored, want the first batch's", st.Revisions)
	}
	pages, _ := db.Pages(context.Background())
	if _, err := db.Page(context.Background(), pages[0].Title, wikirules.Filter{}); err != nil {
		t.Errorf("the knowledge base does not answer after a failed sync: %v", err)
	}
	tw.Requests()
	sum := syncDB(t, db, tw, SyncOptions{BatchPages: 20})
	if sum.Mode != "resumed" || sum.Revisions.New+st.Revisions != tw.RevisionCount() {
		t.Errorf("resumed sync %+v, want the %d revisions not stored", sum, tw.RevisionCount()-st.Revisions)
	}
}

// TestSyncChanges syncs, then changes the wiki (a moved page, a deleted
// page, a revision whose text is hidden, a new edit, a new page) and
// syncs again: the second sync reads the text of exactly the new
// revisions, and answers as a file ingest of the wiki as it now is.
func TestSyncChanges(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tw := newTestWiki(t, "es")
	tw.Edit("Sandbox", "una prueba", "Ana", "")
	tw.Edit("Sandbox", "otra prueba", "Ana", "")
	db := newDB(t)
	syncDB(t, db, tw, SyncOptions{})
	// The page to move: the first with two revisions.
	moved := ""
	for _, r := range tw.Live() {
		if n := len(revisionsOf(tw, r.Title)); n >= 2 && r.Title != "Sandbox" && moved == "" {
			moved = r.Title
		}
	}
	esquivar := revisionsOf(tw, moved)
	if err := tw.Move(moved, "Dodge", false); err != nil {
		t.Fatal(err)
	}
	if err := tw.Delete("Trabado"); err != nil {
		t.Fatal(err)
	}
	sandbox := revisionsOf(tw, "Sandbox")
	if err := tw.HideText(sandbox[0]); err != nil {
		t.Fatal(err)
	}
	edit := tw.Edit("Berserk", "{{effects}}\n* Berserk, nueva redacción.\n", "Bea", "N5")
	created := tw.Edit("Nueva", "Una página nueva.", "Bea", "")
	tw.Requests()
	sum := syncDB(t, db, tw, SyncOptions{})

	// The text read: the new edit and page, the move's null revision and
	// the redirect it left, nothing else.
	var read []string
	for _, r := range contentRequests(tw.Wiki) {
		read = append(read, strings.Split(r, "|")...)
	}
	dodge := revisionsOf(tw, "Dodge")
	redirect := revisionsOf(tw, moved)
	want := []string{fmt.Sprint(dodge[len(dodge)-1]), fmt.Sprint(redirect[0]), fmt.Sprint(edit), fmt.Sprint(created)}
	if !sameSet(read, want) {
		t.Errorf("texts read %v, want exactly %v", read, want)
	}
	if sum.Moves != 1 || sum.Deletions != 1 || sum.Revisions.Hidden != 1 || sum.Revisions.New != 4 || sum.Mode != "incremental" {
		t.Errorf("summary %+v", sum)
	}
	if got, want := answers(t, db), answers(t, fileDB(t, tw, "infinity-es", 2)); !reflect.DeepEqual(got, want) {
		t.Errorf("answers differ from a file ingest of the wiki now:\n%v\n%v", got, want)
	}
	// The moved page kept its history under its new title; the old
	// title is the redirect.
	h, err := db.History(ctx, "Dodge", wikirules.Filter{})
	if err != nil || len(h) != len(esquivar)+1 || h[0].ID != "infinity-es:"+fmt.Sprint(esquivar[0]) {
		t.Errorf("History(Dodge) = %d revisions, %v; want %s's %d and the move's", len(h), err, moved, len(esquivar))
	}
	if v, err := db.Page(ctx, moved, wikirules.Filter{}); err != nil || !strings.HasPrefix(v.Revision.Text, "#REDIRECT [[Dodge]]") {
		t.Errorf("Page(%s) = %v, want the redirect", moved, err)
	}
	// The deleted page is kept, hidden.
	if _, err := db.Page(ctx, "Trabado", wikirules.Filter{}); !errors.Is(err, wikirules.ErrNotFound) {
		t.Errorf("Page(Trabado) = %v, want not found", err)
	}
	st := stats(t, db)
	if st.Moves != 1 || st.TextHidden != 1 || st.Hidden < 2 {
		t.Errorf("stats %+v", st)
	}
	// Nothing changed: nothing read.
	tw.Requests()
	again := syncDB(t, db, tw, SyncOptions{})
	if c := contentRequests(tw.Wiki); len(c) != 0 || again.Revisions.New != 0 {
		t.Errorf("third sync read %v: %+v", c, again)
	}
	// Restored, the page answers again.
	if err := tw.Restore("Trabado"); err != nil {
		t.Fatal(err)
	}
	if sum := syncDB(t, db, tw, SyncOptions{}); sum.Restorations != 1 {
		t.Errorf("summary %+v, want a restoration", sum)
	}
	if _, err := db.Page(ctx, "Trabado", wikirules.Filter{}); err != nil {
		t.Errorf("Page(Trabado) after restore: %v", err)
	}
}

// TestSyncReconcile: when the recent changes no longer reach back to the
// mark, every page is compared, and only what changed is read.
func TestSyncReconcile(t *testing.T) {
	t.Parallel()
	tw := newTestWiki(t, "es")
	db := newDB(t)
	syncDB(t, db, tw, SyncOptions{}) // no recent change: the mark is the server's clock
	edit := tw.Edit("Berserk", "texto nuevo", "Bea", "")
	if err := tw.Delete("Trabado"); err != nil {
		t.Fatal(err)
	}
	tw.PurgeChanges()
	tw.Requests()
	sum := syncDB(t, db, tw, SyncOptions{})
	if c := contentRequests(tw.Wiki); sum.Mode != "reconcile" || !reflect.DeepEqual(c, []string{fmt.Sprint(edit)}) {
		t.Errorf("summary %+v, texts read %v; want a reconcile reading %d", sum, c, edit)
	}
	if got, want := answers(t, db), answers(t, fileDB(t, tw, "infinity-es", 2)); !reflect.DeepEqual(got, want) {
		t.Errorf("answers differ from a file ingest of the wiki now:\n%v\n%v", got, want)
	}
}

func sameSet(a, b []string) bool {
	m := map[string]int{}
	for _, x := range a {
		m[x]++
	}
	for _, x := range b {
		m[x]--
	}
	for _, n := range m {
		if n != 0 {
			return false
		}
	}
	return true
}

// TestSyncIndexInStep: after a sync that only deletes a page, the search
// index is found out of step and brought back in step without it.
func TestSyncIndexInStep(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tw := newTestWiki(t, "es")
	tw.Edit("Sandbox", "una prueba", "Ana", "")
	dbPath := t.TempDir() + "/rules.db"
	db, err := kb.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	syncDB(t, db, tw, SyncOptions{})
	if _, err := SyncIndex(ctx, db, dbPath, nil); err != nil {
		t.Fatal(err)
	}
	if err := tw.Delete("Berserk"); err != nil {
		t.Fatal(err)
	}
	syncDB(t, db, tw, SyncOptions{})
	if _, err := OpenIndex(ctx, db, dbPath); !errors.Is(err, ErrIndexStale) {
		t.Fatalf("OpenIndex after a deletion = %v, want the index out of step", err)
	}
	rep, err := SyncIndex(ctx, db, dbPath, nil)
	if err != nil || len(rep.Extra) == 0 {
		t.Fatalf("SyncIndex = %+v, %v; want the deleted page's documents removed", rep, err)
	}
	idx, err := OpenIndex(ctx, db, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	hits, err := idx.SearchText(ctx, "berserk", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if h.Citation.Page == "Berserk" {
			t.Errorf("the index still finds the deleted page: %s", h.Citation)
		}
	}
}

// TestSyncHiddenBeforeRead: a revision whose text the wiki hid before
// the first sync is stored without text, counted, and answers nowhere.
func TestSyncHiddenBeforeRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tw := newTestWiki(t, "es")
	tw.Edit("Sandbox", "una prueba", "Ana", "")
	tw.Edit("Sandbox", "otra prueba", "Ana", "")
	first := revisionsOf(tw, "Sandbox")[0]
	if err := tw.HideText(first); err != nil {
		t.Fatal(err)
	}
	db := newDB(t)
	sum := syncDB(t, db, tw, SyncOptions{})
	st := stats(t, db)
	if sum.Revisions.Hidden != 1 || st.TextHidden != 1 || st.Revisions != tw.RevisionCount() {
		t.Errorf("summary %+v, stats %+v: want 1 revision stored with its text hidden", sum.Revisions, st)
	}
	id := fmt.Sprintf("infinity-es:%d", first)
	if rev, err := db.Revision(ctx, id); err != nil || rev.Text != "" || rev.SHA1 != "" {
		t.Errorf("hidden revision stored as %+v, %v; want no text, no SHA-1", rev, err)
	}
	if h, err := db.History(ctx, "Sandbox", wikirules.Filter{}); err != nil || len(h) != 1 {
		t.Errorf("History(Sandbox) = %d revisions, %v; want the shown one", len(h), err)
	}
}

// TestSyncCurrentOnly reads only the current revision of each page.
func TestSyncCurrentOnly(t *testing.T) {
	t.Parallel()
	tw := newTestWiki(t, "es")
	tw.Edit("Sandbox", "una prueba", "Ana", "")
	db := newDB(t)
	sum := syncDB(t, db, tw, SyncOptions{CurrentOnly: true})
	st := stats(t, db)
	if st.Revisions != st.Pages || sum.Revisions.New != st.Pages || st.Revisions >= tw.RevisionCount() {
		t.Errorf("stats %+v, summary %+v: want one revision a page", st, sum.Revisions)
	}
}

// TestSyncSince: a knowledge base loaded from an export, then synced
// with -since the export's date, reads only what changed after it, and
// the pages stored from the file become the wiki's.
func TestSyncSince(t *testing.T) {
	t.Parallel()
	tw := newTestWiki(t, "es")
	tw.Edit("Sandbox", "una prueba", "Ana", "")
	db := fileDB(t, tw, "infinity-es", 2)
	since := tw.Now()
	edit := tw.Edit("Berserk", "texto nuevo", "Bea", "")
	tw.Requests()
	sum := syncDB(t, db, tw, SyncOptions{Since: since})
	if c := contentRequests(tw.Wiki); sum.Mode != "incremental" || sum.Revisions.New != 1 ||
		!reflect.DeepEqual(c, []string{fmt.Sprint(edit)}) {
		t.Errorf("summary %+v, texts read %v; want only %d", sum, c, edit)
	}
	if got, want := answers(t, db), answers(t, fileDB(t, tw, "infinity-es", 2)); !reflect.DeepEqual(got, want) {
		t.Errorf("answers differ from a file ingest of the wiki now")
	}
}
