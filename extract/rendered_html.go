package extract

func htmlLines(src string, v *Vocabulary) *renderedDoc { return textLines(src, v) }
