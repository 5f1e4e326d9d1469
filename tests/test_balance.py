"""``herald balance``: the same seeds give the same rows on 1 process, 2
processes and a 2-worker Dask cluster; a stopped sweep resumes from its
chunks; the report is written with its plots; bad plans are one line."""
from __future__ import annotations

import dataclasses

import pytest
from conftest import herald_here
from herald.generator.balance import Match, Plan, chunk_name, grid, run_plan, to_csv
from herald.generator.errors import InputError


def _plan() -> Plan:
    plan = grid("oriflamme", players=[3], bots=[("greedy", "random", "random")],
                options={"spy_self_target": ["forced", "free"]}, games=6, seed=11)
    return dataclasses.replace(plan, chunk=2)      # 6 chunks: enough to share out


def test_the_same_rows_on_any_number_of_processes_and_on_dask():
    plan = _plan()
    one = to_csv(run_plan(plan, jobs=1))
    assert to_csv(run_plan(plan, jobs=2)) == one
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        assert to_csv(run_plan(plan, scheduler=client)) == one
    rows = run_plan(plan, jobs=1)
    assert len(rows) == 2 * 6 * 3                     # matches × games × seats
    # seats rotate: the greedy bot sits in each seat twice in each match
    for m in plan.matches:
        seats = [r["seat"] for r in rows if r["match"] == m.key() and r["bot"] == "greedy"]
        assert sorted(seats) == [0, 0, 1, 1, 2, 2]
    # every game has its winners' shares adding to one
    for m in plan.matches:
        for i in range(6):
            wins = [r["win"] for r in rows if r["match"] == m.key() and r["game"] == i]
            assert abs(sum(wins) - 1) < 1e-6


def test_a_stopped_sweep_resumes_from_its_chunks(tmp_path):
    plan = _plan()
    whole = to_csv(run_plan(plan, jobs=1))
    folder = tmp_path / "chunks"
    first = Plan(plan.matches[:1], chunk=plan.chunk)     # as if stopped after match 1
    run_plan(first, jobs=1, folder=folder)
    kept = sorted(p.name for p in folder.iterdir())
    assert kept == sorted(chunk_name(plan.matches[0], a) for a in (0, 2, 4))
    # a chunk on disk is read back, not played again: spoil one and see it come back
    spoiled = folder / kept[0]
    marked = spoiled.read_text().replace(",greedy,", ",GREEDY,", 1)
    spoiled.write_text(marked)
    played = []
    rows = run_plan(plan, jobs=1, folder=folder, done=played.append)
    assert played[0] == 6                     # match 1's six games were already done
    assert "GREEDY" in to_csv(rows)
    spoiled.unlink()
    assert to_csv(run_plan(plan, jobs=1, folder=folder)) == whole


def test_bad_plans_are_one_line():
    with pytest.raises(InputError, match="unknown bot"):
        grid("oriflamme", players=[3], bots=[("greedy", "wizard", "random")])
    with pytest.raises(InputError, match="--option"):
        grid("lenormand", players=[2], bots=[("greedy",)], options={"heal": ["maybe"]})
    with pytest.raises(InputError, match="--players"):
        grid("aset", players=[9], bots=[("greedy",)])
    assert Match("aset", "base", 3, ("greedy",) * 3).key() != \
        Match("aset", "base", 3, ("greedy",) * 3, seed=1).key()


def test_the_command_writes_the_report(tmp_path):
    out = tmp_path / "report"
    result = herald_here("balance", "lenormand", "--games", "40", "--jobs", "1", "--lang", "fr",
                    "--option", "other_supports=barred,bonus_only", "--out", str(out))
    assert result.returncode == 0, result.stderr
    for name in ("report.html", "report.pdf", "results.csv", "plots/seats.png",
                 "plots/options.png", "plots/game_tags.png"):
        assert (out / name).is_file(), name
    html = (out / "report.html").read_text()
    assert "Victoires par place" in html and "intervalle à 95" in html
    # a win/loss game: the report says its figures are wins
    assert "Les chiffres sont des victoires" in html and "Gains par place" not in html
    assert (out / "results.csv").read_text().count("\n") == 1 + 2 * 40 * 2
    before = {name: (out / name).read_bytes()
              for name in ("results.csv", "plots/seats.png", "report.pdf", "report.html")}
    again = herald_here("balance", "lenormand", "--games", "40", "--jobs", "1", "--lang", "fr",
                   "--option", "other_supports=barred,bonus_only", "--out", str(out))
    assert again.returncode == 0
    # resumed from the chunks: the same bytes, plots and PDF included
    for name, data in before.items():
        assert (out / name).read_bytes() == data, name
    bad = herald_here("balance", "lenormand", "--option", "other_supports", "--out", str(out))
    assert bad.returncode == 2 and "--option" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1


