// main.js: the designer page. It loads the game's form description (and,
// for a game whose form names widgets, the catalogue answer they draw
// from), restores the draft (or the design named by ?from=), renders the
// form and the live panel from one application object, and asks the
// server to evaluate the document after every change.
import { html, render, count } from '../ui.js';
import { clone, get, parent, patternMatcher, remove, set } from './doc.js';
import { Store, draftKey, readDraft, saveFailed, undoKeys } from './store.js';
import * as api from './api.js';
import { DesignForm, newRow } from './form.js';
import { Panel, statValue } from './panel.js';
import { AuthDialog, ConflictDialog, ImportDialog, RowPicker, SystemPicker } from './dialogs.js';
import { showSignedIn } from '../session.js';
import { MAX as COMPARE_MAX, addToTray, inTray, onTrayChange, removeFromTray, tray } from '../compare.js';

const EVAL_DELAY_MS = 10; // a light debounce: keys typed together send one request
const root = document.getElementById('studio');

const app = {
  ruleset: root.dataset.ruleset,
  defaultRuleset: root.dataset.defaultRuleset,
  gameName: root.dataset.game,
  valueName: root.dataset.value,
  games: JSON.parse(root.dataset.games || '[]'),
  forecast: root.dataset.forecast === '1',
  base: null, // the form description as the server gives it
  form: null, // the form drawn: the description's, or that of the document's kind (formFor)
  cat: null, // the catalogue answer, for a form with Metaverse's widgets
  store: null,
  eval: { rev: -1, result: null, problems: null, pending: false, error: '' },
  dialog: null,
  status: null, // {text, kind}
  user: root.dataset.user ? { name: root.dataset.user } : null, // the page knows who is signed in
  assign: new Map(),
  typed: new Map(), // path -> {raw, base, error}: text typed into a field that the document does not hold (fields.js)
  rendered: new Set(),
  auth: { mode: 'login', error: '', busy: false },
  importState: {},
  conflict: null,
  pending: null, // action to run after logging in
  lazy: {}, // the modules loaded when first needed (start.js, armoury.js), by export
  guide: -1, // the guided path's step, -1 when off
  armouryState: { section: '', q: '' },
};

/** need loads a module of the designer when first needed and redraws. */
async function need(name) {
  if (need.loading[name]) return need.loading[name];
  need.loading[name] = import(`./${name}.js`).then((m) => {
    Object.assign(app.lazy, m);
    if (app.store) rerender();
  });
  return need.loading[name];
}
need.loading = {};

// ---- rendering ---------------------------------------------------------

let lookups = null; // built once from the form description and the catalogue answer

/** formDefaults is the description's defaults as path patterns: "size",
 *  "systems[].count". */
function formDefaults(form) {
  const out = {};
  for (const g of form.groups || []) {
    for (const f of g.fields || []) {
      if (f.default !== undefined && f.default !== null) out[f.name] = f.default;
      for (const c of f.columns || []) if (c.default !== undefined && c.default !== null) out[`${f.name}[].${c.name}`] = c.default;
    }
  }
  return out;
}

/** schemaLimits reads the limits the document's JSON Schema sets at a
 *  path (minimum, maximum, maxLength, minLength), for the widgets' fields
 *  whose limits the form description does not carry. */
function schemaLimits(schema) {
  const memo = new Map();
  return (path) => {
    if (memo.has(path)) return memo.get(path);
    let node = schema;
    const re = /([^.[\]]+)|\[(\d+)\]/g;
    let m;
    while (node && (m = re.exec(path)) !== null) {
      if (m[2] !== undefined) node = node.items;
      else node = (node.properties && node.properties[m[1]]) || (typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined);
    }
    const out = node ? { min: node.minimum, max: node.maximum, maxLength: node.maxLength, minLength: node.minLength } : {};
    memo.set(path, out);
    return out;
  };
}

