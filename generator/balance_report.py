"""``herald balance``'s report: plots made with matplotlib, a short text under
each saying what it shows and how sure it is, as HTML and PDF in one locale.

Every share comes with its 95% Wilson interval over the games behind it (a
shared win counts as its share). A game that scores in payoffs (chips,
points: ``payoffs=True``, generator/balance.py's ``scores_payoffs``) is
reported by its mean payoff a game, by seat and by bot, to three decimals with
its 95% interval, and the report's lead says which of the two its figures are.
The plots are drawn by matplotlib's Agg backend with fixed metadata, and the
PDF by reportlab with ``invariant``, so the same results give the same bytes.

What only one game knows (Oriflamme's cards in hand, Lenormand's attack lines)
comes from the engine's observer as tags, named by the game's kit
(``balance_labels(db, locale)``): this module names no game.
"""
from __future__ import annotations

import html
import io
import math
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from .fileio import write_atomic
from .generic_words import BALANCE_BOTS as BOT_WORDS
from .generic_words import BALANCE_PAYOFFS as PAYOFF_TEXT
from .generic_words import BALANCE_REPORT as TEXT
from .render.numbers import decimal, percent, whole

Z95 = 1.959964              # the normal quantile of a two-sided 95% interval
MIN_TAG_GAMES = 20          # a tag seen in fewer seats' games is left out of its plot
PLOT_WIDTH_IN = 7.0
PLOT_DPI = 110



def payoff_text(locale: str) -> dict:
    return PAYOFF_TEXT.get(locale, PAYOFF_TEXT["en"])


def kind_sentence(locale: str, payoffs: bool, score_name: str) -> str:
    """What the report's figures are: wins, or payoffs in the game's measure."""
    t = payoff_text(locale)
    return t["kind_payoffs"].format(score=score_name) if payoffs else t["kind_wins"]



def bot_word(bot: str, locale: str) -> str:
    return BOT_WORDS.get(locale, BOT_WORDS["en"]).get(bot, bot)


def text(locale: str) -> dict:
    return TEXT.get(locale, TEXT["en"])


def wilson(wins: float, n: int) -> tuple[float, float, float]:
    """The share ``wins / n`` and its 95% Wilson interval."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # (clamped around p: at p = 0 or 1 rounding would put the bound past it)
    return p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


def mean_interval(xs) -> tuple[float, float]:
    """The mean of ``xs`` and the half-width of its 95% interval (normal)."""
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mean, Z95 * math.sqrt(var / n)


def num3(x: float, locale: str) -> str:
    """A mean payoff to three decimals, enough to tell -0.056 (Kuhn poker's
    value) from 0: -0.056 / -0,056."""
    return decimal(x, locale, 3)


def mean_text(xs, locale: str) -> tuple[str, str, str]:
    """The mean of ``xs`` and the two ends of its 95% interval, to three decimals."""
    mean, half = mean_interval(xs)
    return num3(mean, locale), num3(mean - half, locale), num3(mean + half, locale)


@dataclass
class Figure:
    name: str               # the PNG's file name, without .png
    title: str
    text: str
    png: bytes


# -- the plots -----------------------------------------------------------------------

def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    matplotlib.rcParams.update({"svg.hashsalt": "herald", "path.simplify": True,
                                "font.size": 9, "axes.spines.top": False,
                                "axes.spines.right": False})
    return plt


def _png(fig) -> bytes:
    buf = io.BytesIO()
    # no Software/date metadata: the same data, the same bytes
    fig.savefig(buf, format="png", dpi=PLOT_DPI, metadata={"Software": None},
                bbox_inches="tight", pad_inches=0.1)
    _pyplot().close(fig)
    return buf.getvalue()


def _percent(axis, locale: str) -> None:
    """Shares on ``axis`` as whole percentages in the report's locale (30 %)."""
    from matplotlib.ticker import FuncFormatter
    axis.set_major_formatter(FuncFormatter(lambda v, _: percent(v, locale, 0)))


