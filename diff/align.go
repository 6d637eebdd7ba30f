package diff

import (
	"sort"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
)

// positional field keys: they number a record within its block and change
// whenever a record is inserted before it, so they are not content; nor
// are the marks of where a record's editions came from (the revision's
// date, its own words): its editions are compared as they are.
var positional = map[string]bool{"item": true, "box": true, "paragraph": true, "example": true, "faq_id": true,
	"editions_inferred": true, "editions_cue": true}

// contentKey is everything a reader of the record sees, and nothing of
// where it stands: kind, editions, version, superseded flag, title, text,
// notes, skill header and non-positional fields.
func contentKey(r *wikirules.Record) string {
	var b strings.Builder
	b.WriteString(string(r.Kind))
	b.WriteByte(0)
	b.WriteString(r.Editions.String())
	b.WriteByte(0)
	b.WriteString(r.Version)
	b.WriteByte(0)
	b.WriteString(strconv.FormatBool(r.Superseded))
	b.WriteByte(0)
	b.WriteString(r.Title)
	b.WriteByte(0)
	b.WriteString(r.Text)
	for _, n := range r.Notes {
		b.WriteString("\x00note\x00" + n)
	}
	if s := r.Skill; s != nil {
		b.WriteString("\x00skill\x00" + s.Name + "\x00" + s.Color + "\x00" + s.Type + "\x00" + strings.Join(s.Labels, "\x1f"))
	}
	for _, k := range sortedFieldKeys(r.Fields) {
		if !positional[k] {
			b.WriteString("\x00" + k + "\x00" + r.Fields[k])
		}
	}
	return b.String()
}

func sortedFieldKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// bag is the multiset of folded words of a record (title, plain text,
// notes), the input of similarity.
type bag struct {
	counts map[string]int
	total  int
}

func newBag(r *wikirules.Record) bag {
	bg := bag{counts: map[string]int{}}
	add := func(s string) {
		for _, t := range tokenize(s) {
			if isWordToken(t) {
				bg.counts[strings.ToLower(t)]++
				bg.total++
			}
		}
	}
	add(r.Title)
	if r.Plain != "" {
		add(r.Plain)
	} else {
		add(r.Text)
	}
	for _, n := range r.Notes {
		add(n)
	}
	return bg
}

// dice is the Dice coefficient of two word multisets: 2·|A∩B| / (|A|+|B|).
func dice(a, b bag) float64 {
	if a.total+b.total == 0 {
		return 1
	}
	small, large := a, b
	if len(small.counts) > len(large.counts) {
		small, large = large, small
	}
	common := 0
	for w, n := range small.counts {
		common += min(n, large.counts[w])
	}
	return 2 * float64(common) / float64(a.total+b.total)
}

// similarity is the word similarity of two records (see dice).
func similarity(a, b *wikirules.Record) float64 { return dice(newBag(a), newBag(b)) }

// family separates FAQ entries from the rest: a rule bullet is never
// paired with an FAQ.
func family(k wikirules.Kind) int {
	if k == wikirules.KindFAQ || k == wikirules.KindErrata {
		return 1
	}
	return 0
}

