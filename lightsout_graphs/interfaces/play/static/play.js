// Front end of `lightsout play` pages and of the notebook PlayWidget (one ES module, no imports).
//
// The page holds no solver. Python embeds, for each pressable node u, its toggle column T[:, u]
// as [[light index, amount], ...] and the modulus k, so a press changes exactly what the library
// says. For the board being played it embeds a solution x0 (press counts in node order); since
// solutions are linear, the presses that remain after the presses `made` are (x0 - made) mod k.
// When the solution coset is small, the quiet-pattern generators come too and "Fewest presses"
// enumerates the coset.
//
// Test contract: every light carries data-node (its label as JSON) and data-state; the controls
// have the ids hint, undo, redo, reset, new-board (and fewest, board), the move counter #moves;
// a hinted light has the class "hint".

const SVGNS = "http://www.w3.org/2000/svg";

// Off, on, then distinct hues for larger moduli.
const PALETTE = [
  "#2a2f3a", "#ffd43b", "#ff6b6b", "#4dabf7", "#69db7c", "#b197fc", "#ffa94d", "#63e6be",
  "#f783ac", "#a9e34b",
];

// Colour names of the catalog that are not CSS colours.
const ALIASES = {
  off: PALETTE[0], dark: PALETTE[0], unlit: PALETTE[0], none: PALETTE[0],
  on: PALETTE[1], lit: PALETTE[1], light: PALETTE[1],
};

function paletteColour(v, k) {
  if (v < PALETTE.length && k <= PALETTE.length) return PALETTE[v];
  if (v === 0) return PALETTE[0];
  const hue = Math.round((360 * (v - 1)) / (k - 1)) % 360;
  return `hsl(${hue} 75% 60%)`;
}

