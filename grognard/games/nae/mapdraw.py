"""Draw the NAE board data as an SVG diagram (standard library only).

Zones are placed at the latitude/longitude of their main city with an equirectangular projection scaled by the
cosine of the board's mean latitude, so the picture is a check of the data, not a copy of the printed map.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from grognard.games.nae.schema.map import MapData, Zone

WIDTH = 2400
MARGIN = 60
LEGEND_W = 300

FEATURE_STYLE = {
    "none": ("#9a9a9a", ""),
    "river": ("#1f5fd0", ""),
    "river_bridge": ("#1f5fd0", "4,3"),
    "mountain": ("#8b4513", ""),
    "mountain_pass": ("#8b4513", "8,4"),
    "strait": ("#00b8c8", "2,3"),
    "whole_mf": ("#d2691e", "1,4"),
}
TERRAIN_FILL = {"clear": "#ffffff", "marsh": "#b8e0c8", "mountain": "#d8c0a0", "forest": "#9fcf8f"}
SIDE_COLOUR = {"empire": "#1d3fbb", "coalition": "#c0192c", "owner_ally": "#7a3fb0"}

# Sea zones have no coordinates in the data; these label points only place them in the picture.
SEA_POINTS = {
    "manche": (50.0, -3.0), "north_sea": (55.5, 3.0), "straits": (57.3, 10.8), "baltic": (56.8, 18.5),
    "bay_of_biscay": (45.5, -5.0), "atlantic": (48.0, -11.5), "south_atlantic": (37.0, -11.0),
    "western_med": (38.0, 0.5), "gulf_of_lion": (42.3, 5.0), "central_med": (37.8, 13.0),
    "adriatic": (43.0, 15.5), "eastern_med": (35.5, 24.0), "black_sea": (43.3, 34.0),
}


class _Projection:
    """Equirectangular projection fitted to the zones' bounding box."""

    def __init__(self, zones: list[Zone]) -> None:
        self.lat0 = max(z.lat for z in zones) + 1.0
        self.lon0 = min(z.lon for z in zones) - 1.5
        lon1 = max(z.lon for z in zones) + 1.5
        lat1 = min(z.lat for z in zones) - 1.0
        self.k = math.cos(math.radians((self.lat0 + lat1) / 2))
        self.scale = (WIDTH - 2 * MARGIN - LEGEND_W) / ((lon1 - self.lon0) * self.k)
        self.height = int((self.lat0 - lat1) * self.scale + 2 * MARGIN)

    def __call__(self, lat: float, lon: float) -> tuple[float, float]:
        return (MARGIN + (lon - self.lon0) * self.k * self.scale, MARGIN + (self.lat0 - lat) * self.scale)


def _zone_symbol(z: Zone, x: float, y: float, owner_colour: str) -> list[str]:
    """Circle by terrain, ring by owner, then fortress/citadel square, capital star, port anchor, key ring."""
    poor = ' stroke-dasharray="2,2"' if z.poor else ""
    out = [f'<g id="{escape(z.id)}" class="zone">',
           f'<title>{escape(z.name)} / {escape(z.name_fr)} ({escape(z.province)}, {escape(z.owner)})</title>',
           f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="{TERRAIN_FILL[z.terrain]}" stroke="{owner_colour}" '
           f'stroke-width="2.5"{poor}/>']
    if z.fortress:
        size = 5 if z.fortress == 1 else 7
        out.append(f'<rect x="{x - size / 2:.1f}" y="{y - size / 2:.1f}" width="{size}" height="{size}" '
                   f'fill="{"#222" if z.fortress == 1 else "#000"}" stroke="#fff" stroke-width="{z.fortress - 0.5}"/>')
    elif z.city:
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="#222"/>')
    if z.capital:
        out.append(f'<text x="{x + 6:.1f}" y="{y - 5:.1f}" font-size="13" fill="#d00000">★</text>')
    if z.port:
        out.append(f'<text x="{x - 15:.1f}" y="{y + 4:.1f}" font-size="11" fill="#0b3d91">⚓</text>')
    if z.key:
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="11" fill="none" stroke="#e0a000" stroke-width="2"/>')
    label = escape(z.name_fr)
    out.append(f'<text x="{x + 9:.1f}" y="{y + 11:.1f}" font-size="9" font-family="sans-serif">{label}</text>')
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


