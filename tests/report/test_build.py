"""A report built end to end (few games): its page parsed, its plots present, report.json consistent
with the saved records; resuming after an interruption; bad input refused with a clear error."""

from __future__ import annotations

import json
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gangland.cli import app
from gangland.engine import GameRecord, OptionError, RecordError
from gangland.games import get
from gangland.report.analyse import analyse_side, compare_sides, seat_outcomes
from gangland.report.build import build_report, report_sides
from gangland.report.index import END, START, draw_series, update_index
from gangland.report.markdown import plot_names, render_markdown
from gangland.report.plots import need_matplotlib
from gangland.report.run import Side, load_saved, play_sides, records_path
from gangland.sim import SimConfig, simulate

pytest.importorskip("matplotlib")  # the extra gangland[report]; scripts/test installs it with dev


class Page(HTMLParser):
    """What the tests read from a page: figure ids, svg elements, tables, links and text."""

    def __init__(self) -> None:
        super().__init__()
        self.figures: list[str] = []
        self.svgs = 0
        self.tables = 0
        self.links: list[str] = []
        self.scripts = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "figure":
            self.figures.append(str(found.get("id")))
        elif tag == "svg":
            self.svgs += 1
        elif tag == "table":
            self.tables += 1
        elif tag == "a":
            self.links.append(str(found.get("href")))
        elif tag == "script":
            self.scripts += 1

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_report_end_to_end(tmp_path: Path) -> None:
    folder = tmp_path
    tmp_path = folder / "razzia-3p"
    config = SimConfig("razzia", 3, ("heuristic", "random"), 6, seed=5)
    data = build_report(config, tmp_path, command="gangland report razzia (test)")
    page = parse(tmp_path / "index.html")
    # Every plot is inline (self-contained: no script, every link local) and saved as PNG and SVG.
    names = [f.removeprefix("plot-") for f in page.figures]
    assert {"win_rate_by_seat", "scores_by_seat", "scores_by_rank", "margin", "length", "breakdown",
            "seat_events", "events"} <= set(names)
    assert page.svgs >= len(names) and page.scripts == 0
    for name in names:
        assert (tmp_path / "plots" / f"{name}.png").stat().st_size > 1000
        svg = (tmp_path / "plots" / f"{name}.svg").read_text(encoding="utf-8")
        assert "<svg" in svg and svg.rstrip().endswith("</svg>")
    assert all(not link.startswith("http") for link in page.links)
    assert page.tables >= 4
    text = " ".join(page.text)
    assert "gangland report razzia (test)" in text and "This run took" in text
    # report.json holds what the page says, and agrees with the saved records.
    saved = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert saved == json.loads(json.dumps(data))
    records = GameRecord.load_all(tmp_path / "records.jsonl")
    assert records == simulate(config).records
    side = saved["sides"][0]
    assert side["games"] == 6
    for seat in range(3):
        assert side["seats"][seat]["wins"] == pytest.approx(sum(seat_outcomes(r)[seat] for r in records))
    decisions = [len(r.actions) for r in records]
    assert side["length"]["decisions"]["mean"] == pytest.approx(sum(decisions) / 6)
    assert side["length"]["decisions"]["max"] == max(decisions)
    assert side["length"]["rounds"]["mean"] == 3
    police = side["events"]["police drawn"]["mean"]
    rounds = sum(side["events"][f"police drawn in round {n}"]["mean"] for n in (1, 2, 3))
    assert police == pytest.approx(rounds)
    categories = set(records[0].result.breakdown[0]) if records[0].result else set()
    assert set(side["breakdown"]) == categories
    assert saved["run"]["games_played"] == 6 and saved["run"]["games_loaded"] == 0
    # The Markdown page (for docs/balance/) links every plot and gives the command.
    markdown = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert "gangland report razzia (test)" in markdown
    assert all(f"(plots/{name}.png)" in markdown for name in names)
    # The folder's summary: one row for this report, and the plot of its series by player count.
    (folder / "README.md").write_text(f"Studies\n{START}\nold\n{END}\nend\n", encoding="utf-8")
    update_index(folder)
    index = (folder / "README.md").read_text(encoding="utf-8")
    assert "[razzia-3p](razzia-3p/README.md)" in index and "old" not in index and index.endswith("end\n")
    assert draw_series(folder) == [folder / "razzia-by-players.png"]
    # A rerun loads every game, and says what the earlier run spent playing them.
    again = build_report(config, tmp_path)
    assert again["sides"] == data["sides"]
    assert again["run"]["games_loaded"] == 6 and again["run"]["earlier_games"] == 6
    assert again["run"]["earlier_play_seconds"] == data["run"]["play_seconds"]
    saved = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    markdown = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert "played by earlier runs (6 games" in markdown
    # The page made again from report.json alone is the page the build wrote (render_report does this
    # and draws the plots again, which this test leaves out for time).
    assert render_markdown(saved, plot_names(tmp_path)) == markdown