// Colour syntax that cannot load anything: a name, hex, or rgb()/hsl() of numbers only. The
// catalog schema checks the same pattern (SAFE_COLOUR in catalog/_schema.py); anything else
// (var(), url(), image-set() ...) falls back to the palette.
const SAFE_COLOUR =
  /^(?:[a-z]{1,32}|#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(?:rgba?|hsla?)\([0-9.,%/\s+-]*(?:deg)?[0-9.,%/\s+-]*\))$/;

function colourOf(name, v, k) {
  if (typeof name === "string") {
    const key = name.trim().toLowerCase();
    if (Object.prototype.hasOwnProperty.call(ALIASES, key)) return ALIASES[key];
    const supported = typeof CSS !== "undefined" && CSS.supports && CSS.supports("color", key);
    if (SAFE_COLOUR.test(key) && supported) return key;
  }
  return paletteColour(v, k);
}

function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

function mod(a, k) {
  const r = a % k;
  return r < 0 ? r + k : r;
}

function randomInt(k) {
  if (typeof crypto !== "undefined" && crypto.getRandomValues) {
    const buf = new Uint32Array(1);
    crypto.getRandomValues(buf);
    return buf[0] % k;
  }
  return Math.floor(Math.random() * k);
}

/**
 * Build the game into `root` from the data of `lightsout_graphs.play.play_data`.
 *
 * options.ids: give the controls their ids (the stand-alone page does; several widgets in one
 * notebook must not). options.onChange({values, remaining, moves}): called after every change.
 * Returns a controller: press(i), undo(), redo(), reset(), newBoard(), toggleHints(), fewest(),
 * load(values, solution), values(), remaining(), moves().
 */
export function mount(root, data, options = {}) {
  const k = data.modulus;
  const n = data.nodes.length;
  const columns = data.columns;
  const goal = Int32Array.from(data.goal);
  // Buttons without lights (data.lit false) are drawn hollow: pressable, never a light.
  const isLit = (i) => !data.lit || data.lit[i];
  const kernel = data.kernel || { num_quiet_patterns: 1, quiet_vectors: [], quiet_orders: [] };
  const withIds = options.ids !== false;
  const onChange = options.onChange || (() => {});
  const colourNames = data.colors || [];
  const colours = Array.from({ length: k }, (_, v) => colourOf(colourNames[v], v, k));
  const valueName = (v) => (colourNames[v] ? `${colourNames[v]}` : k === 2 ? (v ? "on" : "off") : `${v}`);

  let values = new Int32Array(n);
  let made = new Int32Array(n); // presses made on this board, mod k
  let x0 = null; // a solution of this board in node order, or null if it has none
  let start = null; // {state, solution} of the board being played, for reset
  let history = [];
  let future = [];
  let showHints = false;
  let focused = 0;

  // ----- the page skeleton -----
  root.classList.add("lo-play");
  root.replaceChildren();
  const header = el("header", { class: "lo-header" });
  header.append(el("h1", {}, data.title));
  if (data.description) header.append(el("p", { class: "lo-description" }, data.description));
  const litCount = data.lit ? data.lit.filter(Boolean).length : n;
  const facts = [`${litCount} lights`, `mod ${k}`, `${data.rule} rule`];
  if (litCount < n) facts.splice(1, 0, `${n - litCount} buttons without lights`);
  if (data.litOnly) facts.push("lit-only: only lit lights can be pressed");
  header.append(el("p", { class: "lo-facts" }, facts.join(" · ")));
  root.append(header);

  const bar = el("div", { class: "lo-toolbar", role: "toolbar", "aria-label": "Game controls" });
  const control = (name, label, title) => {
    const b = el("button", { type: "button", "data-control": name, title }, label);
    if (withIds) b.id = name;
    bar.append(b);
    return b;
  };
  let boardSelect = null;
  if (data.boards.length > 1 || data.boards[0].name !== "random") {
    boardSelect = el("select", { "data-control": "board", "aria-label": "Starting board" });
    if (withIds) boardSelect.id = "board";
    data.boards.forEach((b, i) => boardSelect.append(el("option", { value: String(i) }, b.name)));
    boardSelect.append(el("option", { value: "random" }, "random board"));
    bar.append(boardSelect);
  }
  const newButton = control("new-board", "New board", "A random board that can be solved");
  const resetButton = control("reset", "Reset", "Back to the start of this board");
  const undoButton = control("undo", "Undo", "Take back the last press");
  const redoButton = control("redo", "Redo", "Press again what was taken back");
  const hintButton = control("hint", "Hint", "Highlight the presses that remain in a solution");
  const fewestButton = control("fewest", "Fewest presses", "Switch the hint to a solution with the fewest presses");
  hintButton.setAttribute("aria-pressed", "false");
  const counter = el("span", { class: "lo-counter" });
  const movesOut = el("output", { "data-control": "moves", "aria-live": "off" }, "0");
  if (withIds) movesOut.id = "moves";
  counter.append("Moves: ", movesOut);
  bar.append(counter);
  root.append(bar);

  if (kernel.num_quiet_patterns > 1 && kernel.quiet_vectors.length === 0) {
    fewestButton.disabled = true;
    fewestButton.title = `Too many solutions (${kernel.num_quiet_patterns}) to search here`;
  }

  // ----- the board drawing -----
  const pad = 0.6;
  const xs = data.x;
  const ys = data.y;
  const width = xs.reduce((a, b) => Math.max(a, b), 0) + 2 * pad;
  const height = ys.reduce((a, b) => Math.max(a, b), 0) + 2 * pad;
  const unit = Math.max(26, Math.min(64, 560 / Math.max(width, height)));
  const board = svg("svg", {
    class: `lo-board lo-${data.shape}`,
    viewBox: `${-pad} ${-pad} ${width} ${height}`,
    width: Math.round(width * unit),
    height: Math.round(height * unit),
    role: "group",
    "aria-label": `${data.title}: ${litCount} lights`,
  });
  const defs = svg("defs");
  const marker = svg("marker", {
    id: `lo-arrow-${Math.random().toString(36).slice(2)}`, viewBox: "0 0 10 10", refX: 10, refY: 5,
    markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse",
  });
  marker.append(svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "lo-arrowhead" }));
  defs.append(marker);
  board.append(defs);
  const r = data.radius;
  if (data.shape === "circle") {
    const edgeLayer = svg("g", { class: "lo-edges", "aria-hidden": "true" });
    for (const [a, b] of data.edges) {
      const dx = xs[b] - xs[a];
      const dy = ys[b] - ys[a];
      const len = Math.hypot(dx, dy) || 1;
      const cut = data.directed ? r + 0.04 : 0;
      const line = svg("line", {
        x1: xs[a], y1: ys[a], x2: xs[b] - (dx / len) * cut, y2: ys[b] - (dy / len) * cut,
      });
      if (data.directed) line.setAttribute("marker-end", `url(#${marker.id})`);
      edgeLayer.append(line);
    }
    board.append(edgeLayer);
  }
  const lights = [];
  const counts = [];
  const texts = [];
  for (let i = 0; i < n; i++) {
    const pressable = columns[i] !== null;
    const g = svg("g", {
      class: (pressable ? "light" : "light lo-fixed") + (isLit(i) ? "" : " lo-unlit"),
      "data-node": JSON.stringify(data.nodes[i]),
      "data-index": i,
      tabindex: -1,
      role: "button",
      transform: `translate(${xs[i]} ${ys[i]})`,
    });
    if (!pressable) g.setAttribute("aria-disabled", "true");
    const shape =
      data.shape === "tile"
        ? svg("rect", { class: "lo-cell", x: -0.45, y: -0.45, width: 0.9, height: 0.9, rx: 0.12 })
        : svg("circle", { class: "lo-cell", r });
    g.append(shape);
    // The hint mark: centred on two-state lights, in a corner when a number is shown.
    const corner = k > 2 ? (data.shape === "tile" ? 0.29 : r * 0.62) : 0;
    const markSize = data.shape === "tile" ? 0.09 : r * 0.25;
    g.append(svg("circle", { class: "lo-mark", r: markSize, cx: -corner, cy: corner }));
    const text = svg("text", { class: "lo-value", "text-anchor": "middle", dy: "0.35em" });
    text.style.fontSize = `${(data.shape === "tile" ? 0.42 : r) * 1}px`;
    g.append(text);
    const count = svg("text", {
      class: "lo-count", "text-anchor": "middle", x: data.shape === "tile" ? 0.27 : r * 0.7,
      y: data.shape === "tile" ? -0.22 : -r * 0.55,
    });
    count.style.fontSize = `${(data.shape === "tile" ? 0.24 : r * 0.6)}px`;
    g.append(count);
    board.append(g);
    lights.push(g);
    texts.push(text);
    counts.push(count);
  }
  const stage = el("div", { class: "lo-stage" });
  stage.append(board);
  const goalIsDark = Array.from(goal).every((v) => v === 0);
  if (!goalIsDark) {
    // A small picture of the goal beside the board (not lights: no data-node, not focusable).
    const figure = el("figure", { class: "lo-goal" });
    const picture = svg("svg", {
      viewBox: `${-pad} ${-pad} ${width} ${height}`,
      width: Math.round(width * unit * 0.35),
      height: Math.round(height * unit * 0.35),
      role: "img",
      "aria-label": `The goal: ${Array.from(goal, (v, i) => `${data.labels[i]} ${valueName(v)}`).join(", ")}`,
    });
    for (let i = 0; i < n; i++) {
      const cell =
        data.shape === "tile"
          ? svg("rect", { x: xs[i] - 0.45, y: ys[i] - 0.45, width: 0.9, height: 0.9, rx: 0.12 })
          : svg("circle", { cx: xs[i], cy: ys[i], r });
      cell.setAttribute("class", isLit(i) ? "lo-cell" : "lo-cell lo-unlit-cell");
      if (isLit(i)) cell.style.fill = colours[goal[i]];
      picture.append(cell);
    }
    figure.append(picture, el("figcaption", {}, "Goal"));
    stage.append(figure);
  }
  root.append(stage);

  const status = el("p", { class: "lo-status", role: "status", "aria-live": "polite" });
  if (withIds) status.id = "status";
  root.append(status);

  const legend = el("ul", { class: "lo-legend", "aria-label": "Light colours" });
  for (let v = 0; v < Math.min(k, 12); v++) {
    const item = el("li");
    const swatch = el("span", { class: "lo-swatch" });
    swatch.style.background = colours[v];
    item.append(swatch, colourNames[v] || k === 2 ? `${v} ${valueName(v)}` : `${v}`);
    legend.append(item);
  }
  const goalText = goalIsDark ? "turn every light to 0" : "reach the goal shown beside the board";
  root.append(legend);
  root.append(
    el(
      "p",
      { class: "lo-help" },
      `Aim: ${goalText}. Click or tap a light to press it; a press adds the puzzle's amounts, mod ${k}, ` +
        "to the lights it reaches (hover to see them). Keyboard: Tab to the board, arrow keys to move, " +
        "Enter or Space to press.",
    ),
  );

  // ----- the game -----
  function remainingVector() {
    if (x0 === null) return null;
    const out = new Int32Array(n);
    for (let i = 0; i < n; i++) out[i] = mod(x0[i] - made[i], k);
    return out;
  }

  function solved() {
    for (let i = 0; i < n; i++) if (values[i] !== goal[i]) return false;
    return true;
  }

  function say(message) {
    status.textContent = message;
  }

  // Redraw the lights in `only` (all of them by default), then the counters and the status.
  function draw(only = null) {
    const indices = only === null ? lights.keys() : only;
    for (const i of indices) {
      const g = lights[i];
      const v = values[i];
      g.setAttribute("data-state", String(v));
      if (isLit(i)) g.firstChild.style.fill = colours[v];
      texts[i].textContent = k > 2 && isLit(i) ? String(v) : "";
      const left = showHints && x0 !== null ? mod(x0[i] - made[i], k) : 0;
      g.classList.toggle("hint", left !== 0);
      counts[i].textContent = left > 1 ? `×${left}` : "";
      let label = isLit(i) ? `Light ${data.labels[i]}: ${valueName(v)}` : `Button ${data.labels[i]} (no light)`;
      if (columns[i] === null) label += ", cannot be pressed";
      if (left) label += `, hint: press ${left === 1 ? "once" : `${left} times`}`;
      g.setAttribute("aria-label", label);
    }
    setTabStop(focused);
    movesOut.textContent = String(history.length);
    undoButton.disabled = history.length === 0;
    redoButton.disabled = future.length === 0;
    hintButton.setAttribute("aria-pressed", showHints ? "true" : "false");
    const done = solved();
    root.classList.toggle("lo-solved", done);
    if (done) {
      const m = history.length;
      say(m ? `Solved in ${m} ${m === 1 ? "move" : "moves"}!` : "Solved!");
    }
    onChange({ values: Array.from(values), remaining: x0 === null ? null : Array.from(remainingVector()), moves: history.length });
  }

  // The lights a press of i redraws: those it changes, and i itself (its hint count changes).
  function touched(i) {
    return [i, ...columns[i].map(([light]) => light)];
  }

  let tabStop = -1;
  function setTabStop(i) {
    if (tabStop === i) return;
    if (tabStop >= 0) lights[tabStop].setAttribute("tabindex", "-1");
    lights[i].setAttribute("tabindex", "0");
    tabStop = i;
  }

  function applyColumn(i, times) {
    for (const [light, amount] of columns[i]) values[light] = mod(values[light] + times * amount, k);
    made[i] = mod(made[i] + times, k);
  }

  function press(i) {
    if (i < 0 || i >= n || columns[i] === null) return false;
    if (data.litOnly && values[i] === 0) {
      say(`Light ${data.labels[i]} is off: only lit lights can be pressed.`);
      return false;
    }
    say("");
    applyColumn(i, 1);
    history.push(i);
    future = [];
    draw(touched(i));
    return true;
  }

  function undo() {
    if (!history.length) return;
    const i = history.pop();
    applyColumn(i, -1);
    future.push(i);
    say("");
    draw(touched(i));
  }

  function redo() {
    if (!future.length) return;
    const i = future.pop();
    applyColumn(i, 1);
    history.push(i);
    say("");
    draw(touched(i));
  }

  function load(state, solution) {
    start = { state: Int32Array.from(state), solution: solution === null ? null : Int32Array.from(solution) };
    values = Int32Array.from(start.state);
    made = new Int32Array(n);
    x0 = start.solution === null ? null : Int32Array.from(start.solution);
    history = [];
    future = [];
    say(x0 === null ? "This board cannot reach the goal." : "");
    draw();
  }

  function reset() {
    load(start.state, start.solution);
  }

  function newBoard() {
    // Random presses from the goal give a board that is solvable by construction. Under the
    // lit-only rule, take random legal presses backwards from the goal instead; replaying them
    // forwards is a lit-only solution.
    const state = Int32Array.from(goal);
    const x = new Int32Array(n);
    const pressable = [];
    for (let i = 0; i < n; i++) if (columns[i] !== null) pressable.push(i);
    for (let attempt = 0; attempt < 20; attempt++) {
      state.set(goal);
      x.fill(0);
      if (data.litOnly) {
        for (let step = 0; step < 2 * n + 4; step++) {
          const options = pressable.filter((i) => {
            let own = 0;
            for (const [light, amount] of columns[i]) if (light === i) own = amount;
            return mod(state[i] - own, k) !== 0;
          });
          if (!options.length) break;
          const i = options[randomInt(options.length)];
          for (const [light, amount] of columns[i]) state[light] = mod(state[light] - amount, k);
          x[i] = mod(x[i] + 1, k);
        }
      } else {
        for (const i of pressable) {
          const times = randomInt(k);
          if (!times) continue;
          for (const [light, amount] of columns[i]) state[light] = mod(state[light] - times * amount, k);
          x[i] = times;
        }
      }
      if (state.some((v, i) => v !== goal[i])) break;
    }
    if (boardSelect) boardSelect.value = "random";
    load(state, x);
  }

  function toggleHints() {
    if (x0 === null) {
      say("This board cannot reach the goal, so there is no hint.");
      return;
    }
    showHints = !showHints;
    if (showHints) {
      const rem = remainingVector();
      const left = rem.reduce((s, v) => s + v, 0);
      say(left ? `${left} ${left === 1 ? "press remains" : "presses remain"} in this solution.` : "");
    } else say("");
    draw();
  }

  function fewest() {
    if (x0 === null) {
      say("This board cannot reach the goal.");
      return;
    }
    const base = remainingVector();
    let best = Int32Array.from(base);
    let bestCount = best.reduce((s, v) => s + v, 0);
    if (kernel.quiet_vectors.length) {
      // Mixed-radix odometer over the coset base + sum c_j g_j, 0 <= c_j < order_j. Adding g_j
      // order_j times gives back the same vector, so a wrapping digit needs no correction.
      const gens = kernel.quiet_vectors.map((g) => Int32Array.from(g));
      const orders = kernel.quiet_orders;
      const digits = new Array(gens.length).fill(0);
      const cur = Int32Array.from(base);
      for (;;) {
        let j = 0;
        for (; j < gens.length; j++) {
          const g = gens[j];
          for (let i = 0; i < n; i++) if (g[i]) cur[i] = mod(cur[i] + g[i], k);
          digits[j] += 1;
          if (digits[j] < orders[j]) break;
          digits[j] = 0;
        }
        if (j === gens.length) break;
        let total = 0;
        for (let i = 0; i < n; i++) total += cur[i];
        if (total < bestCount) {
          bestCount = total;
          best = Int32Array.from(cur);
        }
      }
    } else if (kernel.num_quiet_patterns > 1) {
      say("Too many solutions to search for the fewest presses here.");
      return;
    }
    for (let i = 0; i < n; i++) x0[i] = mod(best[i] + made[i], k);
    showHints = true;
    say(`Fewest presses from here: ${bestCount}.`);
    draw();
  }

  // ----- input -----
  function lightOf(target) {
    const g = target.closest ? target.closest("g.light") : null;
    return g ? Number(g.getAttribute("data-index")) : -1;
  }

  function preview(i, on) {
    board.querySelectorAll(".lo-reach").forEach((g) => g.classList.remove("lo-reach"));
    if (on && i >= 0 && columns[i] !== null) for (const [light] of columns[i]) lights[light].classList.add("lo-reach");
  }

  function focusLight(i) {
    focused = i;
    setTabStop(i);
    lights[i].focus();
  }

  function neighbourIn(i, dx, dy) {
    let best = -1;
    let bestScore = Infinity;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const ex = xs[j] - xs[i];
      const ey = ys[j] - ys[i];
      const along = ex * dx + ey * dy;
      if (along <= 1e-6) continue;
      const across = Math.abs(ex * dy - ey * dx);
      if (across > along * 1.5 + 1e-6) continue;
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = j;
      }
    }
    return best;
  }

  board.addEventListener("click", (event) => {
    const i = lightOf(event.target);
    if (i < 0) return;
    focused = i;
    press(i);
  });
  board.addEventListener("mouseover", (event) => preview(lightOf(event.target), true));
  board.addEventListener("mouseleave", () => preview(-1, false));
  board.addEventListener("focusin", (event) => {
    const i = lightOf(event.target);
    if (i >= 0) {
      focused = i;
      preview(i, true);
    }
  });
  board.addEventListener("focusout", () => preview(-1, false));
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  board.addEventListener("keydown", (event) => {
    const i = lightOf(event.target);
    if (i < 0) return;
    if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") {
      event.preventDefault();
      if (!event.repeat) press(i);
    } else if (event.key in arrows) {
      event.preventDefault();
      const [dx, dy] = arrows[event.key];
      const j = neighbourIn(i, dx, dy);
      if (j >= 0) focusLight(j);
    } else if (event.key === "Home") {
      event.preventDefault();
      focusLight(0);
    } else if (event.key === "End") {
      event.preventDefault();
      focusLight(n - 1);
    }
  });
  newButton.addEventListener("click", newBoard);
  resetButton.addEventListener("click", reset);
  undoButton.addEventListener("click", undo);
  redoButton.addEventListener("click", redo);
  hintButton.addEventListener("click", toggleHints);
  fewestButton.addEventListener("click", fewest);
  if (boardSelect) {
    boardSelect.addEventListener("change", () => {
      if (boardSelect.value === "random") newBoard();
      else {
        const b = data.boards[Number(boardSelect.value)];
        load(b.state, b.solution);
      }
    });
  }

  const first = data.boards[data.start];
  if (boardSelect) boardSelect.value = String(data.start);
  load(first.state, first.solution);

  return {
    press,
    undo,
    redo,
    reset,
    newBoard,
    toggleHints,
    fewest,
    load,
    values: () => Array.from(values),
    remaining: () => (x0 === null ? null : Array.from(remainingVector())),
    moves: () => history.length,
  };
}

function sameArray(a, b) {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// anywidget entry point: the Python side owns the data and the solver, the page plays.
function render({ model, el: root }) {
  // Quiet while building: the board to show is the model's, which Python may have changed
  // since the data was made.
  let syncing = true;
  const game = mount(root, model.get("_data"), {
    ids: false,
    onChange({ values, remaining, moves }) {
      if (syncing) return;
      model.set("_values", values);
      model.set("_remaining", remaining);
      model.set("moves", moves);
      model.save_changes();
    },
  });
  const fromPython = () => {
    const next = model.get("_values");
    const rem = model.get("_remaining");
    if (!next || next.length !== game.values().length) return;
    if (sameArray(next, game.values()) && sameArray(rem, game.remaining())) return;
    syncing = true;
    game.load(next, rem);
    syncing = false;
  };
  fromPython();
  syncing = false;
  model.on("change:_values", fromPython);
  model.on("change:_remaining", fromPython);
  return () => {
    model.off("change:_values", fromPython);
    model.off("change:_remaining", fromPython);
  };
}

export default { render };
