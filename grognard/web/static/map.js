// The SVG map: geography from nae-map.json, the game's marks and stacks from the view. Hand-written viewBox pan
// and zoom (mouse wheel, drag, pinch, buttons). The map shows and highlights; it decides nothing.
const NS = "http://www.w3.org/2000/svg";

// Nation colours of the counters (presentation only).
export const POWER_COLOURS = {
  france: "#2f5bb7", britain: "#c8102e", austria: "#f2e7b5", russia: "#2f7d3b", prussia: "#2c2c2c",
  spain: "#e0b000", turkey: "#8c3b8c", sweden: "#5aa0d8", naples: "#7fa7e0", holland: "#f28c28",
  bavaria: "#8ec3ea", saxony: "#2d8f4e", portugal: "#1b7a3e", denmark: "#d94b4b", italy: "#3f6fd0",
};
const LIGHT = new Set(["austria", "bavaria", "spain"]);

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function shortName(name) {
  const words = name.replace(/^(The|the) /, "").split(/\s+/);
  return words.length > 1 && words[0].length <= 3 ? words.slice(0, 2).join(" ") : words[words.length - 1];
}

export class MapView {
  constructor(svg, geo, catalog, handlers) {
    this.svg = svg;
    this.geo = geo;
    this.cat = catalog;
    this.on = handlers;
    this.zoneEls = {};
    this.full = [0, 0, geo.width, geo.height];
    this.box = [...this.full];
    svg.innerHTML = "";
    this.drawStatic();
    this.enablePanZoom();
    this.fit();
  }

  drawStatic() {
    const g = this.geo;
    const root = el("g", {}, this.svg);
    el("rect", { x: -5000, y: -5000, width: g.width + 10000, height: g.height + 10000, fill: "var(--sea)" }, root);
    if (g.land) el("path", { d: g.land, class: "land" }, root);
    const seas = el("g", {}, root);
    this.seaEls = {};
    for (const [id, s] of Object.entries(g.seas || {})) {
      const p = el("path", { d: s.d, class: "sea-zone", "data-sea": id }, seas);
      this.seaEls[id] = p;
      p.addEventListener("click", (ev) => { if (!this.dragged && this.on.sea) this.on.sea(id, ev); });
      p.addEventListener("mouseenter", () => this.on.seaHover && this.on.seaHover(id));
      p.addEventListener("mouseleave", () => this.on.seaHover && this.on.seaHover(null));
      const t = el("text", { x: s.x, y: s.y, class: "sea-label" }, seas);
      t.textContent = (this.cat.seas && this.cat.seas[id]) || id.replace(/_/g, " ");
    }
    const zones = el("g", {}, root);
    for (const [id, z] of Object.entries(g.zones)) {
      const p = el("path", { d: z.d, class: "zone ctl-neutral", id: `z-${id}`, "data-zone": id }, zones);
      this.zoneEls[id] = p;
      p.addEventListener("click", (ev) => { if (!this.dragged) this.on.zone(id, ev); });
      p.addEventListener("mouseenter", () => this.on.hover(id));
      p.addEventListener("mouseleave", () => this.on.hover(null));
    }
    if (g.lakes) el("path", { d: g.lakes, class: "lake" }, root);
    const rivers = el("g", {}, root);
    for (const r of g.rivers || []) el("path", { d: r.d, class: "river" }, rivers);
    const borders = el("g", {}, root);
    for (const b of g.borders || []) el("path", { d: b.d, class: `border f-${b.feature}` }, borders);
    for (const [id, b] of Object.entries(g.boxes || {})) {
      // the off-map boxes lie in the Atlantic: a click through them still chooses the sea zone (17.2)
      const r = el("rect", { x: b.x, y: b.y, width: b.w, height: b.h, class: "box" + (b.label ? " off-map" : ""), "data-box": id }, borders);
      el("title", {}, r).textContent = b.label || `blockade box of ${this.cat.zones[b.zone]?.name || b.zone}`;
      if (b.label) el("text", { x: b.x + 6, y: b.y + 15, class: "box-label" }, borders).textContent = b.label;
    }
    const labels = el("g", {}, root);
    this.labelEls = {};
    for (const [id, z] of Object.entries(g.zones)) {
      const info = this.cat.zones[id];
      if (!info) continue;
      const t = el("text", { x: z.label_x ?? z.x, y: (z.label_y ?? z.y) + 22, class: "zlabel" + (info.capital ? " capital" : ""), "data-zone": id }, labels);
      t.textContent = info.name;
      this.labelEls[id] = t;
    }
    this.marks = el("g", { class: "mark" }, root);
    this.stacks = el("g", {}, root);
  }

