"""Protection Racket's city site cards: the authored sites.toml and its loader (sites.py).

The designer's card list is not public, so the built-in set is authored; these tests check it against
the rulebook (protection-racket.txt), each quoting the passage it rests on, and check that every kind of
bad file is refused with a SiteError that names the file, the card, the face and the field.
"""

from __future__ import annotations

import copy
import os
import re
import tomllib
from collections import Counter
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from gangland.engine.errors import OptionError
from gangland.games.protection_racket.sites import (
    CATEGORY_FACES,
    COLOURS,
    COUNTERS,
    DECK_OF_COLOUR,
    EFFECT_KINDS,
    MUSCLE_NAMES,
    MUSCLES,
    NEIGHBOUR_RULES,
    Effect,
    Face,
    SiteError,
    SiteSet,
    load_sites,
    parse_sites,
)

BLUES = ("light blue", "blue", "dark blue")


def builtin_text() -> str:
    return (resources.files("gangland.games.protection_racket").joinpath("sites.toml")
            .read_text(encoding="utf-8"))


def builtin_data() -> dict[str, Any]:
    return tomllib.loads(builtin_text())


def dump(data: dict[str, Any]) -> str:
    """A minimal TOML writer for the site layout: top scalars, [city] of inline tables, [[card]] with
    `deck` and [[card.face]] tables whose `effect` is an inline table."""

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
            return "{ " + ", ".join(f'"{k}" = {value(x)}' for k, x in v.items()) + " }"
        raise TypeError(v)

    lines = [f"{k} = {value(v)}" for k, v in data.items() if k not in ("city", "card")]
    if "city" in data:
        if isinstance(data["city"], dict):
            lines.append("[city]")
            lines += [f'"{k}" = {value(v)}' for k, v in data["city"].items()]
        else:
            lines.insert(0, f"city = {value(data['city'])}")
    for card in data.get("card", []):
        lines.append("[[card]]")
        lines += [f'"{k}" = {value(v)}' for k, v in card.items() if k != "face"]
        for face in card.get("face", []):
            lines.append("[[card.face]]")
            lines += [f'"{k}" = {value(v)}' for k, v in face.items()]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def sites() -> SiteSet:
    return load_sites()


def faces_of(sites: SiteSet, colour: str) -> list[Face]:
    return [face for face in sites.faces if face.colour == colour]


def by_name(sites: SiteSet) -> dict[str, Face]:
    return {face.name: face for face in sites.faces}


def card_faces(sites: SiteSet) -> list[tuple[Face, Face]]:
    return [(sites.faces[2 * c], sites.faces[2 * c + 1]) for c in range(sites.cards)]


# ---- the built-in set ---------------------------------------------------------------------------


def test_builtin_set_loads_and_is_cached(sites: SiteSet) -> None:
    assert sites.source == "built-in"
    assert sites.name == "Gangland authored city"
    assert load_sites() is sites
    assert load_sites("") is sites
    assert [face.id for face in sites.faces] == list(range(100))


def test_builtin_set_is_marked_authored(sites: SiteSet) -> None:
    # RULES-NOTES: "author an original set of faces that follows the category table [...] marked as
    # authored"; the designer's list is not public, so ours never poses as the printed cards.
    assert sites.authored is True
    data = builtin_data()
    assert data["authored"] is True
    assert data["version"] == 1
    text = builtin_text()
    assert "AUTHORED FOR GANGLAND" in text
    assert "NOT THE DESIGNER'S CARDS" in text


def test_the_file_round_trips_through_the_test_writer(sites: SiteSet) -> None:
    # The bad-file cases below rewrite the built-in data with `dump`; unedited it must load the same.
    again = parse_sites(dump(builtin_data()), "copy.toml")
    assert again.faces == sites.faces
    assert (again.decks, again.deal, again.grid) == (sites.decks, sites.deal, sites.grid)


