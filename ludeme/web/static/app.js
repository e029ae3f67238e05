// ludeme's page: plain JavaScript over the JSON API (no build step).
"use strict";
const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
};
async function api(path, body) {
  const init = body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"},
                                          body: JSON.stringify(body)};
  const r = await fetch(path, init);
  const data = await r.json().catch(() => ({error: `HTTP ${r.status}`}));
  if (!r.ok) throw new Error(data.error + (data.hint ? `\n= ${data.hint}` : ""));
  return data;
}
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

// -- tabs ------------------------------------------------------------------------------
function show(tab) {
  for (const b of document.querySelectorAll("nav .tab")) b.classList.toggle("active", b.dataset.tab === tab);
  for (const p of document.querySelectorAll(".page")) p.classList.toggle("hidden", p.id !== tab);
}
for (const b of document.querySelectorAll("nav .tab")) b.addEventListener("click", () => show(b.dataset.tab));

// -- the game list -------------------------------------------------------------------
let GAMES = [];
async function loadGames() {
  GAMES = (await api("/api/games")).games;
  const list = $("game-list");
  list.innerHTML = "";
  for (const g of GAMES) {
    const li = el("li", {"data-key": g.key, onclick: () => detail(g, li)}, g.name,
                  el("span", {class: "origin"}, g.origin === "bundled" ? "" : g.origin));
    list.append(li);
  }
  for (const sel of [$("edit-from"), $("sim-game")]) {
    sel.innerHTML = "";
    for (const g of GAMES) sel.append(el("option", {value: g.key}, g.name));
  }
}

function detail(g, li) {
  for (const x of document.querySelectorAll("#game-list li")) x.classList.toggle("sel", x === li);
  const d = $("game-detail");
  d.innerHTML = "";
  d.append(el("h2", {}, g.name));
  if (g.error) { d.append(el("p", {class: "error"}, g.error)); return; }
  if (g.description) d.append(el("p", {}, g.description));
  const form = el("form", {id: "setup"});
  for (const o of g.options || []) {
    const sel = el("select", {"data-title": o.title, class: "opt"});
    for (const it of o.items) {
      const opt = el("option", {value: it.name}, it.name + (it.default ? " (default)" : ""));
      if (it.default) opt.selected = true;
      sel.append(opt);
    }
    form.append(el("label", {class: "seat"}, o.title, sel));
  }
  if ((g.rulesets || []).length) {
    const sel = el("select", {id: "ruleset"}, el("option", {value: ""}, "(options above)"));
    for (const r of g.rulesets) sel.append(el("option", {value: r.name}, r.name));
    form.append(el("label", {class: "seat"}, "Ruleset", sel));
  }
  const seats = el("div", {id: "seats"});
  form.append(el("h3", {}, "Seats"), seats);
  const drawSeats = (n) => {
    seats.innerHTML = "";
    for (let p = 1; p <= n; p++) {
      const kind = el("select", {class: "kind", "data-player": p});
      for (const k of ["human", "random", "mcts", "alphabeta"]) kind.append(el("option", {value: k}, k));
      kind.value = p === 1 ? "human" : "mcts";
      seats.append(el("div", {class: "seat"}, `P${p}`, kind,
                      el("input", {class: "settings", placeholder: "seconds=2", "data-player": p})));
    }
  };
  drawSeats(typeof g.players === "number" ? g.players : 2);
  const chosen = () => [...form.querySelectorAll("select.opt")]
    .filter((s) => !s.selectedOptions[0].textContent.endsWith("(default)"))
    .map((s) => `${s.dataset.title}/${s.value}`);
  // an option (or a ruleset) may change the number of players: ask the server
  form.addEventListener("change", async (ev) => {
    if (!ev.target.matches("select.opt, #ruleset")) return;
    try {
      const r = await api("/api/players", {game: g.key, options: chosen(),
                                            ruleset: form.querySelector("#ruleset")?.value || null});
      if (r.players !== seats.querySelectorAll(".seat").length) drawSeats(r.players);
    } catch (e) { alert(e.message); }
  });
  form.append(el("button", {id: "start", type: "submit"}, "Start"));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const options = chosen();
    const ruleset = form.querySelector("#ruleset")?.value || null;
    const seatSpecs = [...seats.querySelectorAll(".seat")].map((row) => ({
      kind: row.querySelector(".kind").value, settings: row.querySelector(".settings").value}));
    await startGame(g.key, options, ruleset, seatSpecs);
  });
  d.append(form);
}

