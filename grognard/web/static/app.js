// The Grognard browser client: start screen, game screen (map, prompt, hand, force, battle, log), hotseat hand-over,
// end screen and replay viewer. Everything it shows comes from the server's views; it never decides a rule.
import { MapView } from "./map.js";
import {
  OnlineGame, accountScreen, api, inviteScreen, leaveScreen, loadSession, lobbyScreen, notifyTurn, resetScreen,
} from "./online.js";
import {
  esc, gameTitle, linkNames, placesNamed, renderBattle, renderEurope, renderForce, renderForecast, renderHand, renderLog,
  setZoneNames,
} from "./panels.js";
import { legendHtml } from "./legend.js";

const $ = (sel) => document.querySelector(sel);
const S = {
  catalog: null, geo: null, map: null, mode: null, gid: null, view: null, side: null, humans: [], handover: false,
  es: null, selForce: null, aiSeen: 0, replay: null, pending: false, online: null,
};

function status(text, error = false) {
  const s = $("#status");
  s.textContent = text;
  s.style.color = error ? "#ffb4a8" : "";
}

async function loadAssets() {
  if (!S.catalog) S.catalog = (await api("GET", "/api/catalog/nae")).doc;
  if (!S.geo) {
    const res = await fetch("/static/nae-map.json");
    S.geo = await res.json();
  }
  setZoneNames(S.catalog);
}

// -- screens -----------------------------------------------------------------------------------------------
function show(id) {
  for (const s of document.querySelectorAll(".screen")) s.hidden = s.id !== id;
  for (const o of document.querySelectorAll(".overlay")) o.hidden = true;
}

async function route() {
  if (S.es) { S.es.close(); S.es = null; }
  if (S.online) { S.online.stop(); S.online = null; }
  leaveScreen();
  S.mode = null;
  const h = location.hash.replace(/^#\/?/, "").split("?")[0];
  const [kind, id] = h.split("/");
  if (kind === "game" && id) return openGame(id);
  if (kind === "replay" && id) return openReplay(id);
  document.title = "Grognard";
  status("");
  for (const box of document.querySelectorAll(".panel-screen")) box.innerHTML = "";  // never a stale form
  if (kind === "account") { show("account"); return accountScreen(); }
  if (kind === "reset") { show("account"); return resetScreen(); }
  if (kind === "lobby") { show("lobby"); return lobbyScreen(); }
  if (kind === "invite" && id) { show("lobby"); return inviteScreen(id); }
  return startScreen();
}
window.addEventListener("hashchange", route);

async function startScreen() {
  show("start");
  S.mode = "start";
  status("");
  const { doc } = await api("GET", "/api/scenarios");
  const sel = $("#scenario");
  sel.innerHTML = "";
  for (const g of doc.games) {
    for (const sid of g.order || Object.keys(g.scenarios)) {  // the game's order: its first is the default
      const o = new Option(`${g.title} — ${g.scenarios[sid]}`, `${g.id}/${sid}`);
      sel.appendChild(o);
    }
  }
  const game = doc.games[0];
  const seats = $("#seats");
  seats.innerHTML = "<legend>Players</legend>";
  game.sides.forEach((side, i) => {
    const lab = document.createElement("label");
    lab.textContent = `${cap(side)} `;
    const s = document.createElement("select");
    s.name = `seat-${side}`;
    s.dataset.side = side;
    for (const seat of doc.seats) s.appendChild(new Option(seatName(seat), seat));
    s.value = i === 0 ? "me" : (doc.agents.includes("ai:normal") ? "ai:normal" : doc.agents[0]);  // the default opponent searches
    lab.appendChild(s);
    seats.appendChild(lab);
  });
  const opts = $("#options");
  opts.innerHTML = "<legend>Options</legend>";
  // the rulebook's optional rules, folded: a new player meets the game as printed, and sees the Start button
  $("#options-box summary").textContent = `Optional rules (${Object.keys(game.options).length}): off unless ticked`;
  for (const [name, text] of Object.entries(game.options)) {
    const lab = document.createElement("label");
    lab.innerHTML = `<input type="checkbox" name="opt" value="${name}"> ${esc(text)}`;
    opts.appendChild(lab);
  }
  const list = $("#games");
  list.innerHTML = "";
  const games = (await api("GET", "/api/games")).doc.games || [];
  if (!games.length) list.innerHTML = "<li class='dim'>No saved game yet.</li>";
  for (const g of games) {
    const li = document.createElement("li");
    // a game started with "me" keeps its one person here as a hotseat seat: that person is "you"
    const alone = Object.values(g.seats).filter((v) => v === "hotseat").length === 1;
    const seatsText = Object.entries(g.seats).map(([s, v]) => `${cap(s)}: ${alone && v === "hotseat" ? "you" : seatName(v, g.players?.[s])}`).join(", ");
    const state = g.status === "over" ? "over" : g.my_turn ? "your move" : `${g.active || ""} to act`;
    li.innerHTML = `<a href="#/game/${g.id}">${esc(gameTitle(g))} — ${esc(seatsText)} (${state}, move ${g.version})</a>`;
    list.appendChild(li);
  }
}

function seatName(seat, player) {
  if (seat === "me") return "me";
  if (seat === "hotseat") return "a person here (hotseat)";
  if (seat === "open") return "open seat";
  if (seat.startsWith("user:")) return player && player !== seat ? player : "a player online";
  return seat.startsWith("ai:") ? `computer (${seat.slice(3)})` : seat;
}
function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : ""; }