// align pairs old and new records: by id, by content key (repeats paired
// in order), by similarity (greedy, best first, ties broken by kind,
// section and position), then by position for translated records.
func align(a, b []wikirules.Record) []pair {
	usedA, usedB := make([]bool, len(a)), make([]bool, len(b))
	var pairs []pair
	take := func(i, j int, m Match, sim float64) {
		usedA[i], usedB[j] = true, true
		pairs = append(pairs, pair{i, j, m, sim})
	}
	byID := map[string]int{}
	for i := range a {
		if a[i].ID != "" {
			byID[a[i].ID] = i
		}
	}
	for j := range b {
		if i, ok := byID[b[j].ID]; ok && b[j].ID != "" && !usedA[i] {
			take(i, j, ByID, 1)
		}
	}
	// content: records whose content is unique on both sides first (they
	// anchor the order), then repeated content, each new record taking the
	// unused old copy nearest to where the anchors say it should be
	byKey := map[string][]int{}
	for i := range a {
		if !usedA[i] {
			k := contentKey(&a[i])
			byKey[k] = append(byKey[k], i)
		}
	}
	keysB := make([]string, len(b))
	countB := map[string]int{}
	for j := range b {
		if !usedB[j] {
			keysB[j] = contentKey(&b[j])
			countB[keysB[j]]++
		}
	}
	for j := range b {
		if k := keysB[j]; !usedB[j] && countB[k] == 1 && len(byKey[k]) == 1 {
			take(byKey[k][0], j, ByHash, 1)
		}
	}
	expected := expectation(pairs, len(b))
	for j := range b {
		if usedB[j] {
			continue
		}
		best := -1
		for _, i := range byKey[keysB[j]] {
			if !usedA[i] && (best < 0 || abs(i-expected(j)) < abs(best-expected(j))) {
				best = i
			}
		}
		if best >= 0 {
			take(best, j, ByHash, 1)
			expected = expectation(pairs, len(b))
		}
	}
	expected = expectation(pairs, len(b))

	type cand struct {
		i, j  int
		sim   float64
		bonus float64
		dist  int
	}
	var cands []cand
	bagsA := map[int]bag{}
	for i := range a {
		if !usedA[i] {
			bagsA[i] = newBag(&a[i])
		}
	}
	for j := range b {
		if usedB[j] {
			continue
		}
		bj := newBag(&b[j])
		for i := range a {
			if usedA[i] || family(a[i].Kind) != family(b[j].Kind) {
				continue
			}
			s := dice(bagsA[i], bj)
			if s < Threshold {
				continue
			}
			bonus := 0.0
			if a[i].Kind == b[j].Kind {
				bonus += 0.02
			}
			if sectionKey(&a[i]) == sectionKey(&b[j]) {
				bonus += 0.01
			}
			cands = append(cands, cand{i, j, s, bonus, abs(i - expected(j))})
		}
	}
	sort.Slice(cands, func(x, y int) bool {
		sx, sy := cands[x].sim+cands[x].bonus, cands[y].sim+cands[y].bonus
		if sx != sy {
			return sx > sy
		}
		if cands[x].dist != cands[y].dist {
			return cands[x].dist < cands[y].dist
		}
		if cands[x].j != cands[y].j {
			return cands[x].j < cands[y].j
		}
		return cands[x].i < cands[y].i
	})
	for _, c := range cands {
		if !usedA[c.i] && !usedB[c.j] {
			take(c.i, c.j, BySimilar, c.sim)
		}
	}

	// translated records: same place, text in another language
	byPlace := map[string][]int{}
	for i := range a {
		if !usedA[i] {
			byPlace[placeKey(&a[i])] = append(byPlace[placeKey(&a[i])], i)
		}
	}
	for j := range b {
		if usedB[j] {
			continue
		}
		for _, i := range byPlace[placeKey(&b[j])] {
			if usedA[i] {
				continue
			}
			la, lb := Language(recordWords(&a[i])), Language(recordWords(&b[j]))
			if la != "" && lb != "" && la != lb {
				take(i, j, ByPosition, similarity(&a[i], &b[j]))
				break
			}
		}
	}
	sort.Slice(pairs, func(x, y int) bool { return pairs[x].new < pairs[y].new })
	return pairs
}

