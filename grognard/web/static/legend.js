// The map's legend and the keyboard keys: each sample is drawn with the map's own classes and colours, so the legend
// shows what the map shows.
import { POWER_COLOURS } from "./map.js";

const STAR = "M12 3L13.8 8.6L19.6 8.6L14.9 12L16.7 17.6L12 14.1L7.3 17.6L9.1 12L4.4 8.6L10.2 8.6Z";
const TOWER = "M-7 6 L-7 -4 L-4 -4 L-4 -7 L-1 -7 L-1 -4 L1 -4 L1 -7 L4 -7 L4 -4 L7 -4 L7 6 Z";

function sample(inner, w = 44, h = 34) {
  return `<svg width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" aria-hidden="true">${inner}</svg>`;
}

// a counter as the map draws it (map.js drawStacks): ``under`` drawn below it, ``over`` on top of it
function counter(fill, top, bottom, { under = "", over = "" } = {}) {
  return sample(`<g class="stack" transform="translate(4,5)">${under}<rect class="counter" width="36" height="28" fill="${fill}"/>` +
    `<text x="18" y="10" fill="#fff">${top}</text><text x="18" y="24" fill="#fff" class="str">${bottom}</text>${over}</g>`, 46, 38);
}

function row(pic, text) {
  return `<tr><td>${pic}</td><td>${text}</td></tr>`;
}

function line(cls) {
  return sample(`<path class="border ${cls}" d="M2 17 L42 17"/>`);
}

function zone(cls) {
  return sample(`<rect class="zone ${cls}" x="3" y="5" width="38" height="24"/>`);
}

export function legendHtml() {
  const blue = POWER_COLOURS.france;
  const stacked = `<rect class="counter" x="5" y="-5" width="36" height="28" fill="${blue}" opacity=".6"/>` +
    `<rect class="counter" x="2.5" y="-2.5" width="36" height="28" fill="${blue}" opacity=".6"/>`;
  let html = "<h3>What the map shows</h3><table class='legend'>";
  html += row(counter(blue, "Davout", "6"), "A force: its commander (or its corps) on top, its <b>combat value</b> below. " +
    "The colour is its nation's; more edges behind it, more corps in it. Click it to see what it holds.");
  html += row(counter(blue, "Napoleon", "10", { over: `<rect width="36" height="3" fill="#ffd54a"/>` }),
    "A yellow band: an army (several corps under one commander).");
  html += row(counter(blue, "Ney", "4", { under: stacked }), "Stacked edges: a force of several corps.");
  html += row(counter(blue, "Ney", "4", { over: `<text x="32" y="9" class="demor">D</text>` }),
    "A red D: the force is demoralized.");
  html += row(counter(blue, "Ney", "4", { over: `<rect x="-3" y="-3" width="42" height="34" fill="none" stroke="#555" stroke-dasharray="3 2"/>` }),
    "A dashed frame: the force shelters inside its fortress.");
  html += row(sample(`<g class="stack hidden-stack" transform="translate(4,3)"><rect class="counter" width="36" height="28" fill="${POWER_COLOURS.austria}"/>` +
    `<text x="18" y="10" fill="#111">Mack</text><text x="18" y="24" fill="#111" class="str">fog</text></g>`),
  "“fog”: an enemy force hidden by the fog of war (11); only its commander shows.");
  html += row(sample(`<g transform="translate(12,10)"><rect class="counter" width="20" height="14" rx="3" fill="${POWER_COLOURS.britain}" stroke="#111"/>` +
    `<text x="10" y="11" fill="#fff" font-size="11" text-anchor="middle">⚓</text></g>`), "A fleet (17): in a port, at sea, or in a port's blockade box.");
  html += row(sample(`<g class="mark" transform="translate(16,18)"><path class="fort" d="${TOWER}"/><text x="0" y="4.5" class="fort-level">2</text>` +
    `<text x="9" y="2" class="siege">S1</text></g>`), "A fortress and its level (15); S1: under siege, with its siege marker.");
  html += row(sample(`<circle cx="22" cy="17" r="5" fill="#fff" stroke="#222" stroke-width="1.5"/>`), "A capital.");
  html += row(sample(`<path class="key-star" transform="translate(10,6)" d="${STAR}"/>`), "A key zone: its holder draws cards (6.3) and it counts for victory (19).");
  html += row(sample(`<g transform="translate(22,17)"><rect x="-6" y="-6" width="12" height="12" class="depot"/>` +
    `<text x="0" y="3.5" font-size="9" text-anchor="middle">D</text></g>`), "A depot (13.4): a source of supply.");
  html += row(zone("ctl-empire"), "A zone the Empire controls.") + row(zone("ctl-coalition"), "A zone the Coalition controls.") +
    row(zone("ctl-neutral"), "A zone of a neutral power.");
  html += row(zone("ctl-neutral legal"), "Lit in orange: a place you may click now, to answer the question in the panel.");
  html += row(line("f-river"), "A river: +1 MP to cross (12.1).") + row(line("f-river_bridge"), "A bridged river: no extra MP.") +
    row(line("f-mountain"), "Mountains: +2 MP, no supply across.") + row(line("f-pass"), "A mountain pass: +1 MP.") +
    row(line("f-strait"), "A strait: +1 MP.");
  html += "</table><h3>Keys</h3><table class='legend keys'>";
  for (const [k, t] of [["1 … 9", "the choice with that number"], ["U", "undo (within your own turn)"], ["Enter", "commit the battle in the forecast"],
    ["Esc", "close the forecast or this legend"], ["+ − 0", "zoom in, out, whole map"], ["L or ?", "this legend"], ["← →", "a replay: one move back, on"]]) {
    html += `<tr><td><kbd>${k}</kbd></td><td>${t}</td></tr>`;
  }
  html += "</table><p class='dim'>Hover a zone for what is there, and a zone you cannot choose for the rule that forbids it; " +
    "hover a rule number in the log (14.6) for its section of the rulebook.</p>";
  return html;
}
