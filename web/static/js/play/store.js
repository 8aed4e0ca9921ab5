// store.js: a table game as the page keeps it (docs/table.md): the
// server's last answer and the changes made since, kept in localStorage
// after every change so that a reload, a crash or a lost connection loses
// no mark, and sent to the server over the revision they were made on.
// The server decides what a change does and works out every number; this
// module holds no game rule. A change the server finds made on an older
// revision is a conflict: the page shows both and the player chooses.

const RETRY_MS = 5000;
const BATCH = 200; // the most changes the server takes at once

/** postJSON posts payload as JSON to url with the session's cookie and
 *  answers the response and its JSON body ({} when it has none); it
 *  throws only when the server cannot be reached. */
async function postJSON(url, payload) {
  const res = await fetch(url, {
    method: 'POST', credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(payload),
  });
  return { res, body: await res.json().catch(() => ({})) };
}

/** localGames lists the games this browser keeps: {id, name, pending}. */
export function localGames() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k || !k.startsWith('slipway.play:')) continue;
    try {
      const v = JSON.parse(localStorage.getItem(k));
      if (v && v.game) out.push({ id: k.slice('slipway.play:'.length), name: v.game.name, pending: (v.pending || []).length });
    } catch { /* not ours */ }
  }
  return out;
}

/** GameStore keeps one game: the owner's (id) or a watched one (watch). */
export class GameStore {
  constructor({ id, watch }, onChange) {
    this.id = id;
    this.watch = watch;
    this.key = watch ? `slipway.watch:${watch}` : `slipway.play:${id}`;
    this.url = watch ? `/api/v1/watch/${encodeURIComponent(watch)}` : `/api/v1/games/${encodeURIComponent(id)}`;
    this.onChange = onChange;
    this.game = null; // the server's last answer
    this.pending = []; // changes made since, in order
    this.sending = 0; // how many of pending are on their way
    this.status = 'loading'; // loading, synced, sending, offline, conflict, error, signed-out
    this.conflict = null; // {current, ops}
    this.message = '';
    this.timer = 0;
    try {
      const saved = JSON.parse(localStorage.getItem(this.key) || 'null');
      if (saved && saved.game) {
        this.game = saved.game;
        this.pending = Array.isArray(saved.pending) ? saved.pending : [];
      }
    } catch { /* a broken copy is read again from the server */ }
    addEventListener('online', () => this.refresh());
  }

  save() {
    try {
      localStorage.setItem(this.key, JSON.stringify({ game: this.game, pending: this.pending }));
    } catch {
      this.message = 'This browser has no room left to keep the game; marks are kept only while the page is open.';
    }
  }

  changed() { this.onChange(this); }