function context() {
  const { store, cat } = app;
  if (!lookups) {
    lookups = {
      choices: patternMatcher(cat ? cat.choices : {}),
      defaults: patternMatcher({ ...formDefaults(app.form), ...(cat ? cat.defaults : {}) }),
      kinds: new Map(cat ? cat.catalogue.kinds.map((k) => [k.kind, k]) : []),
      cats: new Map(cat ? cat.catalogue.categories.map((c) => [c.id, c]) : []),
      limits: schemaLimits(cat && cat.jsonSchema),
    };
  }
  const { choices, defaults, kinds, cats, limits } = lookups;
  const reasons = new Map(((app.eval.result && app.eval.result.tierReport && app.eval.result.tierReport.reasons) || []).map((r) => [r.path, r]));
  return {
    doc: store.doc,
    cat,
    form: app.form,
    choices,
    defaultAt: defaults,
    limits,
    kind: (k) => kinds.get(k),
    category: (c) => cats.get(c),
    tierReason: (p) => reasons.get(p),
    sigAt: (p) => sigAt(p, reasons),
    reg: (p) => app.rendered.add(p),
    typed: (p) => app.typed.get(p),
    setTyped: (p, d) => (d ? app.typed.set(p, d) : app.typed.delete(p)),
    redraw: () => rerender(),
    probs: (p) => app.assign.get(p) || [],
    set: (p, v, coalesce) => store.change((d) => set(d, p, v), coalesce || ''),
    remove: (p, coalesce) => store.change((d) => remove(d, p), coalesce || ''),
    change: (fn, coalesce) => store.change(fn, coalesce || ''),
    openPicker: (target) => openDialog('picker', { pickerTarget: target, pickerFilter: '' }),
    openRowPicker: (target, field) => openDialog('rowpicker', { pickerTarget: target, pickerField: field, pickerFilter: '' }),
    addRow: (target, row) => app.addRow(target, row),
    openArmoury: (section) => app.openArmoury(section),
    kinds: app.base.kinds && app.base.kinds.length > 1 ? app.base.kinds : null,
    kindNow: () => kindOf(store.doc),
    startKind: (v) => app.startKind(v),
  };
}

/** sigAt is a string of what the page shows at and under a path besides
 *  the document: its problems, typed text and tier reasons (a Memo's
 *  signature, widgets.js). */
function sigAt(p, reasons) {
  const under = (k) => k === p || k.startsWith(p + '.') || k.startsWith(p + '[');
  let s = '';
  for (const [k, v] of app.assign) if (under(k)) s += '\n' + k + JSON.stringify(v);
  for (const [k, v] of app.typed) if (under(k)) s += '\t' + k + JSON.stringify(v);
  for (const [k, v] of reasons) if (under(k)) s += '\r' + k + JSON.stringify(v);
  return s;
}

function Toolbar() {
  const s = app.store;
  const m = s.meta;
  const mode = m.id ? `Editing your design${m.version ? `, version ${m.version}` : ''}`
    : m.forkOf ? `Forking “${m.forkOf.name}” by ${m.forkOf.owner}: saving makes your own copy` : 'New design';
  return html`<div class="toolbar" role="toolbar" aria-label="Design actions">
    <div class="tool-group">
      <button type="button" class="btn" id="undo" disabled=${!s.canUndo} onClick=${() => s.undo()} aria-keyshortcuts="Control+Z" title="Undo (Ctrl+Z)">Undo</button>
      <button type="button" class="btn" id="redo" disabled=${!s.canRedo} onClick=${() => s.redo()} aria-keyshortcuts="Control+Shift+Z" title="Redo (Ctrl+Shift+Z)">Redo</button>
    </div>
    <div class="tool-group">
      <button type="button" class="btn" id="new" onClick=${newDesign} title="Start a new design: from a template, the guided path, a blank design or the library">New</button>
      <button type="button" class="btn" id="import" onClick=${() => openDialog('import', { importState: {} })}>Import</button>
      <button type="button" class="btn" id="export" onClick=${exportJSON}>Export JSON</button>
      ${m.id ? html`<${CompareButton} id=${m.id} />` : ''}
      ${app.forecast ? html`<button type="button" class="btn" id="test-against" onClick=${openForecast}>Test against…</button>` : ''}
      <button type="button" class="btn" id="sheet-preview-toggle" aria-pressed=${app.previewOpen ? 'true' : 'false'} onClick=${togglePreview}>Preview ${(app.form && app.form.sheet) || 'sheet'}</button>
    </div>
    <div class="tool-group save-group">
      <label for="visibility" class="inline-label">Visibility</label>
      <select id="visibility" value=${m.visibility || 'private'} onChange=${(e) => { s.setMeta({ ...m, visibility: e.target.value }); rerender(); }}>
        <option value="private">Private draft</option>
        <option value="unlisted">Unlisted (anyone with the link)</option>
        <option value="public">Public (in the library)</option>
      </select>
      <button type="button" class="btn primary" id="save" onClick=${() => save()} disabled=${app.saving}>${app.saving ? 'Saving…' : 'Save'}</button>
    </div>
    <p class="tool-status" role="status" id="save-status">
      <span class="mode">${mode}</span>
      ${s.dirty ? html` · <span class="dirty">unsaved changes</span>` : m.id ? ' · saved' : ''}
      ${app.status ? html` · <span class=${'msg ' + (app.status.kind || '')}>${app.status.text}</span>` : ''}
      ${m.id ? html` · <a href=${`/api/v1/designs/${encodeURIComponent(m.id)}/sheet.pdf`}>${(app.form && app.form.sheet) || 'sheet'} (PDF)</a>` : ''}
      ${s.storageError ? html` · <span class="msg bad">${s.storageError}</span>` : ''}
    </p>
  </div>`;
}

