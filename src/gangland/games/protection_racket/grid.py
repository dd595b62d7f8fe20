"""The city's grid: which sites neighbour each other, which lie on the edge or in a corner, and the
grid references (A1, B2, ...) that name them. Sites are numbered row by row from 0."""

from __future__ import annotations

from functools import cache


@cache
def grid_geometry(columns: int, rows: int) -> tuple[tuple[tuple[int, ...], ...], tuple[bool, ...],
                                                    tuple[bool, ...]]:
    """(neighbours, on the edge, in a corner) of each site of a grid numbered row by row.

    >>> grid_geometry(3, 3)[0][4]
    (1, 3, 5, 7)
    """
    adj: list[tuple[int, ...]] = []
    edge: list[bool] = []
    corner: list[bool] = []
    for site in range(columns * rows):
        row, col = divmod(site, columns)
        near = []
        if row > 0:
            near.append(site - columns)
        if col > 0:
            near.append(site - 1)
        if col < columns - 1:
            near.append(site + 1)
        if row < rows - 1:
            near.append(site + columns)
        adj.append(tuple(near))
        on_rows, on_cols = row in (0, rows - 1), col in (0, columns - 1)
        edge.append(on_rows or on_cols)
        corner.append(on_rows and on_cols)
    return tuple(adj), tuple(edge), tuple(corner)


def site_label(site: int, columns: int) -> str:
    """Grid reference of a site: columns A.., rows 1.. (site 0 is A1).

    >>> site_label(5, 4)
    'B2'
    """
    return site_labels(columns)[site]


@cache
def site_labels(columns: int) -> tuple[str, ...]:
    """The grid references of the (at most 12) sites of a grid with this many columns."""
    return tuple(f"{'ABCDEFGHIJKL'[t % columns]}{t // columns + 1}" for t in range(12))
