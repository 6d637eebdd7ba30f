package extract

import (
	"strconv"
	"strings"
)

// Header cells of a table (wikitable or HTML) for its data rows, so that a
// row's record says what each value is ("Level: 3; Attack MOD: +3; …")
// rather than "3 | +3 | …". The table is laid out on a grid as HTML does
// it: a cell takes colspan columns and rowspan rows, the next cell of a
// row takes the first free column. A run of rows made only of header cells
// heads the data rows after it, up to the next such run; within a run, the
// labels of a column are its header cells from top to bottom ("Range" over
// "0-20" is "Range 0-20"), a header cell spanning the whole table being
// its title rather than a column's label. A header cell among data cells
// (a row's first cell, "! N" then "| ARM/BTS*") is one of the row's values
// under its column's label, and when the table has no header rows it
// labels the data cells of its row.
//
// A label is attached only where it is certain: a cell spanning columns
// of different labels gets none; a table without header cells none at
// all. A cell whose rowspan covers later rows is a value of those rows
// too (carried).

// gridCell is one cell as the page writes it: its text (plain and
// Markdown), whether it is a header cell, and how many columns and rows
// it spans (1 when it does not say).
type gridCell struct {
	plain, md        string
	header           bool
	colspan, rowspan int
}

// headedCell is one value of a data row: the cell, the label that heads
// it ("" when none is certain) and whether it comes from an earlier row by
// its rowspan.
type headedCell struct {
	cell    *gridCell
	label   string
	carried bool
}

// headedRow is one data row: its index among the table's rows and its
// values in column order.
type headedRow struct {
	row   int
	cells []headedCell
}

// spanAttr reads a colspan or rowspan value from a cell's attributes
// (`colspan="2"`, `colspan=2`): 1 when absent or not a positive number, at
// most 1000 (HTML's limit for colspan, applied to both).
func spanAttr(attrs, name string) int {
	low := strings.ToLower(attrs)
	i := strings.Index(low, name)
	if i < 0 {
		return 1
	}
	s := strings.TrimLeft(low[i+len(name):], " \t")
	if !strings.HasPrefix(s, "=") {
		return 1
	}
	s = strings.TrimLeft(s[1:], " \t\"'")
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	v, err := strconv.Atoi(s[:n])
	if err != nil || v < 1 {
		return 1
	}
	return min(v, 1000)
}

// headRows lays the rows out and returns the table's title (a header
// cell spanning every column before the first data row, "" when none) and
// its data rows (those holding a non-header cell) with their labels.
func headRows(rows [][]gridCell) (title string, out []headedRow) {
	type slot struct {
		cell    *gridCell
		origin  int // the row the cell is written in
		present bool
	}
	var grid [][]slot
	at := func(r, c int) *slot {
		for len(grid) <= r {
			grid = append(grid, nil)
		}
		for len(grid[r]) <= c {
			grid[r] = append(grid[r], slot{})
		}
		return &grid[r][c]
	}
	width := 0
	for r := range rows {
		col := 0
		for k := range rows[r] {
			cell := &rows[r][k]
			for r < len(grid) && col < len(grid[r]) && grid[r][col].present {
				col++
			}
			cs, rs := max(cell.colspan, 1), max(cell.rowspan, 1)
			rs = min(rs, len(rows)-r)
			for dr := range rs {
				for dc := range cs {
					*at(r+dr, col+dc) = slot{cell: cell, origin: r, present: true}
				}
			}
			col += cs
			width = max(width, col)
		}
	}
	isHeaderRow := func(r int) bool {
		if len(rows[r]) == 0 {
			return false
		}
		for _, c := range rows[r] {
			if !c.header {
				return false
			}
		}
		return true
	}
	var labels []string // the labels of the columns under the current header run
	inRun := false
	for r := range rows {
		if len(rows[r]) == 0 {
			continue
		}
		if isHeaderRow(r) {
			if !inRun {
				labels, inRun = make([]string, width), true
			}
			// a row of one cell spanning the table is its title (or a
			// section's, further down), not a column's label
			if len(rows[r]) == 1 && (width == 1 || max(rows[r][0].colspan, 1) >= width) {
				if out == nil && title == "" {
					title = rows[r][0].plain
				}
				continue
			}
			for c := range width {
				s := at(r, c)
				if !s.present || s.origin != r {
					continue // a cell from the row above (rowspan) was read there
				}
				if t := strings.TrimSpace(s.cell.plain); t != "" {
					labels[c] = strings.TrimSpace(labels[c] + " " + t)
				}
			}
			continue
		}
		inRun = false
		hr := headedRow{row: r}
		for c := 0; c < width; c++ {
			s := at(r, c)
			if !s.present {
				continue
			}
			span := max(s.cell.colspan, 1)
			label := ""
			if labels != nil {
				label = labels[c]
				for dc := 1; dc < span && c+dc < width; dc++ {
					if labels[c+dc] != label {
						label = "" // the cell spans columns of different labels
					}
				}
			}
			hr.cells = append(hr.cells, headedCell{cell: s.cell, label: label, carried: s.origin != r})
			c += span - 1
		}
		out = append(out, hr)
	}
	return title, out
}

// labelled reports whether any value of the row has a label, or the row
// starts with its own header cell ("! Range" then "| 8").
func (h headedRow) labelled() bool {
	for k, c := range h.cells {
		if c.label != "" || (k == 0 && c.cell.header && !c.carried && len(h.cells) > 1) {
			return true
		}
	}
	return false
}

// headedText renders a labelled row as "Label: value; Label: value": a
// value without a label alone, an empty value left out.
func headedText(cells []headedCell, md bool) string {
	var b strings.Builder
	sep := ""
	for k, c := range cells {
		v := strings.TrimSpace(c.cell.plain)
		if md {
			v = strings.TrimSpace(c.cell.md)
		}
		if v == "" {
			continue
		}
		b.WriteString(sep)
		sep = "; "
		switch {
		case c.label != "":
			b.WriteString(c.label + ": " + v)
		case k == 0 && c.cell.header && !c.carried:
			b.WriteString(v + ":") // a row header heading the row's values
			sep = " "
		default:
			b.WriteString(v)
		}
	}
	return b.String()
}
