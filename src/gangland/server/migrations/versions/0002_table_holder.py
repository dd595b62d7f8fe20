"""The process that advances each table (its holder) and where that process answers: several server
processes can share one PostgreSQL database, each advancing only the tables it holds; and the seat to act,
so that each process's lobby can list the tables the others play.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("holder", sa.String(32), nullable=True))
        batch.add_column(sa.Column("holder_address", sa.String(200), nullable=True))
        batch.add_column(sa.Column("to_act", sa.Integer, nullable=True))


def downgrade() -> None:
    # ALTER TABLE ... DROP COLUMN in place (PostgreSQL; SQLite 3.35 and later), not a batch operation: on
    # SQLite a batch rebuilds the table, and dropping the old one would cascade to every seat and move.
    for column in ("to_act", "holder_address", "holder"):
        op.execute(f"ALTER TABLE tables DROP COLUMN {column}")
