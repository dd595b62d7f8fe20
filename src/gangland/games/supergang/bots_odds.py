"""The Supergang bot's duel odds: each line-up's chances estimated once, by duels fought with a fixed seed
through `duel.duel` (the rules' own model), never with the game's generator."""

from __future__ import annotations

from typing import Final

from .duel import ATTACKER, DEFENDER, DuelOptions, Side, duel

ODDS_SAMPLES: Final = 400
"""Duels fought (fixed seed) to estimate a line-up's odds."""

_SAMPLED: Final[dict[tuple[DuelOptions, tuple[int, int, int], tuple[int, int, int, int]],
                    tuple[float, float, float, float, float]]] = {}
"""Per line-up: (win, first attacker falls, clean win, share of the attackers fallen, share of the
defenders fallen), from the same ODDS_SAMPLES duels."""


def duel_odds(options: DuelOptions, attackers: tuple[int, bool], defenders: tuple[int, bool, int, int]
              ) -> tuple[float, float]:
    """(chance the attackers win, chance the first attacker falls) of a duel (S21-S22).

    `attackers` = (gangsters, one of them the killer?), `defenders` = (gangsters, one of them the
    killer?, managers, patrols). Estimated once per line-up and options by duels fought with a fixed
    seed (the game's generator is never touched), so the bot stays deterministic and blind to the future.

    >>> win, fall = duel_odds(DuelOptions(), (1, True), (0, False, 1, 0))
    >>> 0.6 < win < 0.9 and 0.1 < fall < 0.4
    True
    """
    win, fall, _ = duel_stats(options, attackers, defenders)
    return win, fall


def duel_stats(options: DuelOptions, attackers: tuple[int, bool], defenders: tuple[int, bool, int, int]
               ) -> tuple[float, float, float]:
    """(win, first attacker falls, clean win) of a line-up, from the same cached duels as `duel_odds`.

    A clean win leaves every defender dead: no manager survives to witness a stick-up (L57, S29 a),
    which a manager injured, not killed, does. With `dart_dead` 1 every win is clean, below 1 a win
    may leave a manager injured.

    >>> certain, line_up = DuelOptions(dart_dead=1.0), (0, False, 1, 0)
    >>> win, fall, clean = duel_stats(certain, (1, True), line_up)
    >>> clean == win == duel_odds(certain, (1, True), line_up)[0]
    True
    """
    gangsters, killer = attackers
    d_gangsters, d_killer, managers, patrols = defenders
    if d_gangsters + managers + patrols == 0:
        return 1.0, 0.0, 1.0
    win, fall, clean, _, _ = _sampled(options, (gangsters, int(killer), 0),
                                      (d_gangsters, int(d_killer), managers, patrols))
    return win, fall, clean


def side_stats(options: DuelOptions, attackers: tuple[int, int, int], defenders: tuple[int, int, int, int]
               ) -> tuple[float, float, float]:
    """(win, share of the attacking side fallen, share of the defending side fallen) of a duel side
    against side (S40-S41): `attackers` = (gangsters, killers among them, managers), `defenders` =
    (gangsters, killers among them, managers, patrols). Estimated once per line-up as `duel_stats`.

    >>> alone = side_stats(DuelOptions(), (1, 1, 0), (1, 0, 0, 0))
    >>> with_help = side_stats(DuelOptions(), (2, 1, 0), (1, 0, 0, 0))
    >>> with_help[0] > alone[0] and with_help[1] < alone[1]
    True
    """
    win, _, _, attackers_fallen, defenders_fallen = _sampled(options, attackers, defenders)
    return win, attackers_fallen, defenders_fallen


def _sampled(options: DuelOptions, attackers: tuple[int, int, int], defenders: tuple[int, int, int, int]
             ) -> tuple[float, float, float, float, float]:
    """Every tally of a line-up (see `_SAMPLED`), from duels fought once with a fixed seed."""
    key = (options, attackers, defenders)
    tallies = _SAMPLED.get(key)
    if tallies is None:
        gangsters, killers, managers = attackers
        d_gangsters, d_killers, d_managers, patrols = defenders
        att = Side.of(killers=killers, gangsters=gangsters - killers, managers=managers)
        dfn = Side.of(killers=d_killers, gangsters=d_gangsters - d_killers, managers=d_managers,
                      patrols=patrols)
        wins = falls = clean = 0
        fallen = [0, 0]
        rng = 0x5EED
        for _ in range(ODDS_SAMPLES):
            result = duel(att, dfn, options, rng)
            rng = result.rng
            won = result.winner == ATTACKER
            wins += won
            falls += result.status[ATTACKER][0] != "standing"
            clean += won and all(status == "dead" for status in result.status[DEFENDER])
            for side in (ATTACKER, DEFENDER):
                fallen[side] += len(result.status[side]) - len(result.standing(side))
        tallies = _SAMPLED[key] = (wins / ODDS_SAMPLES, falls / ODDS_SAMPLES, clean / ODDS_SAMPLES,
                                   fallen[ATTACKER] / (ODDS_SAMPLES * len(att)),
                                   fallen[DEFENDER] / (ODDS_SAMPLES * len(dfn)))
    return tallies
