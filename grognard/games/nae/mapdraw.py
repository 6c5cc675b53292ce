"""Draw the NAE board as an SVG picture (standard library only).

The geography comes from the committed browser map ``grognard/web/static/nae-map.json`` (built by
``tools/build_nae_map.py`` from Natural Earth): zone areas, coasts, rivers, sea zones, borders by feature and blockade
boxes. This module adds what the board data says about each zone (owner, terrain, fortress, capital, port, key zone)
and a legend, so the picture is a check of the data on a real map, not a copy of the printed board.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from grognard.games.nae.schema.map import MapData, Zone

ASSET = Path(__file__).resolve().parents[2] / "web" / "static" / "nae-map.json"
LEGEND_W, LEGEND_H = 300, 420

# Border styles by the asset's feature names: colour, width, dash pattern.
FEATURE_STYLE = {
    "plain": ("#8a8a8a", 0.7, ""),
    "river": ("#1f5fd0", 2.6, ""),
    "river_bridge": ("#1f5fd0", 2.6, "5,3"),
    "mountain": ("#7a3b0c", 3.2, ""),
    "pass": ("#7a3b0c", 2.6, "6,4"),
    "strait": ("#00a0c0", 2.6, "2,3"),
    "desert": ("#d2691e", 2.6, "1,4"),
}
TERRAIN_FILL = {"clear": "#ffffff", "marsh": "#b8e0c8", "mountain": "#d8c0a0", "forest": "#9fcf8f"}


def load_asset(path: Path = ASSET) -> dict[str, Any]:
    """The committed browser map of NAE."""
    return dict(json.loads(path.read_text(encoding="utf-8")))


def _zone_symbol(z: Zone, x: float, y: float, owner_colour: str, label: tuple[float, float]) -> list[str]:
    """Circle by terrain, ring by owner, then fortress/citadel square, capital star, port anchor, key ring, name."""
    poor = ' stroke-dasharray="2,2"' if z.poor else ""
    out = [f'<g id="{escape(z.id)}" class="zone">',
           f'<title>{escape(z.name)} / {escape(z.name_fr)} ({escape(z.province)}, {escape(z.owner)})</title>',
           f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{TERRAIN_FILL[z.terrain]}" stroke="{owner_colour}" '
           f'stroke-width="2"{poor}/>']
    if z.fortress:
        size = 4 if z.fortress == 1 else 6
        out.append(f'<rect x="{x - size / 2:.1f}" y="{y - size / 2:.1f}" width="{size}" height="{size}" '
                   f'fill="{"#222" if z.fortress == 1 else "#000"}" stroke="#fff" stroke-width="{z.fortress - 0.5}"/>')
    elif z.city:
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2" fill="#222"/>')
    if z.capital:
        out.append(f'<text x="{x + 4:.1f}" y="{y - 4:.1f}" font-size="11" fill="#d00000">★</text>')
    if z.port:
        out.append(f'<text x="{x - 13:.1f}" y="{y + 3:.1f}" font-size="9" fill="#0b3d91">⚓</text>')
    if z.key:
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="none" stroke="#e0a000" stroke-width="2"/>')
    lx, ly = label
    out.append(f'<text x="{lx:.1f}" y="{ly:.1f}" font-size="7.5" font-family="sans-serif" text-anchor="middle" '
               f'paint-order="stroke" stroke="#fff" stroke-width="2" stroke-opacity="0.7">{escape(z.name)}</text>')
    out.append("</g>")
    return out


def _owner_colour(owner: str) -> str:
    """A stable colour per owner: majors fixed, minors derived from the id's letters."""
    fixed = {"france": "#1d3fbb", "britain": "#c0192c", "austria": "#e0c000", "russia": "#1a7f37",
             "prussia": "#333333", "spain": "#e07000", "turkey": "#8b1a8b"}
    if owner in fixed:
        return fixed[owner]
    h = sum(ord(c) * (i + 1) for i, c in enumerate(owner)) % 360
    return f"hsl({h},45%,55%)"


def _legend(x0: float, y0: float) -> list[str]:
    rows = [("River (+1 MP)", "river"), ("Bridged river", "river_bridge"), ("Mountain, no pass (+2)", "mountain"),
            ("Mountain pass (+1)", "pass"), ("Strait", "strait"), ("Whole-MF link", "desert"),
            ("Open border", "plain")]
    out = [f'<g id="legend" font-family="sans-serif"><rect x="{x0}" y="{y0}" width="{LEGEND_W - 20}" '
           f'height="{LEGEND_H}" fill="#fff" fill-opacity="0.92" stroke="#444"/>',
           f'<text x="{x0 + 10}" y="{y0 + 22}" font-size="15" font-weight="bold">Legend</text>']
    y = y0 + 45
    for text, feat in rows:
        colour, width, dash = FEATURE_STYLE[feat]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<line x1="{x0 + 10}" y1="{y}" x2="{x0 + 50}" y2="{y}" stroke="{colour}" '
                   f'stroke-width="{max(width, 1.5)}"{dash_attr}/>')
        out.append(f'<text x="{x0 + 60}" y="{y + 4}" font-size="12">{text}</text>')
        y += 22
    out.append(f'<line x1="{x0 + 10}" y1="{y}" x2="{x0 + 50}" y2="{y}" stroke="#333" stroke-width="2.5"/>')
    out.append(f'<text x="{x0 + 60}" y="{y + 4}" font-size="12">Touching, not adjacent</text>')
    y += 22
    symbols = [("■ fortress (small) / citadel (large)", "#000"), ("● city", "#222"), ("★ capital", "#d00000"),
               ("⚓ port; □ its blockade box at sea", "#0b3d91"), ("◯ key zone (gold ring)", "#e0a000"),
               ("dashed ring: poor zone", "#444"), ("dot fill: clear / marsh / mountain / forest", "#444"),
               ("area colour: owner power", "#444"), ("blue italic: sea zone", "#0b6fb0")]
    for text, colour in symbols:
        out.append(f'<text x="{x0 + 10}" y="{y + 4}" font-size="12" fill="{colour}">{escape(text)}</text>')
        y += 22
    out.append("</g>")
    return out


