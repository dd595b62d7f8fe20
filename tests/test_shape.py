"""Every game package has the skeleton of docs/architecture.md, so that a fifth game cannot drift.

The checks read the source (ast) where the shape is a matter of text, the same in both builds, and import
the game where it is a matter of values (the phase table's length, the view's type).
"""

from __future__ import annotations

import ast
import enum
import importlib
import typing
from pathlib import Path

import pytest

from gangland.engine import Game, PhaseState
from gangland.engine.copying import copier_source
from gangland.games import all_games

from .imports import import_graph

GAMES_SRC = Path(__file__).resolve().parent.parent / "src" / "gangland" / "games"

SKELETON = ("phases", "fields", "fields_copy", "actions", "rules", "start", "view", "hidden", "state")
"""The modules of the rules, in the order they may import one another (each only those before it)."""
FRONT = ("bots", "render", "screen", "drawing", "encoding", "report")
"""The modules that read the rules (and `<name>_<part>` modules of theirs): any of them may import the
skeleton and the free modules, and none is imported by them."""
CONTRACT = {"new", "to_act", "is_over", "result", "clone", "_compute_legal", "_apply", "_why_illegal",
            "_view", "_determinize"}
"""What a state class may define: the State contract's parts that `PhaseState` leaves to a game."""
GAME_HOOKS = ("bots", "_new_game", "configurations", "action_name", "public_action_name", "inventory",
              "facts", "svg", "render", "screen", "rules_help", "narrate", "menu_choice")
"""What a Game subclass may define besides its identity and options, in this order."""
MAX_LINES = 620
"""About 600 lines: a module a reader can read in one sitting."""


def package(game: Game) -> str:
    return type(game).__module__


def modules(game: Game) -> dict[str, Path]:
    """The game's modules by their short name ("state", "bots_planner")."""
    folder = GAMES_SRC / package(game).rpartition(".")[2]
    return {path.stem: path for path in sorted(folder.glob("*.py"))}


def front(name: str) -> bool:
    return name.partition("_")[0] in FRONT


def problems(game: Game) -> list[str]:
    """What keeps `game`'s package from the skeleton, one sentence each."""
    found: list[str] = []
    files = modules(game)
    name = package(game).rpartition(".")[2]
    for required in ("__init__", *SKELETON, *FRONT):
        if required not in files:
            found.append(f"it has no {required}.py")
    if not (GAMES_SRC / name / "rules.md").exists():
        found.append("it has no rules.md (the short rules the page shows)")
    for module, path in files.items():
        lines = len(path.read_text().splitlines())
        if lines > MAX_LINES:
            found.append(f"{module}.py has {lines} lines (at most {MAX_LINES})")
    found += import_order(game, files)
    found += private_reaches(game, files)
    if found:  # the checks below import what the ones above found missing
        return found
    found += phases_and_table(game)
    found += classes(game, files)
    return found


def import_order(game: Game, files: dict[str, Path]) -> list[str]:
    """Each module imports only the modules of its package that come before it."""
    prefix = package(game) + "."
    graph = import_graph()
    imports = {module: {name.removeprefix(prefix) for name in graph.get(prefix + module, ())
                        if name.startswith(prefix)} for module in files}
    found = []
    for module, imported in imports.items():
        if module == "__init__":
            continue
        for other in sorted(imported):
            if other == "__init__" or not before(rank(other, imports), rank(module, imports), other, module):
                found.append(f"{module}.py imports {other}.py, which comes after it")
    return found


def rank(module: str, imports: dict[str, set[str]]) -> int:
    """Where `module` stands in the import order: a free module that imports none of the skeleton is a
    component (first of all), one that does is a rule module (between actions and rules); the front
    modules come after the state."""
    if module in SKELETON:
        index = SKELETON.index(module)
        return 10 + 10 * index + (10 if module not in ("phases", "fields", "fields_copy", "actions") else 0)
    if front(module):
        return 1000
    return 45 if reaches_skeleton(module, imports, set()) else 5


def reaches_skeleton(module: str, imports: dict[str, set[str]], seen: set[str]) -> bool:
    """Whether `module` imports a skeleton module, itself or through the free modules it imports."""
    seen.add(module)
    return any(other in SKELETON or (other not in seen and not front(other) and other != "__init__"
                                     and reaches_skeleton(other, imports, seen))
               for other in imports.get(module, set()))


def before(imported_rank: int, importer_rank: int, imported: str, importer: str) -> bool:
    """Whether a module may import another: one of lower rank, or one of its own rank when both are free
    modules or both front modules (the circle test orders those)."""
    if imported_rank != importer_rank:
        return imported_rank < importer_rank
    return imported not in SKELETON and importer not in SKELETON


def private_reaches(game: Game, files: dict[str, Path]) -> list[str]:
    """A module reaches no `_private` name of another module: neither imports one nor reads one off a
    module it imported."""
    found = []
    for module, path in files.items():
        tree = ast.parse(path.read_text(), str(path))
        siblings: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.append(f"{module}.py imports {alias.name} from {node.module or '.'}")
                    if node.level == 1 and node.module is None:
                        siblings.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                siblings.update(alias.asname or alias.name for alias in node.names)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in siblings and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                found.append(f"{module}.py reads {node.value.id}.{node.attr}")
        if "as_method" in path.read_text():
            found.append(f"{module}.py binds a function as a method (as_method)")
    return found


