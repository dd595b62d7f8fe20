"""The test databases themselves (conftest.py's `database_url`, dbservers.py's PostgreSQL cluster): both
backends take a table, a row and give it back, and a restarted PostgreSQL keeps what was committed."""

from __future__ import annotations

import sqlalchemy as sa

from .dbservers import PostgresServer

metadata = sa.MetaData()
tables = sa.Table("tables", metadata,
                  sa.Column("id", sa.Integer, primary_key=True),
                  sa.Column("game", sa.String(40), nullable=False))


def test_a_row_goes_in_and_comes_back(database_url: str) -> None:
    engine = sa.create_engine(database_url)
    try:
        metadata.create_all(engine)
        with engine.begin() as conn:
            conn.execute(tables.insert(), [{"id": 1, "game": "razzia"}])
        with engine.connect() as conn:
            assert conn.execute(sa.select(tables.c.id, tables.c.game)).all() == [(1, "razzia")]
        expected = "sqlite" if database_url.startswith("sqlite") else "postgresql"
        assert engine.dialect.name == expected
    finally:
        engine.dispose()


def test_each_test_gets_an_empty_database(database_url: str) -> None:
    engine = sa.create_engine(database_url)
    try:
        assert sa.inspect(engine).get_table_names() == []
    finally:
        engine.dispose()


def test_restart_keeps_committed_data(postgres_server: PostgresServer) -> None:
    url = postgres_server.new_database("restart_keeps_committed_data")
    engine = sa.create_engine(url)
    try:
        metadata.create_all(engine)
        with engine.begin() as conn:
            conn.execute(tables.insert(), [{"id": 7, "game": "downtown"}])
        engine.dispose()  # the restart ends every connection
        postgres_server.restart()
        with engine.connect() as conn:
            assert conn.execute(sa.select(tables.c.game).where(tables.c.id == 7)).scalar_one() == "downtown"
    finally:
        engine.dispose()
        postgres_server.drop_database("restart_keeps_committed_data")