$("#new-game").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = ev.target;
  const [game, scenario] = f.scenario.value.split("/");
  const seats = {};
  for (const s of f.querySelectorAll("#seats select")) seats[s.dataset.side] = s.value;
  const options = {};
  for (const c of f.querySelectorAll("input[name=opt]")) if (c.checked) options[c.value] = true;
  const body = { game, scenario, seats, options };
  if (f.seed.value !== "") body.seed = Number(f.seed.value);
  const res = await api("POST", "/api/games", body);
  if (!res.ok) { $("#new-error").textContent = res.doc.detail; return; }
  location.hash = `#/game/${res.doc.id}`;
});

$("#record-file").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  const res = await api("POST", "/api/replays", undefined, await file.text());
  if (!res.ok) { $("#record-error").textContent = res.doc.detail; return; }
  location.hash = `#/replay/${res.doc.id}`;
});

// -- the game ----------------------------------------------------------------------------------------------
function ensureMap() {
  if (S.map) return;
  S.map = new MapView($("#map"), S.geo, S.catalog, {
    zone: onZone, force: onForce, hover: onHover, sea: onSea, fleet: onFleet, seaHover: onSeaHover,
  });
}

async function openGame(gid) {
  await loadAssets();
  show("game");
  ensureMap();
  S.mode = "game";
  S.gid = gid;
  S.replay = null;
  S.selForce = null;
  S.handover = false;
  S.endShown = false;
  S.framed = false;
  S.aiSeen = null;
  S.logSeen = {};
  $("#legend").hidden = true;
  $("#replay-bar").hidden = true;
  const res = await api("GET", `/api/games/${gid}/view`);
  if (!res.ok) { nothingToShow(res.doc.detail); return; }
  const seats = Object.values(res.doc.seats);
  if (seats.some((v) => v.startsWith("user:") || v === "open")) {
    // Online: this account's seat if it holds one, else the spectator's view; no hand-over screen.
    S.online = new OnlineGame(gid, refresh);
    await S.online.update();
    S.side = S.online.side;
    S.humans = S.side ? [S.side] : [];
  } else {
    S.humans = Object.entries(res.doc.seats).filter(([, v]) => v === "hotseat").map(([s]) => s);
    S.side = S.humans.includes(res.doc.active) ? res.doc.active : (S.humans[0] || null);
  }
  await refresh();
  // a player's stream names the seat: the server then knows the player is watching (no "your turn" e-mail)
  S.es = new EventSource(`/api/games/${gid}/events` + (S.online && S.side ? `?side=${S.side}` : ""));
  S.es.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (S.online) S.online.update();  // seats, clocks and chat change without a new version
    if (S.pending) S.missed = true;  // seen once the action in flight has answered
    else if (S.view && msg.version !== S.view.version) refresh();
  };
}

// A game or replay that cannot be opened (a mistyped or old link, a replay gone with a restart): the reason where
// the prompt stands, and the way back, rather than an empty board.
function nothingToShow(text) {
  status(text, true);
  S.view = null;
  S.mode = null;
  for (const id of ["#buttons", "#tab-hand", "#tab-battle", "#tab-log", "#ai-moves"]) $(id).innerHTML = "";
  for (const id of ["#turn", "#ai-feed", "#replay-bar"]) $(id).hidden = true;
  $("#who").textContent = "";
  $("#prompt").innerHTML = `${esc(text)} <a href="#/" id="back-to-start">Start or continue a game</a>`;
}

async function refresh() {
  if (S.mode !== "game") return;
  const url = `/api/games/${S.gid}/view` + (S.side ? `?side=${S.side}` : "");
  const res = await api("GET", url);
  if (!res.ok) { status(res.doc.detail, true); return; }
  await showView(res.doc);
}

