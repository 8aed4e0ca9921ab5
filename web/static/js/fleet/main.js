// main.js: the fleet builder page. It loads the fleet facts
// (GET /api/v1/fleet-facts), restores the draft (or the fleet named by the
// page), renders the form, the chain of command and the live panel from
// one application object, and asks the server to evaluate the fleet
// (POST /api/v1/fleets/evaluate) after every change. Undo and redo, the
// draft in local storage, the log-in dialog and saving with If-Match work
// as in the designer, whose modules it shares.
import { html, render, count } from '../ui.js';
import { clone, get, idFor, parent, remove, set } from '../designer/doc.js';
import { Store, readDraft, saveFailed, undoKeys } from '../designer/store.js';
import { Evaluator, call, login, me, register } from '../designer/api.js';
import { AuthDialog } from '../dialog.js';
import { showSignedIn } from '../session.js';
import { edits, drop, forget, inChain, freeShips } from './tree.js';
import { AddShips, Chain, ConflictDialog, Deployment, FleetSettings, Panel, Ships, Squadrons } from './view.js';

const EVAL_DELAY_MS = 10; // keys typed while a request is under way send one request
const SEARCH_DELAY_MS = 200;
const root = document.getElementById('fleet-app');
const enc = encodeURIComponent;

const api = {
  facts: () => call('GET', '/api/v1/fleet-facts'),
  fleet: (id) => call('GET', `/api/v1/fleets/${enc(id)}`),
  create: (fleet, visibility) => call('POST', '/api/v1/fleets', { visibility, fleet }),
  update: (id, fleet, visibility, etag) => call('PUT', `/api/v1/fleets/${enc(id)}`, { visibility, fleet }, { 'If-Match': etag }),
  fork: (id, version) => call('POST', `/api/v1/fleets/${enc(id)}/fork`, { version, visibility: 'private' }),
  upgrade: (id, ships, etag) => call('POST', `/api/v1/fleets/${enc(id)}/upgrade`, { ships }, { 'If-Match': etag }),
  version: (id, n) => call('GET', `/api/v1/designs/${enc(id)}/versions/${n}`),
  library: (q, signal) => call('GET', `/api/v1/library?limit=12&q=${enc(q)}`, undefined, {}, signal),
  mine: () => call('GET', '/api/v1/designs'),
};

/** canonical is JSON with every object's keys sorted, to compare documents. */
const canonical = (v) => JSON.stringify(v, (k, x) => (x && typeof x === 'object' && !Array.isArray(x)
  ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x));

/** draftKey names the local-storage slot of a fleet draft. */
const draftKey = (meta) => (meta.id ? `slipway.fleet-draft:${meta.id}`
  : meta.forkOf ? `slipway.fleet-draft:fork:${meta.forkOf.id}` : 'slipway.fleet-draft:new');

const app = {
  facts: null,
  store: null,
  eval: { rev: -1, result: null, updates: [], problems: null, pending: false, error: '' },
  designs: new Map(), // "id@version" -> {doc} | {error} | {loading}
  search: { q: '', results: [], mine: [], all: null, busy: false, error: '', mineLoaded: false },
  selected: '',
  treeNote: '',
  dialog: null,
  status: null,
  user: root.dataset.user ? { name: root.dataset.user } : null,
  auth: { mode: 'login', error: '', busy: false },
  conflict: null,
  pending: null,
  saving: false,
};

// ---- reading the document and its evaluation ----------------------------

const problems = () => (app.eval.result ? app.eval.result.problems || [] : app.eval.problems || []);
app.probsAt = (path) => problems().filter((p) => (p.path || '') === path);
app.probsUnder = (path, kind) => {
  if (!path) return [];
  return problems().filter((p) => p.path === path || (kind === 'command' && (p.path === path + '.ship' || p.path === path + '.level')));
};
app.shipResult = (i) => {
  const r = app.eval.result;
  const s = r && r.ships && r.ships[i];
  return s && s.id === (app.store.doc.ships[i] || {}).id ? s : null;
};
app.squadronResult = (i) => {
  const r = app.eval.result;
  const s = r && r.squadrons && r.squadrons[i];
  return s && s.id === (app.store.doc.squadrons[i] || {}).id ? s : null;
};
const refKey = (design, version) => `${design}@${version}`;
app.designOf = (ship) => (ship.design ? app.designs.get(refKey(ship.design, ship.version)) : ship.document ? { doc: ship.document } : null);
app.updateFor = (id) => (app.eval.updates || []).find((u) => u.ship === id);
/** towOf is the evaluation's tow of ship id (F-07): who brings it, with
 *  which grappler, chosen or found; towsBy the ships that id tows. */
