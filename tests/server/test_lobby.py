"""The lobby over HTTP with two accounts: create, invite, join, start, chat, pause, resign; notifications
reach a real SMTP server and a webhook receiver, and never carry a card."""

from __future__ import annotations

import asyncio
import random
import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from grognard.core.registry import BUILTIN
from grognard.server import accounts, lobby
from grognard.server.notify import Sender
from grognard.server.store import GameStore, named

from .conftest import cheap_accounts

PASSWORD = "correct horse battery"
DUEL = "duel"


@pytest.fixture(autouse=True)
def duel_is_builtin(monkeypatch):
    """The lobby offers built-in games only; the tests' small game joins them here."""
    monkeypatch.setitem(BUILTIN, DUEL, "tests.fixtures.duel")


@pytest.fixture
def world(db):
    acc = cheap_accounts(db, base_url="http://testserver")
    store = GameStore(db, base_url="http://testserver")
    app = FastAPI()
    app.include_router(accounts.router(acc))
    app.include_router(lobby.router(acc, store))
    return acc, store, app


def player(app, acc, name: str, webhook: str | None = None) -> TestClient:
    """A logged-in client with a verified address (its CSRF token set on every request)."""
    user = acc.sign_up(name, f"{name}@example.org", PASSWORD)
    acc.verify(acc.signer("verify").dumps([user.id, user.email]))
    c = TestClient(app)
    csrf = c.post("/api/session", json={"name": name, "password": PASSWORD}).json()["csrf"]
    c.headers["X-CSRF-Token"] = csrf
    if webhook:
        assert c.put("/api/users/me", json={"webhook_url": webhook}).status_code == 200
    c.user_id = user.id
    return c


def deliver(db, cfg) -> None:
    asyncio.run(Sender(db, cfg).send_due())


def test_two_accounts_play_with_notifications(world, db, smtp, hooks):
    acc, store, app = world
    box, cfg = smtp
    alice, bob = player(app, acc, "alice", hooks.url), player(app, acc, "bob")
    deliver(db, cfg)
    box.messages.clear()  # the verification mails
    anon = TestClient(app)
    assert anon.post("/api/lobby/games", json={"game": DUEL, "scenario": "standard", "side": "empire"}
                     ).status_code == 401
    r = alice.post("/api/lobby/games", json={"game": DUEL, "scenario": "standard", "side": "empire",
                                             "public": False, "clock": "fast"})
    assert r.status_code == 201, r.text
    game = r.json()
    gid, invite = game["id"], game["invite"]
    assert game["players"] == {"empire": "alice", "coalition": "open"} and game["status"] == "open"
    assert anon.get("/api/lobby").json() == {"open": []}  # private: not listed
    assert bob.post(f"/api/games/{gid}/join", json={"side": "coalition"}).status_code == 403
    assert alice.post(f"/api/games/{gid}/invite", json={"name": "bob"}).json() == {"ok": True}
    assert anon.get(f"/api/lobby/invite/{invite}").json()["id"] == gid
    assert bob.post(f"/api/games/{gid}/join", json={"side": "empire", "invite": invite}).status_code == 409
    assert bob.post(f"/api/games/{gid}/start").status_code == 403
    r = bob.post(f"/api/games/{gid}/join", json={"side": "coalition", "invite": invite})
    assert r.status_code == 200 and r.json()["players"] == {"empire": "alice", "coalition": "bob"}
    assert alice.post(f"/api/games/{gid}/start").json()["status"] == "active"
    assert bob.post(f"/api/games/{gid}/chat", json={"text": "Bonne chance"}).status_code == 201
    assert anon.get(f"/api/games/{gid}/chat").json()["messages"][0] | {"at": 0} == {
        "id": 1, "text": "Bonne chance", "user": "bob", "at": 0}
    deliver(db, cfg)
    # the game itself is played through the store here (the game routes belong to the app)
    rng = random.Random(4)
    seats = {"empire": alice.user_id, "coalition": bob.user_id}
    while (m := store.meta(gid)).status != "over":
        st = store.load(gid)[0]
        assert seats[m.active]
        store.append_action(gid, m.version, m.active, rng.choice(st.legal_actions()))
    deliver(db, cfg)
    subjects = [(m["To"], m["Subject"]) for m in box.messages]
    assert ("bob@example.org", f"Grognard: You are invited to a game (game {gid})") in subjects
    for who in ("alice@example.org", "bob@example.org"):
        assert (who, f"Grognard: The game has started (game {gid})") in subjects
        assert (who, f"Grognard: The game is over (game {gid})") in subjects
    assert any(s == f"Grognard: It is your turn (game {gid})" for _, s in subjects)
    assert not any("Bonne" in m.get_content() for m in box.to("bob@example.org"))  # one's own chat: no mail
    hook_text = [h["content"] for h in hooks.received]
    assert any("bob wrote in game" in t and "Bonne chance" in t for t in hook_text)  # chat by webhook
    assert any("It is your turn" in t for t in hook_text) and any("is over" in t for t in hook_text)
    # every notification is one of the fixed sentences: names, sides, the game and a link, never a card or prompt
    titled = re.escape(f"({named(DUEL, 'standard')})")  # the game's and the scenario's titles
    allowed = re.compile(
        rf"(?:\*\*Grognard: [^*]+\*\*\n)?(?:"
        rf"(?:It is your turn|A decision is asked of you) \((?:empire|coalition)\) in game {gid} {titled}\."
        rf"|Your game {gid} {titled} has started\.|Game {gid} {titled} is over: [^\n]*"
        rf"|alice invites you to a game of [^\n]* \(game {gid}\)\.|bob wrote in game {gid}: Bonne chance"
        rf")\n\nhttp://testserver/#/(?:game/{gid}|invite/{invite})\n?")
    for text in [m.get_content() for m in box.messages] + hook_text:
        assert allowed.fullmatch(text.replace("\r\n", "\n")), text
    assert alice.post(f"/api/games/{gid}/resign", json={"side": "empire"}).status_code == 409  # over already