/** CompareButton puts the saved design in the compare tray (js/compare.js)
 *  or takes it out. */
function CompareButton({ id }) {
  const there = inTray(id);
  const full = !there && tray().length >= COMPARE_MAX;
  const name = app.store.doc.name || id;
  const click = () => (there ? removeFromTray(id) : addToTray({ id, name, game: app.ruleset === app.defaultRuleset ? '' : app.gameName }));
  return html`<button type="button" class="btn" id="add-compare" disabled=${full} onClick=${click}>
    ${there ? 'Remove from compare' : full ? 'Compare tray full' : 'Add to compare'}</button>`;
}

function MiniBar() {
  const r = app.eval.result;
  const n = r ? r.problems.length : (app.eval.problems || []).length;
  return html`<div class="minibar" aria-hidden="true">
    ${(app.form.stats || []).filter((s) => s.headline).map((s) => html`<span key=${s.pointer}>${s.label} <b>${statValue(s, r)}</b></span>`)}
    <span class=${n ? 'bad' : 'ok'}>${n} problem${n === 1 ? '' : 's'}</span>
  </div>`;
}

/** isNew reports whether the design is a new one (not saved, not a fork),
 *  whose errors show as a checklist. */
const isNew = () => !app.store.meta.id && !app.store.meta.forkOf;

function App() {
  const ctx = context();
  const { Guide, Checklist, StartDialog, ArmouryDialog } = app.lazy;
  const r = app.eval.result;
  const checklist = isNew() && r && !r.legal;
  if ((checklist || app.guide >= 0 || app.dialog === 'start') && !Guide) need('start');
  return html`<div class=${'studio-inner' + (checklist && Checklist ? ' todo-mode' : '')} data-doc-rev=${app.store.rev}>
    <${Toolbar} />
    <${MiniBar} />
    ${Guide && app.guide >= 0 ? html`<${Guide} app=${app} />` : ''}
    ${Checklist && checklist ? html`<${Checklist} app=${app} />` : ''}
    <div class=${'studio-grid' + (app.previewOpen ? ' previewing' : '')}>
      <${DesignForm} ctx=${ctx} />
      <${Panel} app=${app} />
      ${app.previewOpen ? (app.lazy.SheetPreview ? html`<${app.lazy.SheetPreview} app=${app} close=${togglePreview} />`
        : html`<aside class="sheet-preview"><p class="sheet-status" role="status">Loading the preview…</p></aside>`) : ''}
    </div>
    ${app.dialog === 'picker' ? html`<${SystemPicker} app=${app} target=${app.pickerTarget} />` : ''}
    ${app.dialog === 'rowpicker' ? html`<${RowPicker} app=${app} target=${app.pickerTarget} field=${app.pickerField} />` : ''}
    ${app.dialog === 'auth' ? html`<${AuthDialog} app=${app} />` : ''}
    ${app.dialog === 'import' ? html`<${ImportDialog} app=${app} />` : ''}
    ${app.dialog === 'forecast' && app.ForecastDialog ? html`<${app.ForecastDialog} mine=${{ document: app.store.doc }} kind="design" onClose=${() => app.closeDialog()} />` : ''}
    ${app.dialog === 'conflict' ? html`<${ConflictDialog} app=${app} />` : ''}
    ${app.dialog === 'start' && StartDialog ? html`<${StartDialog} app=${app} />` : ''}
    ${app.dialog === 'armoury' && ArmouryDialog ? html`<${ArmouryDialog} app=${app} />` : ''}
  </div>`;
}

