"""The lobby: create an online game (time control, public or by invitation), join, start, observe, chat.

Games themselves are played through the game routes of the app (view, actions, events); this router holds
what happens around them. Every route that changes something needs a logged-in user (and its CSRF token).
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, Field
from sqlalchemy import select

from grognard.core.registry import BUILTIN, load_game
from grognard.server import clocks, notify
from grognard.server.accounts import Accounts
from grognard.server.models import ChatRow, User
from grognard.server.store import GameMeta, GameNotFound, GameStore, named, seat_user, user_seat

CHAT_MAX = 2000


class NewOnlineGame(BaseModel):
    game: str = "nae"
    scenario: str
    options: dict[str, bool] = Field(default_factory=dict)
    side: str  # the creator's side
    others: dict[str, str] = Field(default_factory=dict)  # other sides: "open" (default) or "ai:LEVEL"
    clock: str | dict[str, Any] | None = "fast"
    timeout: str = "forfeit"  # or "ai:LEVEL": the computer takes the seat of a player out of time
    public: bool = True


class Join(BaseModel):
    side: str
    invite: str | None = None


class Invite(BaseModel):
    name: str  # the invited user's name


class Pause(BaseModel):
    side: str
    pause: bool = True


class Resign(BaseModel):
    side: str


class ChatIn(BaseModel):
    text: str


def router(acc: Accounts, store: GameStore) -> APIRouter:
    r = APIRouter(prefix="/api")

    def meta_or_404(gid: str) -> GameMeta:
        try:
            return store.meta(gid)
        except GameNotFound:
            raise HTTPException(404, f"No game {gid!r}.") from None

    def seated(meta: GameMeta, user: User, side: str) -> None:
        if side not in meta.seats:
            raise HTTPException(422, f"This game has no side {side!r}; its sides are {', '.join(meta.seats)}.")
        if meta.seats[side] != user_seat(user.id):
            raise HTTPException(403, f"You do not hold the {side} seat of this game.")

    def names(meta: GameMeta) -> dict[str, str]:
        """Each side's player as shown to everyone: a user name, a computer level or "open"."""
        ids = {uid for seat in meta.seats.values() if (uid := seat_user(seat)) is not None}
        with acc.db.sessions() as s:
            users = {u.id: u.name for u in s.scalars(select(User).where(User.id.in_(ids)))} if ids else {}
        return {side: users.get(seat_user(seat) or -1, seat) for side, seat in meta.seats.items()}

    def summary(meta: GameMeta) -> dict[str, Any]:
        return meta.public_dict() | {"players": names(meta)}

    @r.get("/lobby")
    def lobby() -> dict[str, Any]:
        """Public games waiting for players."""
        return {"open": [d | {"players": names(store.meta(d["id"]))} for d in store.open_games()]}

    @r.post("/lobby/games", status_code=201)
    def create(body: NewOnlineGame, req: Request) -> dict[str, Any]:
        user = acc.require_user(req)
        if body.game not in BUILTIN:  # a module path would import code of the caller's choosing
            raise HTTPException(422, f"Unknown game {body.game!r}; games: {', '.join(BUILTIN)}.")
        try:
            g = load_game(body.game)
            tc = clocks.time_control(body.clock, body.timeout)
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None
        if body.side not in g.sides:
            raise HTTPException(422, f"Pick your side among {', '.join(g.sides)}.")
        seats = {side: body.others.get(side, "open") for side in g.sides}
        seats[body.side] = user_seat(user.id)
        levels = [p for p in clocks.policies() if p.startswith("ai:")]
        for side, seat in body.others.items():
            if side not in g.sides or side == body.side or (seat != "open" and seat not in levels):
                raise HTTPException(422, f"Other seats are sides of {body.game} other than yours, each 'open' or one "
                                         f"of {', '.join(levels)}; not {side}: {seat!r}.")
        try:
            gid = store.create_game(body.game, body.scenario, body.options, seats, owner=user.id, public=body.public,
                                    clock=tc, invite=not body.public)
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None
        meta = store.meta(gid)
        out = summary(meta)
        if meta.invite:
            out["invite_link"] = f"{acc.base_url}/#/invite/{meta.invite}"
            out["invite"] = meta.invite
        return out

    @r.get("/lobby/invite/{token}")
    def invitation(token: str) -> dict[str, Any]:
        meta = store.by_invite(token)
        if meta is None:
            raise HTTPException(404, "This invitation is not valid (the game may have started).")
        return summary(meta)

    @r.post("/games/{gid}/invite")
    def invite(gid: str, body: Invite, req: Request) -> dict[str, Any]:
        user = acc.require_user(req)
        meta = meta_or_404(gid)
        if user_seat(user.id) not in meta.seats.values():
            raise HTTPException(403, "Only a player of this game can invite.")
        if meta.status != "open":
            raise HTTPException(409, "This game has no open seat.")
        with acc.db.session() as s:
            guest = s.scalar(select(User).where(User.name == body.name))
            if guest is None:
                raise HTTPException(404, f"No user {body.name!r}.")
            link = (f"{acc.base_url}/#/invite/{meta.invite}" if meta.invite else store.link(gid))
            notify.enqueue(s, [notify.Note(guest.id, "invitation", f"{user.name} invites you to a game of "
                                           f"{named(meta.game, meta.scenario)} (game {gid}).", gid, link)])
        return {"ok": True}

    @r.post("/games/{gid}/join")
    def join(gid: str, body: Join, req: Request) -> dict[str, Any]:
        user = acc.require_user(req)
        meta = meta_or_404(gid)
        if not meta.public and body.invite != meta.invite:
            raise HTTPException(403, "This game is by invitation: use its invitation link.")
        if body.side not in meta.seats:
            raise HTTPException(422, f"This game has no side {body.side!r}; its sides are {', '.join(meta.seats)}.")
        if user_seat(user.id) in meta.seats.values():
            raise HTTPException(409, "You already hold a seat of this game.")
        try:
            meta = store.set_seat(gid, body.side, user_seat(user.id), expect="open")
        except ValueError:
            raise HTTPException(409, f"The {body.side} seat is already taken.") from None
        return summary(meta)

    @r.post("/games/{gid}/start")
    def start(gid: str, req: Request) -> dict[str, Any]:
        user = acc.require_user(req)
        meta = meta_or_404(gid)
        if meta.owner_id != user.id:
            raise HTTPException(403, "Only the player who created the game can start it.")
        try:
            return summary(store.start(gid))
        except ValueError as exc:
            raise HTTPException(409, str(exc)) from None

    @r.post("/games/{gid}/pause")
    def pause(gid: str, body: Pause, req: Request) -> dict[str, Any]:
        """Ask for a vacation pause (the clocks stop when every player asked) or end it."""
        user = acc.require_user(req)
        seated(meta_or_404(gid), user, body.side)
        return summary(store.vote_pause(gid, body.side, body.pause))

    @r.post("/games/{gid}/resign")
    def resign(gid: str, body: Resign, req: Request) -> dict[str, Any]:
        user = acc.require_user(req)
        seated(meta_or_404(gid), user, body.side)
        try:
            return summary(store.forfeit(gid, body.side, f"{body.side} resigned"))
        except ValueError as exc:
            raise HTTPException(409, str(exc)) from None

    @r.get("/games/{gid}/players")
    def players(gid: str) -> dict[str, Any]:
        """Who plays, the clocks and the status: public facts anyone watching may see."""
        return summary(meta_or_404(gid))

    @r.get("/games/{gid}/chat")
    def chat(gid: str, after: int = 0) -> dict[str, Any]:
        meta_or_404(gid)
        with acc.db.sessions() as s:
            rows = s.execute(select(ChatRow.id, ChatRow.text, ChatRow.at, User.name).join(User)
                             .where(ChatRow.game_id == gid, ChatRow.id > after).order_by(ChatRow.id).limit(500))
            return {"messages": [{"id": i, "text": t, "at": at, "user": n} for i, t, at, n in rows]}

    @r.post("/games/{gid}/chat", status_code=201)
    def say(gid: str, body: ChatIn, req: Request) -> dict[str, Any]:
        user = acc.require_user(req)
        meta = meta_or_404(gid)
        if user_seat(user.id) not in meta.seats.values():
            raise HTTPException(403, "Only the players of a game write in its chat.")
        text = body.text.strip()
        if not text or len(text) > CHAT_MAX:
            raise HTTPException(422, f"A chat message has 1 to {CHAT_MAX} characters.")
        others = {uid for seat in meta.seats.values() if (uid := seat_user(seat)) not in (None, user.id)}
        with acc.db.session() as s:
            row = ChatRow(game_id=gid, user_id=user.id, text=text, at=time.time())
            s.add(row)
            s.flush()
            notify.enqueue(s, [notify.Note(uid, "chat", f"{user.name} wrote in game {gid}: {text[:200]}", gid,
                                           store.link(gid)) for uid in sorted(others)])
            mid = row.id
        store.chat_changed(gid)
        return {"id": mid}

    return r
