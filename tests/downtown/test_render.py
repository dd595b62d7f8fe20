"""Downtown's terminal rendering and narration, from views of real games.

Games are played by the engine with seeded random choices (and by a greedy chooser that sells loot
and plays the casino, so that every phase turns up), under a turn limit. Every view of every seat is
rendered; a rendering must not change when another seat's secrets do, and narration must say what
robberies, payments, purchases, jobs, sales and casino visits did.
"""

from __future__ import annotations

import doctest
import random
import re
from collections.abc import Callable, Iterator

import pytest

from gangland.cli.common import shown
from gangland.games import get
from gangland.games.downtown import DowntownState, render
from gangland.games.downtown import actions as C
from gangland.games.downtown.phases import OVER, PHASE_NAMES
from gangland.games.downtown.render import narrate, render_view

GAME = get("downtown")
Chooser = Callable[[DowntownState, random.Random], int]
WIDTH = 100


def uniform(state: DowntownState, rng: random.Random) -> int:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


def _preference(action: int) -> int:
    if C.SELL_AT0 <= action < C.CASINO_PLAY:
        return 0
    if C.OFFER0 <= action < C.SELL_AT0:
        return 1
    if C.JOB0 <= action < C.LOOK_STOOGE0:
        return 2
    if action == C.CASINO_PLAY:
        return 3
    if C.BUY0 <= action < C.JOB0:
        return 4
    if C.LOOK_FENCE0 <= action < C.PUT_TOP or action == C.PUT_UNDER:
        return 5
    return 9


def greedy(state: DowntownState, rng: random.Random) -> int:
    """Mostly sells, does jobs, plays the casino, buys and looks at fences; else random."""
    legal = state.legal_actions()
    best = min(legal, key=_preference)
    if _preference(best) < 9 and rng.random() < 0.9:
        return best
    if C.DONE in legal and rng.random() < 0.5:
        return C.DONE
    return rng.choice(legal)


Step = tuple[DowntownState, int, int, DowntownState]
"""(state before, actor, action, state after)."""


def play(players: int, edition: str, seed: int, chooser: Chooser, turn_limit: int = 40) -> Iterator[Step]:
    """The steps of one game, each with clones of the states before and after it."""
    state = GAME.new_game(players, seed, {"edition": edition, "turn_limit": turn_limit})
    assert isinstance(state, DowntownState)
    rng = random.Random(seed)
    while not state.is_over:
        before = state.clone()
        actor = state.to_act
        assert actor is not None
        action = chooser(state, rng)
        state.apply(action)
        yield before, actor, action, state.clone()


def with_secrets_changed(state: DowntownState, seat: int) -> DowntownState:
    """A copy in which every other seat's cash, hand (same size), stooge cards (same number), face-down
    detail (same counts) and casino note differ: nothing `seat` may see changes."""
    other = state.clone()
    for s in range(state.players):
        if s == seat:
            continue
        other.cash[s] = [c + 7 for c in other.cash[s]]
        other.hands[s] = other.hands[s][::-1]
        other.down_n[s] = other.down_n[s][::-1]
        other.down_g[s] = other.down_g[s][::-1]
        mine = set(other.shand[s])
        elsewhere = [c for c in range(len(state.cards)) if c not in mine]
        other.shand[s] = elsewhere[:len(mine)]
        if other.bets[s] >= 0:
            other.bets[s] = (other.bets[s] + 1) % 5
    return other


def check_rendering(state: DowntownState, seat: int | None) -> str:
    text = shown(render_view(state.view(seat)), state.players, seat)  # as the terminal shows it
    lines = text.splitlines()
    assert lines[0].startswith("Downtown (")
    assert all(len(line) <= WIDTH for line in lines), max(lines, key=len)
    own = re.findall(r"^Your cash: ", text, re.MULTILINE)
    assert len(own) == (0 if seat is None else 1)
    return text