def test_endings_with_their_lengths(tmp_path: Path) -> None:
    # Issue 34: the report gives each ending's share with its interval and the length of the games that
    # ended so (median and quartiles) in report.json, on the page and in the README.
    config = SimConfig("supergang", 3, ("random",), 6, seed=3, options={"turn_limit": 5})
    data = build_report(config, tmp_path, command="gangland report supergang (test)")
    game = get("supergang")
    facts = [game.facts(r) for r in GameRecord.load_all(tmp_path / "records.jsonl")]
    endings = data["sides"][0]["endings"]
    assert sum(d["games"] for d in endings.values()) == 6
    for ending, d in endings.items():
        rounds = sorted(f.length["rounds"] for f in facts if f.ending == ending)
        assert d["length"]["rounds"]["n"] == len(rounds) == d["games"]
        assert d["length"]["rounds"]["min"] == rounds[0] and d["length"]["rounds"]["max"] == rounds[-1]
        assert rounds[0] <= d["length"]["rounds"]["q1"] <= d["length"]["rounds"]["median"] <= rounds[-1]
    assert endings["safety limit"]["length"]["rounds"]["median"] == 5  # the limit's round
    page = " ".join(parse(tmp_path / "index.html").text)
    markdown = (tmp_path / "README.md").read_text(encoding="utf-8")
    for text in (page, markdown):
        assert "safety limit" in text and "5 (5-5)" in text and "rounds" in text
    # A report.json written before the lengths by ending were counted still renders.
    for d in endings.values():
        del d["length"]
    assert "safety limit" in render_markdown(data, [])