/** assignProblems shows each problem at its path, or at the nearest
 *  enclosing place the form rendered (a problem about a missing part). */
function assignProblems(rendered) {
  const r = app.eval.result;
  const list = r ? r.problems || [] : app.eval.problems || [];
  const m = new Map();
  for (const p of list) {
    let at = p.path || '';
    while (at && !rendered.has(at)) at = parent(at);
    if (!m.has(at)) m.set(at, []);
    m.get(at).push(p);
  }
  return m;
}

const assignKey = (m) => JSON.stringify([...m].map(([k, v]) => [k, v.map((p) => p.rule + p.message)]));

/** rerender renders the page from app. Problems are placed with the
 *  places the last render drew; only when this render drew different
 *  places and that moves a problem is a second pass needed. */
/** formFor is the form for doc: the description's own or, for a game
 *  whose form makes several kinds of document (its kinds), that of the
 *  kind doc's kind member names. */
function formFor(doc) {
  const b = app.base;
  if (!b.kinds || !b.kindMember) return b;
  const v = doc && typeof doc === 'object' ? doc[b.kindMember] : undefined;
  const k = b.kinds.find((x) => x.value === v && x.groups && x.groups.length);
  if (!k) return b;
  if (!formFor.memo.has(k)) {
    formFor.memo.set(k, { ...b, title: k.title || k.label, intro: k.intro || '', blank: k.blank, groups: k.groups, stats: k.stats || [], templates: [], guide: [], armoury: [] });
  }
  return formFor.memo.get(k);
}
formFor.memo = new Map();

/** kindOf is the kind of document doc is, of the description's kinds
 *  (the first, the form's own, when its kind member names none). */
function kindOf(doc) {
  const ks = app.base.kinds || [];
  const v = doc && typeof doc === 'object' ? doc[app.base.kindMember] : undefined;
  return ks.find((k) => k.value === v) || ks[0];
}

function rerender() {
  const f = formFor(app.store.doc);
  if (f !== app.form) {
    app.form = f;
    lookups = null;
  }
  app.assign = assignProblems(app.rendered);
  const before = assignKey(app.assign);
  for (let pass = 0; pass < 2; pass++) {
    app.rendered = new Set();
    render(html`<${App} />`, root);
    const m = assignProblems(app.rendered);
    if (assignKey(m) === before) break;
    app.assign = m;
  }
}

// ---- evaluation --------------------------------------------------------

const evaluator = new api.Evaluator();
let evalTimer = 0;
let inFlight = 0;

/** scheduleEval asks for an evaluation of the latest document: at once
 *  when no request is under way, so the answer arrives while the form
 *  redraws; otherwise after a short pause that gathers keys typed
 *  together into one request. A newer request aborts an older one. */
function scheduleEval() {
  const rev = app.store.rev;
  performance.mark(`slipway:change:${rev}`);
  app.eval.pending = true;
  clearTimeout(evalTimer);
  if (inFlight === 0) runEval(rev, app.store.doc);
  else evalTimer = setTimeout(() => runEval(app.store.rev, app.store.doc), EVAL_DELAY_MS);
}

let shownJSON = ''; // the document the panel's numbers are of, as sent

