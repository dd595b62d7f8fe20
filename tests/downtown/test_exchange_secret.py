"""Downtown: an exchange made for a note chosen in secret is told when the note is turned up (D1).

downtown-current-de.txt: "Die Spieler dürfen zu jeder Zeit des Spiels mit dem Geldvorrat der Bank
Geldscheine in kleinere oder größere Scheine umtauschen". RULES-NOTES: hidden simultaneous steps are
"decided one seat at a time with the choices hidden until the reveal: equivalent to simultaneous play,
and no seat may learn another's choice early". The issue 15 review found the exchange made for a casino
note told in the same step as the bet (3 players, seed 9, action 1698), and a face-down note usually
named by its exchange; docs/rules/downtown.md D1 and D30 (revised for version 1.2).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from gangland.engine import seat_ref
from gangland.games.downtown.actions import ADD_GANGSTER0, ADD_NOTE0, BILL0, DONE
from gangland.games.downtown.cards import DENOMINATIONS
from gangland.games.downtown.money import exchange_plan, notes_to_put_down, value
from gangland.games.downtown.phases import BID, CASINO_BET, REFRESH, WINDOW
from gangland.games.downtown.state import DowntownState

from ..scale import many
from .helpers import GAME, play, set_cash
from .test_rules_money import window_position

NOTE_PHASES = {BID: ADD_NOTE0, WINDOW: ADD_NOTE0, REFRESH: ADD_NOTE0, CASINO_BET: BILL0}


def _exchanges_told(state: DowntownState, seat: int | None, who: int) -> list[str]:
    return [t for t in state.view(seat)["events"] if t.startswith(f"{seat_ref(who)} chang")]


def test_review_seed_9_casino_exchange_is_told_at_the_settlement() -> None:
    # The review's case: 3 players, seed 9, random.Random(9) choices; action 1698 is seat 1's casino note,
    # a $5,000 it gets for $2,000 + 3 x $1,000. Seat 2, still to bet, used to read it in the narration and
    # in the bank's notes. Now it sees nothing of it until the notes are turned up.
    s = GAME.new_game(3, 9, {"edition": "current"})
    rng = random.Random(9)
    for _ in range(1697):
        s.apply(rng.choice(s.legal_actions()))
    assert s.phase == CASINO_BET and s.to_act == 1 and s.queue == [1, 2]
    before = {w: s.view(w)["bank"] for w in (0, 2, None)}
    s.apply(rng.choice(s.legal_actions()))
    assert s.to_act == 2 and s.pend[1] is not None
    assert s.bets[1] == 2 and s.pend[1] == ((3, 1, 0, 0, 0), (0, 0, 1, 0, 0))
    for w in (0, 2, None):
        assert s.view(w)["bank"] == before[w]
        assert _exchanges_told(s, w, 1) == []
        assert "pending_exchange" not in s.view(w)["players"][1]
    assert _exchanges_told(s, 1, 1) == ["⟨s1⟩ changes $2,000 + 3 x $1,000 at the bank for $5,000 (the "
                                        "others learn it when the note is turned up)"]
    assert s.view(1)["players"][1]["pending_exchange"] == {"handed": [3, 1, 0, 0, 0],
                                                           "taken": [0, 0, 1, 0, 0]}
    s.apply(rng.choice(s.legal_actions()))  # seat 2 bets: the notes are turned up and settled
    assert s.pend == [None, None, None]
    for w in (0, 1, 2, None):
        assert _exchanges_told(s, w, 1) == ["⟨s1⟩ changed $2,000 + 3 x $1,000 at the bank for $5,000"]


def test_face_down_exchange_is_told_when_the_displays_turn_up() -> None:
    # A seat holding 2 x $20,000 adds a $10,000 face down (D1): until the face-down notes are turned up
    # ("If other players have placed additional bank notes [...] face down [...] these [...] must be
    # turned face up now") the others see one face-down note, the bank as before, and no exchange.
    s = window_position("current", [0, 0, 0, 0, 2])
    inv = GAME.inventory(s)
    before = {w: s.view(w)["bank"] for w in (0, 2, 3, None)}
    play(s, ADD_NOTE0 + 3)
    for w in (0, 2, 3, None):
        view = s.view(w)
        assert view["bank"] == before[w] and _exchanges_told(s, w, 1) == []
        assert view["players"][1]["face_down"] == {"notes": 1, "gangsters": 0}
    bank = list(s.bank)
    for _ in range(12):
        if any(t.startswith("⟨s1⟩ changed") for _, t in s.events):
            break
        assert DONE in s.legal_actions()
        play(s, DONE)
    told = "⟨s1⟩ changed $20,000 at the bank for 2 x $10,000"
    for w in (0, 1, 2, 3, None):
        assert _exchanges_told(s, w, 1) == [told]
    assert [b - a for a, b in zip(bank, s.bank, strict=True)] == [0, 0, 0, 0, 1]  # his $20,000 arrives
    assert s.disp_n[1] == [0, 0, 0, 1, 0] and s.pend[1] is None
    assert GAME.inventory(s) == inv


def test_review_seed_1001_step_38_determinize_agrees_with_the_view() -> None:
    # The review's finding 3: 3 players, seed 1001, random.Random(1) choices; action 38 is seat 1 changing
    # 3 x $2,000 + 4 x $1,000 for a $10,000 and putting a note face down. The exchange was told at once and
    # the re-dealt seat 1 could hold no $10,000 at all. Now the others do not see it until the reveal, and
    # a determinization for them deals the bank as their view shows it.
    s = GAME.new_game(3, 1001, {"edition": "current"})
    rng = random.Random(1)
    for _ in range(38):
        s.apply(rng.choice(s.legal_actions()))
    assert s.pend[1] == ((4, 3, 0, 0, 0), (0, 0, 0, 1, 0)) and s.down_n[1] == [0, 0, 2, 1, 0]
    inv = GAME.inventory(s)
    for seat in (0, 1, 2):
        for k in range(20):
            d = s.determinize(seat, random.Random(k))
            assert d.view(seat) == s.view(seat) and GAME.inventory(d) == inv
            if seat == 1:
                assert d.pend[1] == s.pend[1] and d.cash[1] == s.cash[1]
    # At the reveal the exchange is told, the $10,000 is face up, and the re-dealt seat 1 keeps the change.
    while s.pend[1] is not None:
        s.apply(rng.choice(s.legal_actions()))
    assert "⟨s1⟩ changed 3 x $2,000 + 4 x $1,000 at the bank for $10,000" in s.view(0)["events"]
    assert s.disp_n[1][3] >= 1
    for seat in (0, 2):
        d = s.determinize(seat, random.Random(seat))
        assert d.view(seat) == s.view(seat) and d.disp_n[1] == s.disp_n[1]


def _games(count: int, players: tuple[int, ...], seed: int, turns: int) -> Iterator[DowntownState]:
    """`count` new games of the current edition (game g: players[g % len], seed + g, `turns` turns)."""
    for g in range(count):
        yield GAME.new_game(players[g % len(players)], seed + g, {"edition": "current", "turn_limit": turns})


def _has(state: DowntownState, w: int) -> list[int]:
    return [state.cash[w][i] + state.down_n[w][i] + state.disp_n[w][i] + (state.bets[w] == i)
            for i in range(5)]


def test_determinize_right_after_an_exchange_agrees_with_the_view() -> None:
    # D30: a determinization keeps everything the view shows. Right after a step that tells an exchange
    # (a face-up note, or a secret note's exchange at its reveal), the seat that made it still has the
    # notes it took and did not put down; during a secret step the others' pending exchanges are re-dealt
    # (the bank as their view shows it); the seat's own pending exchange stays. Nothing is created or lost.
    checked = 0
    for g, s in enumerate(_games(many(6, 60), (2, 3, 4), 2000, 30)):
        n, rng = s.players, random.Random(g)
        inv = GAME.inventory(s)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
            assert GAME.inventory(s) == inv
            if not s.shown and all(p is None for p in s.pend):
                continue
            for seat in range(n):
                d = s.determinize(seat, random.Random(checked))
                checked += 1
                assert d.view(seat) == s.view(seat)
                assert GAME.inventory(d) == inv
                assert d.pend[seat] == s.pend[seat] and d.cash[seat] == s.cash[seat]
                for w, change in s.shown:
                    if w != seat:
                        assert all(h >= c for h, c in zip(_has(d, w), change, strict=True))
                d.legal_actions()
    assert checked > many(50, 500)


def _worths(notes: list[int], cap: int) -> set[int]:
    """Every worth up to `cap` (thousands) that some handful of `notes` makes, by trying each count of
    each denomination in turn."""
    made = {0}
    for count, d in zip(notes, DENOMINATIONS, strict=True):
        made = {m + k * d for m in made for k in range(count + 1) if m + k * d <= cap}
    return made


def obtainable(cash: list[int], bank: list[int]) -> set[int]:
    """The oracle: every note the seat holds, or can get by handing over a handful of its notes for a
    handful of the bank's that holds the note, of the same worth."""
    top = value(cash)
    mine = _worths(cash, top)
    found = {i for i in range(5) if cash[i]}
    for i, d in enumerate(DENOMINATIONS):
        if bank[i] and i not in found:
            rest = bank[:]
            rest[i] -= 1
            if any(d + w in mine for w in _worths(rest, top - d)):
                found.add(i)
    return found


