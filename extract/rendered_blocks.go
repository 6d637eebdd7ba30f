package extract

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
)

// Skill headers and tables of rendered pages: constructs a rendered page
// draws over several lines, read here by looking ahead.

// skillHeader reads the skill header a skillbox draws at line i and
// returns how many lines it takes (0 when line i is none):
//
//   - N4's {{skillbox}}: the name and the type on one line ("ENGINEER SHORT
//     SKILL", "DEAD NULL", "BURST SUPPORT BONUS | AUTOMATIC SKILL |" in the
//     layout that keeps the box's cells);
//   - N5's {{css_skillbox}}: the name, then the type on a line of its own
//     ("ENGINEER" / "SHORT SKILL"), an N5 cue;
//
// then, on the next line, the labels of {{skill-label}} ("Optional",
// "Comms Attack, Non-Lethal") when a block header follows them. A line is
// a header when it shows a skill type or when a block header follows it
// (with or without labels between), no blank line apart, or when it names
// the page and its bullets follow (a state box whose block headers the
// page lost: "Normal State" / "• Unless otherwise noted…").
func (c *rconv) skillHeader(i int) int {
	l := c.lines[i]
	text := skillCells(l.text)
	if text == "" || len(text) > 60 || strings.ContainsAny(text[len(text)-1:], ".:;,?!") {
		return 0
	}
	if _, ok := c.v.labelLine(text); ok {
		return 0
	}
	next := func(j int) (string, bool) {
		if j >= len(c.lines) || c.lines[j].gap > 0 || !c.lines[j].plainLine() {
			return "", false
		}
		return c.lines[j].text, true
	}
	isBlock := func(j int) bool {
		t, ok := next(j)
		if !ok {
			return false
		}
		g, ok := c.v.labelLine(t)
		e, _ := groupEntry(c.v, g)
		return ok && e.Role == RoleBlock
	}
	h := &wikirules.SkillHeader{Name: text}
	var cue wikirules.Editions
	j := i + 1
	if name, typ, ok := c.v.splitSkillType(text); ok && (name == strings.ToUpper(name) || c.v.isNullType(typ) || isBlock(j) ||
		isLabels(next(j)) && isBlock(j+1)) {
		h.Name, h.Type = name, typ
	} else if t, ok := next(j); ok {
		if typ := skillCells(t); c.v.isSkillType(typ) {
			h.Type = typ
			cue = wikirules.Editions(wikirules.N5) // the type under the name: css_skillbox
			j++
		}
	}
	titled := foldKey(text) == c.title && j < len(c.lines) && c.lines[j].gap == 0 && c.lines[j].kind == rlItem
	if h.Type == "" && !isBlock(j) && !(isLabels(next(j)) && isBlock(j+1)) && !titled {
		return 0
	}
	if h.Type != "" && h.Name == "" {
		return 0
	}
	if t, ok := next(j); ok && !isBlock(j) && isLabels(t, ok) && (isBlock(j+1) || j+1 < len(c.lines) && c.lines[j+1].kind == rlItem) {
		h.Labels = splitLabels(skillCells(t))
		j++
	}
	if c.v.isN5Type(h.Type) {
		cue = wikirules.Editions(wikirules.N5)
	}
	if e := c.v.labelsCue(h.Labels); e != 0 {
		cue = e
	}
	for _, f := range c.open {
		f.lines++
	}
	end := c.lines[j-1].span.End
	var links []string
	for k := i; k < j; k++ {
		for _, ln := range c.lines[k].links {
			links = appendUnique(links, ln)
		}
	}
	c.emit(unit{kind: uMarker, entry: Entry{Role: RoleSkill}, implicit: true, name: "«" + clip(l.text, 40) + "»",
		span: wikirules.Span{Start: l.span.Start, End: end}, args: &unitArgs{skill: h}, cue: cue, c: content{links: links}})
	return j - i
}

// skillCells returns a skill header line without the cell separators the
// table layout keeps ("BURST SUPPORT BONUS | AUTOMATIC SKILL |" → "BURST
// SUPPORT BONUS AUTOMATIC SKILL").
func skillCells(s string) string {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "|"))
	return collapse(strings.ReplaceAll(s, " | ", " "))
}

