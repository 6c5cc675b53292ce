"""games.seed holds 63 random bits

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch_op:
        batch_op.alter_column("seed", existing_type=sa.Integer(), type_=sa.BigInteger(), existing_nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("games") as batch_op:
        batch_op.alter_column("seed", existing_type=sa.BigInteger(), type_=sa.Integer(), existing_nullable=False)