  // -- the game on the map -------------------------------------------------------------------------------
  update(view, legal) {
    const board = view.board;
    // a class is set only where it changes: every change makes the browser restyle that shape
    const setClass = (p, cls) => { if (p.getAttribute("class") !== cls) p.setAttribute("class", cls); };
    for (const [id, p] of Object.entries(this.seaEls)) setClass(p, "sea-zone" + (legal.seas && legal.seas.has(id) ? " legal" : ""));
    const sides = board.sides || {};
    for (const [id, p] of Object.entries(this.zoneEls)) {
      const ctl = board.control ? board.control[id] : undefined;
      const side = ctl ? sides[ctl] : null;
      setClass(p, `zone ctl-${side || "neutral"}` + (legal.zones.has(id) ? " legal" : "") + (this.selected === id ? " sel" : "")
        + (p.classList.contains("flash") ? " flash" : ""));
    }
    // fortresses, capitals, key zones and depots change seldom: drawn again only when they do
    const marksKey = JSON.stringify([board.fortresses, board.fixed_depots, (board.summary || {}).foreign_wars, (board.summary || {}).corsairs]);
    if (marksKey !== this.marksKey) {
      this.marksKey = marksKey;
      this.drawMarks(view);
    }
    this.drawStacks(view, legal);
    this.drawFleets(view, legal);
    // the Foreign Wars and Corsairs boxes belong to the grand campaigns: empty frames elsewhere only puzzle
    this.svg.classList.toggle("no-off-map", (board.summary || {}).victory_level === undefined);
  }

  drawMarks(view) {
    const board = view.board;
    this.marks.innerHTML = "";
    for (const [id, info] of Object.entries(this.cat.zones)) {
      const z = this.geo.zones[id];
      if (!z) continue;
      const fort = board.fortresses ? board.fortresses[id] : null;
      if (fort && fort.level) {
        const g = el("g", { transform: `translate(${z.x - 20},${z.y - 22})` }, this.marks);
        el("path", { d: "M-7 6 L-7 -4 L-4 -4 L-4 -7 L-1 -7 L-1 -4 L1 -4 L1 -7 L4 -7 L4 -4 L7 -4 L7 6 Z", class: "fort" + (fort.active ? "" : " destroyed") }, g);
        el("text", { x: 0, y: 4.5, class: "fort-level" }, g).textContent = fort.active ? fort.level : "×";
        if (fort.siege !== null && fort.siege !== undefined) el("text", { x: 9, y: 2, class: "siege" }, g).textContent = `S${fort.siege}`;
      }
      if (info.capital) el("circle", { cx: z.x + 20, cy: z.y - 22, r: 5, fill: "#fff", stroke: "#222", "stroke-width": 1.5 }, this.marks);
      if (info.key) el("path", { d: star(z.x + 20, z.y + 16, 6), class: "key-star" }, this.marks);
    }
    const depots = {};
    for (const d of board.fixed_depots || []) depots[d.zone] = (depots[d.zone] || 0) + 1;
    for (const [zone, n] of Object.entries(depots)) {
      const z = this.geo.zones[zone];
      if (!z) continue;
      const g = el("g", { transform: `translate(${z.x - 24},${z.y + 10})` }, this.marks);
      el("rect", { x: -6, y: -6, width: 12, height: 12, class: "depot" }, g);
      el("text", { x: 0, y: 3.5, "font-size": 9, "text-anchor": "middle" }, g).textContent = n > 1 ? `D${n}` : "D";
    }
    this.drawOffMap(view);
  }

  // The Foreign Wars (6.5) and Corsairs (17.2.9) boxes of the grand campaigns: what is in them, written inside.
  drawOffMap(view) {
    const s = view.board.summary || {};
    const fill = { foreign_wars: (s.foreign_wars || []).map((w) => `${w.title}: ${[...w.units, ...w.generals, ...w.fleets].length} counter(s)`),
      corsairs: (s.corsairs || []).map((c) => c.name) };
    for (const [id, lines] of Object.entries(fill)) {
      const b = this.geo.boxes ? this.geo.boxes[id] : null;
      if (!b) continue;
      lines.slice(0, 4).forEach((t, i) => {
        el("text", { x: b.x + 6, y: b.y + 30 + i * 12, class: "box-item", "data-in": id }, this.marks).textContent = t;
      });
    }
  }

