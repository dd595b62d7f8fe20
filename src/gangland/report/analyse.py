"""A report's numbers from the records (and each game's facts): every figure the page shows, as
JSON-ready data (report.json holds exactly this)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from gangland.engine import GameFacts, GameRecord

from .stats import (
    Z95,
    first_seat_test,
    mean_interval,
    normal_two_sided_p,
    paired_difference,
    proportion_difference,
    seat_balance_test,
    wilson_interval,
)

__all__ = ["analyse_side", "compare_sides", "histogram", "quartiles", "seat_outcomes"]


def histogram(values: Sequence[float], bins: int = 20) -> dict[str, list[float]]:
    """Counts of `values` in equal bins over their range (integer-wide bins for small integer ranges).

    >>> histogram([1, 2, 2, 3], bins=20)
    {'edges': [0.5, 1.5, 2.5, 3.5], 'counts': [1, 2, 1]}
    """
    if not values:
        return {"edges": [], "counts": []}
    low, high = min(values), max(values)
    if all(float(v).is_integer() for v in values) and high - low + 1 <= bins:
        edges = [low - 0.5 + i for i in range(int(high - low) + 2)]
    else:
        width = (high - low) / bins or 1.0
        edges = [low + i * width for i in range(bins + 1)]
    counts = [0] * (len(edges) - 1)
    for v in values:
        i = min(len(counts) - 1, max(0, int((v - edges[0]) // (edges[1] - edges[0]))))
        counts[i] += 1
    return {"edges": [float(e) for e in edges], "counts": counts}  # type: ignore[dict-item]


def _quantile(ordered: Sequence[float], q: float) -> float:
    if not ordered:
        return 0.0
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return float(ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo))


def describe(values: Sequence[float]) -> dict[str, Any]:
    """Mean with its 95% interval, sd, min, quartiles, max and a histogram."""
    ordered = sorted(values)
    m = mean_interval(ordered)
    return {**m.to_json(), "min": ordered[0] if ordered else 0, "q1": _quantile(ordered, 0.25),
            "median": _quantile(ordered, 0.5), "q3": _quantile(ordered, 0.75),
            "max": ordered[-1] if ordered else 0, "histogram": histogram(ordered)}


def seat_outcomes(record: GameRecord) -> list[float]:
    """Each seat's share of the game's win: 1/k for each of k winners, 0 for the others."""
    result = record.result
    assert result is not None
    share = 1.0 / len(result.winners) if result.winners else 0.0
    return [share if seat in result.winners else 0.0 for seat in range(record.players)]


def analyse_side(records: Sequence[GameRecord], facts: Sequence[GameFacts]) -> dict[str, Any]:
    """Seat balance, scores by seat and rank, margins and ties, lengths, breakdown, events, endings."""
    finished = [(r, f) for r, f in zip(records, facts, strict=True) if r.result is not None]
    games = len(finished)
    players = records[0].players if records else 0
    wins = [0.0] * players
    scores_by_seat: list[list[float]] = [[] for _ in range(players)]
    scores_by_rank: dict[int, list[float]] = {}
    margins: list[float] = []
    tied_first = 0
    shared_wins = 0
    for record, _ in finished:
        result = record.result
        assert result is not None
        for seat, won in enumerate(seat_outcomes(record)):
            wins[seat] += won
            scores_by_seat[seat].append(result.scores[seat])
            scores_by_rank.setdefault(result.ranks[seat], []).append(result.scores[seat])
        ordered = sorted(result.scores, reverse=True)
        margins.append(ordered[0] - ordered[1])
        tied_first += ordered[0] == ordered[1]
        shared_wins += len(result.winners) > 1
    seats = []
    for seat in range(players):
        low, high = wilson_interval(wins[seat], games)
        seats.append({"seat": seat, "wins": wins[seat], "win_rate": wins[seat] / games if games else 0.0,
                      "ci95": [low, high], "fair_share": 1 / players if players else 0.0,
                      "score": describe(scores_by_seat[seat])})
    balance = seat_balance_test(wins, games).to_json() if players >= 2 else {}
    first = first_seat_test(wins[0], games, players).to_json() if players else {}
    lengths: dict[str, list[float]] = {}
    events: dict[str, list[float]] = {}
    values: dict[str, list[float]] = {}
    endings: Counter[str] = Counter()
    lengths_by_ending: dict[str, dict[str, list[float]]] = {}
    for index, (_, f) in enumerate(finished):
        for key, n in f.length.items():
            lengths.setdefault(key, []).append(n)
            if f.ending is not None:
                lengths_by_ending.setdefault(f.ending, {}).setdefault(key, []).append(n)
        for key in f.events:
            events.setdefault(key, [0.0] * index)  # an event first seen now: 0 in the games before
        for key, column in events.items():
            column.append(f.events.get(key, 0.0))
        for key, sample in f.values.items():
            values.setdefault(key, []).extend(sample)
        if f.ending is not None:
            endings[f.ending] += 1
    return {
        "games": games, "unfinished": len(records) - games, "players": players,
        "seats": seats, "seat_balance": balance, "first_seat": first,
        "scores_by_rank": {str(rank): describe(scores) for rank, scores in sorted(scores_by_rank.items())},
        "margin_first_second": describe(margins),
        "ties": {"tied_first": tied_first, "tied_first_rate": tied_first / games if games else 0.0,
                 "shared_wins": shared_wins, "shared_win_rate": shared_wins / games if games else 0.0},
        "length": {key: describe(column) for key, column in lengths.items()},
        "breakdown": _breakdown(finished),
        "seat_events": _breakdown(finished, seat_events=True),
        "events": {key: describe(column) for key, column in events.items()},
        "event_values": {key: describe(sample) for key, sample in values.items()},
        "endings": {key: {"games": n, "rate": n / games, "ci95": list(wilson_interval(n, games)),
                          "length": {k: quartiles(v) for k, v in lengths_by_ending[key].items()}}
                    for key, n in endings.most_common()},
    }


def quartiles(values: Sequence[float]) -> dict[str, float]:
    """Median, quartiles and range of `values` (the length of the games that ended one way).

    >>> quartiles([3, 1, 2, 4, 5])
    {'n': 5, 'min': 1.0, 'q1': 2.0, 'median': 3.0, 'q3': 4.0, 'max': 5.0}
    """
    ordered = sorted(values)
    return {"n": len(ordered), "min": float(ordered[0]) if ordered else 0.0,
            "q1": _quantile(ordered, 0.25), "median": _quantile(ordered, 0.5),
            "q3": _quantile(ordered, 0.75), "max": float(ordered[-1]) if ordered else 0.0}


def _breakdown(finished: Sequence[tuple[GameRecord, GameFacts]], seat_events: bool = False) -> dict[str, Any]:
    """Mean points per category (or with `seat_events`, mean count of each per-seat event) for the
    winners' seats and for the others' (with 95% intervals)."""
    winners: dict[str, list[float]] = {}
    rest: dict[str, list[float]] = {}
    categories: dict[str, None] = {}

    def per_seat(record: GameRecord, facts: GameFacts) -> Sequence[Mapping[str, float]]:
        assert record.result is not None
        return facts.seat_events if seat_events else record.result.breakdown

    for record, facts in finished:
        for points in per_seat(record, facts):
            categories.update(dict.fromkeys(points))
    for record, facts in finished:
        result = record.result
        assert result is not None
        for seat, points in enumerate(per_seat(record, facts)):
            target = winners if seat in result.winners else rest
            for category in categories:
                target.setdefault(category, []).append(points.get(category, 0))
    out = {}
    for category in categories:
        w, r = mean_interval(winners.get(category, [])), mean_interval(rest.get(category, []))
        out[category] = {"winners": w.to_json(), "rest": r.to_json(), "difference": w.mean - r.mean}
    return out


def compare_sides(first: tuple[Sequence[GameRecord], Sequence[GameFacts]],
                  second: tuple[Sequence[GameRecord], Sequence[GameFacts]], paired: bool) -> dict[str, Any]:
    """Differences first - second with 95% intervals and p-values: each seat's win rate, the first seat's
    advantage over fair share, ties, lengths and events (paired game by game when both sides played the
    same seeds and every game finished, else as independent samples)."""
    (r1, f1), (r2, f2) = first, second
    pairs = [(a, b, fa, fb) for a, b, fa, fb in zip(r1, r2, f1, f2, strict=False)
             if a.result is not None and b.result is not None]
    paired = paired and len(pairs) == len(r1) == len(r2)
    players = r1[0].players if r1 else 0
    out: dict[str, Any] = {"paired": paired, "pairs": len(pairs)}

    def diff(x: Sequence[float], y: Sequence[float], proportion: bool) -> dict[str, Any]:
        if paired:
            return paired_difference(x, y).to_json()
        if proportion:
            return proportion_difference(sum(x), len(x), sum(y), len(y)).to_json()
        mx, my = mean_interval(x), mean_interval(y)
        se = math.sqrt(mx.sd ** 2 / max(1, mx.n) + my.sd ** 2 / max(1, my.n))
        d = mx.mean - my.mean
        z = d / se if se else 0.0
        return {"estimate": d, "ci95": [d - Z95 * se, d + Z95 * se], "z": z,
                "p_value": normal_two_sided_p(z) if se else 1.0}

    if paired:
        a_out = [seat_outcomes(a) for a, _, _, _ in pairs]
        b_out = [seat_outcomes(b) for _, b, _, _ in pairs]
        fa_list = [fa for _, _, fa, _ in pairs]
        fb_list = [fb for _, _, _, fb in pairs]
    else:
        a_out = [seat_outcomes(a) for a in r1 if a.result is not None]
        b_out = [seat_outcomes(b) for b in r2 if b.result is not None]
        fa_list = [f for a, f in zip(r1, f1, strict=True) if a.result is not None]
        fb_list = [f for b, f in zip(r2, f2, strict=True) if b.result is not None]
    out["win_rate_by_seat"] = [diff([o[s] for o in a_out], [o[s] for o in b_out], True)
                               for s in range(players)]

    def tied(record: GameRecord) -> float:
        assert record.result is not None
        top = sorted(record.result.scores, reverse=True)
        return float(top[0] == top[1])

    ra = [a for a, _, _, _ in pairs] if paired else [a for a in r1 if a.result is not None]
    rb = [b for _, b, _, _ in pairs] if paired else [b for b in r2 if b.result is not None]
    out["tied_first"] = diff([tied(a) for a in ra], [tied(b) for b in rb], True)
    keys = [k for k in fa_list[0].length if all(k in f.length for f in fa_list + fb_list)] if fa_list else []
    out["length"] = {k: diff([f.length[k] for f in fa_list], [f.length[k] for f in fb_list], False)
                     for k in keys}
    event_keys = sorted({k for f in fa_list + fb_list for k in f.events})
    out["events"] = {k: diff([f.events.get(k, 0.0) for f in fa_list], [f.events.get(k, 0.0) for f in fb_list],
                             False) for k in event_keys}
    return out
