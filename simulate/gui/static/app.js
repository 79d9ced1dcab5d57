// pokerlab gui: the page. Every number comes from the JSON API (POST /api/<command>, the jobs under /api/jobs),
// which answers what `pokerlab <command> --json` prints; this script only gathers the inputs and draws the answers.
"use strict";

const TOKEN = document.body.dataset.token;
// One page, one job at a time: the server refuses a second job of the same page.
const PAGE = Math.random().toString(36).slice(2) + Date.now().toString(36);
const RANKS = "AKQJT98765432";
const SUITS = "shdc";
const SUIT_SYMBOLS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };

const $ = (id) => document.getElementById(id);

// A job's requests name the page (one long job at a time per page); a quick command's do not, so that reading a
// range while another read is on its way is not refused.
function headers(ofPage = true) {
  const sent = { "Content-Type": "application/json", "X-Pokerlab-Token": TOKEN };
  if (ofPage) sent["X-Pokerlab-Page"] = PAGE;
  return sent;
}

function showError(line) {
  const box = $("error");
  box.textContent = line || "";
  box.hidden = !line;
}

async function answerOf(response) {
  let data;
  try {
    data = await response.json();
  } catch (e) {
    throw new Error(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

// A quick command: its --json object, or an Error carrying the command's one-line error.
async function api(command, body) {
  const response = await fetch(`/api/${command}`, { method: "POST", headers: headers(false), body: JSON.stringify(body) });
  return answerOf(response);
}

// A long command as a job: progress(fraction or null) while it runs; stop() returned through onStart; onDone(view)
// sees the finished job's whole state (a solve's saved solution id).
async function runJob(command, body, progress, onStart, onDone) {
  const started = await answerOf(
    await fetch(`/api/jobs/${command}`, { method: "POST", headers: headers(), body: JSON.stringify(body) }),
  );
  const url = `/api/jobs/${started.id}`;
  if (onStart) onStart(() => fetch(url, { method: "DELETE", headers: headers() }));
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const view = await answerOf(await fetch(url, { headers: headers() }));
    if (view.state === "running") {
      progress(view.progress);
      continue;
    }
    if (view.state === "done") {
      if (onDone) onDone(view);
      return view.result;
    }
    throw new Error(view.error);
  }
}

function pct(x, digits = 3) {
  return (100 * x).toFixed(digits);
}

// Clicking a column's header sorts the rows by it (numbers as numbers), again to reverse.
function makeSortable(table) {
  table.querySelectorAll("th").forEach((th, column) => {
    th.tabIndex = 0;
    th.setAttribute("aria-sort", "none");
    const sort = () => {
      const up = th.getAttribute("aria-sort") !== "ascending";
      table.querySelectorAll("th").forEach((other) => other.setAttribute("aria-sort", "none"));
      th.setAttribute("aria-sort", up ? "ascending" : "descending");
      const body = table.querySelector("tbody");
      const key = (row) => {
        const text = row.cells[column].textContent;
        const number = Number(text);
        return text !== "" && !Number.isNaN(number) ? number : text;
      };
      const rows = [...body.rows].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
        return up ? order : -order;
      });
      body.append(...rows);
    };
    onActivate(th, sort);
  });
}

// A click, or Enter or Space on the focused element (headings and rows are keyboard targets too).
function onActivate(element, action) {
  element.addEventListener("click", action);
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  });
}

function newTable(headings, rows) {
  const table = document.createElement("table");
  table.className = "results";
  const head = table.createTHead().insertRow();
  for (const heading of headings) {
    const th = document.createElement("th");
    th.textContent = heading;
    head.appendChild(th);
  }
  table.createTBody();
  fillTable(table, rows);
  makeSortable(table);
  return table;
}