async function showView(view) {
  // Hotseat: when the move passes to the other person, everything hides behind the hand-over screen first; the
  // new side's view is fetched only once that person says they are ready.
  if (S.handover) return;
  if (S.humans.length > 1 && view.active && S.humans.includes(view.active) && view.active !== S.side) {
    if (S.side) S.logSeen[S.side] = view.log.length;  // what this side has seen, its own move included
    S.side = view.active;
    S.view = null;
    S.handover = true;
    for (const id of ["#tab-hand", "#buttons", "#tab-force", "#tab-battle", "#tab-log", "#ai-moves"]) $(id).innerHTML = "";
    $("#ai-feed").hidden = true;
    $("#ho-title").textContent = `Hand the device to the ${cap(view.active)}`;
    $("#handover").hidden = false;
    return;
  }
  const first = !S.view;
  const wasMine = S.view && S.view.side && S.view.active === S.view.side;
  S.view = view;
  if (S.online && !first && !wasMine && view.side && view.active === view.side && !view.over) {
    notifyTurn(`Your move in ${view.title || "your game"}.`);
  }
  if (first && !S.framed) { S.map.frameForces(view); S.framed = true; }
  const t0 = performance.now();
  render();
  performance.measure("grognard:view", { start: t0 });  // the time to draw a view (bench/web_bench.py reads it)
}

$("#ho-go").addEventListener("click", async () => {
  $("#handover").hidden = true;
  S.handover = false;
  await refresh();
});

// Scrolling that needs the page laid out runs once the view is drawn, all in one frame: done in the middle of
// drawing, each would make the browser lay out the whole page (the map's thousands of shapes) once more.
function afterLayout(fn) {
  if (!S.later) {
    S.later = [];
    requestAnimationFrame(() => { const fns = S.later; S.later = null; for (const f of fns) f(); });
  }
  S.later.push(fn);
}

function legalSets(view) {
  const sets = {
    zones: new Map(), forces: new Map(), cards: new Map(), units: new Map(), generals: new Map(), powers: new Map(),
    provinces: new Map(), fleets: new Map(), seas: new Map(),
  };
  const kinds = { zone: "zones", force: "forces", card: "cards", unit: "units", general: "generals", power: "powers",
    province: "provinces", fleet: "fleets", sea: "seas" };
  (view.targets || []).forEach((t, i) => {
    if (!t) return;
    const [kind, id] = Object.entries(t)[0];
    const m = sets[kinds[kind]];
    if (!m.has(id)) m.set(id, []);
    m.get(id).push(i);
  });
  // a power (7.1, 8) or a province (18.2.2) is chosen on the map by any zone of it
  for (const [id, z] of Object.entries(S.catalog.zones)) {
    for (const [m, key] of [[sets.powers, z.owner], [sets.provinces, z.province]]) {
      if (key && m.has(key) && !sets.zones.has(id)) sets.zones.set(id, m.get(key));
    }
  }
  return sets;
}

