// main.js: table mode (docs/table.md). /play lists your games and starts
// one from one or two fleets; /play/{id} plays a game on its ships' record
// sheets; /play/watch/{token} shows a game read-only. Every number shown
// comes from the server's answer (the game's rules work it out); a tap
// shows its mark at once, is kept in this browser at once, and is sent
// to the server, which answers the numbers that follow from it.
import { html, render, Component, count } from '../ui.js';
import { GameStore, LocalStore, localGames, localOnlyGames, startLocal } from './store.js';
import { Sheet, loadSheet } from './sheet.js';

const app = document.getElementById('play-app');
const ds = app.dataset;

/** The service worker keeps the play pages, their files and the sheets
 *  for use offline. Under the page's Trusted Types policy the worker's
 *  address goes through a policy that allows only it. */
let keepSent = false;
function keepOffline(extra = []) {
  if (!('serviceWorker' in navigator)) return;
  const tt = window.trustedTypes;
  const policy = tt && (keepOffline.policy ||= tt.createPolicy('slipway-play-worker', {
    createScriptURL: (u) => { if (u !== '/play/sw.js') throw new TypeError('not the play worker'); return u; },
  }));
  navigator.serviceWorker.register(policy ? policy.createScriptURL('/play/sw.js') : '/play/sw.js', { scope: '/play' })
    .then(() => navigator.serviceWorker.ready)
    .then((reg) => {
      const seen = performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.startsWith(location.origin));
      const keep = [location.pathname, ...(keepSent ? [] : seen), ...extra];
      keepSent = true;
      navigator.serviceWorker.addEventListener('message', (e) => { if (e.data && e.data.kept) app.dataset.kept = 'true'; });
      if (reg.active) reg.active.postMessage({ keep });
    })
    .catch(() => { /* no worker: the game still keeps its marks in this browser */ });
}

const when = (iso) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
};

// ---------------------------------------------------------------- the list

class GameList extends Component {
  constructor() {
    super();
    this.state = { games: null, fleets: [], designs: [], a: '', b: '', error: '', busy: false };
  }

  async componentDidMount() {
    app.setAttribute('aria-busy', 'false');
    keepOffline();
    if (!ds.user) return this.loadPublic();
    try {
      const [mine, myFleets, pub, myDesigns] = await Promise.all([
        fetch('/api/v1/games', { credentials: 'same-origin' }).then((r) => r.json()),
        fetch('/api/v1/fleets', { credentials: 'same-origin' }).then((r) => r.json()),
        fetch('/api/v1/fleet-library?limit=50', { credentials: 'same-origin' }).then((r) => r.json()),
        fetch('/api/v1/designs', { credentials: 'same-origin' }).then((r) => r.json()),
      ]);
      const fleets = [...(myFleets.fleets || []), ...(pub.fleets || []).filter((f) => !(myFleets.fleets || []).some((m) => m.id === f.id))];
      // A design of a game without table play is refused by the server, which says why.
      const designs = myDesigns.designs || [];
      this.setState({ games: mine.games || [], fleets, designs, a: fleets.length ? fleets[0].id : '' });
    } catch {
      this.setState({ games: [], error: 'Could not reach the server: the games this browser keeps are listed below.' });
    }
  }

  /** loadPublic lists what a player without an account may start a
   *  game from: the public library's fleets and designs. */
  async loadPublic() {
    try {
      const [pub, lib] = await Promise.all([
        fetch('/api/v1/fleet-library?limit=50', { credentials: 'same-origin' }).then((r) => r.json()),
        fetch('/api/v1/library?limit=50', { credentials: 'same-origin' }).then((r) => r.json()),
      ]);
      const fleets = pub.fleets || [];
      const designs = lib.designs || [];
      this.setState({ games: [], fleets, designs, a: fleets.length ? fleets[0].id : designs.length ? `design:${designs[0].id}` : '' });
    } catch {
      this.setState({ games: [], error: 'Could not reach the server: the games this browser keeps are listed below.' });
    }
  }

