// fields.js: the form's field components. Each field is bound to one JSON
// path of the document: it shows the value there, writes changes there,
// carries the path in data-path (so a problem can focus it) and shows the
// problems the server reported for that path beside it.
import { html } from '../ui.js';
import { get, idFor } from './doc.js';

/** Problems renders the problems assigned to a path, linked to its field. */
export function Problems({ ctx, path }) {
  const list = ctx.probs(path);
  if (!list.length) return null;
  return html`<ul class="field-problems" id=${idFor(path, '-p')}>
    ${list.map((p) => html`<li class=${p.severity}>${p.message}${p.hint ? html` <span class="hint">(${p.hint})</span>` : ''} <span class="rule" title="Rule ${p.rule}">${p.rule}</span></li>`)}
  </ul>`;
}

/** Slot registers a container path (a section, a list entry) so that a
 *  problem naming it, or nothing more precise, is shown there. */
export function Slot({ ctx, path }) {
  ctx.reg(path);
  return html`<${Problems} ctx=${ctx} path=${path} />`;
}

function describe(ctx, path, hint, more) {
  const ids = [];
  if (hint) ids.push(idFor(path, '-h'));
  if (more) ids.push(more);
  if (ctx.probs(path).length) ids.push(idFor(path, '-p'));
  return ids.length ? ids.join(' ') : undefined;
}

function invalid(ctx, path) {
  return ctx.probs(path).some((p) => p.severity === 'error') ? 'true' : undefined;
}

/** value reads a field, falling back to the format's default. */
export function valueOf(ctx, path) {
  const v = get(ctx.doc, path);
  return v === undefined ? ctx.defaultAt(path) : v;
}

/** NumField edits a whole number; an empty box removes the field. */
export function NumField({ ctx, path, label, hint, min, max, step, cls }) {
  ctx.reg(path);
  // An absent field shows its default as a placeholder, not as a value, so
  // that emptying the box to type a new number does not bring it back.
  const v = get(ctx.doc, path);
  const dflt = ctx.defaultAt(path);
  const id = idFor(path);
  const onInput = (e) => {
    const raw = e.target.value.trim();
    if (raw === '') ctx.remove(path, path);
    else if (!Number.isNaN(Number(raw))) ctx.set(path, Number(raw), path);
  };
  return html`<div class=${'field num ' + (cls || '')}>
    <label for=${id}>${label}</label>
    <input id=${id} type="number" inputmode="numeric" data-path=${path} value=${v === undefined || v === null ? '' : String(v)}
      placeholder=${dflt === undefined ? undefined : String(dflt)} min=${min} max=${max} step=${step || 1} aria-invalid=${invalid(ctx, path)} aria-describedby=${describe(ctx, path, hint)} onInput=${onInput} />
    ${hint ? html`<span class="hint" id=${idFor(path, '-h')}>${hint}</span>` : ''}
    <${Problems} ctx=${ctx} path=${path} />
  </div>`;
}

/** TextField edits a string; an empty box removes an optional field. */
export function TextField({ ctx, path, label, hint, optional, multiline, cls, toValue, fromValue, placeholder }) {
  ctx.reg(path);
  const raw = valueOf(ctx, path);
  const v = fromValue ? fromValue(raw) : raw;
  const id = idFor(path);
  const onInput = (e) => {
    const s = e.target.value;
    if (s === '' && optional) ctx.remove(path, path);
    else ctx.set(path, toValue ? toValue(s) : s, path);
  };
  const attrs = { id, 'data-path': path, value: v === undefined || v === null ? '' : String(v), onInput,
    'aria-invalid': invalid(ctx, path), 'aria-describedby': describe(ctx, path, hint), placeholder };
  return html`<div class=${'field text ' + (cls || '')}>
    <label for=${id}>${label}</label>
    ${multiline ? html`<textarea rows="3" ...${attrs}></textarea>` : html`<input type="text" autocomplete="off" spellcheck="false" ...${attrs} />`}
    ${hint ? html`<span class="hint" id=${idFor(path, '-h')}>${hint}</span>` : ''}
    <${Problems} ctx=${ctx} path=${path} />
  </div>`;
}

/** SelectField picks one of choices (from the catalogue answer unless
 *  given). An empty choice removes the field, or is absent when required. */