app.towOf = (id) => ((app.eval.result && app.eval.result.tows) || []).find((t) => t.ship === id) || null;
app.towsBy = (id) => ((app.eval.result && app.eval.result.tows) || []).filter((t) => t.by === id);
/** zoneResult is the evaluation's sum of one deployment zone (F-08). */
app.zoneResult = (zone) => ((app.eval.result && app.eval.result.deployment) || []).find((z) => z.zone === zone) || null;
app.cicOf = (id) => {
  const r = app.eval.result;
  const s = r && (r.ships || []).find((x) => x.id === id);
  return s ? s.cic : '—';
};

let labels = new Map();
/** buildLabels names every ship as people read it: its own name, else its
 *  design's, with the id added where two would read the same. */
function buildLabels() {
  const ships = app.store.doc.ships || [];
  const base = ships.map((s, i) => {
    const d = app.designOf(s);
    const r = app.shipResult(i);
    return s.name || (d && d.doc && d.doc.name) || (r && r.class) || s.id;
  });
  labels = new Map(ships.map((s, i) => [s.id, base.filter((b) => b === base[i]).length > 1 ? `${base[i]} (${s.id})` : base[i]]));
}
app.label = (id) => labels.get(id) || id;

/** squadronTypes lists the starfighter types of the fleet's designs. */
app.squadronTypes = () => {
  const out = [];
  const seen = new Set();
  for (const s of app.store.doc.ships || []) {
    if (!s.design) continue;
    const k = refKey(s.design, s.version);
    const d = app.designs.get(k);
    if (seen.has(k) || !d || !d.doc) continue;
    seen.add(k);
    for (const f of d.doc.starfighters || []) {
      out.push({ key: `${k}#${f.id}`, design: s.design, version: s.version, type: f.id, name: f.name || f.id, designName: d.doc.name,
        ftl: (f.qualities || []).includes(app.facts.squadronFTLQuality) });
    }
  }
  return out.sort((a, b) => Number(b.ftl) - Number(a.ftl));
};

// ---- changing the document ----------------------------------------------

app.set = (path, v, coalesce) => app.store.change((d) => set(d, path, v), coalesce || '');
app.remove = (path, coalesce) => app.store.change((d) => {
  remove(d, path);
  // a loadout left empty goes too, as a person would write the document
  for (let p = parent(path); /\.loadout(\.|$)/.test(p); p = parent(p)) {
    const v = get(d, p);
    if (v && typeof v === 'object' && Object.keys(v).length === 0) remove(d, p);
    else break;
  }
}, coalesce || '');

/** uniqueID makes an id (1-32 characters) from a name, unique among the
 *  fleet's ships and squadron entries. */
function uniqueID(name) {
  const taken = new Set([...(app.store.doc.ships || []).map((s) => s.id), ...(app.store.doc.squadrons || []).map((s) => s.id)]);
  const stem = (String(name).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'ship').slice(0, 28);
  let id = stem;
  for (let n = 2; taken.has(id); n++) id = `${stem}-${n}`;
  return id;
}

app.addShip = (d) => {
  const id = uniqueID(d.name);
  app.store.change((doc) => { (doc.ships = doc.ships || []).push({ id, design: d.id, version: d.version }); });
  app.status = { text: `added ${d.name} (v${d.version})`, kind: 'ok' };
  loadDesigns();
  rerender();
};

app.removeShip = (i) => {
  const id = app.store.doc.ships[i].id;
  app.store.change((doc) => {
    forget(doc, id);
    doc.ships.splice(i, 1);
    for (const s of doc.ships) if (s.towedBy === id) delete s.towedBy;
    for (const s of doc.squadrons || []) if (s.assignedTo === id) delete s.assignedTo;
    if (doc.deployment) unplace(doc.deployment, id);
  });
};