  async start(e) {
    e.preventDefault();
    const { a, b } = this.state;
    if (!a) return;
    this.setState({ busy: true, error: '' });
    const side = (v) => (v.startsWith('design:') ? { design: v.slice('design:'.length) } : { fleet: v });
    const sides = [side(a)];
    if (b) sides.push(side(b));
    if (!ds.user) {
      // No account: the game is kept in this browser only.
      try {
        location.assign(`/play/local/${encodeURIComponent(await startLocal(sides))}`);
      } catch (err) {
        this.setState({ busy: false, error: err.message || 'Could not start the game.' });
      }
      return;
    }
    try {
      const res = await fetch('/api/v1/games', {
        method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ sides }),
      });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) throw new Error(body.detail || `The server answered ${res.status}.`);
      location.assign(`/play/${encodeURIComponent(body.id)}`);
    } catch (err) {
      this.setState({ busy: false, error: err.message || 'Could not start the game.' });
    }
  }

  render(_, { games, fleets, designs, a, b, error, busy }) {
    const local = localGames();
    const here = localOnlyGames();
    const label = (f) => `${f.name} (${f.owner || 'you'}, ${count(f.summary ? f.summary.ships : 0, 'ship')})`;
    const options = html`<optgroup label="Fleets">${fleets.map((f) => html`<option value=${f.id}>${label(f)}</option>`)}</optgroup>
      ${designs.length > 0 && html`<optgroup label=${ds.user ? 'Your designs, one ship' : 'Designs of the library, one ship'}>${designs.map((d) => html`<option value=${`design:${d.id}`}>${d.name}</option>`)}</optgroup>`}`;
    return html`
      <h1>Table mode</h1>
      <p>Play a fleet on its record sheets: tap a box to mark it, and the rules' numbers follow. The game is kept in this browser as you play and in your account when you are online, so it opens without a connection too.</p>
      ${!ds.user && html`<p class="notice">You are not logged in: a game you start is kept in this browser only. To keep your games in your account and play them on any device, <a href="/login?next=/play">log in</a> or <a href="/register?next=/play">register</a>.</p>`}
      ${error && html`<p class="notice error" role="alert">${error}</p>`}
      ${(ds.user || games !== null) && html`
        <h2>Start a game</h2>
        <form class="start" onSubmit=${(e) => this.start(e)}>
          <label>Your side <select id="side-a" value=${a} onChange=${(e) => this.setState({ a: e.target.value })}>
            ${options}
          </select></label>
          <label>The other side (optional) <select id="side-b" value=${b} onChange=${(e) => this.setState({ b: e.target.value })}>
            <option value="">None: play one side</option>
            ${options}
          </select></label>
          <p><button class="btn primary" type="submit" disabled=${busy || !a}>${busy ? 'Starting…' : 'Start the game'}</button></p>
        </form>`}
      ${ds.user && html`<h2>Your games</h2>
        ${games === null ? html`<p>Loading your games…</p>` : games.length === 0 ? html`<p>No games yet.</p>` : html`
          <ul class="games">${games.map((g) => html`<li><a href=${`/play/${encodeURIComponent(g.id)}`}>${g.name}</a> <span class="small">${count(g.ships, 'ship')}, ${count(g.rev, 'change')}</span></li>`)}</ul>`}`}
      ${here.length > 0 && html`<h2>Kept in this browser only</h2>
        <ul class="games" id="local-games">${here.map((g) => html`<li><a href=${`/play/local/${encodeURIComponent(g.id)}`}>${g.name}</a> <span class="small">${count(g.changes, 'change')}</span></li>`)}</ul>`}
      ${local.length > 0 && html`<h2>Kept in this browser</h2>
        <ul class="games">${local.map((g) => html`<li><a href=${`/play/${encodeURIComponent(g.id)}`}>${g.name}</a>${g.pending ? html` <span class="small">${count(g.pending, 'change')} waiting to sync</span>` : ''}</li>`)}</ul>`}`;
  }
}

// ---------------------------------------------------------------- a game

class Game extends Component {
  constructor() {
    super();
    const tick = () => this.setState({ tick: (this.state.tick || 0) + 1 });
    this.store = ds.local ? new LocalStore(ds.local, tick) : new GameStore({ id: ds.game, watch: ds.watch }, tick);
    this.sheets = new Map(); // ship key: a promise of its Sheet
    this.ready = new Map(); // ship key: its Sheet, once drawn
    this.state = { ship: '', zoom: 1, sheetStatus: '', tick: 0 };
    this.holder = null;
  }

  componentDidMount() {
    app.setAttribute('aria-busy', 'false');
    if (this.store.game) this.choose(this.store.game.ships[0].key);
    this.store.refresh().then(() => {
      const g = this.store.game;
      if (!g) return;
      if (!this.state.ship) this.choose(g.ships[0].key);
      keepOffline(g.ships.map((s) => this.sheetURL(s.key)));
    });
    if (ds.watch) this.poll = setInterval(() => this.store.refresh(), 5000);
  }

