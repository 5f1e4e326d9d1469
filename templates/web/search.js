// The web edition's search: offline, over the index search-index.js sets
// (window.HERALD_SEARCH: title t, address u, kind k, text x of every section,
// example, card and ruling). A result needs every word typed, accents and
// case ignored; titles that match come first. No request is made.
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
      .replace(/[\u2019']/g, "'");
  }
  var folded = index.map(function (e) { return { t: fold(e.t), x: fold(e.x) }; });
  function show(query) {
    list.textContent = "";
    var words = fold(query).split(/\s+/).filter(Boolean);
    if (!words.length) { status.textContent = ""; return; }
    var hits = [];
    index.forEach(function (entry, i) {
      var f = folded[i], all = f.t + " " + f.x;
      if (!words.every(function (w) { return all.indexOf(w) >= 0; })) { return; }
      var inTitle = words.every(function (w) { return f.t.indexOf(w) >= 0; });
      var rank = (inTitle ? 0 : 2) + (entry.k === "card" ? 0 : 1);
      hits.push({ rank: rank, i: i, entry: entry });
    });
    hits.sort(function (a, b) { return a.rank - b.rank || a.i - b.i; });
    var n = hits.length;
    status.textContent = n === 0 ? box.dataset.none
      : n === 1 ? box.dataset.one : box.dataset.many.replace("{n}", n);
    hits.slice(0, 30).forEach(function (hit) {
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
  // the contents: open beside the text on a wide screen, folded on a phone
  var toc = document.querySelector(".toc-box");
  if (toc && window.matchMedia("(min-width: 62rem)").matches) { toc.open = true; }
  // printing: the positions in words are printed with their diagrams
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details").forEach(function (d) { d.open = true; });
  });
})();