async function runEval(rev, doc) {
  const sent = performance.now();
  const json = JSON.stringify(doc);
  inFlight++;
  let out;
  try {
    // Once the panel shows numbers, ask what moved them too.
    out = await evaluator.run(json, app.eval.result ? shownJSON : '');
  } finally {
    inFlight--;
  }
  performance.measure('slipway:fetch', { start: sent, end: performance.now() });
  if (!out || rev !== app.store.rev) return; // a newer change is on its way
  if (out.result) shownJSON = json;
  app.eval = { rev, result: out.result || null, problems: out.problems || null, pending: false, error: out.error || '',
    change: (out.result && out.change) || null };
  performance.mark(`slipway:answer:${rev}`);
  rerender();
  try {
    performance.measure('slipway:render', `slipway:answer:${rev}`);
    performance.clearMarks(`slipway:answer:${rev}`);
  } catch { /* not measured */ }
  try {
    performance.measure('slipway:panel', `slipway:change:${rev}`);
    performance.clearMarks(`slipway:change:${rev}`);
  } catch { /* the mark was cleared by a reload of the draft */ }
}

function onChange() {
  app.status = null;
  scheduleEval();
  rerender();
}

// ---- focus -------------------------------------------------------------

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/** focusPath moves focus to the field a path names, or the nearest
 *  enclosing part of the form when that field does not exist: that part
 *  itself (a row, a section, the form), never a control inside it, so the
 *  focus never lands on a button that Enter would press. */
function focusPath(path) {
  for (let p = path; ; p = parent(p)) {
    const el = p === '' ? document.querySelector('.design-form') : document.querySelector(`.design-form [data-path="${CSS.escape(p)}"]`);
    if (el) {
      for (let d = el.closest('details'); d; d = d.parentElement && d.parentElement.closest('details')) d.open = true;
      const target = el;
      if (!el.matches(FOCUSABLE)) el.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: 'center', behavior: 'instant' });
      return;
    }
    if (p === '') return;
  }
}
app.focusPath = focusPath;

// ---- dialogs -----------------------------------------------------------

/** openForecast loads the forecast dialog (js/forecast-dialog.js) the
 *  first time, then tests the draft against a library design. */
async function openForecast() {
  if (!app.ForecastDialog) app.ForecastDialog = (await import('../forecast-dialog.js')).ForecastDialog;
  openDialog('forecast');
}

function openDialog(name, extra = {}) {
  Object.assign(app, extra, { dialog: name });
  rerender();
}

app.closeDialog = () => {
  app.dialog = null;
  app.pending = null;
  rerender();
};
app.redraw = () => rerender();
app.setPickerFilter = (v) => { app.pickerFilter = v; rerender(); };
app.addSystem = (target, k) => {
  const entry = { kind: k.kind, count: 1 };
  if (k.rating.mode === 'range') entry.rating = k.rating.min;
  const n = (get(app.store.doc, target) || []).length;
  app.dialog = null;
  app.store.change((d) => set(d, `${target}[${n}]`, entry));
  requestAnimationFrame(() => focusPath(`${target}[${n}].kind`));
};
/** addRow appends row to the list at target as one change and focuses
 *  the new row's first field. */
app.addRow = (target, row) => {
  const n = (get(app.store.doc, target) || []).length;
  app.dialog = null;
  app.store.change((d) => set(d, `${target}[${n}]`, row));
  const first = Object.keys(row)[0];
  requestAnimationFrame(() => focusPath(first ? `${target}[${n}].${first}` : `${target}[${n}]`));
};
app.pickRow = (target, field, value) => app.addRow(target, newRow(field, value));
/** openArmoury opens the armoury, to mount a weapon in section ('' to
 *  define one only). */
app.openArmoury = async (section) => {
  await need('armoury');
  const doc = app.store.doc;
  const first = app.cat.sections.find((s) => doc.sections && doc.sections[s.name]);
  app.armouryState = { q: '', section: section === undefined || section === null ? (first ? first.name : '') : section };
  openDialog('armoury');
};

/** takeReady defines a ready weapon (or reuses an identical definition)
 *  and mounts it in section, firing in every sector the section allows,
 *  as one change. */
app.takeReady = (ready, section) => {
  const info = section ? app.cat.sections.find((s) => s.name === section) : null;
  let at = '';
  app.dialog = null;
  app.store.change((d) => {
    const id = app.lazy.defineReady(d, ready);
    const sec = info && d.sections && d.sections[info.name];
    if (sec) {
      sec.weapons = Array.isArray(sec.weapons) ? sec.weapons : [];
      sec.weapons.push({ weapon: id, sectors: [...info.sectors], count: 1 });
      at = `sections.${info.name}.weapons[${sec.weapons.length - 1}].weapon`;
    } else {
      at = `${ready.list}[${d[ready.list].findIndex((x) => x && x.id === id)}].name`;
    }
  });
  app.status = { text: info ? `${ready.name} mounted in the ${info.name} section, firing in sectors ${info.sectors.join(', ')} (untick any it should not fire in)` : `${ready.name} defined`, kind: 'ok' };
  rerender();
  requestAnimationFrame(() => focusPath(at));
};

