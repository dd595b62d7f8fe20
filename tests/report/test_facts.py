"""Each game's report facts, counted by replaying records of real games: every kind of event is found,
and the counts agree with what the records say otherwise."""

from __future__ import annotations

from collections import Counter

import pytest

from gangland.engine import GameFacts, GameRecord, RecordError
from gangland.games import get
from gangland.games.razzia.cards import POLICE_LIMIT
from gangland.games.supergang.victory import ENDING_KINDS, SAFETY_LIMIT
from gangland.sim import SimConfig, simulate


def facts_of(game_id: str, players: int, agents: tuple[str, ...], games: int,
             options: dict[str, object] | None = None) -> list[tuple[GameRecord, GameFacts]]:
    run = simulate(SimConfig(game_id, players, agents, games, seed=11, options=dict(options or {})))
    game = get(game_id)
    return [(record, game.facts(record)) for record in run.records]


def totals(pairs: list[tuple[GameRecord, GameFacts]]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for _, facts in pairs:
        counts.update(facts.events)
    return counts


@pytest.mark.parametrize("players", [2, 5])
def test_razzia_police_and_auctions(players: int) -> None:
    for record, facts in facts_of("razzia", players, ("heuristic", "random"), 4):
        assert facts.length["decisions"] == len(record.actions)
        assert facts.length["rounds"] == 3
        per_round = [facts.events[f"police drawn in round {n}"] for n in (1, 2, 3)]
        assert sum(per_round) == facts.events["police drawn"]
        # razzia.txt: the 7th police card (5th with two players) ends the round at once.
        assert all(0 <= n <= POLICE_LIMIT[players] for n in per_round)
        # Every police card but the one that ends its round calls a normal auction.
        ended = sum(n == POLICE_LIMIT[players] for n in per_round)
        assert facts.events.get("normal auctions", 0) == facts.events["police drawn"] - ended
        assert facts.length["turns"] <= facts.length["decisions"]
        # Per seat: every auction someone won, and every theft, is some seat's.
        won = sum(e["auctions won"] for e in facts.seat_events)
        passed = sum(n for k, n in facts.events.items() if k.endswith("passed by all"))
        held = sum(n for k, n in facts.events.items() if k.endswith(" auctions"))
        assert won == held - passed
        assert sum(e["thefts"] for e in facts.seat_events) == facts.events.get("thefts", 0)
        called = sum(e["court auctions called"] for e in facts.seat_events)
        assert called == facts.events.get("court auctions", 0)


def test_downtown_events_and_endings() -> None:
    pairs = facts_of("downtown", 3, ("random",), 6) + facts_of("downtown", 3, ("heuristic",), 4,
                                                                {"edition": "2013"})
    counts = totals(pairs)
    for kind in ("robberies", "sales", "sales to undercover cops", "casino visits"):
        assert counts[kind] > 0, kind
    assert counts["sales to undercover cops"] <= counts["sales"]
    endings = {facts.ending for _, facts in pairs}
    assert None not in endings and endings <= {"turn limit", "$100,000", "casino card 2", "casino card 3"}
    for record, facts in pairs:
        assert facts.length["decisions"] == len(record.actions) and facts.length["turns"] > 0
        # Every robbery has one robber and one victim; every sale one seller.
        for kind in ("robberies", "sales", "sales to undercover cops"):
            assert sum(e[kind] for e in facts.seat_events) == facts.events[kind]
        assert sum(e["times robbed"] for e in facts.seat_events) == facts.events["robberies"]


def test_protection_racket_mob_wars() -> None:
    pairs = facts_of("protection-racket", 3, ("random",), 4)
    assert totals(pairs)["mob wars"] > 0
    for _, facts in pairs:
        sizes = facts.values["mob war size (mobsters lost)"]
        assert len(sizes) == facts.events["mob wars"] == len(facts.values["gangs in a mob war"])
        # Every gang in a war loses at least one mobster: a war of k gangs costs k mobsters or more.
        gangs_in = facts.values["gangs in a mob war"]
        assert all(size >= gangs >= 2 for size, gangs in zip(sizes, gangs_in, strict=True))
        assert facts.length["rounds"] >= 3


def test_supergang_killings_arrests_and_endings() -> None:
    pairs = facts_of("supergang", 3, ("random",), 4, {"turn_limit": 8})
    counts = totals(pairs)
    assert counts["killings"] > 0 and counts["stick-ups"] > 0
    for record, facts in pairs:
        # S46: how a game ends; random play over 8 rounds stops at the safety limit (a draw shared by
        # the gangs) unless a rule's own end came first
        assert facts.ending in ENDING_KINDS
        assert facts.length["rounds"] <= 8
        assert record.result is not None
        if facts.ending == SAFETY_LIMIT:
            assert facts.length["rounds"] == 8 and record.result.winners == (0, 1, 2)
            assert record.result.ending.startswith("stopped at the safety limit of 8 rounds (not a rule)")


def test_default_facts_and_a_record_of_another_game() -> None:
    record = simulate(SimConfig("razzia", 2, ("random",), 1, seed=1)).records[0]
    with pytest.raises(RecordError):
        get("downtown").facts(record)
    assert GameFacts({"decisions": 3}).to_json()["length"] == {"decisions": 3}