def test_100_faces_on_50_double_sided_cards(sites: SiteSet) -> None:
    # protection-racket.txt: "cards have different sites on the front and back"; the table's "TOTAL 100"
    # (the "54 double-sided city site cards" of the component list cannot hold the table's 100 faces
    # two to a card; we follow the table).
    assert len(sites.faces) == 100
    assert sites.cards == 50
    assert len(builtin_data()["card"]) == 50


def test_faces_per_colour_follow_the_table(sites: SiteSet) -> None:
    # protection-racket.txt, the city table ("Card colour / Total no cards"): "l. pink 6 Revenue at end
    # of round", "pink 18 Conditional revenue at end of round", "d. pink 6 Immediate revenue", "red 6",
    # "orange 8", "l. yellow 4", "yellow 4", "l. green 18", "l. pink 6", "pink 6", "white 18", "TOTAL 100".
    # Its three revenue rows are the shades of blue: "Cards which do give revenue are all colour coded
    # shades of blue".
    table = {"light blue": 6, "blue": 18, "dark blue": 6, "red": 6, "orange": 8, "light yellow": 4,
             "yellow": 4, "light green": 18, "light pink": 6, "pink": 6, "white": 18}
    assert table == CATEGORY_FACES
    assert sum(table.values()) == 100
    assert Counter(face.colour for face in sites.faces) == table
    assert set(table) == set(COLOURS)


def test_cards_per_deck(sites: SiteSet) -> None:
    # protection-racket.txt: "Deck 1: all blue cards (15 cards)"; "Deck 2: all green cards (18 cards)";
    # "Deck 3: red, orange, yellow, pink & white cards (52 cards)". Deck 1's 15 cards hold the 30 blue
    # faces; the 18 green and 52 deck-3 counts are faces (18 + 52 + 30 = the table's 100), so 9 and 26 cards.
    assert [len(deck) for deck in sites.decks] == [15, 9, 26]
    assert sorted(c for deck in sites.decks for c in deck) == list(range(50))
    for number, deck in enumerate(sites.decks, 1):
        for c in deck:
            for face in (sites.faces[2 * c], sites.faces[2 * c + 1]):
                assert face.deck == number == DECK_OF_COLOUR[face.colour], face.name


def test_deck_colours(sites: SiteSet) -> None:
    # protection-racket.txt: "Deck 1: all blue cards"; "Deck 2: all green cards"; "Deck 3: red, orange,
    # yellow, pink & white cards".
    colours = [{sites.faces[2 * c + s].colour for c in deck for s in (0, 1)} for deck in sites.decks]
    assert colours == [set(BLUES), {"light green"},
                       {"red", "orange", "light yellow", "yellow", "light pink", "pink", "white"}]


def test_cards_pair_different_colours_where_they_can(sites: SiteSet) -> None:
    # "the card[s] should be shuffled and 'flipped' at random": a flip should change the kind of site.
    # Deck 3 has room for no same-colour card at all (white, the largest colour, has 18 of its 52 faces);
    # deck 1 has 18 blue faces for 15 cards, so 3 blue/blue cards is the least there can be.
    same = Counter(a.deck for a, b in card_faces(sites) if a.colour == b.colour)
    assert same[3] == 0
    assert same[1] == 3


def test_no_card_has_two_hired_muscle_faces(sites: SiteSet) -> None:
    # protection-racket.txt: "If two Hired Muscle cards are drawn into the city then replace one with
    # another card": two cards, so never one card with two Hired Muscle faces.
    assert all((a.colour, b.colour).count("pink") <= 1 for a, b in card_faces(sites))


def test_names_are_unique(sites: SiteSet) -> None:
    # protection-racket.txt: "with over 100 different city sites".
    names = [face.name.lower() for face in sites.faces]
    assert len(set(names)) == 100