/** startFrom starts a new design: from a template, blank, or blank with
 *  the guided path. The last design stays one undo away. */
app.startFrom = (how, template) => {
  const doc = how === 'template' ? template.document : app.form.blank;
  const old = keyOf(app.store.meta);
  app.store.setMeta({ baseJSON: JSON.stringify(app.form.blank), visibility: 'private' }, old);
  history.replaceState(null, '', designerURL());
  app.dialog = null;
  app.guide = how === 'guide' ? 0 : -1;
  app.store.replace(clone(doc));
  app.status = { text: how === 'template' ? `started from the ${template.label.toLowerCase()} template (undo brings the last design back)` : 'new design (undo brings the last one back)' };
  rerender();
  // The guide's first step, or the name: what a player changes first.
  requestAnimationFrame(() => { const h = how === 'guide' && document.getElementById('guide-h'); if (h) h.focus(); else focusPath('name'); });
};

/** startKind starts a new document of another kind the form makes (a
 *  Star Eater card set): its blank. The last design stays one undo away. */
app.startKind = (v) => {
  const k = (app.base.kinds || []).find((x) => x.value === v);
  if (!k) return;
  const blank = k.blank || app.base.blank;
  const old = keyOf(app.store.meta);
  app.store.setMeta({ baseJSON: JSON.stringify(blank), visibility: 'private' }, old);
  history.replaceState(null, '', designerURL());
  app.dialog = null;
  app.guide = -1;
  app.store.replace(clone(blank));
  app.status = { text: `new ${k.label.charAt(0).toLowerCase() + k.label.slice(1)} (undo brings the last design back)` };
  rerender();
  requestAnimationFrame(() => focusPath('name'));
};

/** guideTo shows step i of the guided path (-1 leaves it). */
app.guideTo = (i) => {
  app.guide = i;
  rerender();
  requestAnimationFrame(() => { const h = document.getElementById('guide-h'); if (h) h.focus(); });
};

/** guideOffer takes a step's offer: its merge patch, as one change. */
app.guideOffer = (step) => {
  app.store.change((d) => app.lazy.mergePatch(d, step.patch));
  app.status = { text: `done: ${step.offer.charAt(0).toLowerCase() + step.offer.slice(1)} (undo takes it back)`, kind: 'ok' };
  rerender();
  requestAnimationFrame(() => { const b = document.getElementById('guide-next'); if (b) b.focus(); });
};

/** guideAction goes to the part of the form a step is about, doing its
 *  action: the armoury, or the system picker of the first section. */
app.guideAction = (step) => {
  if (step.action === 'armoury' && app.cat) return app.openArmoury();
  const doc = app.store.doc;
  if (step.action === 'systems' && app.cat) {
    const first = app.cat.sections.find((s) => doc.sections && doc.sections[s.name]);
    if (first) return openDialog('picker', { pickerTarget: `sections.${first.name}.systems`, pickerFilter: '' });
  }
  focusPath(step.path);
};

app.setAuthMode = (mode) => { app.auth = { ...app.auth, mode, error: '' }; rerender(); };

app.authenticate = async (mode, username, password) => {
  app.auth = { ...app.auth, busy: true, error: '' };
  rerender();
  try {
    await (mode === 'register' ? api.register(username, password) : api.login(username, password));
    app.user = (await api.me()) || { name: username };
    showSignedIn(app.user.name);
    app.auth = { mode, busy: false, error: '' };
    const next = app.pending;
    app.pending = null;
    app.dialog = null;
    rerender();
    if (next) next();
  } catch (e) {
    const detail = e.problems && e.problems.length ? e.problems.map((p) => p.message).join('; ') : e.message;
    app.auth = { ...app.auth, busy: false, error: detail };
    rerender();
  }
};

