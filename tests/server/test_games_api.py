"""The games HTTP API of ARCHITECTURE.md ("Server"): refusals are 4xx with a reason and change nothing; no response
holds the other side's hidden cards (hidden-hand twins over HTTP)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from typer.testing import CliRunner

from grognard.cli import app as cli
from grognard.server.app import create_app
from grognard.server.models import GameRow

HOTSEAT = {"empire": "hotseat", "coalition": "hotseat"}


@pytest.fixture
def client(tmp_path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}")) as c:
        yield c


def new_game(c: TestClient, seats: dict[str, str] = HOTSEAT, seed: int = 5) -> str:
    r = c.post("/api/games", json={"game": "nae", "scenario": "1815", "seats": seats, "seed": seed})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def view(c: TestClient, gid: str, side: str | None = "empire") -> dict[str, Any]:
    r = c.get(f"/api/games/{gid}/view" + (f"?side={side}" if side else ""))
    assert r.status_code == 200, r.text
    return dict(r.json())


def act(c: TestClient, gid: str, side: str, version: int, action: list[Any]) -> Any:
    return c.post(f"/api/games/{gid}/actions", json={"side": side, "version": version, "action": action})


def test_health_and_scenarios(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"ok": True}
    doc = client.get("/api/scenarios").json()
    nae = next(g for g in doc["games"] if g["id"] == "nae")
    assert "1815" in nae["scenarios"] and nae["sides"] == ["empire", "coalition"]
    assert "ai:random" in doc["agents"] and "hotseat" in doc["seats"]


@pytest.mark.parametrize(("body", "words"), [
    ({"scenario": "1915", "seats": HOTSEAT}, "no playable scenario"),
    ({"scenario": "1815", "seats": {"empire": "hotseat"}}, "seat for each side"),
    ({"scenario": "1815", "seats": {"empire": "hotseat", "coalition": "ai:genius"}}, "is not one of"),
    ({"scenario": "1815", "seats": HOTSEAT, "options": {"no_such_rule": True}}, "Unknown option"),
    ({"seats": HOTSEAT}, "scenario"),
])
def test_a_bad_new_game_is_refused_with_a_reason(client: TestClient, body: dict[str, Any], words: str) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == 422 and words in r.json()["detail"]
    assert client.get("/api/games").json()["games"] == []


def test_refused_actions_change_nothing(client: TestClient) -> None:
    gid = new_game(client)
    v = view(client, gid)
    before = client.get(f"/api/games/{gid}/view?side=empire").content
    cases = [
        (act(client, gid, "empire", v["version"] + 3, v["legal"][0]), 409, "Stale"),
        (act(client, gid, "empire", v["version"], ["zone", "paris"]), 422, "not legal now"),
        (act(client, gid, "coalition", v["version"], ["pass", None]), 422, "not coalition's turn"),
        (act(client, gid, "prussia", v["version"], ["pass", None]), 422, "no side"),
        (client.post(f"/api/games/{gid}/actions", content=b"{not json", headers={"content-type": "application/json"}),
         422, "Bad request"),
        (client.post(f"/api/games/{gid}/actions", json={"side": "empire"}), 422, "version"),
        (act(client, "nope", "empire", 0, ["pass", None]), 404, "no game"),
        (client.post(f"/api/games/{gid}/undo", json={"side": "empire", "version": v["version"]}), 422,
         "Nothing to undo"),
    ]
    for r, status, words in cases:
        assert r.status_code == status, r.text
        assert isinstance(r.json()["detail"], str) and words in r.json()["detail"]
        assert "Traceback" not in r.text
    assert cases[0][0].json()["view"]["version"] == v["version"]  # a stale action gets the fresh view
    assert client.get(f"/api/games/{gid}/view?side=empire").content == before


def test_an_action_then_its_undo(client: TestClient) -> None:
    gid = new_game(client)
    v = view(client, gid)
    card = next(a for a in v["legal"] if a[0] == "card")
    played = act(client, gid, "empire", v["version"], card).json()
    assert not played["can_undo"]  # 6.4: a card shown to the other side commits the turn
    force = next(a for a in played["legal"] if a[0] == "force")
    after = act(client, gid, "empire", played["version"], force).json()
    assert after["version"] == played["version"] + 1 and after["can_undo"]
    back = client.post(f"/api/games/{gid}/undo", json={"side": "empire", "version": after["version"]}).json()
    assert back["prompt"] == played["prompt"] and back["board"]["hand"] == played["board"]["hand"]


def test_a_computer_seat_plays_and_is_not_the_callers(client: TestClient) -> None:
    gid = new_game(client, {"empire": "hotseat", "coalition": "ai:random"})
    assert client.get(f"/api/games/{gid}/view?side=coalition").status_code == 403
    v = view(client, gid)
    passed = act(client, gid, "empire", v["version"], ["pass", None]).json()
    for _ in range(200):  # the computer's moves run in a worker thread
        v = view(client, gid)
        if v["active"] == "empire" or v["over"]:
            break
        time.sleep(0.05)
    assert v["version"] > passed["version"] and v["ai_moves"]
    assert all(m["side"] == "coalition" and m["label"] and m["reason"] for m in v["ai_moves"])


def test_the_record_waits_for_the_end_and_a_replay_steps_through_it(client: TestClient) -> None:
    gid = new_game(client, {"empire": "ai:random", "coalition": "ai:random"}, seed=3)
    assert client.get(f"/api/games/{gid}/record").status_code == 403  # no seat of mine
    mine = new_game(client)
    r = client.get(f"/api/games/{mine}/record")
    assert r.status_code == 409 and "hidden cards" in r.json()["detail"]
    for _ in range(600):
        if view(client, gid, None)["over"]:
            break
        time.sleep(0.05)
    st = client.app.state.service.store  # type: ignore[attr-defined]
    record = st.record(gid)
    rep = client.post("/api/replays", json=record).json()
    assert rep["length"] == len(record["actions"]) and rep["result"] == record["result"]
    v = client.get(f"/api/replays/{rep['id']}?index=30&side=coalition").json()
    assert v["index"] == 30 and v["board"]["hand"] is not None and v["side"] == "coalition"
    assert client.get(f"/api/replays/{rep['id']}?index=99999").status_code == 422
    bad = client.post("/api/replays", json={**record, "actions": [["zone", "mars"]]})
    assert bad.status_code == 422 and "refused on replay" in bad.json()["detail"]


def _twin(client: TestClient, seed: int) -> tuple[str, str]:
    """Two games alike in all but the Coalition's hidden hand (swapped with cards of its draw pile)."""
    a, b = new_game(client, seed=seed), new_game(client, seed=seed)
    store = client.app.state.service.store  # type: ignore[attr-defined]
    st, version, _ = store.load(b)
    hand, deck = st.g["hands"]["coalition"], st.g["decks"]["coalition"]
    n = min(len(hand), len(deck))
    hand[:n], deck[:n] = deck[:n], hand[:n]
    store.rewrite_snapshot(b, st, version)
    return a, b