// ---- the deployment ------------------------------------------------------

/** roles are the deployment's roles as the fleet's JSON Schema lists them. */
app.roles = () => {
  const d = (((app.facts.jsonSchema || {}).$defs || {}).Deployment || {}).properties || {};
  return (d.role && d.role.enum) || [];
};
/** zonesOf lists the zones of an encounter for a role, from the facts. */
app.zonesOf = (encounter, role) => {
  const e = app.facts.encounters.find((x) => x.id === encounter);
  return (e && e[role]) || [];
};
/** zoneOf is the zone ship id is deployed in and its place there. */
app.zoneOf = (id) => {
  const dep = app.store.doc.deployment;
  for (const [z, ids] of Object.entries((dep && dep.zones) || {})) {
    const k = (ids || []).indexOf(id);
    if (k >= 0) return { zone: z, path: `deployment.zones.${z}[${k}]` };
  }
  return null;
};

/** unplace takes ship id out of every zone; a zone left empty goes. */
function unplace(dep, id) {
  for (const z of Object.keys(dep.zones || {})) {
    dep.zones[z] = (dep.zones[z] || []).filter((x) => x !== id);
    if (!dep.zones[z].length) delete dep.zones[z];
  }
}

/** place puts ship id in zone (none: not deployed), keeping each zone's
 *  ships in roster order. */
function place(doc, id, zone) {
  const dep = doc.deployment;
  unplace(dep, id);
  if (!zone) return;
  const order = (doc.ships || []).map((s) => s.id);
  const list = [...(dep.zones[zone] || []), id];
  dep.zones[zone] = list.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** toggleDeployment gives the fleet a deployment (the first encounter and
 *  role, every ship in the first zone) or takes it away; one undo step. */
app.toggleDeployment = (on) => app.store.change((doc) => {
  if (!on) {
    delete doc.deployment;
    return;
  }
  const e = app.facts.encounters[0];
  const role = app.roles()[0];
  const first = app.zonesOf(e.id, role)[0];
  doc.deployment = { encounter: e.id, role, zones: {} };
  if (first && (doc.ships || []).length) doc.deployment.zones[first.zone] = doc.ships.map((s) => s.id);
});

/** setDeployment changes the encounter or the role; ships in a zone the
 *  new one does not have move to its first zone. */
app.setDeployment = (key, value) => app.store.change((doc) => {
  const dep = doc.deployment;
  dep[key] = value;
  const zones = app.zonesOf(dep.encounter, dep.role).map((z) => z.zone);
  if (!zones.length) return;
  for (const z of Object.keys(dep.zones || {})) {
    if (zones.includes(z)) continue;
    for (const id of dep.zones[z] || []) place(doc, id, zones[0]);
    delete dep.zones[z];
  }
});

/** placeShip deploys ship id in zone ('' takes it out). */
app.placeShip = (id, zone) => app.store.change((doc) => { place(doc, id, zone); });

app.addSquadron = (key) => {
  const t = app.squadronTypes().find((x) => x.key === key);
  if (!t) return;
  const def = app.facts.squadronDefaults;
  const id = uniqueID(t.type);
  app.store.change((doc) => {
    (doc.squadrons = doc.squadrons || []).push({ id, design: t.design, version: t.version, type: t.type, count: 1,
      crewQuality: def.crewQuality, commandQuality: def.commandQuality });
  });
};

app.removeSquadron = (i) => app.store.change((doc) => {
  doc.squadrons.splice(i, 1);
  if (!doc.squadrons.length) delete doc.squadrons;
});

// ---- the chain of command -----------------------------------------------

const opNames = { up: 'moved up', down: 'moved down', into: 'moved into the command beside it', out: 'moved out of its command',
  command: 'now commands', member: 'now a squadron ship', remove: 'taken out of the chain', drop: 'moved' };

/** treeEdit applies one edit of the chain to the selected unit as one
 *  undo step, keeps it selected and focused, and says what happened. */
app.treeEdit = (op, id, target) => {
  if (!id) return;
  const levels = app.facts.levels;
  const run = (d) => (op === 'drop' ? drop(d, levels, id, target) : edits[op](d, levels, id));
  if (!run(clone(app.store.doc))) {
    app.treeNote = `${app.label(id)}: that move does not apply here.`;
    rerender();
    return;
  }
  app.selected = id;
  app.refocus = id;
  app.treeNote = `${app.label(id)} ${opNames[op]}.`;
  app.store.change((d) => { run(d); });
};

app.select = (id) => {
  if (app.selected === id) return;
  app.selected = id;
  app.treeNote = '';
  rerender();
};

const moves = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'into', ArrowLeft: 'out' };

