"""The people at a table (issue 31): seat names, invited or open seats, a muted seat, turn mails; the table's
house rules (undo, hint, spectators' chat), when a person last moved, how it ended, its rematch; the chat
kept with the table; and links that stopped working, so that a page can say why.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("name", sa.String(40), nullable=True))
        batch.add_column(sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("fresh", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("muted", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(sa.Column("mail_stop_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("mailed_step", sa.Integer, nullable=True))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("settings", sa.JSON, nullable=True))
        batch.add_column(sa.Column("active_at", sa.Float, nullable=True))
        batch.add_column(sa.Column("ended", sa.String(16), nullable=True))
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
    op.create_table(
        "chat",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(2000), nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "revoked_links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("why", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("revoked_links")
    op.drop_table("chat")
    # In place, not as a batch: on SQLite a batch rebuilds the table, and dropping the old one would
    # cascade to every seat and move (see 0002).
    for column in ("rematch", "ended", "active_at", "settings"):
        op.execute(f"ALTER TABLE tables DROP COLUMN {column}")
    for column in ("mailed_step", "mail_stop_hash", "email", "muted", "fresh", "open", "name"):
        op.execute(f"ALTER TABLE seats DROP COLUMN {column}")
