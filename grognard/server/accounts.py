"""Accounts: sign-up, log-in and log-out, e-mail verification and password reset by signed links, profile.

Passwords are argon2 hashes (pwdlib) and never stored or logged in clear. A log-in is a server-side session row;
the cookie holds a random token (the table keeps only its sha256). Requests that change something with a
cookie session must carry the session's CSRF token in the ``X-CSRF-Token`` header. Log-in and sign-up are
rate-limited per client address.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import threading
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import RedirectResponse
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher
from pydantic import BaseModel
from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from grognard.server import notify
from grognard.server.db import Database
from grognard.server.models import AuthSession, ConfigRow, User

COOKIE = "grognard_session"
CSRF_HEADER = "X-CSRF-Token"
SESSION_DAYS = 30
VERIFY_MAX_AGE = 7 * 86400
RESET_MAX_AGE = 3600
NAME_RE = re.compile(r"^[A-Za-z0-9_.-]{2,40}$")
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
MIN_PASSWORD = 8
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


def server_secret(db: Database) -> str:
    """The signing secret shared by every app server on this database (made on first use)."""
    with db.sessions() as s:
        row = s.get(ConfigRow, "secret")
        if row is not None:
            return row.value
    try:
        with db.session() as s:
            s.add(ConfigRow(key="secret", value=secrets.token_urlsafe(48)))
    except IntegrityError:  # another server made it first
        pass
    with db.sessions() as s:
        row = s.get(ConfigRow, "secret")
        assert row is not None
        return row.value


class RateLimit:
    """At most ``count`` events per ``window`` seconds per key (in this process)."""

    def __init__(self, count: int, window: float) -> None:
        self.count, self.window = count, window
        self.hits: dict[str, deque[float]] = defaultdict(deque)
        self.lock = threading.Lock()

    def hit(self, key: str) -> None:
        """Count one event; HTTP 429 if the key is over its limit."""
        now = time.monotonic()
        with self.lock:
            q = self.hits[key]
            while q and q[0] <= now - self.window:
                q.popleft()
            if len(q) >= self.count:
                raise HTTPException(429, f"Too many attempts; try again in {int(q[0] + self.window - now) + 1} s.")
            q.append(now)


@dataclass
class Accounts:
    """The accounts service the routers and the app share."""

    db: Database
    base_url: str = "http://127.0.0.1:8000"
    hasher: PasswordHash = field(default_factory=lambda: PasswordHash((Argon2Hasher(),)))
    login_limit: RateLimit = field(default_factory=lambda: RateLimit(10, 300))
    signup_limit: RateLimit = field(default_factory=lambda: RateLimit(5, 3600))
    secret: str = ""

    def __post_init__(self) -> None:
        self.secret = self.secret or server_secret(self.db)
        self.base_url = self.base_url.rstrip("/")
        self.secure = self.base_url.startswith("https://")

    def signer(self, purpose: str) -> URLSafeTimedSerializer:
        return URLSafeTimedSerializer(self.secret, salt=f"grognard-{purpose}")

    # -- who is asking -------------------------------------------------------------
    def current_user(self, req: Request) -> User | None:
        """The logged-in user, or None. A cookie session on a changing request must show its CSRF token (403)."""
        token = req.cookies.get(COOKIE)
        if not token:
            return None
        # one statement, outside a transaction (PostgreSQL: one round trip, where a session's BEGIN, two reads and
        # ROLLBACK took four): every request of a logged-in player asks it
        with Session(self.db.autocommit, expire_on_commit=False) as s:
            found = s.execute(select(User, AuthSession.csrf, AuthSession.expires_at)
                              .join(AuthSession, AuthSession.user_id == User.id)
                              .where(AuthSession.token_hash == _hash(token))).one_or_none()
        if found is None or found.expires_at < time.time():
            return None
        if req.method in UNSAFE and not secrets.compare_digest(req.headers.get(CSRF_HEADER, ""), found.csrf):
            raise HTTPException(403, f"Missing or wrong {CSRF_HEADER} header (GET /api/session gives it).")
        user: User = found[0]
        return user

    def require_user(self, req: Request) -> User:
        user = self.current_user(req)
        if user is None:
            raise HTTPException(401, "Log in first.")
        return user

    def user_id(self, req: Request) -> int | None:
        user = self.current_user(req)
        return None if user is None else user.id

    # -- account operations ------------------------------------------------------------
    def sign_up(self, name: str, email: str, password: str) -> User:
        if not NAME_RE.match(name):
            raise HTTPException(422, "A name is 2 to 40 letters, digits, '_', '.' or '-'.")
        if not EMAIL_RE.match(email):
            raise HTTPException(422, "That is not an e-mail address.")
        if len(password) < MIN_PASSWORD:
            raise HTTPException(422, f"A password has at least {MIN_PASSWORD} characters.")
        user = User(name=name, email=email.lower(), password_hash=self.hasher.hash(password), email_verified=False,
                    notify={}, webhook_url=None, created_at=time.time())
        try:
            with self.db.session() as s:
                taken = s.scalar(select(func.count()).select_from(User).where(
                    (func.lower(User.name) == name.lower()) | (User.email == email.lower())))
                if taken:
                    raise HTTPException(409, "That name or e-mail address is already used.")
                s.add(user)
                s.flush()
                self.send_verification(s, user)
        except IntegrityError:
            raise HTTPException(409, "That name or e-mail address is already used.") from None
        return user

    def log_in(self, name: str, password: str) -> tuple[User, str, str]:
        """Check the password; returns the user, a session token and its CSRF token."""
        with self.db.sessions() as s:
            user = s.scalar(select(User).where((func.lower(User.name) == name.lower()) | (User.email == name.lower())))
        if user is None:
            self.hasher.hash(password)  # same time as a wrong password: names cannot be probed by timing
            raise HTTPException(401, "Wrong name or password.")
        ok, rehash = self.hasher.verify_and_update(password, user.password_hash)
        if not ok:
            raise HTTPException(401, "Wrong name or password.")
        token, csrf, now = secrets.token_urlsafe(32), secrets.token_urlsafe(24), time.time()
        with self.db.session() as s:
            if rehash:
                s.execute(update(User).where(User.id == user.id).values(password_hash=rehash))
            s.execute(delete(AuthSession).where(AuthSession.expires_at < now))
            s.add(AuthSession(token_hash=_hash(token), user_id=user.id, csrf=csrf, created_at=now,
                              expires_at=now + SESSION_DAYS * 86400))
        return user, token, csrf

    def log_out(self, req: Request) -> None:
        token = req.cookies.get(COOKIE)
        if token:
            with self.db.session() as s:
                s.execute(delete(AuthSession).where(AuthSession.token_hash == _hash(token)))

    def verify(self, token: str) -> User:
        try:
            uid, email = self.signer("verify").loads(token, max_age=VERIFY_MAX_AGE)
        except SignatureExpired:
            raise HTTPException(400, "This verification link has expired; ask for a new one.") from None
        except BadSignature:
            raise HTTPException(400, "This verification link is not valid.") from None
        with self.db.session() as s:
            user = s.get(User, uid)
            if user is None or user.email != email:
                raise HTTPException(400, "This verification link is for an address no longer on the account.")
            user.email_verified = True
        return user

    def request_reset(self, email: str) -> None:
        """Mail a reset link if the address has an account (the answer is the same either way)."""
        with self.db.session() as s:
            user = s.scalar(select(User).where(User.email == email.lower()))
            if user is None:
                return
            token = self.signer("reset").dumps([user.id, _fingerprint(user.password_hash)])
            notify.enqueue_email(s, user, "Grognard: reset your password",
                                 "Someone asked to reset the password of your Grognard account. If it was you, "
                                 "open this link within an hour; otherwise ignore this message.",
                                 f"{self.base_url}/#/reset?token={token}")

    def reset(self, token: str, password: str) -> None:
        try:
            uid, fp = self.signer("reset").loads(token, max_age=RESET_MAX_AGE)
        except (BadSignature, SignatureExpired):
            raise HTTPException(400, "This reset link is not valid or has expired.") from None
        if len(password) < MIN_PASSWORD:
            raise HTTPException(422, f"A password has at least {MIN_PASSWORD} characters.")
        with self.db.session() as s:
            user = s.get(User, uid)
            if user is None or not secrets.compare_digest(_fingerprint(user.password_hash), fp):
                raise HTTPException(400, "This reset link was already used.")
            user.password_hash = self.hasher.hash(password)
            s.execute(delete(AuthSession).where(AuthSession.user_id == uid))  # log out everywhere

    def send_verification(self, s: Any, user: User) -> None:
        token = self.signer("verify").dumps([user.id, user.email])
        notify.enqueue_email(s, user, "Grognard: confirm your e-mail address",
                             f"Welcome, {user.name}. Open this link to confirm your address:",
                             f"{self.base_url}/api/users/verify?token={token}")


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _fingerprint(password_hash: str) -> str:
    """Changes when the password does, so a reset link works once."""
    return hashlib.sha256(password_hash.encode()).hexdigest()[:16]


def client_key(req: Request) -> str:
    return req.client.host if req.client else "?"


def profile(user: User) -> dict[str, Any]:
    return {"id": user.id, "name": user.name, "email": user.email, "email_verified": user.email_verified,
            "notify": notify.settings(user), "webhook_url": user.webhook_url}


class SignUp(BaseModel):
    name: str
    email: str
    password: str


class LogIn(BaseModel):
    name: str
    password: str


class ResetRequest(BaseModel):
    email: str


class Reset(BaseModel):
    token: str
    password: str


class Profile(BaseModel):
    notify: dict[str, list[str]] | None = None
    webhook_url: str | None = None


def router(acc: Accounts) -> APIRouter:
    r = APIRouter(prefix="/api")

    @r.post("/users", status_code=201)
    def sign_up(body: SignUp, req: Request) -> dict[str, Any]:
        acc.signup_limit.hit(client_key(req))
        return profile(acc.sign_up(body.name, body.email, body.password))

    @r.get("/users/verify")
    def verify(token: str) -> RedirectResponse:
        acc.verify(token)
        return RedirectResponse(f"{acc.base_url}/#/account?verified=1", status_code=303)

    @r.post("/users/reset-request", status_code=202)
    def reset_request(body: ResetRequest, req: Request) -> dict[str, str]:
        acc.signup_limit.hit("reset:" + client_key(req))
        acc.request_reset(body.email)
        return {"detail": "If this address has an account, a reset link is on its way."}

    @r.post("/users/reset")
    def reset(body: Reset) -> dict[str, bool]:
        acc.reset(body.token, body.password)
        return {"ok": True}

    @r.get("/users/me")
    def me(req: Request) -> dict[str, Any]:
        return profile(acc.require_user(req))

    @r.put("/users/me")
    def set_profile(body: Profile, req: Request) -> dict[str, Any]:
        user = acc.require_user(req)
        values: dict[str, Any] = {}
        if body.notify is not None:
            try:
                values["notify"] = notify.check_settings(body.notify)
            except ValueError as exc:
                raise HTTPException(422, str(exc)) from None
        if body.webhook_url is not None:
            if body.webhook_url and not body.webhook_url.startswith(("https://", "http://")):
                raise HTTPException(422, "A webhook is an http(s) address.")
            values["webhook_url"] = body.webhook_url or None
        with acc.db.session() as s:
            if values:
                s.execute(update(User).where(User.id == user.id).values(**values))
            fresh = s.get(User, user.id, populate_existing=True)
            assert fresh is not None
            return profile(fresh)

    @r.post("/users/me/verify", status_code=202)
    def resend(req: Request) -> dict[str, str]:
        user = acc.require_user(req)
        acc.signup_limit.hit("verify:" + client_key(req))
        with acc.db.session() as s:
            acc.send_verification(s, user)
        return {"detail": "A new verification link is on its way."}

    @r.post("/session")
    def log_in(body: LogIn, req: Request, resp: Response) -> dict[str, Any]:
        acc.login_limit.hit(client_key(req))
        user, token, csrf = acc.log_in(body.name, body.password)
        resp.set_cookie(COOKIE, token, max_age=SESSION_DAYS * 86400, httponly=True, samesite="lax",
                        secure=acc.secure, path="/")
        return {"user": profile(user), "csrf": csrf}

    @r.get("/session")
    def session(req: Request) -> dict[str, Any]:
        token = req.cookies.get(COOKIE)
        user = acc.current_user(req)
        if user is None or token is None:
            return {"user": None, "csrf": None}
        with acc.db.sessions() as s:
            sess = s.get(AuthSession, _hash(token))
        return {"user": profile(user), "csrf": sess.csrf if sess else None}

    @r.delete("/session")
    def log_out(req: Request, resp: Response) -> dict[str, bool]:
        acc.current_user(req)  # checks the CSRF token: a forged page cannot log one out
        acc.log_out(req)
        resp.delete_cookie(COOKIE, path="/")
        return {"ok": True}

    return r