/** treeKey is the tree's keyboard: the ARIA tree pattern's arrows, Home
 *  and End to move the focus, and Alt+arrows and Delete to edit. */
app.treeKey = (e, id) => {
  if (e.target !== e.currentTarget) return;
  const li = e.currentTarget;
  if (e.altKey && moves[e.key]) {
    e.preventDefault();
    app.treeEdit(moves[e.key], id);
    return;
  }
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const items = [...li.closest('[role="tree"]').querySelectorAll('[role="treeitem"]')];
  const i = items.indexOf(li);
  let to = null;
  switch (e.key) {
    case 'ArrowDown': to = items[i + 1]; break;
    case 'ArrowUp': to = items[i - 1]; break;
    case 'Home': to = items[0]; break;
    case 'End': to = items[items.length - 1]; break;
    case 'ArrowLeft': to = li.parentElement.closest('[role="treeitem"]'); break;
    case 'ArrowRight': to = li.querySelector('[role="treeitem"]'); break;
    case 'Delete': case 'Backspace':
      e.preventDefault();
      app.treeEdit('remove', id);
      return;
    default: return;
  }
  e.preventDefault();
  if (to) to.focus();
};

// Drag and drop with pointer events (mouse, pen and touch alike): a unit's
// grip is pressed, the pointer moves over a drop target (a command's row,
// "new top command", or the list outside the chain) and is released.
let drag = null;
const clearDrop = () => document.querySelectorAll('.drop-over, .dragging').forEach((el) => el.classList.remove('drop-over', 'dragging'));
app.dragStart = (e, id) => {
  if (e.button !== 0) return;
  e.preventDefault();
  drag = { id, target: null };
  if (e.currentTarget.setPointerCapture) e.currentTarget.setPointerCapture(e.pointerId);
  const li = document.getElementById('unit-' + idFor(id));
  if (li) li.classList.add('dragging');
  app.treeNote = `Dragging ${app.label(id)}: release it over a command, or press Escape.`;
};
document.addEventListener('pointermove', (e) => {
  if (!drag) return;
  const el = document.elementFromPoint(e.clientX, e.clientY);
  const zone = el && el.closest('[data-drop]');
  const t = zone ? zone.dataset.drop : null;
  if (t === drag.target) return;
  document.querySelectorAll('.drop-over').forEach((x) => x.classList.remove('drop-over'));
  if (zone && t !== drag.id) zone.classList.add('drop-over');
  drag.target = t === drag.id ? null : t;
});
document.addEventListener('pointerup', () => {
  if (!drag) return;
  const { id, target } = drag;
  drag = null;
  clearDrop();
  if (target) app.treeEdit('drop', id, target);
  else { app.treeNote = ''; rerender(); }
});
document.addEventListener('pointercancel', () => { drag = null; clearDrop(); });

// ---- rendering ------------------------------------------------------------