def test_hidden_hand_twins_look_the_same_to_the_empire(client: TestClient) -> None:
    a, b = _twin(client, seed=9)
    assert view(client, a, "coalition")["board"]["hand"] != view(client, b, "coalition")["board"]["hand"]

    def same(ra: Any, rb: Any) -> None:
        assert ra.status_code == rb.status_code
        da, db = ra.json(), rb.json()
        for d in (da, db, da.get("view") or {}, db.get("view") or {}):
            d.pop("id", None)
        assert da == db

    for _ in range(12):  # the Empire's own moves while the Coalition waits
        va, vb = view(client, a), view(client, b)
        assert {**va, "id": None} == {**vb, "id": None}
        if va["active"] != "empire":
            break
        same(act(client, a, "empire", va["version"], ["zone", "mars"]), act(client, b, "empire", vb["version"],
                                                                             ["zone", "mars"]))
        same(act(client, a, "empire", 99, va["legal"][0]), act(client, b, "empire", 99, vb["legal"][0]))
        same(client.get(f"/api/games/{a}/record"), client.get(f"/api/games/{b}/record"))
        same(act(client, a, "empire", va["version"], va["legal"][-1]),
             act(client, b, "empire", vb["version"], vb["legal"][-1]))
    spectator = view(client, a, None)
    assert spectator["board"]["hand"] is None and spectator["legal"] == []


def test_why_not_answers_the_side_to_act_only(client: TestClient) -> None:
    gid = new_game(client, {"empire": "hotseat", "coalition": "ai:random"})
    r = client.get(f"/api/games/{gid}/why", params={"side": "empire", "target": "paris"})
    assert r.status_code == 200 and "Paris" in r.json()["text"]
    assert client.get(f"/api/games/{gid}/why", params={"side": "coalition", "target": "paris"}).status_code == 403
    r = client.get(f"/api/games/{gid}/why", params={"side": "empire", "target": "atlantis"})
    assert r.status_code == 200 and "no zone" in r.json()["text"]


def test_a_view_is_computed_once_per_version_and_side(client: TestClient) -> None:
    """Every listener of a push asks for the same view: it is kept per game, side and stored version (and seats),
    and never given to another side."""
    gid = new_game(client)
    svc = client.app.state.service  # type: ignore[attr-defined]
    first = client.get(f"/api/games/{gid}/view?side=empire").content
    assert client.get(f"/api/games/{gid}/view?side=empire").content == first
    assert svc.kept_view(gid, svc.store.meta(gid), "empire") is not None
    assert view(client, gid, "coalition")["board"]["hand"] != view(client, gid, "empire")["board"]["hand"]
    assert view(client, gid, None)["board"]["hand"] is None
    svc.store.set_seat(gid, "coalition", "open")  # the seats change, not the version: the view follows
    assert view(client, gid, "empire")["seats"]["coalition"] == "open"
    v = view(client, gid)
    after = act(client, gid, "empire", v["version"], v["legal"][0]).json()
    assert view(client, gid, "empire") == after and after["version"] == v["version"] + 1


def test_a_game_whose_log_no_longer_replays_answers_503_until_patched(tmp_path) -> None:
    """After a rules change that sends a game's log elsewhere, the server refuses to play it on from a state the
    rules no longer reach: 503 with the reason, until ``grognard admin patch --write``."""
    url = f"sqlite:///{tmp_path / 'g.db'}"
    with TestClient(create_app(url)) as c:
        gid = new_game(c)
        for _ in range(3):
            v = view(c, gid, None)
            side = v["active"]
            v = view(c, gid, side)
            assert act(c, gid, side, v["version"], v["legal"][-1]).status_code == 200
        store = c.app.state.service.store  # type: ignore[attr-defined]
        with store.db.session() as s:  # as if the rules had changed: the log leads elsewhere than stored
            s.execute(update(GameRow).where(GameRow.id == gid).values(digest="0" * 64))
    with TestClient(create_app(url)) as c:  # a restarted server: nothing in memory
        r = c.get(f"/api/games/{gid}/view")
        assert r.status_code == 503 and "grognard admin patch" in r.json()["detail"]
        patched = CliRunner().invoke(cli, ["admin", "patch", "--db", url, "--write"])
        assert patched.exit_code == 0 and "rewritten" in patched.output, patched.output
        assert view(c, gid, None)["version"] == 3