def _bars(ax, labels, stats, fair=None, color="#3b6ea5", locale="en"):
    """Bars of shares with their intervals; a dashed line at ``fair``."""
    xs = range(len(labels))
    shares = [s[0] for s in stats]
    err = [[s[0] - s[1] for s in stats], [s[2] - s[0] for s in stats]]
    ax.bar(xs, shares, color=color, width=0.65)
    ax.errorbar(xs, shares, yerr=err, fmt="none", ecolor="#222222", capsize=4, lw=1)
    if fair is not None:
        ax.axhline(fair, color="#aa3333", ls="--", lw=1)
    ax.set_xticks(list(xs))
    ax.set_xticklabels(labels, rotation=30 if max(map(len, labels)) > 8 else 0,
                       ha="right" if max(map(len, labels)) > 8 else "center")
    ax.set_ylim(0, min(1.0, max(s[2] for s in stats) * 1.15 + 0.02))
    _percent(ax.yaxis, locale)


def _by_players(rows):
    out = defaultdict(list)
    for r in rows:
        out[r["players"]].append(r)
    return dict(sorted(out.items()))


def _games(rows) -> int:
    return len({(r["match"], r["game"]) for r in rows})


def fair_share(rows) -> float:
    """A seat's fair share of wins: the wins a game hands out (1, or 2 when
    partners win together), shared by the seats."""
    games = _games(rows)
    return sum(r["win"] for r in rows) / games / rows[0]["players"] if games else 0.0


def seats_figure(rows, locale) -> Figure:
    t = text(locale)
    plt = _pyplot()
    groups = _by_players(rows)
    fig, axes = plt.subplots(1, len(groups), figsize=(PLOT_WIDTH_IN, 3.0), squeeze=False)
    texts = []
    for ax, (n, rs) in zip(axes[0], groups.items()):
        stats = []
        for k in range(n):
            mine = [r["win"] for r in rs if r["seat"] == k]
            stats.append(wilson(sum(mine), len(mine)))
        fair = fair_share(rs)
        _bars(ax, [t["seat"].format(n=k + 1) for k in range(n)], stats, fair, locale=locale)
        ax.set_title(f"{n} p", fontsize=9)
        ax.set_ylabel(t["share"])
        off = [k for k, s in enumerate(stats) if not s[1] <= fair <= s[2]]
        verdict = t["unfair"].format(seat=off[0] + 1) if off else t["fair"]
        texts.append(t["seats.text"].format(
            players=n, first=percent(stats[0][0], locale), lo=percent(stats[0][1], locale),
            hi=percent(stats[0][2], locale), games=whole(_games(rs), locale),
            last=percent(stats[-1][0], locale), fair=percent(fair, locale), verdict=verdict))
    return Figure("seats", t["seats.title"], " ".join(texts), _png(fig))


def bots_figure(rows, locale) -> Figure | None:
    t = text(locale)
    keys = sorted({(r["players"], r["bot"]) for r in rows})
    if len({b for _, b in keys}) < 2:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(PLOT_WIDTH_IN, 3.0))
    stats = []
    for n, b in keys:
        mine = [r["win"] for r in rows if r["players"] == n and r["bot"] == b]
        stats.append(wilson(sum(mine), len(mine)))
    _bars(ax, [f"{bot_word(b, locale)} ({n} p)" for n, b in keys], stats, locale=locale)
    fair = {n: fair_share(rs) for n, rs in _by_players(rows).items()}
    for x, (n, _) in enumerate(keys):
        ax.hlines(fair[n], x - 0.4, x + 0.4, colors="#aa3333", linestyles="--", lw=1)
    ax.set_ylabel(t["share"])
    k = max(range(len(keys)), key=lambda i: stats[i][0] - fair[keys[i][0]])
    n, b = keys[k]
    best = t["bots.best"].format(bot=bot_word(b, locale), rate=percent(stats[k][0], locale),
                                 lo=percent(stats[k][1], locale), hi=percent(stats[k][2], locale),
                                 games=whole(_games([r for r in rows if r["players"] == n
                                                     and r["bot"] == b]), locale), players=n)
    return Figure("bots", t["bots.title"], t["bots.text"].format(best=best), _png(fig))


def _setting(r) -> str:
    parts = []
    if r["cards"]:
        parts.append(r["cards"])
    if r["options"]:
        parts += r["options"].split(";")
    return ", ".join(parts)