// isLabels reports whether a line can be the labels of a skill-label:
// short, without a sentence inside (a final period is allowed).
func isLabels(t string, ok bool) bool {
	t = skillCells(t)
	if !ok || t == "" || len(t) > 80 || strings.ContainsAny(t, ":;?!") {
		return false
	}
	body := strings.TrimSuffix(t, ".")
	return !strings.Contains(body, ".") || strings.Contains(body, "(")
}

// splitSkillType splits a header line that ends in a skill type ("ENGINEER
// SHORT SKILL" → "ENGINEER", "SHORT SKILL"), the longest type first.
func (v *Vocabulary) splitSkillType(text string) (name, typ string, ok bool) {
	best := ""
	v.eachLanguage(func(l *Language) bool {
		for _, t := range l.SkillTypes {
			if len(t) > len(best) && strings.HasSuffix(text, " "+t) {
				best = t
			}
		}
		return false
	})
	if best == "" {
		return "", "", false
	}
	return strings.TrimSpace(strings.TrimSuffix(text, best)), best, true
}

func (v *Vocabulary) isSkillType(t string) bool {
	return v.anyLanguage(func(l *Language) bool { return slices.Contains(l.SkillTypes, t) })
}

// isNullType reports whether a header's type is the null flag of a state
// ("NULL", "NULO"): the last of a language's SkillTypes.
func (v *Vocabulary) isNullType(t string) bool {
	return v.anyLanguage(func(l *Language) bool { return len(l.SkillTypes) > 0 && l.SkillTypes[len(l.SkillTypes)-1] == t })
}

func (v *Vocabulary) isN5Type(t string) bool {
	return v.anyLanguage(func(l *Language) bool { return slices.Contains(l.N5Types, t) })
}

// reCell is a cell of a rendered table row in page text: a number or MOD
// ("+3", "-3", "0", "1B", "+1 SD" parts), a dash or an attribute code.
var reCell = regexp.MustCompile(`^(?:[+\-−–]?\d+(?:[.,]\d+)?[A-Z]{0,2},?|--?|—)$`)

// table reads the table that page text draws from line i (its header:
// a line naming two of the Language.TableWords, a caption line before it
// allowed) and returns how many lines it takes (0 when line i heads none).
// Every line after the header, no blank line apart, that reads as a row
// (rowLike) is one row unit: page text loses the cell boundaries, so the
// row's text is the line and Fields["columns"] the header.
func (c *rconv) table(i int) int {
	start := i
	caption := ""
	if !c.tableHeader(c.lines[i].text) {
		if i+1 < len(c.lines) && c.lines[i+1].gap == 0 && c.lines[i+1].plainLine() && c.tableHeader(c.lines[i+1].text) &&
			len(c.lines[i].text) <= 60 && !strings.HasSuffix(c.lines[i].text, ".") {
			caption, i = c.lines[i].text, i+1
		} else {
			return 0
		}
	}
	j := i + 1
	for j < len(c.lines) && c.lines[j].gap == 0 && c.lines[j].plainLine() && rowLike(c.lines[j].text) {
		j++
	}
	if j == i+1 {
		return 0
	}
	header := c.lines[i]
	hs := wikirules.Span{Start: c.lines[start].span.Start, End: header.span.End}
	hu := unit{kind: uMarker, entry: Entry{Role: RoleTableHeader}, implicit: true, span: hs, name: "«" + clip(header.text, 40) + "»"}
	c.emit(hu)
	// the rows' cells under the header's labels, where they can be told
	// apart (textRows)
	labels := c.headerLabels(header.text)
	var labelled [][]string
	if labels != nil {
		var texts []string
		for k := i + 1; k < j; k++ {
			texts = append(texts, c.lines[k].text)
		}
		labelled = textRows(labels, texts)
	}
	for k := i + 1; k < j; k++ {
		l := c.lines[k]
		for _, f := range c.open {
			f.lines++
		}
		rv := &rowValues{names: []string{"row"}, values: []string{l.text}, whole: true,
			byName: map[string]string{"row": l.text, "columns": header.text}}
		if labelled != nil && labelled[k-i-1] != nil {
			rv.whole = false
			rv.names, rv.values = nil, nil
			var hc []headedCell
			for n, v := range labelled[k-i-1] {
				name := strings.ReplaceAll(strings.ToLower(labels[n]), " ", "_")
				rv.names, rv.values = append(rv.names, name), append(rv.values, v)
				if v != "" {
					rv.byName[name] = v
				}
				hc = append(hc, headedCell{cell: &gridCell{plain: v, md: v}, label: labels[n]})
			}
			rv.headedPlain = headedText(hc, false)
			rv.headedMD = rv.headedPlain
		}
		if caption != "" {
			rv.byName["table"] = caption
		}
		c.emit(unit{kind: uRow, span: l.span, args: &unitArgs{row: rv}, entry: Entry{Kind: c.v.tableKind(header.text)},
			c: content{md: l.md, plain: l.text, links: l.links}})
	}
	return j - start
}

