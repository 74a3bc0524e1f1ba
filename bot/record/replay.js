/* The replay: every entry of the log in order, grouped by phase or turn, a scrubber and the arrow keys to step
   through it, and the button that checks the game in the page (verify.js). Every text of the log is set as
   text, never as markup. */

const REPLAY = (() => {
  const { get, isDict, isStr } = PY;
  const SUITS = { H: "♥", D: "♦", C: "♣", S: "♠" };
  const JOKERS = { RJ: "Red Joker", BJ: "Black Joker" };

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  const plain = (text) => String(text).replace(/\*\*|~~|__|`/g, "");
  const list = (value) => (Array.isArray(value) ? value : []);

  /** A card as the pictures draw it: its rank and suit on a white face, hearts and diamonds in red. */
  function card(code, faceDown = false) {
    if (faceDown) return el("span", "card back", "");
    const text = String(code);
    const suit = SUITS[text.slice(-1)];
    const node = el("span", "card" + (suit && "HD".includes(text.slice(-1)) ? " red" : "") +
      (JOKERS[text] ? " joker" + (text === "RJ" ? " red" : "") : "") + (!suit && !JOKERS[text] ? " named" : ""));
    if (JOKERS[text]) node.append(el("b", "", "★"), el("small", "", JOKERS[text]));
    else if (suit && text.length <= 3) node.append(el("b", "", text.slice(0, -1)), el("i", "", suit));
    else node.append(el("small", "", text));
    node.title = JOKERS[text] || text;
    return node;
  }

  /** A roll: its dice (those read in gold), why so many, and the outcome in the book's words. */
  function rollView(roll, label, reading) {
    const box = el("div", "roll");
    if (label) box.append(el("div", "label", label));
    const dice = el("div", "dice");
    const spec = list(get(roll, "dice", []));
    const faces = list(get(roll, "faces", []));
    const best = spec[1] === "WORST" ? Math.min(...faces) : Math.max(...faces);
    let marked = false;
    faces.forEach((face) => {
      const kept = spec[1] === "ALL" || faces.length === 1 || (!marked && face === best);
      if (kept && spec[1] !== "ALL") marked = true;
      dice.append(el("span", "die" + (kept ? " kept" : ""), face));
    });
    dice.append(el("span", "spec", `${spec[0] || ""}D${spec[2] || ""}` + (spec[0] > 1 ? ` ${
      { BEST: "take best", WORST: "take worst", ALL: "all can score" }[spec[1]] || ""}` : "")));
    box.append(dice);
    if (reading) {
      const reason = get(reading, "dice_reason");
      if (isStr(reason) && reason) box.append(el("div", "reason", reason));
      const outcome = get(reading, "outcome");
      if (isDict(outcome)) {
        box.append(el("div", "outcome", get(outcome, "title", "")));
        if (isStr(get(outcome, "effect"))) box.append(el("div", "effect", outcome.get("effect")));
      }
    }
    return box;
  }

  class Replay {
    constructor(payload, entries) {
      this.payload = payload;
      this.entries = entries;
      this.names = payload.names || {};
      this.turnName = entries.some((e) => list(get(get(e, "data"), "shuffled", [])).some((s) => get(s, "pile") === "pack"))
        ? "Phase" : "Turn";
      this.groups = [];
      let turn = 0, group = null;
      entries.forEach((entry, index) => {
        for (const sealed of list(get(get(entry, "data"), "sealed", []))) {
          const name = String(get(sealed, "name", ""));
          if (/^[0-9]+$/.test(name)) turn = Math.max(turn, Number(name) - 1);
        }
        if (!group || group.turn !== turn) {
          group = { turn, first: index, entries: [] };
          this.groups.push(group);
        }
        group.entries.push(index);
        entry.group = this.groups.length - 1;
      });
      this.badges = new Map();
      this.step = 0;
    }

    who(actor) { return this.names[String(actor)] || `user ${String(actor)}`; }
    groupName(group) { return group.turn === 0 ? "Setting up" : `${this.turnName} ${group.turn}`; }

    mount() {
      this.scrubber = document.getElementById("scrubber");
      this.scrubber.max = String(Math.max(this.entries.length - 1, 0));
      this.scrubber.addEventListener("input", () => this.show(Number(this.scrubber.value)));
      document.getElementById("previous").addEventListener("click", () => this.show(this.step - 1));
      document.getElementById("next").addEventListener("click", () => this.show(this.step + 1));
      document.addEventListener("keydown", (event) => {
        if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
        const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
        if (event.key in moves) this.show(this.step + moves[event.key]);
        else if (event.key === "Home") this.show(0);
        else if (event.key === "End") this.show(this.entries.length - 1);
        else if (event.key === "PageDown") this.jump(1);
        else if (event.key === "PageUp") this.jump(-1);
        else return;
        event.preventDefault();
      });
      this.show(0);
    }

    jump(by) {
      const group = this.entries[this.step].group + by;
      if (group >= 0 && group < this.groups.length) this.show(this.groups[group].first);
    }

    show(step) {
      if (!this.entries.length) return;
      this.step = Math.max(0, Math.min(this.entries.length - 1, step));
      this.scrubber.value = String(this.step);
      const entry = this.entries[this.step];
      document.getElementById("position").textContent =
        `Entry ${this.step + 1} of ${this.entries.length} · ${this.groupName(this.groups[entry.group])}`;
      this.timeline(entry.group);
      this.detail(entry);
      this.board();
    }

    timeline(current) {
      const box = document.getElementById("timeline");
      box.replaceChildren();
      const from = Math.max(0, current - 3), to = Math.min(this.groups.length, current + 4);
      if (from > 0) box.append(el("div", "more", `… ${from} earlier`));
      for (let g = from; g < to; g++) {
        const group = this.groups[g];
        const head = el("button", "group" + (g === current ? " current" : ""), this.groupName(group));
        head.type = "button";
        head.dataset.group = String(g);
        const badge = this.badges.get(group.turn);
        if (badge) head.append(el("span", `badge ${badge.status}`, badge.text));
        head.addEventListener("click", () => this.show(group.first));
        box.append(head);
        if (g !== current) continue;
        const steps = el("ol", "steps");
        for (const index of group.entries) {
          const entry = this.entries[index];
          const row = el("li", (index === this.step ? "current" : "") + (get(entry, "undone") === true ? " undone" : ""));
          row.append(el("span", "seq", `#${String(get(entry, "seq"))}`), el("span", "what", plain(get(entry, "text", ""))));
          row.addEventListener("click", () => this.show(index));
          steps.append(row);
        }
        box.append(steps);
      }
      if (to < this.groups.length) box.append(el("div", "more", `… ${this.groups.length - to} later`));
      box.querySelector("li.current")?.scrollIntoView({ block: "nearest" });
    }

    detail(entry) {
      const data = get(entry, "data", new Map());
      const box = document.getElementById("step");
      box.replaceChildren();
      const head = el("div", "entry-head");
      head.append(el("span", "seq", `#${String(get(entry, "seq"))}`), el("span", "kind", get(entry, "kind", "")),
        el("span", "who", this.who(get(entry, "actor"))), el("time", "", get(entry, "at", "")));
      box.append(head, el("p", "text" + (get(entry, "undone") === true ? " undone" : ""), plain(get(entry, "text", ""))));
      if (get(entry, "undone") === true) box.append(el("p", "note", "Undone: a later entry took this back."));
      const resolution = get(data, "resolution");
      if (isDict(resolution)) {
        const headline = get(resolution, "headline");
        if (isStr(headline) && plain(headline) !== plain(get(entry, "text", ""))) box.append(el("h3", "headline", headline));
        for (const change of list(get(resolution, "changes"))) box.append(el("p", "change", change));
      }
      this.cards(box, "Cards turned", list(get(data, "turned")).map((code) => card(code)));
      this.cards(box, "Cards shown", list(get(data, "shown")).map((show) => card(get(show, "card", "?"))));
      for (const deal of list(get(data, "dealt"))) {
        const count = Math.min(Number(get(deal, "count", 0)) || 0, 60);
        this.cards(box, `Dealt face down to ${this.who(get(deal, "to"))}`,
          Array.from({ length: count }, () => card("", true)));
      }
      if (isDict(get(data, "roll"))) box.append(rollView(data.get("roll"), "The roll", null));
      for (const roll of list(get(data, "rolls"))) if (isDict(roll)) box.append(rollView(roll, "A roll of the deal", null));
      if (isDict(resolution)) {
        for (const reading of list(get(resolution, "readings"))) {
          if (isDict(reading) && isDict(get(reading, "roll"))) {
            box.append(rollView(reading.get("roll"), plain(get(reading, "label", "")), reading));
          }
        }
      }
      const seals = [];
      for (const sealed of list(get(data, "sealed"))) seals.push(`sealed ${String(get(sealed, "name", "?"))}`);
      for (const shown of list(get(data, "revealed"))) seals.push(`revealed ${String(get(shown, "name", "?"))}`);
      for (const shuffle of list(get(data, "shuffled"))) {
        seals.push(`shuffled ${String(get(shuffle, "pile", "?"))} under ${String(get(shuffle, "seal", "?"))}`);
      }
      if (seals.length) box.append(el("p", "seals", "Seals: " + seals.join(" · ")));
    }

    cards(box, title, faces) {
      if (!faces.length) return;
      const row = el("div", "cards");
      row.append(el("div", "label", title), ...faces);
      box.append(row);
    }

    /** The board and the map as they stood after the entry shown (the first view kept at or after it), or, in a
        record made from a file alone, the cast the log names so far. */
    board() {
      const seq = Number(get(this.entries[this.step], "seq"));
      const keys = this.viewKeys || (this.viewKeys = Object.keys(this.payload.views || {}).map(Number).sort((a, b) => a - b));
      const key = keys.find((k) => k >= seq);
      const box = document.getElementById("board");
      if (key === undefined) { this.cast(box); return; }
      const view = this.payload.views[String(key)];
      const board = view.board;
      box.replaceChildren(el("h2", "", board.title), el("p", "note", key === seq ? `As it stood after #${key}` :
        `As it stood after #${key}, the first change kept after this entry`));
      if (view.map) box.append(drawMap(view.map));
      const rows = el("ul", "board");
      for (const [name, kind, words, badges, down, acting] of board.rows) {
        const row = el("li", (down ? "down" : "") + (acting ? " acting" : ""));
        row.append(el("b", "", name), el("span", "kind", kind));
        for (const [label, value] of badges) row.append(el("span", "badge-figure", `${label} ${value}`));
        if (words.length) row.append(el("span", "words", words.join(", ")));
        rows.append(row);
      }
      box.append(rows);
      if (board.footer) box.append(el("p", "note", board.footer));
    }

    cast(box) {
      const cast = new Map();
      for (let i = 0; i <= this.step; i++) {
        const entry = this.entries[i];
        if (get(entry, "undone") === true) continue;
        const data = get(entry, "data", new Map());
        const character = get(data, "character");
        if (isStr(character) && !cast.has(character)) cast.set(character, { said: plain(get(entry, "text", "")), last: "" });
        const resolution = get(data, "resolution");
        for (const reading of isDict(resolution) ? list(get(resolution, "readings")) : []) {
          const roller = get(reading, "roller");
          if (!isStr(roller)) continue;
          if (!cast.has(roller)) cast.set(roller, { said: "", last: "" });
          const outcome = get(reading, "outcome");
          cast.get(roller).last = `#${String(get(entry, "seq"))} ${plain(get(reading, "label", ""))}: ${
            isDict(outcome) ? String(get(outcome, "title", "")) : ""}`;
        }
      }
      box.replaceChildren(el("h2", "", "The cast"));
      if (!cast.size) box.append(el("p", "note", "Nobody cast yet."));
      const rows = el("dl", "cast");
      for (const [name, seen] of cast) rows.append(el("dt", "", name), el("dd", "", seen.last || seen.said));
      box.append(rows);
    }

    /** Each group's verdict from the verifier's verdict on its turn's seals. */
    async badge(verifier) {
      for (const group of this.groups) {
        if (group.turn === 0 || this.badges.has(group.turn)) continue;
        const verdict = await verifier.verdict(group.turn);
        this.badges.set(group.turn, { status: verdict.status, text: verdict.status === "matches" ? "matches"
          : verdict.status === "fails" ? "fails: " + verdict.firstProblem().split(": FAILS: ")[1] : "not yet checkable" });
      }
      this.show(this.step);
    }
  }

  const SVG = "http://www.w3.org/2000/svg";
  const FILLS = { building: "#603c20", woods: "#5c8848", rocks: "#9c9080", scrub: "#b0ac68", water: "#689cc4",
    swamp: "#788860", snow: "#f4f8fc", sand: "#eccc8c", ruins: "#b4a088", road: "#d4bc8c", street: "#d4bc8c" };
  const LINES = { fence: ["#603c20", 0.4], hedge: ["#387030", 0.8], wall: ["#484440", 0.8], ditch: ["#645038", 0.6] };

  function shape(tag, attributes, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
    if (text !== undefined) node.textContent = String(text);
    return node;
  }

  /** The map as the map picture draws it (bot/pictures/battlefield.py), in paces: its ground, areas, obstacles,
      the last move and shot, and everyone on it with their name. */
  function drawMap(map) {
    const w = Number(map.width) || 1, h = Number(map.height) || 1;
    const svg = shape("svg", { viewBox: `-1 -1 ${w + 2} ${h + 2}`, class: "map", role: "img" });
    svg.append(shape("title", {}, map.name ? `The map: ${map.name}` : "The map"));
    svg.append(shape("rect", { x: 0, y: 0, width: w, height: h, fill: "#e8d4a8", stroke: "#786048", "stroke-width": 0.3 }));
    for (const [ground, x, y, aw, ah, name] of map.areas) {
      const area = shape("rect", { x, y, width: aw, height: ah, fill: FILLS[ground] || "#d4bc8c" });
      area.append(shape("title", {}, name ? `${name} (${ground})` : ground));
      svg.append(area);
    }
    for (const [barrier, points] of map.obstacles) {
      const [colour, width] = LINES[barrier] || ["#645038", 0.5];
      svg.append(shape("polyline", { points: points.map((p) => p.join(",")).join(" "), fill: "none", stroke: colour,
        "stroke-width": width }));
    }
    if (map.path && map.path.length > 1) {
      svg.append(shape("polyline", { points: map.path.map((p) => p.join(",")).join(" "), fill: "none",
        stroke: "#b46824", "stroke-width": 0.5 }));
    }
    if (map.shot) {
      const [[x1, y1], [x2, y2]] = map.shot;
      svg.append(shape("line", { x1, y1, x2, y2, stroke: "#b02020", "stroke-width": 0.4, "stroke-dasharray": "1 0.6" }));
    }
    const size = Math.max(0.8, Math.min(w, h) / 32);
    for (const [x, y, look, name, down] of map.tokens) {
      svg.append(shape("circle", { cx: x, cy: y, r: size, fill: down ? "#484440" : look === "character" ? "#fcfcf4" : "#dca424",
        stroke: "#1c1814", "stroke-width": size / 4 }));
      svg.append(shape("text", { x, y: y - size * 1.4, "font-size": size * 2.2, "text-anchor": "middle", fill: "#281c10",
        stroke: "#f8f0d8", "stroke-width": size / 5, "paint-order": "stroke" }, name));
    }
    return svg;
  }

  async function decode(base64) {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return JSON.parse(await new Response(stream).text());
  }

  async function check(replay, payload) {
    const button = document.getElementById("verify");
    const out = document.getElementById("verdict");
    button.disabled = true;
    out.replaceChildren(el("p", "working", "Checking…"));
    try {
      const started = performance.now();
      const { verifier, verdict } = await VERIFY.verifyText(payload.log, payload.charts, async (count) => {
        if (count % 2000 === 0) {
          out.firstChild.textContent = `Checking… ${count} entries read`;
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      });
      out.replaceChildren(el("p", `summary ${verdict.status}`, verdict.summary));
      const lines = el("ul", "lines");
      for (const line of verdict.lines) {
        lines.append(el("li", line.includes(": FAILS: ") ? "fails" : line.includes("not yet checkable") ? "unchecked"
          : "matches", line));
      }
      out.append(lines, el("p", "note", `Checked in the page in ${Math.round(performance.now() - started)} ms.`));
      out.dataset.status = verdict.status;
      if (replay) await replay.badge(verifier);
    } catch (error) {
      out.replaceChildren(el("p", "summary fails", error instanceof VERIFY.Unreadable
        ? `This log cannot be read: ${error.message}` : `The check stopped: ${error.message}`));
      out.dataset.status = "unreadable";
    } finally {
      button.disabled = false;
    }
  }

  async function start() {
    const payload = await decode(document.getElementById("record").textContent.trim());
    document.title = `Game record — #${payload.channel}`;
    document.getElementById("title").textContent = `Game record — #${payload.channel}`;
    document.getElementById("verify").addEventListener("click", () => check(replay, payload));
    let replay = null;
    try {
      const entries = [...VERIFY.readExport(payload.log)];
      replay = new Replay(payload, entries);
      replay.mount();
    } catch (error) {
      document.getElementById("step").replaceChildren(el("p", "summary fails", `This log cannot be replayed: ${error.message}`));
    }
    document.body.dataset.ready = "yes";
  }

  return { start };
})();

REPLAY.start();