def options_figure(rows, locale, describe=None) -> Figure | None:
    """The first seat's win rate under each setting (card set and rule options),
    the settings numbered on the plot and told in words by ``describe(setting)``."""
    t = text(locale)
    settings = sorted({_setting(r) for r in rows})
    if len(settings) < 2:
        return None
    describe = describe or (lambda s: s)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(PLOT_WIDTH_IN, 3.2))
    first = [r for r in rows if r["seat"] == 0]
    stats = []
    for s in settings:
        mine = [r["win"] for r in first if _setting(r) == s]
        stats.append(wilson(sum(mine), len(mine)))
    fair = fair_share(rows) if len({r["players"] for r in first}) == 1 else None
    _bars(ax, [str(k + 1) for k in range(len(settings))], stats, fair, color="#5a8f4e",
          locale=locale)
    ax.set_ylabel(t["share"])
    hi = max(range(len(stats)), key=lambda i: stats[i][0])
    lo = min(range(len(stats)), key=lambda i: stats[i][0])
    if stats[lo][2] < stats[hi][1]:
        verdict = t["options.differ"].format(a=hi + 1, ra=percent(stats[hi][0], locale),
                                             b=lo + 1, rb=percent(stats[lo][0], locale))
    else:
        verdict = t["options.same"]
    least = min(sum(1 for r in first if _setting(r) == s) for s in settings)
    legend = " ".join(f"{k + 1}. {percent(stats[k][0], locale)} ({percent(stats[k][1], locale)} – "
                      f"{percent(stats[k][2], locale)}){t['colon']}{describe(s)}"
                      + ("" if describe(s).endswith(".") else ".")
                      for k, s in enumerate(settings))
    return Figure("options", t["options.title"],
                  t["options.text"].format(games=whole(least, locale), verdict=verdict)
                  + " " + legend,
                  _png(fig))


def scores_figure(rows, locale, score_name: str, payoffs: bool = False) -> Figure:
    """The final scores' spread by seat, and their means (to three decimals
    when they are the game's payoffs, else to one)."""
    t = text(locale)
    groups = _by_players(rows)
    n, rs = max(groups.items(), key=lambda kv: len(kv[1]))
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(PLOT_WIDTH_IN, 3.0))
    scores = [r["score"] for r in rs]
    lo, hi = min(scores), max(scores)
    bins = [x - 0.5 for x in range(lo, hi + 2)] if hi - lo <= 40 else 30
    means = []
    for k in range(n):
        mine = [r["score"] for r in rs if r["seat"] == k]
        ax.hist(mine, bins=bins, histtype="step", lw=1.4, label=t["seat"].format(n=k + 1))
        mean, half = mean_interval(mine)
        means.append(f"{num3(mean, locale)} ± {num3(half, locale)}" if payoffs else
                     f"{decimal(mean, locale, 1, least=0)} ± {decimal(half, locale, 1, least=0)}")
    from matplotlib.ticker import MaxNLocator
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))    # scores are whole numbers
    ax.set_xlabel(score_name)
    ax.set_ylabel(t["games"])
    ax.legend(frameon=False, fontsize=8)
    return Figure("scores", t["scores.title"], t["scores.text"].format(
        score=score_name, games=whole(_games(rs), locale), players=n,
        means=", ".join(means)), _png(fig))