def test_an_interval_holds_its_share_even_at_zero_and_one():
    from herald.generator.balance_report import wilson
    for wins, n in ((0, 1000), (1000, 1000), (0, 7), (3, 7)):
        p, lo, hi = wilson(wins, n)
        assert 0 <= lo <= p <= hi <= 1
    assert wilson(0, 1000)[2] > 0            # no win in 1000 games is not a sure 0%


def test_a_payoff_game_is_reported_by_mean_payoffs_to_three_decimals():
    from herald.generator.balance_report import figures, kind_sentence
    # Kuhn poker's first seat at its value, -1/18: 2,000 hands whose mean is
    # -0.0555 (in every 18 hands a 2, seven 1s and ten -1s: one chip lost)
    first = ([2.0] + [1.0] * 7 + [-1.0] * 10) * 111 + [1.0, -1.0]
    rows = [{"match": "m", "game": i, "seat": k, "players": 2, "bot": "ismcts",
             "payoff": x if k == 0 else -x, "win": float((x > 0) == (k == 0)),
             "score": int(x if k == 0 else -x), "decisions": 2, "cards": "", "options": "",
             "seat_tags": "", "game_tags": ""}
            for i, x in enumerate(first) for k in (0, 1)]
    assert round(sum(first) / len(first), 4) == -0.0555
    figs = {f.name: f for f in figures(rows, "en", "chips", {}, payoffs=True)}
    assert figs["seats"].title == "Payoff by seat"
    assert "the first seat wins -0.056 a game on average (95% interval -0.1" in figs["seats"].text
    assert "means -0.056 ± 0.0" in figs["scores"].text
    french = {f.name: f for f in figures(rows, "fr", "jetons", {}, payoffs=True)}
    assert "-0,056" in french["seats"].text
    assert kind_sentence("en", True, "chips").startswith("The figures are payoffs (chips)")
    assert kind_sentence("de", False, "Punkte").startswith("Die Zahlen sind Siege")


def _win_rows(first_wins: int, games: int) -> list[dict]:
    """Two-seat games of which the first seat wins ``first_wins``."""
    return [{"match": "m", "game": i, "seat": k, "players": 2, "bot": "greedy",
             "payoff": 0.0, "win": float((i < first_wins) == (k == 0)), "score": 0,
             "decisions": 7, "cards": "", "options": "", "seat_tags": "", "game_tags": ""}
            for i in range(games) for k in (0, 1)]


@pytest.mark.parametrize("locale, share, count", [
    ("en", "45.2%", "1,000"), ("de", "45,2\u00a0%", "1.000"), ("es", "45,2\u00a0%", "1.000"),
    ("fr", "45,2\u00a0%", "1\u202f000")])
def test_numbers_are_written_as_the_readers_language_writes_them(locale, share, count):
    # 452 wins in 1,000 games: the share, and the count, in Babel's (CLDR's)
    # signs and spacing for the locale (German once printed 45.2%)
    from herald.generator.balance_report import figures
    seats = {f.name: f for f in figures(_win_rows(452, 1000), locale, "points", {})}["seats"]
    assert share in seats.text and count in seats.text, seats.text
    assert ("45.2" in seats.text) == (locale == "en")


def test_the_report_offers_every_language_the_translation_layer_knows():
    from herald.generator.cmd_balance import LOCALES
    from herald.generator.translations import GENERIC, po_locales, source_language
    assert set(LOCALES) == {source_language(GENERIC), *po_locales(GENERIC)}
    assert {"fr", "en", "de", "es"} <= set(LOCALES)