function Toolbar() {
  const s = app.store;
  const m = s.meta;
  const mode = m.id ? `Editing your fleet${m.version ? `, version ${m.version}` : ''}`
    : m.forkOf ? `Forking “${m.forkOf.name}” by ${m.forkOf.owner}: saving makes your own copy` : 'New fleet';
  return html`<div class="toolbar" role="toolbar" aria-label="Fleet actions">
    <div class="tool-group">
      <button type="button" class="btn" id="undo" disabled=${!s.canUndo} onClick=${() => s.undo()} aria-keyshortcuts="Control+Z" title="Undo (Ctrl+Z)">Undo</button>
      <button type="button" class="btn" id="redo" disabled=${!s.canRedo} onClick=${() => s.redo()} aria-keyshortcuts="Control+Shift+Z" title="Redo (Ctrl+Shift+Z)">Redo</button>
      <button type="button" class="btn" id="new" onClick=${newFleet}>New</button>
      <button type="button" class="btn" id="forecast-fleet" onClick=${openForecast}>Forecast against a fleet…</button>
    </div>
    <div class="tool-group save-group">
      <label for="visibility" class="inline-label">Visibility</label>
      <select id="visibility" value=${m.visibility || 'private'} onChange=${(e) => { s.setMeta({ ...m, visibility: e.target.value }); rerender(); }}>
        <option value="private">Private</option>
        <option value="unlisted">Unlisted (anyone with the link)</option>
        <option value="public">Public (in the fleet library)</option>
      </select>
      <button type="button" class="btn primary" id="save" onClick=${() => save()} disabled=${app.saving}>${app.saving ? 'Saving…' : 'Save'}</button>
    </div>
    <p class="tool-status" role="status" id="save-status">
      <span class="mode">${mode}</span>
      ${s.dirty ? html` · <span class="dirty">unsaved changes</span>` : m.id ? ' · saved' : ''}
      ${app.status ? html` · <span class=${'msg ' + (app.status.kind || '')}>${app.status.text}</span>` : ''}
      ${m.id ? html` · <a href=${`/fleets/${enc(m.id)}`} id="view-link">fleet page</a> · <a href=${`/api/v1/fleets/${enc(m.id)}/pack.pdf`} id="pack-link">fleet pack (PDF${s.dirty ? ', last saved version' : ''})</a>` : ''}
      ${s.storageError ? html` · <span class="msg bad">${s.storageError}</span>` : ''}
    </p>
  </div>`;
}

function MiniBar() {
  const r = app.eval.result;
  const t = r && r.totals;
  const n = problems().length;
  const over = t && t.limit > 0 && t.used > t.limit;
  return html`<div class="minibar" aria-hidden="true">
    <span class=${over ? 'bad' : ''}>${t ? `${t.used} / ${t.limit || '—'} ${t.limitKind === 'cv' ? 'CV' : t.limitKind}` : '—'}</span>
    <span>Ships <b>${t ? t.ships : '—'}</b></span>
    <span class=${n ? 'bad' : 'ok'}>${n} problem${n === 1 ? '' : 's'}</span>
  </div>`;
}

function App() {
  return html`<div class="studio-inner" data-doc-rev=${app.store.rev}>
    <${Toolbar} />
    <${MiniBar} />
    <div class="studio-grid">
      <div class="fleet-form">
        <${FleetSettings} app=${app} />
        <${AddShips} app=${app} />
        <${Ships} app=${app} />
        <${Chain} app=${app} />
        <${Squadrons} app=${app} />
        <${Deployment} app=${app} />
      </div>
      <${Panel} app=${app} />
    </div>
    ${app.dialog === 'auth' ? html`<${AuthDialog} app=${app} />` : ''}
    ${app.dialog === 'conflict' ? html`<${ConflictDialog} app=${app} />` : ''}
    ${app.dialog === 'forecast' && app.ForecastDialog ? html`<${app.ForecastDialog} mine=${{ fleetDocument: app.store.doc }} kind="fleet" onClose=${() => app.closeDialog()} />` : ''}
  </div>`;
}

/** openForecast loads the forecast dialog (js/forecast-dialog.js) the
 *  first time, then plays the fleet being built against a library fleet. */
async function openForecast() {
  if (!app.ForecastDialog) app.ForecastDialog = (await import('../forecast-dialog.js')).ForecastDialog;
  app.dialog = 'forecast';
  rerender();
}

function rerender() {
  buildLabels();
  render(html`<${App} />`, root);
  if (app.refocus) {
    const el = document.getElementById('unit-' + idFor(app.refocus));
    app.refocus = '';
    if (el) el.focus();
  }
}

// ---- evaluation -----------------------------------------------------------

const evaluator = new Evaluator('/api/v1/fleets/evaluate');
let evalTimer = 0;

let inFlight = 0;

