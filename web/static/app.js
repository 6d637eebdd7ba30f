// wikirules: when a link targets a rule inside a folded example, unfold it
// and bring it into view. On the static site (body[data-static]) it also
// applies the FAQ list's filters from the URL (no server filters it) and
// registers the service worker that keeps the site working offline.
// Everything else works without scripts.
(function () {
  "use strict";
  function reveal() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    var el = document.getElementById(id);
    if (!el) return;
    for (var p = el; p; p = p.parentElement) {
      if (p.tagName === "DETAILS") p.open = true;
    }
    el.scrollIntoView({ block: "start" });
  }

  // filterFAQs hides the FAQ cards that the form's edition, type and
  // version do not keep, and the page groups left empty.
  function filterFAQs() {
    var form = document.getElementById("faq-filters");
    if (!form) return;
    var params = new URLSearchParams(location.search);
    var want = { edition: params.get("edition") || "", type: params.get("type") || "", version: params.get("version") || "" };
    ["edition", "type", "version"].forEach(function (k) {
      var sel = form.elements[k];
      if (sel && want[k]) sel.value = want[k];
    });
    var shown = 0, pages = 0;
    document.querySelectorAll(".faqgroup").forEach(function (g) {
      var n = 0;
      g.querySelectorAll(".faqcard").forEach(function (c) {
        var ok = (!want.type || c.dataset.type === want.type) &&
          (!want.version || c.dataset.version === want.version) &&
          (!want.edition || (" " + c.dataset.ed + " ").indexOf(" " + want.edition + " ") >= 0);
        c.hidden = !ok;
        if (ok) n++;
      });
      g.hidden = n === 0;
      if (n) { shown += n; pages++; }
      var count = g.querySelector("h2 .count");
      if (count) count.textContent = n;
    });
    var line = document.getElementById("faq-count");
    if (line && line.dataset.format) line.textContent = line.dataset.format.replace("111111", shown).replace("222222", pages);
  }

  document.addEventListener("DOMContentLoaded", function () {
    reveal();
    if (document.body.dataset.static) {
      filterFAQs();
      if ("serviceWorker" in navigator && (location.protocol === "https:" || location.hostname === "localhost" || location.hostname === "127.0.0.1")) {
        var sw = document.querySelector('link[rel="manifest"]');
        if (sw) navigator.serviceWorker.register(new URL("sw.js", sw.href).href).catch(function () {});
      }
    }
  });
  window.addEventListener("hashchange", reveal);
})();