function fillTable(table, rows) {
  const body = table.querySelector("tbody");
  body.replaceChildren();
  for (const row of rows) {
    const tr = document.createElement("tr");
    for (const cell of row) {
      const td = document.createElement("td");
      td.textContent = cell;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  table.hidden = false;
  return body;
}

// ---- views ----

function showView(name) {
  for (const tab of document.querySelectorAll("[role=tab]")) {
    const on = tab.dataset.view === name;
    tab.setAttribute("aria-selected", on ? "true" : "false");
    $(`view-${tab.dataset.view}`).hidden = !on;
  }
}

for (const tab of document.querySelectorAll("[role=tab]")) {
  tab.addEventListener("click", () => {
    if (tab.dataset.view === "range") rangeTarget(null);
    showView(tab.dataset.view);
  });
}

// ---- the 13x13 grid ----

// The class of row i, column j: pairs on the diagonal, suited above it, offsuit below.
function cellClass(i, j) {
  if (i === j) return RANKS[i] + RANKS[i];
  return i < j ? RANKS[i] + RANKS[j] + "s" : RANKS[j] + RANKS[i] + "o";
}

function classCombos(name) {
  return name.length === 2 ? 6 : name[2] === "s" ? 4 : 12;
}

function comboClass(combo) {
  const a = RANKS.indexOf(combo[0]);
  const b = RANKS.indexOf(combo[2]);
  if (a === b) return combo[0] + combo[2];
  const [hi, lo] = a < b ? [combo[0], combo[2]] : [combo[2], combo[0]];
  return hi + lo + (combo[1] === combo[3] ? "s" : "o");
}

function buildGrid(container, onCell) {
  container.replaceChildren();
  const cells = {};
  for (let i = 0; i < 13; i++) {
    for (let j = 0; j < 13; j++) {
      const name = cellClass(i, j);
      const cell = document.createElement(onCell ? "button" : "div");
      if (onCell) cell.type = "button";
      cell.className = "cell " + (i === j ? "pair" : i < j ? "suited" : "offsuit");
      cell.dataset.hand = name;
      cell.textContent = name;
      container.appendChild(cell);
      cells[name] = cell;
    }
  }
  return cells;
}

// ---- the range editor ----

const range = {
  weights: new Map(), // class -> weight in (0, 1]: its share of the class's combos when some are left out
  combos: new Map(), // class -> [[combo, weight], ...] when the text named single combos of it (AsKs, KsKh:0.5)
  cells: null,
  target: null, // the input the range goes back to, or null
  ranking: null, // classes best first, for "top x %"
  painting: null, // while dragging: the weight being painted (0 clears)
  suits: null, // the class whose combos are open, or null
  reads: 0, // text-to-grid reads asked for: only the last one's answer is drawn
};

function drawRange() {
  let combos = 0;
  for (const [name, cell] of Object.entries(range.cells)) {
    const w = range.weights.get(name) || 0;
    cell.classList.toggle("on", w > 0);
    cell.classList.toggle("mixed", range.combos.has(name));
    cell.style.setProperty("--w", String(w));
    cell.setAttribute("aria-pressed", w > 0 ? "true" : "false");
    cell.title = w > 0 ? `${name}: ${Math.round(w * 1000) / 10} %` : name;
    combos += classCombos(name) * w;
  }
  const shown = Math.round(combos * 100) / 100;
  $("range-count").textContent = `${shown} combos, ${pct(combos / 1326, 2)} % of 1326`;
}

function setCell(name, weight) {
  range.combos.delete(name); // painted: the whole class at one weight
  if (weight > 0) range.weights.set(name, weight);
  else range.weights.delete(name);
}

function newCellWeight() {
  const w = Number($("range-weight").value) / 100;
  return w > 0 && w <= 1 ? w : 1;
}

function rangeChanged() {
  drawRange();
  $("range-text").value = gridText(range.weights);
  if (range.suits) drawSuits();
}

// ---- a class's suits: each combo of it with its own weight ----

// A combo's label as pokerlab writes it: the higher card first, suits in the order s, h, d, c at equal ranks.
function comboLabel(a, b) {
  const key = (c) => RANKS.indexOf(c[0]) * 4 + SUITS.indexOf(c[1]);
  return key(a) <= key(b) ? a + b : b + a;
}

// The combos of a class (6 for a pair, 4 suited, 12 offsuit), in pokerlab's order.
function suitCombos(name) {
  const [hi, lo] = [name[0], name[1]];
  const out = [];
  for (let x = 0; x < 4; x++) {
    for (let y = 0; y < 4; y++) {
      const wanted = name.length === 2 ? x < y : name[2] === "s" ? x === y : x !== y;
      if (wanted) out.push(comboLabel(hi + SUITS[x], lo + SUITS[y]));
    }
  }
  return out;
}

// Each combo's weight in the class: its own when the class has combos of their own weights, else the class's.
function suitWeights(name) {
  const own = range.combos.get(name);
  const weights = new Map(suitCombos(name).map((c) => [c, own ? 0 : range.weights.get(name) || 0]));
  if (own) for (const [combo, w] of own) weights.set(comboLabel(combo.slice(0, 2), combo.slice(2)), w);
  return weights;
}

// The class from its combos' weights: one weight for the class when they are all equal, else each its own.
function setSuitWeights(name, weights) {
  const values = [...weights.values()];
  if (values.every((w) => w === values[0])) {
    setCell(name, values[0]);
    return;
  }
  range.weights.set(name, values.reduce((a, b) => a + b, 0) / values.length);
  range.combos.set(name, [...weights].filter(([, w]) => w > 0));
}

function opensSuits(event) {
  return event.shiftKey || document.querySelector("input[name=range-click]:checked").value === "suits";
}

function openSuits(name) {
  range.suits = name;
  $("range-suits").hidden = false;
  drawSuits();
  $("range-suits-list").querySelector("input").focus();
}

function drawSuits() {
  const name = range.suits;
  const weights = suitWeights(name);
  $("range-suits-title").textContent = `${name}: ${weights.size} combos, weight % each`;
  const list = $("range-suits-list");
  list.replaceChildren();
  for (const [combo, w] of weights) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "number";
    input.min = "0";
    input.max = "100";
    input.value = String(Math.round(w * 10000) / 100);
    input.dataset.combo = combo;
    input.addEventListener("change", () => {
      const value = Number(input.value);
      if (input.value === "" || !(value >= 0 && value <= 100)) {
        showError(`a combo's weight is a percentage from 0 to 100, got ${JSON.stringify(input.value)}`);
        return;
      }
      showError("");
      const now = suitWeights(name);
      now.set(combo, value / 100);
      setSuitWeights(name, now);
      drawRange();
      $("range-text").value = gridText(range.weights);
    });
    label.append(`${combo} `, input);
    list.appendChild(label);
  }
}

function setAllSuits(weight) {
  const name = range.suits;
  if (!name) return;
  setCell(name, weight);
  rangeChanged();
}

function startPaint(name) {
  range.painting = range.weights.has(name) ? 0 : newCellWeight();
  setCell(name, range.painting);
  rangeChanged();
}

function initRangeGrid() {
  range.cells = buildGrid($("range-grid"), true);
  for (const [name, cell] of Object.entries(range.cells)) {
    cell.addEventListener("mousedown", (event) => {
      event.preventDefault();
      if (opensSuits(event)) openSuits(name);
      else startPaint(name);
    });
    cell.addEventListener("mouseenter", () => {
      if (range.painting === null) return;
      setCell(name, range.painting);
      rangeChanged();
    });
    // Keyboard (Enter, Space): a click without a mouse press.
    cell.addEventListener("click", (event) => {
      if (event.detail !== 0) return;
      if (opensSuits(event)) {
        openSuits(name);
        return;
      }
      startPaint(name);
      range.painting = null;
    });
  }
  document.addEventListener("mouseup", () => {
    range.painting = null;
  });
  drawRange();
  $("range-suits-all").addEventListener("click", () => setAllSuits(newCellWeight()));
  $("range-suits-none").addEventListener("click", () => setAllSuits(0));
  $("range-suits-close").addEventListener("click", () => {
    const name = range.suits;
    range.suits = null;
    $("range-suits").hidden = true;
    if (name) range.cells[name].focus();
  });
}

// The grid as pokerlab's range text: runs written AA-QQ / QQ+ / ATs+ / A9s-A6s, weights as :0.5.
function gridText(weights) {
  const items = [];
  const suffix = (w) => (w >= 1 ? "" : `:${Math.round(w * 10000) / 10000}`);
  const whole = (name) => (range.combos.has(name) ? 0 : weights.get(name) || 0);
  const runs = (names) => {
    // names: classes in order, best first; consecutive ones of one weight make one run
    const out = [];
    let k = 0;
    while (k < names.length) {
      const w = whole(names[k]);
      let end = k;
      while (end + 1 < names.length && whole(names[end + 1]) === w) end++;
      if (w > 0) out.push({ from: k, to: end, w });
      k = end + 1;
    }
    return out;
  };
  const pairs = [...RANKS].map((r) => r + r);
  for (const run of runs(pairs)) {
    const [a, b] = [pairs[run.from], pairs[run.to]];
    const text = run.from === run.to ? a : run.from === 0 ? `${b}+` : `${a}-${b}`;
    items.push(text + suffix(run.w));
  }
  for (let i = 0; i < 12; i++) {
    for (const kind of ["s", "o"]) {
      const names = [];
      for (let j = i + 1; j < 13; j++) names.push(RANKS[i] + RANKS[j] + kind);
      for (const run of runs(names)) {
        const [a, b] = [names[run.from], names[run.to]];
        const text = run.from === run.to ? a : run.from === 0 ? `${b}+` : `${a}-${b}`;
        items.push(text + suffix(run.w));
      }
    }
  }
  for (const [name, combos] of range.combos) {
    if (weights.has(name)) items.push(...combos.map(([combo, w]) => combo + suffix(w)));
  }
  return items.join(",");
}

// Text to grid: the server expands the text (pokerlab's parser, the one source of truth); each cell's weight is
// its class's weight over the class's combos.
async function readRangeText() {
  const text = $("range-text").value.trim();
  const asked = ++range.reads;
  const data = text ? await api("range", { text }) : null;
  if (asked !== range.reads) return; // a later read is on its way: its text is the one to show
  range.weights.clear();
  range.combos.clear();
  if (data) {
    const byClass = new Map();
    for (const item of data.list) {
      const name = comboClass(item.combo);
      if (!byClass.has(name)) byClass.set(name, []);
      byClass.get(name).push([item.combo, item.weight]);
    }
    for (const [name, combos] of byClass) {
      const sum = combos.reduce((total, [, w]) => total + w, 0);
      const sameWeight = combos.every(([, w]) => w === combos[0][1]);
      if (combos.length === classCombos(name) && sameWeight) {
        setCell(name, combos[0][1]);
      } else {
        setCell(name, sum / classCombos(name));
        range.combos.set(name, combos);
      }
    }
  }
  drawRange();
  if (range.suits) drawSuits();
}

async function loadRanking() {
  if (range.ranking) return range.ranking;
  const response = await fetch("/api/ranking", { headers: headers() });
  range.ranking = (await answerOf(response)).classes.map((row) => row.hand);
  return range.ranking;
}

// The best classes covering `percent` % of the 1,326 hands; a class is taken when half of it fits.
function topClasses(order, percent) {
  const limit = (1326 * percent) / 100;
  const chosen = [];
  let covered = 0;
  for (const name of order) {
    const size = classCombos(name);
    if (covered + size / 2 > limit + 1e-9) break;
    chosen.push(name);
    covered += size;
  }
  return chosen;
}

async function applyTop() {
  const percent = Number($("range-top").value);
  $("range-top-value").textContent = `${percent} %`;
  const order = await loadRanking();
  range.weights.clear();
  range.combos.clear();
  for (const name of topClasses(order, percent)) range.weights.set(name, 1);
  rangeChanged();
}

function rangeTarget(input) {
  range.target = input;
  $("range-apply").hidden = !input;
  $("range-target").textContent = input ? `for ${input.getAttribute("aria-label")}` : "";
}

async function editRange(input) {
  rangeTarget(input);
  $("range-text").value = input.value;
  showView("range");
  try {
    showError("");
    await readRangeText();
  } catch (e) {
    showError(e.message);
  }
}

function initRangeEditor() {
  initRangeGrid();
  $("range-clear").addEventListener("click", () => {
    range.weights.clear();
    range.combos.clear();
    rangeChanged();
  });
  $("range-top").addEventListener("input", () => guarded(applyTop));
  $("range-read").addEventListener("click", () => guarded(readRangeText));
  $("range-apply").addEventListener("click", () => {
    if (!range.target) return;
    range.target.value = $("range-text").value;
    const back = range.target;
    rangeTarget(null);
    showView("equity");
    back.focus();
  });
}

// ---- the card picker ----

function toggleCard(input, card) {
  const cards = (input.value.replace(/\s+/g, "").match(/../g) || []).filter((c) => c.length === 2);
  const at = cards.findIndex((c) => c.toLowerCase() === card.toLowerCase());
  if (at >= 0) cards.splice(at, 1);
  else cards.push(card);
  input.value = cards.join("");
}

// One card of a card picker: a button labelled with the card's rank and suit symbol.
function cardButton(rank, suit) {
  const card = rank + suit;
  const button = document.createElement("button");
  button.type = "button";
  button.className = `card suit-${suit}`;
  button.dataset.card = card;
  button.textContent = rank + SUIT_SYMBOLS[suit];
  button.setAttribute("aria-label", card);
  return button;
}

function initCardGrid() {
  const grid = $("card-grid");
  for (const suit of SUITS) {
    for (const rank of RANKS) {
      const card = rank + suit;
      const button = cardButton(rank, suit);
      button.addEventListener("click", () => {
        const target = document.querySelector("input[name=card-target]:checked").value;
        toggleCard($(target), card);
        markCards();
      });
      grid.appendChild(button);
    }
  }
  for (const id of ["equity-board", "equity-dead"]) $(id).addEventListener("input", markCards);
}

function markCards() {
  const used = new Map();
  for (const [id, kind] of [["equity-board", "board"], ["equity-dead", "dead"]]) {
    for (const c of $(id).value.replace(/\s+/g, "").match(/../g) || []) used.set(c.toLowerCase(), kind);
  }
  for (const button of $("card-grid").children) {
    const kind = used.get(button.dataset.card.toLowerCase());
    button.classList.toggle("board", kind === "board");
    button.classList.toggle("dead", kind === "dead");
    button.setAttribute("aria-pressed", kind ? "true" : "false");
  }
}

// ---- equity ----

function addPlayer(value = "") {
  const list = $("players");
  if (list.children.length >= 10) return;
  const n = list.children.length + 1;
  const row = document.createElement("p");
  row.className = "row player";
  const input = document.createElement("input");
  input.id = `player-${n}`;
  input.size = 40;
  input.autocomplete = "off";
  input.value = value;
  input.setAttribute("aria-label", `player ${n}`);
  const label = document.createElement("label");
  label.htmlFor = input.id;
  label.textContent = `Player ${n}`;
  const edit = document.createElement("button");
  edit.type = "button";
  edit.textContent = "grid";
  edit.setAttribute("aria-label", `edit player ${n} on the grid`);
  edit.addEventListener("click", () => editRange(input));
  row.append(label, input, edit);
  list.appendChild(row);
}

function equityBody() {
  const players = [...document.querySelectorAll("#players input")].map((i) => i.value.trim());
  const body = { players, method: $("equity-method").value };
  const board = $("equity-board").value.trim();
  const dead = $("equity-dead").value.trim();
  const stderr = $("equity-stderr").value.trim();
  const detail = $("equity-detail").value;
  if (detail) body[detail] = true;
  if (board) body.board = board;
  if (dead) body.dead = dead;
  if (stderr) body.stderr = Number(stderr);
  return body;
}

function running(prefix, on) {
  $(`${prefix}-run`).disabled = on;
  $(`${prefix}-stop`).disabled = !on;
  $(`${prefix}-progress`).hidden = !on;
}

function showProgress(bar, fraction) {
  if (fraction === null || fraction === undefined) bar.removeAttribute("value");
  else bar.value = fraction;
}

async function runEquity() {
  showError("");
  $("equity-status").textContent = "running";
  $("equity-table").hidden = true;
  $("equity-footer").textContent = "";
  $("equity-detail-out").hidden = true;
  const bar = $("equity-progress");
  bar.value = 0;
  running("equity", true);
  let stop = null;
  $("equity-stop").onclick = () => stop && stop();
  try {
    const result = await runJob("equity", equityBody(), (f) => showProgress(bar, f), (s) => (stop = s));
    if (result.rows) {
      drawBreakdown(result);
    } else {
      const rows = result.players.map((p, k) => [k + 1, p.hand, p.combos, pct(p.win), pct(p.tie), pct(p.equity)]);
      fillTable($("equity-table"), rows);
      if (result.players[0].list) drawByCombo(result);
    }
    const how = result.method === "exact" || !result.method
      ? `exact: ${Number(result.boards).toLocaleString("en")} boards`
      : `Monte Carlo: ${Number(result.trials).toLocaleString("en")} trials, standard error ${pct(result.stderr)} %, seed ${result.seed}`;
    $("equity-footer").textContent = how;
    $("equity-status").textContent = "done";
  } catch (e) {
    showError(e.message);
    $("equity-status").textContent = e.message.startsWith("stopped") ? "stopped" : "failed";
  } finally {
    running("equity", false);
  }
}

// The heat map: each class coloured by an equity (0..1), red to green; classes without one stay grey.
function heatMap(title, equities) {
  $("equity-heat-title").textContent = title;
  const cells = buildGrid($("equity-heat"), false);
  for (const [name, equity] of equities) {
    const cell = cells[name];
    cell.classList.add("on");
    cell.style.setProperty("--hue", String(Math.round(120 * equity)));
    cell.textContent = `${name} ${Math.round(equity * 100)}`;
    cell.title = `${name}: equity ${pct(equity, 2)} %`;
  }
}

function drawBreakdown(result) {
  fillTable($("equity-table"), [
    [1, result.hand, 1, pct(result.win), pct(result.tie), pct(result.equity)],
    [2, result.range, result.combos, pct(1 - result.win - result.tie), pct(result.tie), pct(1 - result.equity)],
  ]);
  const rows = result.rows.map((r) => [r.class, r.combos, pct(r.share, 2), pct(r.win), pct(r.tie), pct(r.equity)]);
  const tables = $("equity-detail-tables");
  tables.replaceChildren(newTable(["class", "combos", "share %", "win %", "tie %", "equity %"], rows));
  heatMap(`${result.hand}'s equity against each class`, result.rows.map((r) => [r.class, r.equity]));
  $("equity-detail-out").hidden = false;
}

function drawByCombo(result) {
  const tables = $("equity-detail-tables");
  tables.replaceChildren();
  result.players.forEach((p, k) => {
    const title = document.createElement("h3");
    title.textContent = `Player ${k + 1}: ${p.hand}`;
    const rows = p.list.map((c) => [c.combo, c.weight, pct(c.win), pct(c.tie), pct(c.equity)]);
    tables.append(title, newTable(["combo", "weight", "win %", "tie %", "equity %"], rows));
  });
  // Player 1's classes, each the weighted mean equity of its combos.
  const sums = new Map();
  for (const c of result.players[0].list) {
    const name = comboClass(c.combo);
    const [w, e] = sums.get(name) || [0, 0];
    sums.set(name, [w + c.weight, e + c.weight * c.equity]);
  }
  heatMap(`Player 1's equity by class`, [...sums].map(([name, [w, e]]) => [name, w > 0 ? e / w : 0]));
  $("equity-detail-out").hidden = false;
}

// ---- saved ranges ----

async function rangesRequest(method, name, body) {
  const path = name === undefined ? "/api/ranges" : `/api/ranges/${encodeURIComponent(name)}`;
  const options = { method, headers: headers() };
  if (body) options.body = JSON.stringify(body);
  const data = await answerOf(await fetch(path, options));
  const select = $("range-saved");
  select.replaceChildren();
  for (const saved of Object.keys(data.ranges)) {
    const option = document.createElement("option");
    option.value = option.textContent = saved;
    select.appendChild(option);
  }
  $("range-file").textContent = `saved in ${data.path}`;
  return data.ranges;
}

async function loadSaved() {
  const ranges = await rangesRequest("GET");
  const name = $("range-saved").value;
  if (!name) return;
  $("range-text").value = ranges[name];
  $("range-name").value = name;
  await readRangeText();
}

async function exportRanges() {
  const ranges = await rangesRequest("GET");
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([JSON.stringify(ranges, null, 2)], { type: "application/json" }));
  link.download = "pokerlab-ranges.json";
  link.click();
  URL.revokeObjectURL(link.href);
}