def render_svg(mapdata: MapData, asset: dict[str, Any] | None = None) -> str:
    """The board as an SVG document: one ``<g id=zone_id class=zone>`` per land zone on the real map, borders by
    feature, sea zones, blockade boxes and a legend."""
    geo = asset if asset is not None else load_asset()
    w, h = geo["width"], geo["height"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
           f'<rect width="{w}" height="{h}" fill="#b9d4e4"/>', '<g id="seas">']
    for sid, sea in mapdata.seas.items():
        out.append(f'<path d="{geo["seas"][sid]["d"]}" fill="#a6c8dd" stroke="#6d9cbc" stroke-width="1.2" '
                   f'stroke-dasharray="6,4"><title>{escape(sea.name)}</title></path>')
    out.append(f'</g><path id="land" d="{geo["land"]}" fill="#efe9d6" stroke="#5a6a78" stroke-width="0.8"/>')
    out.append('<g id="areas">')
    for z in mapdata.zones.values():
        out.append(f'<path d="{geo["zones"][z.id]["d"]}" fill="{_owner_colour(z.owner)}" fill-opacity="0.3"/>')
    out.append(f'</g><path id="lakes" d="{geo["lakes"]}" fill="#b9d4e4" stroke="#5a6a78" stroke-width="0.5"/>')
    out.append('<g id="rivers" fill="none" stroke="#4a86c8" stroke-width="1.1">')
    out.extend(f'<path d="{r["d"]}"><title>{escape(r["name"])}</title></path>' for r in geo["rivers"])
    out.append('</g><g id="closed" fill="none" stroke="#333" stroke-width="2.5" stroke-linecap="round">')
    out.extend(f'<path d="{e["d"]}"><title>{escape(e["a"])} and {escape(e["b"])}: no border</title></path>'
               for e in geo["closed"])
    out.append('</g><g id="borders" fill="none" stroke-linecap="round">')
    for b in geo["borders"]:
        colour, width, dash = FEATURE_STYLE[b["feature"]]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<path d="{b["d"]}" stroke="{colour}" stroke-width="{width}"{dash_attr}>'
                   f'<title>{escape(b["a"])}–{escape(b["b"])}: {b["feature"]}</title></path>')
    out.append('</g><g id="boxes" font-family="sans-serif">')
    for bid, bx in geo["boxes"].items():
        out.append(f'<rect x="{bx["x"]}" y="{bx["y"]}" width="{bx["w"]}" height="{bx["h"]}" fill="#fff" '
                   f'fill-opacity="0.75" stroke="#0b3d91" stroke-width="0.8"><title>{escape(bid)}</title></rect>')
        if bx["kind"] == "off_map":
            out.append(f'<text x="{bx["x"] + bx["w"] / 2}" y="{bx["y"] + bx["h"] / 2 + 5}" font-size="15" '
                       f'text-anchor="middle">{escape(bx["label"])}</text>')
    out.append('</g><g id="sea-names" font-family="serif" font-style="italic" fill="#0b6fb0" text-anchor="middle">')
    for sid, sea in mapdata.seas.items():
        ice = " (ice limit)" if sea.ice_limit else ""
        out.append(f'<text x="{geo["seas"][sid]["x"]}" y="{geo["seas"][sid]["y"]}" font-size="17">'
                   f'{escape(sea.name)}{ice}</text>')
    out.append('</g><g id="zones">')
    for z in mapdata.zones.values():
        spot = geo["zones"][z.id]
        out.extend(_zone_symbol(z, spot["x"], spot["y"], _owner_colour(z.owner), (spot["label_x"], spot["label_y"])))
    out.append("</g>")
    out.extend(_legend(w - LEGEND_W, 15))
    out.append(f'<text x="{w - 10}" y="{h - 10}" font-size="11" text-anchor="end" font-family="sans-serif" '
               f'fill="#444">Napoleon against Europe: {len(mapdata.zones)} land zones, {len(mapdata.borders)} borders, '
               f'{len(mapdata.seas)} sea zones. Coasts: Natural Earth (public domain).</text>')
    out.append("</svg>")
    return "\n".join(out)