// expectation returns, for a new record index, the old index it would have
// if nothing moved: the old index of the nearest paired new record before
// it, plus the distance to it (the new index itself when none precedes).
func expectation(pairs []pair, n int) func(int) int {
	oldOf := make([]int, n)
	for j := range oldOf {
		oldOf[j] = -1
	}
	for _, p := range pairs {
		oldOf[p.new] = p.old
	}
	prev := make([]int, n) // nearest paired new index ≤ j, or -1
	last := -1
	for j := 0; j < n; j++ {
		if oldOf[j] >= 0 {
			last = j
		}
		prev[j] = last
	}
	return func(j int) int {
		if j > 0 && prev[j-1] >= 0 {
			return oldOf[prev[j-1]] + j - prev[j-1]
		}
		return j
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func recordWords(r *wikirules.Record) string {
	return strings.Join(append([]string{r.Title, r.Plain}, r.Notes...), " ")
}

// sectionKey is the section path without an example's own title (the
// extractor puts a greybox title at the end of the path), so that
// retitling an example is a title change, not a move.
func sectionKey(r *wikirules.Record) string {
	sec := r.Section
	if n := len(sec); n > 0 && r.Title != "" && sec[n-1] == r.Title && family(r.Kind) == 0 {
		sec = sec[:n-1]
	}
	return strings.Join(sec, " › ")
}

// placeKey is where a record stands: kind, section, ordinal, depth and
// positional fields.
func placeKey(r *wikirules.Record) string {
	k := string(r.Kind) + "\x00" + sectionKey(r) + "\x00" + strconv.Itoa(r.Ordinal) + "\x00" + strconv.Itoa(r.Depth)
	for _, f := range []string{"item", "box", "paragraph", "example"} {
		k += "\x00" + r.Fields[f]
	}
	return k
}

// markMoves flags the pairs whose old positions are not on a longest
// increasing subsequence of old positions taken in new order: those
// records were moved relative to the others (patience sorting,
// O(n log n)).
func markMoves(a, b []wikirules.Record, pairs []pair) []bool {
	n := len(pairs)
	moved := make([]bool, n)
	if n == 0 {
		return moved
	}
	// pairs are sorted by new index; find the LIS of their old indices
	tails := []int{} // index into pairs of the smallest tail of each length
	prev := make([]int, n)
	for k, p := range pairs {
		lo, hi := 0, len(tails)
		for lo < hi {
			mid := (lo + hi) / 2
			if pairs[tails[mid]].old < p.old {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo > 0 {
			prev[k] = tails[lo-1]
		} else {
			prev[k] = -1
		}
		if lo == len(tails) {
			tails = append(tails, k)
		} else {
			tails[lo] = k
		}
	}
	onLIS := make([]bool, n)
	for k := tails[len(tails)-1]; k >= 0; k = prev[k] {
		onLIS[k] = true
	}
	for k := range pairs {
		moved[k] = !onLIS[k]
	}
	return moved
}

// Where is a record's place as people read it: its section path (without
// an example's own title), then its item number ("1.2"), FAQ question,
// title, ordinal or paragraph number ("¶2"), e.g. "Efectos › 3",
// "Requisitos › 2.1", "Ejemplos › Ejemplo de Suplantación 2".
func Where(r *wikirules.Record) string { return where(r) }

func where(r *wikirules.Record) string {
	parts := []string{}
	if s := sectionKey(r); s != "" {
		parts = append(parts, s)
	}
	switch {
	case r.Fields["item"] != "":
		parts = append(parts, r.Fields["item"])
	case r.Kind == wikirules.KindFAQ || r.Kind == wikirules.KindErrata:
		if q := r.Fields["question"]; q != "" {
			parts = append(parts, clip(q, 60))
		}
	case r.Title != "" && r.Kind != wikirules.KindSkill:
		parts = append(parts, r.Title)
	case r.Ordinal > 0:
		parts = append(parts, strconv.Itoa(r.Ordinal))
	case r.Fields["paragraph"] != "":
		parts = append(parts, "¶"+r.Fields["paragraph"])
	}
	if len(parts) == 0 {
		return string(r.Kind)
	}
	return strings.Join(parts, " › ")
}

// clip cuts s to at most n runes, adding "…".
func clip(s string, n int) string {
	s = collapseSpace(s)
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