/** scheduleEval asks for an evaluation of the latest document: at once
 *  when no request is under way (the server answers a 50-ship fleet in
 *  about a millisecond, so waiting first was most of the time to the
 *  panel), otherwise after a short pause that gathers keys typed together
 *  into one request. A newer request aborts an older one and older
 *  answers are dropped. */
function scheduleEval() {
  performance.mark(`slipway:change:${app.store.rev}`);
  app.eval.pending = true;
  clearTimeout(evalTimer);
  if (inFlight === 0) runEval(app.store.rev, app.store.doc);
  else evalTimer = setTimeout(() => runEval(app.store.rev, app.store.doc), EVAL_DELAY_MS);
}

async function runEval(rev, doc) {
  const sent = performance.now();
  inFlight++;
  let out;
  try {
    out = await evaluator.run(doc);
  } finally {
    inFlight--;
  }
  performance.measure('slipway:fetch', { start: sent, end: performance.now() });
  if (!out || rev !== app.store.rev) return;
  const r = out.result || {};
  app.eval = { rev, result: r.evaluation || null, updates: r.updates || [], problems: out.problems || null, pending: false,
    error: out.error || '', model: r.model || '', current: r.current || null };
  loadDesigns();
  const answered = performance.now();
  rerender();
  // The times the browser tests log (docs/performance.md): from a change
  // to the panel showing its evaluation, and the parts of it.
  performance.measure('slipway:render', { start: answered, end: performance.now() });
  try {
    performance.measure('slipway:panel', `slipway:change:${rev}`);
  } catch { /* the mark is from before a reload */ }
  for (const m of performance.getEntriesByType('mark')) {
    // This change's mark and older ones; a newer change's waits for its answer.
    const n = /^slipway:change:(\d+)$/.exec(m.name);
    if (n && Number(n[1]) <= rev) performance.clearMarks(m.name);
  }
}

/** loadDesigns fetches each referenced design version once, for its
 *  hangar bays, qualities and squadron types. */
function loadDesigns() {
  for (const s of [...(app.store.doc.ships || []), ...(app.store.doc.squadrons || [])]) {
    if (!s.design || !s.version) continue;
    const k = refKey(s.design, s.version);
    if (app.designs.has(k)) continue;
    app.designs.set(k, { loading: true });
    api.version(s.design, s.version).then((res) => {
      app.designs.set(k, { doc: res.data.design });
    }, (e) => {
      app.designs.set(k, { error: `design ${s.design} v${s.version}: ${e.status === 404 ? 'not found or not yours to read' : e.message}` });
    }).then(rerender);
  }
}

function onChange() {
  app.status = null;
  scheduleEval();
  rerender();
}

// ---- searching designs ----------------------------------------------------

let searchTimer = 0;
let searchCtrl = null;
app.setQuery = (q) => {
  app.search.q = q;
  clearTimeout(searchTimer);
  searchTimer = setTimeout(app.runSearch, SEARCH_DELAY_MS);
  // The lists below are for an older query until the search has run:
  // say so at once, so nobody (nor a test) picks from a list about to go.
  if (!app.search.busy) {
    app.search.busy = true;
    rerender();
  }
};
app.runSearch = async () => {
  const s = app.search;
  if (searchCtrl) searchCtrl.abort();
  const ctrl = new AbortController();
  searchCtrl = ctrl;
  s.busy = true;
  rerender();
  const q = s.q.trim();
  try {
    const res = await api.library(q, ctrl.signal);
    if (ctrl !== searchCtrl) return;
    s.results = res.data.designs || [];
    s.error = '';
    if (app.user) {
      if (!s.all) s.all = (await api.mine()).data.designs || [];
      const words = q.toLowerCase().split(/\s+/).filter(Boolean);
      s.mine = s.all.filter((d) => words.every((w) => `${d.name} ${(d.tags || []).join(' ')}`.toLowerCase().includes(w)));
      s.mineLoaded = true;
    }
  } catch (e) {
    if (e.name === 'AbortError') return;
    s.error = `search failed: ${e.message}`;
  }
  s.busy = false;
  rerender();
};

// ---- focus ----------------------------------------------------------------

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/** focusPath moves focus to the field a path names, or the nearest
 *  enclosing part of the page (a ship's card, a command of the tree). */