RULEBOOK_FACES: dict[str, tuple[str, int, Effect | None, str | None]] = {
    # name: (colour, revenue, effect, text or None when the rulebook prints no text we keep verbatim)
    "Mom & Pop Shop": ("light blue", 2, None, "Gain $2 in the Revenue Step."),
    "Gambling Den": ("light blue", 6, None, "Gain $6 in the Revenue Step."),
    "Central Park": ("blue", 1, Effect("aura", amount=2),
                     "Sites adjacent to this site yield an additional $2 of revenue."),
    "Growing the Gang": ("dark blue", 0, Effect("income", amount=1, per="deployed"),
                         "Immediately take $1 from the bank for each Mobster deployed."),
    "Mob War": ("red", 0, Effect("war", where="any"), None),
    "Mass Move": ("light green", 0, Effect("move", whose="any", count=0, origin="any", to="any", war=True),
                  "Move all Mobsters of one colour from one site to another. You may start a Mob War on "
                  "that site."),
    "Fair Exchange": ("light green", 0, Effect("swap", war=True), None),
    "Whack-a-mole": ("white", 0, Effect("remove", where="any", whose="any"),
                     "Return any Mobster to the supply."),
}


@pytest.mark.parametrize("name", list(RULEBOOK_FACES))
def test_the_sites_the_rulebook_names(sites: SiteSet, name: str) -> None:
    # protection-racket.txt, the setup picture: "Mom & Pop shop $ 2 Gain $2 in the Revenue Step.";
    # "Gambling Den $ 6 Gain $6 in the Revenue Step"; "Central Park $ 1 Sites adjacent to this site yields
    # additional revenue as shown on the card $ 2"; "Growing the Gang [...] Immediately take $1 from the
    # supply for each Mobster deployed."; "Mob War Start a war on any site whether your Mobsters are
    # involved or not."; "Mass Move Move all Mobsters of one colour from one site to another. You may
    # start a Mob War on that site."; "Fair Exchange Swap the positions of any 2 Mobsters. You may declare
    # a Mob War on either or both sites."; "Whack-a-mole Return any Mobster to the supply."
    colour, revenue, effect, text = RULEBOOK_FACES[name]
    face = by_name(sites)[name]
    assert face.source == "rulebook"
    assert (face.colour, face.revenue, face.effect) == (colour, revenue, effect)
    if text is not None:
        assert face.text == text


def test_rulebook_texts_without_our_verbatim_copy(sites: SiteSet) -> None:
    faces = by_name(sites)
    assert "on any site" in faces["Mob War"].text
    assert "whether your Mobsters are involved or not" in faces["Mob War"].text
    assert faces["Fair Exchange"].text.startswith("Swap the positions of any 2 Mobsters")
    assert faces["Fair Exchange"].text.endswith("You may declare a Mob War on either or both sites.")


def test_only_the_named_sites_are_marked_rulebook(sites: SiteSet) -> None:
    named = {face.name for face in sites.faces if face.source == "rulebook"}
    assert named == set(RULEBOOK_FACES) | set(MUSCLE_NAMES)
    assert all(face.source == "authored" for face in sites.faces if face.name not in named)


MUSCLE_RULES = {
    # protection-racket.txt, section "Hired Muscle - Pink Mobster" ("card affects" read "card effects").
    "loner": "no further Mobsters of any colour can be deployed directly to a site upon which the Loner has "
             "been deployed. Other card effects may allow Mobsters to be moved to this site.",
    "accountant": "if the Accountant controls any site alone, then any revenue earned from that site is "
                  "doubled.",
    "hitman": "the Hitman counts for 2 Mobsters when assessing control of a site. If a Mob War is declared "
              "on a site where the Hitman is deployed, all players with the exception of the player "
              "controlling the Hitman must remove one Mobster before the Mob War begins.",
    "cleaner": "the Cleaner counts for 2 Mobsters",
    "hired_gun": "when a Mob War is declared the Hired Gun may move to the Mob War from an adjacent site or "
                 "from the Mob War to an adjacent site.",
    "survivor": "if a Mob War includes the Survivor and it is removed, then the Survivor is immediately "
                "returned to the site, after the Mob War.",
}


