"""Alembic's environment: migrations run on the connection the server hands over (see storage.migrate)."""

from alembic import context

from gangland.server.storage import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("gangland's migrations run from gangland.server.storage.migrate(engine)")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