function render() {
  const v = S.view;
  document.body.dataset.version = v.version;  // for tests and scripts: which view is on screen
  document.body.dataset.active = v.active || "";
  const sets = legalSets(v);
  S.sets = sets;
  S.map.selected = v.battle ? v.battle.zone : null;  // the battle's zone stands out
  S.map.selectedForce = S.selForce || v.acting;  // the force being moved stands out
  S.map.update(v, { zones: new Set(sets.zones.keys()), forces: new Set(sets.forces.keys()),
    seas: new Set(sets.seas.keys()), fleets: new Set(sets.fleets.keys()) });
  const board = v.board;
  const mine = v.side && v.active === v.side && !(S.mode === "game" && S.online && S.online.waiting);
  document.title = (mine && !v.over ? "● Your turn · " : "") + "Grognard";  // seen from another tab too
  const summary = board.summary || {};
  const grand = summary.victory_level !== undefined;
  const when = grand && summary.phase !== "activation" ? esc(cap(summary.stage))
    : `${board.year}, round ${board.round} (${esc(v.weather || "")})`;
  $("#who").innerHTML = `${when} — ` +
    (v.over ? "game over" : `<span class="${v.active}">${cap(v.active)}</span> to act`) +
    (v.side ? ` · you: <span class="${v.side}">${cap(v.side)}</span>` : "");
  $("#prompt").textContent = promptOf(v);
  const buttons = $("#buttons");
  buttons.innerHTML = "";
  for (const z of document.querySelectorAll("#map .zone.flash")) z.classList.remove("flash");  // a hovered choice gone
  if (S.mode === "game" && mine) {
    // A budget's long menu (every unit to build reduced or to withdraw) keeps what comes after its "done" folded:
    // the rules list the usual choices first (budget.py, Spend.choices).
    const done = v.legal.findIndex((a) => a[0] === "done");
    let more = null;
    if (String(v.step).startsWith("budget") && v.legal.length > 14 && done >= 0 && done < v.legal.length - 1) {
      more = document.createElement("details");
      more.id = "more-choices";
      more.innerHTML = `<summary>More choices (${v.legal.length - done - 1})</summary>`;
    }
    let keyed = 0;
    v.legal.forEach((a, i) => {
      const b = document.createElement("button");
      const odds = v.odds && v.odds[i];  // 8.2.3: a diplomatic action's chance
      b.textContent = v.labels[i] + (odds ? ` — ${Math.round(100 * odds.chance)}%` : "");
      b.dataset.index = i;
      if (!(more && i > done) && keyed < 9) b.dataset.key = ++keyed;  // keys 1-9 (shown before the label)
      b.dataset.verb = a[0];
      if (v.forecasts && v.forecasts[i]) b.classList.add("forecast");
      b.addEventListener("click", () => choose(i));
      pointsAt(b, i);
      (more && i > done ? more : buttons).appendChild(b);
    });
    if (more) buttons.appendChild(more);
    if (v.can_undo) {
      const u = document.createElement("button");
      u.textContent = "↶ Undo";
      u.id = "undo";
      u.addEventListener("click", undo);
      buttons.appendChild(u);
    }
  }
  if (S.mode === "game" && v.over) {
    const r = document.createElement("button");
    r.textContent = "The result";
    r.id = "show-end";
    r.addEventListener("click", () => showEnd(v));
    buttons.appendChild(r);
  }
  showTurn(v, mine);
  revealChoices(v, sets, mine);
  if (S.mode === "game" && S.humans.length > 1) showSinceLast(v);
  else showAiMoves(v);
  renderHand($("#tab-hand"), v, S.catalog, sets, S.mode === "game" && mine ? choose : null);
  renderLog($("#tab-log"), v, S.catalog, flashZone);
  renderBattle($("#tab-battle"), v, S.catalog, flashZone);
  $("#europe-tab").hidden = !grand;
  if (!grand && !$("#tab-europe").hidden) tab("hand");  // a 1815 game opened after a grand campaign
  renderEurope($("#tab-europe"), v, sets, S.mode === "game" && mine ? choose : null);
  // a new phase of the interphase, or a choice of a power: the Europe tab (budget purse, diplomatic table)
  const stage = grand && summary.phase === "interphase" ? summary.stage : null;
  if (S.mode === "game" && ((stage && stage !== S.stage) || (mine && sets.powers.size))) {
    if (stage !== S.stage) afterLayout(() => { $("#tab-europe").scrollTop = 0; });  // the new phase's markers first
    tab("europe");
  }
  S.stage = stage;
  if (S.selForce) showForce(S.selForce);
  if (v.battle && S.mode === "game") tab("battle");
  const scen = gameTitle(v);
  status(S.mode === "replay" ? `Replay of ${scen}` : `${scen} · move ${v.version}`);
  if (v.over && S.mode === "game" && !S.endShown) {
    S.endShown = true;
    showEnd(v);
  }
}

// The question, or on another side's move whom the game waits for (the view says only the side's id then).
function promptOf(v) {
  return !v.over && v.active && v.active !== v.side ? `Waiting for the ${cap(v.active)}.` : v.prompt;
}

// A new question whose choices are places (sea zones, zones, stacks, fleets): the map pans to show them if they
// lie off the view, once per question so that the player's own panning is left alone.
function revealChoices(v, sets, mine) {
  const key = `${v.version}:${v.step}`;
  if (S.mode !== "game" || !mine || S.revealed === key) return;
  S.revealed = key;
  const g = S.geo;
  const pts = [...[...sets.seas.keys()].map((id) => g.seas[id]), ...[...sets.zones.keys()].map((id) => g.zones[id]),
    ...[...sets.forces.keys()].map((fid) => g.zones[v.board.forces[fid]?.zone])].filter(Boolean);
  if (v.battle && g.zones[v.battle.zone]) pts.push(g.zones[v.battle.zone]);  // a battle's questions: its field in sight
  if (pts.length && pts.length <= 12) S.map.reveal(pts);  // a few places: a long list (a whole country) is framed already
}