// -- play ----------------------------------------------------------------------------
let ROOM = null, VIEW = null, PICK = [], POLLING = false;

async function startGame(key, options, ruleset, seats) {
  $("play-error").textContent = "";
  try {
    const v = await api("/api/play", {game: key, options, ruleset, seats});
    ROOM = v.id;
    show("play");
    render(v);
  } catch (e) { alert(e.message); }
}

function render(v) {
  VIEW = v;
  PICK = [];
  $("play-title").textContent = v.game;
  $("board").innerHTML = v.svg;
  const who = v.seats[v.mover - 1];
  $("status").textContent = v.over ? `Game over: ${v.result}` :
    `P${v.mover} to move` + (v.human_turn ? " (you)" : ` (${who.split(":")[0]})`);
  const seatList = $("seat-list");
  seatList.innerHTML = "";
  v.seats.forEach((spec, i) => {
    const li = el("li", {class: !v.over && v.mover === i + 1 ? "to-move" : "", title: spec},
                  el("span", {class: "swatch", style: `background:${v.colours[i]}`}),
                  `P${i + 1}: ${spec === "human" ? "person" : spec.split(":")[0]}`);
    seatList.append(li);
  });
  $("thinking").classList.toggle("hidden", !v.thinking);
  $("undo").disabled = !v.can_undo;
  $("draw").disabled = !v.human_turn;
  $("resign").disabled = v.over;
  $("play-error").textContent = v.error || "";
  const dl = $("download");
  dl.classList.toggle("hidden", !v.over);
  dl.href = `/api/play/${ROOM}/record`;
  const hist = $("history");
  hist.innerHTML = "";
  for (const h of v.history) hist.append(el("li", {}, `P${h.player} ${h.text}`));
  hist.scrollTop = hist.scrollHeight;
  const msgs = $("messages");
  msgs.innerHTML = "";
  for (const m of v.messages) msgs.append(el("li", {}, m));
  $("chooser").innerHTML = "";
  markTargets();
  if (!v.over && !v.human_turn) poll();
}

async function poll() {
  if (POLLING) return;
  POLLING = true;
  const room = ROOM, since = VIEW.version;
  try {
    while (room === ROOM) {
      await sleep(250);
      const v = await api(`/api/play/${room}`);
      if (room !== ROOM) break;
      if (v.version !== since || v.error || v.thinking !== VIEW.thinking) {
        POLLING = false;
        render(v);
        return;
      }
    }
  } catch (e) { $("play-error").textContent = e.message; }
  POLLING = false;
}

// moves whose site sequence starts with what was clicked so far
function candidates() {
  return VIEW.moves.filter((m) => PICK.every((s, i) => m.sites[i] === s));
}

function markTargets() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  for (const e of svg.querySelectorAll(".target-mark")) e.remove();
  if (!VIEW.human_turn) return;
  const next = new Set();
  for (const m of candidates()) if (m.sites.length > PICK.length) next.add(m.sites[PICK.length]);
  const ns = "http://www.w3.org/2000/svg";
  const mark = (site, cls) => {
    const shape = svg.querySelector(`.site[data-site="${site}"]`);
    if (!shape) return;
    const b = shape.getBBox();
    const c = document.createElementNS(ns, "circle");
    c.setAttribute("cx", b.x + b.width / 2); c.setAttribute("cy", b.y + b.height / 2);
    c.setAttribute("r", cls === "picked" ? 21 : 8);
    c.setAttribute("class", `target-mark ${cls}`);
    c.setAttribute("data-site", site);
    c.setAttribute("pointer-events", "none");
    if (cls === "picked") { c.setAttribute("fill", "none"); c.setAttribute("stroke", "#2e9b4f"); c.setAttribute("stroke-width", "3.5"); }
    else if (cls === "start") { c.setAttribute("r", 5); c.setAttribute("fill", "#2e9b4f"); c.setAttribute("fill-opacity", "0.3"); }
    else { c.setAttribute("fill", "#2e9b4f"); c.setAttribute("fill-opacity", "0.6"); }
    svg.append(c);
  };
  // before a click, faint dots where a move can start; then the chosen sites ringed and
  // where the move can go on marked
  for (const s of PICK) mark(s, "picked");
  for (const s of next) mark(s, PICK.length ? "legal" : "start");
  svg.dataset.targets = [...next].join(" ");
}

