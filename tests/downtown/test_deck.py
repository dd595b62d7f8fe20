"""The stooge deck: the authored stooges.toml and its loader (docs/rules/downtown.md section 5).

The printed card list is not public, so the built-in deck is authored; these tests check each hard
constraint of section 5.4 directly on its data, each quoting the rulebook passage it rests on
(downtown-2013-en.txt, the 2013 English rulebook; downtown-current-de.txt, the current German one), and
that every kind of bad file is refused with a DeckError that names the card and the field.
"""

from __future__ import annotations

import copy
import os
import tomllib
from collections import Counter
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from gangland.engine.errors import OptionError
from gangland.games.downtown.deck import (
    ART,
    FRANKIE,
    GANGSTER_SUPPLY,
    JEWELLERY,
    JOE,
    LOOT_NAMES,
    LUIGI,
    MONEY,
    STOOGE_NAMES,
    DeckError,
    StoogeCard,
    StoogeDeck,
    check_printed_card,
    load_deck,
    parse_deck,
)


def builtin_text() -> str:
    return resources.files("gangland.games.downtown").joinpath("stooges.toml").read_text(encoding="utf-8")


def builtin_data() -> dict[str, Any]:
    return tomllib.loads(builtin_text())


def dump(data: dict[str, Any]) -> str:
    """A minimal TOML writer for the deck layout (scalars, arrays, inline tables, [deck], [[front]])."""

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int | float):
            return repr(v)
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
        raise TypeError(v)

    lines: list[str] = []
    tables = {k: v for k, v in data.items() if isinstance(v, dict)}
    arrays = {
        k: v for k, v in data.items() if isinstance(v, list) and v and all(isinstance(x, dict) for x in v)
    }
    lines += [f"{k} = {value(v)}" for k, v in data.items() if k not in tables and k not in arrays]
    for name, table in tables.items():
        lines.append(f"[{name}]")
        lines += [f"{k} = {value(v)}" for k, v in table.items()]
    for name, items in arrays.items():
        for item in items:
            lines.append(f"[[{name}]]")
            lines += [f"{k} = {value(v)}" for k, v in item.items()]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def deck() -> StoogeDeck:
    return load_deck()


def of(deck: StoogeDeck, stooge: int) -> list[StoogeCard]:
    return [card for card in deck.cards if card.stooge == stooge]


# ---- the built-in deck --------------------------------------------------------------------------


def test_builtin_deck_loads_and_is_cached(deck: StoogeDeck) -> None:
    assert deck.source == "built-in"
    assert deck.name == "Gangland authored stooge deck"
    assert load_deck() is deck
    assert load_deck("") is deck
    assert [card.id for card in deck.cards] == list(range(27))


def test_builtin_deck_is_marked_authored(deck: StoogeDeck) -> None:
    # Section 5.4 item 8: the file says whether it is authored; ours is never presented as the printed
    # cards (the printed list is not public).
    assert deck.authored is True
    text = builtin_text()
    assert "AUTHORED FOR GANGLAND" in text
    assert "NOT THE PRINTED CARDS" in text


def test_27_cards_9_per_stooge(deck: StoogeDeck) -> None:
    # downtown-2013-en.txt: "The 27 Stooge cards are sorted by stooge (Frankie, Luigi and Joe). The 9
    # cards for each stooge are shuffled"; downtown-current-de.txt: "27 Informanten-Karten, davon jeweils
    # 9x „Frankie“ , „Luigi“ - und „Joe“".
    assert len(deck.cards) == 27
    assert Counter(card.stooge for card in deck.cards) == {FRANKIE: 9, LUIGI: 9, JOE: 9}