app.importText = async (text, from) => {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    app.importState = { error: `${from} is not JSON: ${e.message}. Nothing was changed.` };
    return rerender();
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    app.importState = { error: `${from} is not one design document (a JSON object). Nothing was changed.` };
    return rerender();
  }
  const game = doc.ruleset === undefined ? app.defaultRuleset : doc.ruleset;
  if (game !== app.ruleset) {
    const other = app.games.find((g) => g.id === game);
    app.importState = { error: other
      ? `${from} is a ${other.name} design; import it in the ${other.name} designer. Nothing was changed.`
      : `${from} is not a design of a game this studio serves. Nothing was changed.` };
    return rerender();
  }
  try {
    await api.validate(text);
  } catch (e) {
    app.importState = { error: `${from} cannot be read as a design: ${e.message}. Nothing was changed.`, problems: e.problems };
    return rerender();
  }
  app.dialog = null;
  app.status = { text: `imported ${from} (undo to go back)`, kind: 'ok' };
  app.store.replace(doc);
};

// ---- toolbar actions ---------------------------------------------------

// The record sheet preview (preview.js) takes the panel's place beside the
// form while it is open; its module loads (need) the first time it opens.
function togglePreview() {
  app.previewOpen = !app.previewOpen;
  if (!app.previewOpen && app.lazy.stopPreview) {
    app.lazy.stopPreview();
    requestAnimationFrame(() => document.getElementById('sheet-preview-toggle').focus()); // the close button is gone
  }
  if (app.previewOpen) {
    need('preview').catch(() => { app.status = { text: 'the preview could not load; reload the page to try again', kind: 'bad' }; rerender(); });
  }
  rerender();
}

/** designerURL is the address of this game's designer for a new design. */
const designerURL = () => (app.ruleset === app.defaultRuleset ? '/designer' : `/designer?ruleset=${encodeURIComponent(app.ruleset)}`);

/** keyOf names a draft's local-storage slot: per design as before, and a
 *  new design's per game, the first game keeping the slot it always had,
 *  so that the two games never overwrite each other's draft. */
const keyOf = (meta) => (meta.id || meta.forkOf || app.ruleset === app.defaultRuleset ? draftKey(meta) : `slipway.draft:${app.ruleset}:new`);

/** newDesign opens the chooser of how to start (start.js). */
function newDesign() {
  app.startState = null;
  need('start');
  openDialog('start');
}