async function importRanges() {
  const file = $("range-import").files[0];
  if (!file) return;
  const ranges = JSON.parse(await file.text());
  for (const [name, text] of Object.entries(ranges)) await rangesRequest("PUT", name, { text: String(text) });
}

function initSavedRanges() {
  $("range-save").addEventListener("click", () =>
    guarded(() => rangesRequest("PUT", $("range-name").value.trim(), { text: $("range-text").value.trim() })),
  );
  $("range-load").addEventListener("click", () => guarded(loadSaved));
  $("range-delete").addEventListener("click", () => guarded(() => rangesRequest("DELETE", $("range-saved").value)));
  $("range-export").addEventListener("click", () => guarded(exportRanges));
  $("range-import").addEventListener("change", () => guarded(importRanges));
  guarded(() => rangesRequest("GET"));
}

// ---- hits, draw, icm, push or fold, solver ----

async function guarded(work) {
  showError("");
  try {
    await work();
  } catch (e) {
    showError(e.message);
  }
}

async function runHits() {
  const body = { range: $("hits-range").value.trim() };
  const board = $("hits-board").value.trim();
  if (board) body.board = board;
  const data = await api("hits", body);
  const rows = data.rows.map((r) => [
    r.category, r.group, Math.round(r.combos * 100) / 100, pct(r.share, 2), r.at_least === undefined || r.at_least === null ? "" : pct(r.at_least, 2),
  ]);
  const combos = board ? (await api("hit-combos", body)).combos : null;
  const body2 = fillTable($("hits-table"), rows); // shown once its rows can be clicked
  showHits(combos, null);
  [...body2.rows].forEach((tr, k) => {
    const category = data.rows[k].category;
    tr.tabIndex = 0;
    const pick = () => {
      for (const other of body2.rows) other.classList.toggle("picked", other === tr);
      showHits(combos, category);
    };
    onActivate(tr, pick);
  });
}

