"""How a report's numbers are written, the same on its HTML page and its Markdown page."""

from __future__ import annotations

from typing import Any

__all__ = ["ending_length_keys", "median_quartiles", "number", "p_text", "percent", "wins"]


def percent(x: float) -> str:
    """A rate as a percentage with one decimal.

    >>> percent(0.2915)
    '29.1%'
    """
    return f"{100 * x:.1f}%"


def number(x: float) -> str:
    """A mean or a score: two decimals, none from 100 on (Downtown's dollars have no cents).

    >>> number(0.287), number(51234.5)
    ('0.29', '51,234')
    """
    return f"{x:,.0f}" if abs(x) >= 100 else f"{x:,.2f}"


def wins(x: float) -> str:
    """A count of wins: whole unless shared wins (a tie shares the win) made it a fraction.

    >>> wins(1.0), wins(291.0), wins(12.5), wins(sum([1 / 3] * 6))
    ('1', '291', '12.50', '2')
    """
    whole = round(x)
    # Shared wins are summed as floats: six thirds make 1.9999999999999998, which is 2.
    return f"{whole:,}" if abs(x - whole) < 1e-6 else f"{x:,.2f}"


def p_text(p: float) -> str:
    """A p-value with four decimals, or "<0.0001".

    >>> p_text(0.03), p_text(1e-9)
    ('0.0300', '<0.0001')
    """
    return "<0.0001" if p < 1e-4 else f"{p:.4f}"


def ending_length_keys(side: dict[str, Any]) -> list[str]:
    """The lengths (rounds, decisions, ...) a side's endings give by ending: none in a report.json
    written before they were counted."""
    return list(dict.fromkeys(k for d in side["endings"].values() for k in d.get("length", {})))


def median_quartiles(ending: dict[str, Any], key: str) -> str:
    """The median length `key` of the games of one ending, its quartiles in brackets.

    >>> median_quartiles({"length": {"rounds": {"median": 12.0, "q1": 9.5, "q3": 20.0}}}, "rounds")
    '12 (9.5-20)'
    """
    d = ending.get("length", {}).get(key)
    return f"{d['median']:g} ({d['q1']:g}-{d['q3']:g})" if d else "-"