function exportJSON() {
  const doc = app.store.doc;
  const blob = new Blob([JSON.stringify(doc, null, 2) + '\n'], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = (String(doc.name || 'design').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'design') + '.json';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// ---- saving ------------------------------------------------------------

/** saved records the answer of a successful save as the new base. */
function saved(res, note) {
  const d = res.data;
  const old = keyOf(app.store.meta);
  app.store.setMeta({ id: d.id, etag: res.etag, version: d.version, visibility: d.visibility, owner: d.owner,
    baseJSON: JSON.stringify(app.store.doc) }, old);
  history.replaceState(null, '', `/designer?from=${encodeURIComponent(d.id)}`);
  app.status = { text: note || `saved as version ${d.version}`, kind: 'ok' };
}

async function save(mode = 'auto', etag) {
  if (app.saving) return;
  if (!app.user) {
    app.pending = () => save(mode, etag);
    return openDialog('auth', { auth: { mode: 'login', error: '', busy: false } });
  }
  const s = app.store;
  const m = s.meta;
  const vis = m.visibility || 'private';
  app.saving = true;
  rerender();
  try {
    if (m.id && mode !== 'copy') {
      saved(await api.updateDesign(m.id, s.doc, vis, etag || m.etag));
    } else if (m.forkOf && mode !== 'copy') {
      const f = await api.forkDesign(m.forkOf.id, m.forkOf.version);
      let res = f;
      if (JSON.stringify(s.doc) !== m.baseJSON || vis !== 'private') {
        res = await api.updateDesign(f.data.id, s.doc, vis, f.etag);
      }
      saved(res, `saved as your fork (version ${res.data.version})`);
    } else {
      saved(await api.createDesign(s.doc, vis), mode === 'copy' ? 'saved as a new design' : undefined);
    }
    app.dialog = null;
  } catch (e) {
    await onSaveFailed(e);
  } finally {
    app.saving = false;
    rerender();
  }
}

/** onSaveFailed is the shared handler (store.js) with the designer's
 *  URL on 412, its conflict dialog's combat values and its 422 text. */
const onSaveFailed = (e) => saveFailed(app, e, {
  save: () => save(),
  // The saved version's numbers are its evaluation's, asked for as the
  // draft's are.
  latest: async () => {
    const res = await api.getDesign(app.store.meta.id);
    app.theirsResult = null;
    try {
      app.theirsResult = (await api.call('POST', '/api/v1/evaluate', res.data.design)).data;
    } catch { /* shown as — */ }
    return res;
  },
  docOf: (d) => d.design,
  conflict: () => {
    const s = (app.form.stats || []).find((x) => x.headline);
    return s ? { valueLabel: s.label, mineValue: statValue(s, app.eval.result), theirsValue: statValue(s, app.theirsResult) } : {};
  },
  illegal: (err) => `not saved: ${err.message} (${count(err.problems.length, 'problem')}). Keep it private until it is legal.`,
});

app.resolveConflict = async (choice) => {
  const c = app.conflict;
  if (choice === 'mine') {
    await save('auto', c.etag);
  } else if (choice === 'copy') {
    await save('copy');
  } else {
    const m = app.store.meta;
    app.store.setMeta({ ...m, etag: c.etag, version: c.theirs.version, visibility: c.theirs.visibility, baseJSON: JSON.stringify(c.theirs.design) });
    app.store.replace(c.theirs.design);
    app.status = { text: `took version ${c.theirs.version} (undo brings your draft back)`, kind: 'ok' };
    app.dialog = null;
  }
  rerender();
};

// ---- keyboard ----------------------------------------------------------

onTrayChange(() => { if (app.store) rerender(); });

document.addEventListener('keydown', (e) => {
  if (!app.dialog) undoKeys(e, app.store);
});

// ---- start -------------------------------------------------------------

async function start() {
  try {
    app.base = (await api.getForm(app.ruleset)).data;
    app.form = app.base;
    const widgets = (app.form.groups || []).some((g) => (g.fields || []).some((f) => f.kind === 'widget'));
    if (widgets) app.cat = (await api.getCatalogue()).data;
  } catch (e) {
    root.textContent = `The designer could not load the ${app.gameName} form from the server (${e.message}). Reload the page to try again.`;
    return;
  }
  const from = new URLSearchParams(location.search).get('from');
  let doc = app.form.blank;
  let meta = { baseJSON: JSON.stringify(app.form.blank), visibility: 'private' };
  let note = null;
  if (from) {
    try {
      const res = await api.getDesign(from);
      const user = app.user;
      const d = res.data;
      doc = d.design;
      const base = JSON.stringify(doc);
      meta = user && user.name === d.owner
        ? { id: d.id, etag: res.etag, version: d.version, visibility: d.visibility, owner: d.owner, baseJSON: base }
        : { forkOf: { id: d.id, version: d.version, name: d.name, owner: d.owner }, visibility: 'private', baseJSON: base };
    } catch (e) {
      note = { text: `could not open design ${from}: ${e.status === 404 ? 'it does not exist or is private' : e.message}. This is a new design.`, kind: 'bad' };
      history.replaceState(null, '', designerURL());
    }
  }
  const draft = readDraft(keyOf(meta));
  if (draft && JSON.stringify(draft.doc) !== meta.baseJSON) {
    doc = draft.doc;
    if (draft.meta && meta.id && draft.meta.etag && draft.meta.etag !== meta.etag) {
      meta = { ...meta, etag: draft.meta.etag }; // saving will show what changed since
    }
    if (meta.id || meta.forkOf) note = { text: 'restored your unsaved changes from this browser' };
  }
  if (draft && draft.meta && draft.meta.visibility && !meta.id) meta.visibility = draft.meta.visibility;
  app.store = new Store(clone(doc), meta, onChange, keyOf);
  app.status = note;
  root.removeAttribute('aria-busy');
  root.textContent = '';
  scheduleEval();
  rerender();
  if (new URLSearchParams(location.search).has('new')) {
    history.replaceState(null, '', designerURL());
    newDesign();
  }
}

start();
