"""The README's reinforcement-learning snippets run as written (issue 20: "then the README's snippets for
PettingZoo, Gymnasium and OpenSpiel run")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def rl_snippets() -> list[str]:
    text = README.read_text()
    section = text[text.index("## Reinforcement learning"):]
    section = section[:section.index("\n## ", 1)]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_readme_has_a_snippet_for_each_interface() -> None:
    snippets = rl_snippets()
    assert [("pettingzoo" in s, "gymnasium" in s, "pyspiel" in s) for s in snippets] == [
        (True, False, False), (False, True, False), (False, False, True)]


@pytest.mark.parametrize("number", range(3))
def test_a_readme_snippet_runs(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {}
    exec(compile(rl_snippets()[number], f"README.md snippet {number + 1}", "exec"), namespace)
    if number == 0:
        assert namespace["table"].agents == []  # type: ignore[attr-defined]  # every agent stepped out
    if number == 1:
        assert namespace["done"] is True
    if number == 2:
        assert namespace["state"].is_terminal()  # type: ignore[attr-defined]