def test_six_hired_muscle_faces_one_per_muscle(sites: SiteSet) -> None:
    # protection-racket.txt: "pink 6 Recruit Hired Muscle"; "Each Hired Muscle has special rules detailed
    # on the card"; "The Loner", "The Accountant", "The Hitman", "The Cleaner", "The Hired Gun", "The
    # Survivor"; the setup picture: "The Accountant $ 2 If the Romo controls any site alone, then the
    # revenue earned from this site is doubled." (Romo: a typo for the Accountant).
    pinks = faces_of(sites, "pink")
    assert len(pinks) == 6
    assert sorted(face.effect.muscle for face in pinks if face.effect) == sorted(MUSCLES)
    for face in pinks:
        assert face.effect is not None and face.effect.kind == "recruit"
        muscle = face.effect.muscle
        assert face.name == MUSCLE_NAMES[MUSCLES.index(muscle)]
        assert face.source == "rulebook"
        assert face.text.startswith("Recruit the Hired Muscle: " + MUSCLE_RULES[muscle])
        assert "Romo" not in face.text
        assert 0 <= face.revenue <= 2
    assert by_name(sites)["The Accountant"].revenue == 2
    cleaner = by_name(sites)["The Cleaner"].text
    assert "always works alone" in cleaner
    assert "deploy Mobsters to a site where the Cleaner is already deployed" in cleaner


# ---- what the faces do --------------------------------------------------------------------------


def test_every_effect_kind_and_every_counter_is_used(sites: SiteSet) -> None:
    effects = [face.effect for face in sites.faces if face.effect is not None]
    assert {effect.kind for effect in effects} == set(EFFECT_KINDS)
    assert {effect.per for effect in effects if effect.per} == set(COUNTERS)


def test_every_face_but_light_blue_has_an_effect(sites: SiteSet) -> None:
    # protection-racket.txt: "Some blue sites yield a fixed amount of revenue." (light blue: "Revenue at
    # end of round"); every other colour does something ("Card Affect" column of the table).
    for face in sites.faces:
        assert (face.effect is None) == (face.colour == "light blue"), face.name


def test_revenue_is_on_the_blue_sites_and_the_hired_muscle(sites: SiteSet) -> None:
    # protection-racket.txt: "Cards which do give revenue are all colour coded shades of blue."; the setup
    # picture shows "The Accountant $ 2".
    for face in sites.faces:
        if face.colour not in (*BLUES, "pink"):
            assert face.revenue == 0, face.name
    assert all(2 <= face.revenue <= 6 for face in faces_of(sites, "light blue"))
    assert all(0 <= face.revenue <= 2 for face in faces_of(sites, "blue"))


def test_blue_sites_have_conditional_revenue(sites: SiteSet) -> None:
    # protection-racket.txt: "pink 18 Conditional revenue at end of round"; "Some blue sites yield a
    # variable amount of revenue dependant on conditions written on the card."
    blues = faces_of(sites, "blue")
    assert {face.effect.kind for face in blues if face.effect} == {"bonus", "aura"}
    for face in blues:
        assert face.effect is not None
        assert 1 <= face.effect.amount <= 2, face.name
    assert {face.effect.per for face in blues if face.effect} >= set(COUNTERS) - {"deployed"}


def test_dark_blue_sites_pay_at_once(sites: SiteSet) -> None:
    # protection-racket.txt: "d. pink 6 Immediate revenue"; "Some actions occur immediately."
    assert {face.effect.kind for face in faces_of(sites, "dark blue") if face.effect} == {"income", "extort"}


def test_orange_sites_are_closed_and_use_every_neighbour_rule(sites: SiteSet) -> None:
    # protection-racket.txt: "orange 8 Cannot deploy to this site - affects adjacent sites".
    oranges = [face.effect for face in faces_of(sites, "orange")]
    assert all(effect is not None and effect.kind == "closed" for effect in oranges)
    assert {effect.adjacent for effect in oranges if effect} == set(NEIGHBOUR_RULES)
    auras = [effect.amount for effect in oranges if effect and effect.adjacent == "aura"]
    assert any(amount < 0 for amount in auras)
    assert any(amount > 0 for amount in auras)