@pytest.mark.parametrize("edition", ["current", "2013"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chooser", [uniform, greedy])
def test_every_view_of_every_seat_renders(players: int, edition: str, chooser: Chooser) -> None:
    steps = 0
    for before, actor, action, after in play(players, edition, players * 10 + len(edition), chooser):
        steps += 1
        for seat in (*range(players), None):
            check_rendering(after, seat)
            text = GAME.public_action_name(before, action, seat)
            line = shown(narrate(before.view(seat), actor, text, after.view(seat)), players, seat)
            assert "\n" not in line and line.startswith(f"Seat {actor + 1}")
    assert after.is_over and steps > 50
    text = render_view(after.view(0))
    assert "Game over." in text and ("Winner: " in text or "Shared win: " in text)


def test_every_phase_was_rendered() -> None:
    """The games the rendering tests play reach every phase between them.

    Played again here, so that the test does not depend on which tests ran before it in this process
    (pytest-xdist spreads tests over workers).
    """
    seen: set[str] = set()
    for players, edition in ((2, "current"), (3, "2013"), (4, "current"), (3, "current")):
        for chooser in (uniform, greedy):
            for before, _, _, after in play(players, edition, players * 10 + len(edition), chooser):
                seen.update((PHASE_NAMES[before.phase], PHASE_NAMES[after.phase]))
    assert set(PHASE_NAMES) == seen


@pytest.mark.parametrize("edition", ["current", "2013"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_rendering_never_shows_another_seats_secrets(players: int, edition: str) -> None:
    for number, (_, _, _, after) in enumerate(play(players, edition, 7, greedy)):
        if after.phase == OVER or number % 3:
            continue
        for seat in range(players):
            text = render_view(after.view(seat))
            assert render_view(with_secrets_changed(after, seat).view(seat)) == text
            # The spectator sees nobody's secrets.
            assert render_view(with_secrets_changed(after, -1).view(None)) == render_view(after.view(None))


def test_the_viewing_seat_sees_its_own_cash_hand_and_cards() -> None:
    for _, _, _, after in play(3, "current", 2, greedy):
        if after.shand[1] and after.phase != OVER:
            text = render_view(after.view(1))
            view = after.view(1)
            me = view["players"][1]
            assert f"Your cash: ${me['cash']['money']:,}" in text
            assert f"gangsters in hand: {render.gangsters(me['gangsters'])}" in text
            for card in me["stooge_cards"]:
                assert render.card_known(card) in text
            others = render_view(after.view(0))
            assert not any(render.card_known(card) in others for card in me["stooge_cards"])
            return
    pytest.fail("seat 1 never held a stooge card")


def test_known_cards_are_listed_under_what_the_seat_learnt() -> None:
    for before, actor, action, after in play(3, "current", 4, greedy):
        if C.LOOK_FENCE0 <= action < C.PUT_TOP:
            pile = action - C.LOOK_FENCE0
            text = render_view(after.view(actor))
            assert "Known cards in the piles" in text
            assert re.search(rf"fence pile {pile}: top: .*(UNDERCOVER COP|honest)", text), text
            line = narrate(before.view(actor), actor, GAME.action_name(before, action), after.view(actor))
            assert f"look at fence pile {pile} (sees " in line
            others = [s for s in range(3) if s != actor]
            seen = narrate(before.view(others[0]), actor, GAME.public_action_name(before, action, others[0]),
                           after.view(others[0]))
            if after.fpiles[pile][-1] not in after.known_f[others[0]]:
                assert "sees" not in seen
            return
    pytest.fail("nobody looked at a fence")


# -- narration -------------------------------------------------------------------------------------

def narrations(players: int = 3, seeds: range = range(6)) -> Iterator[tuple[int, int, str, str]]:
    """(action, actor, the actor's line, seat (actor+1)'s line) of greedy games in both editions, as the
    terminal tells them to each (seats counted from 1, "(you)" after one's own)."""
    for seed in seeds:
        for edition in ("current", "2013"):
            for before, actor, action, after in play(players, edition, seed, greedy, turn_limit=60):
                lines = []
                for seat in (actor, (actor + 1) % players):
                    text = GAME.public_action_name(before, action, seat)
                    line = narrate(before.view(seat), actor, text, after.view(seat))
                    lines.append(shown(line, players, seat))
                yield action, actor, lines[0], lines[1]


NARRATED = list(narrations())


def lines_for(low: int, high: int) -> list[tuple[int, str, str]]:
    return [(actor, mine, theirs) for action, actor, mine, theirs in NARRATED if low <= action < high]


def test_robbery_and_payment_say_what_changed_hands() -> None:
    robs = lines_for(C.ROB0, C.PAY0)
    pays = lines_for(C.PAY0, C.BUY0)
    assert robs and pays
    for actor, mine, theirs in robs:
        took = r"(nothing|\$[\d,]+|\d+ (lookout|safecracker|sp))"
        assert re.match(rf"Seat {actor + 1} \(you\): rob Seat \d \(takes {took}", mine)
        assert re.match(rf"Seat {actor + 1}: rob Seat \d( \(you\))? \(takes", theirs)
        assert "robs" not in mine  # the event restating the action is left out
    assert any("takes $" in mine for _, mine, _ in robs)
    for actor, mine, _ in pays:
        assert re.match(rf"Seat {actor + 1} \(you\): pay Seat \d \(gives ", mine)


def test_buying_names_prices_and_the_purchase() -> None:
    buys = lines_for(C.BUY0, C.JOB0)
    assert buys
    for actor, mine, _ in buys:
        kinds = "lookout|safecracker|spy"
        assert re.match(rf"Seat {actor + 1} \(you\): buy an? ({kinds}) \(at \$\d,000\)$", mine)
    done = [theirs for action, _, _, theirs in NARRATED if action == C.DONE and "stops buying" in theirs]
    assert done
    assert all(re.search(r"Seat \d buys .* for \$[\d,]+; .*turned up at Downtown: ", line) for line in done)


def test_jobs_and_sales_are_told_in_full() -> None:
    jobs = lines_for(C.JOB0, C.LOOK_STOOGE0)
    sales = lines_for(C.SELL_AT0, C.CASINO_PLAY)
    assert jobs and sales
    for actor, mine, theirs in jobs:
        assert re.match(rf"Seat {actor + 1} \(you\): do (Frankie|Luigi|Joe)'s job: Seat {actor + 1} \(you\) "
                        "does the job of ", mine)
        assert "does the job of" in theirs
    for actor, mine, theirs in sales:
        assert f"Seat {actor + 1} (you) sells loot worth $" in mine and "the bank pays $" in theirs
        assert ("an undercover cop!" in theirs) or ("is honest" in theirs)
    offers = lines_for(C.OFFER0, C.SELL_AT0)
    assert offers and all("offer stooge card" in mine for _, mine, _ in offers)


def test_the_casino_is_told_and_only_the_bettor_sees_its_note_before_the_reveal() -> None:
    bets = lines_for(C.BILL0, C.ADD_NOTE0)
    votes = lines_for(C.CASINO_PLAY, C.BILL0)
    assert bets and votes
    for actor, mine, theirs in bets:
        assert re.match(rf"Seat {actor + 1} \(you\): bet a \$[\d,]+ note", mine)
        assert theirs.startswith(f"Seat {actor + 1}: put a note face down")
        assert "bet a" not in theirs
    assert any("casino notes: Seat" in theirs for _, _, theirs in bets)
    assert any("at the casino" in t or "goes to the bank" in t for _, _, t in bets)
    for actor, mine, _ in votes:
        assert re.match(rf"Seat {actor + 1} \(you\): (play|skip) the casino$", mine) or "casino" in mine
    appear = [theirs for *_, theirs in NARRATED if "casino card 1 appears on fence pile" in theirs]
    assert appear


def test_face_down_choices_are_named_without_their_content() -> None:
    adds = [(actor, mine, theirs) for action, actor, mine, theirs in NARRATED
            if C.ADD_NOTE0 <= action < C.DISCARD_GANGSTER0 and "face down" in theirs]
    assert adds
    for actor, mine, theirs in adds:
        assert re.match(rf"Seat {actor + 1} \(you\): add an? ", mine)
        assert re.match(rf"Seat {actor + 1}: put an? (note|gangster) face down", theirs)
        assert "$" not in theirs.split(":")[1] and "lookout" not in theirs


def test_doctests() -> None:
    assert doctest.testmod(render).failed == 0
