"""Build a report: play (or load) the games, count their facts, analyse, draw, write the page.

>>> # See tests/report/test_build.py for a whole report built end to end.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gangland import __version__
from gangland.engine import OptionError
from gangland.engine.compiled import build
from gangland.games import get
from gangland.sim import BACKENDS, SimConfig

from .analyse import analyse_side, compare_sides
from .markdown import render_markdown
from .page import render_page
from .plots import Plot, draw_plots, need_matplotlib
from .run import Side, parse_compare, play_sides, write_json

__all__ = ["build_report", "render_report", "report_sides"]


def report_sides(base: SimConfig, compare: str | None) -> tuple[Side, ...]:
    """The sides of a report: the one run, or the two of `--compare`; OptionError for a bad spec."""
    game = base.check()
    if compare is None:
        return (Side("all", base),)
    return parse_compare(compare, game, base)


def build_report(base: SimConfig, out: Path, *, compare: str | None = None, jobs: int = 1,
                 backend: str = "process", command: str = "",
                 on_record: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play what is not saved yet in `out`, then write out/report.json, out/index.html, out/README.md
    (the same as Markdown) and out/plots/.

    Returns the report's data (report.json's content). OptionError for bad input, before any game is
    played (matplotlib missing included).
    """
    started = time.perf_counter()
    sides = report_sides(base, compare)
    if backend not in BACKENDS:
        raise OptionError(f"no backend {backend!r}; choose from: {', '.join(BACKENDS)}")
    need_matplotlib()
    game = get(base.game)
    records, loaded = play_sides(sides, out, jobs, backend, on_record)
    play_seconds = time.perf_counter() - started
    facts = [[game.facts(record) for record in side_records] for side_records in records]
    analysed = [{"label": side.label, "changed": dict(side.changed), **analyse_side(r, f)}
                for side, r, f in zip(sides, records, facts, strict=True)]
    data: dict[str, Any] = {
        "format": "gangland-report", "format_version": 1,
        "game": game.id, "game_name": game.name, "game_version": game.version,
        "gangland_version": __version__, "players": base.players, "agents": list(base.agents),
        "games": base.games, "seed": base.seed, "options": game.resolve_options(base.options),
        "command": command, "sides": analysed,
        "comparison": (compare_sides((records[0], facts[0]), (records[1], facts[1]), paired=True)
                       if len(sides) == 2 else None),
    }
    if compare is not None:
        data["compare"] = compare
    data["run"] = {"build": build(), "jobs": jobs, "backend": backend,
                   "games_loaded": loaded, "games_played": sum(map(len, records)) - loaded,
                   "play_seconds": play_seconds, "seconds": 0.0, **_earlier(out, loaded)}
    plots = draw_plots(data, out / "plots")
    data["run"]["seconds"] = time.perf_counter() - started
    write_json(out / "report.json", data)
    _write_pages(data, plots, out)
    return data


def _earlier(out: Path, loaded: int) -> dict[str, float]:
    """What earlier runs of this report (its last report.json) spent playing the games now loaded:
    {"earlier_games": n, "earlier_play_seconds": s}, or nothing if unknown."""
    try:
        run = json.loads((out / "report.json").read_text(encoding="utf-8"))["run"]
        games = run["games_played"] + run.get("earlier_games", 0)
        seconds = run["play_seconds"] + run.get("earlier_play_seconds", 0.0)
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {"earlier_games": games, "earlier_play_seconds": seconds} if loaded and games else {}


def render_report(out: Path) -> dict[str, Any]:
    """Draw the plots and write the pages of the report in `out` again from its report.json alone (after
    a change to the pages or plots; nothing is played or counted again)."""
    data: dict[str, Any] = json.loads((out / "report.json").read_text(encoding="utf-8"))
    _write_pages(data, draw_plots(data, out / "plots"), out)
    return data


def _write_pages(data: dict[str, Any], plots: list[Plot], out: Path) -> None:
    (out / "index.html").write_text(render_page(data, plots), encoding="utf-8")
    (out / "README.md").write_text(render_markdown(data, [plot.name for plot in plots]), encoding="utf-8")