// The hits grid: each class's share (by weight) of its range combos in `category` (all of them when null).
function showHits(combos, category) {
  const cells = buildGrid($("hits-grid"), false);
  $("hits-grid-title").textContent = category ? `Combos making ${category}` : "The range";
  if (!combos) return;
  const totals = new Map();
  const hits = new Map();
  for (const c of combos) {
    const name = comboClass(c.combo);
    totals.set(name, (totals.get(name) || 0) + c.weight);
    if (!category || c.made === category || c.draws.includes(category)) {
      hits.set(name, (hits.get(name) || 0) + c.weight);
    }
  }
  for (const [name, hit] of hits) {
    if (hit <= 0) continue;
    const cell = cells[name];
    cell.classList.add("on");
    cell.style.setProperty("--w", String(hit / totals.get(name)));
    cell.title = `${name}: ${Math.round(hit * 100) / 100} of ${Math.round(totals.get(name) * 100) / 100} combos`;
  }
}

async function runDraw() {
  const body = { hand: $("draw-hand").value.trim(), rules: $("draw-rules").value };
  const discard = $("draw-discard").value.trim();
  if (discard) body.discard = discard;
  const data = await runJob("draw", body, () => {});
  const draws = Array.isArray(data) ? data : [data];
  const categories = Object.keys(draws[0].probabilities || {});
  const rows = draws.map((d) => [
    d.discard || "(stand pat)", d.keep ?? "", pct(d.improve, 2), d.score === undefined ? "" : d.score.toFixed(4),
    ...categories.map((c) => pct(d.probabilities[c], 2)),
  ]);
  const headings = ["discard", "keep", "improve %", "score", ...categories.map((c) => `${c} %`)];
  $("draw-out").replaceChildren(newTable(headings, rows));
}