def length_figure(rows, locale) -> Figure:
    t = text(locale)
    per_game = sorted({(r["match"], r["game"]): r["decisions"] for r in rows}.values())
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(PLOT_WIDTH_IN, 2.8))
    span = per_game[-1] - per_game[0]
    # whole numbers: one bar a value while they fit, else bars of whole widths
    step = max(1, -(-span // 60))
    bins = [per_game[0] - 0.5 + step * k for k in range(span // step + 2)]
    ax.hist(per_game, bins=bins, color="#8a6d3b")
    ax.set_xlabel(t["decisions"])
    ax.set_ylabel(t["games"])
    median = per_game[len(per_game) // 2]
    mean, half = mean_interval(per_game)
    return Figure("length", t["length.title"], t["length.text"].format(
        median=whole(median, locale), low=whole(per_game[0], locale),
        high=whole(per_game[-1], locale), mean=decimal(mean, locale, 1, least=0),
        half=decimal(half, locale, 1, least=0), games=whole(len(per_game), locale)), _png(fig))


def tags_figure(rows, locale, labels: dict, which: str) -> Figure | None:
    """``seat``: the win rate of the seats that had each tag; ``game``: the share
    of games each game tag names (the game's own facts)."""
    texts = labels.get(which)
    if not texts:
        return None
    names = labels.get("names", {})
    counts: dict[str, list[float]] = defaultdict(list)
    if which == "seat":
        for r in rows:
            for tag in r["seat_tags"].split():
                counts[tag].append(r["win"])
    else:
        games = {(r["match"], r["game"]): r["game_tags"].split() for r in rows}
        for tags in games.values():
            for tag in {x for v in games.values() for x in v}:
                counts[tag].append(1.0 if tag in tags else 0.0)
    kept = {k: v for k, v in counts.items() if len(v) >= MIN_TAG_GAMES}
    if not kept:
        return None
    t = text(locale)
    order = sorted(kept, key=lambda k: (-sum(kept[k]) / len(kept[k]), k))
    stats = [wilson(sum(kept[k]), len(kept[k])) for k in order]
    shown = [names.get(k, k) for k in order]
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(PLOT_WIDTH_IN, 0.9 + 0.32 * len(order)))
    ys = list(range(len(order)))[::-1]          # the highest share on top
    shares = [s[0] for s in stats]
    ax.barh(ys, shares, color="#7b4f9d", height=0.65)
    ax.errorbar(shares, ys, xerr=[[s[0] - s[1] for s in stats], [s[2] - s[0] for s in stats]],
                fmt="none", ecolor="#222222", capsize=3, lw=1)
    ax.set_yticks(ys)
    ax.set_yticklabels(shown)
    _percent(ax.xaxis, locale)
    if which == "seat":
        seat_rows = [r for r in rows if r["seat_tags"]]
        ax.axvline(sum(r["win"] for r in seat_rows) / len(seat_rows), color="#aa3333",
                   ls="--", lw=1)
    ax.set_xlabel(t["share"] if which == "seat" else t["share_games"])
    detail = t["tags.text"].format(best=shown[0], rate=percent(stats[0][0], locale),
                                   lo=percent(stats[0][1], locale), hi=percent(stats[0][2], locale),
                                   games=whole(len(kept[order[0]]), locale), unit=t["units"][which],
                                   worst=shown[-1],
                                   wrate=percent(stats[-1][0], locale),
                                   min=whole(MIN_TAG_GAMES, locale))
    return Figure(f"{which}_tags", texts["title"], texts["text"] + " " + detail, _png(fig))


def _payoff_bars(ax, labels, means, halves, color="#3b6ea5"):
    """Bars of mean payoffs with their 95% intervals, and the zero line."""
    xs = range(len(labels))
    ax.bar(xs, means, color=color, width=0.65)
    ax.errorbar(xs, means, yerr=halves, fmt="none", ecolor="#222222", capsize=4, lw=1)
    ax.axhline(0, color="#222222", lw=0.8)
    ax.set_xticks(list(xs))
    long = max(map(len, labels)) > 8
    ax.set_xticklabels(labels, rotation=30 if long else 0, ha="right" if long else "center")


def payoff_seats_figure(rows, locale) -> Figure:
    """Each seat's mean payoff a game, with its 95% interval, against a seat's mean."""
    t, p = text(locale), payoff_text(locale)
    plt = _pyplot()
    groups = _by_players(rows)
    fig, axes = plt.subplots(1, len(groups), figsize=(PLOT_WIDTH_IN, 3.0), squeeze=False)
    texts = []
    for ax, (n, rs) in zip(axes[0], groups.items()):
        stats = [mean_interval([r["payoff"] for r in rs if r["seat"] == k]) for k in range(n)]
        fair = sum(r["payoff"] for r in rs) / len(rs)
        _payoff_bars(ax, [t["seat"].format(n=k + 1) for k in range(n)],
                     [m for m, _ in stats], [h for _, h in stats])
        ax.axhline(fair, color="#aa3333", ls="--", lw=1)
        ax.set_title(f"{n} p", fontsize=9)
        ax.set_ylabel(p["axis"])
        off = [k for k, (m, h) in enumerate(stats) if not m - h <= fair <= m + h]
        first, lo, hi = mean_text([r["payoff"] for r in rs if r["seat"] == 0], locale)
        texts.append(p["seats_text"].format(
            players=n, games=whole(_games(rs), locale), first=first, lo=lo, hi=hi,
            last=num3(stats[-1][0], locale), fair=num3(fair, locale),
            verdict=p["unfair"].format(seat=off[0] + 1) if off else p["fair"]))
    return Figure("seats", p["seats_title"], " ".join(texts), _png(fig))


def payoff_bots_figure(rows, locale) -> Figure | None:
    """Each bot's mean payoff a game (by player count), with its 95% interval."""
    keys = sorted({(r["players"], r["bot"]) for r in rows})
    if len({b for _, b in keys}) < 2:
        return None
    p = payoff_text(locale)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(PLOT_WIDTH_IN, 3.0))
    mine = [[r["payoff"] for r in rows if r["players"] == n and r["bot"] == b]
            for n, b in keys]
    stats = [mean_interval(xs) for xs in mine]
    labels = [f"{bot_word(b, locale)} ({n} p)" for n, b in keys]
    _payoff_bars(ax, labels, [m for m, _ in stats], [h for _, h in stats])
    ax.set_ylabel(p["axis"])
    means = "; ".join("{}: {} ({} – {})".format(label, *mean_text(xs, locale))
                      for label, xs in zip(labels, mine))
    return Figure("bots", p["bots_title"], p["bots_text"].format(means=means), _png(fig))


def figures(rows, locale: str, score_name: str, labels: dict, describe=None,
            payoffs: bool = False) -> list[Figure]:
    """The report's figures; ``payoffs``: the game scores in payoffs, so the
    seats and bots are compared by mean payoff rather than by wins."""
    if payoffs:
        head = [payoff_seats_figure(rows, locale), payoff_bots_figure(rows, locale)]
    else:
        head = [seats_figure(rows, locale), bots_figure(rows, locale)]
    out = [*head, options_figure(rows, locale, describe),
           scores_figure(rows, locale, score_name, payoffs), length_figure(rows, locale),
           tags_figure(rows, locale, labels, "seat"), tags_figure(rows, locale, labels, "game")]
    return [f for f in out if f is not None]


# -- the documents ---------------------------------------------------------------------

@dataclass
class Report:
    title: str
    lead: str
    closing: str
    figures: list[Figure]


def write_html(path: Path, report: Report, locale: str) -> None:
    e = html.escape
    parts = [f"<!DOCTYPE html>\n<html lang=\"{e(locale)}\">\n<head>\n<meta charset=\"utf-8\">\n"
             "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
             f"<title>{e(report.title)}</title>\n<style>body{{font-family:Georgia,serif;"
             "max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.45;color:#222}"
             "img{max-width:100%;height:auto}h2{margin-top:2rem}"
             "footer{color:#666;font-size:.9em;margin-top:2rem}</style>\n</head>\n<body>\n",
             f"<h1>{e(report.title)}</h1>\n<p>{e(report.lead)}</p>\n"]
    for f in report.figures:
        parts.append(f"<section id=\"{e(f.name)}\">\n<h2>{e(f.title)}</h2>\n"
                     f"<img src=\"plots/{e(f.name)}.png\" alt=\"{e(f.title)}\">\n"
                     f"<p>{e(f.text)}</p>\n</section>\n")
    parts.append(f"<footer>{e(report.closing)}</footer>\n</body>\n</html>\n")
    write_atomic(path, "".join(parts))


def write_pdf(path: Path, report: Report, locale: str) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.platypus import Image, KeepTogether, Paragraph, SimpleDocTemplate, Spacer

    from .render.dates import DatedCanvas
    from .render.fonts import register_fonts
    fonts = register_fonts()
    body = ParagraphStyle("body", fontName=fonts.regular, fontSize=10.5, leading=14)
    head = ParagraphStyle("head", fontName=fonts.title_bold, fontSize=13, leading=17,
                          spaceBefore=8, spaceAfter=4)
    title = ParagraphStyle("title", fontName=fonts.title_bold, fontSize=18, leading=22,
                           spaceAfter=8)
    small = ParagraphStyle("small", parent=body, fontSize=9, textColor="#555555")
    e = html.escape
    story = [Paragraph(e(report.title), title), Paragraph(e(report.lead), body)]
    width = 170 * mm
    for f in report.figures:
        from PIL import Image as PILImage
        w, h = PILImage.open(io.BytesIO(f.png)).size
        story.append(KeepTogether([Paragraph(e(f.title), head),
                                   Image(io.BytesIO(f.png), width=width, height=width * h / w),
                                   Spacer(1, 2 * mm), Paragraph(e(f.text), body)]))
    story += [Spacer(1, 6 * mm), Paragraph(e(report.closing), small)]
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4, leftMargin=20 * mm, rightMargin=20 * mm,
                            topMargin=18 * mm, bottomMargin=18 * mm, invariant=1,
                            title=report.title, author="Herald", lang=locale,
                            initialFontName=fonts.regular)
    doc.build(story, canvasmaker=DatedCanvas)
    write_atomic(path, buf.getvalue())