def test_notes_offered_are_exactly_those_a_brute_force_finds() -> None:
    # D1: every note the seat could get by exchange with the bank's present notes is open to it, checked
    # against the brute-force oracle above (not against the module's own `exchange_plan`); the exchange
    # made hands over notes the seat holds for notes the bank holds, of equal worth, the note among them.
    rng = random.Random(5)
    for _ in range(many(300, 2000)):
        cash = [rng.randrange(4) for _ in range(5)]
        bank = [rng.randrange(3) for _ in range(5)]
        offered = set(notes_to_put_down(cash, bank, True))
        assert offered == obtainable(cash, bank), (cash, bank)
        for note in offered - {i for i in range(5) if cash[i]}:
            plan = exchange_plan(cash, note, bank)
            assert plan is not None
            handed, taken = plan
            assert value(handed) == value(taken) and taken[note] >= 1
            assert all(h <= c for h, c in zip(handed, cash, strict=True))
            assert all(t <= b + h for t, b, h in zip(taken, bank, handed, strict=True))
            assert not any(h and t for h, t in zip(handed, taken, strict=True))  # net: nothing comes back


def test_in_play_the_notes_offered_match_the_oracle_and_secret_exchanges_stay_hidden() -> None:
    # In play: at every note choice the notes offered are the oracle's from the seat's cash and the bank
    # less the notes reserved by others' pending exchanges (which a later chooser can at most notice as a
    # note he sees in the bank but is not offered, D1), and a note chosen in secret changes nothing in the
    # other seats' views of the bank or narration until it is turned up.
    secret_exchanges = 0
    for g, s in enumerate(_games(many(8, 80), (3, 4), 500, 40)):
        n, rng = s.players, random.Random(g)
        while not s.is_over:
            seat, phase = s.to_act, s.phase
            legal = s.legal_actions()
            action = rng.choice(legal)
            if phase not in NOTE_PHASES or seat is None:
                s.apply(action)
                continue
            base = NOTE_PHASES[phase]
            top = ADD_GANGSTER0 if base == ADD_NOTE0 else base + 5
            offered = {a - base for a in legal if base <= a < top}
            expected = obtainable(s.cash[seat], s.bank)
            if phase == BID:
                expected = {i for i in expected if i < 2 and value(s.down_n[seat]) + DENOMINATIONS[i] <= 3}
            assert offered == expected
            secret = phase in (WINDOW, CASINO_BET)
            before = {w: s.view(w)["bank"] for w in [*range(n), None] if w != seat}
            pending = s.pend[seat]
            s.apply(action)
            if secret and s.pend[seat] != pending and s.phase == phase:
                secret_exchanges += 1
                for w, bank in before.items():
                    assert s.view(w)["bank"] == bank
                    assert not _exchanges_told(s, w, seat)
    assert secret_exchanges >= many(5, 50)


def test_determinize_depends_only_on_the_view_not_on_a_pending_exchange() -> None:
    # D30: a re-dealt world must not tell a bot whether another seat changed notes for its secret note.
    # Two truths with the same view for seat 2: seat 1 adds a $10,000 face down by changing one of its
    # 2 x $20,000 (seat 3 holding 2 x $10,000), or from a $10,000 it holds (seat 3 holding the $20,000).
    worlds = []
    for one, three in (([0, 0, 0, 0, 2], [0, 0, 0, 2, 0]), ([0, 0, 0, 2, 1], [0, 0, 0, 0, 1])):
        s = window_position("current", one)
        set_cash(s, 3, three)
        play(s, ADD_NOTE0 + 3)
        worlds.append(s)
    a, b = worlds
    assert a.pend[1] is not None and b.pend[1] is None and a.cash != b.cash
    assert a.view(2) == b.view(2)
    for k in range(10):
        da, db = a.determinize(2, random.Random(k)), b.determinize(2, random.Random(k))
        assert (da.cash, da.down_n, da.pend, da.bank) == (db.cash, db.down_n, db.pend, db.bank)
        assert da.view(2) == a.view(2)