function choose(moves) {
  const box = $("chooser");
  box.innerHTML = "";
  box.append(el("span", {class: "muted"}, "Which move? "));
  for (const m of moves) box.append(el("button", {class: "choice", onclick: () => sendMove(m.text)}, m.text));
  box.append(el("button", {onclick: () => { PICK = []; box.innerHTML = ""; markTargets(); }}, "cancel"));
}

function clickSite(site) {
  if (!VIEW || !VIEW.human_turn) return;
  let cands = candidates().filter((m) => m.sites[PICK.length] === site);
  if (!cands.length) {           // start again from this site
    PICK = [];
    cands = VIEW.moves.filter((m) => m.sites[0] === site);
    if (!cands.length) { markTargets(); return; }
  }
  PICK.push(site);
  const exact = cands.filter((m) => m.sites.length === PICK.length);
  const longer = cands.filter((m) => m.sites.length > PICK.length);
  $("chooser").innerHTML = "";
  if (exact.length === 1 && !longer.length) return sendMove(exact[0].text);
  if (exact.length > 1 && !longer.length) choose(exact);
  else if (exact.length && longer.length) choose(exact);
  markTargets();
}

$("board").addEventListener("click", (ev) => {
  const t = ev.target.closest("[data-site]");
  if (t) clickSite(Number(t.dataset.site));
});

async function sendMove(text) {
  try { render(await api(`/api/play/${ROOM}/move`, {move: text})); }
  catch (e) { $("play-error").textContent = e.message; }
}
$("move-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const t = $("move-text").value.trim();
  if (t) { sendMove(t); $("move-text").value = ""; }
});
const action = (name, body = {}) => async () => {
  try { render(await api(`/api/play/${ROOM}/${name}`, body)); }
  catch (e) { $("play-error").textContent = e.message; }
};
$("undo").addEventListener("click", action("undo"));
$("resign").addEventListener("click", () => { if (confirm("Resign this game?")) action("resign")(); });
$("draw").addEventListener("click", () => {
  const people = VIEW.seats.filter((s) => s === "human").length;
  const accept = people > 1 ? confirm("Does the other player accept the draw?") : false;
  action("draw", {accept})();
});

// -- edit -----------------------------------------------------------------------------
let EDIT_TIMER = null, EDIT_SEQ = 0, EDITED = null;
function gutter(bad) {
  const n = $("source").value.split("\n").length;
  const g = $("gutter");
  g.innerHTML = "";
  for (let i = 1; i <= n; i++) g.append(el("span", {class: bad.has(i) ? "bad" : "", "data-line": i}, `${i}\n`));
  g.scrollTop = $("source").scrollTop;
}
$("source").addEventListener("scroll", () => { $("gutter").scrollTop = $("source").scrollTop; });
$("source").addEventListener("input", () => {
  $("edit-state").textContent = "editing...";
  gutter(new Set());
  clearTimeout(EDIT_TIMER);
  EDIT_TIMER = setTimeout(checkSource, 400);
});
async function checkSource() {
  const seq = ++EDIT_SEQ;
  $("edit-state").textContent = "checking...";
  let r;
  try { r = await api("/api/check", {text: $("source").value}); }
  catch (e) { r = {ok: false, diagnostics: [{message: e.message, line: null}]}; }
  if (seq !== EDIT_SEQ) return;             // a newer check is on its way
  const list = $("diagnostics");
  list.innerHTML = "";
  const bad = new Set();
  for (const d of r.diagnostics || []) {
    if (d.line) bad.add(d.line);
    const where = d.line ? `line ${d.line}, column ${d.col}: ` : (d.where ? `${d.where}: ` : "");
    const li = el("li", {class: d.severity || "error", "data-line": d.line || ""},
                  `${where}${d.severity || "error"}: ${d.message}` + (d.hint ? `  (${d.hint})` : ""));
    if (d.line) li.addEventListener("click", () => goToLine(d.line));
    list.append(li);
  }
  gutter(bad);
  EDITED = r.ok ? r : null;
  $("play-edited").disabled = !r.ok;
  $("edit-state").textContent = r.ok ? `ok: ${r.name}, ${r.players} players, ${r.moves} first moves` :
    `${(r.diagnostics || []).length} problem(s)`;
  if (r.ok) { $("edit-title").textContent = r.name; $("edit-board").innerHTML = r.svg; }
}
function goToLine(n) {
  const ta = $("source");
  const lines = ta.value.split("\n");
  const start = lines.slice(0, n - 1).reduce((a, l) => a + l.length + 1, 0);
  ta.focus();
  ta.setSelectionRange(start, start + (lines[n - 1] || "").length);
  ta.scrollTop = Math.max(0, (n - 5) * 18);
}
$("edit-load").addEventListener("click", async () => {
  const r = await api(`/api/source?game=${encodeURIComponent($("edit-from").value)}`);
  $("source").value = r.text;
  gutter(new Set());
  checkSource();
});
$("play-edited").addEventListener("click", () => {
  if (!EDITED) return;
  const seats = [{kind: "human"}];
  for (let p = 2; p <= EDITED.players; p++) seats.push({kind: "random"});
  startGame(EDITED.game, [], null, seats);
});

