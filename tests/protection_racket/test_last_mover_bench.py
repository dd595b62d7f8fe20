"""benchmarks/protection_racket_last_mover.py: replaying a report's game records (`--records`) counts the
seats' wins and the final round's last mover exactly as playing those games does (issue 35's search line-up
is measured from its report's records)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gangland.sim import game_seed, play_seated

from ..test_pool_bench import load_script

last_mover = load_script("protection_racket_last_mover")


def test_replaying_records_counts_what_playing_them_does(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    records = tmp_path / "records.jsonl"
    options = {"first_seat": "seat0"}
    records.write_text("".join(play_seated("protection-racket", game_seed(0, index), ["heuristic"] * 2,
                                           options).dumps() + "\n" for index in range(4)))
    last_mover.main(["4", "--agent", "heuristic"])
    played = capsys.readouterr().out
    last_mover.main(["4", "--records", str(records)])
    replayed = capsys.readouterr().out
    assert "seats" in played and "last mover" in played
    # The same figures (after the source of the games, before the speed).
    assert "records" in replayed and "agent heuristic,heuristic" in replayed
    assert played.split(": ", 1)[1].rsplit(";", 1)[0] == replayed.split(": ", 1)[1].rsplit(";", 1)[0]
    with pytest.raises(SystemExit):
        last_mover.main(["5", "--records", str(records)])
