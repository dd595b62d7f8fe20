"""The report's plots, drawn with matplotlib (Agg: no display) from the report's numbers alone, so that
every plot shows what report.json holds. Each is saved as PNG and SVG; the page embeds the SVG."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gangland.engine import OptionError

__all__ = ["Plot", "draw_plots", "need_matplotlib"]

COLOURS = ("#3b6ea8", "#d08a2c")
"""One colour per side of a comparison."""


def need_matplotlib() -> Any:
    """matplotlib.pyplot on the Agg backend, or OptionError naming the extra to install."""
    try:
        import matplotlib
    except ImportError:
        raise OptionError("gangland report draws its plots with matplotlib: "
                          "pip install 'gangland[report]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


@dataclass(frozen=True)
class Plot:
    """A drawn plot: its file stem, title, and SVG text (also saved as stem.svg and stem.png)."""

    name: str
    title: str
    svg: str


def draw_plots(data: dict[str, Any], folder: Path) -> list[Plot]:
    """Every plot of a report's data, saved in `folder` (PNG and SVG)."""
    plt = need_matplotlib()
    folder.mkdir(parents=True, exist_ok=True)
    sides = data["sides"]
    labels = [side["label"] for side in sides]
    plots: list[Plot] = []
    makers: list[tuple[str, str, Callable[[Any], bool]]] = [
        ("win_rate_by_seat", "Win rate by seat (95% intervals; dashed: fair share)",
         lambda fig: _win_rates(fig, sides, labels)),
        ("scores_by_seat", "Final scores by seat (box: quartiles; whiskers: min, max; triangle: mean)",
         lambda fig: _boxes(fig, sides, labels, "seat")),
        ("scores_by_rank", "Final scores by rank (box: quartiles; whiskers: min, max; triangle: mean)",
         lambda fig: _boxes(fig, sides, labels, "rank")),
        ("margin", "Margin between first and second", lambda fig: _histograms(
            fig, [[side["margin_first_second"]["histogram"]] for side in sides], labels, ["points"])),
        ("length", "Game length", lambda fig: _length(fig, sides, labels)),
        ("breakdown", "Score breakdown: mean points of winners and of the rest",
         lambda fig: _breakdown(fig, sides, labels)),
        ("seat_events", "What winners did: mean per seat, winners and the rest",
         lambda fig: _breakdown(fig, sides, labels, "seat_events", "mean per seat and game")),
        ("events", "Events per game (mean, 95% interval)", lambda fig: _events(fig, sides, labels)),
        ("endings", "How games end", lambda fig: _endings(fig, sides, labels)),
        ("event_values", "Sizes of events", lambda fig: _event_values(fig, sides, labels)),
    ]
    for name, title, make in makers:
        fig = plt.figure(figsize=(8, 4.2))
        try:
            if not make(fig):
                continue
            fig.suptitle(title, fontsize=11)
            fig.tight_layout()
            fig.savefig(folder / f"{name}.png", dpi=100)
            buffer = io.StringIO()
            fig.savefig(buffer, format="svg")
            svg = buffer.getvalue()
            (folder / f"{name}.svg").write_text(svg, encoding="utf-8")  # drawn once, saved and embedded
            plots.append(Plot(name, title, svg[svg.index("<svg"):]))
        finally:
            plt.close(fig)
    return plots


def _offsets(count: int, width: float = 0.8) -> list[float]:
    step = width / count
    return [-width / 2 + step / 2 + i * step for i in range(count)]


def _win_rates(fig: Any, sides: Sequence[dict[str, Any]], labels: Sequence[str]) -> bool:
    ax = fig.add_subplot(1, 1, 1)
    offsets = _offsets(len(sides))
    for k, side in enumerate(sides):
        seats = side["seats"]
        xs = [s["seat"] + offsets[k] for s in seats]
        rates = [s["win_rate"] for s in seats]
        errors = [[r - s["ci95"][0] for r, s in zip(rates, seats, strict=True)],
                  [s["ci95"][1] - r for r, s in zip(rates, seats, strict=True)]]
        ax.bar(xs, rates, width=0.8 / len(sides), color=COLOURS[k % 2], label=labels[k], yerr=errors,
               capsize=3)
    fair = sides[0]["seats"][0]["fair_share"] if sides[0]["seats"] else 0
    ax.axhline(fair, color="black", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(sides[0]["seats"])), [f"seat {s['seat']}" for s in sides[0]["seats"]])
    ax.set_ylabel("share of games won")
    if len(sides) > 1:
        ax.legend()
    return True