async function runIcm() {
  const stacks = $("icm-stacks").value.trim().split(/[\s,]+/).filter(Boolean);
  const data = await api("icm", { stacks, payouts: $("icm-payouts").value.trim() });
  const rows = data.players.map((p) => [
    p.player, p.stack, pct(p.chips_share, 2), p.equity.toFixed(3), pct(p.pool_share, 2),
  ]);
  fillTable($("icm-table"), rows);
}

function colourChart(container, hands, key, top) {
  const cells = buildGrid(container, false);
  for (const h of hands) {
    const cell = cells[h.hand];
    const intervals = h[`${key}_intervals`] || [];
    const upTo = intervals.length ? Math.max(...intervals.map((iv) => iv[1])) : 0;
    cell.style.setProperty("--w", String(Math.min(1, upTo / top)));
    cell.classList.toggle("on", upTo > 0);
    cell.textContent = upTo > 0 ? `${h.hand} ${h[key]}` : h.hand;
    cell.title = `${h.hand}: ${h[key] || "never"}`;
  }
}

async function runPushfold() {
  const bar = $("pushfold-progress");
  bar.hidden = false;
  try {
    const body = { max_stack: Number($("pushfold-max").value), ante: Number($("pushfold-ante").value) };
    const data = await runJob("pushfold-chart", body, (f) => showProgress(bar, f));
    colourChart($("pushfold-push"), data.hands, "push", data.max_stack);
    colourChart($("pushfold-call"), data.hands, "call", data.max_stack);
  } finally {
    bar.hidden = true;
  }
}