def test_public_game_join_pause_resign(world, db):
    acc, _store, app = world
    alice, bob, carol = (player(app, acc, n) for n in ("alice", "bob", "carol"))
    r = alice.post("/api/lobby/games", json={"game": DUEL, "scenario": "standard", "side": "coalition",
                                             "others": {"empire": "open"}, "clock": {"base": 3600, "increment": 60,
                                                                                     "cap": 7200}})
    gid = r.json()["id"]
    assert "invite" not in r.json() and "seed" not in r.json()
    assert [g["id"] for g in TestClient(app).get("/api/lobby").json()["open"]] == [gid]
    assert bob.post(f"/api/games/{gid}/join", json={"side": "empire"}).status_code == 200
    assert carol.post(f"/api/games/{gid}/join", json={"side": "empire"}).status_code == 409
    assert alice.post(f"/api/games/{gid}/start").status_code == 200
    assert carol.post(f"/api/games/{gid}/chat", json={"text": "hi"}).status_code == 403
    assert bob.post(f"/api/games/{gid}/pause", json={"side": "coalition"}).status_code == 403
    assert bob.post(f"/api/games/{gid}/pause", json={"side": "empire"}).json()["paused"] is False
    assert alice.post(f"/api/games/{gid}/pause", json={"side": "coalition"}).json()["paused"] is True
    assert bob.post(f"/api/games/{gid}/pause", json={"side": "empire", "pause": False}).json()["paused"] is False
    r = bob.post(f"/api/games/{gid}/resign", json={"side": "empire"})
    assert r.json()["status"] == "over" and r.json()["result"]["winner"] == "coalition"


def test_bad_lobby_requests_are_refused_with_reasons(world):
    acc, _store, app = world
    alice = player(app, acc, "alice")
    base = {"game": DUEL, "scenario": "standard", "side": "empire"}
    for body, words in [
        ({**base, "side": "prussia"}, "Pick your side"),
        ({**base, "others": {"coalition": "ai:genius"}}, "Other seats"),
        ({**base, "clock": "glacial"}, "unknown time control"),
        ({**base, "clock": "fast", "timeout": "shrug"}, "timeout policy"),
        ({**base, "scenario": "nope"}, "no scenario"),
        ({**base, "game": "chess"}, "Unknown game"),
        ({**base, "game": "tests.fixtures.duel"}, "Unknown game"),
    ]:
        r = alice.post("/api/lobby/games", json=body)
        assert r.status_code == 422 and words in r.json()["detail"], (body, r.text)
    assert alice.post("/api/games/nope/join", json={"side": "empire"}).status_code == 404