app.focusPath = (path) => {
  for (let p = path || ''; ; p = parent(p)) {
    const el = p === '' ? document.querySelector('.fleet-form') : document.querySelector(`[data-path="${CSS.escape(p)}"]`);
    if (el) {
      const target = el.matches(FOCUSABLE) || el.getAttribute('role') === 'treeitem' ? el : el.querySelector(FOCUSABLE) || el;
      if (target === el && !el.matches(FOCUSABLE) && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: 'center', behavior: 'instant' });
      return;
    }
    if (p === '') return;
  }
};

// ---- dialogs, signing in ----------------------------------------------------

app.closeDialog = () => {
  app.dialog = null;
  app.pending = null;
  rerender();
};
app.setAuthMode = (mode) => { app.auth = { ...app.auth, mode, error: '' }; rerender(); };
app.authenticate = async (mode, username, password) => {
  app.auth = { ...app.auth, busy: true, error: '' };
  rerender();
  try {
    await (mode === 'register' ? register(username, password) : login(username, password));
    app.user = (await me()) || { name: username };
    showSignedIn(app.user.name);
    app.auth = { mode, busy: false, error: '' };
    const next = app.pending;
    app.pending = null;
    app.dialog = null;
    app.search.all = null;
    rerender();
    app.runSearch(); // the player's own designs join the list
    if (next) next();
  } catch (e) {
    const detail = e.problems && e.problems.length ? e.problems.map((p) => p.message).join('; ') : e.message;
    app.auth = { ...app.auth, busy: false, error: detail };
    rerender();
  }
};

// ---- saving -----------------------------------------------------------------

function newFleet() {
  const old = draftKey(app.store.meta);
  app.store.setMeta({ baseJSON: JSON.stringify(app.facts.blank), visibility: 'private' }, old);
  history.replaceState(null, '', '/fleets/new');
  app.store.replace(app.facts.blank);
  app.status = { text: 'new fleet (undo brings the last one back)' };
  rerender();
}

/** saved records a successful save's answer as the new base. */
function saved(res, note) {
  const d = res.data;
  const old = draftKey(app.store.meta);
  app.store.setMeta({ id: d.id, etag: res.etag, version: d.version, visibility: d.visibility, owner: d.owner,
    baseJSON: JSON.stringify(app.store.doc) }, old);
  history.replaceState(null, '', `/fleets/${enc(d.id)}/edit`);
  app.status = { text: note || `saved as version ${d.version}`, kind: 'ok' };
}

async function save(mode = 'auto', etag) {
  if (app.saving) return;
  if (!app.user) {
    app.pending = () => save(mode, etag);
    app.dialog = 'auth';
    app.auth = { mode: 'login', error: '', busy: false };
    rerender();
    return;
  }
  const s = app.store;
  const m = s.meta;
  const vis = m.visibility || 'private';
  app.saving = true;
  rerender();
  try {
    if (m.id) {
      saved(await api.update(m.id, s.doc, vis, etag || m.etag));
    } else if (m.forkOf) {
      const f = await api.fork(m.forkOf.id, m.forkOf.version);
      let res = f;
      if (JSON.stringify(s.doc) !== m.baseJSON || vis !== 'private') res = await api.update(f.data.id, s.doc, vis, f.etag);
      saved(res, `saved as your fork (version ${res.data.version})`);
    } else {
      saved(await api.create(s.doc, vis));
    }
    app.dialog = null;
  } catch (e) {
    await onSaveFailed(e);
  } finally {
    app.saving = false;
    rerender();
  }
}

/** onSaveFailed is the shared handler (store.js) with the fleet's URL
 *  on 412 and the builder's 422 text. */
const onSaveFailed = (e) => saveFailed(app, e, {
  save: () => save(),
  latest: () => api.fleet(app.store.meta.id),
  docOf: (d) => d.fleet,
  illegal: (err) => `not saved: ${err.message}${err.problems.length ? ` (${count(err.problems.length, 'problem')})` : ''}. A published fleet must be legal; keep it private until it is.`,
});

