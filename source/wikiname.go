package source

// WikiName returns the wiki name the readers give Page.Wiki for a site
// name (or database id) and language: the name lower-cased with runs of
// other characters than letters and digits turned into "-", then "-" and
// the language ("Infinity", "es" → "infinity-es"; "infinity_es", "" →
// "infinity-es"). Either part may be empty.
func WikiName(site, lang string) string { return wikiName(site, lang) }
