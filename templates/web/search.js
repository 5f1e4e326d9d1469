// The web edition's search: offline, over the index search-index.js sets
// (window.HERALD_SEARCH: title t, address u, kind k, text x of every section,
// example, card and ruling). A result needs every word typed, accents and
// case ignored; an exact name comes first, then titles that start with what
// is typed, then titles holding every word, then the texts; a card before
// the rest at each rank. Every result is listed. Enter opens the first;
// "/" anywhere on the page goes to the box. No request is made.
(function () {
  "use strict";
  var box = document.getElementById("search-box");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var index = window.HERALD_SEARCH || [];
  if (!box || !list || !status) { return; }
  var kinds = JSON.parse(box.getAttribute("data-kinds") || "{}");
  function fold(s) {
    return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[\u2019']/g, "'").replace(/\s+/g, " ").trim();
  }
  // a name without its article ("le Cavalier" is found as "Cavalier")
  var article = /^(le |la |les |l'|the |der |die |das |el |los |las )/;
  // the index folded once, at the first search (not while the page opens)
  var folded = null;
  function show(query) {
    folded = folded || index.map(function (e) {
      var t = fold(e.t);
      return { t: t, bare: t.replace(article, ""), x: fold(e.x) };
    });
    list.textContent = "";
    var q = fold(query);
    var words = q.split(" ").filter(Boolean);
    if (!words.length) { status.textContent = ""; return; }
    var hits = [];
    index.forEach(function (entry, i) {
      var f = folded[i], all = f.t + " " + f.x;
      if (!words.every(function (w) { return all.indexOf(w) >= 0; })) { return; }
      var rank = f.t === q || f.bare === q ? 0
        : f.t.indexOf(q) === 0 || f.bare.indexOf(q) === 0 ? 2
        : words.every(function (w) { return f.t.indexOf(w) >= 0; }) ? 4 : 6;
      hits.push({ rank: rank + (entry.k === "card" ? 0 : 1), i: i, entry: entry });
    });
    hits.sort(function (a, b) { return a.rank - b.rank || a.i - b.i; });
    var n = hits.length;
    status.textContent = n === 0 ? box.dataset.none
      : n === 1 ? box.dataset.one : box.dataset.many.replace("{n}", n);
    hits.forEach(function (hit) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = hit.entry.u;
      a.textContent = hit.entry.t;
      li.appendChild(a);
      var kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = " · " + (kinds[hit.entry.k] || "");
      li.appendChild(kind);
      list.appendChild(li);
    });
  }
  box.addEventListener("input", function () { show(box.value); });
  box.addEventListener("keydown", function (e) {
    if (e.key !== "Enter") { return; }
    var first = list.querySelector("a");
    if (first) { e.preventDefault(); first.click(); }
  });
  document.addEventListener("keydown", function (e) {
    var t = e.target;
    if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || (t && (t.isContentEditable
        || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))) { return; }
    e.preventDefault();
    box.focus();
    box.select();
  });
})();