  componentWillUnmount() { clearInterval(this.poll); }

  sheetURL(key) {
    if (ds.local) return `/api/v1/play/ships/${encodeURIComponent(key)}/sheet.svg?${this.store.sheetQuery()}`;
    const base = ds.watch ? `/api/v1/watch/${encodeURIComponent(ds.watch)}` : `/api/v1/games/${encodeURIComponent(ds.game)}`;
    return `${base}/ships/${encodeURIComponent(key)}/sheet.svg`;
  }

  /** choose shows ship key's sheet, loading it the first time. */
  async choose(key) {
    this.setState({ ship: key, sheetStatus: this.sheets.has(key) ? '' : 'Drawing the sheet…' });
    let sh = this.sheets.get(key);
    if (!sh) {
      sh = loadSheet(this.sheetURL(key)).then((svg) => (svg.status === undefined ? new Sheet(svg, (id, at) => this.tap(key, id, at)) : svg));
      this.sheets.set(key, sh);
    }
    const got = await sh;
    if (this.state.ship !== key) return;
    if (!(got instanceof Sheet)) {
      this.sheets.delete(key);
      this.setState({ sheetStatus: got.status === 0 ? 'The sheet could not be loaded without a connection; it is kept once it has been shown online.' : `The server could not draw the sheet (error ${got.status}).` });
      return;
    }
    this.ready.set(key, got);
    this.current = got;
    got.show(this.store.marks(key));
    if (this.holder) this.holder.replaceChildren(got.svg);
    this.setState({ sheetStatus: '' });
    if (!app.dataset.ready) performance.measure('slipway:open', { start: 0 }); // navigation to the first sheet drawn
    app.dataset.ready = key;
  }

  /** tap marks box id of ship key with the next mark its choices allow;
   *  the page measures the time from the tap to the frame that shows it
   *  (performance.measure 'slipway:mark', docs/performance.md). */
  tap(key, id, at = performance.now()) {
    if (ds.watch) return;
    const ship = this.store.game.ships.find((s) => s.key === key);
    const kind = id.split('.')[1];
    const cycle = ['', ...((ship.choices && (ship.choices[id] || ship.choices[kind])) || [])];
    const cur = this.store.marks(key)[id] || '';
    const next = cycle[(cycle.indexOf(cur) + 1) % cycle.length];
    const sheet = this.ready.get(key);
    if (sheet) sheet.set(id, next); // on screen at once, before anything else
    requestAnimationFrame(() => performance.measure('slipway:mark', { start: at }));
    this.store.mark(key, id, next);
  }

  componentDidUpdate() {
    const s = this.ready.get(this.state.ship);
    if (s) s.show(this.store.marks(this.state.ship));
  }

  statusLine() {
    const st = this.store;
    const waiting = st.pending.length;
    if (ds.watch) {
      return st.status === 'offline' ? html`<p class="sync offline" role="status">No connection: this is the game as last seen.</p>`
        : html`<p class="sync" role="status">Watching: the game as its owner marks it, read every 5 seconds.</p>`;
    }
    switch (st.status) {
      case 'conflict':
        return html`<div class="sync conflict" role="alert"><p>The game was changed on another device while ${count(st.conflict.ops.length, 'change')} of yours waited. Nothing is lost: choose what to keep.</p>
          <div class="choices"><button class="btn primary" id="keep-mine" onClick=${() => st.resolve('mine')}>Apply my ${count(waiting, 'change')} on top</button>
          <button class="btn" id="keep-theirs" onClick=${() => st.resolve('theirs')}>Keep the game as saved and drop mine</button></div></div>`;
      case 'offline':
        return html`<p class="sync offline" role="status">No connection: ${waiting ? `${count(waiting, 'change')} kept in this browser, sent when the connection is back` : 'the game is kept in this browser'}.</p>`;
      case 'signed-out':
        return html`<p class="sync error" role="status">You are not logged in: <a href=${`/login?next=${encodeURIComponent(location.pathname)}`}>log in</a> to keep this game in step with your account; ${count(waiting, 'change')} kept in this browser.</p>`;
      case 'error':
        return html`<p class="sync error" role="alert">${st.message}</p>`;
      case 'sending':
        return html`<p class="sync pending" role="status">Saving ${count(waiting, 'change')}…</p>`;
      case 'loading':
        return html`<p class="sync" role="status">Loading the game…</p>`;
      default:
        if (ds.local) return html`<p class="sync" role="status">${waiting ? `${count(waiting, 'change')} waiting for the server's numbers.` : 'All marks kept in this browser.'}</p>`;
        return html`<p class="sync" role="status">${waiting ? `${count(waiting, 'change')} waiting to be saved.` : 'All marks saved.'}</p>`;
    }
  }