// -- analyse --------------------------------------------------------------------------
const pct = (x) => (x === null || x === undefined) ? "-" : `${(100 * x).toFixed(1)}%`;
const num = (x, d = 1) => (x === null || x === undefined) ? "-" : Number(x).toFixed(d);
function table(head, rows) {
  const t = el("table", {class: "report"});
  t.append(el("tr", {}, ...head.map((h) => el("th", {}, h))));
  for (const r of rows) t.append(el("tr", {}, ...r.map((c) => el("td", {}, String(c)))));
  return t;
}
function showReport(rep) {
  const box = $("sim-report");
  box.innerHTML = "";
  box.append(el("h3", {}, `${rep.game}: ${rep.games} games`));
  const ci = (r) => `${pct(r.ci95[0])} - ${pct(r.ci95[1])}`;
  box.append(table(["seat", "agent", "wins", "95% interval", "draws", "losses"],
    rep.seats.map((s) => [`P${s.seat}`, s.agent, pct(s.win.rate), ci(s.win), pct(s.draw.rate), pct(s.loss.rate)])));
  box.append(table(["", "value"], [
    ["draw rate", pct(rep.draw_rate.rate)],
    ["first mover wins (decisive games)", pct(rep.first_mover.rate)],
    ["length: mean", num(rep.length.mean)], ["length: median", num(rep.length.median)],
    ["length: min - max", `${rep.length.min} - ${rep.length.max}`],
    ["branching (mean legal moves)", num(rep.branching.mean)],
    ["seconds per game", num(rep.seconds_per_game.mean, 3)],
  ]));
}
$("sim-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("sim-error").textContent = "";
  $("sim-report").innerHTML = "";
  $("sim-charts").innerHTML = "";
  const n = Number($("sim-n").value);
  const agents = $("sim-agents").value.trim().split(/\s+/);
  let job;
  const options = $("sim-options").value.split(";").map((o) => o.trim()).filter((o) => o);
  try { job = (await api("/api/simulate", {game: $("sim-game").value, n, agents, options})).id; }
  catch (e) { $("sim-error").textContent = e.message; return; }
  $("sim-run").disabled = true;
  const bar = $("sim-progress");
  bar.classList.remove("hidden");
  for (;;) {
    const v = await api(`/api/simulate/${job}`);
    bar.max = v.total; bar.value = v.finished;
    $("sim-count").textContent = `${v.finished} / ${v.total} games`;
    if (v.done) {
      $("sim-run").disabled = false;
      if (v.error) { $("sim-error").textContent = v.error; return; }
      showReport(v.report);
      for (const c of v.charts) $("sim-charts").append(el("div", {class: "chart", "data-chart": c.name}));
      const boxes = $("sim-charts").querySelectorAll(".chart");
      v.charts.forEach((c, i) => { boxes[i].innerHTML = c.svg; });
      return;
    }
    await sleep(300);
  }
});

loadGames().catch((e) => { $("game-detail").textContent = e.message; });