// tableHeader reports whether a line heads a table: it names two or more
// table column words (whole words), has at most 16 words and ends without
// a period.
func (c *rconv) tableHeader(text string) bool {
	if text == "" || len(strings.Fields(text)) > 16 || strings.HasSuffix(text, ".") {
		return false
	}
	n := 0
	c.v.eachLanguage(func(l *Language) bool {
		for _, w := range l.TableWords {
			if containsWord(text, w) {
				n++
			}
		}
		return false
	})
	return n >= 2
}

// containsWord reports whether w occurs in s between word boundaries.
func containsWord(s, w string) bool {
	for at := 0; ; {
		i := strings.Index(s[at:], w)
		if i < 0 {
			return false
		}
		i += at
		before := i == 0 || s[i-1] == ' '
		after := i+len(w) == len(s) || s[i+len(w)] == ' '
		if before && after {
			return true
		}
		at = i + 1
	}
}

// rowLike reports whether a line of page text reads as a table row: two
// or more number cells among its first six words (a row may end in a
// long text cell: "AP ARM/BTS* 1 2 Reduces the ARM or BTS value…").
func rowLike(s string) bool {
	words := strings.Fields(s)
	n := 0
	for _, w := range words[:min(len(words), 6)] {
		if reCell.MatchString(w) {
			n++
		}
	}
	return n >= 2
}

// tableKind is the record kind of the rows of a table with this header:
// a hacking program chart (it names a target and a skill type), a weapon
// chart (ranges or PS and traits), else rule.
func (v *Vocabulary) tableKind(header string) wikirules.Kind {
	switch {
	case containsWord(header, "Target") && containsWord(header, "Skill Type"),
		containsWord(header, "Objetivo") && containsWord(header, "Tipo de Habilidad"):
		return wikirules.KindProgram
	case (containsWord(header, "PS") || containsWord(header, "Damage") || containsWord(header, "Daño")) &&
		(containsWord(header, "Traits") || containsWord(header, "Rasgos")):
		return wikirules.KindWeapon
	}
	return wikirules.KindRule
}

// rowUnit is the unit of an HTML table row: its cells named by the
// labels that head them (lower case, spaces as "_"), else col_N.
func (c *rconv) rowUnit(l *rline) unit {
	rv := &rowValues{byName: map[string]string{}}
	for k, cell := range l.cells {
		name := ""
		if k < len(l.labels) {
			name = strings.ReplaceAll(strings.ToLower(strings.TrimSpace(l.labels[k])), " ", "_")
		}
		if name == "" {
			name = "col_" + strconv.Itoa(k+1)
		}
		rv.names = append(rv.names, name)
		rv.values = append(rv.values, cell)
		if _, dup := rv.byName[name]; !dup {
			rv.byName[name] = cell
		}
	}
	if len(rv.values) == 0 {
		rv.names, rv.values = []string{"name"}, []string{""}
	}
	if l.headed {
		rv.headedMD, rv.headedPlain = l.md, l.text
	}
	return unit{kind: uRow, span: l.span, args: &unitArgs{row: rv}, entry: Entry{Kind: c.v.tableKind(strings.Join(l.header, " "))},
		c: content{md: l.md, plain: l.text, links: l.links}}
}