  // Fleets (17) as small ship counters: in a port beside its zone, in a blockade box, or in a sea zone.
  drawFleets(view, legal) {
    const summary = view.board.summary || {};
    const byPlace = {};
    for (const f of summary.fleets || []) (byPlace[`${f.at}:${f.where}`] ||= []).push(f);
    for (const [place, fleets] of Object.entries(byPlace)) {
      const [at, where] = place.split(":");
      const box = this.geo.boxes ? this.geo.boxes[`blockade:${where}`] : null;
      const p = at === "sea" ? this.geo.seas[where] : at === "blockade" && box ? { x: box.x + box.w / 2, y: box.y + box.h / 2 }
        : this.geo.zones[where] ? { x: this.geo.zones[where].x + 14, y: this.geo.zones[where].y + 14 } : null;
      if (!p) continue;
      fleets.forEach((f, i) => {
        const g = el("g", { class: "fleet" + (legal.fleets && legal.fleets.has(f.id) ? " legal" : ""), transform: `translate(${p.x - 10 + i * 5},${p.y - 7 + i * 5})`, "data-fleet": f.id }, this.stacks);
        el("rect", { x: 0, y: 0, width: 20, height: 14, rx: 3, fill: POWER_COLOURS[f.power] || "#888", class: "counter" }, g);
        el("text", { x: 10, y: 11, fill: LIGHT.has(f.power) ? "#111" : "#fff", "font-size": 11, "text-anchor": "middle" }, g).textContent = "⚓";
        const load = f.carrying && f.carrying.length ? `, carrying ${f.carrying.length}` : "";
        el("title", {}, g).textContent = `${f.name}: ${f.place} (initiative ${f.initiative}, tactical ${f.tactical}${load})`;
        g.addEventListener("click", (ev) => { ev.stopPropagation(); if (!this.dragged && this.on.fleet) this.on.fleet(f.id, ev); });
      });
    }
  }

  drawStacks(view, legal) {
    this.stacks.innerHTML = "";
    const byZone = {};
    for (const [fid, f] of Object.entries(view.board.forces || {})) (byZone[f.zone] ||= []).push(fid);
    // A zone's name goes just under its stacks (its usual place may lie under them): a zone holding forces is
    // still named on the map.
    for (const [zone, t] of Object.entries(this.labelEls)) {
      const z = this.geo.zones[zone];
      const n = (byZone[zone] || []).length;
      t.setAttribute("x", n ? z.x : z.label_x ?? z.x);
      t.setAttribute("y", n ? z.y + 14 + 9 * (n - 1) + 11 : (z.label_y ?? z.y) + 22);
    }
    for (const [zone, fids] of Object.entries(byZone)) {
      const z = this.geo.zones[zone];
      if (!z) continue;
      fids.forEach((fid, i) => {
        const f = view.board.forces[fid];
        const info = view.forces ? view.forces[fid] : null;
        const colour = POWER_COLOURS[f.power] || "#888";
        const ink = LIGHT.has(f.power) ? "#111" : "#fff";
        const hidden = f.hidden || (info && info.hidden);  // 11: the fog of war shows its commander, not its strength
        const g = el("g", { class: "stack" + (hidden ? " hidden-stack" : "") + (legal.forces.has(fid) ? " legal" : "") + (this.selectedForce === fid ? " sel" : ""),
          transform: `translate(${z.x - 18 + i * 9},${z.y - 14 + i * 9})`, "data-force": fid, "data-zone": zone, id: `f-${fid}` }, this.stacks);
        const depth = Math.min(3, Object.keys(f.units).length - 1);
        for (let k = depth; k > 0; k--) el("rect", { x: k * 2.5, y: -k * 2.5, width: 36, height: 28, fill: colour, class: "counter", opacity: 0.6 }, g);
        el("rect", { x: 0, y: 0, width: 36, height: 28, fill: colour, class: "counter" }, g);
        const who = f.commander ? shortName(this.cat.generals[f.commander].name) : shortName(this.cat.units[Object.keys(f.units)[0]].name);
        el("text", { x: 18, y: 10, fill: ink }, g).textContent = who.slice(0, 9);
        el("text", { x: 18, y: 24, fill: ink, class: "str" }, g).textContent = hidden ? "fog" : info ? info.combat : "";
        el("title", {}, g).textContent = hidden ? `${info ? info.name : who}: hidden by the fog of war (11), only its commander is seen`
          : `${info ? info.name : who}: combat value ${info ? info.combat : "?"}`;
        if (f.demoralized) el("text", { x: 32, y: 9, class: "demor" }, g).textContent = "D";
        if (f.in_fortress) el("rect", { x: -3, y: -3, width: 42, height: 34, fill: "none", stroke: "#555", "stroke-dasharray": "3 2" }, g);
        if (f.army) el("rect", { x: 0, y: 0, width: 36, height: 3, fill: "#ffd54a" }, g);
        g.addEventListener("click", (ev) => { ev.stopPropagation(); if (!this.dragged) this.on.force(fid, ev); });
      });
    }
  }

  flash(zone, on) {
    const p = this.zoneEls[zone];
    if (p) p.classList.toggle("flash", on);
  }

  center(zone) {
    const z = this.geo.zones[zone];
    if (!z) return;
    const [, , w, h] = this.box;
    this.setBox([z.x - w / 2, z.y - h / 2, w, h]);
  }

