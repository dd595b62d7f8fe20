"""A report as a Markdown page (DIR/README.md), for reports kept in a repository (docs/balance/): the
main tables, the PNG plots and the command that regenerates it, all from report.json's data."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .formats import ending_length_keys, median_quartiles, number, p_text, percent, wins

__all__ = ["plot_names", "render_markdown"]


def _p(p: float) -> str:
    text = p_text(p)
    return f"**{text}**" if p < 0.05 else text


def _earlier(run: dict[str, Any]) -> str:
    if not run.get("earlier_games"):
        loaded = run.get("games_loaded", 0)
        return f"; {loaded:,} games loaded from saved records, played by an earlier run" if loaded else ""
    return (f"; {run['games_loaded']:,} games loaded from saved records, played by earlier runs "
            f"({run['earlier_games']:,} games in {run['earlier_play_seconds']:.0f} s)")


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return [*lines, ""]


def _mean(d: dict[str, Any]) -> str:
    return f"{number(d['mean'])} ({number(d['ci95_low'])} to {number(d['ci95_high'])})"


def render_markdown(data: dict[str, Any], plots: Sequence[str]) -> str:
    """The page of a report's data; `plots` names the plots drawn (plots/<name>.png)."""
    sides = data["sides"]
    many = len(sides) > 1
    run = data["run"]
    compared = set(sides[0]["changed"]) if many else set()  # shown per side, not as the base's value
    options = ", ".join(f"{k}={v}" for k, v in data["options"].items() if k not in compared)
    lines = [f"# {data['game_name']}: {data['players']} players"
             + (f", {sides[0]['label']} against {sides[1]['label']}" if many else ""), "",
             "Regenerate (the records are not kept in the repository; a rerun with the same command replays "
             "nothing it has saved):", "", "```", data["command"], "```", "",
             f"{data['games']:,} games{' per side' if many else ''}, agents {', '.join(data['agents'])}, "
             f"base seed {data['seed']}; options: {options}. Made with gangland {data['gangland_version']} "
             f"({run['build']}) in {run['seconds']:.0f} s ({run['jobs']} job(s)){_earlier(run)}. "
             "Intervals are 95% (Wilson "
             "for rates, normal for means); p-values below 0.05 in bold. Every number is in "
             "[report.json](report.json); the command also writes index.html (the same page, self-contained, "
             "plots inline) and every plot as SVG.", ""]
    if many:
        lines += [f"Both sides played the same seeds and seatings; differences are {sides[0]['label']} minus "
                  f"{sides[1]['label']}, " + ("paired game by game." if data["comparison"]["paired"]
                                              else "as independent samples."), ""]

    def plot(name: str) -> None:
        if name in plots:
            lines.extend([f"![{name}](plots/{name}.png)", ""])

    lines += ["## Win rate by seat", "",
              "Seat 0 is the first seat at the table; whether it also plays first depends on the game and "
              "its options (Downtown, Protection Racket and Supergang: `first_seat=seat0`; Razzia!: the "
              "highest cheque starts, seat 0's with `cheque_sets=by_seat`).", ""]
    plot("win_rate_by_seat")
    for side in sides:
        if many:
            lines += [f"**{side['label']}**", ""]
        lines += _table(("seat", "wins", "win rate", "95% CI", "fair share", "mean score"), [
            [f"seat {s['seat']}", wins(s["wins"]), percent(s["win_rate"]),
             f"{percent(s['ci95'][0])} to {percent(s['ci95'][1])}", percent(s["fair_share"]),
             number(s["score"]["mean"])]
            for s in side["seats"]])
        balance, first = side["seat_balance"], side["first_seat"]
        lines += [f"Seat balance: chi² = {balance['chi_square']:.2f} ({balance['df']} df), "
                  f"p = {_p(balance['p_value'])}. First seat {percent(first['estimate'])} against "
                  f"{percent(side['seats'][0]['fair_share'])}: z = {first['z']:.2f}, "
                  f"p = {_p(first['p_value'])}. "
                  f"Tied for first on score: {percent(side['ties']['tied_first_rate'])} of games; "
                  f"shared wins: {percent(side['ties']['shared_win_rate'])}.", ""]
    if many:
        comparison = data["comparison"]
        rows = [[f"seat {i} win rate", f"{100 * d['estimate']:+.1f} pts",
                 f"{100 * d['ci95'][0]:+.1f} to {100 * d['ci95'][1]:+.1f}", _p(d["p_value"])]
                for i, d in enumerate(comparison["win_rate_by_seat"])]
        d = comparison["tied_first"]
        rows.append(["tied for first", f"{100 * d['estimate']:+.1f} pts",
                     f"{100 * d['ci95'][0]:+.1f} to {100 * d['ci95'][1]:+.1f}", _p(d["p_value"])])
        rows += [[k, f"{d['estimate']:+,.2f}", f"{d['ci95'][0]:+,.2f} to {d['ci95'][1]:+,.2f}",
                  _p(d["p_value"])]
                 for group in ("length", "events") for k, d in comparison[group].items()]
        lines += ["## Differences", "", *_table(("per game", "difference", "95% CI", "p"), rows)]

    lines += ["## Scores and length", ""]
    for name in ("scores_by_seat", "scores_by_rank", "margin", "length"):
        plot(name)
    head = ["", *(side["label"] for side in sides)] if many else ["", "mean (95% CI)"]
    keys = [f"rank {r}" for r in sides[0]["scores_by_rank"]]
    rows = [[k, *(_mean(side["scores_by_rank"][k.removeprefix("rank ")]) for side in sides)] for k in keys]
    rows.append(["margin first - second", *(_mean(side["margin_first_second"]) for side in sides)])
    rows += [[k, *(_mean(side["length"][k]) for side in sides)] for k in sides[0]["length"]
             if all(k in side["length"] for side in sides)]
    lines += _table(head, rows)

    winners_and_rest = (
        ("breakdown", "What wins: mean points of winners and of the rest", "category"),
        ("seat_events", "What winners did: mean per seat and game, winners and the rest", ""))
    for key, title, first in winners_and_rest:
        if not sides[0].get(key):
            continue
        lines += [f"## {title}", ""]
        plot(key)
        head = [first, *(f"{w} {side['label']}" if many else w for side in sides
                         for w in ("winners", "the rest"))]
        lines += _table(head, [[c, *(_mean(side[key][c][w]) for side in sides
                                     for w in ("winners", "rest"))] for c in sides[0][key]])
    events = list(dict.fromkeys(k for side in sides for k in side["events"]))
    if events or any(side["endings"] for side in sides):
        lines += ["## Events per game", ""]
        for name in ("events", "endings", "event_values"):
            plot(name)
        head = ["", *(side["label"] for side in sides)] if many else ["", "mean (95% CI)"]
        rows = [[k, *(_mean(side["events"][k]) if k in side["events"] else "-" for side in sides)]
                for k in events]
        rows += [[k, *(_mean(side["event_values"][k]) for side in sides)] for k in sides[0]["event_values"]
                 if all(k in side["event_values"] for side in sides)]
        endings = list(dict.fromkeys(k for side in sides for k in side["endings"]))
        rows += [[f"ending: {k}", *(percent(side["endings"][k]["rate"]) if k in side["endings"] else "0.0%"
                                    for side in sides)] for k in endings]
        lines += _table(head, rows)
    for side in sides:
        keys = ending_length_keys(side)
        if not keys:
            continue
        label = f" ({side['label']})" if many else ""
        lines += [f"How games end{label}: the share of each ending and the length of the games that "
                  "ended so (median, quartiles in brackets)", ""]
        lines += _table(("ending", "games", "share", "95% CI", *keys), [
            [k, f"{d['games']:,}", percent(d["rate"]), f"{percent(d['ci95'][0])} to {percent(d['ci95'][1])}",
             *(median_quartiles(d, key) for key in keys)] for k, d in side["endings"].items()])
    return "\n".join(lines).rstrip() + "\n"


def plot_names(folder: Path) -> list[str]:
    """The plots drawn in a report folder (plots/*.png)."""
    return sorted(path.stem for path in (folder / "plots").glob("*.png"))
