"use strict";
/* The in-page verifier: bot/rules/verify.py, line for line, with the browser's Web Crypto (SHA-256, HMAC-SHA256).
   A log line is read as Python's json module reads it (whole numbers of any size, floats told apart, objects in
   their order), so that the chain hashes the bytes the bot hashed and every verdict line reads as Python's. */

const PY = (() => {
  class Float { constructor(value) { this.value = value; } }
  class JsonError extends Error {}
  const MAX_DEPTH = 900;
  const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
  const PLAIN = /[^"\\\x00-\x1f]*/y;

  /** A JSON text as Python's json.loads reads it: objects as Maps, whole numbers as numbers (BigInts past 2^53),
      other numbers as Floats. */
  function loads(text) {
    let at = 0;
    const fail = (what) => { throw new JsonError(`${what}: char ${at}`); };
    const space = () => { while (at < text.length && " \t\n\r".includes(text[at])) at++; };
    function value(depth) {
      if (depth > MAX_DEPTH) fail("nested too deep");
      space();
      const c = text[at];
      if (c === "{") {
        at++; const map = new Map(); space();
        if (text[at] === "}") { at++; return map; }
        for (;;) {
          space(); if (text[at] !== '"') fail("Expecting property name enclosed in double quotes");
          const key = string(); space();
          if (text[at] !== ":") fail("Expecting ':' delimiter");
          at++; map.set(key, value(depth + 1)); space();
          if (text[at] === ",") { at++; continue; }
          if (text[at] === "}") { at++; return map; }
          fail("Expecting ',' delimiter");
        }
      }
      if (c === "[") {
        at++; const list = []; space();
        if (text[at] === "]") { at++; return list; }
        for (;;) {
          list.push(value(depth + 1)); space();
          if (text[at] === ",") { at++; continue; }
          if (text[at] === "]") { at++; return list; }
          fail("Expecting ',' delimiter");
        }
      }
      if (c === '"') return string();
      for (const [word, made] of [["null", null], ["true", true], ["false", false], ["NaN", new Float(NaN)],
        ["Infinity", new Float(Infinity)], ["-Infinity", new Float(-Infinity)]]) {
        if (text.startsWith(word, at)) { at += word.length; return made; }
      }
      NUMBER.lastIndex = at;
      const found = NUMBER.exec(text);
      if (!found) fail("Expecting value");
      at += found[0].length;
      if (found[1] === undefined && found[2] === undefined) {
        const whole = BigInt(found[0]);
        return whole >= -(2n ** 53n) && whole <= 2n ** 53n ? Number(whole) : whole;
      }
      return new Float(Number(found[0]));
    }
    function string() {
      at++;
      let out = "";
      for (;;) {
        PLAIN.lastIndex = at;
        const run = PLAIN.exec(text)[0];
        out += run;
        at += run.length;
        if (at >= text.length) fail("Unterminated string");
        const c = text[at];
        if (c === '"') { at++; return out; }
        if (c < " ") fail("Invalid control character");
        if (c !== "\\") { out += c; at++; continue; }
        const e = text[at + 1];
        const simple = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" }[e];
        if (simple !== undefined) { out += simple; at += 2; continue; }
        if (e !== "u" || !/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) fail("Invalid \\escape");
        let code = parseInt(text.slice(at + 2, at + 6), 16);
        at += 6;
        if (code >= 0xd800 && code < 0xdc00 && text.startsWith("\\u", at) &&
            /^[dD][c-fC-F][0-9a-fA-F]{2}$/.test(text.slice(at + 2, at + 6))) {
          const low = parseInt(text.slice(at + 2, at + 6), 16);
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          at += 6;
        }
        out += String.fromCodePoint(code);
      }
    }
    const made = value(0);
    space();
    if (at !== text.length) fail("Extra data");
    return made;
  }

  const isInt = (v) => typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v));
  /** Python's isinstance(v, int): a whole number or a bool. */
  const isIntLike = (v) => isInt(v) || typeof v === "boolean";
  const isDict = (v) => v instanceof Map;
  const isStr = (v) => typeof v === "string";
  const byCodePoint = (a, b) => {
    const x = Array.from(a), y = Array.from(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = x[i].codePointAt(0) - y[i].codePointAt(0);
      if (d) return d;
    }
    return x.length - y.length;
  };
  const len = (s) => Array.from(s).length;
  const cut = (s, n) => { const chars = Array.from(s); return chars.length > n ? chars.slice(0, n).join("") : s; };

  function floatRepr(x) {
    if (Number.isNaN(x)) return "NaN";
    if (!Number.isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
    if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
    const [mantissa, exp] = x.toExponential().split("e");
    const sign = mantissa.startsWith("-") ? "-" : "";
    const digits = mantissa.replace("-", "").replace(".", "");
    const e = Number(exp);
    if (e < -4 || e >= 16) {
      const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
      return `${sign}${m}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
    }
    if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
    const whole = digits.slice(0, e + 1).padEnd(e + 1, "0"), rest = digits.slice(e + 1);
    return `${sign}${whole}.${rest || "0"}`;
  }

  function quote(s) {
    let out = '"';
    for (const c of s) {
      const code = c.codePointAt(0);
      if (c === '"') out += '\\"';
      else if (c === "\\") out += "\\\\";
      else if (c === "\n") out += "\\n";
      else if (c === "\r") out += "\\r";
      else if (c === "\t") out += "\\t";
      else if (c === "\b") out += "\\b";
      else if (c === "\f") out += "\\f";
      else if (code < 0x20) out += "\\u" + code.toString(16).padStart(4, "0");
      else out += c;
    }
    return out + '"';
  }

  /** json.dumps(value, sort_keys=sorted, separators, ensure_ascii=False). */
  function dumps(value, sorted, comma, colon) {
    if (value === null) return "null";
    if (value === true) return "true";
    if (value === false) return "false";
    if (typeof value === "number" || typeof value === "bigint") return String(value);
    if (value instanceof Float) return floatRepr(value.value);
    if (isStr(value)) return quote(value);
    if (Array.isArray(value)) return "[" + value.map((v) => dumps(v, sorted, comma, colon)).join(comma) + "]";
    const keys = [...value.keys()];
    if (sorted) keys.sort(byCodePoint);
    return "{" + keys.map((k) => quote(k) + colon + dumps(value.get(k), sorted, comma, colon)).join(comma) + "}";
  }
  const canonical = (value) => dumps(value, true, ",", ":");
  const jsonShown = (value) => dumps(value, false, ", ", ": ");

  const UNPRINTABLE = /[\p{C}\p{Z}]/u;
  /** Python's repr of a str. */
  function repr(s) {
    const q = s.includes("'") && !s.includes('"') ? '"' : "'";
    let out = q;
    for (const c of s) {
      const code = c.codePointAt(0);
      if (c === q || c === "\\") out += "\\" + c;
      else if (c === "\n") out += "\\n";
      else if (c === "\r") out += "\\r";
      else if (c === "\t") out += "\\t";
      else if (c !== " " && (code < 0x20 || code === 0x7f || UNPRINTABLE.test(c))) {
        out += code < 0x100 ? "\\x" + code.toString(16).padStart(2, "0")
          : code < 0x10000 ? "\\u" + code.toString(16).padStart(4, "0") : "\\U" + code.toString(16).padStart(8, "0");
      } else out += c;
    }
    return out + q;
  }
  /** Python's str() of a value read from JSON. */
  function str(v) {
    if (isStr(v)) return v;
    if (v === null || v === undefined) return "None";
    if (v === true) return "True";
    if (v === false) return "False";
    if (isInt(v)) return String(v);
    if (v instanceof Float) {
      const r = floatRepr(v.value);
      return { NaN: "nan", Infinity: "inf", "-Infinity": "-inf" }[r] || r;
    }
    if (Array.isArray(v)) return "[" + v.map(reprOf).join(", ") + "]";
    return "{" + [...v.entries()].map(([k, x]) => repr(k) + ": " + reprOf(x)).join(", ") + "}";
  }
  const reprOf = (v) => (isStr(v) ? repr(v) : str(v));
  const capitalize = (s) => (s ? s[0].toUpperCase() + s.slice(1).toLowerCase() : s);
  const isDigits = (s) => /^[\p{Nd}\u00b2\u00b3\u00b9\u2070\u2074-\u2079\u2080-\u2089]+$/u.test(s);
  /** Python's truth of a value read from JSON. */
  const truthy = (v) => !(v === null || v === undefined || v === false || v === 0 || v === 0n || v === "" ||
    (Array.isArray(v) && !v.length) || (v instanceof Map && !v.size) || (v instanceof Float && v.value === 0));
  /** The TypeError Python raises when ``v`` is indexed by a str key. */
  const notSubscriptable = (v) => (Array.isArray(v) ? "list indices must be integers or slices, not str"
    : isStr(v) ? "string indices must be integers, not 'str'"
      : `'${v === null ? "NoneType" : typeof v === "boolean" ? "bool" : v instanceof Float ? "float" : "int"}' object is not subscriptable`);
  const get = (map, key, fallback) => (isDict(map) && map.has(key) ? map.get(key) : fallback);

  return { Float, JsonError, loads, isInt, isIntLike, isDict, isStr, byCodePoint, len, cut, canonical, jsonShown,
    repr, str, capitalize, isDigits, get, floatRepr, truthy, notSubscriptable };
})();

const VERIFY = (() => {
  const { isInt, isIntLike, isDict, isStr, get, repr, str } = PY;
  const BLOCK = "```director-log";
  const MAX_LINE_BYTES = 1 << 20;
  const MAX_SIDES = 2 ** 32;
  const MAX_DICE = 12;
  const MAX_DRAW = 2 ** 31;
  const MAX_CARDS = 1000;
  const ROOT = "root";
  const WORD = 2 ** 32;
  const SPAN = 1n << 256n;
  const HEX = /^[0-9a-f]{64}$/;
  const encoder = new TextEncoder();

  class Unreadable extends Error {}
  class Bad extends Error {}

  const hexOf = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  const bytesOf = (hex) => new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16)));
  const sha256 = async (bytes) => hexOf(await crypto.subtle.digest("SHA-256", bytes));
  const hmacKey = (hex) => crypto.subtle.importKey("raw", bytesOf(hex), { name: "HMAC", hash: "SHA-256" }, false,
    ["sign"]);
  const mac = async (key, text) => new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));

  const commitment = (channel, name, seed) => sha256(encoder.encode(`director:${channel}:${name}:${seed}`));
  const derive = async (root, name) => hexOf(await mac(await hmacKey(root), name));

  async function chainLink(previous, entry) {
    const data = new Map([...entry.get("data")].filter(([key]) => key !== "chain"));
    const body = new Map([["seq", entry.get("seq")], ["at", entry.get("at")], ["actor", entry.get("actor")],
      ["kind", entry.get("kind")], ["text", entry.get("text")], ["data", data]]);
    const text = encoder.encode(PY.canonical(body));
    const whole = new Uint8Array(32 + text.length);
    if (previous) whole.set(bytesOf(previous));
    whole.set(text, 32);
    return sha256(whole);
  }

  /** The draws of one seed (bot/rules/core/fair.py's Draws). */
  class Draws {
    constructor(seed) { this.key = hmacKey(seed); this.blocks = new Map(); }
    async draw(number, k) {
      const key = await this.key;
      if (k <= WORD) {
        const block = Math.floor(number / 8);
        if (!this.blocks.has(block)) {
          if (this.blocks.size > 64) this.blocks.clear();
          this.blocks.set(block, new DataView((await mac(key, String(block))).buffer));
        }
        const x = this.blocks.get(block).getUint32(4 * (number % 8));
        if (x < WORD - (WORD % k)) return x % k;
      }
      const big = BigInt(k), limit = SPAN - (SPAN % big);
      for (let retry = 1; ; retry++) {
        const x = BigInt("0x" + hexOf(await mac(key, `${number}/${retry}`)));
        if (x < limit) return Number(x % big);
      }
    }
  }

  async function dealt(seed, codes) {
    const pack = [...codes].sort(PY.byCodePoint);
    const draws = new Draws(seed);
    let n = 0;
    for (let i = pack.length - 1; i >= 1; i--) {
      const j = await draws.draw(n++, i + 1);
      [pack[i], pack[j]] = [pack[j], pack[i]];
    }
    return pack;
  }

  function* readExport(text) {
    const lines = text.split("\n");
    const starts = [];
    lines.forEach((line, n) => { if (line.replace(/\r+$/, "") === BLOCK) starts.push(n); });
    if (!starts.length) throw new Unreadable("no director-log block: this is not a log exported by /log export");
    if (starts.length > 1) throw new Unreadable(`${starts.length} director-log blocks: a log has one`);
    let last = "the block's start";
    for (let line of lines.slice(starts[0] + 1)) {
      line = line.replace(/\r+$/, "");
      if (line === "```") return;
      if (line.length > MAX_LINE_BYTES) throw new Unreadable(`the line after ${last} is over 1 MiB`);
      let entry;
      try {
        entry = PY.loads(line);
      } catch (error) {
        throw new Unreadable(`the line after ${last} is not an entry (${String(error.message).slice(0, 80)}): cut ` +
          "short or changed");
      }
      if (!isDict(entry) || !isIntLike(entry.get("seq"))) throw new Unreadable(`the line after ${last} is not a log entry`);
      last = `entry #${str(entry.get("seq"))}`;
      yield entry;
    }
    throw new Unreadable(`the director-log block ends after ${last} without its closing line: the log is cut short`);
  }

  function shown(value) {
    const words = isStr(value) ? repr(value) : PY.jsonShown(value === undefined ? null : value);
    return PY.len(words) <= 40 ? words : PY.cut(words, 39) + "…";
  }
  const cut = (value) => value.slice(0, 12) + "…";

  function number(value, what, low = 0, high = MAX_DRAW) {
    if (!isInt(value) || BigInt(value) < BigInt(low) || BigInt(value) > BigInt(high)) {
      throw new Bad(`${what} is ${shown(value)}, not a whole number from ${low} to ${high}`);
    }
    return typeof value === "bigint" && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  }
  function hex64(value, what) {
    if (!isStr(value) || !HEX.test(value)) throw new Bad(`${what} is ${shown(value)}, not 64 hex digits`);
    return value;
  }
  function listed(value, what) {
    if (!Array.isArray(value)) throw new Bad(`${what} is ${shown(value)}, not a list`);
    return value;
  }
  function text(value, what) {
    if (!isStr(value) || PY.len(value) > 200) throw new Bad(`${what} is ${shown(value)}, not a name`);
    return value;
  }
  const plural = (count, one, more) => `${count} ${count === 1 ? one : more}`;

  class Problem {
    constructor(entry, what) { this.entry = entry; this.what = what; }
    toString() { return `entry #${this.entry}, ${this.what}`; }
  }
  const earliest = (problems) => problems.reduce((best, p) => (p.entry < best.entry ? p : best));

  class Seal {
    constructor(name) {
      Object.assign(this, { name, commitment: "", sealedIn: null, cards: null, shuffledIn: [], channel: null,
        seed: null, revealedIn: null, derived: false, ranges: [], high: 0, dice: [], turned: [], placed: new Set(),
        deals: [], shows: [], problems: [] });
    }
    get deck() { return this.name.startsWith("deck "); }
    holderOf(draw) {
      let found = null;
      for (const [first, end, entry] of this.ranges) if (first <= draw && draw < end) found = entry;
      return found;
    }
  }

  /** A chart's data, as the page carries it (bot/record: the charts the log's readings name). */
  function readChart(chart, value) {
    const low = Math.min(...chart.map((row) => row[0])), high = Math.max(...chart.map((row) => row[1]));
    const v = Math.max(low, Math.min(high, value));
    const row = chart.find((r) => r[0] <= v && v <= r[1]);
    return row ? row[2] : null;
  }
  function readGrid(grid, value, column) {
    const values = Object.keys(grid.cells).map(Number);
    const v = Math.max(Math.min(...values), Math.min(Math.max(...values), value));
    const columns = grid.columns;
    const c = Math.max(columns[0], Math.min(columns[columns.length - 1], column));
    return grid.cells[v][columns.indexOf(c)];
  }

  /** The value a logged roll is read as (bot/rules/core/dice.py's Roll), or a Python-like error. */
  function rollValue(roll) {
    if (!isDict(roll)) throw new TypeError(PY.notSubscriptable(roll));
    for (const key of ["dice", "faces"]) if (!roll.has(key)) throw new TypeError(repr(key));
    const dice = roll.get("dice"), faces = roll.get("faces");
    const keyError = (v) => new TypeError(Array.isArray(v) ? "unhashable type: 'list'" : isDict(v)
      ? "unhashable type: 'dict'" : isStr(v) ? repr(v) : str(v));
    if (!["BEST", "WORST", "ALL"].includes(dice[1])) throw keyError(dice[1]);
    const luck = get(roll, "luck", null);
    if (PY.truthy(luck) && !["RED", "BLACK"].includes(luck)) throw keyError(luck);
    if (!faces.length) return 0;
    let kept;
    if (dice[1] === "ALL") kept = faces.map((_, i) => i);
    else {
      let pick = 0;
      faces.forEach((f, i) => { if (dice[1] === "BEST" ? f > faces[pick] : f < faces[pick]) pick = i; });
      kept = [pick];
    }
    const floor = PY.truthy(get(roll, "ones_ignored", false)) ? 2 : 1;
    const values = PY.truthy(luck) ? kept.map(() => (luck === "RED" ? 10 : 1)) : kept.map((i) => Math.max(floor, faces[i]));
    return Math.max(...values);
  }

  function readings(data) {
    const resolution = get(data, "resolution", null);
    if (resolution === null) return [];
    if (!isDict(resolution)) throw new Bad(`its resolution is ${shown(resolution)}`);
    const found = listed(get(resolution, "readings", []), "its readings");
    if (!found.every(isDict)) throw new Bad("a reading is not an object");
    return found;
  }
  function rolls(data) {
    const found = [];
    if (data.has("roll")) found.push([data.get("roll"), "the roll"]);
    for (const roll of listed(get(data, "rolls", []), "its rolls")) found.push([roll, "a roll of the deal"]);
    for (const reading of readings(data)) {
      const label = PY.cut(str(get(reading, "label", "")), 100);
      for (const key of ["first", "roll"]) {
        if (get(reading, key, null) !== null) found.push([reading.get(key), label]);
      }
    }
    if (!found.every(([roll]) => isDict(roll))) throw new Bad("a roll is not an object");
    return found;
  }
  function retaken(data) {
    const named = new Set();
    for (const [roll] of rolls(data)) if (isIntLike(get(roll, "retake"))) named.add(Number(roll.get("retake")));
    const again = get(data, "retaken");
    if (isDict(again) && isIntLike(get(again, "entry"))) named.add(Number(again.get("entry")));
    return named;
  }
  function unreadable(charts, key) {
    if (!isStr(key) || !key || !charts[key]) return "no chart";
    return charts[key].why;
  }
  function rollSeal(roll) { const seal = get(roll, "seal"); return isStr(seal) ? seal : null; }

  /** The outcome title a reading's dice give on its chart (bot/rules/verify.py's recompute); null when it cannot say. */
  function recompute(charts, key, value, reading) {
    const base = get(reading, "base", null), adjustments = get(reading, "adjustments", []);
    let added = 0, based = null;
    try {
      if (PY.truthy(adjustments)) {
        if (!Array.isArray(adjustments)) return null;
        for (const pair of adjustments) {
          if (!Array.isArray(pair) || pair.length !== 2) return null;
          added += number(pair[1], "a modifier", -100, 100);
        }
      }
      if (base !== null) {
        if (!Array.isArray(base) || base.length < 2) return null;
        based = number(base[1], "a base", -100, 100);
      }
    } catch (error) {
      if (error instanceof Bad) return null;
      throw error;
    }
    const chart = charts[key];
    const rolled = Array.isArray(base) && base.length === 2 && base[0] === "rolled" && base[1] === value;
    if (chart.made) {
      const rows = chart.made[`${based === null ? "None" : based},${added}`];
      return rows ? readChart(rows, value) : null;
    }
    if (chart.grid) {
      const column = get(reading, "column");
      if (!isInt(column)) return null;
      return readGrid(chart.grid, value + (rolled ? added : 0), Number(column));
    }
    if (base === null && !PY.truthy(adjustments)) return readChart(chart.rows, value);
    if (rolled) return readChart(chart.rows, value + added);
    return null;
  }

  class Verifier {
    constructor(charts, turnName = null) {
      this.charts = charts || {};
      this.turnName = turnName || "Turn";
      this.named = turnName !== null;
      this.seals = new Map();
      this.problems = [];
      this.recomputed = 0;
      this.notRecomputed = [];
      this.count = 0;
      this.lastSeq = 0;
      this.chain = null;
      this.before = null;
      this.unchained = [];
      this.undone = new Map();
      this.drawsOf = new Map();
      this.retakes = new Map();
      this.prints = new Map();
      this.finished = false;
      this.flagged = new Set();
      this.packs = [];
    }

    seal(name) {
      if (!this.seals.has(name)) this.seals.set(name, new Seal(name));
      return this.seals.get(name);
    }
    fail(seq, what, seal = null) {
      const problem = new Problem(seq, what);
      (seal !== null && this.seals.has(seal) ? this.seals.get(seal).problems : this.problems).push(problem);
    }

    async feed(entry) {
      this.count += 1;
      const seq = entry.get("seq");
      try {
        number(seq, "its number", 1);
        this.numbered(seq);
        const data = entry.get("data");
        if (!isDict(data)) throw new Bad(`its data is ${shown(data)}`);
        if (entry.get("undone") === true) this.flagged.add(seq);
        if (!(await this.chained(seq, entry, data))) return;
        await this.read(seq, data);
        if (entry.get("kind") === "end") this.ended(seq);
      } catch (error) {
        if (!(error instanceof Bad)) throw error;
        this.fail(isInt(seq) ? seq : this.lastSeq + 1, `the log says ${error.message}`);
      }
    }

    numbered(seq) {
      const last = this.lastSeq;
      this.lastSeq = Math.max(this.lastSeq, seq);
      if (seq <= last) {
        this.fail(seq, `expected entry #${last + 1} next, log says #${seq} again or out of order: rows moved`);
      } else if (seq > last + 1) {
        const missing = seq === last + 2 ? `#${last + 1}` : `#${last + 1} to #${seq - 1}`;
        this.fail(seq, `expected entry #${last + 1} before it, log goes from #${last} to #${seq}: ${missing} deleted`);
      }
    }

    async chained(seq, entry, data) {
      let logged = get(data, "chain", null);
      if (logged === null && this.chain === null) { this.unchained.push(seq); return false; }
      logged = hex64(logged, "its chain");
      for (const [key, kind] of [["at", "str"], ["kind", "str"], ["text", "str"], ["actor", "int"]]) {
        const value = get(entry, key, null);
        if (kind === "str" ? !isStr(value) : !isIntLike(value)) throw new Bad(`its ${key} is ${shown(value)}`);
      }
      this.before = this.chain;
      const expected = await chainLink(this.chain, entry);
      if (expected !== logged) {
        this.fail(seq, `expected chain ${cut(expected)} (from the entry before and this one's content), log says ` +
          `${cut(logged)}: this entry, or one before it, was changed, added or removed`);
      }
      this.chain = logged;
      return true;
    }

    async read(seq, data) {
      for (const undone of listed(get(data, "undone", []), "its undone")) {
        const n = number(undone, "an entry undone", 1);
        if (!this.undone.has(n)) this.undone.set(n, seq);
      }
      this.packs = this.packs.filter(([shuffled]) => !this.undone.has(shuffled));
      for (const sealed of listed(get(data, "sealed", []), "its sealed")) this.sealed(seq, sealed);
      const draws = get(data, "draws", new Map());
      if (!isDict(draws)) throw new Bad(`its draws are ${shown(draws)}`);
      this.drew(seq, draws, retaken(data));
      for (const shuffle of listed(get(data, "shuffled", []), "its shuffled")) this.shuffled(seq, shuffle);
      this.cards(seq, data);
      if (data.has("retaken")) this.retakenBy(seq, data.get("retaken"));
      for (const [roll, label] of rolls(data)) this.rolled(seq, roll, label, draws);
      for (const reading of readings(data)) this.outcome(seq, reading);
      for (const revealed of listed(get(data, "revealed", []), "its revealed")) await this.revealed(seq, revealed);
    }

    ended(seq) {
      const root = this.seals.get(ROOT);
      if (root && root.sealedIn !== null && root.revealedIn === null) {
        this.fail(seq, "expected the game's end to reveal the root, and with it every seal, log says no root", ROOT);
      }
    }

    sealed(seq, sealed) {
      if (!isDict(sealed)) throw new Bad(`a seal made is ${shown(sealed)}`);
      const name = text(get(sealed, "name"), "a seal's name");
      const promised = hex64(get(sealed, "commitment"), `the commitment of ${name}`);
      const seal = this.seal(name);
      const head = this.before || "0".repeat(64);
      if (hex64(get(sealed, "chain"), `the chain published with ${name}`) !== head) {
        this.fail(seq, `expected ${this.label(name)}'s commitment published with chain ${cut(head)}, log says ` +
          `${cut(sealed.get("chain"))}`, name);
      }
      if (seal.sealedIn !== null && seal.commitment !== promised) {
        this.fail(seq, `expected ${this.label(name)} sealed again with commitment ${cut(seal.commitment)} ` +
          `(#${seal.sealedIn}), log says ${cut(promised)}`, name);
        return;
      }
      if (sealed.has("cards")) this.packGiven(seq, seal, sealed.get("cards"));
      if (seal.sealedIn === null) { seal.commitment = promised; seal.sealedIn = seq; }
    }

    drew(seq, draws, retakes) {
      for (const [name, value] of draws) {
        const seal = this.seal(text(name, "a seal drawn from"));
        const span = listed(value, `the draws of ${name}`);
        if (span.length !== 2 || number(span[1], `a draw of ${name}`) < number(span[0], `a draw of ${name}`)) {
          throw new Bad(`the draws of ${name} are ${shown(span)}`);
        }
        const [first, end] = span;
        if (!this.drawsOf.has(seq)) this.drawsOf.set(seq, new Map());
        this.drawsOf.get(seq).set(name, [first, end]);
        if (seal.sealedIn === null || seal.sealedIn > seq || (seal.sealedIn === seq && !seal.deck)) {
          this.fail(seq, `expected ${this.label(name)} committed before its first draw, log says it draws ` +
            (seal.sealedIn ? `in #${seq}, committed in #${seal.sealedIn}` : `in #${seq} and never committed`), name);
        }
        if (first > seal.high) {
          this.fail(seq, `expected draws of ${this.label(name)} to go on from ${seal.high}, log says ${first}: draws ` +
            `${seal.high}-${first - 1} are missing`, name);
        } else if (first < seal.high && !this.mayRepeat(seq, seal, first, end, retakes)) {
          this.fail(seq, `expected draws of ${this.label(name)} from ${seal.high} on, log says ${first}-${end - 1} ` +
            `again (drawn by #${str(seal.holderOf(first))}) without a retake`, name);
        }
        seal.ranges.push([first, end, seq]);
        seal.high = Math.max(seal.high, end);
      }
    }

    mayRepeat(seq, seal, first, end, retakes) {
      if (seal.deck) {
        const again = seal.ranges.filter(([f, e]) => f === first && e === end).map(([, , drew]) => drew);
        for (const undone of again.filter((drew) => this.undone.has(drew))) {
          if (!this.retakes.has(undone)) this.retakes.set(undone, []);
          this.retakes.get(undone).push(seq);
        }
        return first === 0 && again.length > 0;
      }
      for (const undone of retakes) {
        const span = this.drawsOf.get(undone)?.get(seal.name);
        if (this.undone.has(undone) && span && span[0] <= first && end <= span[1]) return true;
      }
      return false;
    }

    retook(seq, undone, name, first, end) {
      const span = this.drawsOf.get(undone)?.get(name);
      if (!this.undone.has(undone) || !span || !(span[0] <= first && first <= end && end <= span[1])) {
        this.fail(seq, `expected draws taken again from an undone entry that drew them, log says draws ` +
          `${first}-${end - 1} of ${this.label(name)} from #${undone}`, name);
      } else {
        if (!this.retakes.has(undone)) this.retakes.set(undone, []);
        if (!this.retakes.get(undone).includes(seq)) this.retakes.get(undone).push(seq);
      }
    }

    retakenBy(seq, again) {
      if (!isDict(again) || !isDict(get(again, "draws"))) throw new Bad(`its retaken is ${shown(again)}`);
      const undone = number(get(again, "entry"), "the entry retaken", 1);
      for (const [name, value] of again.get("draws")) {
        const span = listed(value, "draws retaken");
        if (span.length !== 2) throw new Bad(`draws retaken are ${shown(span)}`);
        this.retook(seq, undone, text(name, "a seal retaken"), number(span[0], "a draw"), number(span[1], "a draw"));
      }
    }

    packGiven(seq, seal, given) {
      const cards = listed(given, "a pack").slice(0, MAX_CARDS + 1).map((card) => text(card, "a card"));
      const sorted = [...cards].sort(PY.byCodePoint);
      if (cards.length > MAX_CARDS || cards.some((card, i) => card !== sorted[i])) {
        throw new Bad(`the pack of ${seal.name} is not sorted, or has over ${MAX_CARDS} cards`);
      }
      if (seal.cards === null) seal.cards = cards;
      else if (cards.length !== seal.cards.length || cards.some((card, i) => card !== seal.cards[i])) {
        this.fail(seq, `expected the pack of ${this.label(seal.name)} given before (${seal.cards.length} cards), ` +
          `log says ${cards.length} other cards`, seal.name);
      }
    }

    shuffled(seq, shuffle) {
      if (!isDict(shuffle)) throw new Bad(`a shuffle is ${shown(shuffle)}`);
      const name = text(get(shuffle, "seal"), "a shuffle's seal");
      const seal = this.seal(name);
      if (shuffle.has("cards")) this.packGiven(seq, seal, shuffle.get("cards"));
      seal.shuffledIn.push([seq, this.drawsOf.get(seq)?.get(name) || null]);
      if (get(shuffle, "pile") === "pack") {
        this.packs.push([seq, name]);
        this.turnName = this.named ? this.turnName : "Phase";
      }
    }

    cards(seq, data) {
      if (this.packs.length) {
        const pack = this.seals.get(this.packs[this.packs.length - 1][1]);
        for (const code of listed(get(data, "turned", []), "turned")) pack.turned.push([seq, text(code, "a card turned")]);
        for (const code of listed(get(data, "placed", []), "placed")) pack.placed.add(text(code, "a card placed"));
      }
      for (const deal of listed(get(data, "dealt", []), "its dealt")) {
        if (!isDict(deal)) throw new Bad(`a deal is ${shown(deal)}`);
        const seal = this.seal(text(get(deal, "seal"), "a deal's seal"));
        const start = number(get(deal, "from"), "a deal's first place", 0, MAX_CARDS);
        const count = number(get(deal, "count"), "a deal's count", 0, MAX_CARDS);
        seal.deals.push([seq, start, count, PY.cut(str(get(deal, "to")), 100)]);
      }
      for (const show of listed(get(data, "shown", []), "its shown")) {
        if (!isDict(show)) throw new Bad(`a card shown is ${shown(show)}`);
        const seal = this.seal(text(get(show, "seal"), "a shown card's seal"));
        seal.shows.push([seq, text(get(show, "card"), "a card shown"), PY.cut(str(get(show, "by")), 100)]);
      }
    }

    rolled(seq, roll, label, draws) {
      const name = text(get(roll, "seal"), `the seal of the roll ${repr(label)}`);
      const first = number(roll.has("n") ? roll.get("n") : get(roll, "number"), `the first draw of ${repr(label)}`);
      const dice = listed(get(roll, "dice"), "a roll's dice");
      if (dice.length !== 3) throw new Bad(`the dice of ${repr(label)} are ${shown(dice)}`);
      const count = number(dice[0], `the dice of ${repr(label)}`, 1, MAX_DICE);
      const sides = number(dice[2], `the sides of ${repr(label)}`, 2, MAX_SIDES);
      const faces = listed(get(roll, "faces"), "faces").map((face) => number(face, `a face of ${repr(label)}`, 1, sides));
      if (faces.length !== count) throw new Bad(`${repr(label)} rolls ${count} dice and shows ${faces.length}`);
      const seal = this.seal(name);
      if (roll.has("retake")) this.retook(seq, number(roll.get("retake"), "a retake", 1), name, first, first + count);
      if (seal.deck) this.fail(seq, `expected dice drawn from a turn's seal, log says ${repr(label)} from ${name}`, name);
      const span = this.drawsOf.get(seq)?.get(name);
      const mark = PY.canonical([label, new Map([...roll].filter(([key]) => key !== "retake"))]);
      const printKey = `${name}\u0000${first}`;
      if (span && span[0] <= first && first + count <= span[1]) {
        if (!this.prints.has(printKey)) this.prints.set(printKey, new Set());
        this.prints.get(printKey).add(mark);
      } else if (!this.prints.get(printKey)?.has(mark)) {
        this.fail(seq, `expected ${repr(label)}'s dice among the draws of this entry ${shown(draws.get(name))} or ` +
          `the same roll in the entry that drew ${first}, log says draws ${first}-${first + count - 1}`, name);
      }
      faces.forEach((face, i) => seal.dice.push([seq, first + i, sides, face]));
    }

    outcome(seq, reading) {
      const label = PY.cut(str(get(reading, "label", "")), 100);
      const key = get(reading, "chart", "");
      let value, title;
      try {
        if (!reading.has("roll")) throw new TypeError(repr("roll"));
        value = rollValue(reading.get("roll"));
        const outcome = get(reading, "outcome");
        if (!reading.has("outcome")) throw new TypeError(repr("outcome"));
        if (!isDict(outcome)) throw new TypeError(PY.notSubscriptable(outcome));
        if (!outcome.has("title")) throw new TypeError(repr("title"));
        title = outcome.get("title");
      } catch (error) {
        if (error instanceof Bad) throw error;
        throw new Bad(`the reading ${repr(label)} is not a roll read on a chart (${shown(error.message)})`);
      }
      const why = unreadable(this.charts, key);
      const expected = why ? null : recompute(this.charts, key, value, reading);
      if (expected === null) {
        this.notRecomputed.push([seq, label, why || "its modifiers or column not logged"]);
        return;
      }
      this.recomputed += 1;
      if (expected !== title) {
        const faces = reading.get("roll").get("faces");
        this.fail(seq, `expected ${repr(label)} read ${repr(expected)} from its dice [${faces.join(", ")}], log says ` +
          `${shown(title)}`, rollSeal(reading.get("roll")));
      }
    }

    async revealed(seq, revealed) {
      if (!isDict(revealed)) throw new Bad(`a seed revealed is ${shown(revealed)}`);
      const name = text(get(revealed, "name"), "a revealed seal's name");
      const seed = hex64(get(revealed, "seed"), `the seed of ${name}`);
      const channel = number(get(revealed, "channel"), "a channel", 0, 2n ** 64n);
      const seal = this.seal(name);
      if (seal.sealedIn === null) {
        this.fail(seq, `expected a seed for a seal committed before, log reveals ${this.label(name)}, never committed`,
          name);
        return;
      }
      const promised = await commitment(channel, name, seed);
      if (promised !== seal.commitment) {
        this.fail(seq, `expected a seed of ${this.label(name)} that gives commitment ${cut(seal.commitment)} ` +
          `(#${seal.sealedIn}), log says seed ${cut(seed)}, which gives ${cut(promised)}`, name);
        return;
      }
      Object.assign(seal, { seed, revealedIn: seq, channel });
      if (revealed.has("cards")) this.packGiven(seq, seal, revealed.get("cards"));
    }

    label(name) {
      return PY.isDigits(name.split("/")[0]) ? `${this.turnName} ${name}` : `the ${name}`;
    }

    async verdict(turn = null) {
      if (!this.finished) await this.finish();
      const seals = [...this.seals.values()].filter((seal) => turn === null ||
        seal.name.split("/")[0] === String(turn) || seal.name === `deck pack ${turn}`);
      const failed = this.problems.length > 0 || seals.some((seal) => seal.problems.length);
      const unchecked = this.unchained.length > 0 || !seals.length || seals.some((seal) => seal.seed === null);
      const lines = [this.chainLine(), ...seals.flatMap((seal) => this.sealLines(seal)), this.outcomeLine()];
      return new Verdict(failed ? "fails" : unchecked ? "unchecked" : "matches", lines, seals.length,
        this.unchained.length > 0);
    }

    async finish() {
      this.finished = true;
      const first = this.unchained.length ? this.unchained[this.unchained.length - 1] : 0;
      const marks = [...this.flagged].filter((seq) => !this.undone.has(seq))
        .concat([...this.undone.keys()].filter((seq) => !this.flagged.has(seq)));
      for (const seq of marks.filter((seq) => seq > first || this.undone.has(seq)).sort((a, b) => a - b).slice(0, 1)) {
        const undone = this.undone.has(seq);
        this.fail(seq, `expected it marked ${undone ? "undone" : "live"} as the undo entries say, log says ` +
          `${undone ? "live" : "undone"}`);
      }
      await this.deriveFromRoot();
      for (const seal of this.seals.values()) {
        this.checkShuffles(seal);
        if (seal.seed !== null) await this.check(seal);
      }
    }

    async deriveFromRoot() {
      const root = this.seals.get(ROOT);
      if (!root || root.seed === null) return;
      for (const seal of this.seals.values()) {
        if (seal === root || seal.sealedIn === null || seal.derived) continue;
        const truth = await derive(root.seed, seal.name);
        if (seal.seed !== null && seal.seed !== truth) {
          this.fail(seal.revealedIn, `expected the seed of ${this.label(seal.name)} derived from the root ` +
            `(${cut(truth)}), log says ${cut(seal.seed)}`, seal.name);
        } else if (seal.seed === null && (await commitment(root.channel, seal.name, truth)) !== seal.commitment) {
          this.fail(root.revealedIn, `expected the root to give ${this.label(seal.name)}'s commitment ` +
            `${cut(seal.commitment)} (#${seal.sealedIn}), log says a root that gives another`, seal.name);
        } else if (seal.seed === null) {
          Object.assign(seal, { seed: truth, channel: root.channel, derived: true });
        }
      }
    }

    async check(seal) {
      const draws = new Draws(seal.seed);
      for (const [seq, draw, sides, face] of seal.dice) {
        const truth = 1 + (await draws.draw(draw, sides));
        if (truth !== face) {
          this.fail(seq, `expected draw ${draw} of ${this.label(seal.name)} to roll ${truth} on a D${sides}, log ` +
            `says ${face}`, seal.name);
        }
      }
      if (seal.cards !== null) {
        const order = await dealt(seal.seed, seal.cards);
        this.checkTurns(seal, order);
        this.checkDeals(seal, order);
      }
    }

    checkShuffles(seal) {
      if (!seal.shuffledIn.length) return;
      if (seal.cards === null) {
        this.fail(seal.shuffledIn[0][0], `expected the pack of ${this.label(seal.name)} with its commitment, its ` +
          "shuffle or its reveal, log gives none", seal.name);
        return;
      }
      const want = Math.max(seal.cards.length - 1, 0);
      for (const [seq, span] of seal.shuffledIn) {
        if (!span || span[0] !== 0 || span[1] !== want) {
          this.fail(seq, `expected the shuffle of ${this.label(seal.name)} to take draws 0-${seal.cards.length - 2}, ` +
            `log says ${shown(span ? [...span] : null)}`, seal.name);
        }
      }
    }

    live(seq) { return !this.undone.has(seq); }

    checkTurns(seal, order) {
      const place = new Map(order.map((code, index) => [code, index]));
      let last = -1;
      for (const [seq, code] of seal.turned) {
        if (seal.placed.has(code) || !this.live(seq)) continue;
        const at = place.has(code) ? place.get(code) : -1;
        if (at <= last) {
          const expected = last + 1 < order.length ? order[last + 1] : "no card (the pack is spent)";
          this.fail(seq, `expected ${expected} or a later card of ${this.label(seal.name)} turned, log says ${code}`,
            seal.name);
          return;
        }
        last = at;
      }
    }

    checkDeals(seal, order) {
      const held = new Map();
      const given = new Set();
      for (const [seq, start, count, holder] of seal.deals) {
        if (!this.live(seq)) continue;
        const places = [];
        for (let p = start; p < start + count; p++) places.push(p);
        if (start + count > order.length || places.some((p) => given.has(p))) {
          this.fail(seq, `expected places of ${this.label(seal.name)} not dealt before, within its ${order.length} ` +
            `cards, log says ${start}-${start + count - 1}`, seal.name);
          return;
        }
        places.forEach((p) => given.add(p));
        if (!held.has(holder)) held.set(holder, new Set());
        order.slice(start, start + count).forEach((card) => held.get(holder).add(card));
      }
      for (const [seq, card, holder] of seal.shows) {
        if (this.live(seq) && !(held.get(holder) || new Set()).has(card)) {
          this.fail(seq, `expected a card ${this.label(seal.name)} dealt to ${holder} shown, log says ${card}`,
            seal.name);
          return;
        }
      }
    }

    chainLine() {
      if (this.problems.length) {
        const more = this.problems.length > 1 ? ` (and ${this.problems.length - 1} more)` : "";
        return `The log: FAILS: ${earliest(this.problems)}${more}.`;
      }
      if (this.unchained.length) {
        return `The log: not yet checkable: entries #${this.unchained[0]} to #${this.unchained[this.unchained.length - 1]} ` +
          "were written before entries were chained, and nothing in them is checked.";
      }
      return `The log: matches: its ${this.count} entries each chained to the one before, numbered in order; its last ` +
        `chain is ${str(this.chain)}: the channel's commitments and chains must be the log's.`;
    }

    sealLines(seal) {
      const name = `${PY.capitalize(this.label(seal.name))} (sealed in #${str(seal.sealedIn)}` +
        (seal.commitment ? `, commitment ${cut(seal.commitment)})` : ")");
      let head;
      if (seal.problems.length) {
        const more = seal.problems.length > 1 ? ` (and ${seal.problems.length - 1} more)` : "";
        head = `${name}: FAILS: ${earliest(seal.problems)}${more}.`;
      } else if (seal.seed === null) head = `${name}: not yet checkable: its seed is not revealed yet.`;
      else head = `${name}: matches. ` + this.proved(seal);
      return [head, ...this.undoneDraws(seal).map((note) => `  - ${note}`)];
    }

    proved(seal) {
      const source = seal.derived ? "derived from the root revealed" : `revealed in #${seal.revealedIn}`;
      if (seal.name === ROOT) {
        return `Its seed, ${source}, gives its commitment, and every other seal's seed is derived from it.`;
      }
      const checked = seal.deck ? [] : [seal.dice.length ? plural(seal.dice.length, "die", "dice") : "no dice"];
      if (seal.cards !== null) checked.push(`${seal.cards.length} cards shuffled in their order`);
      const turned = seal.turned.filter(([seq]) => this.live(seq));
      if (turned.length) checked.push(`${turned.length} turned in that order`);
      if (seal.deals.length) {
        const dealtDown = seal.deals.filter(([q]) => this.live(q)).reduce((sum, [, , c]) => sum + c, 0);
        const shownUp = seal.shows.filter(([q]) => this.live(q)).length;
        checked.push(`${dealtDown} dealt face down and ${shownUp} shown, each by its holder`);
      }
      return `Its seed, ${source}, gives its commitment, and ${checked.join(", ")}.`;
    }

    undoneDraws(seal) {
      const notes = [];
      for (const [first, end, seq] of seal.ranges) {
        if (this.undone.has(seq) && end > first) {
          const again = this.retakes.get(seq);
          const fate = again && again.length ? `taken again in #${again.join(", #")}` : "not taken again (burnt)";
          notes.push(`${PY.capitalize(this.label(seal.name))}: draws ${first}-${end - 1} in #${seq}, undone by ` +
            `#${this.undone.get(seq)}; ${fate}`);
        }
      }
      return notes;
    }

    outcomeLine() {
      const line = `Outcomes: ${this.recomputed} recomputed from their dice on their charts`;
      const rest = this.notRecomputed;
      if (!rest.length) return line + ".";
      const named = rest.slice(0, 5).map(([seq, label, why]) => `#${seq} ${repr(label)} (${why})`).join(", ");
      const more = rest.length > 5 ? ` and ${rest.length - 5} more` : "";
      return `${line}; ${rest.length} could not be and rest on the chain alone: ${named}${more}.`;
    }
  }

  class Verdict {
    constructor(status, lines, seals, unchained) { Object.assign(this, { status, lines, seals, unchained }); }
    get headline() {
      return { matches: "every check passes", fails: "a check FAILS",
        unchecked: "nothing fails, but not everything is checkable yet" }[this.status];
    }
    firstProblem() {
      const failing = this.lines.filter((line) => line.includes(": FAILS: entry #"));
      const at = (line) => parseInt(line.split(": FAILS: entry #")[1].split(",")[0], 10);
      if (failing.length) return failing.reduce((best, line) => (at(line) < at(best) ? line : best));
      return this.lines.find((line) => line.includes("not yet checkable")) || this.headline;
    }
    /** The last line `python -m bot verify` prints. */
    get summary() {
      return `Verdict: ${this.headline}` + (this.status === "matches" ? "." : `: ${this.firstProblem()}`);
    }
  }

  /** The verdict on an exported log's text: its entries read as the bot reads them, then checked. */
  async function verifyText(text, charts, onEntry = null) {
    const verifier = new Verifier(charts);
    for (const entry of readExport(text)) {
      await verifier.feed(entry);
      if (onEntry) await onEntry(verifier.count);
    }
    return { verifier, verdict: await verifier.verdict() };
  }

  return { Verifier, Verdict, Unreadable, readExport, verifyText, dealt, commitment, derive, chainLink };
})();
