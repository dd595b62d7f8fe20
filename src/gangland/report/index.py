"""The summary of a folder of reports (docs/balance/README.md): one table row per report and side, read
from each report.json, written between the markers `<!-- reports -->` and `<!-- /reports -->`; and for
each series of reports named NAME-2p, NAME-3p, ..., a plot of win rate by seat against the player count
(NAME-by-players.png). With --pages, every report's plots and pages are first made again from its
report.json (after a change to the pages; nothing is played again).

    python -m gangland.report.index [--pages] docs/balance
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

__all__ = ["draw_series", "summary_rows", "update_index"]

START, END = "<!-- reports -->", "<!-- /reports -->"


def _p(p: float) -> str:
    text = "<0.0001" if p < 1e-4 else f"{p:.4f}"
    return f"**{text}**" if p < 0.05 else text


def summary_rows(folder: Path) -> list[str]:
    """A Markdown table: per report folder and side, games, win rate by seat, the seat balance test's p,
    the first seat's rate and p, and mean decisions."""
    rows = ["| report | side | games | win rate by seat | balance p | first seat (p) | decisions |",
            "|---|---|---|---|---|---|---|"]
    for path in sorted(folder.glob("*/report.json")):
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        name = path.parent.name
        for side in data["sides"]:
            rates = " / ".join(f"{100 * s['win_rate']:.1f}" for s in side["seats"])
            first = side["first_seat"]
            decisions = side["length"].get("decisions", {}).get("mean", 0.0)
            label = "" if side["label"] == "all" else side["label"]
            rows.append(f"| [{name}]({name}/README.md) | {label} | {side['games']:,} | {rates} | "
                        f"{_p(side['seat_balance']['p_value'])} | {100 * first['estimate']:.1f}% "
                        f"({_p(first['p_value'])}) | {decisions:.0f} |")
    return rows


def update_index(folder: Path) -> None:
    """Rewrite the table between the markers of folder/README.md."""
    readme = folder / "README.md"
    text = readme.read_text(encoding="utf-8")
    head, found, rest = text.partition(START)
    if not found or END not in rest:
        raise SystemExit(f"{readme} has no {START} ... {END} markers")
    tail = rest.partition(END)[2]
    readme.write_text(head + START + "\n" + "\n".join(summary_rows(folder)) + "\n" + END + tail,
                      encoding="utf-8")


def draw_series(folder: Path) -> list[Path]:
    """For every series NAME-<n>p of single-side reports, NAME-by-players.png: each seat's win rate with its
    95% interval, one group per player count, against the fair share."""
    from .plots import COLOURS, need_matplotlib

    series: dict[str, dict[int, dict[str, Any]]] = {}
    for path in sorted(folder.glob("*/report.json")):
        match = re.fullmatch(r"(.+)-(\d)p", path.parent.name)
        data = json.loads(path.read_text(encoding="utf-8"))
        if match and len(data["sides"]) == 1:
            series.setdefault(match[1], {})[int(match[2])] = data["sides"][0]
    plt = need_matplotlib()
    written = []
    for name, by_players in series.items():
        fig = plt.figure(figsize=(8, 4))
        ax = fig.add_subplot(1, 1, 1)
        x = 0.0
        ticks = []
        for players, side in sorted(by_players.items()):
            xs = [x + seat for seat in range(players)]
            rates = [s["win_rate"] for s in side["seats"]]
            errors = [[r - s["ci95"][0] for r, s in zip(rates, side["seats"], strict=True)],
                      [s["ci95"][1] - r for r, s in zip(rates, side["seats"], strict=True)]]
            ax.bar(xs, rates, color=COLOURS[0], yerr=errors, capsize=2)
            ax.hlines(1 / players, xs[0] - 0.4, xs[-1] + 0.4, colors="black", linestyles="--", linewidth=1)
            ticks.append(((xs[0] + xs[-1]) / 2, f"{players} players\n(seats 0-{players - 1})"))
            x += players + 1
        ax.set_xticks([t for t, _ in ticks], [label for _, label in ticks])
        ax.set_ylabel("share of games won")
        fig.suptitle(f"{name}: win rate by seat and player count (95% intervals; dashed: fair share)",
                     fontsize=10)
        fig.tight_layout()
        target = folder / f"{name}-by-players.png"
        fig.savefig(target, dpi=100)
        plt.close(fig)
        written.append(target)
    return written


if __name__ == "__main__":
    arguments = sys.argv[1:]
    pages = "--pages" in arguments
    where = Path(next((a for a in arguments if a != "--pages"), "docs/balance"))
    if pages:
        from .build import render_report

        for path in sorted(where.glob("*/report.json")):
            render_report(path.parent)
    update_index(where)
    draw_series(where)
