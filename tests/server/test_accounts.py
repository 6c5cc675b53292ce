"""Accounts over HTTP: sign-up, verification and reset links by real e-mail, sessions, CSRF, rate limits."""

from __future__ import annotations

import asyncio
import logging
import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from grognard.server import accounts
from grognard.server.accounts import RateLimit
from grognard.server.models import AuthSession, User
from grognard.server.notify import Sender

from .conftest import cheap_accounts

PASSWORD = "correct horse battery"


@pytest.fixture
def acc(db):
    return cheap_accounts(db, base_url="http://testserver")


@pytest.fixture
def client(acc):
    app = FastAPI()
    app.include_router(accounts.router(acc))
    with TestClient(app) as c:
        yield c


def deliver(db, smtp_cfg) -> int:
    return asyncio.run(Sender(db, smtp_cfg).send_due())


def link_in(message) -> str:
    body = message.get_content()
    return re.search(r"http://testserver\S+", body).group(0)


def log_in(client, name="alice", password=PASSWORD) -> str:
    r = client.post("/api/session", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return r.json()["csrf"]


def test_sign_up_verify_by_mail_and_log_in(client, db, smtp, caplog):
    caplog.set_level(logging.DEBUG)
    box, cfg = smtp
    r = client.post("/api/users", json={"name": "alice", "email": "Alice@Example.org", "password": PASSWORD})
    assert r.status_code == 201 and r.json()["email_verified"] is False
    assert client.post("/api/users", json={"name": "ALICE", "email": "b@example.org", "password": PASSWORD}
                       ).status_code == 409
    assert client.post("/api/users", json={"name": "b", "email": "nope", "password": PASSWORD}).status_code == 422
    assert client.post("/api/users", json={"name": "bob", "email": "b@example.org", "password": "short"}
                       ).status_code == 422
    assert deliver(db, cfg) == 1
    (mail,) = box.to("alice@example.org")
    assert "confirm" in mail["Subject"]
    r = client.get(link_in(mail).removeprefix("http://testserver"), follow_redirects=False)
    assert r.status_code == 303
    assert client.get("/api/users/verify", params={"token": "forged"}).status_code == 400
    assert client.post("/api/session", json={"name": "alice", "password": "wrong password"}).status_code == 401
    assert client.post("/api/session", json={"name": "nobody", "password": PASSWORD}).status_code == 401
    csrf = log_in(client)
    me = client.get("/api/users/me").json()
    assert me["email_verified"] is True and me["name"] == "alice"
    assert client.get("/api/session").json()["csrf"] == csrf
    # passwords are kept only as argon2 hashes, never in clear, never logged
    with db.sessions() as s:
        (user,) = s.scalars(select(User))
        assert user.password_hash.startswith("$argon2id$") and PASSWORD not in user.password_hash
        assert all(PASSWORD not in row.csrf for row in s.scalars(select(AuthSession)))
    assert PASSWORD not in caplog.text and PASSWORD not in mail.as_string()


def test_csrf_and_log_out(client, acc):
    acc.sign_up("alice", "alice@example.org", PASSWORD)
    csrf = log_in(client)
    body = {"notify": {"your_turn": ["email"], "chat": []}, "webhook_url": "https://hooks.example/x"}
    assert client.put("/api/users/me", json=body).status_code == 403
    assert client.put("/api/users/me", json=body, headers={"X-CSRF-Token": "guess"}).status_code == 403
    r = client.put("/api/users/me", json=body, headers={"X-CSRF-Token": csrf})
    assert r.status_code == 200
    assert r.json()["notify"]["your_turn"] == ["email"] and r.json()["notify"]["chat"] == []
    assert r.json()["notify"]["game_over"] == ["email", "webhook"]  # defaults for the rest
    bad = client.put("/api/users/me", json={"notify": {"your_turn": ["pigeon"]}}, headers={"X-CSRF-Token": csrf})
    assert bad.status_code == 422 and "channels" in bad.json()["detail"]
    assert client.delete("/api/session").status_code == 403
    assert client.delete("/api/session", headers={"X-CSRF-Token": csrf}).status_code == 200
    assert client.get("/api/users/me").status_code == 401


def test_password_reset_by_mail_works_once(client, acc, db, smtp):
    box, cfg = smtp
    acc.sign_up("alice", "alice@example.org", PASSWORD)
    old_csrf = log_in(client)
    assert client.post("/api/users/reset-request", json={"email": "nobody@example.org"}).status_code == 202
    assert client.post("/api/users/reset-request", json={"email": "alice@example.org"}).status_code == 202
    deliver(db, cfg)
    reset_mail = next(m for m in box.to("alice@example.org") if "reset" in m["Subject"])
    token = link_in(reset_mail).split("token=")[1]
    assert client.post("/api/users/reset", json={"token": token, "password": "new password 2"}).json() == {"ok": True}
    assert client.post("/api/users/reset", json={"token": token, "password": "new password 3"}).status_code == 400
    assert client.get("/api/users/me", headers={"X-CSRF-Token": old_csrf}).status_code == 401  # logged out
    assert client.post("/api/session", json={"name": "alice", "password": PASSWORD}).status_code == 401
    log_in(client, password="new password 2")


def test_log_in_and_sign_up_are_rate_limited(db):
    acc = cheap_accounts(db, login_limit=RateLimit(3, 60), signup_limit=RateLimit(2, 60))
    app = FastAPI()
    app.include_router(accounts.router(acc))
    client = TestClient(app)
    codes = [client.post("/api/session", json={"name": "x", "password": "y" * 8}).status_code for _ in range(4)]
    assert codes == [401, 401, 401, 429]
    codes = [client.post("/api/users", json={"name": f"u{i}", "email": f"u{i}@e.org", "password": PASSWORD}
                         ).status_code for i in range(3)]
    assert codes == [201, 201, 429]
