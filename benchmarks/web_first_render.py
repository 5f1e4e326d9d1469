"""The web edition's first render on a slow phone, by hand:
``python benchmarks/web_first_render.py [--game oriflamme] [--lang fr]`` (not a test).

Builds the game's web edition once, then opens each page of its worked
examples (``examples-*.html``, a chapter a page; ``--pages`` for others) in
headless Chromium with a phone's metrics (360 px wide, mobile) and the CPU
slowed 4x (``Emulation.setCPUThrottlingRate`` over CDP), as a phone at the
table would. Each page is loaded ``--runs`` times, interleaved with its
floors; the figures are medians, in ms from the navigation's start:

* paint: the first contentful paint;
* load: the end of the load event;
* render: the first screen shown whole: the first frame after the load
  event, and after the diagrams near the screen are drawn (edition.js marks
  ``herald-drawn`` once it has drawn them and a frame has passed).

Beside each page, in the same run, measured the same way from copies of the
page written beside it (same stylesheet, fonts and scripts):

* text: the page without its drawings (every ``<svg>`` emptied, its size
  kept): what the words alone cost, the floor;
* eager: the page with every diagram drawn as the page is read (its
  ``<noscript class="later">`` taken off), as the pages were before their
  diagrams waited to be near the screen.

Target: every examples page rendered in under 1 s at 4x; the ratio to the
text floor is the figure to compare across machines.
"""
from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

THROTTLE = 4
PHONE = {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True}
TARGET_SECONDS = 1.0

# the first frame after the load event, marked by the page itself
_FRAME = """
window.addEventListener('load', () => requestAnimationFrame(
  () => setTimeout(() => performance.mark('bench-frame'), 0)));
"""
_MEASURE = """
const done = arguments[arguments.length - 1];
function mark(name) {
  const m = performance.getEntriesByName(name);
  return m.length ? m[0].startTime : null;
}
function read() {
  const frame = mark('bench-frame');
  const held = document.querySelector('noscript.later, .drawing-space') !== null
    || performance.getEntriesByName('herald-drawn').length > 0;
  const drawn = mark('herald-drawn');
  if (frame === null || (held && drawn === null)) { setTimeout(read, 20); return; }
  const paint = performance.getEntriesByType('paint')
      .find(e => e.name === 'first-contentful-paint');
  done({fcp: paint ? paint.startTime : frame,
        load: performance.getEntriesByType('navigation')[0].loadEventEnd,
        render: Math.max(frame, drawn || 0)});
}
read();
"""


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    profile = tempfile.mkdtemp(prefix="herald-bench-")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--hide-scrollbars",
                f"--user-data-dir={profile}"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")
                                              or "/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(120)
    driver.set_page_load_timeout(120)
    return driver, profile


def first_render(driver, url: str) -> dict:
    """One load of ``url``, with the phone's metrics and the slowed CPU."""
    driver.get("about:blank")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    try:
        driver.get(url)
        return driver.execute_async_script(_MEASURE)
    finally:
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})


_SVG = re.compile(r"<svg\b[^>]*>.*?</svg>", re.S)
_HELD = re.compile(r'<noscript class="later">(.*?)</noscript>', re.S)


def text_only(html: str) -> str:
    """The page without its drawings: each ``<svg>`` left empty (its size
    and name kept, so the words flow as they do around it)."""
    return _SVG.sub(lambda m: m.group(0).split(">", 1)[0] + "></svg>", html)


def eager(html: str) -> str:
    """The page with every diagram drawn as it is read: none held for later."""
    return _HELD.sub(r"\1", html)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="oriflamme")
    parser.add_argument("--lang", default="fr")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--edition", type=Path, help="an edition already built (its web folder)")
    parser.add_argument("--pages", nargs="+", default=["examples-*.html"],
                        help="which pages (globs)")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="herald-web-bench-"))
    folder = args.edition
    try:
        if folder is None:
            from herald.generator.cmd_rules import build_web
            build_web(args.game, args.lang, out=tmp)
            folder = tmp / args.game / args.lang / "web"
        variants = {}
        chosen = {p for pattern in args.pages for p in folder.glob(pattern)}
        for page in sorted(p for p in chosen if not p.name.startswith("floor-")):
            html = page.read_text(encoding="utf-8")
            floors = []
            for kind, floor in (("text", text_only), ("eager", eager)):
                path = folder / f"floor-{kind}-{page.name}"
                path.write_text(floor(html), encoding="utf-8")
                floors.append(path)
            variants[page.name] = (page, *floors)
        driver, profile = browser()
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _FRAME})
        worst = 0.0
        try:
            print(f"{args.game} ({args.lang}), CPU slowed {THROTTLE}x, 360 px phone; "
                  f"median of {args.runs} loads, ms from the navigation's start")
            print(f"{'page':26} {'KB':>4} {'paint':>6} {'load':>6} {'render':>6} | "
                  f"{'text':>6} {'eager':>6} | {'/text':>5} {'/eager':>6}")
            for name, files in variants.items():
                runs: list[list[dict]] = [[] for _ in files]
                for _ in range(args.runs):     # interleaved: a drift touches all alike
                    for kept, path in zip(runs, files):
                        kept.append(first_render(driver, path.as_uri()))

                def med(kept, key):
                    return statistics.median(r[key] for r in kept)
                page, text_f, eager_f = (med(k, "render") for k in runs)
                worst = max(worst, page)
                size = files[0].stat().st_size / 1024
                print(f"{name:26} {size:4.0f} {med(runs[0], 'fcp'):6.0f} "
                      f"{med(runs[0], 'load'):6.0f} {page:6.0f} | {text_f:6.0f} {eager_f:6.0f}"
                      f" | {page / text_f:5.2f} {page / eager_f:6.2f}")
        finally:
            driver.quit()
            shutil.rmtree(profile, ignore_errors=True)
        print(f"slowest page rendered in {worst:.0f} ms (target under "
              f"{TARGET_SECONDS * 1000:.0f} ms)")
        return 0 if worst < TARGET_SECONDS * 1000 else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if folder is not None:
            for path in folder.glob("floor-*.html"):
                path.unlink()


if __name__ == "__main__":
    sys.exit(main())
