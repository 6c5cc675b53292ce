// The side panels: hand, force, battle, log, and the battle forecast dialog. Pure rendering of the view.
export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

let NAMES = null; // one regular expression over zone and unit names, longest first
let RULES = {}; // the rulebook's sections: number -> title, page (data/rulebook.toml)

export function setZoneNames(catalog) {
  RULES = catalog.rules || {};
  if (NAMES) return;
  const entries = [];
  for (const [id, z] of Object.entries(catalog.zones)) entries.push([z.name, "zone", id]);
  for (const [id, u] of Object.entries(catalog.units)) entries.push([u.name, "unit", id]);
  entries.sort((a, b) => b[0].length - a[0].length);
  const byName = new Map();
  for (const [name, kind, id] of entries) if (!byName.has(name)) byName.set(name, [kind, id]);
  const alts = [...byName.keys()].map((n) => esc(n).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  NAMES = { re: new RegExp(`(^|[^\\w])(${alts.join("|")})(?![\\w])`, "g"), byName };
}

/** The zones a sentence names: its zones, and the zones of the units it names (a computer's move, a log line). */
export function placesNamed(text, view) {
  if (!NAMES) return [];
  const zones = new Set();
  for (const m of esc(text).matchAll(NAMES.re)) {
    const hit = NAMES.byName.get(m[2].replace(/&amp;/g, "&").replace(/&#39;/g, "'"));
    const z = hit && (hit[0] === "zone" ? hit[1] : zoneOfUnit(view, hit[1]));
    if (z) zones.add(z);
  }
  return [...zones];
}

// The log and the computer's moves are drawn again at every version: each sentence is linked once (one long
// regular expression over every name), then reused.
const LINKED = new Map();

export function linkNames(text) {
  const key = String(text ?? "");
  let html = LINKED.get(key);
  if (html === undefined) {
    if (LINKED.size > 5000) LINKED.clear();
    html = link(key);
    if (NAMES) LINKED.set(key, html);
  }
  return html;
}

function link(text) {
  const html = esc(text);
  if (!NAMES) return html;
  return html.replace(NAMES.re, (m, pre, name) => {
    const hit = NAMES.byName.get(name.replace(/&amp;/g, "&").replace(/&#39;/g, "'"));
    if (!hit) return m;
    return `${pre}<span class="zname" data-${hit[0]}="${hit[1]}">${name}</span>`;
  });
}

function zoneOfUnit(view, uid) {
  for (const f of Object.values(view.board.forces)) if (uid in f.units) return f.zone;
  return null;
}

function hoverNames(container, view, flash) {
  const target = (ev) => {
    const s = ev.target.closest(".zname");
    if (!s) return null;
    return s.dataset.zone || zoneOfUnit(view, s.dataset.unit);
  };
  container.onmouseover = (ev) => { const z = target(ev); if (z) flash(z, true); };
  container.onmouseout = (ev) => { const z = target(ev); if (z) flash(z, false); };
}

function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : ""; }

// -- hand --------------------------------------------------------------------------------------------------
function cardHtml(catalog, cid, extra = "") {
  const c = catalog.cards[cid];
  if (!c) return `<div class="cardx">${esc(cid)}</div>`;
  const tags = [c.combat ? "combat" : "", c.gold_star ? "★ removed once played" : "", c.silver_star ? "☆ once per game" : "",
    c.permanent ? "permanent: back at each hand building" : "",
    c.reconstructed ? "reconstructed" : ""].filter(Boolean);
  return `<div class="cardx ${extra}" data-card="${cid}"><h4><span>${esc(cid)} ${esc(c.title)}</span><span class="ap" title="activation points">${c.value}</span></h4>` +
    `<div>${tags.map((t) => `<span class="tag" title="${t === "reconstructed" ? esc(c.src) : ""}">${t}</span>`).join("")}</div>` +
    `<p>${esc(c.text)}</p></div>`;
}

export function renderHand(box, view, catalog, sets, choose) {
  const b = view.board;
  let html = "";
  if (b.hand) {
    html += `<h3>Your hand (${b.hand.length})</h3><div class="cards">`;
    for (const cid of b.hand) html += cardHtml(catalog, cid, sets.cards.has(cid) ? "legal" : "");
    html += "</div>";
  } else {
    html += "<p class='dim'>A spectator sees no hand.</p>";
  }
  const sizes = Object.entries(b.hand_sizes || {}).filter(([s]) => s !== view.side)
    .map(([s, n]) => `${cap(s)} holds ${n} card${n === 1 ? "" : "s"}`).join("; ");
  html += `<p class="dim" id="other-hand">${esc(sizes)}. Draw piles: ${Object.entries(b.deck_sizes || {}).map(([s, n]) => `${cap(s)} ${n}`).join(", ")}.</p>`;
  for (const [side, pile] of Object.entries(b.discards || {})) {
    html += `<details><summary>${cap(side)} discards (${pile.length})</summary><div class="cards">${pile.slice().reverse().map((c) => cardHtml(catalog, c)).join("")}</div></details>`;
  }
  box.innerHTML = html;
  if (!choose) return;
  for (const el of box.querySelectorAll(".cardx.legal")) {
    const idx = sets.cards.get(el.dataset.card);
    const acts = document.createElement("div");
    acts.className = "acts";
    for (const i of idx) {
      const btn = document.createElement("button");
      btn.textContent = view.labels[i];
      btn.dataset.index = i;
      btn.dataset.verb = view.legal[i][0];
      btn.addEventListener("click", (ev) => { ev.stopPropagation(); choose(i); });
      acts.appendChild(btn);
    }
    el.appendChild(acts);
    if (idx.length === 1) el.addEventListener("click", () => choose(idx[0]));
  }
}

// -- force -------------------------------------------------------------------------------------------------
function generalLine(catalog, gid, role) {
  const g = catalog.generals[gid];
  if (!g) return "";
  return `<tr><td>${esc(g.name)}${g.cavalry ? " (cavalry)" : ""}</td><td>${role}</td><td>rank ${g.rank}</td>` +
    `<td title="initiative (AP cost) · attack / defence · command">${g.initiative} · ${g.attack}/${g.defence} · ${g.command}</td></tr>`;
}

export function renderForce(box, view, catalog, fid, sets, choose, flash) {
  const f = view.board.forces[fid];
  if (!f) { box.innerHTML = "<p class='dim'>That force is gone.</p>"; return false; }
  const info = view.forces[fid] || {};
  const z = catalog.zones[f.zone];
  const marks = [f.demoralized ? "demoralized" : "", f.unsupplied ? "unsupplied" : "supplied", f.in_fortress ? "inside the fortress" : ""]
    .filter(Boolean).join(", ");
  let html = `<h3 class="side-${f.side}">${esc(info.name || fid)}</h3>` +
    `<p>${esc(catalog.powers[f.power]?.name || f.power)} · <span class="zname" data-zone="${f.zone}">${esc(z ? z.name : f.zone)}</span> · ${marks}</p>` +
    (info.hidden ? `<p class="help" id="fog-note">The fog of war (11) hides what this stack holds: you see its commander ` +
      `(initiative ${info.initiative} AP) and its markers. Its units show while it fights a battle.</p>`
      : `<p>Combat value ${info.combat}, ${info.steps} steps, morale ${info.morale}, initiative ${info.initiative} AP, ${f.depots.length} mobile depot(s)` +
    (f.army ? `, army: ${esc(catalog.armies[f.army] || f.army)}` : "") + "</p>");
  html += "<table class='units'><tr><th>General</th><th></th><th></th><th>init · att/def · cmd</th></tr>";
  if (f.commander) html += generalLine(catalog, f.commander, "commands");
  for (const s of f.subs || []) html += generalLine(catalog, s, "subordinate");
  if (f.group) {
    html += generalLine(catalog, f.group.commander, "second army");
    for (const s of f.group.subs || []) html += generalLine(catalog, s, "subordinate");
  }
  html += "</table><table class='units'><tr><th>Unit</th><th>steps</th><th>morale</th><th></th></tr>";
  for (const [uid, val] of Object.entries(f.units)) {
    const u = catalog.units[uid] || { name: uid, steps: "?" };
    const legal = sets.units.has(uid);
    html += `<tr class="${legal ? "legal" : ""}" data-unit="${uid}"><td>${esc(u.name)}${"★".repeat(u.stars || 0)}</td><td>${val} / ${u.steps}</td>` +
      `<td>${u.morale ?? "—"}</td><td>${u.cavalry ? "cavalry" : ""}${u.special ? ` special +${u.bonus}` : ""}</td></tr>`;
  }
  html += "</table><div class='acts'></div>";
  box.innerHTML = html;
  hoverNames(box, view, flash);
  if (!choose) return true;
  const acts = box.querySelector(".acts");
  const add = (i) => {
    const btn = document.createElement("button");
    btn.textContent = view.labels[i];
    btn.dataset.index = i;
    btn.addEventListener("click", () => choose(i));
    acts.appendChild(btn);
  };
  for (const i of sets.forces.get(fid) || []) add(i);
  for (const uid of Object.keys(f.units)) for (const i of sets.units.get(uid) || []) add(i);
  return true;
}

// -- battle ------------------------------------------------------------------------------------------------
export function renderBattle(box, view, catalog, flash) {
  const log = view.log;
  let start = -1;
  for (let i = log.length - 1; i >= 0; i--) if (log[i].rule === "14.2") { start = i; break; }
  let html = "";
  const b = view.battle;
  if (b) {
    html += `<h3>Battle in ${esc(catalog.zones[b.zone]?.name || b.zone)}</h3><p><b>${esc(b.attacker)}</b> attacks <b>${esc(b.defender)}</b>` +
      (b.level ? ` · ${esc(b.level)}, odds modifier ${b.odds_mod >= 0 ? "+" : ""}${b.odds_mod}` : "") + "</p>";
    const fa = view.forces[b.att], fd = view.forces[b.dfn];
    if (fa && fd) {
      const m = b.morale || {};
      html += `<p>Combat value ${fa.combat} against ${fd.combat}; morale ${m.attacker ?? fa.morale} against ${m.defender ?? fd.morale}; ` +
        `cavalry ${fa.cavalry} against ${fd.cavalry}.</p>`;
    }
    if (b.mods) {
      html += "<table class='fc-table'><tr><th>Attacker's modifiers</th><th>Defender's modifiers</th></tr><tr>";
      for (const r of ["attacker", "defender"]) html += `<td>${b.mods[r].map(([l, v]) => `${esc(l)} ${v >= 0 ? "+" : ""}${v}`).join("<br>")}</td>`;
      html += "</tr></table>";
    }
    const played = b.cards ? [...b.cards.attacker, ...b.cards.defender] : [];
    if (played.length) html += `<p>Combat cards: ${played.map((c) => esc(`${c} ${catalog.cards[c]?.title || ""}`)).join(", ")}</p>`;
  }
  if (start >= 0) {
    html += `<h4>${b ? "So far" : "The last battle"}</h4>`;
    for (const e of log.slice(start).filter((e) => (e.rule || "").startsWith("14") || (e.rule || "").startsWith("6"))) html += logLine(e);
  }
  box.innerHTML = html || "<p class='dim'>No battle yet.</p>";
  hoverNames(box, view, flash);
}

// -- log ---------------------------------------------------------------------------------------------------
/** "14.5.7" -> "14.5 Combat modifiers — chapter 14 Battle, rulebook p. 20": the nearest section of the rulebook. */
export function ruleTitle(number) {
  const parts = String(number).trim().split(".");
  while (parts.length && !RULES[parts.join(".")]) parts.pop();
  if (!parts.length) return "";
  const r = RULES[parts.join(".")];
  const where = [parts.length > 1 && RULES[parts[0]] ? `chapter ${parts[0]} ${RULES[parts[0]].title}` : "",
    r.page ? `rulebook p. ${r.page}` : ""].filter(Boolean);
  return `${parts.join(".")} ${r.title}` + (where.length ? ` — ${where.join(", ")}` : "");
}

function logLine(e) {
  const dice = e.dice ? ` <span class="dice" title="dice">${e.dice.join(" ")}</span>` : "";
  const mods = e.mods && e.mods.length ? ` <span class="dim">(${e.mods.map(([l, v]) => `${esc(l)} ${v >= 0 ? "+" : ""}${v}`).join(", ")}; total ${e.total}${e.row ? `, ${esc(e.row)}` : ""})</span>` : "";
  const rule = e.rule ? `<span class="rule" title="${esc(ruleTitle(e.rule))}">${esc(e.rule)}</span>` : "";
  return `<div class="log-entry">${linkNames(e.text)}${dice}${mods}${rule}</div>`;
}

export function renderLog(box, view, catalog, flash) {
  // whether the reader is at the end is kept as they scroll: measuring it here would force the browser to lay out
  // the whole page in the middle of drawing it
  if (!box.onscroll) box.onscroll = () => { box.dataset.away = box.scrollTop + box.clientHeight < box.scrollHeight - 30 ? "1" : ""; };
  const entries = view.log.slice(-400);
  box.innerHTML = (view.log.length > entries.length ? `<p class="dim">${view.log.length - entries.length} earlier entries not shown.</p>` : "") +
    entries.map(logLine).join("");
  hoverNames(box, view, flash);
  if (box.hidden) box.dataset.stale = "1";  // scrolled to its end when shown (a hidden box has no height)
  else if (!box.dataset.away) requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
}

// -- forecast ----------------------------------------------------------------------------------------------
function pct(p) { return `${(100 * p).toFixed(p > 0 && p < 0.01 ? 1 : 0)}%`; }

const SIDE_COLOUR = { empire: "var(--empire)", coalition: "var(--coalition)" };

export function renderForecast(box, fc, viewer) {
  const w = fc.win;
  const sides = fc.sides || {};
  let html = `<p><b>${esc(fc.attacker)}</b> (${fc.values.attacker}) against <b>${esc(fc.defender)}</b> (${fc.values.defender}): ` +
    `odds ${esc(fc.odds)}${fc.level ? `, ${esc(fc.level)}` : ""}.</p>`;
  if (fc.destroys) html += `<p><b>${fc.destroys === "defender" ? esc(fc.defender) : esc(fc.attacker)} is destroyed outright (14.2).</b></p>`;
  // The bar shows the split; its words stand under it, each at its own end, so that a 1% side is as readable as
  // a 99% one (words inside a narrow segment were clipped). Each side in its colour, the player's marked.
  const roles = ["attacker", "defender"];
  const colour = (r, i) => SIDE_COLOUR[sides[r]] || (i ? "var(--coalition)" : "var(--empire)");
  html += `<div id="fc-bar"><div class="bar">${roles.map((r, i) => `<span style="width:${100 * w[r]}%;background:${colour(r, i)}"></span>`).join("")}</div>` +
    `<div class="fc-keys">${roles.map((r, i) => `<span class="fc-key" data-role="${r}"><i style="background:${colour(r, i)}"></i>` +
      `${r} wins ${pct(w[r])}${viewer && sides[r] === viewer ? " (you)" : ""}</span>`).join("")}</div></div>`;
  html += "<table class='fc-table' id='fc-table'><tr><th></th><th>Attacker</th><th>Defender</th></tr>";
  html += `<tr><td>wins</td><td>${pct(w.attacker)}</td><td>${pct(w.defender)}</td></tr>`;
  html += `<tr><td>demoralized</td><td>${pct(fc.demoralized.attacker)}</td><td>${pct(fc.demoralized.defender)}</td></tr>`;
  html += `<tr><td>destroyed</td><td>${pct(fc.destroyed.attacker)}</td><td>${pct(fc.destroyed.defender)}</td></tr>`;
  const most = Math.max(...Object.keys(fc.losses.attacker).map(Number), ...Object.keys(fc.losses.defender).map(Number));
  for (let n = 0; n <= most; n++) {
    html += `<tr><td>loses ${n} step${n === 1 ? "" : "s"}</td><td>${pct(fc.losses.attacker[n] || 0)}</td><td>${pct(fc.losses.defender[n] || 0)}</td></tr>`;
  }
  html += "</table>";
  if (fc.mods) {
    html += "<p>Known modifiers — attacker: " + fc.mods.attacker.map(([l, v]) => `${esc(l)} ${v >= 0 ? "+" : ""}${v}`).join(", ") +
      "; defender: " + fc.mods.defender.map(([l, v]) => `${esc(l)} ${v >= 0 ? "+" : ""}${v}`).join(", ") +
      `. Morale ${fc.morale.attacker} against ${fc.morale.defender}.</p>`;
  }
  html += `<p class="dim">Assumes ${esc(fc.assumes)}.</p>`;
  box.innerHTML = html;
}

/** A game or view as players name it: "Napoleon against Europe — 1815, the Hundred Days". */
export function gameTitle(g) {
  return `${g.title || g.game} — ${g.scenario_name || g.scenario}`;
}

// -- Europe: the grand campaigns' markers and diplomatic table (19, 6.1, 7.3, 8.1, 6.5, 17.2.9) ------------------
const STATUS_ORDER = ["at_war", "forced_peace", "forced_alliance", "protectorate", "allied", "neutral", "not_in_play"];

function sideTag(side) {
  return side ? `<span class="side-${side}">${cap(side)}</span>` : "<span class='dim'>—</span>";
}

export function renderEurope(box, view, sets, choose) {
  const s = view.board.summary || {};
  if (s.victory_level === undefined) {
    box.innerHTML = "<p class='dim'>No diplomacy in this scenario: every power's side is fixed (20.1).</p>";
    return;
  }
  const vl = Math.max(0, Math.min(20, s.victory_level));
  let html = `<h3 id="stage">${esc(cap(s.stage))}</h3>` + (s.stage_help ? `<p id="stage-help" class="help">${esc(s.stage_help)}</p>` : "");
  html += `<div class="track" id="vp-track" title="victory level (19): the Coalition wins at 0, the Empire at 20">` +
    `<span class="lbl">Victory level ${s.victory_level}</span><div class="bar"><i style="left:${vl * 5}%"></i></div>` +
    "<span class='ends'><span class='side-coalition'>0 Coalition</span><span class='side-empire'>Empire 20</span></span></div>";
  if (s.escalade === null) html += "<p class='dim'>No escalade in this scenario (20.3): both decks are in play.</p>";
  else {
    html += `<p id="escalade">Escalade ${s.escalade} of ${s.punishments_at} (6.1): ` +
      (s.periods.includes("punishments") ? "the Punishments cards are in play." : `the Punishments cards come in at ${s.punishments_at}.`) + "</p>";
  }
  if (s.continental_blockade) html += "<p>The Continental Blockade is in place (+1 VP at each budget phase).</p>";
  if (s.budget) {
    html += `<div class="purse" id="purse"><b>Budget of ${esc(s.budget.name)}</b> (7.3): <span class="coins">${s.budget.purse}</span> ` +
      `resource${s.budget.purse === 1 ? "" : "s"} left, spent by the ${sideTag(s.budget.side)}.` +
      (s.budget.why ? `<br><span class="dim">${esc(s.budget.why)}.</span>` : "") + "</div>";
  }
  const wars = s.foreign_wars || [];
  if (wars.length || (s.corsairs || []).length) {
    html += "<h4>Off the map</h4>";
    for (const w of wars) {
      const gone = [...w.units, ...w.generals, ...w.fleets];
      html += `<p>Foreign war (6.5): <b>${esc(w.title)}</b> (${esc(w.power)}) — ${esc(gone.join(", ") || "nothing yet")}</p>`;
    }
    if ((s.corsairs || []).length) html += `<p>Corsairs box (17.2.9): ${esc(s.corsairs.map((c) => c.name).join(", "))}</p>`;
  }
  html += "<h4>Diplomacy (8.1)</h4><table class='units' id='powers'><tr><th>Power</th><th>Status</th><th>Side</th><th>Allied to</th></tr>";
  const powers = (s.powers || []).filter((p) => p.status !== "not_in_play").slice()
    .sort((a, b) => (sets.powers.has(a.id) ? 0 : 1) - (sets.powers.has(b.id) ? 0 : 1)  // the choices first
      || (a.kind === "major" ? 0 : 1) - (b.kind === "major" ? 0 : 1) || STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status));
  for (const p of powers) {
    const legal = sets.powers.has(p.id);
    const status = p.status_name + (p.forced_by ? ` with ${p.forced_by}` : "") + (p.conquered ? ", conquered" : "");
    html += `<tr class="${legal ? "legal" : ""}${p.kind === "major" ? " major" : ""}" data-power="${p.id}"><td>${esc(p.name)}</td>` +
      `<td>${esc(status)}</td><td>${p.status === "neutral" ? "<span class='dim'>neutral</span>" : sideTag(p.side)}</td><td>${esc(p.ally_of || "")}</td></tr>`;
  }
  html += "</table>";
  box.innerHTML = html;
  if (!choose) return;
  for (const row of box.querySelectorAll("tr.legal")) {
    const cell = row.querySelector("td");
    for (const i of sets.powers.get(row.dataset.power)) {
      const btn = document.createElement("button");
      const odds = view.odds && view.odds[i];  // 8.2.3: the chance of the roll and its modifiers
      btn.textContent = view.labels[i] + (odds ? ` — ${Math.round(100 * odds.chance)}%` : "");
      if (odds) btn.title = odds.mods.map(([l, v]) => `${l} ${v >= 0 ? "+" : ""}${v}`).join(", ");
      btn.dataset.index = i;
      btn.addEventListener("click", () => choose(i));
      cell.appendChild(btn);
    }
  }
}