def test_ids_follow_the_file_order(deck: StoogeDeck) -> None:
    # Section 5.4 item 1: ids 0..26 in file order, fronts in order, copies in the order of `backs`.
    fronts = builtin_data()["front"]
    expected = [
        (STOOGE_NAMES.index(f["stooge"]), LOOT_NAMES.index(f["loot"]), f["promise"] // 1000, back // 1000)
        for f in fronts
        for back in f["backs"]
    ]
    assert [(c.stooge, c.loot, c.promise, c.back) for c in deck.cards] == expected


def test_loot_kinds(deck: StoogeDeck) -> None:
    # downtown-2013-en.txt: "The Stooges may tell you where to steal money, jewellery or expensive art
    # objects and will also tell you how many gangsters are required for this job".
    assert {card.loot for card in deck.cards} <= {MONEY, JEWELLERY, ART}


def test_values_are_multiples_of_4000_and_the_back_is_a_possible_value(deck: StoogeDeck) -> None:
    # downtown-2013-en.txt: "The real value of the loot is written on the backside of the card and is
    # \$40,000, \$52,000 or \$60,000": the front lists three values, the back one of them. Multiples of
    # $4,000 make every payout whole thousands: "a fence who takes half [...] \$26,000", and 1/4 or 3/4.
    for card in deck.cards:
        assert card.promise > 0
        assert all(v > 0 and v % 4 == 0 for v in card.possible), card
        assert card.possible[0] < card.possible[1] < card.possible[2], card
        assert card.back in card.possible, card


def test_every_job_is_feasible_with_the_gangster_supply(deck: StoogeDeck) -> None:
    # downtown-2013-en.txt: "48 Gangster cards: 26 x Lookouts 11 x Safe Crackers 11 x Spies"; "Players may
    # never have more than 7 cards in their hand at the end of their turn" (so at most 7 gangsters a job,
    # and at least one: "the current player has to play exactly these Gangster cards").
    assert GANGSTER_SUPPLY == (26, 11, 11)
    for card in deck.cards:
        assert all(0 <= n <= supply for n, supply in zip(card.needs, GANGSTER_SUPPLY, strict=True)), card
        assert 1 <= sum(card.needs) <= 7, card


def test_frankie_exaggerates(deck: StoogeDeck) -> None:
    # downtown-2013-en.txt: "Frankie is a booster and you have to be careful when dealing with him.";
    # downtown-current-de.txt: "Frankie übertreibt manchmal ein bisschen und bei ihm muss man vorsichtig
    # sein." Section 5.4 item 4: nothing above the promise, at least 6 of 9 backs below it.
    cards = of(deck, FRANKIE)
    assert all(max(card.possible) <= card.promise for card in cards)
    assert sum(card.back < card.promise for card in cards) >= 6


def test_luigi_is_mostly_honest(deck: StoogeDeck) -> None:
    # downtown-2013-en.txt: "Luigi usually does not lie about the jobs he has got for you, but sometimes
    # he promises more than there is to get."; downtown-current-de.txt: "Luigi bleibt meistens mehr oder
    # weniger bei der Wahrheit." Section 5.4 item 5.
    cards = of(deck, LUIGI)
    assert sum(card.back >= card.promise for card in cards) >= 5
    assert sum(card.back < card.promise for card in cards) >= 1
    assert all(3 * min(card.possible) >= 2 * card.promise for card in cards)


def test_joe_never_promises_more_than_there_is(deck: StoogeDeck) -> None:
    # downtown-2013-en.txt: "You can always trust Joe. Joe always knows what is going on and he never
    # promises more than there actually is to get."; downtown-current-de.txt: "Joe kann man bedenkenlos
    # trauen." Section 5.4 item 6.
    assert all(min(card.possible) >= card.promise for card in of(deck, JOE))


def test_the_printed_luigi_card_is_in_the_deck_with_a_52000_copy(deck: StoogeDeck) -> None:
    # downtown-2013-en.txt: "Luigi knows where to rob artobjects worth \$60,000"; "The real value of the
    # loot is written on the backside of the card and is \$40,000, \$52,000 or \$60,000"; "Luigi says for
    # that job you need 2 Safecrackers, 1 Spy and 2 Lookouts"; worked example W6, its back: "The actual
    # value of the loot is \$52,000".
    check_printed_card(deck)
    copies = [card for card in deck.cards if card.front == (LUIGI, ART, 60, (2, 2, 1), (40, 52, 60))]
    assert copies and all(card.source == "rulebook" for card in copies)
    assert 52 in {card.back for card in copies}
    printed = next(card for card in copies if card.back == 52)
    assert printed.front_text() == (
        "Luigi: art worth $60,000, needs 2 lookouts, 2 safecrackers, 1 spy "
        "(really $40,000, $52,000 or $60,000)"
    )
    # W7: "if selling the art objects to a fence who takes half of the loot as their share you will get
    # paid \$26,000 from the bank".
    assert printed.back // 2 == 26


def test_front_text_plurals_and_omitted_kinds(deck: StoogeDeck) -> None:
    texts = {card.front_text() for card in deck.cards}
    assert (
        "Luigi: jewellery worth $48,000, needs 2 lookouts, 2 spies (really $40,000, $48,000 or $56,000)"
        in texts
    )
    assert (
        "Frankie: jewellery worth $50,000, needs 1 lookout, 1 safecracker, 1 spy (really $12,000, $20,000 or "
        "$40,000)" in texts
    )


def test_each_card_is_unique_by_front_and_back(deck: StoogeDeck) -> None:
    # Section 5.3: cards of one front differ only by their back, so (front, back) identifies a card.
    keys = [(card.front, card.back) for card in deck.cards]
    assert len(set(keys)) == 27


def test_each_front_is_printed_once_with_each_possible_value(deck: StoogeDeck) -> None:
    # Section 5.3 / 5.4 item 9: knowing the list tells a seat only "one of these three" for a fresh card.
    by_front: dict[object, list[StoogeCard]] = {}
    for card in deck.cards:
        by_front.setdefault(card.front, []).append(card)
    assert len(by_front) == 9
    for copies in by_front.values():
        assert sorted(card.back for card in copies) == list(copies[0].possible), copies[0].front_text()


def test_each_stooge_has_three_cards_of_each_loot_kind(deck: StoogeDeck) -> None:
    # Section 5.4 item 10: each fence kind then meets 9 cards ("4x Money launderer, 4x Jewellery dealer
    # and 4x Arts dealer").
    for stooge in (FRANKIE, LUIGI, JOE):
        assert Counter(card.loot for card in of(deck, stooge)) == {MONEY: 3, JEWELLERY: 3, ART: 3}


def test_builtin_deck_has_no_warnings(deck: StoogeDeck) -> None:
    assert deck.warnings == ()


def test_the_known_likely_fronts_are_kept(deck: StoogeDeck) -> None:
    # Section 5.2: Frankie $50,000 (12 / 20 / 40), Luigi $40,000 (32 / 40 / 52), Joe $40,000 (40 / 44 / 48).
    known = {(card.stooge, card.promise, card.possible) for card in deck.cards if card.source == "likely"}
    assert known == {(FRANKIE, 50, (12, 20, 40)), (LUIGI, 40, (32, 40, 52)), (JOE, 40, (40, 44, 48))}


# ---- user files ---------------------------------------------------------------------------------


def test_a_user_file_loads(tmp_path: Path) -> None:
    data = builtin_data()
    data["deck"]["name"] = "My real list"
    data["deck"]["authored"] = False
    data["front"][8]["needs"] = {"lookouts": 3, "safecrackers": 1, "spies": 1}
    data["front"][0]["loot"] = "Jewelry"  # case-insensitive, US spelling accepted
    path = tmp_path / "mine.toml"
    path.write_text(dump(data), encoding="utf-8")
    mine = load_deck(str(path))
    assert mine.name == "My real list"
    assert mine.authored is False
    assert mine.source == str(path.resolve())
    assert mine.cards[24].needs == (3, 1, 1)
    assert mine.cards[0].loot == JEWELLERY
    assert load_deck(str(path)) is mine  # cached by resolved path and mtime
    # A changed file is read again.
    data["deck"]["name"] = "My real list, corrected"
    path.write_text(dump(data), encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert load_deck(str(path)).name == "My real list, corrected"


def test_an_owners_list_loads_even_without_our_reading_of_the_printed_card(tmp_path: Path) -> None:
    # Item 7 is hard only for the built-in deck: check_printed_card refuses this list, load_deck does not.
    data = builtin_data()
    data["deck"]["authored"] = False
    data["front"][3]["needs"] = {"lookouts": 1, "safecrackers": 2, "spies": 2}
    path = tmp_path / "real.toml"
    path.write_text(dump(data), encoding="utf-8")
    real = load_deck(str(path))
    with pytest.raises(DeckError, match=r"printed card \(Luigi, art, \$60,000\): needs"):
        check_printed_card(real)


def test_check_printed_card_wants_a_52000_copy() -> None:
    data = builtin_data()
    data["front"][3]["backs"] = [40000, 60000, 60000]
    other = parse_deck(dump(data), "copy.toml")
    with pytest.raises(
        DeckError, match=r"copy\.toml: the printed card \(Luigi, art, \$60,000\): backs: .*\$52,000"
    ):
        check_printed_card(other)


def test_check_printed_card_wants_the_card() -> None:
    data = builtin_data()
    data["front"][3]["promise"] = 56000
    other = parse_deck(dump(data), "copy.toml")
    with pytest.raises(DeckError, match=r"printed card \(Luigi, art, \$60,000\): missing"):
        check_printed_card(other)


def test_soft_constraints_warn_but_load() -> None:
    data = builtin_data()
    data["front"][3]["backs"] = [40000, 60000, 60000]  # item 9: not one copy per possible value
    data["front"][7]["needs"] = {
        "lookouts": 5,
        "safecrackers": 0,
        "spies": 2,
    }  # item 11: 5 lookouts, 7 in all
    warned = parse_deck(dump(data), "soft.toml")
    assert warned.warnings == (
        "front 3 (Luigi, art, $60,000): backs: $40,000, $60,000, $60,000 is not one copy per possible value, "
        "so the list gives away more about the backs than the front does (5.3)",
        "front 7 (Joe, jewellery, $40,000): needs: 7 gangsters; 2 to 6 a job is the aim",
        "front 7 (Joe, jewellery, $40,000): needs.lookouts: 5; at most 4 in one job is the aim",
        "front 7 (Joe, jewellery, $40,000): needs: $40,000 for 7 gangsters is $5,714 a gangster; $10,000 to "
        "$17,000 is the aim",
    )


def test_deck_error_is_an_option_error() -> None:
    assert issubclass(DeckError, OptionError)
    assert issubclass(DeckError, ValueError)


def test_a_missing_file_is_a_deck_error(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    with pytest.raises(DeckError, match=r"nope\.toml: cannot read"):
        load_deck(str(missing))


# ---- bad files: one case per kind, each must name the card and the field ------------------------

Edit = Callable[[dict[str, Any]], None]


def setter(*path: str | int, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        node: Any = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return edit


def deleter(*path: str | int) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        node: Any = data
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]

    return edit


def edits(*steps: Edit) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        for step in steps:
            step(data)

    return edit


LUIGI_ART = r"front 3 \(Luigi, art, \$60,000\)"
BAD_FILES: dict[str, tuple[Edit, str]] = {
    "deck table missing": (deleter("deck"), r"the file: deck: missing"),
    "unknown top-level key": (setter("colour", value="red"), r"the file: colour: unknown key"),
    "authored missing": (deleter("deck", "authored"), r"\[deck\]: authored: missing field"),
    "authored not a bool": (
        setter("deck", "authored", value="yes"),
        r"\[deck\]: authored: must be true or false",
    ),
    "unknown deck field": (setter("deck", "edition", value=2), r"\[deck\]: edition: unknown field"),
    "empty name": (setter("deck", "name", value=" "), r"\[deck\]: name: must be a non-empty string"),
    "version not an int": (setter("deck", "version", value="one"), r"\[deck\]: version: must be a positive"),
    "front not an array of tables": (setter("front", value=[1, 2]), r"front: must be an array of tables"),
    "unknown front field": (
        setter("front", 3, "colour", value="red"),
        LUIGI_ART + r": colour: unknown field",
    ),
    "missing front field": (deleter("front", 3, "possible"), LUIGI_ART + r": possible: missing field"),
    "unknown stooge": (
        setter("front", 0, "stooge", value="Tony"),
        r"front 0 \(Tony, jewellery, \$50,000\): stooge: must be one of Frankie, Luigi, Joe, got 'Tony'",
    ),
    "unknown loot": (
        setter("front", 3, "loot", value="gold"),
        r"front 3 \(Luigi, gold, \$60,000\): loot: must be",
    ),
    "promise not a number": (
        setter("front", 3, "promise", value="sixty"),
        r"front 3 \(Luigi, art\): promise: must be a whole number of dollars, got 'sixty'",
    ),
    "promise a float": (
        setter("front", 3, "promise", value=60000.0),
        r"front 3 \(Luigi, art\): promise: must",
    ),
    "promise not whole thousands": (
        setter("front", 3, "promise", value=60500),
        r"front 3 \(Luigi, art, \$60,500\): promise: must be a positive whole number of thousands",
    ),
    "promise negative": (
        setter("front", 3, "promise", value=-4000),
        r"front 3 \(Luigi, art, \$-4,000\): promise",
    ),
    "possible not multiples of 4000": (
        setter("front", 3, "possible", value=[40000, 50000, 60000]),
        LUIGI_ART + r": possible: values must be positive multiples of \$4,000, got 50,000",
    ),
    "possible zero": (
        setter("front", 3, "possible", value=[0, 52000, 60000]),
        LUIGI_ART + r": possible: .*got 0",
    ),
    "possible not ascending": (
        setter("front", 3, "possible", value=[52000, 40000, 60000]),
        LUIGI_ART + r": possible: the 3 values must be distinct and ascending",
    ),
    "possible repeated": (
        setter("front", 3, "possible", value=[40000, 40000, 60000]),
        LUIGI_ART + r": possible: the 3 values must be distinct",
    ),
    "possible of two": (
        setter("front", 3, "possible", value=[40000, 60000]),
        LUIGI_ART + r": possible: .* of 2",
    ),
    "possible not an array": (
        setter("front", 3, "possible", value=40000),
        LUIGI_ART + r": possible: must be an",
    ),
    "possible of strings": (
        setter("front", 3, "possible", value=["a", "b", "c"]),
        LUIGI_ART + r": possible: values must be whole numbers of dollars, got 'a'",
    ),
    "back not a possible value": (
        setter("front", 3, "backs", value=[40000, 56000, 60000]),
        LUIGI_ART + r": backs: \$56,000 is not one of the possible values",
    ),
    "backs empty": (setter("front", 3, "backs", value=[]), LUIGI_ART + r": backs: must be a non-empty array"),
    "back a bool": (setter("front", 3, "backs", value=[True]), LUIGI_ART + r": backs: .*got true"),
    "needs not a table": (setter("front", 3, "needs", value=5), LUIGI_ART + r": needs: must be a table"),
    "needs unknown kind": (
        setter("front", 3, "needs", value={"lookouts": 2, "safecrackers": 2, "spies": 1, "drivers": 1}),
        LUIGI_ART + r": needs: drivers: unknown field",
    ),
    "needs missing kind": (
        setter("front", 3, "needs", value={"lookouts": 2, "safecrackers": 2}),
        LUIGI_ART + r": needs: spies: missing field",
    ),
    "needs negative": (
        setter("front", 3, "needs", "spies", value=-1),
        LUIGI_ART + r": needs\.spies: must be between",
    ),
    "needs not an int": (
        setter("front", 3, "needs", "spies", value="one"),
        LUIGI_ART + r": needs\.spies: must be a whole number, got 'one'",
    ),
    "needs over the supply": (
        setter("front", 3, "needs", "lookouts", value=27),
        LUIGI_ART + r": needs\.lookouts: must be between 0 and 26 \(the supply\), got 27",
    ),
    "needs more than 7": (
        setter("front", 3, "needs", value={"lookouts": 4, "safecrackers": 3, "spies": 1}),
        LUIGI_ART + r": needs: a job needs 1 to 7 gangsters in all .* got 8",
    ),
    "needs nothing": (
        setter("front", 3, "needs", value={"lookouts": 0, "safecrackers": 0, "spies": 0}),
        LUIGI_ART + r": needs: .* got 0",
    ),
    "source unknown": (
        setter("front", 3, "source", value="printed"),
        LUIGI_ART + r": source: must be one of",
    ),
    "8 cards for a stooge": (
        setter("front", 1, "backs", value=[16000, 28000]),
        r"Frankie's cards \(fronts 0, 1, 2\): backs: 8 cards \(one per back\), need exactly 9",
    ),
    "10 cards for a stooge": (
        setter("front", 8, "backs", value=[44000, 48000, 52000, 52000]),
        r"Joe's cards \(fronts 6, 7, 8\): backs: 10 cards",
    ),
    "Frankie above the promise": (
        edits(
            setter("front", 1, "possible", value=[16000, 28000, 44000]),
            setter("front", 1, "backs", value=[16000, 28000, 44000]),
        ),
        r"front 1 \(Frankie, money, \$40,000\): possible: Frankie never promises less than there is",
    ),
    "Frankie too honest": (
        edits(
            setter("front", 2, "possible", value=[36000, 48000, 60000]),
            setter("front", 2, "backs", value=[60000, 60000, 60000]),
        ),
        r"Frankie's cards \(fronts 0, 1, 2\): backs: Frankie is a booster: at least 6 .* got 5",
    ),
    "Luigi too often below": (
        setter("front", 5, "backs", value=[40000, 40000, 40000]),
        r"Luigi's cards \(fronts 3, 4, 5\): backs: Luigi usually does not lie: at least 5 .* got 3",
    ),
    "Luigi never below": (
        edits(
            setter("front", 3, "backs", value=[60000, 60000, 60000]),
            setter("front", 4, "backs", value=[40000, 40000, 52000]),
            setter("front", 5, "backs", value=[48000, 48000, 56000]),
        ),
        r"Luigi's cards \(fronts 3, 4, 5\): backs: Luigi sometimes promises more than there is",
    ),
    "Luigi far below": (
        edits(
            setter("front", 4, "possible", value=[24000, 40000, 52000]),
            setter("front", 4, "backs", value=[24000, 40000, 52000]),
        ),
        r"front 4 \(Luigi, money, \$40,000\): possible: Luigi is mostly honest: no value may be below 2/3",
    ),
    "Joe below the promise": (
        edits(
            setter("front", 6, "possible", value=[36000, 44000, 48000]),
            setter("front", 6, "backs", value=[36000, 44000, 48000]),
        ),
        r"front 6 \(Joe, money, \$40,000\): possible: Joe never promises more than there is",
    ),
}


@pytest.mark.parametrize("case", list(BAD_FILES), ids=list(BAD_FILES))
def test_bad_file_is_refused_naming_the_card_and_the_field(case: str) -> None:
    edit, message = BAD_FILES[case]
    data = copy.deepcopy(builtin_data())
    edit(data)
    with pytest.raises(DeckError, match=r"^bad\.toml: " + message):
        parse_deck(dump(data), "bad.toml")


def test_bad_toml_syntax_names_the_file_and_the_line() -> None:
    text = builtin_text().replace("promise = 60000", "promise = = 60000", 1)
    with pytest.raises(DeckError, match=r"^bad\.toml: not valid TOML: .*line \d+"):
        parse_deck(text, "bad.toml")


def test_a_single_front_table_is_refused() -> None:
    with pytest.raises(
        DeckError, match=r"bad\.toml: front: must be an array of tables \(\[\[front\]\]\), got a table"
    ):
        parse_deck('[deck]\nauthored = true\nname = "x"\nversion = 1\n[front]\nstooge = "Joe"\n', "bad.toml")


def test_a_bad_user_file_names_its_path(tmp_path: Path) -> None:
    data = builtin_data()
    data["front"][3]["promise"] = "sixty"
    path = tmp_path / "broken.toml"
    path.write_text(dump(data), encoding="utf-8")
    with pytest.raises(DeckError, match=r"broken\.toml: front 3 \(Luigi, art\): promise"):
        load_deck(str(path))
