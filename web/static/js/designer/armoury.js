// armoury.js: the armoury (loaded when first opened), ready definitions
// from the form description's armoury, each with its tier and what it is
// good at, as the server sends them. Picking one defines it in the
// document (or reuses an identical definition) and, when a section is
// chosen, mounts it there firing in every sector the section allows (the
// catalogue answer's sectors); its numbers can be tuned afterwards.
import { html } from '../ui.js';
import { Modal } from '../dialog.js';
import { readyDef } from './ready.js';
import { termFor } from './widgets.js';

const words = (s) => String(s).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
const list = (v) => (Array.isArray(v) ? v : []);

/** sameDef reports whether two definitions differ only in their id. */
const sameDef = (a, b) => JSON.stringify({ ...a, id: '' }, Object.keys({ ...a }).sort()) === JSON.stringify({ ...b, id: '' }, Object.keys({ ...b }).sort());

/** defineReady puts ready's definition into d (a draft being changed)
 *  unless an identical one is there, and returns its id. */
export function defineReady(d, ready) {
  d[ready.list] = list(d[ready.list]);
  const have = d[ready.list];
  const same = have.find((x) => x && sameDef(x, ready.value));
  if (same) return same.id;
  const def = readyDef(have, ready);
  have.push(def);
  return def.id;
}

/** stats is a weapon's numbers in a line, its choices in the glossary's
 *  words: "2 × D6+1 energy, raking · range 15 cm · unlimited fire ·
 *  targets starships". */
function stats(form, w) {
  const label = (field, v) => {
    const t = termFor(form, `weapons[0].${field}`);
    const o = t && (t.options || []).find((x) => x.value === String(v));
    return (o ? o.label : words(v)).toLowerCase();
  };
  const dmg = `${w.pulse} × ${w.die}${w.modifier ? (w.modifier > 0 ? '+' : '') + w.modifier : ''}`;
  const parts = [`${dmg} ${label('damageType', w.damageType)}, ${label('effect', w.effect)}`];
  parts.push(w.targetMethod === 'indirect' ? `indirect, range ${w.range} cm over ${w.indirectTurns} turn${w.indirectTurns === 1 ? '' : 's'}` : `range ${w.range} cm`);
  if (w.aoe) parts.push(`${w.aoe} cm blast`);
  parts.push(`${label('rateOfFire', w.rateOfFire)} fire`);
  parts.push(`targets ${list(w.targets).map((x) => label('targets', x)).join(', ')}`);
  return parts.join(' · ');
}

/** ArmouryDialog lists the ready weapons with the section to mount one in. */
export function ArmouryDialog({ app }) {
  const st = app.armouryState;
  const ready = (app.form.armoury || []).filter((r) => r.list === 'weapons');
  const present = app.cat.sections.filter((s) => app.store.doc.sections && app.store.doc.sections[s.name]);
  const q = st.q.toLowerCase();
  const shown = ready.filter((r) => !q || r.name.toLowerCase().includes(q) || r.help.toLowerCase().includes(q));
  const set = (k, v) => { st[k] = v; app.redraw(); };
  return html`<${Modal} id="armoury" label="Armoury: ready weapons" onClose=${() => app.closeDialog()} cls="wide">
    <p class="muted">Pick a weapon: it is defined for you and mounted where you say. You can tune its numbers afterwards.</p>
    <div class="armoury-controls">
      <div class="field enum"><label for="armoury-section">Mount it in</label>
        <select id="armoury-section" value=${st.section} onChange=${(e) => set('section', e.target.value)}>
          ${present.map((s) => html`<option value=${s.name}>the ${s.name} section</option>`)}
          <option value="">no section (define it only)</option>
        </select></div>
      <div class="field text"><label for="armoury-q">Filter</label>
        <input id="armoury-q" type="search" autocomplete="off" value=${st.q} onInput=${(e) => set('q', e.target.value)} /></div>
    </div>
    ${present.length === 0 ? html`<p class="notice">The design has no section yet: a weapon picked now is defined only. Add a section to mount it.</p>` : ''}
    <ul class="picker armoury-list" role="list">${shown.map((r) => html`<li key=${r.name}>
      <button type="button" class="pick" data-ready=${r.name} onClick=${() => app.takeReady(r, st.section)}>
        <span class="pick-name">${r.name} ${r.tier ? html`<span class=${'tier-badge t' + r.tier}>Tier ${r.tier}</span>` : ''}</span>
        <span class="pick-info">${r.help}</span>
        <span class="pick-info ready-stats">${stats(app.form, r.value)}</span></button></li>`)}</ul>
    ${shown.length === 0 ? html`<p class="muted">Nothing matches “${st.q}”.</p>` : ''}
  </${Modal}>`;
}
