// Online play in the browser: the session (log-in cookie and its CSRF token), the account pages (sign-up, log-in,
// e-mail verification, password reset, profile and notification settings), the lobby (new game, open games, my
// games, invitation links) and, in the game screen, the players with their clocks, the vacation pause and the chat.
// Everything comes from the server's answers; the client decides nothing about the rules.
import { esc, gameTitle } from "./panels.js";

const $ = (sel) => document.querySelector(sel);
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export const session = { user: null, csrf: null };

const EVENTS = {
  your_turn: "It is my turn", decision: "A decision is asked of me", game_started: "A game starts",
  game_over: "A game ends", chat: "A chat message", invitation: "An invitation",
};
const CHANNELS = { email: "E-mail", webhook: "Webhook", browser: "This browser" };

// Every request goes through here: a changing request carries the session's CSRF token.
export async function api(method, url, body, raw = undefined) {
  const headers = {};
  if (body !== undefined || raw !== undefined) headers["content-type"] = "application/json";
  if (UNSAFE.has(method) && session.csrf) headers["X-CSRF-Token"] = session.csrf;
  const res = await fetch(url, { method, headers, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
  let doc = null;
  try { doc = await res.json(); } catch { doc = { detail: `HTTP ${res.status}` }; }
  return { status: res.status, ok: res.ok, doc };
}

export async function loadSession() {
  const { doc } = await api("GET", "/api/session");
  session.user = doc.user || null;
  session.csrf = doc.csrf || null;
  nav();
}

export function nav(turns = null) {
  const n = $("#nav");
  if (!session.user) { n.innerHTML = `<a href="#/lobby">Play online</a><a href="#/account" id="nav-login">Log in</a>`; return; }
  const badge = turns ? ` <span class="turns" title="games where it is your move">${turns}</span>` : "";
  n.innerHTML = `<a href="#/lobby" id="nav-lobby">Lobby${badge}</a>` +
    `<a href="#/account" id="nav-me">${esc(session.user.name)}</a>`;
}

// Each screen is drawn once its data is in, and only if no other screen was asked for meanwhile.
let generation = 0;
export function leaveScreen() { generation += 1; }
const screen = () => { const g = generation; return () => g === generation; };

export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : "");

function params() {
  const q = location.hash.split("?")[1] || "";
  return new URLSearchParams(q);
}

function form(html, onSubmit) {
  const f = document.createElement("form");
  f.innerHTML = html + "<p class='error'></p>";
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const err = f.querySelector(".error");
    err.textContent = "";
    const btn = f.querySelector("button[type=submit]");
    if (btn) btn.disabled = true;
    try {
      const msg = await onSubmit(Object.fromEntries(new FormData(f)), f);
      if (msg) err.textContent = msg;
    } finally {
      if (btn) btn.disabled = false;
    }
  });
  return f;
}

function card(title, ...children) {
  const c = document.createElement("section");
  c.className = "card";
  c.innerHTML = `<h2>${esc(title)}</h2>`;
  for (const ch of children) c.append(ch);
  return c;
}

function para(text, cls = "") {
  const p = document.createElement("p");
  if (cls) p.className = cls;
  p.textContent = text;
  return p;
}

