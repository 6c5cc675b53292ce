"""Tables of the server. Times are UTC seconds since the epoch (floats): the same on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    email_verified: Mapped[bool] = mapped_column(Boolean, default=False)
    # event -> channels, e.g. {"your_turn": ["email", "webhook"]}; missing events use the defaults
    notify: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    webhook_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)


class AuthSession(Base):
    """A log-in: the cookie holds the token, the table only its sha256 (a leaked table opens no session)."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class GameRow(Base):
    """A game: its set-up, seats, where it stands (``version`` log rows played; the state is in ``SnapshotRow``
    and the log), and its clock."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(100))
    scenario: Mapped[str] = mapped_column(String(100))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seats: Mapped[dict[str, Any]] = mapped_column(JSON)  # side -> "user:ID" | "ai:LEVEL" | "open" | "hotseat"
    seed: Mapped[int] = mapped_column(BigInteger)  # 63 random bits for online games
    status: Mapped[str] = mapped_column(String(16), index=True)  # open | active | over
    version: Mapped[int] = mapped_column(Integer, default=0)
    active: Mapped[str | None] = mapped_column(String(40), nullable=True)
    digest: Mapped[str] = mapped_column(String(64))
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    # time control {"base": s, "increment": s, "cap": s, "policy": "ai:LEVEL" | "forfeit"}; None = no clock
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    clocks: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # side -> seconds left at turn_started
    turn_started: Mapped[float] = mapped_column(Float)
    paused: Mapped[bool] = mapped_column(Boolean, default=False)
    pause_votes: Mapped[list[Any]] = mapped_column(JSON, default=list)  # sides asking for a vacation pause
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float, index=True)


class SnapshotRow(Base):
    """A game's saved state after ``version`` log rows (``State.to_json``), rewritten every few actions: the state
    at the game's version is this one with the later log rows replayed (``store.GameStore.load``)."""

    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(Text)


class Player(Base):
    """Who holds which seat, kept beside ``GameRow.seats`` so "my games" is an indexed query."""

    __tablename__ = "players"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    side: Mapped[str] = mapped_column(String(40), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)


class ActionRow(Base):
    """The append-only game log: row ``seq`` took the game from version seq-1 to seq."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    side: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(8))  # "action" | "undo"
    action: Mapped[list[Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    at: Mapped[float] = mapped_column(Float)


class Outbox(Base):
    """A notification to send, written in the transaction of the event that causes it."""

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_due", "sent_at", "next_try"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    channel: Mapped[str] = mapped_column(String(16))  # email | webhook
    event: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)  # {"subject", "text", "link"}: never hidden cards
    created_at: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_try: Mapped[float] = mapped_column(Float)
    sent_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)


class ChatRow(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    text: Mapped[str] = mapped_column(String(2000))
    at: Mapped[float] = mapped_column(Float)


class ConfigRow(Base):
    """Server-wide settings shared by every app server (the signing secret)."""

    __tablename__ = "config"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Watcher(Base):
    """A browser watching a game over server-sent events for a player (one row per stream, refreshed while it
    lasts): a player watching the game is not sent the e-mail or webhook of what the screen already shows."""

    __tablename__ = "watchers"
    __table_args__ = (Index("ix_watchers_user_game", "user_id", "game_id"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seen_at: Mapped[float] = mapped_column(Float)
