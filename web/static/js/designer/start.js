// start.js: how a new design starts (loaded when first needed): the
// chooser of a blank design, a template, the guided path or a design of
// the library; the guided path's step bar; and the checklist of what a
// new design still needs to be legal. Templates, steps and every word of
// the checklist come from the server: the form description's templates
// and guide, and the evaluation's problems, in the player's words.
import { html } from '../ui.js';
import { Modal } from '../dialog.js';
import * as api from './api.js';

const fmt = (v) => (typeof v === 'number' && !Number.isInteger(v) ? String(Math.round(v * 1000) / 1000) : String(v));

/** StartDialog offers every way to start a new design. */
export function StartDialog({ app }) {
  const f = app.form;
  const st = app.startState || (app.startState = { q: '', results: null, error: '' });
  const search = async (q) => {
    st.q = q;
    try {
      const res = await api.call('GET', `/api/v1/library?ruleset=${encodeURIComponent(app.ruleset)}&limit=8&q=${encodeURIComponent(q)}`);
      if (st.q !== q) return;
      st.results = res.data.designs || [];
      st.error = '';
    } catch (e) {
      st.results = [];
      st.error = `The library did not answer (${e.message}).`;
    }
    app.redraw();
  };
  if (st.results === null) {
    st.results = [];
    search('');
  }
  const templates = f.templates || [];
  return html`<${Modal} id="start" label=${`Start a new ${app.gameName} design`} onClose=${() => app.closeDialog()} cls="wide">
    <p class="muted">Whatever you start from, everything stays editable, and Undo brings back the design you had.</p>
    ${templates.length ? html`<section aria-labelledby="start-t-h">
      <h3 id="start-t-h">From a template</h3>
      <ul class="picker start-list" role="list">${templates.map((t) => html`<li key=${t.id}>
        <button type="button" class="pick" data-template=${t.id} onClick=${() => app.startFrom('template', t)}>
          <span class="pick-name">${t.label}</span><span class="pick-info">${t.help}</span>
          ${(t.numbers || []).length ? html`<span class="pick-info template-numbers">${t.numbers.map((n) => `${n.label} ${fmt(n.value)}${n.unit || ''}`).join(' · ')}</span>` : ''}</button></li>`)}</ul>
    </section>` : ''}
    <section aria-labelledby="start-b-h">
      <h3 id="start-b-h">From nothing</h3>
      <ul class="picker start-list" role="list">
        ${(f.guide || []).length ? html`<li><button type="button" class="pick" id="start-guide" onClick=${() => app.startFrom('guide')}>
          <span class="pick-name">Guide me through a first ship</span>
          <span class="pick-info">${f.guide.length} short steps: ${f.guide.map((s) => s.title.toLowerCase()).join(', then ')}. Leave the guide whenever you like.</span></button></li>` : ''}
        <li><button type="button" class="pick" id="start-blank" onClick=${() => app.startFrom('blank')}>
          <span class="pick-name">A blank design</span>
          <span class="pick-info">An empty design with a checklist of what it still needs to be legal.</span></button></li>
      </ul>
    </section>
    <section aria-labelledby="start-l-h">
      <h3 id="start-l-h">From a design in the library</h3>
      <div class="field text"><label for="start-q">Search the library</label>
        <input id="start-q" type="search" autocomplete="off" value=${st.q} onInput=${(e) => search(e.target.value)} /></div>
      ${st.error ? html`<p class="notice bad" role="alert">${st.error}</p>` : ''}
      <ul class="start-designs" role="list">${st.results.map((d) => html`<li key=${d.id}>
        <a href=${`/designer?from=${encodeURIComponent(d.id)}`} data-design=${d.id}>${d.name}</a>
        <span class="muted"> by ${d.owner}${d.description ? ': ' + (d.description.length > 110 ? d.description.slice(0, 110).replace(/\s+\S*$/, '') + '…' : d.description) : ''}</span></li>`)}</ul>
      ${!st.error && st.results.length === 0 ? html`<p class="muted">No design found${st.q ? ` for “${st.q}”` : ''}.</p>` : ''}
      <p class="muted">Opening someone else's design makes it your copy when you save.</p>
    </section>
  </${Modal}>`;
}

const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** offerable reports whether every value patch sets is absent from doc,
 *  so that taking a step's offer overwrites nothing the player chose. */
export function offerable(doc, patch) {
  return Object.entries(patch).every(([k, v]) => {
    const cur = isObj(doc) ? doc[k] : undefined;
    return isObj(v) ? cur === undefined || (isObj(cur) && offerable(cur, v)) : cur === undefined;
  });
}

/** mergePatch applies a JSON merge patch (RFC 7386) to t in place. */
export function mergePatch(t, patch) {
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete t[k];
    else if (isObj(v)) {
      if (!isObj(t[k])) t[k] = {};
      mergePatch(t[k], v);
    } else t[k] = JSON.parse(JSON.stringify(v));
  }
}

/** Guide is the guided path's step bar: what to do in this step, the
 *  step's offer to do it for the player (while it overwrites nothing), a
 *  button that goes there (and does the step's action), Back, Next and
 *  Leave. */
export function Guide({ app }) {
  const steps = app.form.guide || [];
  const i = app.guide;
  const s = steps[i];
  if (!s) return null;
  const last = i === steps.length - 1;
  const act = s.action === 'armoury' ? 'Open the armoury' : s.action === 'systems' ? 'Add a system' : 'Go there';
  return html`<section class="guide" aria-labelledby="guide-h" data-step=${i}>
    <p class="guide-count">Step ${i + 1} of ${steps.length}</p>
    <h2 id="guide-h" tabindex="-1">${s.title}</h2>
    <p>${s.help}</p>
    <div class="actions wrap">
      ${s.offer && s.patch && offerable(app.store.doc, s.patch) ? html`<button type="button" class="btn primary" id="guide-offer"
        onClick=${() => app.guideOffer(s)}>${s.offer}</button>` : ''}
      <button type="button" class=${'btn' + (s.offer ? '' : ' primary')} id="guide-go" onClick=${() => app.guideAction(s)}>${act}</button>
      <button type="button" class="btn" id="guide-back" disabled=${i === 0} onClick=${() => app.guideTo(i - 1)}>Back</button>
      <button type="button" class="btn" id="guide-next" onClick=${() => app.guideTo(last ? -1 : i + 1)}>${last ? 'Finish' : 'Next: ' + steps[i + 1].title.toLowerCase()}</button>
      <button type="button" class="btn linklike" id="guide-leave" onClick=${() => app.guideTo(-1)}>Leave the guide</button>
    </div>
  </section>`;
}

/** Checklist lists what a new design still needs to be legal: the
 *  errors of the last evaluation, each as the fix the server words (its
 *  hint) and where (its message), a button that goes to the field. */
export function Checklist({ app }) {
  const r = app.eval.result;
  if (!r) return null;
  const todo = (r.problems || []).filter((p) => p.severity === 'error');
  if (!todo.length) return null;
  return html`<section class="checklist" aria-labelledby="checklist-h">
    <h2 id="checklist-h">To make it a legal design: ${todo.length} thing${todo.length === 1 ? '' : 's'} to do</h2>
    <ul role="list">${todo.map((p, i) => html`<li key=${i}>
      <button type="button" class="linklike todo" data-todo=${p.path} onClick=${() => app.focusPath(p.path)}>
        <span class="todo-box" aria-hidden="true"></span>
        <span><b>${p.message}</b>${p.hint ? html`<span class="todo-fix"> — ${p.hint}</span>` : ''}</span></button></li>`)}</ul>
  </section>`;
}