// -- account pages -----------------------------------------------------------------------------------------
export async function accountScreen() {
  const live = screen();
  await loadSession();
  if (!live()) return;
  const box = $("#account");
  box.innerHTML = "";
  const q = params();
  if (q.get("verified")) box.append(card("E-mail address confirmed", para("Thank you: your address is confirmed.", "notice")));
  if (!session.user) {
    const next = q.get("next");
    const login = form(`<label>Name or e-mail <input name="name" autocomplete="username" required></label>
      <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
      <button type="submit" id="login-go">Log in</button>`, async (d) => {
      const r = await api("POST", "/api/session", { name: d.name, password: d.password });
      if (!r.ok) return r.doc.detail;
      session.user = r.doc.user;
      session.csrf = r.doc.csrf;
      location.hash = next ? `#/${next}` : "#/lobby";
      return "";
    });
    login.id = "login-form";
    const signup = form(`<label>Name <input name="name" autocomplete="username" required minlength="2" maxlength="40"></label>
      <label>E-mail <input name="email" type="email" autocomplete="email" required></label>
      <label>Password (8 characters or more) <input name="password" type="password" autocomplete="new-password" required minlength="8"></label>
      <button type="submit" id="signup-go">Sign up</button>`, async (d, f) => {
      const r = await api("POST", "/api/users", d);
      if (!r.ok) return r.doc.detail;
      f.replaceWith(para(`Welcome, ${r.doc.name}. A link to confirm your address is on its way to ${r.doc.email}; ` +
        "log in meanwhile.", "notice"));
      return "";
    });
    signup.id = "signup-form";
    const forgot = form(`<label>E-mail <input name="email" type="email" required></label>
      <button type="submit">Send me a reset link</button>`, async (d) => {
      const r = await api("POST", "/api/users/reset-request", d);
      return r.doc.detail;
    });
    box.append(card("Log in", login), card("New player? Sign up", signup), card("Forgot your password?", forgot));
    return;
  }
  await profileScreen(box, live);
}

async function profileScreen(box, live) {
  const res = await api("GET", "/api/users/me");
  if (!live()) return;
  if (!res.ok) { box.append(card("Your account", para(res.doc.detail, "error"))); return; }
  const u = res.doc;
  const who = document.createElement("div");
  who.innerHTML = `<p><b>${esc(u.name)}</b> · ${esc(u.email)} ` +
    (u.email_verified ? "<span class='dim'>(confirmed)</span>" : "<span class='error'>(not confirmed yet: no e-mail is sent to it)</span>") + "</p>";
  if (!u.email_verified) {
    const again = document.createElement("button");
    again.textContent = "Send the confirmation link again";
    again.addEventListener("click", async () => {
      const r = await api("POST", "/api/users/me/verify");
      again.replaceWith(para(r.doc.detail, r.ok ? "notice" : "error"));
    });
    who.append(again);
  }
  const out = document.createElement("button");
  out.id = "logout";
  out.textContent = "Log out";
  out.addEventListener("click", async () => {
    await api("DELETE", "/api/session");
    session.user = null;
    session.csrf = null;
    nav();
    location.hash = "#/";
  });
  who.append(" ", out);

  const rows = Object.entries(EVENTS).map(([e, label]) => `<tr><td>${esc(label)}</td>` +
    Object.keys(CHANNELS).map((c) => `<td><input type="checkbox" name="n-${e}-${c}" ${u.notify[e]?.includes(c) ? "checked" : ""}
      aria-label="${esc(label)}: ${CHANNELS[c]}"></td>`).join("") + "</tr>").join("");
  const settings = form(`<table class="notify"><tr><th>Tell me when</th>${Object.values(CHANNELS).map((c) => `<th>${c}</th>`).join("")}</tr>
    ${rows}</table>
    <label>Webhook address (a Discord channel's, for example) <input name="webhook_url" type="url" value="${esc(u.webhook_url || "")}"
      placeholder="https://…" style="width: 100%"></label>
    <p class="dim">Nothing is sent about a game while you are looking at it. "This browser" shows a desktop notification
      while Grognard is open in a tab.</p>
    <button type="submit" id="save-profile">Save</button>`, async (d) => {
    const notify = {};
    for (const e of Object.keys(EVENTS)) notify[e] = Object.keys(CHANNELS).filter((c) => d[`n-${e}-${c}`]);
    const r = await api("PUT", "/api/users/me", { notify, webhook_url: d.webhook_url || "" });
    if (!r.ok) return r.doc.detail;
    session.user = r.doc;
    if (Object.values(notify).some((cs) => cs.includes("browser")) && "Notification" in window &&
        Notification.permission === "default") await Notification.requestPermission();
    return "Saved.";
  });
  settings.id = "profile-form";
  box.append(card("Your account", who), card("Notifications", settings));
}