def test_compare_on_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    result = CliRunner().invoke(app, ["report", "downtown", "--players", "3", "--agents", "heuristic",
                                      "--games", "4", "--compare", "edition=2013,current", "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert [side["label"] for side in data["sides"]] == ["edition=2013", "edition=current"]
    assert data["comparison"]["paired"] and data["comparison"]["pairs"] == 4
    first = GameRecord.load_all(out / "records-edition-2013.jsonl")
    second = GameRecord.load_all(out / "records-edition-current.jsonl")
    # The same seeds and seatings on both sides; only the option differs.
    assert [r.seed for r in first] == [r.seed for r in second]
    assert {r.options["edition"] for r in first} == {"2013"}
    for seat, diff in enumerate(data["comparison"]["win_rate_by_seat"]):
        pairs = zip(first, second, strict=True)
        expected = sum(seat_outcomes(a)[seat] - seat_outcomes(b)[seat] for a, b in pairs) / 4
        assert diff["estimate"] == pytest.approx(expected)
    page = parse(out / "index.html")
    assert "plot-win_rate_by_seat" in page.figures
    assert "Compared:" in " ".join(page.text)


def test_resume_after_an_interruption_gives_the_same_records(tmp_path: Path) -> None:
    config = SimConfig("razzia", 2, ("heuristic",), 7, seed=3)
    sides = (Side("all", config),)
    played: list[int] = []

    def stop_after_three(done: int) -> None:
        played.append(done)
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        play_sides(sides, tmp_path / "a", 1, "process", stop_after_three)
    path = records_path(tmp_path / "a", sides[0], 1)
    assert len(GameRecord.load_all(path)) == 3
    # An interrupted write leaves half a line: it is dropped and that game played again.
    with path.open("a", encoding="utf-8") as sink:
        sink.write('{"format": "gangland-rec')
    (resumed,), loaded = play_sides(sides, tmp_path / "a", 1, "process")
    assert loaded == 3
    (fresh,), _ = play_sides(sides, tmp_path / "b", 1, "process")
    assert resumed == fresh == simulate(config).records
    assert GameRecord.load_all(path) == fresh
    game = get("razzia")
    facts = [game.facts(r) for r in fresh]
    assert analyse_side(resumed, facts) == analyse_side(fresh, facts)


def test_saved_records_of_another_run_are_refused(tmp_path: Path) -> None:
    config = SimConfig("razzia", 2, ("heuristic",), 2, seed=3)
    play_sides((Side("all", config),), tmp_path, 1, "process")
    other = SimConfig("razzia", 2, ("heuristic",), 2, seed=4)
    with pytest.raises(RecordError, match="another run"):
        load_saved(tmp_path / "records.jsonl", other)


def test_unpaired_comparison_is_independent_samples() -> None:
    config = SimConfig("razzia", 2, ("heuristic",), 4, seed=1)
    records = simulate(config).records
    game = get("razzia")
    facts = [game.facts(r) for r in records]
    result = compare_sides((records, facts), (records[:3], facts[:3]), paired=True)
    assert not result["paired"]  # not every game has its pair


@pytest.mark.parametrize(("args", "message"), [
    (["--option", "nope=1"], "no option 'nope'"),
    (["--compare", "edition=2013"], "two different values"),
    (["--compare", "edition=2013,2013"], "two different values"),
    (["--compare", "edition=2013,1999"], "cannot be '1999'"),
    (["--compare", "nope=1,2"], "no option 'nope'"),
    (["--compare", "agents=heuristic"], "two agent line-ups"),
    (["--compare", "agents=heuristic/nobody"], "nobody"),
    (["--compare", "justtext"], "--compare takes name=value1,value2"),
    (["--backend", "cloud"], "no backend 'cloud'"),
])
def test_bad_input_is_a_clear_error(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["report", "downtown", "--games", "2", "--out", str(tmp_path / "r"),
                                      *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not (tmp_path / "r" / "records.jsonl").exists()


def test_missing_matplotlib_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    with pytest.raises(OptionError, match=r"gangland\[report\]"):
        need_matplotlib()


def test_sides_of_a_comparison() -> None:
    base = SimConfig("razzia", 3, ("heuristic",), 10, seed=2, options={"tiebreak": "shared"})
    (side,) = report_sides(base, None)
    assert side.config == base
    a, b = report_sides(base, "thief_takes_thief=true,false")
    assert (a.config.options["thief_takes_thief"], b.config.options["thief_takes_thief"]) == (True, False)
    assert a.config.seed == b.config.seed and a.config.options["tiebreak"] == "shared"
    with pytest.raises(OptionError, match="both set"):
        report_sides(base, "tiebreak=shared,highest_cheque")
    a, b = report_sides(base, "agents=heuristic/heuristic,random")
    assert (a.config.agents, b.config.agents) == (("heuristic",), ("heuristic", "random"))


def test_a_game_that_never_ends_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import gangland.report.run as run

    config = SimConfig("razzia", 2, ("heuristic",), 3, seed=1)
    played = simulate(config).records

    def stuck(config: SimConfig, jobs: int, backend: str, start: int = 0):  # type: ignore[no-untyped-def]
        yield played[start]
        raise RuntimeError("razzia did not end within 1000000 steps")  # as run_match says it

    monkeypatch.setattr(run, "iter_records", stuck)
    with pytest.raises(run.GameDidNotEnd, match=r"razzia game 1 \(seed \d+\) did not end.*turn_limit"):
        play_sides((Side("all", config),), tmp_path, 1, "process")
    assert GameRecord.load_all(tmp_path / "records.jsonl") == played[:1]  # the games before it are kept