// Whose move it is, in words and colour at the top of the panel: the player's own move stands out; otherwise who
// is being waited for (the computer, the other person, a player online).
function showTurn(v, mine) {
  const t = $("#turn");
  const key = `${v.version}:${v.step}`;
  if (S.turnKey !== key) afterLayout(() => { $("#prompt-bar").scrollTop = 0; });  // a new question: its prompt in sight
  S.turnKey = key;
  document.body.classList.toggle("my-turn", S.mode === "game" && mine && !v.over);
  if (S.mode !== "game") { t.hidden = true; return; }
  const seat = (v.seats || {})[v.active] || "";
  let cls = "wait", text;
  if (v.over) {  // the result stays said once the end screen is closed to look at the map
    const { title, you } = result(v);
    cls = "over";
    text = `The game is over: ${title[0].toLowerCase()}${title.slice(1)}${you ? ` (${you})` : ""}.`;
  }
  else if (mine) {
    cls = "mine";
    text = `Your move${S.humans.length > 1 ? `, ${cap(v.side)}` : ""}: choose below, or click a place lit in orange on the map (keys 1–9).`;
  } else if (seat.startsWith("ai:")) text = `The computer is playing the ${cap(v.active)}…`;
  else if (S.online && S.online.waiting) text = "Waiting for the game to start or resume.";
  else {
    const player = S.online && S.online.meta && S.online.meta.players ? S.online.meta.players[v.active] : null;
    text = player && player !== "open" ? `Waiting for ${player} (${cap(v.active)}) to move.` : `Waiting for the ${cap(v.active)} to move.`;
  }
  t.className = cls;
  t.textContent = text;
  t.hidden = false;
}

// The computer's moves, newest last, each with why in plain words (the search's figures on hover) and its places
// named: a click on a move lights its places on the map, "Show on the map" lights the new moves one after another.
function showAiMoves(v) {
  const moves = v.ai_moves || [];
  const feed = $("#ai-feed");
  if (!moves.length || S.mode !== "game") { feed.hidden = true; return; }
  feed.hidden = false;
  // new: made since the player's last action (on opening: the last few)
  if (S.aiSeen === null) S.aiSeen = moves[Math.max(0, moves.length - 3)].version - 1;
  const fresh = moves.filter((m) => m.version > S.aiSeen);
  const shown = fresh.length > 8 ? fresh : moves.slice(-8);  // each move made while the player waited (a budget's dozens)
  const news = new Set(fresh.map((m) => m.version));
  feed.querySelector("summary").innerHTML = (fresh.length ? `The computer just made ${fresh.length} move${fresh.length === 1 ? "" : "s"}`
    : "The computer's last moves") + ' <button type="button" id="ai-show" title="light each move\'s places on the map">Show on the map</button>';
  const box = $("#ai-moves");
  box.innerHTML = "";
  shown.forEach((m) => {
    const d = document.createElement("div");
    d.className = "ai-move" + (news.has(m.version) ? " new" : "");
    d.dataset.version = m.version;
    const why = m.why ?? m.reason;
    d.innerHTML = `<b class="side-${m.side}">${cap(m.side)}</b>: ${linkNames(m.label)}` + (why ? ` <span class="dim">— ${linkNames(why)}</span>` : "");
    if (m.detail) d.title = `How the computer chose: ${m.detail}.`;
    d.addEventListener("click", () => lightMove(m, d));
    box.appendChild(d);
  });
  afterLayout(() => { feed.scrollTop = feed.scrollHeight; });
  $("#ai-show").onclick = (ev) => { ev.preventDefault(); replayAiMoves(); };
}

// Hotseat: what happened while this side looked away (the other player's moves, their battles), from the log
// of this side's own view; a click on a line lights its places.
function showSinceLast(v) {
  const feed = $("#ai-feed");
  const seen = S.logSeen[v.side];
  const news = seen === undefined || v.log.length < seen ? [] : v.log.slice(seen);
  if (!news.length) { feed.hidden = true; return; }
  feed.hidden = false;
  feed.querySelector("summary").textContent = `Since your last move (${news.length})`;
  const box = $("#ai-moves");
  box.innerHTML = "";
  for (const e of news.slice(-30)) {
    const d = document.createElement("div");
    d.className = "ai-move new";
    d.innerHTML = linkNames(e.text);
    d.addEventListener("click", () => lightMove({ label: e.text }, d));
    box.appendChild(d);
  }
  afterLayout(() => { feed.scrollTop = 0; });  // the first of the moves first
}