@pytest.mark.parametrize(("colour", "kinds"), [
    # protection-racket.txt, the table's "Card Affect" column.
    ("red", {"war"}),                                  # "Starts a Mob War"
    ("light yellow", {"stand_up"}),                    # "Stand up Mobsters"
    ("yellow", {"lying", "lay_down"}),                 # "Affects Mobsters on their back"
    ("light green", {"move", "swap"}),                 # "Move Mobsters"
    ("light pink", {"swap_sites", "flip", "replace"}), # "Affects site placement"
    ("pink", {"recruit"}),                             # "Recruit Hired Muscle"
])
def test_colours_do_what_the_table_says(sites: SiteSet, colour: str, kinds: set[str]) -> None:
    assert {face.effect.kind for face in faces_of(sites, colour) if face.effect} == kinds


def test_authored_faces_state_their_revenue(sites: SiteSet) -> None:
    # Our convention (file header), after "Mom & Pop shop $ 2 Gain $2 in the Revenue Step.": an authored
    # face with revenue says "Gain $N in the Revenue Step".
    for face in sites.faces:
        if face.source == "authored" and face.revenue:
            assert face.text.startswith(f"Gain ${face.revenue} in the Revenue Step"), face.name
        if face.colour == "light blue":
            assert face.text == f"Gain ${face.revenue} in the Revenue Step.", face.name


COUNTER_WORDS = {
    "deployed": "Mobster deployed", "own_here": "your standing Mobsters here",
    "rival_gangs_here": "each rival gang with Mobsters here", "lying_here": "Mobster lying down here",
    "adjacent_controlled": "adjacent site you control", "adjacent_empty": "adjacent site with no Mobsters",
    "adjacent_sites": "each site adjacent to this one", "sites_controlled": "each site you control",
    "edge": "on the edge of the city", "corner": "in a corner of the city", "alone": "if no rival Mobster",
}
COUNT_WORDS = {1: "one ", 2: "up to 2 ", 3: "up to 3 "}


def test_texts_state_what_the_data_does(sites: SiteSet) -> None:
    # The card text is what a player reads: every amount, count, scope and option of the effect is in it.
    for face in sites.faces:
        effect, text = face.effect, face.text
        if effect is None or effect.kind == "recruit":
            continue  # a Hired Muscle's text is the rulebook's rule for it (tested above)
        lower = text.lower()
        kind = effect.kind
        if kind in ("bonus", "aura", "income", "extort") or (kind == "closed" and effect.adjacent == "aura"):
            assert f"${abs(effect.amount)}" in text, face.name
        if kind == "closed":
            assert lower.startswith("no mobster may be deployed onto this site"), face.name
            if effect.adjacent == "aura":
                assert ("less revenue" in text) == (effect.amount < 0), face.name
            if effect.adjacent == "max_deploy":
                assert f"At most {effect.amount} Mobster" in text, face.name
            if effect.adjacent == "no_war":
                assert "No Mob War may be declared on sites adjacent" in text, face.name
            if effect.adjacent == "lie_down":
                assert "deployed onto sites adjacent to this one lie down" in text, face.name
        if effect.per:
            assert COUNTER_WORDS[effect.per] in text, face.name
        if kind in ("move", "lay_down", "reinforce"):
            if effect.count == 0:
                assert "all " in lower, face.name
            elif kind == "move" and effect.count > 1:
                # the engine moves that many, standing ones first: the player does not choose fewer
                assert f"move {effect.count} " in lower and "(or as many as there are)" in lower, face.name
            else:
                assert COUNT_WORDS[effect.count] in lower, face.name
        if kind in ("move", "swap"):
            assert ("Mob War" in text) == effect.war, face.name
        scopes = {effect.where, effect.origin, effect.to}
        assert ("adjacent" in lower) == ("adjacent" in scopes or effect.kind in ("aura", "closed")
                                         or effect.per.startswith("adjacent")), face.name
        if "here" in scopes:
            assert "this site" in lower or " here" in lower, face.name
        if effect.whose == "own":
            assert "your" in lower, face.name
        if effect.whose == "rival" or kind == "lay_down":
            assert "rival" in lower, face.name
        if kind == "lying":
            assert effect.to in lower, face.name
        if kind == "recall":
            assert "hideout" in lower and "deploy them again later this round" in lower, face.name
        if kind in ("swap_sites", "flip", "replace"):
            assert ("travel with their cards" if kind == "swap_sites" else "stay where they are") in lower