  /** refresh reads the game from the server, then sends what is waiting. */
  async refresh() {
    let res;
    try {
      res = await fetch(this.url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' });
    } catch {
      this.status = this.game ? 'offline' : 'error';
      this.message = this.game ? '' : 'Could not reach the server, and this browser has no copy of the game yet.';
      this.retry();
      return this.changed();
    }
    if (res.status === 401) {
      this.status = 'signed-out';
      return this.changed();
    }
    if (!res.ok) {
      const body = await res.json().catch(() => ({}));
      this.status = 'error';
      this.message = res.status === 404 ? 'There is no such game, or it is not yours.' : (body.detail || `The server answered ${res.status}.`);
      return this.changed();
    }
    this.game = await res.json();
    this.status = 'synced';
    this.save();
    this.changed();
    if (!this.watch) this.sync();
  }

  retry() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => (this.pending.length ? this.sync() : this.refresh()), RETRY_MS);
  }

  /** push adds a change (made now) and sends it soon. */
  push(op) {
    if (this.watch || !this.game) return;
    this.pending.push({ ...op, at: new Date().toISOString() });
    this.save();
    this.changed();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.sync(), 120); // taps close together go as one request
  }

  mark(ship, box, mark) { this.push({ op: 'mark', ship, box, mark }); }
  turn(n) { this.push({ op: 'turn', turn: n }); }
  critical(ship, section, category, effect) { this.push({ op: 'critical', ship, section, category, effect }); }

  /** undo takes back the last change not yet sent, or asks the server to
   *  undo its last step. */
  undo() {
    const last = this.pending[this.pending.length - 1];
    if (last && this.pending.length > this.sending && (last.op === 'mark' || last.op === 'turn')) {
      this.pending.pop();
      this.save();
      return this.changed();
    }
    this.push({ op: 'undo' });
  }

  redo() { this.push({ op: 'redo' }); }

  /** marks is ship's marks as they stand here: the server's, then the
   *  changes not yet answered. */
  marks(ship) {
    const s = this.game && this.game.ships.find((x) => x.key === ship);
    const m = { ...(s ? s.marks : {}) };
    for (const op of this.pending) {
      if (op.op !== 'mark' || op.ship !== ship) continue;
      if (op.mark) m[op.box] = op.mark;
      else delete m[op.box];
    }
    return m;
  }

  /** turn is the turn as it stands here. */
  currentTurn() {
    let t = this.game ? this.game.turn : 1;
    for (const op of this.pending) if (op.op === 'turn') t = op.turn;
    return t;
  }

  /** unreached: the server could not be reached; the changes wait and
   *  are sent again later. */
  unreached() {
    this.sending = 0;
    this.status = 'offline';
    this.retry();
    return this.changed();
  }

  /** accepted: the server took ops and answered game; the next batch,
   *  if any, follows. */
  accepted(game, ops) {
    this.game = game;
    this.pending = this.pending.slice(ops.length);
    this.status = this.pending.length ? 'sending' : 'synced';
    this.message = '';
    this.save();
    this.changed();
    if (this.pending.length) this.sync();
  }

  /** sync sends the changes waiting, over the revision they were made on. */
  async sync() {
    if (this.watch || this.sending || !this.pending.length || this.conflict || !this.game) return;
    const ops = this.pending.slice(0, BATCH);
    this.sending = ops.length;
    this.status = 'sending';
    this.changed();
    let res, body;
    try {
      ({ res, body } = await postJSON(`${this.url}/marks`, { base: this.game.rev, ops }));
    } catch {
      return this.unreached();
    }
    this.sending = 0;
    if (res.ok) return this.accepted(body, ops);
    if (res.status === 409 && body.current) {
      this.conflict = { current: body.current, ops };
      this.status = 'conflict';
      return this.changed();
    }
    if (res.status === 401) {
      this.status = 'signed-out';
      return this.changed();
    }
    if (res.status === 404) {
      this.status = 'error';
      this.message = 'This game is no longer on the server (deleted, or not yours); the marks made here are kept in this browser only.';
      return this.changed();
    }
    if (res.status === 400 || res.status === 413) {
      // The server refused these changes: none can ever apply, so they
      // are taken back and the player told why.
      this.pending = this.pending.slice(ops.length);
      this.status = 'error';
      this.message = `The server refused a change, so it was taken back: ${body.detail || 'no reason given'}`;
      this.save();
      return this.changed();
    }
    this.status = 'offline';
    this.message = body.detail || '';
    this.retry();
    this.changed();
  }

  /** resolve ends a conflict: "mine" applies the waiting changes on top of
   *  the game as it stands, "theirs" keeps the game as it stands and drops
   *  them. */
  resolve(choice) {
    if (!this.conflict) return;
    this.game = this.conflict.current;
    this.conflict = null;
    if (choice === 'theirs') this.pending = [];
    this.status = 'synced';
    this.save();
    this.changed();
    this.sync();
  }
}

// ------------------------------------------------ a game kept here only

const LOCAL = 'slipway.local:';
const MAX_LOCAL_OPS = 1000; // the most changes the server replays for a game kept here

/** newLocalId names a game kept in this browser. */
export function newLocalId() {
  const b = crypto.getRandomValues(new Uint8Array(9));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

/** localOnlyGames lists the games kept in this browser only: {id, name, changes}. */
export function localOnlyGames() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k || !k.startsWith(LOCAL)) continue;
    try {
      const v = JSON.parse(localStorage.getItem(k));
      if (v && v.game) out.push({ id: k.slice(LOCAL.length), name: v.game.name, changes: (v.done || []).length + (v.pending || []).length });
    } catch { /* not ours */ }
  }
  return out;
}

/** startLocal starts a game kept in this browser from sides (library
 *  fleets or designs: {fleet} or {design}): the server works out the
 *  game and keeps nothing. It answers the game's local id. */
export async function startLocal(sides) {
  const res = await fetch('/api/v1/play/derive', {
    method: 'POST', credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ sides }),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.detail || `The server answered ${res.status}.`);
  const id = newLocalId();
  localStorage.setItem(LOCAL + id, JSON.stringify({ sides, game: body, done: [], pending: [] }));
  return id;
}

/** LocalStore keeps a game in this browser only: the sides it started
 *  from, the changes the server has worked out (done) and those made
 *  since (pending). The server keeps nothing: every answer is the game
 *  worked out again from the sides and every change, by the same rules
 *  as a game kept in an account (POST /api/v1/play/derive). */