async function runSolve() {
  const body = {
    board: $("solve-board").value.trim(), oop: $("solve-oop").value.trim(), ip: $("solve-ip").value.trim(),
    pot: Number($("solve-pot").value), stack: Number($("solve-stack").value), bet: $("solve-bet").value.trim(),
    max_iterations: Number($("solve-iterations").value),
  };
  running("solve", true);
  let stop = null;
  let solution = null;
  $("solve-stop").onclick = () => stop && stop();
  $("solve-status").textContent = "solving";
  $("solve-progress").removeAttribute("value"); // indeterminate until the solve reports a fraction
  $("tree").hidden = true;
  try {
    const data = await runJob(
      "solve", body, (f) => showProgress($("solve-progress"), f), (s) => (stop = s), (view) => (solution = view.solution),
    );
    drawSolution(data);
    tree.solution = solution;
    tree.evs = data.combo_evs;
    if (solution) await showNode([]);
    $("solve-status").textContent = `done: ${data.iterations} iterations, exploitability ${data.exploitability_pct.toFixed(3)} % of the pot`;
  } catch (e) {
    $("solve-status").textContent = "";
    throw e;
  } finally {
    running("solve", false);
  }
}

function drawSolution(data) {
  const out = $("solve-out");
  out.replaceChildren();
  const root = document.createElement("table");
  root.className = "results";
  root.innerHTML = "<thead><tr><th>root: " + data.root.player + " acts</th><th>frequency %</th></tr></thead><tbody></tbody>";
  out.appendChild(root);
  fillTable(root, data.root.actions.map((a) => [a.action, pct(a.frequency, 1)]));
  for (const side of ["oop", "ip"]) {
    const table = document.createElement("table");
    table.className = "results";
    table.innerHTML = `<thead><tr><th>${side} combo</th><th>EV</th></tr></thead><tbody></tbody>`;
    out.appendChild(table);
    const evs = data.combo_evs[side] || {};
    fillTable(table, Object.entries(evs).map(([combo, ev]) => [combo, ev.toFixed(3)]));
  }
}