export function SelectField({ ctx, path, label, choices, labels, allowEmpty = true, emptyLabel = '—', hint, cls, onPick, describedBy }) {
  ctx.reg(path);
  const list = choices || ctx.choices(path) || [];
  const v = valueOf(ctx, path);
  const id = idFor(path);
  const has = v !== undefined && v !== null && v !== '';
  const known = list.some((c) => String(c) === String(v));
  const onChange = (e) => {
    const s = e.target.value;
    const pick = list.find((c) => String(c) === s);
    if (onPick) return onPick(s === '' ? undefined : pick);
    if (s === '') ctx.remove(path);
    else ctx.set(path, pick === undefined ? s : pick);
  };
  return html`<div class=${'field select ' + (cls || '')}>
    <label for=${id}>${label}</label>
    <select id=${id} data-path=${path} onChange=${onChange} aria-invalid=${invalid(ctx, path)} aria-describedby=${describe(ctx, path, hint, describedBy)}>
      ${(allowEmpty || !has) ? html`<option value="" selected=${!has}>${emptyLabel}</option>` : ''}
      ${has && !known ? html`<option value=${String(v)} selected>${String(v)} (not allowed)</option>` : ''}
      ${list.map((c) => html`<option value=${String(c)} selected=${has && String(c) === String(v)}>${labels ? labels(c) : String(c)}</option>`)}
    </select>
    ${hint ? html`<span class="hint" id=${idFor(path, '-h')}>${hint}</span>` : ''}
    <${Problems} ctx=${ctx} path=${path} />
  </div>`;
}

/** CheckField edits a true/false field. */
export function CheckField({ ctx, path, label, cls }) {
  ctx.reg(path);
  const v = valueOf(ctx, path);
  const id = idFor(path);
  return html`<div class=${'field check ' + (cls || '')}>
    <input id=${id} type="checkbox" data-path=${path} checked=${!!v} aria-invalid=${invalid(ctx, path)}
      aria-describedby=${describe(ctx, path)} onChange=${(e) => ctx.set(path, e.target.checked)} />
    <label for=${id}>${label}</label>
    <${Problems} ctx=${ctx} path=${path} />
  </div>`;
}

/** SetField edits a list of distinct values chosen from choices, as a
 *  group of check boxes. An empty list removes an optional field. */
export function SetField({ ctx, path, label, choices, optional, cls, labels }) {
  ctx.reg(path);
  const list = choices || ctx.choices(path) || [];
  const raw = get(ctx.doc, path);
  const cur = Array.isArray(raw) ? raw : [];
  const extra = cur.filter((x) => !list.includes(x));
  const toggle = (c, on) => {
    const next = on ? [...cur.filter((x) => x !== c), c] : cur.filter((x) => x !== c);
    const ordered = [...list.filter((x) => next.includes(x)), ...next.filter((x) => !list.includes(x))];
    if (!ordered.length && optional) ctx.remove(path);
    else ctx.set(path, ordered);
  };
  const gid = idFor(path);
  return html`<fieldset class=${'field set ' + (cls || '')} data-path=${path} id=${gid} aria-invalid=${invalid(ctx, path)} aria-describedby=${describe(ctx, path)}>
    <legend>${label}</legend>
    <div class="checks">
      ${[...list, ...extra].map((c, i) => {
        const id = `${gid}-${i}`;
        return html`<span class="check-chip"><input type="checkbox" id=${id} data-value=${c} checked=${cur.includes(c)} onChange=${(e) => toggle(c, e.target.checked)} /><label for=${id}>${labels ? labels(c) : c}</label></span>`;
      })}
      ${list.length + extra.length === 0 ? html`<span class="muted">nothing to choose yet</span>` : ''}
    </div>
    <${Problems} ctx=${ctx} path=${path} />
  </fieldset>`;
}

/** Button is a small action button; label is also its accessible name
 *  unless title gives a longer one. */
export function Button({ label, title, onClick, cls, disabled, data }) {
  return html`<button type="button" class=${'btn ' + (cls || '')} title=${title} aria-label=${title} disabled=${disabled}
    onClick=${onClick} ...${data || {}}>${label}</button>`;
}

/** Group is one part of the form: a disclosure with a heading, open
 *  unless told. */
export function Group({ id, heading, children, count, open = true }) {
  return html`<details class="group" open=${open} id=${id}>
    <summary><h2>${heading}${count !== undefined ? html` <span class="count">${count}</span>` : ''}</h2></summary>
    <div class="group-body">${children}</div>
  </details>`;
}