def test_the_city_table(sites: SiteSet) -> None:
    # protection-racket.txt: "2 players — 3 cards from each deck, shuffled and arranged in a 3 x 3 grid of
    # 9 cards."; "3/4 players — 4 cards from each deck shuffled and arranged in a 4 x 3 grid of 12 cards."
    assert sites.deal == {2: (3, 3, 3), 3: (4, 4, 4), 4: (4, 4, 4)}
    assert sites.grid == {2: (3, 3), 3: (4, 3), 4: (4, 3)}


# ---- user files ---------------------------------------------------------------------------------


def test_a_user_file_loads(tmp_path: Path) -> None:
    data = builtin_data()
    data["name"] = "My transcription"
    data["authored"] = False
    data["card"][0]["face"][0]["revenue"] = 3
    path = tmp_path / "mine.toml"
    path.write_text(dump(data), encoding="utf-8")
    mine = load_sites(str(path))
    assert mine.name == "My transcription"
    assert mine.authored is False
    assert mine.source == str(path.resolve())
    assert mine.faces[0].revenue == 3
    assert load_sites(str(path)) is mine  # cached by resolved path and modification time
    data["name"] = "My transcription, corrected"
    path.write_text(dump(data), encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert load_sites(str(path)).name == "My transcription, corrected"


def test_site_error_is_an_option_error() -> None:
    assert issubclass(SiteError, OptionError)


def test_a_missing_file_is_a_site_error(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    with pytest.raises(SiteError, match=r"nope\.toml: cannot read the site file"):
        load_sites(str(missing))


def test_invalid_toml_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(builtin_text().replace("revenue = 6", "revenue = = 6", 1), encoding="utf-8")
    with pytest.raises(SiteError, match="^" + re.escape(str(path.resolve())) + r": not valid TOML: .*line"):
        load_sites(str(path))


# ---- bad files: one case per kind, each naming the card, the face and the field -------------------

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


def face(card: int, side: int, *rest: str) -> tuple[str | int, ...]:
    return ("card", card, "face", side, *rest)


def keep_deck_2_cards(count: int) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        cards = data["card"]
        twos = [i for i, card in enumerate(cards) if card["deck"] == 2]
        for i in reversed(twos[count:]):
            del cards[i]

    return edit


# Card 0: Mom & Pop Shop / Corner Drugstore; card 1: Gambling Den / Speakeasy (checked below).
MOM = r"card 0 face 0 \(Mom & Pop Shop\): "
DRUG = r"card 0 face 1 \(Corner Drugstore\): "
BAD_FILES: dict[str, tuple[Edit, str]] = {
    "authored missing": (deleter("authored"), r"authored: missing"),
    "authored not a bool": (setter("authored", value="yes"), r"authored: must be true or false, not 'yes'"),
    "name not text": (setter("name", value=3), r"name: must be text, not 3"),
    "unknown top key": (setter("colour", value="red"), r"unknown key 'colour'; allowed: authored, name"),
    "city missing": (deleter("city"), r"city: there must be a \[city\] table"),
    "unknown city key": (setter("city", "size", value=9), r"city: unknown key 'size'"),
    "deal of two decks": (setter("city", "deal", "2", value=[3, 3]),
                          r"city: deal: 2 players: must be a list of 3 positive whole numbers, not \[3, 3\]"),
    "grid missing a player count": (deleter("city", "grid", "4"), r"city: grid: 4 players: must be a list"),
    "grid size mismatch": (setter("city", "grid", "3", value=[3, 3]),
                           r"city: 3 players: a 3 x 3 grid needs 9 cards \(at most 12\), and deal gives 12"),
    "grid too big": (edits(setter("city", "deal", "4", value=[6, 5, 5]),
                           setter("city", "grid", "4", value=[4, 4])),
                     r"city: 4 players: a 4 x 4 grid needs 16 cards \(at most 12\), and deal gives 16"),
    "deck too small for the deal": (keep_deck_2_cards(3),
                                    r"city: deal: 3 players need 4 cards of deck 2 each round, and it has 3"),
    "no cards": (deleter("card"), r"card: there must be \[\[card\]\] tables"),
    "unknown card key": (setter("card", 0, "back", value="x"),
                         r"card 0: unknown key 'back'; allowed: deck, face"),
    "bad deck number": (setter("card", 0, "deck", value=4), r"card 0: deck: must be 1, 2 or 3, not 4"),
    "deck not a number": (setter("card", 0, "deck", value="1"), r"card 0: deck: must be 1, 2 or 3, not '1'"),
    "one face only": (lambda data: data["card"][0]["face"].pop(),
                      r"card 0: face: a card has exactly two \[\[card\.face\]\] tables"),
    "three faces": (lambda data: data["card"][0]["face"].append(dict(data["card"][1]["face"][0])),
                    r"card 0: face: a card has exactly two"),
    "unknown face key": (setter(*face(0, 1, "flavour"), value="x"), r"card 0 face 1: unknown key 'flavour'"),
    "empty name": (setter(*face(0, 1, "name"), value=" "), r"card 0 face 1: name: must be non-empty text"),
    "unknown colour": (setter(*face(0, 1, "colour"), value="mauve"), DRUG + r"colour: 'mauve' is not one of"),
    "colour in the wrong deck": (setter("card", 0, "deck", value=2),
                                 MOM + r"colour: light blue belongs in deck 1, but the card is in deck 2"),
    "negative revenue": (setter(*face(0, 1, "revenue"), value=-1),
                         DRUG + r"revenue: must be a whole number of dollars 0-20, not -1"),
    "revenue a bool": (setter(*face(0, 1, "revenue"), value=True), DRUG + r"revenue: must be .*not True"),
    "missing text": (deleter(*face(0, 1, "text")), DRUG + r"text: must be the card's text, not None"),
    "bad source": (setter(*face(0, 1, "source"), value="designer"),
                   DRUG + r"source: must be one of rulebook, authored, not 'designer'"),
    "effect not a table": (setter(*face(0, 1, "effect"), value="bonus"), DRUG + r"effect: must be a table"),
    "unknown effect kind": (setter(*face(0, 1, "effect", "kind"), value="teleport"),
                            DRUG + r"effect: kind: 'teleport' is not one of bonus, aura"),
    "effect on a colour not allowed": (setter(*face(0, 1, "effect"), value={"kind": "war", "where": "any"}),
                                       DRUG + r"effect: kind: 'war' belongs on red faces, not blue"),
    "missing required effect field": (deleter(*face(0, 1, "effect", "per")),
                                      DRUG + r"effect: per: required for bonus"),
    "bad field value": (setter(*face(0, 1, "effect", "per"), value="moon"),
                        DRUG + r"effect: per: 'moon' is not one of deployed, own_here"),
    "wrong field type": (setter(*face(0, 1, "effect", "amount"), value="two"),
                         DRUG + r"effect: amount: must be int, not 'two'"),
    "amount out of range": (setter(*face(0, 1, "effect", "amount"), value=11),
                            DRUG + r"effect: amount: must be -10 to 10, not 11"),
    "deployed outside income": (setter(*face(0, 1, "effect", "per"), value="deployed"),
                                DRUG + r"effect: per: 'deployed' is only for income"),
    "unknown effect key": (setter(*face(0, 1, "effect", "where"), value="here"),
                           DRUG + r"effect: unknown key 'where' for bonus; allowed: kind, amount, per"),
    "duplicate name": (setter(*face(1, 1, "name"), value="CORNER DRUGSTORE"),
                       r"card 1 face 1: name: 'CORNER DRUGSTORE' is already the name of card 0"),
    "non-light-blue face without effect": (deleter(*face(0, 1, "effect")),
                                           DRUG + r"effect: a blue face needs an effect"),
}



def test_the_bad_file_cases_edit_the_faces_they_name() -> None:
    data = builtin_data()
    assert [f["name"] for f in data["card"][0]["face"]] == ["Mom & Pop Shop", "Corner Drugstore"]
    assert data["card"][0]["face"][1]["effect"]["kind"] == "bonus"
    assert data["card"][1]["deck"] == 1


@pytest.mark.parametrize("case", list(BAD_FILES), ids=list(BAD_FILES))
def test_bad_file_is_refused_naming_the_card_the_face_and_the_field(tmp_path: Path, case: str) -> None:
    edit, message = BAD_FILES[case]
    data = copy.deepcopy(builtin_data())
    edit(data)
    path = tmp_path / "bad.toml"
    path.write_text(dump(data), encoding="utf-8")
    with pytest.raises(SiteError, match="^" + re.escape(str(path.resolve())) + ": " + message):
        load_sites(str(path))


@pytest.mark.parametrize(("effect", "message"), [
    # A closed site's aura or deploy limit needs an amount; lay_down and reinforce move at least one.
    ({"kind": "closed", "adjacent": "max_deploy"},
     r"effect: amount: a closed site's max_deploy must be at least 1"),
    ({"kind": "closed", "adjacent": "max_deploy", "amount": -1},
     r"effect: amount: a closed site's max_deploy must be at least 1"),
    ({"kind": "closed", "adjacent": "aura"}, r"effect: amount: required \(not 0\) for a closed site's aura"),
    ({"kind": "closed", "adjacent": "no_war", "amount": 2},
     r"effect: amount: a closed site's no_war takes no amount"),
    ({"kind": "income", "amount": 0, "per": "deployed"}, r"effect: kind: 'income' belongs on"),
    ({"kind": "closed", "adjacent": "sideways"}, r"effect: adjacent: 'sideways' is not one of aura"),
    ({"kind": "closed", "adjacent": "no_war", "war": True}, r"effect: unknown key 'war' for closed"),
])
def test_bad_orange_effects(effect: dict[str, Any], message: str) -> None:
    data = builtin_data()
    card, side = next((c, s) for c, card in enumerate(data["card"]) for s, f in enumerate(card["face"])
                      if f["colour"] == "orange")
    name = data["card"][card]["face"][side]["name"]
    data["card"][card]["face"][side]["effect"] = effect
    where = rf"^x\.toml: card {card} face {side} \({re.escape(name)}\): "
    with pytest.raises(SiteError, match=where + message):
        parse_sites(dump(data), "x.toml")


@pytest.mark.parametrize(("effect", "message"), [
    ({"kind": "lay_down", "where": "here", "count": 0}, r"effect: count: must be at least 1 for lay_down"),
    ({"kind": "lay_down", "where": "here", "count": 7}, r"effect: count: must be 0-6, not 7"),
    ({"kind": "reinforce", "count": True}, r"effect: count: must be int, not True"),
    ({"kind": "remove", "where": "here"}, r"effect: whose: required for remove"),
])
def test_bad_white_effects(effect: dict[str, Any], message: str) -> None:
    data = builtin_data()
    card, side = next((c, s) for c, card in enumerate(data["card"]) for s, f in enumerate(card["face"])
                      if f["name"] == "Whack-a-mole")
    data["card"][card]["face"][side]["effect"] = effect
    with pytest.raises(SiteError, match=rf"^x\.toml: card {card} face {side} \(Whack-a-mole\): {message}"):
        parse_sites(dump(data), "x.toml")