// ---- the solver's tree ----

// The solution being browsed: its id on the server, the line to the node shown, the root combos' EVs.
const tree = { solution: null, line: [], evs: null, asked: 0 };

// Fold blue, check and call green, bets and raises from orange to dark red by size order.
const AGGRESSIVE = ["#e6a23c", "#e07b39", "#d2462f", "#a61e22", "#6e0f14"];

function actionColours(actions) {
  const colours = {};
  let k = 0;
  for (const action of actions) {
    if (action === "fold") colours[action] = "#3f7fce";
    else if (action === "check" || action === "call") colours[action] = "#4f9a56";
    else colours[action] = AGGRESSIVE[Math.min(k++, AGGRESSIVE.length - 1)];
  }
  return colours;
}

function swatch(colour) {
  const span = document.createElement("span");
  span.className = "swatch";
  span.style.background = colour;
  span.setAttribute("aria-hidden", "true");
  return span;
}

async function showNode(line) {
  const asked = ++tree.asked;
  const data = await api("solve-show", { solution: tree.solution, actions: line });
  if (asked !== tree.asked) return; // a later click's node is on its way: it is the one to show
  tree.line = line;
  drawNode(data);
  $("tree").hidden = false;
}

function drawPath(line) {
  const path = $("tree-path");
  path.replaceChildren();
  ["root", ...line].forEach((step, k) => {
    if (k > 0) {
      const sep = document.createElement("span");
      sep.className = "sep";
      sep.textContent = "\u203a";
      path.appendChild(sep);
    }
    const item = document.createElement(k === line.length ? "span" : "button");
    item.textContent = step;
    if (k === line.length) item.setAttribute("aria-current", "step");
    else {
      item.type = "button";
      item.addEventListener("click", () => guarded(() => showNode(line.slice(0, k))));
    }
    path.appendChild(item);
  });
}

const NODE_TEXT = { chance: "a card is dealt: pick it", fold: "a fold: the hand ends", showdown: "a showdown" };

function drawNode(data) {
  drawPath(data.line);
  const decision = data.kind === "decision";
  $("tree-node").textContent = decision
    ? `${data.player.toUpperCase()} to act, pot ${data.pot}, ${data.combos.length} combo${data.combos.length === 1 ? "" : "s"}`
    : `${NODE_TEXT[data.kind]}, pot ${data.pot}`;
  const colours = actionColours(data.actions.map((a) => a.action));
  const buttons = $("tree-actions");
  buttons.replaceChildren();
  if (decision) {
    for (const a of data.actions) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = a.action;
      button.append(swatch(colours[a.action]), `${a.action} ${pct(a.frequency, 1)} %`);
      button.addEventListener("click", () => guarded(() => showNode([...tree.line, a.action])));
      buttons.appendChild(button);
    }
  }
  drawDealCards(data);
  drawStrategyGrid(data, colours);
  drawComboTable(data);
}