function lightMove(m, line) {
  const zones = placesNamed(`${m.label} ${m.why ?? m.reason ?? ""}`, S.view);
  for (const d of document.querySelectorAll(".ai-move.lit")) d.classList.remove("lit");
  if (line) line.classList.add("lit");
  const pts = zones.map((z) => S.geo.zones[z]).filter(Boolean);
  if (pts.length) S.map.reveal(pts);
  for (const z of zones) flashZone(z, true);
  setTimeout(() => { for (const z of zones) flashZone(z, false); if (line) line.classList.remove("lit"); }, 900);
}

function replayAiMoves() {
  const all = S.view.ai_moves || [];
  const fresh = all.filter((m) => m.version > S.aiSeen);
  const moves = fresh.length ? fresh : all.slice(-3);
  moves.forEach((m, i) => setTimeout(() => {
    lightMove(m, document.querySelector(`.ai-move[data-version="${m.version}"]`));
  }, 1000 * i));
}

// Where a choice leads: its zone, its force's or unit's zone, else the places its label names.
function choiceZones(v, i) {
  const [kind, id] = Object.entries((v.targets || [])[i] || {})[0] || [];
  if (kind === "zone") return [id];
  if (kind === "force" && v.board.forces[id]) return [v.board.forces[id].zone];
  return placesNamed(v.labels[i], v);
}

// Hovering (or focusing) a choice lights its place on the map: "Move to Lille" shows where Lille is.
function pointsAt(el, i) {
  const on = (yes) => { if (S.view) for (const z of choiceZones(S.view, i)) flashZone(z, yes); };  // none behind the hand-over
  el.addEventListener("mouseenter", () => on(true));
  el.addEventListener("mouseleave", () => on(false));
  el.addEventListener("focus", () => on(true));
  el.addEventListener("blur", () => on(false));
}

function choose(i) {
  const v = S.view;
  const fc = v.forecasts && v.forecasts[i];
  if (fc) {
    $("#fc-title").textContent = v.labels[i];
    renderForecast($("#fc-body"), fc, v.side);
    $("#forecast").hidden = false;
    $("#fc-go").onclick = () => { $("#forecast").hidden = true; send(v.legal[i]); };
    return;
  }
  send(v.legal[i]);
}
$("#fc-cancel").addEventListener("click", () => { $("#forecast").hidden = true; });

async function send(action) {
  if (S.pending) return;
  S.pending = true;
  S.missed = false;
  const ai = S.view.ai_moves || [];
  if (ai.length) S.aiSeen = ai[ai.length - 1].version;  // the computer's moves so far are seen once the player acts
  try {
    const res = await api("POST", `/api/games/${S.gid}/actions`, { side: S.side, version: S.view.version, action });
    if (res.ok) await showView(res.doc);
    else await refused(res);
  } finally {
    S.pending = false;
  }
  if (S.missed) refresh();
}

async function undo() {
  const res = await api("POST", `/api/games/${S.gid}/undo`, { side: S.side, version: S.view.version });
  if (res.ok) await showView(res.doc);
  else await refused(res);
}

// A refused move in words a player reads: a stale one (the game moved on: the other player's or the computer's
// move came first) shows the game as it now stands; a rule's refusal gives its reason.
async function refused(res) {
  if (res.status === 409 && res.doc.view) {
    status("The game moved on before your choice arrived (another move came first): here it is as it stands now. Choose again.", true);
    await showView(res.doc.view);
  } else status(res.doc.detail, true);
}

function onZone(zone) {
  if (!S.view) return;
  const idx = S.sets.zones.get(zone);
  if (idx && idx.length === 1 && S.mode === "game") return choose(idx[0]);
  if (idx && idx.length > 1) {
    for (const b of document.querySelectorAll("#buttons button")) b.style.outline = idx.includes(Number(b.dataset.index)) ? "3px solid var(--hi)" : "";
    return;
  }
  const here = Object.entries(S.view.board.forces).filter(([, f]) => f.zone === zone).map(([fid]) => fid);
  if (here.length) showForce(here[0]);
}

function onSea(sea) {
  const idx = S.view && S.sets.seas.get(sea);
  if (idx && idx.length === 1 && S.mode === "game") choose(idx[0]);
}

// A sea zone (17.2): its name and the fleets in it, in its ports and in its blockade boxes.
function onSeaHover(sea) {
  const tip = $("#hover-tip");
  if (!sea || !S.view) { tip.hidden = true; return; }
  const fleets = (S.view.board.summary?.fleets || []).filter((f) => (f.at === "sea" && f.where === sea)
    || (f.at !== "sea" && (S.geo.boxes?.[`blockade:${f.where}`]?.sea === sea)));
  tip.textContent = [S.catalog.seas[sea] || sea, ...fleets.map((f) => `${f.name} (${f.place})`)].join(" · ");
  tip.hidden = false;
}