export async function resetScreen() {
  leaveScreen();
  const box = $("#account");
  box.innerHTML = "";
  const token = params().get("token") || "";
  const f = form(`<label>New password (8 characters or more) <input name="password" type="password" autocomplete="new-password"
    required minlength="8"></label><button type="submit">Change my password</button>`, async (d, el) => {
    const r = await api("POST", "/api/users/reset", { token, password: d.password });
    if (!r.ok) return r.doc.detail;
    el.replaceWith(para("Your password is changed; log in with it (every other log-in was ended).", "notice"));
    return "";
  });
  box.append(card("Choose a new password", f));
}

// -- the lobby ---------------------------------------------------------------------------------------------
function clockText(seconds) {
  if (seconds === undefined || seconds === null) return "";
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  if (d) return `${d}d ${h}h`;
  if (h) return `${h}h ${String(m).padStart(2, "0")}m`;
  return `${m}m ${String(s % 60).padStart(2, "0")}s`;
}

function mySides(seats) {
  return session.user ? Object.entries(seats).filter(([, v]) => v === `user:${session.user.id}`).map(([s]) => s) : [];
}

function playersText(g) {
  return Object.entries(g.players || g.seats).map(([side, p]) => `${cap(side)}: ${p === "open" ? "open seat" : p}`).join(" · ");
}

export async function lobbyScreen() {
  const live = screen();
  await loadSession();
  const box = $("#lobby");
  if (!session.user) {
    const p = document.createElement("p");
    p.innerHTML = `Online games are played by turns between accounts, over days if need be, with a notice by e-mail or
      webhook when it is your move. <a href="#/account?next=lobby">Log in or sign up</a> to play.`;
    const open = await openGames();
    if (live()) box.replaceChildren(card("Play online", p), open);
    return;
  }
  const mine = document.createElement("ul");
  mine.className = "games";
  mine.id = "my-games";
  const created = document.createElement("div");
  created.style.display = "contents";  // the card it gets is one more cell of the grid
  const [newGame, open] = await Promise.all([newGameCard(created, () => myGames(mine, live)), openGames()]);
  if (!live()) return;
  box.replaceChildren(card("My games", mine), newGame, created, open);
  await myGames(mine, live);
}

/** Fill the "My games" list: the games where it is my move first, with their players and my clock. */
async function myGames(mine, live) {
  const all = await api("GET", "/api/games");
  if (!live()) return;
  const games = (all.doc.games || []).filter((g) => g.my_sides.length || g.owner_id === session.user.id);
  const online = games.filter((g) => Object.values(g.seats).some((v) => v.startsWith("user:") || v === "open"));
  const turns = online.filter((g) => g.my_turn).length;
  nav(turns);
  document.title = (turns ? `● Your turn (${turns}) · ` : "") + "Grognard";
  mine.replaceChildren();
  if (!online.length) mine.innerHTML = "<li class='dim'>No online game yet: create one, or join an open one.</li>";
  for (const g of online) {
    const li = document.createElement("li");
    li.className = g.my_turn ? "my-turn" : "";
    const mySide = g.my_sides[0];
    const state = g.status === "over" ? `<span class="tag">over${g.result?.winner ? `: ${esc(cap(g.result.winner))} won` : ""}</span>`
      : g.status === "open" ? "<span class='tag'>waiting for players</span>"
        : g.my_turn ? "<span class='tag turn'>your move</span>" : `<span class="tag">${esc(cap(g.active || ""))} to act</span>`;
    const left = g.status === "active" && mySide && g.time_left[mySide] !== undefined ? ` <span class="dim">you have ${clockText(g.time_left[mySide])}</span>` : "";
    li.innerHTML = `<a href="#/game/${g.id}">${esc(gameTitle(g))}</a> ${state} <span class="dim">${esc(playersText(g))}</span>${left}`;
    mine.append(li);
  }
}

