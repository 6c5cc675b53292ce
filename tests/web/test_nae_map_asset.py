"""The committed browser map of Napoleon against Europe (grognard/web/static/nae-map.json, tools/build_nae_map.py)
matches the board data: every zone, sea zone, border and blockade box, with ids exactly as map.toml spells them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from grognard.games.nae.schema.map import MapData, load_map

ROOT = Path(__file__).resolve().parents[2]
ASSET = ROOT / "grognard/web/static/nae-map.json"
FEATURES = {"none": "plain", "river": "river", "river_bridge": "river_bridge", "mountain": "mountain",
            "mountain_pass": "pass", "strait": "strait", "whole_mf": "desert"}
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


@pytest.fixture(scope="module")
def asset() -> dict:
    return json.loads(ASSET.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def board() -> MapData:
    return load_map(ROOT / "grognard/games/nae/data")


def rings(d: str) -> list[list[tuple[float, float]]]:
    """The closed rings of an SVG path made of M, L and Z commands with absolute coordinates."""
    assert re.fullmatch(r"(M[-\d. ]+(L[-\d. ]+)*Z)+", d), d[:80]
    out = []
    for ring in d.split("Z")[:-1]:
        nums = [float(n) for n in NUMBER.findall(ring)]
        out.append(list(zip(nums[::2], nums[1::2], strict=True)))
    return out


def inside(x: float, y: float, d: str) -> bool:
    """Even-odd point-in-area test over every ring of the path."""
    hit = False
    for ring in rings(d):
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


def on_board(asset: dict, x: float, y: float) -> bool:
    return 0 <= x <= asset["width"] and 0 <= y <= asset["height"]


def test_asset_parses_small_and_sourced(asset: dict) -> None:
    assert asset["game"] == "nae"
    assert asset["width"] > 0 and asset["height"] > 0
    assert ASSET.stat().st_size < 1_000_000
    assert "Natural Earth" in asset["src"] and "tools/build_nae_map.py" in asset["src"]
    assert rings(asset["land"]) and rings(asset["lakes"])
    assert {r["name"] for r in asset["rivers"]} >= {"Rhine", "Danube", "Elbe", "Po", "Vistula"}
    assert all(r["d"].startswith("M") for r in asset["rivers"])


def test_zone_ids_match_the_data_exactly(asset: dict, board: MapData) -> None:
    assert set(asset["zones"]) == set(board.zones)
    assert set(asset["seas"]) == set(board.seas)


def test_every_land_zone_is_one_area_holding_its_centre(asset: dict, board: MapData) -> None:
    for zid, zone in asset["zones"].items():
        assert len(rings(zone["d"])) >= 1, zid
        assert on_board(asset, zone["x"], zone["y"]), zid
        assert on_board(asset, zone["label_x"], zone["label_y"]), zid
        assert inside(zone["x"], zone["y"], zone["d"]), f"{zid}: centre outside its area"
        assert inside(zone["label_x"], zone["label_y"], zone["d"]), f"{zid}: label outside its area"


def test_every_sea_zone_is_an_area_holding_its_label(asset: dict) -> None:
    for sid, sea in asset["seas"].items():
        assert on_board(asset, sea["x"], sea["y"]), sid
        assert inside(sea["x"], sea["y"], sea["d"]), sid


def test_every_border_of_the_data_appears_once_with_its_feature(asset: dict, board: MapData) -> None:
    drawn = {frozenset((b["a"], b["b"])): b for b in asset["borders"]}
    assert len(drawn) == len(asset["borders"]) == len(board.borders)
    for border in board.borders:
        b = drawn[frozenset((border.a, border.b))]
        assert b["feature"] == FEATURES[border.feature], (border.a, border.b)
        nums = [float(n) for n in NUMBER.findall(b["d"])]
        assert b["d"].startswith("M") and len(nums) >= 4
        assert all(on_board(asset, x, y) for x, y in zip(nums[::2], nums[1::2], strict=True))


def test_closed_edges_are_no_borders(asset: dict, board: MapData) -> None:
    for edge in asset["closed"]:
        assert edge["a"] in board.zones and edge["b"] in board.zones
        assert board.border(edge["a"], edge["b"]) is None


def test_one_blockade_box_per_port_in_its_first_sea(asset: dict, board: MapData) -> None:
    """17.2.6: every port has one blockade box, lying in its first sea zone."""
    boxes = asset["boxes"]
    blockade = {k: v for k, v in boxes.items() if v["kind"] == "blockade"}
    assert set(blockade) == {f"blockade:{z.id}" for z in board.ports()}
    for port in board.ports():
        b = blockade[f"blockade:{port.id}"]
        assert b["zone"] == port.id and b["sea"] == port.blockade_box
        cx, cy = b["x"] + b["w"] / 2, b["y"] + b["h"] / 2
        assert inside(cx, cy, asset["seas"][port.blockade_box]["d"]), port.id
    assert {"foreign_wars", "corsairs"} <= set(boxes)
    for b in boxes.values():
        assert on_board(asset, b["x"], b["y"]) and on_board(asset, b["x"] + b["w"], b["y"] + b["h"])
    placed = list(boxes.items())
    for i, (k1, b1) in enumerate(placed):
        for k2, b2 in placed[i + 1:]:
            apart = (b1["x"] + b1["w"] <= b2["x"] or b2["x"] + b2["w"] <= b1["x"]
                     or b1["y"] + b1["h"] <= b2["y"] or b2["y"] + b2["h"] <= b1["y"])
            assert apart, f"{k1} overlaps {k2}"


def test_1_9_off_map_boxes_lie_in_open_sea_among_the_zones(asset: dict) -> None:
    """The Foreign Wars and Corsairs boxes (1.9) sit in the open Atlantic, between the westernmost and easternmost
    zones (where the browser opens a game), not in a corner the opening view leaves off the screen."""
    xs = [z["x"] for z in asset["zones"].values()]
    ys = [z["y"] for z in asset["zones"].values()]
    land = [p for ring in rings(asset["land"]) for p in ring]
    for bid in ("foreign_wars", "corsairs"):
        b = asset["boxes"][bid]
        x0, y0, x1, y1 = b["x"], b["y"], b["x"] + b["w"], b["y"] + b["h"]
        assert min(xs) <= x0 and x1 <= max(xs) and min(ys) <= y0 and y1 <= max(ys), bid
        assert inside((x0 + x1) / 2, (y0 + y1) / 2, asset["seas"]["atlantic"]["d"]), bid
        grid = [(x0 + i * b["w"] / 10, y0 + j * b["h"] / 10) for i in range(11) for j in range(11)]
        assert not any(inside(x, y, asset["land"]) for x, y in grid), f"{bid} covers land"
        assert not any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in land), f"{bid} covers a coast"