  // -- pan and zoom -------------------------------------------------------------------------------------
  setBox(b) {
    this.box = b;
    this.svg.setAttribute("viewBox", b.map((x) => x.toFixed(1)).join(" "));
  }

  fit() {
    this.setBox([...this.full]);
  }

  // The part of the board where the forces stand, with a margin: the opening view of a game.
  frameForces(view) {
    const pts = Object.values(view.board.forces || {}).map((f) => this.geo.zones[f.zone]).filter(Boolean);
    if (!pts.length) return this.fit();
    const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
    const m = 80;
    const x0 = Math.min(...xs) - m, y0 = Math.min(...ys) - m;
    this.setBox([x0, y0, Math.max(...xs) + m - x0, Math.max(...ys) + m - y0]);
  }

  // The part of the board the player is asked to click: if any of ``pts`` lies off the view (a sea zone at the edge,
  // a far reinforcement zone), pan to them, zooming out only when they do not fit at the present scale.
  reveal(pts) {
    if (!pts.length) return;
    const m = 90;
    const [x, y, w, h] = this.box;
    if (pts.every((p) => p.x >= x + m / 2 && p.x <= x + w - m / 2 && p.y >= y + m / 2 && p.y <= y + h - m / 2)) return;
    const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
    const x0 = Math.min(...xs) - m, y0 = Math.min(...ys) - m, x1 = Math.max(...xs) + m, y1 = Math.max(...ys) + m;
    const k = Math.max(1, (x1 - x0) / w, (y1 - y0) / h);
    const nw = w * k, nh = h * k;
    const nx = x0 < x ? x0 : x1 > x + nw ? x1 - nw : x;  // the least shift that brings them in
    const ny = y0 < y ? y0 : y1 > y + nh ? y1 - nh : y;
    this.setBox([nx, ny, nw, nh]);
  }

  zoom(factor, cx, cy) {
    const [x, y, w, h] = this.box;
    const nw = Math.min(this.full[2] * 1.5, Math.max(120, w * factor));
    const k = nw / w;
    const px = cx ?? x + w / 2, py = cy ?? y + h / 2;
    this.setBox([px - (px - x) * k, py - (py - y) * k, w * k, h * k]);
  }

  toMap(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const [x, y, w, h] = this.box;
    const s = Math.max(w / r.width, h / r.height);  // preserveAspectRatio meet
    const ox = (r.width * s - w) / 2, oy = (r.height * s - h) / 2;
    return [x - ox + (clientX - r.left) * s, y - oy + (clientY - r.top) * s, s];
  }

  enablePanZoom() {
    const svg = this.svg;
    const pts = new Map();
    let last = null, pinch = null;
    svg.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const [mx, my] = this.toMap(ev.clientX, ev.clientY);
      this.zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, mx, my);
    }, { passive: false });
    svg.addEventListener("pointerdown", (ev) => {
      pts.set(ev.pointerId, [ev.clientX, ev.clientY]);
      this.dragged = false;
      last = [ev.clientX, ev.clientY];
      if (pts.size === 2) pinch = dist(pts);
    });
    svg.addEventListener("pointermove", (ev) => {
      if (!pts.has(ev.pointerId)) return;
      pts.set(ev.pointerId, [ev.clientX, ev.clientY]);
      if (pts.size === 2 && pinch) {
        const d = dist(pts);
        const [a, b] = [...pts.values()];
        const [mx, my] = this.toMap((a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
        this.zoom(pinch / d, mx, my);
        pinch = d;
        this.dragged = true;
        return;
      }
      const [, , s] = this.toMap(ev.clientX, ev.clientY);
      const dx = ev.clientX - last[0], dy = ev.clientY - last[1];
      if (Math.abs(dx) + Math.abs(dy) > 4 || this.dragged) {
        if (!this.dragged) svg.setPointerCapture(ev.pointerId);
        this.dragged = true;
        const [x, y, w, h] = this.box;
        this.setBox([x - dx * s, y - dy * s, w, h]);
        last = [ev.clientX, ev.clientY];
      }
    });
    const up = (ev) => { pts.delete(ev.pointerId); if (pts.size < 2) pinch = null; };
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
  }
}

function dist(pts) {
  const [a, b] = [...pts.values()];
  return Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
}

function star(cx, cy, r) {
  let d = "";
  for (let i = 0; i < 10; i++) {
    const a = Math.PI / 5 * i - Math.PI / 2, rr = i % 2 ? r * 0.45 : r;
    d += (i ? "L" : "M") + (cx + rr * Math.cos(a)).toFixed(1) + " " + (cy + rr * Math.sin(a)).toFixed(1);
  }
  return d + "Z";
}
