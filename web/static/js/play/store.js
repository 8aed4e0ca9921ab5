// store.js: a table game as the page keeps it (docs/table.md): the
// server's last answer and the changes made since, kept in localStorage
// after every change so that a reload, a crash or a lost connection loses
// no mark, and sent to the server over the revision they were made on.
// The server decides what a change does and works out every number; this
// module holds no game rule. A change the server finds made on an older
// revision is a conflict: the page shows both and the player chooses.

const RETRY_MS = 5000;
const BATCH = 200; // the most changes the server takes at once

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

  /** sync sends the changes waiting, over the revision they were made on. */
  async sync() {
    if (this.watch || this.sending || !this.pending.length || this.conflict || !this.game) return;
    const ops = this.pending.slice(0, BATCH);
    this.sending = ops.length;
    this.status = 'sending';
    this.changed();
    let res, body;
    try {
      res = await fetch(`${this.url}/marks`, {
        method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ base: this.game.rev, ops }),
      });
      body = await res.json().catch(() => ({}));
    } catch {
      this.sending = 0;
      this.status = 'offline';
      this.retry();
      return this.changed();
    }
    this.sending = 0;
    if (res.ok) {
      this.game = body;
      this.pending = this.pending.slice(ops.length);
      this.status = this.pending.length ? 'sending' : 'synced';
      this.message = '';
      this.save();
      this.changed();
      if (this.pending.length) this.sync();
      return;
    }
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