def phases_and_table(game: Game) -> list[str]:
    found = []
    phases = importlib.import_module(package(game) + ".phases")
    rules = importlib.import_module(package(game) + ".rules")
    phase = getattr(phases, "Phase", None)
    if not (isinstance(phase, type) and issubclass(phase, enum.IntEnum) and "OVER" in phase.__members__):
        return ["phases.Phase is not an IntEnum with an OVER member"]
    if sorted(int(p) for p in phase) != list(range(len(phase))):
        found.append("phases.Phase's values are not 0, 1, 2, ... (the table is indexed by them)")
    if set(getattr(phases, "PHASE_NAMES", {})) != set(range(len(phase))) and len(
            getattr(phases, "PHASE_NAMES", ())) != len(phase):
        found.append("phases.PHASE_NAMES does not name every phase")
    for table in ("LEGAL", "APPLY"):
        entries = getattr(rules, table, None)
        if not isinstance(entries, tuple) or len(entries) != len(phase) or not all(map(callable, entries)):
            found.append(f"rules.{table} is not a tuple of one function per phase")
    if not callable(getattr(rules, "why_illegal", None)):
        found.append("rules.py has no why_illegal")
    view = importlib.import_module(package(game) + ".view")
    typed = [value for key, value in vars(view).items()
             if key.endswith("View") and typing.is_typeddict(value) and value.__module__ == view.__name__]
    if not typed:
        found.append("view.py defines no <Game>View TypedDict")
    return found


def classes(game: Game, files: dict[str, Path]) -> list[str]:
    """The fields class holds fields, the state class the contract, __init__ the Game and its hooks."""
    found = []
    fields_module = importlib.import_module(package(game) + ".fields")
    state_module = importlib.import_module(package(game) + ".state")
    fields_classes = [c for c in vars(fields_module).values() if isinstance(c, type)
                      and issubclass(c, PhaseState) and c.__module__ == fields_module.__name__]
    state_classes = [c for c in vars(state_module).values() if isinstance(c, type)
                     and issubclass(c, PhaseState) and c.__module__ == state_module.__name__]
    if len(fields_classes) != 1:
        found.append(f"fields.py defines {len(fields_classes)} PhaseState classes, not 1")
    elif files["fields_copy"].read_text() != copier_source(fields_classes[0]):
        found.append("fields_copy.py is not what its fields declare: run scripts/fields-copy")
    if len(state_classes) != 1 or (fields_classes and not issubclass(state_classes[0], fields_classes[0])):
        found.append("state.py does not define one state class on the fields class")
    for module, allowed_functions in (("fields", set()), ("state", CONTRACT)):
        tree = ast.parse(files[module].read_text())
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name not in (
                            allowed_functions):
                        found.append(f"{module}.py: {node.name}.{item.name} is not a part of the "
                                     f"{'contract' if allowed_functions else 'fields'}")
            elif isinstance(node, ast.FunctionDef):
                found.append(f"{module}.py defines the function {node.name} (rules live in rule modules)")
    tree = ast.parse(files["__init__"].read_text())
    hooks = [item.name for node in tree.body if isinstance(node, ast.ClassDef) for item in node.body
             if isinstance(item, ast.FunctionDef)]
    strays = [hook for hook in hooks if hook not in GAME_HOOKS]
    if strays:
        found.append(f"__init__.py's Game defines {strays}, which are not Game hooks")
    elif hooks != sorted(hooks, key=GAME_HOOKS.index):
        found.append(f"__init__.py's hooks are not in the skeleton's order: {hooks}")
    defined_elsewhere = [m for m, path in files.items() if m != "actions" and any(
        isinstance(node, ast.FunctionDef) and node.name == "action_text"
        for node in ast.walk(ast.parse(path.read_text())))]
    if defined_elsewhere:
        found.append(f"action_text is written outside actions.py: in {defined_elsewhere}")
    return found


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_game_package_has_the_skeleton(game: Game) -> None:
    """docs/architecture.md, "The skeleton"."""
    found = problems(game)
    assert not found, f"{game.id}:\n" + "\n".join(found)


def test_the_shape_check_sees_a_drift(tmp_path: Path) -> None:
    """The checks above can fail: a module that imports one after it, or reaches a private name."""
    imports = {"cards": set(), "duel": {"fights"}, "fights": {"fields"}, "rules": {"duel"},
               "bots_planner": {"state"}}
    order = {name: rank(name, imports) for name in ("phases", "fields", "actions", "rules", "state", "cards",
                                                      "duel", "drawing", "bots_planner")}
    assert order["cards"] < order["phases"] < order["fields"] < order["actions"] < order["duel"]
    assert order["duel"] < order["rules"] < order["state"] < order["drawing"] == order["bots_planner"]
    assert not before(order["state"], order["rules"], "state", "rules")
    assert before(order["drawing"], order["bots_planner"], "drawing", "bots_planner")
    assert not before(order["rules"], order["rules"], "rules", "rules")
    assert front("bots_planner") and front("drawing_parts") and not front("duel")
    source = tmp_path / "reach.py"
    source.write_text("from . import duel\nfrom .cards import _deal\nduel._fire(1)\nas_method\n")
    assert len(private_reaches(all_games()[0], {"reach": source})) == 3