// Page text draws a table as lines whose cells are only spaces apart
// ("Level Attack MOD Opponent MOD Burst MOD" over "3 +3 -3 +1 SD"). Its
// rows are labelled (textRows) only where the cells can be told apart
// without doubt:
//
//   - the header line is tiled by the languages' TableWords, longest
//     first, every word covered (a parenthesised word such as "(PH)"
//     belongs to the label before it), else the table keeps its lines;
//   - a row's words are cells, a word ending in "," joined with the next
//     ("+1B, +1 SD") and a die or unit word ("SD") with the value before
//     it;
//   - the rows with as many cells as labels type the columns: a column is
//     numeric when all its cells read as numbers (reCell), text when none
//     does;
//   - a row with more cells than labels is read only when the last column
//     is text (it takes the rest of the line: "Reduces the ARM or BTS
//     value…"), one with fewer only when a single choice of empty columns
//     fits the column types (an empty trailing "Special Effect"); every
//     cell must fit its column's type.

// unitWords are words that belong to the value before them.
var unitWords = map[string]bool{"SD": true}

// headerLabels tiles a header line by the table words; nil when a word is
// left over.
func (c *rconv) headerLabels(text string) []string {
	var words []string
	c.v.eachLanguage(func(l *Language) bool {
		words = append(words, l.TableWords...)
		return false
	})
	toks := strings.Fields(text)
	var out []string
	for i := 0; i < len(toks); {
		best := 0
		for _, w := range words {
			n := len(strings.Fields(w))
			if n > best && i+n <= len(toks) && strings.Join(toks[i:i+n], " ") == w {
				best = n
			}
		}
		switch {
		case best > 0:
			out = append(out, strings.Join(toks[i:i+best], " "))
			i += best
		case len(out) > 0 && strings.HasPrefix(toks[i], "(") && strings.HasSuffix(toks[i], ")"):
			out[len(out)-1] += " " + toks[i]
			i++
		default:
			return nil
		}
	}
	return out
}

// rowCells splits a row line into cells.
func rowCells(text string) []string {
	var out []string
	join := false
	for _, w := range strings.Fields(text) {
		if len(out) > 0 && (join || unitWords[w]) {
			out[len(out)-1] += " " + w
		} else {
			out = append(out, w)
		}
		join = strings.HasSuffix(w, ",")
	}
	return out
}

// numericCell reports whether a cell reads as a number or MOD ("+1 SD",
// "+1B, +1 SD" included).
func numericCell(s string) bool {
	for _, w := range strings.Fields(s) {
		if !reCell.MatchString(w) && !unitWords[w] {
			return false
		}
	}
	return s != ""
}

// textRows returns, for each row line, its cells under the labels (""
// where a column is empty), or nil for a row that cannot be read without
// doubt; nil when no row can.
func textRows(labels []string, lines []string) [][]string {
	n := len(labels)
	if n < 2 {
		return nil
	}
	cells := make([][]string, len(lines))
	// column types from the rows of exactly n cells: 1 numeric, 2 text,
	// 0 mixed or unknown
	typ := make([]int, n)
	seen := make([]bool, n)
	for i, l := range lines {
		cells[i] = rowCells(l)
		if len(cells[i]) != n {
			continue
		}
		for k, v := range cells[i] {
			t := 2
			if numericCell(v) {
				t = 1
			}
			if !seen[k] {
				typ[k], seen[k] = t, true
			} else if typ[k] != t {
				typ[k] = 0
			}
		}
	}
	fits := func(k int, v string) bool {
		switch typ[k] {
		case 1:
			return numericCell(v)
		case 2:
			return !numericCell(v)
		}
		return false
	}
	out := make([][]string, len(lines))
	any := false
	for i, cs := range cells {
		var row []string
		switch {
		case len(cs) == n:
			row = cs
		case len(cs) > n && typ[n-1] == 2:
			tail := strings.Join(cs[n-1:], " ")
			row = append(append([]string{}, cs[:n-1]...), tail)
		case len(cs) == n-1:
			// one column empty: the only placement every cell fits
			for m := range n {
				cand := make([]string, 0, n)
				cand = append(cand, cs[:m]...)
				cand = append(cand, "")
				cand = append(cand, cs[m:]...)
				ok := true
				for k, v := range cand {
					if v != "" && !fits(k, v) {
						ok = false
						break
					}
				}
				if ok {
					if row != nil {
						row = nil // two placements fit: leave the row as it is
						break
					}
					row = cand
				}
			}
		}
		if row == nil {
			continue
		}
		for k, v := range row {
			if v != "" && !fits(k, v) {
				row = nil
				break
			}
		}
		if row != nil {
			out[i], any = row, true
		}
	}
	if !any {
		return nil
	}
	return out
}