def _boxes(fig: Any, sides: Sequence[dict[str, Any]], labels: Sequence[str], by: str) -> bool:
    ax = fig.add_subplot(1, 1, 1)
    offsets = _offsets(len(sides))
    for k, side in enumerate(sides):
        if by == "seat":
            groups = [(s["seat"], s["score"]) for s in side["seats"]]
        else:
            groups = [(int(rank) - 1, d) for rank, d in side["scores_by_rank"].items()]
        stats = [{"med": d["median"], "q1": d["q1"], "q3": d["q3"], "whislo": d["min"], "whishi": d["max"],
                  "mean": d["mean"], "label": ""} for _, d in groups]
        positions = [x + offsets[k] for x, _ in groups]
        if stats:
            boxes = ax.bxp(stats, positions=positions, widths=0.7 / len(sides), showmeans=True,
                           showfliers=False, patch_artist=True)
            for patch in boxes["boxes"]:
                patch.set_facecolor(COLOURS[k % 2])
                patch.set_alpha(0.6)
            boxes["boxes"][0].set_label(labels[k])
    first = sides[0]
    count = len(first["seats"]) if by == "seat" else len(first["scores_by_rank"])
    names = [f"seat {i}" for i in range(count)] if by == "seat" else list(first["scores_by_rank"])
    ax.set_xticks(range(count), names if by == "seat" else [f"rank {n}" for n in names])
    ax.set_ylabel("final score")
    if len(sides) > 1:
        ax.legend()
    return True


def _histograms(fig: Any, per_side: Sequence[Sequence[dict[str, Any]]], labels: Sequence[str],
                titles: Sequence[str]) -> bool:
    panels = len(titles)
    if not panels:
        return False
    for i, title in enumerate(titles):
        ax = fig.add_subplot(1, panels, i + 1)
        for k, hists in enumerate(per_side):
            hist = hists[i]
            if hist["counts"]:
                ax.stairs(hist["counts"], hist["edges"], color=COLOURS[k % 2], label=labels[k],
                          fill=len(per_side) == 1, alpha=0.7 if len(per_side) == 1 else 1.0)
        ax.set_xlabel(title)
        ax.set_ylabel("games" if i == 0 else "")
        if len(per_side) > 1 and i == 0:
            ax.legend(fontsize=8)
    return True


def _length(fig: Any, sides: Sequence[dict[str, Any]], labels: Sequence[str]) -> bool:
    keys = [k for k in sides[0]["length"] if all(k in side["length"] for side in sides)]
    return _histograms(fig, [[side["length"][k]["histogram"] for k in keys] for side in sides], labels, keys)


def _breakdown(fig: Any, sides: Sequence[dict[str, Any]], labels: Sequence[str], key: str = "breakdown",
               unit: str = "mean points per seat") -> bool:
    if not sides[0].get(key):
        return False
    for k, side in enumerate(sides):
        ax = fig.add_subplot(1, len(sides), k + 1)
        categories = list(side[key])
        winners = [side[key][c]["winners"]["mean"] for c in categories]
        rest = [side[key][c]["rest"]["mean"] for c in categories]
        ys = list(range(len(categories)))
        ax.barh([y - 0.2 for y in ys], winners, height=0.4, color="#2f8f5b", label="winners")
        ax.barh([y + 0.2 for y in ys], rest, height=0.4, color="#999999", label="the rest")
        ax.set_yticks(ys, categories if k == 0 else [""] * len(ys))
        ax.invert_yaxis()
        ax.set_xlabel(unit)
        if len(sides) > 1:
            ax.set_title(labels[k], fontsize=9)
        if k == 0:
            ax.legend(fontsize=8)
    return True


def _events(fig: Any, sides: Sequence[dict[str, Any]], labels: Sequence[str]) -> bool:
    keys = sorted({key for side in sides for key in side["events"]})
    if not keys:
        return False
    ax = fig.add_subplot(1, 1, 1)
    offsets = _offsets(len(sides))
    for k, side in enumerate(sides):
        means = [side["events"].get(key, {}).get("mean", 0.0) for key in keys]
        found = [side["events"].get(key, {}) for key in keys]
        lows = [m - d.get("ci95_low", m) for m, d in zip(means, found, strict=True)]
        highs = [d.get("ci95_high", m) - m for m, d in zip(means, found, strict=True)]
        ax.barh([i + offsets[k] for i in range(len(keys))], means, height=0.8 / len(sides),
                color=COLOURS[k % 2], xerr=[lows, highs], capsize=2, label=labels[k])
    ax.set_yticks(range(len(keys)), keys, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("per game")
    if len(sides) > 1:
        ax.legend(fontsize=8)
    return True


def _endings(fig: Any, sides: Sequence[dict[str, Any]], labels: Sequence[str]) -> bool:
    keys = list(dict.fromkeys(key for side in sides for key in side["endings"]))
    if not keys:
        return False
    ax = fig.add_subplot(1, 1, 1)
    offsets = _offsets(len(sides))
    for k, side in enumerate(sides):
        rates = [side["endings"].get(key, {}).get("rate", 0.0) for key in keys]
        ax.bar([i + offsets[k] for i in range(len(keys))], rates, width=0.8 / len(sides),
               color=COLOURS[k % 2], label=labels[k])
    ax.set_xticks(range(len(keys)), keys, fontsize=8)
    ax.set_ylabel("share of games")
    if len(sides) > 1:
        ax.legend(fontsize=8)
    return True


def _event_values(fig: Any, sides: Sequence[dict[str, Any]], labels: Sequence[str]) -> bool:
    keys = [k for k in sides[0]["event_values"] if all(k in side["event_values"] for side in sides)]
    keys = [k for k in keys if any(side["event_values"][k]["n"] for side in sides)]
    return _histograms(fig, [[side["event_values"][k]["histogram"] for k in keys] for side in sides],
                       labels, keys)