export class LocalStore extends GameStore {
  constructor(local, onChange) {
    super({ id: '' }, onChange);
    this.local = local;
    this.key = LOCAL + local;
    this.url = '/api/v1/play/derive';
    this.sides = [];
    this.done = [];
    this.game = null;
    this.pending = [];
    try {
      const saved = JSON.parse(localStorage.getItem(this.key) || 'null');
      if (saved && saved.game) {
        this.sides = saved.sides || [];
        this.game = saved.game;
        this.done = Array.isArray(saved.done) ? saved.done : [];
        this.pending = Array.isArray(saved.pending) ? saved.pending : [];
      }
    } catch { /* nothing kept */ }
  }

  save() {
    try {
      localStorage.setItem(this.key, JSON.stringify({ sides: this.sides, game: this.game, done: this.done, pending: this.pending }));
    } catch {
      this.message = 'This browser has no room left to keep the game; marks are kept only while the page is open.';
    }
  }

  /** sheetQuery names the sides in a sheet's address. */
  sheetQuery() {
    return this.sides.map((s) => `side=${s.fleet ? 'fleet' : 'design'}:${encodeURIComponent(s.fleet || s.design)}`).join('&');
  }

  async refresh() {
    if (!this.game) {
      this.status = 'error';
      this.message = 'This browser keeps no game by this address: it may have been kept in your account, or the site\'s data cleared.';
      return this.changed();
    }
    if (this.pending.length) return this.sync();
    this.status = 'synced';
    this.changed();
  }

  async sync() {
    if (this.sending || !this.pending.length || !this.game) return;
    const room = MAX_LOCAL_OPS - this.done.length;
    if (room <= 0) {
      this.status = 'error';
      this.message = `This game has ${MAX_LOCAL_OPS} changes, the most a game kept in this browser may have: keep it in your account to go on.`;
      return this.changed();
    }
    const ops = this.pending.slice(0, Math.min(BATCH, room));
    this.sending = ops.length;
    this.status = 'sending';
    this.changed();
    let res, body;
    try {
      ({ res, body } = await postJSON(this.url, { sides: this.sides, ops: [...this.done, ...ops] }));
    } catch {
      return this.unreached();
    }
    this.sending = 0;
    if (res.ok) {
      this.done = [...this.done, ...ops];
      return this.accepted(body, ops);
    }
    if (res.status === 400 || res.status === 413) {
      this.pending = this.pending.slice(ops.length);
      this.status = 'error';
      this.message = `The server refused a change, so it was taken back: ${body.detail || 'no reason given'}`;
      this.save();
      return this.changed();
    }
    if (res.status === 404) {
      this.status = 'error';
      this.message = 'A fleet or design this game started from is no longer in the library; the marks made here are kept in this browser.';
      return this.changed();
    }
    this.status = 'offline';
    this.message = body.detail || '';
    this.retry();
    this.changed();
  }

  /** keep stores the game in the signed-in player's account: a game
   *  started from the same sides, then every change made here, in
   *  batches, over the revision each was made on. It answers the stored
   *  game's id; on a failure nothing is kept there and the game stays
   *  here, whole. */
  async keep() {
    const post = async (url, body) => {
      let res, out;
      try {
        ({ res, body: out } = await postJSON(url, body));
      } catch {
        throw new Error('Could not reach the server: the game is still kept in this browser; try again when the connection is back.');
      }
      if (res.status === 401) throw new Error('You are not logged in any more: log in again, then keep the game.');
      if (!res.ok) throw new Error(`The game could not be kept in your account: ${out.detail || `the server answered ${res.status}`}. It is still kept in this browser.`);
      return out;
    };
    const ops = [...this.done, ...this.pending];
    let g = await post('/api/v1/games', { name: this.game.name, sides: this.sides });
    try {
      for (let i = 0; i < ops.length; i += BATCH) {
        g = await post(`/api/v1/games/${encodeURIComponent(g.id)}/marks`, { base: g.rev, ops: ops.slice(i, i + BATCH) });
      }
    } catch (err) {
      // Half a game is no game: take it back, the game stays here whole.
      await fetch(`/api/v1/games/${encodeURIComponent(g.id)}`, { method: 'DELETE', credentials: 'same-origin' }).catch(() => {});
      throw err;
    }
    localStorage.setItem(`slipway.play:${g.id}`, JSON.stringify({ game: g, pending: [] }));
    localStorage.removeItem(this.key);
    return g.id;
  }
}