async function openGames() {
  const list = document.createElement("ul");
  list.className = "games";
  list.id = "open-games";
  const games = (await api("GET", "/api/lobby")).doc.open || [];
  if (!games.length) list.innerHTML = "<li class='dim'>No public game is waiting for a player.</li>";
  for (const g of games) {
    const li = document.createElement("li");
    li.innerHTML = `<a href="#/game/${g.id}">${esc(gameTitle(g))}</a> <span class="dim">${esc(playersText(g))}</span>`;
    if (session.user && !mySides(g.seats).length) {
      for (const [side, seat] of Object.entries(g.seats)) {
        if (seat !== "open") continue;
        const b = document.createElement("button");
        b.textContent = `Join as ${cap(side)}`;
        b.addEventListener("click", () => join(g.id, side, null, li));
        li.append(b);
      }
    }
    list.append(li);
  }
  return card("Open games", list);
}

async function join(gid, side, invite, where) {
  const r = await api("POST", `/api/games/${gid}/join`, { side, invite });
  if (!r.ok) { where.append(para(r.doc.detail, "error")); return; }
  location.hash = `#/game/${gid}`;
}

async function newGameCard(created, refresh) {
  const { doc } = await api("GET", "/api/scenarios");
  const game = doc.games[0];
  const scen = Object.entries(game.scenarios).map(([id, t]) => `<option value="${esc(id)}">${esc(game.title)} — ${esc(t)}</option>`).join("");
  const sides = game.sides.map((s) => `<option value="${s}">${cap(s)}</option>`).join("");
  const ai = doc.agents.map((a) => `<option value="${a}">computer (${a.slice(3)})</option>`).join("");
  const opts = Object.entries(game.options).map(([n, t]) => `<label><input type="checkbox" name="opt-${esc(n)}"> ${esc(t)}</label>`).join("");
  const f = form(`<label>Scenario <select name="scenario">${scen}</select></label>
    <label>My side <select name="side">${sides}</select></label>
    <label>The other side <select name="other"><option value="open">a player who joins</option>${ai}</select></label>
    <label>Time control <select name="clock"><option value="fast">fast: 72 h, +12 h a move, at most 240 h</option>
      <option value="slow">slow: 7 days, +24 h a move, at most 20 days</option><option value="none">no clock</option></select></label>
    <label>Out of time <select name="timeout"><option value="forfeit">the game is lost</option>${ai.replaceAll("computer (", "the computer plays on (")}</select></label>
    <label>Who may join <select name="public"><option value="1">anyone (listed among the open games)</option>
      <option value="">only who has the invitation link</option></select></label>
    ${opts ? `<fieldset><legend>Options</legend>${opts}</fieldset>` : ""}
    <button type="submit" id="create-game">Create the game</button>`, async (d) => {
    const other = game.sides.find((s) => s !== d.side);
    const options = {};
    for (const n of Object.keys(game.options)) if (d[`opt-${n}`]) options[n] = true;
    const r = await api("POST", "/api/lobby/games", {
      game: game.id, scenario: d.scenario, side: d.side, others: { [other]: d.other }, clock: d.clock,
      timeout: d.timeout, public: Boolean(d.public), options,
    });
    if (!r.ok) return r.doc.detail;
    if (r.doc.invite_link) sessionStorage.setItem(`invite:${r.doc.id}`, r.doc.invite_link);
    created.innerHTML = "";
    const c = card("Game created");
    if (r.doc.invite_link) {
      c.append(para("Send this link to the player you invite:"));
      const l = para(r.doc.invite_link, "invite-link");
      l.id = "invite-link";
      c.append(l);
      const gid = r.doc.id;
      const invite = form(`<label>Or invite a player by name <input name="name" required maxlength="40"></label>
        <button type="submit" id="invite-go">Invite</button>`, async (v) => {
        const res = await api("POST", `/api/games/${gid}/invite`, { name: v.name });
        if (!res.ok) return res.doc.detail;
        invite.querySelector(".error").before(para(`${v.name} is sent the invitation.`, "notice"));
        invite.reset();
        return "";
      });
      invite.id = "invite-by-name";
      c.append(invite);
    }
    const a = document.createElement("a");
    a.href = `#/game/${r.doc.id}`;
    a.className = "button";
    a.id = "open-created";
    a.textContent = "Open the game";
    c.append(a);
    created.append(c);
    await refresh();  // the new game is one of mine now
    return "";
  });
  f.id = "online-new";
  return card("New online game", f);
}

