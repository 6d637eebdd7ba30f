package extract

import (
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/wikitext"
)

// Wikitables ({| … |}) as rows. MediaWiki's table syntax is line-based:
// "{|" and its attributes open the table, "|+" is its caption, "|-" starts
// a row, a line starting with "!" holds header cells ("!!" between them),
// one starting with "|" data cells ("||" between them), an attribute part
// "colspan=2 |" may precede a cell's content, other lines continue the
// cell before, and "|}" closes the table. The parser keeps a table's
// content as inline nodes; the rows are cut here from the table's lines.
// Every data row is one record (Fields by the header's column names), so a
// weapon chart of the N5 wiki ({| class="n5table-dark") is read row by row
// as the N4 wiki's row templates are. A table without data rows stays one
// record.

// tableCell is one cell: its content's byte range and whether it is a
// header cell.
type tableCell struct {
	start, end       int
	header           bool
	colspan, rowspan int
}

// tableRow is the cells of one row and the bytes it spans.
type tableRow struct {
	span  wikirules.Span
	cells []tableCell
}

// tableRows cuts the lines of a wikitable into rows of cells.
func tableRows(src string, t *wikitext.Table) []tableRow {
	var rows []tableRow
	var cur *tableRow
	newRow := func(at int) {
		rows = append(rows, tableRow{span: wikirules.Span{Start: at, End: at}})
		cur = &rows[len(rows)-1]
	}
	for at := t.Pos(); at < t.End(); {
		end := strings.IndexByte(src[at:t.End()], '\n')
		next := t.End()
		if end < 0 {
			end = t.End()
		} else {
			end += at
			next = end + 1
		}
		line := src[at:end]
		trim := strings.TrimSpace(line)
		lead := at + len(line) - len(strings.TrimLeft(line, " \t"))
		switch {
		case at == t.Pos() || strings.HasPrefix(trim, "|}") || strings.HasPrefix(trim, "|+"):
			// the opening line, the end, the caption: layout
		case strings.HasPrefix(trim, "|-"):
			cur = nil
		case strings.HasPrefix(trim, "!") || strings.HasPrefix(trim, "|"):
			if cur == nil {
				newRow(lead)
			}
			sep := "||"
			if trim[0] == '!' {
				sep = "!!"
			}
			cur.cells = append(cur.cells, splitCells(src, lead+1, lead+len(trim), sep, trim[0] == '!')...)
			cur.span.End = lead + len(trim)
		case trim != "" && cur != nil && len(cur.cells) > 0:
			cur.cells[len(cur.cells)-1].end = lead + len(trim) // a cell's next line
			cur.span.End = lead + len(trim)
		}
		at = next
	}
	return rows
}

// splitCells splits src[start:end] at sep ("||", "!!"; a header line may
// also use "||") into cells, each without its attribute part.
func splitCells(src string, start, end int, sep string, header bool) []tableCell {
	var out []tableCell
	at := start
	for at <= end {
		i := strings.Index(src[at:end], sep)
		if header && i < 0 {
			i = strings.Index(src[at:end], "||")
		}
		stop := end
		if i >= 0 {
			stop = at + i
		}
		cs := at
		colspan, rowspan := 1, 1
		// "colspan=2 | text": an attribute part before a single "|".
		if j := strings.IndexByte(src[cs:stop], '|'); j >= 0 && strings.Contains(src[cs:cs+j], "=") {
			colspan, rowspan = spanAttr(src[cs:cs+j], "colspan"), spanAttr(src[cs:cs+j], "rowspan")
			cs += j + 1
		}
		out = append(out, tableCell{start: cs, end: stop, header: header, colspan: colspan, rowspan: rowspan})
		if i < 0 {
			break
		}
		at = stop + len(sep)
	}
	return out
}

// sliceNodes returns the nodes of ns within [start, end): text nodes cut
// to the range, other nodes that start inside it.
func sliceNodes(ns []wikitext.Node, start, end int) []wikitext.Node {
	var out []wikitext.Node
	for _, n := range ns {
		if t, ok := n.(*wikitext.Text); ok {
			s, e := max(t.Start, start), min(t.Stop, end)
			if s < e {
				out = append(out, &wikitext.Text{Span: wikitext.Span{Start: s, Stop: e}})
			}
			continue
		}
		if n.Pos() >= start && n.Pos() < end {
			out = append(out, n)
		}
	}
	return out
}

// tableUnits cuts a wikitable into units: a header marker (the table's
// columns and title, with the edition its class shows) and one row unit
// per data row; nil for a table without data rows. A row under header
// cells reads "Label: value; …" (table_headers.go), its Fields named by
// the labels; a row no header cell heads reads "v1 | v2 …", its Fields
// col_N.
func (c *cutter) tableUnits(t *wikitext.Table) []unit {
	rows := tableRows(c.src, t)
	grid := make([][]gridCell, len(rows))
	for i, r := range rows {
		for _, cell := range r.cells {
			md, pl := c.renderer().inline(sliceNodes(t.Nodes, cell.start, cell.end))
			grid[i] = append(grid[i], gridCell{plain: collapse(pl), md: strings.TrimSpace(normalizeMarkdown(md)),
				header: cell.header, colspan: cell.colspan, rowspan: cell.rowspan})
		}
	}
	title, data := headRows(grid)
	if len(data) == 0 {
		return nil
	}
	open := c.src[t.Pos():t.End()]
	if i := strings.IndexByte(open, '\n'); i >= 0 {
		open = open[:i]
	}
	hs := wikirules.Span{Start: t.Pos(), End: t.Pos() + len(open)}
	units := []unit{{kind: uMarker, entry: Entry{Role: RoleTableHeader}, span: hs, name: "{|",
		cue: c.v.tableCue(open)}}
	var header []string
	for _, h := range data[0].cells {
		header = appendUnique(header, h.label)
	}
	kind := c.v.tableKind(strings.Join(header, " "))
	for _, hr := range data {
		r := rows[hr.row]
		// render the row's own cells again so that its links and notes
		// are the unit's
		rd := c.renderer()
		var mds []string
		for _, cell := range r.cells {
			md, _ := rd.inline(sliceNodes(t.Nodes, cell.start, cell.end))
			mds = append(mds, strings.TrimSpace(normalizeMarkdown(md)))
		}
		rv := &rowValues{byName: map[string]string{}}
		for k, h := range hr.cells {
			name := "col_" + strconv.Itoa(k+1)
			if h.label != "" {
				name = strings.ReplaceAll(strings.ToLower(h.label), " ", "_")
			}
			rv.names = append(rv.names, name)
			rv.values = append(rv.values, h.cell.plain)
			if _, dup := rv.byName[name]; !dup {
				rv.byName[name] = h.cell.plain
			}
		}
		if title != "" {
			rv.byName["table"] = title
		}
		m, pl := strings.Join(mds, " | "), strings.Join(rv.values, " | ")
		if hr.labelled() {
			rv.headedMD, rv.headedPlain = headedText(hr.cells, true), headedText(hr.cells, false)
			m, pl = rv.headedMD, rv.headedPlain
		}
		units = append(units, unit{kind: uRow, span: r.span, args: &unitArgs{row: rv}, entry: Entry{Kind: kind}, c: rd.content("\n"+m+"\n", pl)})
	}
	return units
}
