// wikirules static site: the search page, run in the browser over the
// index of search-data.js with MiniSearch (minisearch.js). The index was
// built by web/searchindex.go with the same fields, tokenizer and term
// folding as below; they must stay alike.
(function () {
  "use strict";
  var FOLD = { "á": "a", "à": "a", "ä": "a", "â": "a", "ã": "a", "å": "a", "é": "e", "è": "e", "ë": "e", "ê": "e",
    "í": "i", "ì": "i", "ï": "i", "î": "i", "ó": "o", "ò": "o", "ö": "o", "ô": "o", "õ": "o",
    "ú": "u", "ù": "u", "ü": "u", "û": "u", "ñ": "n", "ç": "c", "ý": "y", "ÿ": "y" };
  function fold(t) {
    return t.toLowerCase().replace(/[áàäâãåéèëêíìïîóòöôõúùüûñçýÿ]/g, function (c) { return FOLD[c]; });
  }
  function tokenize(text) { return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean); }
  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]; });
  }
  // mark wraps the words of s whose folded form starts with a matched
  // term in <mark>.
  function mark(s, terms) {
    return tokenizeKeep(s).map(function (p) {
      if (!p.word) return esc(p.text);
      var f = fold(p.text);
      for (var i = 0; i < terms.length; i++) {
        if (f.indexOf(terms[i]) === 0) return "<mark>" + esc(p.text) + "</mark>";
      }
      return esc(p.text);
    }).join("");
  }
  function tokenizeKeep(s) {
    var out = [], re = /[\p{L}\p{N}]+|[^\p{L}\p{N}]+/gu, m;
    while ((m = re.exec(s))) out.push({ text: m[0], word: /[\p{L}\p{N}]/u.test(m[0][0]) });
    return out;
  }

  function run() {
    var list = document.getElementById("static-results");
    if (!list || !window.MiniSearch || !window.WIKIRULES_INDEX) return;
    var kinds = JSON.parse(list.dataset.kinds || "{}");
    var ms = MiniSearch.loadJS(window.WIKIRULES_INDEX, {
      fields: ["title", "alias", "text"],
      storeFields: ["p", "t", "u", "k", "s", "e"],
      tokenize: tokenize,
      processTerm: fold,
      searchOptions: {
        boost: { title: 6, alias: 4 },
        prefix: function (t) { return t.length >= 4; },
        fuzzy: function (t) { return t.length >= 6 ? 0.2 : 0; }
      }
    });
    var q = new URLSearchParams(location.search).get("q") || "";
    var box = document.getElementById("q");
    if (box) box.value = q;
    if (!q.trim()) { list.innerHTML = ""; return; }
    document.title = q + " — " + document.title;
    var res = ms.search(q, { combineWith: "AND" });
    if (!res.length) res = ms.search(q, { combineWith: "OR" });
    if (!res.length) {
      list.outerHTML = '<p class="empty">' + esc(list.dataset.none.replace("%s", q)) + "</p>";
      return;
    }
    var html = "";
    res.slice(0, 50).forEach(function (r) {
      var title = esc(r.p || "") + (r.t ? " · " + esc(r.t) : "");
      var badges = r.k && r.k !== "page" ? '<span class="badge ' + esc(r.k) + '">' + esc(kinds[r.k] || r.k) + "</span>" : "";
      if (r.e) badges += ' <span class="badge ed">' + esc(r.e) + "</span>";
      html += '<li class="hit k-' + esc(r.k) + '"><a class="hit-title" href="' + esc(r.u) + '">' + title + "</a>" +
        (badges ? '<p class="badges">' + badges + "</p>" : "") +
        (r.s ? '<p class="snippet">' + mark(r.s, r.terms) + "</p>" : "") + "</li>";
    });
    list.innerHTML = html;
  }
  document.addEventListener("DOMContentLoaded", run);
})();
