"""Downtown hidden information: what each seat's view holds, and what determinize re-deals.

docs/rules/downtown.md D30 and 3.2. Each test finds states where a secret exists, re-deals it for
another seat and checks that the secret changes while that seat's view does not: so the secret is
not in the view (no leak), and bots do not get the truth from determinize.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from gangland.games import get
from gangland.games.downtown.actions import LOOK_FENCE0, LOOK_STOOGE0, PUT_UNDER
from gangland.games.downtown.phases import BID, CASINO_BET, WINDOW
from gangland.games.downtown.state import DowntownState

from ..scale import many

GAME = get("downtown")


def states(players: int, edition: str, games: int = 6, turn_limit: int = 60) -> Iterator[DowntownState]:
    """Every state of a few random games."""
    for seed in range(games):
        state = GAME.new_game(players, seed, {"edition": edition, "turn_limit": turn_limit})
        assert isinstance(state, DowntownState)
        rng = random.Random(seed)
        while not state.is_over:
            yield state
            state = state.clone()
            state.apply(rng.choice(state.legal_actions()))


def varies_unseen(secret: Callable[[DowntownState, int], object], players: int = 3,
                  where: Callable[[DowntownState], bool] = lambda s: True, needed: int = 10) -> None:
    """For states where `where` holds, seat v's determinizations keep view(v) and (in most states)
    change `secret(state, w)` for another seat w."""
    changed = tried = 0
    for edition in ("current", "2013"):
        for state in states(players, edition):
            if not where(state) or state.to_act is None:
                continue
            v = (state.to_act + 1) % players
            w = state.to_act
            truth = secret(state, w)
            rng = random.Random(tried)
            samples = [state.determinize(v, rng) for _ in range(6)]
            assert all(sample.view(v) == state.view(v) for sample in samples)
            tried += 1
            changed += any(secret(sample, w) != truth for sample in samples)
            if tried >= 4 * needed:
                break
    assert tried >= needed, f"only {tried} states had the secret"
    assert changed >= tried // 2, f"the secret was re-dealt in only {changed} of {tried} states"


def test_another_seats_cash_is_not_in_the_view() -> None:
    # downtown-2013-en.txt: "Players keep their money secret from the other players."
    varies_unseen(lambda s, w: tuple(s.cash[w]), where=lambda s: s.turn > 3)


def test_the_kinds_of_another_seats_gangsters_are_not_in_the_view() -> None:
    # downtown-2013-en.txt: "players need not give information about the kind of Gangster and Stoooge
    # cards [...] they have" (the number is public: it is in the view).
    varies_unseen(lambda s, w: tuple(s.hands[w]), where=lambda s: sum(s.hands[s.to_act or 0]) >= 2)


def test_another_seats_stooge_cards_are_not_in_the_view() -> None:
    varies_unseen(lambda s, w: tuple(s.shand[w]), where=lambda s: len(s.shand[s.to_act or 0]) >= 1, needed=5)


def test_opening_bids_are_hidden_until_all_have_bid() -> None:
    # downtown-2013-en.txt: "places $1,000 to $3,000 face down (money value hidden)"
    varies_unseen(lambda s, w: tuple(s.down_n[w]), players=4,
                  where=lambda s: s.phase == BID and sum(s.down_n[s.to_act or 0]) > 0, needed=3)


def test_face_down_additions_are_hidden_until_turned_up() -> None:
    # downtown-2013-en.txt: "Every added bank note and gangster card has to be placed face down first"
    varies_unseen(lambda s, w: (tuple(s.down_n[w]), tuple(s.down_g[w])), players=4,
                  where=lambda s: s.phase == WINDOW and sum(s.down_n[s.to_act or 0]) +
                  sum(s.down_g[s.to_act or 0]) > 0, needed=5)


def test_casino_notes_are_hidden_until_all_have_chosen() -> None:
    # downtown-2013-en.txt: "Each player has to place one (money) bill face down [...] As soon each player
    # has played a bill, all played bills are turned over"
    changed = tried = 0
    for players in (3, 4):
        for edition in ("current", "2013"):
            for state in states(players, edition, games=many(6, 12), turn_limit=200):
                if state.phase != CASINO_BET:
                    continue
                bet = [s for s in state.casino_seats if state.bets[s] >= 0]
                if not bet:
                    continue
                w = bet[0]
                v = state.to_act
                assert v is not None and v != w
                samples = [state.determinize(v, random.Random(i)) for i in range(8)]
                assert all(sample.view(v) == state.view(v) for sample in samples)
                assert "casino_note" not in state.view(v)["players"][w]
                tried += 1
                changed += any(sample.bets[w] != state.bets[w] for sample in samples)
    assert tried >= 3
    assert changed >= 1


def test_a_looked_at_card_is_known_to_the_looker_only_and_followed_under_the_pile() -> None:
    # downtown-2013-en.txt: "a player may glance at one of the topmost Stooge cards (to check the real
    # loot) and must then place that card back on top of the same pile or place it underneath this pile."
    for edition in ("current", "2013"):
        found = 0
        for state in states(3, edition, games=20, turn_limit=80):
            legal = state.legal_actions()
            looks = [a for a in legal if LOOK_STOOGE0 <= a < LOOK_STOOGE0 + 3]
            if not looks or len(state.spiles[looks[0] - LOOK_STOOGE0]) < 2:
                continue
            looker = state.to_act
            assert looker is not None
            other = (looker + 1) % 3
            pile = looks[0] - LOOK_STOOGE0
            card = state.spiles[pile][-1]
            state = state.clone()
            state.apply(looks[0])
            # Which pile the card came from is public; the card is not (below).
            for seat in (None, 0, 1, 2):
                assert state.view(seat)["looking_at"] == {"pile": "stooge", "index": pile}
            state.apply(PUT_UNDER)
            assert "looking_at" not in state.view(None)
            mine = state.view(looker)["stooge_piles"][pile]["cards"]
            theirs = state.view(other)["stooge_piles"][pile]["cards"]
            assert mine[-1] is not None and mine[-1]["id"] == card  # now at the bottom, still known
            assert mine[-1]["value"] == 1000 * state.cards[card].back
            assert theirs[-1] is None
            found += 1
            if found >= 3:
                break
        assert found >= 3


def test_a_looked_at_fence_is_known_to_the_looker_only() -> None:
    # downtown-2013-en.txt: "a player may look at one of the topmost Fence cards (to check if it is an
    # undercover cop)"
    for edition in ("current", "2013"):
        found = 0
        for state in states(3, edition, games=20, turn_limit=80):
            legal = state.legal_actions()
            looks = [a for a in legal if LOOK_FENCE0 <= a < LOOK_FENCE0 + 3]
            if not looks:
                continue
            looker = state.to_act
            assert looker is not None
            pile = looks[0] - LOOK_FENCE0
            fence = state.fpiles[pile][-1]
            state = state.clone()
            alone = len(state.fpiles[pile]) == 1 if edition == "2013" else not any(
                state.fpiles[q] for q in range(3) if q != pile)
            state.apply(looks[0])
            if not alone:  # a fence with nowhere else to go is placed at once: nothing to put back
                for seat in (None, 0, 1, 2):
                    assert state.view(seat)["looking_at"] == {"pile": "fence", "index": pile}
            known = [c for p in state.view(looker)["fence_piles"] for c in p["cards"]
                     if isinstance(c, dict) and c.get("id") == fence]
            assert known and "cop" in known[0]
            for seat in (None, (looker + 1) % 3):
                public = [c for p in state.view(seat)["fence_piles"] for c in p["cards"]
                          if isinstance(c, dict) and "cop" in c]
                assert all(c["id"] != fence for c in public) or fence in state.pub_f
            found += 1
            if found >= 3:
                break
        assert found >= 3


@pytest.mark.parametrize("edition", ["current", "2013"])
def test_determinize_keeps_pile_tops_and_replaces_hidden_cards_by_look_alikes(edition: str) -> None:
    # The top cards of the stooge and fence piles lie face up: a re-deal keeps their fronts.
    for state in states(4, edition, games=3):
        if state.turn < 5:
            continue
        seat = state.to_act or 0
        sample = state.determinize(seat, random.Random(0))
        for old, new in zip(state.spiles, sample.spiles, strict=True):
            assert len(old) == len(new)
            if old:
                assert state.cards[old[-1]].front == sample.cards[new[-1]].front
                assert {state.cards[c].stooge for c in new} <= {state.cards[old[-1]].stooge}
        for old, new in zip(state.fpiles, sample.fpiles, strict=True):
            assert len(old) == len(new)
            assert [f == -1 for f in old] == [f == -1 for f in new]


@pytest.mark.parametrize("edition", ["current", "2013"])
def test_determinize_mid_purchase_keeps_what_was_bought_in_the_buyers_hand(edition: str) -> None:
    # Issue 15: while another seat is buying at Downtown, the view shows what it has bought so far
    # ("buying": "bought"); those cards are in its hand, so a re-deal of its hand must keep them.
    # (The re-dealt hand held fewer of a kind than bought in about 1 in 10 determinizations.)
    from gangland.games.downtown.phases import BUYING

    checked = 0
    for state in states(3, edition, games=many(6, 30)):
        if state.phase != BUYING or not any(state.bought):
            continue
        buyer = state.active
        for seat in range(state.players):
            if seat == buyer:
                continue
            view = state.view(seat)
            for k in range(12):
                sample = state.determinize(seat, random.Random(k))
                assert sample.view(seat) == view
                bought = view["buying"]["bought"]
                assert all(sample.hands[buyer][g] >= bought[g] for g in range(3)), \
                    (sample.hands[buyer], bought)
                checked += 1
    assert checked >= 100, checked