export async function inviteScreen(token) {
  const live = screen();
  await loadSession();
  const box = $("#lobby");
  const r = await api("GET", `/api/lobby/invite/${encodeURIComponent(token)}`);
  if (!live()) return;
  box.innerHTML = "";
  if (!r.ok) { box.append(card("Invitation", para(r.doc.detail, "error"))); return; }
  const g = r.doc;
  const host = Object.values(g.players).find((p) => p !== "open" && !p.startsWith("ai:")) || "A player";
  const c = card("Invitation", para(`${host} invites you to a game of ${gameTitle(g)} (${playersText(g)}).`));
  if (!session.user) {
    const p = document.createElement("p");
    p.innerHTML = `<a href="#/account?next=invite/${encodeURIComponent(token)}" id="invite-login">Log in or sign up</a> to accept it.`;
    c.append(p);
  } else {
    for (const [side, seat] of Object.entries(g.seats)) {
      if (seat !== "open") continue;
      const b = document.createElement("button");
      b.textContent = `Accept: play ${cap(side)}`;
      b.dataset.side = side;
      b.addEventListener("click", () => join(g.id, side, token, c));
      c.append(b);
    }
  }
  box.append(c);
}

// -- the game screen's online part -------------------------------------------------------------------------
// The players, their clocks (the running one ticks), the start, pause and resignation buttons, and the chat.
export class OnlineGame {
  constructor(gid, onChange) {
    this.gid = gid;
    this.onChange = onChange;  // called when the game's status changes (e.g. it starts)
    this.meta = null;
    this.chatAfter = 0;
    this.timer = setInterval(() => this.tick(), 1000);
    $("#chat-tab").hidden = false;
    $("#chat-log").innerHTML = "";
    $("#online-bar").hidden = false;
    const f = $("#chat-form");
    f.onsubmit = async (ev) => {
      ev.preventDefault();
      const text = f.text.value.trim();
      if (!text) return;
      const r = await api("POST", `/api/games/${this.gid}/chat`, { text });
      if (!r.ok) { $("#chat-log").append(para(r.doc.detail, "error")); return; }
      f.text.value = "";
      await this.chat();
    };
  }

  get side() { return this.meta ? mySides(this.meta.seats)[0] || null : null; }
  get waiting() { return !this.meta || this.meta.status !== "active"; }

  stop() {
    clearInterval(this.timer);
    $("#online-bar").hidden = true;
    $("#chat-tab").hidden = true;
  }

  // A push came: the game, its seats or its chat changed.
  async update() {
    const before = this.meta && this.meta.status;
    const r = await api("GET", `/api/games/${this.gid}/players`);
    if (!r.ok) return;
    this.meta = r.doc;
    this.fetched = Date.now();
    this.render();
    await this.chat();
    if (before && before !== this.meta.status) this.onChange();
  }

