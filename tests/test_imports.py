"""Imports go one way: no circles among gangland's modules, and the layers (engine <- games <- agents <-
front ends) hold. The graph is read from the source by tests/imports.py, which says what counts."""

from __future__ import annotations

import subprocess
import sys

from .imports import allowed, breaches, circles, import_graph


def test_no_import_circles() -> None:
    found = circles(import_graph())
    assert not found, "import circles (python tests/imports.py shows each module's part):\n" + "\n".join(
        ", ".join(group) for group in found)


def test_layers_hold() -> None:
    wrong = breaches(import_graph())
    assert not wrong, "imports the layers forbid:\n" + "\n".join(f"{a} imports {b}" for a, b in wrong)


def test_the_checks_see_a_circle_and_a_breach() -> None:
    graph = {"gangland.engine.a": {"gangland.engine.b"}, "gangland.engine.b": {"gangland.engine.a"},
             "gangland.agents.x": {"gangland.rl.policy"}, "gangland.rl.policy": set()}
    assert circles(graph) == [["gangland.engine.a", "gangland.engine.b"]]
    assert breaches(graph) == [("gangland.agents.x", "gangland.rl.policy")]
    assert not allowed("gangland.games.razzia.bots", "gangland.games.downtown.state")
    assert allowed("gangland.games.razzia.bots", "gangland.games.razzia.state")
    assert not allowed("gangland.engine.match", "gangland.games")
    assert not allowed("gangland.agents.ismcts", "gangland.server.bots")


def test_an_rl_agent_asked_for_before_gangland_rl_is_imported_says_how_to_get_it() -> None:
    """The agents never import gangland.rl (the layers above); its agents come with `import gangland.rl`,
    and a refusal of one asked for without it says so (the command line and the server import it)."""
    script = ("import gangland.games\nfrom gangland.agents import make_agent\n"
              "from gangland.engine import all_games\n"
              "try:\n    make_agent('policy:model.pt', all_games()[0], 1)\n"
              "except Exception as refusal:\n    print(refusal)\n")
    said = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert "no agent 'policy:model.pt'" in said and "come with `import gangland.rl`" in said, said