function onFleet(fleet) {
  const idx = S.view && S.sets.fleets.get(fleet);
  if (idx && idx.length === 1 && S.mode === "game") choose(idx[0]);
}

function onForce(fid) {
  if (!S.view) return;
  const idx = S.sets.forces.get(fid);
  if (idx && idx.length === 1 && S.mode === "game") return choose(idx[0]);
  showForce(fid);
}

function showForce(fid) {
  S.selForce = fid;
  const mine = S.mode === "game" && S.view.side && S.view.active === S.view.side;
  if (!renderForce($("#tab-force"), S.view, S.catalog, fid, S.sets, mine ? choose : null, flashZone)) S.selForce = null;
  S.map.selectedForce = S.selForce;
  for (const g of document.querySelectorAll(".stack")) g.classList.toggle("sel", g.dataset.force === S.selForce);
  tab("force");
}

function onHover(zone) {
  const tip = $("#hover-tip");
  S.hovered = null;
  if (!zone || !S.view) { tip.hidden = true; return; }
  const z = S.catalog.zones[zone];
  const ctl = S.view.board.control[zone];
  const fort = S.view.board.fortresses[zone];
  const bits = [z.name, S.catalog.terrains[z.terrain] || z.terrain];
  const status = (S.view.board.summary?.powers || []).find((p) => p.id === ctl);
  if (ctl) bits.push(`held by ${S.catalog.powers[ctl]?.name || ctl}` + (status ? ` (${status.status_name})` : ""));
  if (fort) bits.push(fort.active ? `fortress ${fort.level}${fort.siege !== null ? `, siege ${fort.siege}` : ""}` : "fortress destroyed");
  if (z.capital) bits.push("capital");
  if (z.key) bits.push("key zone");
  if (z.port) bits.push("port");
  const forces = Object.entries(S.view.board.forces).filter(([, f]) => f.zone === zone).map(([fid]) => S.view.forces[fid]);
  if (forces.length) bits.push(forces.map((f) => f.hidden ? `${f.name} (hidden by the fog of war, 11)` : `${f.name} (${f.combat})`).join(", "));
  tip.textContent = bits.join(" · ");
  tip.hidden = false;
  const v = S.view;
  if (S.mode === "game" && v.side && v.active === v.side && !S.sets.zones.has(zone)) whyNot(zone, v.version);
}

// Why not: a zone that is not a choice now says which rule forbids it (asked of the server, once per view).
const WHY = new Map();
async function whyNot(zone, version) {
  const key = `${S.gid}:${version}:${zone}`;
  S.hovered = key;
  if (!WHY.has(key)) {
    await new Promise((r) => setTimeout(r, 120));
    if (S.hovered !== key) return;
    const res = await api("GET", `/api/games/${S.gid}/why?side=${S.side}&target=${encodeURIComponent(zone)}`);
    WHY.set(key, res.ok ? res.doc.text : "");
  }
  if (S.hovered === key && WHY.get(key)) {
    const tip = $("#hover-tip");
    tip.textContent += ` — ${WHY.get(key)}`;
  }
}

function flashZone(zone, on) {
  if (S.map) S.map.flash(zone, on);
}

function tab(name) {
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.tab === name);
  for (const t of document.querySelectorAll(".tab")) t.hidden = t.id !== `tab-${name}`;
  if (name === "chat") $("#chat-tab").textContent = "Chat";
  const log = $("#tab-log");
  if (name === "log" && log.dataset.stale) {
    log.scrollTop = log.scrollHeight;
    delete log.dataset.stale;
  }
}
for (const b of document.querySelectorAll("#tabs button")) b.addEventListener("click", () => tab(b.dataset.tab));

for (const b of document.querySelectorAll("#zoom button")) {
  b.addEventListener("click", () => {
    if (b.dataset.zoom === "fit") S.map.fit();
    else S.map.zoom(b.dataset.zoom === "in" ? 1 / 1.4 : 1.4);
  });
}

// -- the legend and the keys ------------------------------------------------------------------------------
function toggleLegend(on) {
  const box = $("#legend");
  if (!box.innerHTML) box.innerHTML = legendHtml();
  box.hidden = on === undefined ? !box.hidden : !on;
}
$("#legend-btn").addEventListener("click", () => toggleLegend());