  async chat() {
    const r = await api("GET", `/api/games/${this.gid}/chat?after=${this.chatAfter}`);
    if (!r.ok) return;
    const log = $("#chat-log");
    for (const m of r.doc.messages) {
      if (m.id <= this.chatAfter) continue;  // a push and one's own message may both fetch it
      const d = document.createElement("div");
      d.className = "chat-msg";
      const at = new Date(m.at * 1000);
      d.innerHTML = `<b>${esc(m.user)}</b>${esc(m.text)}<time>${at.toLocaleString()}</time>`;
      log.append(d);
      this.chatAfter = Math.max(this.chatAfter, m.id);
    }
    if (r.doc.messages.length && log.lastElementChild) {
      log.scrollTop = log.scrollHeight;
      if ($("#tab-chat").hidden) $("#chat-tab").textContent = "Chat ●";
    }
    $("#chat-form").hidden = !this.side;  // observers read the chat, players write in it
  }

  render() {
    const m = this.meta;
    const bar = $("#online-bar");
    const me = this.side;
    const players = Object.entries(m.players).map(([side, p]) => {
      const running = m.status === "active" && !m.paused && m.active === side;
      const clock = m.time_left[side] !== undefined ? ` <span class="clock${running ? " running" : ""}" data-side="${side}"></span>` : "";
      return `<span><b class="side-${side}">${cap(side)}</b>: ${esc(p === "open" ? "open seat" : p)}${side === me ? " (you)" : ""}${clock}</span>`;
    }).join("");
    let line = "";
    if (m.status === "open") {
      const link = sessionStorage.getItem(`invite:${this.gid}`);
      const owner = Object.entries(m.seats).find(([, v]) => v === `user:${m.owner_id}`);
      line = Object.values(m.seats).includes("open")
        ? "Waiting for players." + (link ? ` Invitation link: <span class="invite-link">${esc(link)}</span>` : "")
        : `Every seat is taken: waiting for ${esc(owner ? m.players[owner[0]] : "the creator")} to start the game.`;
    } else if (m.paused) line = "The clocks are stopped: vacation pause.";
    else if (m.pause_votes.length) line = `Vacation pause asked by ${m.pause_votes.map(cap).join(", ")}.`;
    else if (m.status === "over") line = "The game is over.";
    else if (!me) line = "You are watching this game.";
    bar.innerHTML = `<div class="players">${players}</div><div class="row" id="online-row">${line}</div>`;
    const row = bar.querySelector("#online-row");
    const button = (text, id, fn) => {
      const b = document.createElement("button");
      b.textContent = text;
      b.id = id;
      b.addEventListener("click", async () => {
        const r = await fn();
        if (r && !r.ok) row.append(para(r.doc.detail, "error"));
        else await this.update();
      });
      row.append(b);
    };
    if (m.status === "open" && session.user && m.owner_id === session.user.id && !Object.values(m.seats).includes("open")) {
      button("Start the game", "start-online", () => api("POST", `/api/games/${this.gid}/start`));
    }
    if (m.status === "active" && me) {
      const asked = m.pause_votes.includes(me);
      if (m.paused || asked) button(m.paused ? "End the pause" : "Withdraw the pause request", "pause",
        () => api("POST", `/api/games/${this.gid}/pause`, { side: me, pause: false }));
      else button("Ask for a vacation pause", "pause", () => api("POST", `/api/games/${this.gid}/pause`, { side: me, pause: true }));
      button("Resign", "resign", () => (confirm("Resign this game?") ? api("POST", `/api/games/${this.gid}/resign`, { side: me }) : null));
    }
    this.tick();
  }

  tick() {
    const m = this.meta;
    if (!m) return;
    const gone = (Date.now() - this.fetched) / 1000;
    for (const el of document.querySelectorAll("#online-bar .clock")) {
      const side = el.dataset.side;
      const running = m.status === "active" && !m.paused && m.active === side;
      el.textContent = clockText(m.time_left[side] - (running ? gone : 0));
    }
  }
}

// A desktop notification when the move comes to me while the tab is in the background (if the profile asks).
export function notifyTurn(text) {
  const u = session.user;
  if (!u || !document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  if (!(u.notify?.your_turn || []).includes("browser")) return;
  new Notification("Grognard", { body: text });
}