  /** keepPanel offers to keep a game kept in this browser only in the
   *  player's account (or to log in for it). */
  keepPanel() {
    const { keeping, keepError } = this.state;
    if (!ds.user) {
      return html`<p class="notice keep">This game is kept in this browser only. To keep it in your account, <a href=${`/login?next=${encodeURIComponent(location.pathname)}`}>log in</a> or <a href=${`/register?next=${encodeURIComponent(location.pathname)}`}>register</a>.</p>`;
    }
    const keep = async () => {
      this.setState({ keeping: true, keepError: '' });
      try {
        location.assign(`/play/${encodeURIComponent(await this.store.keep())}`);
      } catch (err) {
        this.setState({ keeping: false, keepError: err.message });
      }
    };
    return html`<div class="notice keep"><p>This game is kept in this browser only.</p>
      <p><button class="btn primary" id="keep-game" disabled=${keeping || this.store.sending > 0} onClick=${keep}>${keeping ? 'Keeping it…' : 'Keep this game in my account'}</button></p>
      ${keepError && html`<p class="error" role="alert">${keepError}</p>`}</div>`;
  }

  render(_, { ship: key, zoom, sheetStatus }) {
    const st = this.store;
    const g = st.game;
    if (!g) {
      return html`<h1>${ds.watch ? 'Watching a game' : 'Game'}</h1>${this.statusLine()}`;
    }
    const ship = g.ships.find((s) => s.key === key) || g.ships[0];
    const state = ship.state || { numbers: [], notes: [] };
    const stale = st.pending.some((op) => op.ship === ship.key || op.op === 'undo' || op.op === 'redo');
    const turn = st.currentTurn();
    const ro = !!ds.watch;
    const hull = (s) => (s.state && s.state.numbers.find((n) => n.key === 'hull')) || null;
    const log = [...st.pending.map((op) => ({ text: describe(op, g), waiting: true, at: op.at })).reverse(), ...[...g.log].reverse()];
    return html`
      <h1>${g.name}</h1>
      <div class="play-bar">
        <span class="turn">${!ro && html`<button class="btn" id="turn-back" aria-label="Previous turn" disabled=${turn <= 1} onClick=${() => st.turn(turn - 1)}>−</button>`}
          <output id="turn" aria-live="polite">Turn ${turn}</output>
          ${!ro && html`<button class="btn" id="turn-next" aria-label="Next turn" onClick=${() => st.turn(turn + 1)}>+</button>`}</span>
        ${!ro && html`<button class="btn" id="undo" onClick=${() => st.undo()} disabled=${!st.pending.length && !g.undo} title=${g.undo || ''}>Undo</button>
          <button class="btn" id="redo" onClick=${() => st.redo()} disabled=${!g.redo} title=${g.redo || ''}>Redo</button>`}
        ${g.watch && html`<span class="watch-link">Watch link for your opponent: <a id="watch-link" href=${g.watch}>${location.origin}${g.watch}</a></span>`}
      </div>
      ${this.statusLine()}
      ${ds.local && this.keepPanel()}
      <div class="play-grid">
        <nav aria-label="Ships"><ul class="ships">
          ${g.sides.map((side, si) => html`<li><h2>${side.name}</h2></li>
            ${g.ships.filter((s) => s.side === si).map((s) => {
              const h = hull(s);
              return html`<li><button class=${`ship-button${s.state && s.state.destroyed ? ' destroyed' : ''}`} aria-current=${s.key === ship.key ? 'true' : 'false'}
                data-ship=${s.key} onClick=${() => this.choose(s.key)}>${s.name}
                <span class="small">${s.state && s.state.destroyed ? 'destroyed' : h ? `hull ${h.now} of ${h.start}` : ''}</span></button></li>`;
            })}`)}
        </ul></nav>
        <section aria-labelledby="sheet-head">
          <div class="sheet-tools">
            <h2 id="sheet-head">${ship.name}</h2>
            <button class="btn" id="zoom-out" aria-label="Smaller sheet" disabled=${zoom <= 1} onClick=${() => this.setState({ zoom: zoom - 1 })}>−</button>
            <button class="btn" id="zoom-in" aria-label="Larger sheet" disabled=${zoom >= 3} onClick=${() => this.setState({ zoom: zoom + 1 })}>+</button>
            ${!ds.local && html`<a class="button" id="print" href=${this.sheetURL(ship.key).replace(/\.svg$/, '.pdf')}>Print as it stands (PDF)</a>`}
          </div>
          ${sheetStatus && html`<p class="sync" role="status">${sheetStatus}</p>`}
          <div class=${`sheet-wrap zoom-${zoom}`} ref=${(el) => { if (el && this.holder !== el) { this.holder = el; this.choose(ship.key); } }}></div>
        </section>
        <div class="side">
          <section class="now" aria-labelledby="now-head" aria-busy=${stale ? 'true' : 'false'}>
            <h2 id="now-head">${ship.name} now</h2>
            ${stale && html`<p class="small">${st.status === 'offline' ? 'As of the last answer from the server; the rest follows when the connection is back.' : 'Working out…'}</p>`}
            <dl class="numbers" id="numbers">
              ${state.numbers.map((n) => html`<dt>${n.label}</dt><dd data-key=${n.key} class=${n.now !== n.start ? 'changed' : ''}>${n.now === n.start ? n.now : `${n.now} of ${n.start}`}</dd>`)}
            </dl>
            ${state.notes.length > 0 && html`<ul class="notes" id="notes">${state.notes.map((n) => html`<li>${n}</li>`)}</ul>`}
          </section>
          ${!ro && g.criticals.length > 0 && html`<${Critical} ship=${ship} chart=${g.criticals} sheet=${this.current} onLog=${(sec, c, e) => st.critical(ship.key, sec, c, e)} />`}
          <section class="log" aria-labelledby="log-head">
            <h2 id="log-head">Log</h2>
            <ol id="log" tabindex="0" aria-label="Log entries, newest first">${log.slice(0, 60).map((e) => html`<li>${e.waiting ? html`<span class="when">waiting · </span>` : html`<span class="when">turn ${e.turn}, ${when(e.at)} · </span>`}${e.text}</li>`)}</ol>
            ${g.logTotal > g.log.length && html`<p class="small">The latest ${g.log.length} of ${g.logTotal} entries.</p>`}
          </section>
        </div>
      </div>`;
  }
}

