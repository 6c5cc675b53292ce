"""Clocks: time controls, increments capped, vacation pause by agreement, timeout policies."""

from __future__ import annotations

import asyncio
import time

import pytest

from grognard.server import clocks
from grognard.server.online import Online
from grognard.server.store import user_seat

from .test_store import DUEL, add_user

H = clocks.HOUR


def test_time_controls():
    assert clocks.time_control("fast") == {"base": 72 * H, "increment": 12 * H, "cap": 240 * H, "policy": "forfeit"}
    assert clocks.time_control(None) is None and clocks.time_control("none") is None
    assert clocks.time_control({"base": 60, "policy": "ai:random"})["policy"] == "ai:random"
    assert clocks.time_control("fast", "ai:easy")["policy"] == "ai:easy"  # the levels the app offers as seats
    assert "ai:ai:easy" not in clocks.policies()
    for bad in ("glacial", {"base": 0}, {"base": 10, "increment": -1}):
        with pytest.raises(ValueError):
            clocks.time_control(bad)
    with pytest.raises(ValueError, match="policy"):
        clocks.time_control("fast", "ai:nobody")


def test_a_move_adds_the_increment_up_to_the_cap():
    tc = clocks.time_control("fast")
    c = clocks.start(tc, ["empire", "coalition"])
    c, t = clocks.on_move(tc, c, 0.0, "empire", "coalition", 10 * H, False)
    assert c == {"empire": 74 * H, "coalition": 72 * H} and t == 10 * H
    c, t = clocks.on_move(tc, c, t, "coalition", "coalition", 11 * H, False)  # same side still to act
    assert t == 10 * H
    c = {"empire": 235 * H, "coalition": 72 * H}
    c, _ = clocks.on_move(tc, c, 0.0, "empire", "coalition", 1 * H, False)
    assert c["empire"] == 240 * H  # capped
    assert clocks.left(c, 5.0, "coalition", "coalition", 15.0, False) == 72 * H - 10


def game_with_clock(store, db, policy="forfeit"):
    alice, bob = add_user(db, "alice"), add_user(db, "bob")
    tc = clocks.time_control({"base": 100, "increment": 10, "cap": 1000}, policy)
    gid = store.create_game(DUEL, "standard", {}, {"empire": user_seat(alice), "coalition": user_seat(bob)},
                            seed=1, clock=tc)
    return gid, bob


def test_the_side_to_act_forfeits_on_time(store, db):
    gid, _ = game_with_clock(store, db)
    now = time.time()
    assert store.due_timeouts(now + 50) == [] and store.time_out(gid, now + 50) is None
    # a vacation pause needs both players; then the clocks stop
    store.vote_pause(gid, "empire", True)
    assert not store.meta(gid).paused
    assert store.vote_pause(gid, "coalition", True).paused
    assert store.due_timeouts(now + 10_000) == []
    meta = store.vote_pause(gid, "empire", False)
    assert not meta.paused and 0 < meta.time_left()["empire"] <= 100
    later = time.time() + 101
    assert store.due_timeouts(later) == [gid]
    assert store.time_out(gid, later) == "empire forfeits on time"
    meta = store.meta(gid)
    assert meta.status == "over" and meta.result == {"winner": "coalition", "loser": "empire",
                                                     "text": "empire ran out of time"}
    assert store.time_out(gid, later) is None  # done once, whichever server sweeps again


def test_the_computer_takes_the_seat_on_time(store, db):
    gid, bob = game_with_clock(store, db, "ai:random")
    taken: list[str] = []
    online = Online(store, on_timeout=taken.append)
    store.append_action(gid, 0, "empire", ("pass", None))  # the move goes to coalition: empire gains 10 s
    st = store.load(gid)[0]
    meta = store.meta(gid)
    assert st.active == meta.active == "coalition" and 100 < meta.clocks["empire"] <= 110
    assert asyncio.run(online.sweep_once(time.time() + 50)) == []
    assert asyncio.run(online.sweep_once(time.time() + 101)) == [gid] and taken == [gid]
    meta = store.meta(gid)
    assert meta.seats["coalition"] == "ai:random" and meta.status == "active"
    assert store.list_games(bob) == []  # the seat left bob's games
    assert store.due_timeouts(time.time() + 10**6) == []  # a computer seat never times out