// At a chance node, the cards that can come; the board's (and those dealt already) greyed out.
function drawDealCards(data) {
  const grid = $("tree-cards");
  grid.replaceChildren();
  grid.hidden = data.kind !== "chance";
  if (grid.hidden) return;
  const open = new Set(data.actions.map((a) => a.action.toLowerCase()));
  const dealt = (data.board + data.line.filter((a) => /^[2-9tjqka][shdc]$/i.test(a)).join("")).toLowerCase();
  for (const suit of SUITS) {
    for (const rank of RANKS) {
      const card = rank + suit;
      const button = cardButton(rank, suit);
      const label = data.actions.find((a) => a.action.toLowerCase() === card.toLowerCase());
      button.disabled = !open.has(card.toLowerCase());
      button.classList.toggle("board", dealt.match(/../g).includes(card.toLowerCase()));
      if (label) button.addEventListener("click", () => guarded(() => showNode([...tree.line, label.action])));
      grid.appendChild(button);
    }
  }
}

// Each class's strategy: the cell split left to right by its actions' frequencies, in the actions' colours.
function drawStrategyGrid(data, colours) {
  const cells = buildGrid($("tree-grid"), false);
  const legend = $("tree-legend");
  legend.replaceChildren();
  if (!data.grid) return;
  const actions = data.actions.map((a) => a.action);
  for (const action of actions) {
    const item = document.createElement("span");
    item.append(swatch(colours[action]), action);
    legend.appendChild(item);
  }
  for (const [name, cell] of Object.entries(cells)) {
    const [i, j] = [RANKS.indexOf(name[0]), RANKS.indexOf(name[1])];
    const [row, column] = name.length === 3 && name[2] === "o" ? [j, i] : [i, j];
    const shares = actions.map((a) => data.grid[a][row][column]);
    if (shares[0] === null) continue;
    let at = 0;
    const stops = actions.map((a, k) => {
      const from = at;
      at += 100 * shares[k];
      return `${colours[a]} ${from}% ${at}%`;
    });
    cell.classList.add("split");
    cell.style.background = `linear-gradient(to right, ${stops.join(", ")})`;
    cell.title = `${name}: ` + actions.map((a, k) => `${a} ${pct(shares[k], 1)} %`).join(", ");
  }
}

// Each combo of the acting range: its weight here, its frequencies and, at the root, its EV.
function drawComboTable(data) {
  const out = $("tree-combos");
  out.replaceChildren();
  if (data.kind !== "decision") return;
  // Each combo's EV, equity and EQR at this node when the answer carries them, else the root's EVs at the root.
  const valued = data.combos.length > 0 && "ev" in data.combos[0];
  const evs = !valued && data.line.length === 0 && tree.evs ? tree.evs[data.player] : null;
  const shown = (x, text) => (x === null || x === undefined ? "" : text(x));
  const headings = ["combo", "weight", ...data.actions.map((a) => `${a.action} %`)];
  if (valued) headings.push("EV", "equity %", "EQR");
  else if (evs) headings.push("EV");
  const rows = data.combos.map((c) => {
    const row = [c.combo, c.weight.toFixed(3), ...c.frequencies.map((f) => pct(f, 1))];
    if (valued) {
      row.push(shown(c.ev, (x) => x.toFixed(3)), shown(c.equity, (x) => pct(x, 1)), shown(c.eqr, (x) => x.toFixed(3)));
    } else if (evs) row.push(shown(evs[c.combo], (x) => x.toFixed(3)));
    return row;
  });
  const title = document.createElement("h3");
  title.textContent = `${data.player.toUpperCase()}'s combos`;
  out.append(title, newTable(headings, rows));
}

// ---- start ----

function init() {
  addPlayer("AsAh");
  addPlayer("KsKh");
  $("add-player").addEventListener("click", () => addPlayer());
  $("remove-player").addEventListener("click", () => {
    const list = $("players");
    if (list.children.length > 2) list.lastElementChild.remove();
  });
  initCardGrid();
  initRangeEditor();
  initSavedRanges();
  for (const id of ["equity-table", "hits-table", "icm-table"]) makeSortable($(id));
  $("equity-run").addEventListener("click", runEquity);
  $("hits-run").addEventListener("click", () => guarded(runHits));
  $("draw-run").addEventListener("click", () => guarded(runDraw));
  $("icm-run").addEventListener("click", () => guarded(runIcm));
  $("pushfold-run").addEventListener("click", () => guarded(runPushfold));
  $("solve-run").addEventListener("click", () => guarded(runSolve));
  document.body.dataset.ready = "true";
}

init();