document.addEventListener("keydown", (ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.target.closest("input, textarea, select")) return;
  const k = ev.key;
  if (k === "Escape") {
    for (const id of ["#forecast", "#legend"]) $(id).hidden = true;
    return;
  }
  if (!$("#forecast").hidden) {  // the battle forecast: Enter commits
    if (k === "Enter") { ev.preventDefault(); $("#fc-go").click(); }
    return;
  }
  if (!$("#handover").hidden) {
    if (k === "Enter") { ev.preventDefault(); $("#ho-go").click(); }
    return;
  }
  if (S.mode !== "game" && S.mode !== "replay") return;
  const press = (el) => { if (el) { ev.preventDefault(); el.click(); } };
  if (/^[1-9]$/.test(k)) press(document.querySelector(`#buttons button[data-key="${k}"]`));
  else if (k === "u" || k === "U") press($("#undo"));
  else if (k === "+" || k === "=") S.map.zoom(1 / 1.4);
  else if (k === "-") S.map.zoom(1.4);
  else if (k === "0") S.map.fit();
  else if (k === "l" || k === "L" || k === "?") toggleLegend();
  else if (S.mode === "replay" && (k === "ArrowRight" || k === "ArrowLeft")) {
    press(document.querySelector(`#replay-bar button[data-step=${k === "ArrowRight" ? "next" : "prev"}]`));
  }
});

// The result in a sentence, and what it means for the player at this screen (none for a hotseat's two people).
function result(v) {
  const r = v.result || {};
  const why = (v.board && v.board.outcome) || r.text || "";
  // 19.3: a grand campaign no side wins is lost by both, not drawn
  const title = r.winner ? `The ${cap(r.winner)} wins` : why.startsWith("Both sides lose") ? "Both sides lose" : "A draw";
  const you = S.mode !== "game" || S.humans.length > 1 || !v.side ? ""
    : r.winner ? (r.winner === v.side ? "you win" : "you lose") : "";
  return { title, you, why };
}

function showEnd(v) {
  const { title, you, why } = result(v);
  $("#end-title").textContent = title + (you ? ` — ${you}` : "");
  $("#end-why").textContent = why;
  $("#endgame").hidden = false;
}
$("#end-map").addEventListener("click", () => { $("#endgame").hidden = true; });
$("#end-replay").addEventListener("click", async () => {
  const rec = await api("GET", `/api/games/${S.gid}/record`);
  if (!rec.ok) { status(rec.doc.detail, true); return; }
  const res = await api("POST", "/api/replays", rec.doc);
  if (res.ok) location.hash = `#/replay/${res.doc.id}`;
  else status(res.doc.detail, true);
});

// -- the replay viewer -------------------------------------------------------------------------------------
async function openReplay(rid) {
  await loadAssets();
  show("game");
  ensureMap();
  S.mode = "replay";
  S.gid = null;
  S.selForce = null;
  S.replay = { id: rid, index: 0, side: "" };
  $("#replay-bar").hidden = false;
  const sel = $("#replay-side");
  sel.innerHTML = "";
  for (const [v, t] of [["", "spectator"], ...S.catalog.sides.map((s) => [s, `${cap(s)}'s view`])]) sel.appendChild(new Option(t, v));
  await replayAt(0);
}

async function replayAt(index) {
  const r = S.replay;
  const res = await api("GET", `/api/replays/${r.id}?index=${index}` + (r.side ? `&side=${r.side}` : ""));
  if (!res.ok) { if (r.length === undefined) nothingToShow(res.doc.detail); else status(res.doc.detail, true); return; }
  r.index = res.doc.index;
  r.length = res.doc.length;
  r.battles = res.doc.battles;
  S.view = res.doc;
  S.view.version = r.index;
  render();
  $("#replay-pos").textContent = `${r.index} / ${r.length}`;
  const range = $("#replay-range");
  range.max = r.length;
  range.value = r.index;
  if (res.doc.action) {
    const who = res.doc.actor ? `${cap(res.doc.actor)}: ` : "";
    $("#prompt").textContent = `Move ${r.index}, ${who}${res.doc.action_label || res.doc.action.join(" ")}. Then: ${promptOf(res.doc)}`;
  }
}

for (const b of document.querySelectorAll("#replay-bar button")) {
  b.addEventListener("click", () => {
    const r = S.replay;
    const to = { first: 0, prev: r.index - 1, next: r.index + 1, last: r.length,
      battle: (r.battles.find((i) => i > r.index) ?? r.length) }[b.dataset.step];
    const at = replayAt(Math.max(0, Math.min(r.length, to)));
    if (b.dataset.step === "battle") at.then(() => tab("battle"));  // the battle it went to, not the hand
  });
}
$("#replay-range").addEventListener("change", (ev) => replayAt(Number(ev.target.value)));
$("#replay-side").addEventListener("change", (ev) => { S.replay.side = ev.target.value; replayAt(S.replay.index); });

loadSession().then(route);