/** describe says what a change waiting to be sent will do. */
function describe(op, g) {
  const ship = g.ships.find((s) => s.key === op.ship);
  const name = ship ? ship.name : '';
  switch (op.op) {
    case 'mark': return `${name}: ${op.box.split('.').join(' ')} ${op.mark || 'cleared'}`;
    case 'turn': return `Turn ${op.turn} begins.`;
    case 'critical': return `${name}: critical ${op.category}-${op.effect} on the ${op.section}`;
    default: return op.op === 'undo' ? 'Undo' : 'Redo';
  }
}

/** Critical logs a critical rolled at the table, named from the chart the
 *  server sends (the game's critical hit chart). */
class Critical extends Component {
  constructor() {
    super();
    this.state = { section: 'core', cat: 1, eff: 1 };
  }

  render({ ship, chart, sheet, onLog }, { section, cat, eff }) {
    // The sections the sheet draws (a squadron's box is ship-wide).
    const sections = sheet ? [...new Set([...sheet.boxes.keys()].filter((id) => id.split('.')[1] !== 'fighter').map((id) => id.split('.')[0]))] : ['core'];
    const c = chart[cat - 1] || chart[0];
    return html`<section class="crit" aria-labelledby="crit-head">
      <h2 id="crit-head">Critical hit</h2>
      <form onSubmit=${(e) => { e.preventDefault(); onLog(section, cat, eff); }}>
        <label>Section <select id="crit-section" value=${section} onChange=${(e) => this.setState({ section: e.target.value })}>
          ${sections.map((s) => html`<option value=${s}>${s}</option>`)}</select></label>
        <label>Category (D8) <select id="crit-cat" value=${cat} onChange=${(e) => this.setState({ cat: Number(e.target.value), eff: 1 })}>
          ${chart.map((k) => html`<option value=${k.roll}>${k.roll}: ${k.name}</option>`)}</select></label>
        <label>Effect (D6) <select id="crit-eff" value=${eff} onChange=${(e) => this.setState({ eff: Number(e.target.value) })}>
          ${c.effects.map((x, i) => html`<option value=${i + 1}>${i + 1}: ${x}</option>`)}</select></label>
        <button class="btn" type="submit">Log it for ${ship.name}</button>
      </form></section>`;
  }
}

app.replaceChildren();
render(ds.game || ds.watch || ds.local ? html`<${Game} />` : html`<${GameList} />`, app);
