"""snapshots table: a game's state saved every few actions, apart from the games row

A game's row is read on every request and rewritten on every action: with the state inside it (tens of KiB) SQLite
walked and rewrote the state's overflow pages each time. The state now lives in a row of its own, saved every
``store.SNAPSHOT_EVERY`` actions; loading a game replays the log rows after it.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id"),
    )
    op.execute("INSERT INTO snapshots (game_id, version, state) SELECT id, version, snapshot FROM games")
    # SQLite (3.35 and later) drops a plain column in place; batch mode would re-create the games table, which
    # deletes the rows that reference it (ON DELETE CASCADE)
    op.drop_column("games", "snapshot")


def downgrade() -> None:
    # the saved state may be older than the game's version (the log rows after it are replayed on loading): the
    # column of 0004 must hold the current state, which only the rules code can rebuild
    raise RuntimeError("revision 0005 cannot be undone: the snapshots are older than the games' versions")
