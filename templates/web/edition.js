// The web edition's pages, once loaded: the contents open beside the text on
// a wide screen; the language switcher keeps the section being read; a box
// that scrolls sideways (a wide diagram, figure or table) becomes a tab stop
// the keyboard can scroll, and only then; a diagram whose smallest words are
// too small to read where it is shown can be enlarged (a tap on it, or its
// button); a worked example is stepped through one diagram at a time
// (buttons, the arrow keys, the step in the address: #example-id/3), the
// full list staying what prints and what a browser without scripts shows;
// the worked examples' diagrams, which the page holds as text
// (<noscript class="later">), are drawn as they near the screen, when their
// step is shown and before printing: a page opens as fast as its words.
(function () {
  "use strict";
  var main = document.getElementById("main");
  var words = main ? main.dataset : {};
  var toc = document.querySelector(".toc-box");
  if (toc && window.matchMedia("(min-width: 62rem)").matches) { toc.open = true; }

  // -- the language switcher: the same section in the other language
  function keepPlace() {
    document.querySelectorAll("a.same-place").forEach(function (a) {
      var href = a.getAttribute("href").split("#")[0];
      a.setAttribute("href", href + location.hash);
    });
  }

  // -- boxes that scroll sideways: tab stops (regions) only when they do.
  // Every box's size is read first, then the attributes written: one
  // layout for the page, however many boxes (a chapter holds hundreds).
  var regions = {};
  function all(roots, selector) {       // the elements under any of roots
    var out = [];
    (roots ? [].concat(roots) : [document]).forEach(function (root) {
      if (root.matches && root.matches(selector)) { out.push(root); }
      out.push.apply(out, root.querySelectorAll(selector));
    });
    return out;
  }
  function scrollers(roots) {
    var boxes = all(roots, "[data-scroll-label], .diagram-box");
    var wide = boxes.map(function (el) { return el.scrollWidth > el.clientWidth + 1; });
    boxes.forEach(function (el, i) {
      if (wide[i]) {
        // a region's name is its own: numbered, for good, when two share a kind
        var label = el.dataset.scrollLabel || words.diagram || "";
        if (!el.dataset.regionNo) {
          regions[label] = (regions[label] || 0) + 1;
          el.dataset.regionNo = regions[label];
        }
        var n = parseInt(el.dataset.regionNo, 10);
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "region");
        el.setAttribute("aria-label", n > 1 ? label + " " + n : label);
      } else if (el.hasAttribute("role")) {
        el.removeAttribute("tabindex");
        el.removeAttribute("role");
        el.removeAttribute("aria-label");
      }
    });
  }

  // -- diagrams too small to read where they are shown: enlarge on a tap
  // (the same way: every width read, then the buttons added or removed)
  function enlargers(roots) {
    var figs = all(roots, ".diagram");
    var small = figs.map(function (fig) {
      var svg = fig.querySelector("svg[data-min-w]");
      return !!svg && (fig.classList.contains("enlarged")
        || svg.getBoundingClientRect().width + 1 < parseFloat(svg.dataset.minW));
    });
    figs.forEach(function (fig, i) {
      var button = fig.querySelector("button.enlarge");
      if (small[i] && !button) {
        button = document.createElement("button");
        button.type = "button";
        button.className = "enlarge";
        button.textContent = words.enlarge || "+";
        button.setAttribute("aria-pressed", "false");
        button.addEventListener("click", function () { toggle(fig); });
        fig.querySelector(".diagram-box").addEventListener("click", function () { toggle(fig); });
        fig.insertBefore(button, fig.firstChild);
      } else if (button && !small[i]) {
        button.remove();
      }
    });
  }
  function toggle(fig) {
    var svg = fig.querySelector("svg[data-min-w]");
    var on = !fig.classList.contains("enlarged");
    fig.classList.toggle("enlarged", on);
    svg.style.minWidth = on ? svg.dataset.minW + "px" : "";
    var button = fig.querySelector("button.enlarge");
    if (button) { button.setAttribute("aria-pressed", on ? "true" : "false"); }
    scrollers(fig);
  }

  // -- the diagrams held for later: drawn (the markup the <noscript> holds
  // as text put in its place), then sized as the page's others are
  function draw(roots) {
    var held = all(roots, "noscript.later");
    if (!held.length) { return; }
    var figs = [];
    held.forEach(function (ns) {
      var drawing = document.createElement("template");
      drawing.innerHTML = ns.textContent;
      var space = ns.previousElementSibling;
      if (space && space.classList.contains("drawing-space")) { space.remove(); }
      if (watcher) { watcher.unobserve(ns.parentNode); }
      var fig = ns.closest(".diagram");
      ns.replaceWith(drawing.content);
      if (fig) { figs.push(fig); }
    });
    if (measuredOnce) {         // the first measure sizes every box at once
      enlargers(figs);
      scrollers(figs);
    }
  }
  // a diagram is drawn as it comes within a screen of the one shown
  var watcher = "IntersectionObserver" in window ? new IntersectionObserver(function (seen) {
    draw(seen.filter(function (e) { return e.isIntersecting; })
      .map(function (e) { return e.target; }));
    if (!marked) {            // the first screen drawn (benchmarks/web_first_render.py)
      marked = true;
      window.requestAnimationFrame(function () {
        window.setTimeout(function () { performance.mark("herald-drawn"); }, 0);
      });
    }
  }, { rootMargin: "100% 0px" }) : null;
  var marked = false;
  var measuredOnce = false;
  // each diagram's room, sized as the drawing will be (its width, its
  // viewBox's proportions): the page does not move as they are drawn
  document.querySelectorAll("noscript.later").forEach(function (ns) {
    var head = ns.textContent.slice(0, 400);
    var box = /viewBox="[\d.-]+ [\d.-]+ ([\d.]+) ([\d.]+)"/.exec(head);
    var width = /\swidth="([\d.]+)"/.exec(head);
    if (box && width) {
      var space = document.createElement("span");
      space.className = "drawing-space";
      space.style.width = width[1] + "px";
      space.style.aspectRatio = box[1] + " / " + box[2];
      ns.parentNode.insertBefore(space, ns);
    }
    if (watcher) { watcher.observe(ns.parentNode); }
  });

  // -- worked examples stepped through
  var steppers = {};
  function stepper(example) {
    var list = example.querySelector("ol.steps");
    var steps = list ? Array.prototype.filter.call(list.children, function (li) {
      return li.classList.contains("step"); }) : [];
    if (steps.length < 2) { return; }
    var at = 0;
    var bar = document.createElement("div");
    bar.className = "stepper";
    function button(label, cls, delta) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = cls;
      b.textContent = delta < 0 ? "\u2039" : "\u203a";
      b.setAttribute("aria-label", label);
      b.title = label;
      b.addEventListener("click", function () { go(at + delta, true, true); });
      bar.appendChild(b);
      return b;
    }
    var prev = button(words.prev || "<", "prev", -1);
    var count = document.createElement("p");
    count.className = "step-count";
    count.setAttribute("aria-live", "polite");
    bar.appendChild(count);
    var next = button(words.next || ">", "next", 1);
    var whole = document.createElement("button");
    whole.type = "button";
    whole.className = "all";
    whole.textContent = words.allSteps || "…";
    whole.addEventListener("click", function () {
      example.classList.remove("stepped");
      steps.forEach(function (li) { li.hidden = false; });
      bar.remove();
      enlargers(example);
      scrollers(example);
    });
    bar.appendChild(whole);
    list.parentNode.insertBefore(bar, list);
    example.classList.add("stepped");
    // write: the step in the address; shown: drawn and sized now (not on
    // opening the page, where the first measure sizes every box at once)
    function go(n, write, shown) {
      at = Math.max(0, Math.min(steps.length - 1, n));
      steps.forEach(function (li, i) { li.hidden = i !== at; });
      count.textContent = (words.stepOf || "{n}/{total}").replace("{n}", at + 1)
        .replace("{total}", steps.length);
      prev.setAttribute("aria-disabled", at === 0 ? "true" : "false");
      next.setAttribute("aria-disabled", at === steps.length - 1 ? "true" : "false");
      if (write && history.replaceState) {
        history.replaceState(null, "", "#" + example.id + "/" + (at + 1));
        keepPlace();
      }
      if (shown) {            // the step now shown: its diagram, box and button
        draw(steps[at]);
        enlargers(steps[at]);
        scrollers(steps[at]);
      }
    }
    example.addEventListener("keydown", function (e) {
      if (!example.classList.contains("stepped") || e.altKey || e.ctrlKey || e.metaKey) { return; }
      if (e.key === "ArrowRight") { go(at + 1, true, true); e.preventDefault(); }
      if (e.key === "ArrowLeft") { go(at - 1, true, true); e.preventDefault(); }
    });
    go(0, false, false);
    steppers[example.id] = go;
  }
  document.querySelectorAll("article.example").forEach(stepper);

  // an address naming a step (#example-id/3) opens the example at that step
  function follow() {
    var m = /^#(.+)\/(\d+)$/.exec(decodeURIComponent(location.hash));
    if (m && steppers[m[1]]) {
      steppers[m[1]](parseInt(m[2], 10) - 1, false, measuredOnce);
      document.getElementById(m[1]).scrollIntoView();
    }
    keepPlace();
  }
  window.addEventListener("hashchange", follow);
  follow();
  // the boxes and buttons once the page is drawn: the first paint waits for none
  function measure() {
    measuredOnce = true;
    enlargers();
    scrollers();
    document.documentElement.setAttribute("data-measured", "");
  }
  window.requestAnimationFrame(function () { window.setTimeout(measure, 0); });
  var resizing = null;
  window.addEventListener("resize", function () {
    window.clearTimeout(resizing);
    resizing = window.setTimeout(measure, 150);
  });
  // printing: the positions in words are printed with their diagrams
  // and every diagram drawn
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details").forEach(function (d) { d.open = true; });
    draw();
  });
})();