app.resolveConflict = async (choice) => {
  const c = app.conflict;
  if (choice === 'mine') {
    await save('auto', c.etag);
  } else {
    const m = app.store.meta;
    app.store.setMeta({ ...m, etag: c.etag, version: c.theirs.version, visibility: c.theirs.visibility, baseJSON: JSON.stringify(c.theirs.fleet) });
    app.store.replace(c.theirs.fleet);
    app.status = { text: `took version ${c.theirs.version} (undo brings your draft back)`, kind: 'ok' };
    app.dialog = null;
  }
  rerender();
};

/** upgrade moves a ship to the newest version of its design: through the
 *  upgrade endpoint (a new fleet version) for a saved fleet without
 *  unsaved changes, else as an edit of the draft. */
app.upgrade = async (id) => {
  const up = app.updateFor(id);
  if (!up) return;
  const m = app.store.meta;
  // until the next evaluation answers, stop offering what is being done
  const done = () => { app.eval.updates = (app.eval.updates || []).filter((u) => u.ship !== id); };
  if (m.id && app.user && !app.store.dirty) {
    try {
      const res = await api.upgrade(m.id, [id], m.etag);
      app.store.setMeta({ ...m, etag: res.etag, version: res.data.version, baseJSON: JSON.stringify(res.data.fleet) });
      done();
      app.store.replace(res.data.fleet);
      app.status = { text: `${app.label(id)} moved to version ${up.latest}; saved as fleet version ${res.data.version}`, kind: 'ok' };
    } catch (e) {
      await onSaveFailed(e);
    }
    rerender();
    return;
  }
  const i = app.store.doc.ships.findIndex((s) => s.id === id);
  done();
  app.store.change((d) => { d.ships[i].version = up.latest; });
  app.status = { text: `${app.label(id)} now fields version ${up.latest} (save to keep it)`, kind: 'ok' };
  rerender();
};

// ---- keyboard ---------------------------------------------------------------

document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && drag) {
    drag = null;
    clearDrop();
    app.treeNote = 'Drag cancelled.';
    rerender();
    return;
  }
  if (!app.dialog) undoKeys(e, app.store);
});

// ---- start ------------------------------------------------------------------

async function start() {
  try {
    app.facts = (await api.facts()).data;
  } catch (e) {
    root.textContent = `The fleet builder could not load the fleet facts from the server (${e.message}). Reload the page to try again.`;
    return;
  }
  const from = root.dataset.id;
  let doc = app.facts.blank;
  let meta = { baseJSON: JSON.stringify(doc), visibility: 'private' };
  let note = null;
  if (from) {
    try {
      const res = await api.fleet(from);
      const f = res.data;
      doc = f.fleet;
      const base = JSON.stringify(doc);
      meta = app.user && app.user.name === f.owner
        ? { id: f.id, etag: res.etag, version: f.version, visibility: f.visibility, owner: f.owner, baseJSON: base }
        : { forkOf: { id: f.id, version: f.version, name: f.name, owner: f.owner }, visibility: 'private', baseJSON: base };
    } catch (e) {
      note = { text: `could not open fleet ${from}: ${e.status === 404 ? 'it does not exist or is private' : e.message}. This is a new fleet.`, kind: 'bad' };
      history.replaceState(null, '', '/fleets/new');
    }
  }
  const draft = readDraft(draftKey(meta));
  // The server writes keys in its own order: a draft that says the same
  // as the saved fleet is not a change.
  if (draft && canonical(draft.doc) !== canonical(JSON.parse(meta.baseJSON))) {
    doc = draft.doc;
    if (draft.meta && meta.id && draft.meta.etag && draft.meta.etag !== meta.etag) meta = { ...meta, etag: draft.meta.etag };
    if (meta.id || meta.forkOf) note = { text: 'restored your unsaved changes from this browser' };
  }
  if (draft && draft.meta && draft.meta.visibility && !meta.id) meta.visibility = draft.meta.visibility;
  app.store = new Store(clone(doc), meta, onChange, draftKey);
  app.status = note;
  root.removeAttribute('aria-busy');
  root.textContent = '';
  const first = inChain(app.store.doc)[0] || freeShips(app.store.doc)[0];
  app.selected = first || '';
  scheduleEval();
  loadDesigns();
  app.runSearch();
  rerender();
}

start();
