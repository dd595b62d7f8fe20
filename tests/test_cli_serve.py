"""`gangland serve` refuses a database it cannot use in one line, naming it without its password.

issue 16: "`--db URL` for another ... `--db postgresql+psycopg://user@host/db` runs the same server on
PostgreSQL"; the brief: "Bad input gets a clear error and changes nothing".
"""

from __future__ import annotations

from pathlib import Path

from gangland.cli import app

from .test_cli import assert_usage_error, run, runner


def test_a_database_the_server_cannot_use_is_one_line_of_error(tmp_path: Path) -> None:
    assert_usage_error(run("serve", "--db", "nonsense"), "is not a database URL", "sqlite:////")
    unreachable = run("serve", "--db", "postgresql+psycopg://me:s3cret@127.0.0.1:1/x")
    assert_usage_error(unreachable, "cannot open the database", "me:***@127.0.0.1:1/x")
    assert "s3cret" not in unreachable.output
    assert_usage_error(run("serve", "--db", f"sqlite:///{tmp_path}/no/such/folder/g.db"),
                       "cannot open the database", "unable to open database file")
    assert_usage_error(run("serve", "--bot-delay", "-1"), "--bot-delay must be 0 to 60 seconds")
    assert_usage_error(run("serve", "--tables-per-address", "0"), "--tables-per-address must be 1 to 100000")
    assert_usage_error(run("serve", "--away-seconds", "-1"), "--away-seconds must be 0 to 604800")
    assert_usage_error(run("serve", "--allow-origin", "evil.example"), "is not an origin")


def test_mail_and_idle_options_are_checked(tmp_path: Path) -> None:
    """`--smtp URL`, `--mail-from ADDRESS` and `--idle-days N` (docs/server.md, "Turn mails" and "Idle and
    ended tables"): a bad one is one line saying the form to use, never showing a password."""
    bad_url = run("serve", "--smtp", "http://me:s3cret@mail.example.org")
    assert_usage_error(bad_url, "--smtp or --mail-from", "smtp://[user:password@]host[:port]")
    assert "s3cret" not in bad_url.output
    assert_usage_error(run("serve", "--smtp", "smtp://mail.example.org", "--mail-from", "nobody"),
                       "not an e-mail address")
    assert_usage_error(run("serve", "--mail-from", "g@example.org"), "--mail-from needs --smtp")
    # The SMTP URL may come from the environment instead (docs/deploy.md: a password on the command line
    # shows in `ps`); it is checked the same way.
    from_environment = runner.invoke(app, ["serve"], env={"GANGLAND_SMTP": "http://me:s3cret@mail.example.org"})
    assert_usage_error(from_environment, "--smtp or --mail-from", "smtp://[user:password@]host[:port]")
    assert "s3cret" not in from_environment.output
    assert_usage_error(run("serve", "--idle-days", "0"), "--idle-days must be more than 0")
    assert_usage_error(run("serve", "--db", f"sqlite:///{tmp_path}/g.db", "--host", "0.0.0.0", "--smtp",
                           "smtp://mail.example.org", "--mail-from", "g@example.org"),
                       "--smtp needs --public-url")
