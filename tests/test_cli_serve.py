"""`gangland serve` refuses a database it cannot use in one line, naming it without its password.

issue 16: "`--db URL` for another ... `--db postgresql+psycopg://user@host/db` runs the same server on
PostgreSQL"; the brief: "Bad input gets a clear error and changes nothing".
"""

from __future__ import annotations

from pathlib import Path

from .test_cli import assert_usage_error, run


def test_a_database_the_server_cannot_use_is_one_line_of_error(tmp_path: Path) -> None:
    assert_usage_error(run("serve", "--db", "nonsense"), "is not a database URL", "sqlite:////")
    unreachable = run("serve", "--db", "postgresql+psycopg://me:s3cret@127.0.0.1:1/x")
    assert_usage_error(unreachable, "cannot open the database", "me:***@127.0.0.1:1/x")
    assert "s3cret" not in unreachable.output
    assert_usage_error(run("serve", "--db", f"sqlite:///{tmp_path}/no/such/folder/g.db"),
                       "cannot open the database", "unable to open database file")
    assert_usage_error(run("serve", "--bot-delay", "-1"), "--bot-delay must be 0 to 60 seconds")
    assert_usage_error(run("serve", "--tables-per-address", "0"), "--tables-per-address must be 1 to 100000")
    assert_usage_error(run("serve", "--allow-origin", "evil.example"), "is not an origin")