def _legend(x0: float) -> list[str]:
    rows = [("River (+1 MP)", "river"), ("Bridged river", "river_bridge"), ("Mountain, no pass (+2)", "mountain"),
            ("Mountain pass (+1)", "mountain_pass"), ("Strait", "strait"), ("Whole-MF link", "whole_mf"),
            ("Open border", "none")]
    out = [f'<g id="legend"><rect x="{x0}" y="{MARGIN}" width="{LEGEND_W - 20}" height="430" fill="#fff" '
           'stroke="#444"/>', f'<text x="{x0 + 10}" y="{MARGIN + 22}" font-size="15" font-weight="bold">Legend</text>']
    y = MARGIN + 45
    for text, feat in rows:
        colour, dash = FEATURE_STYLE[feat]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<line x1="{x0 + 10}" y1="{y}" x2="{x0 + 50}" y2="{y}" stroke="{colour}" '
                   f'stroke-width="3"{dash_attr}/>')
        out.append(f'<text x="{x0 + 60}" y="{y + 4}" font-size="12">{text}</text>')
        y += 22
    symbols = [("■ fortress (small) / citadel (large)", "#000"), ("● city", "#222"), ("★ capital", "#d00000"),
               ("⚓ port (has a blockade box)", "#0b3d91"), ("◯ key zone (gold ring)", "#e0a000"),
               ("dashed ring: poor zone", "#444"), ("fill: clear / marsh / mountain / forest", "#444"),
               ("ring colour: owner power", "#444"), ("blue italic: sea zone", "#0b6fb0")]
    for text, colour in symbols:
        out.append(f'<text x="{x0 + 10}" y="{y + 4}" font-size="12" fill="{colour}">{escape(text)}</text>')
        y += 22
    out.append("</g>")
    return out


def render_svg(mapdata: MapData) -> str:
    """The board as an SVG document: one ``<g id=zone_id>`` per land zone, borders, sea zones and a legend."""
    zones = list(mapdata.zones.values())
    proj = _Projection(zones)
    pos = {z.id: proj(z.lat, z.lon) for z in zones}
    sea_pos = {sid: proj(*SEA_POINTS.get(sid, (45.0, 0.0))) for sid in mapdata.seas}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{proj.height}" '
           f'viewBox="0 0 {WIDTH} {proj.height}">',
           '<rect width="100%" height="100%" fill="#eef4f8"/>',
           f'<text x="{MARGIN}" y="35" font-size="22" font-family="sans-serif">Napoleon against Europe — board data '
           f'({len(zones)} land zones, {len(mapdata.borders)} borders, {len(mapdata.seas)} sea zones)</text>',
           '<g id="sea-links">']
    for sid, sea in mapdata.seas.items():
        for other in sea.adjacent:
            if sid < other:
                (x1, y1), (x2, y2) = sea_pos[sid], sea_pos[other]
                out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#7fb2d9" '
                           'stroke-width="6" stroke-opacity="0.5"/>')
    for z in mapdata.ports():
        (x1, y1), (x2, y2) = pos[z.id], sea_pos[z.seas[0]]
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#7fb2d9" '
                   'stroke-width="0.8" stroke-dasharray="1,3"/>')
    out.append("</g><g id=\"borders\">")
    for b in mapdata.borders:
        colour, dash = FEATURE_STYLE[b.feature]
        (x1, y1), (x2, y2) = pos[b.a], pos[b.b]
        width = 1.2 if b.feature == "none" else 2.6
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
                   f'stroke-width="{width}"{dash_attr}><title>{escape(b.a)}–{escape(b.b)}: {b.feature}</title></line>')
    out.append('</g><g id="seas">')
    for sid, sea in mapdata.seas.items():
        x, y = sea_pos[sid]
        ice = " (ice limit)" if sea.ice_limit else ""
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="16" font-style="italic" fill="#0b6fb0" '
                   f'text-anchor="middle">{escape(sea.name_fr)}{ice}</text>')
    out.append('</g><g id="zones">')
    for z in zones:
        out.extend(_zone_symbol(z, *pos[z.id], _owner_colour(z.owner)))
    out.append("</g>")
    out.extend(_legend(WIDTH - LEGEND_W))
    out.append("</svg>")
    return "\n".join(out)
