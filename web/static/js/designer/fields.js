// fields.js: the form's field components. Each field is bound to one JSON
// path of the document: it shows the value there, writes changes there,
// carries the path in data-path (so a problem can focus it) and shows the
// problems the server reported for that path beside it.
import { html } from '../ui.js';
import { get, idFor, ruleHref } from './doc.js';

/** Problems renders the problems assigned to a path, linked to its field. */
export function Problems({ ctx, path }) {
  const list = ctx.probs(path);
  if (!list.length) return null;
  return html`<ul class="field-problems" id=${idFor(path, '-p')}>
    ${list.map((p) => html`<li class=${p.severity}>${p.message}${p.hint ? html` <span class="hint">(${p.hint})</span>` : ''} <a class="rule" href=${ruleHref(ctx.form.ruleset, p.rule)} title=${`Read rule ${p.rule} in the glossary`}>${p.rule}</a></li>`)}
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

const big = (n) => (Math.abs(n) >= 1000 ? n.toLocaleString('en-GB') : String(n));

/** wholeRule says which whole numbers a number field takes, in the form's
 *  words ("a whole number from 1 to 21"). */
export function wholeRule(min, max) {
  const lo = typeof min === 'number' ? min : undefined;
  const hi = typeof max === 'number' ? max : undefined;
  if (lo !== undefined && hi !== undefined) return `a whole number from ${big(lo)} to ${big(hi)}`;
  if (lo !== undefined) return `a whole number of ${big(lo)} or more`;
  if (hi !== undefined) return `a whole number up to ${big(hi)}`;
  return 'a whole number';
}

/** parseWhole reads typed text as a whole number within min..max (and
 *  within what the document's integers hold), or returns undefined. */
export function parseWhole(raw, min, max) {
  if (!/^[+-]?\d{1,16}$/.test(raw)) return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) return undefined;
  if (typeof min === 'number' && n < min) return undefined;
  if (typeof max === 'number' && n > max) return undefined;
  return n;
}

/** textRule says how long a text field's value may be, or '' when any
 *  length will do. tags is true for a tags field, or the most tags it
 *  takes. */
export function textRule(maxLength, optional, tags) {
  if (tags) {
    const most = typeof tags === 'number' ? `up to ${big(tags)} tag${tags === 1 ? '' : 's'}` : '';
    const each = maxLength ? `${most ? 'each' : 'each tag'} 1 to ${big(maxLength)} characters` : '';
    return [most, each].filter(Boolean).join(', ');
  }
  if (!maxLength) return optional ? '' : 'at least 1 character';
  return optional ? `up to ${big(maxLength)} characters` : `1 to ${big(maxLength)} characters`;
}

const chars = (s) => [...s].length;

/** textOK reports whether typed text fits a text field's limits. */
export function textOK(s, maxLength, optional, tags) {
  if (tags) {
    const list = s.split(',').map((t) => t.trim()).filter((t) => t !== '');
    return (typeof tags !== 'number' || list.length <= tags) && (!maxLength || list.every((t) => chars(t) <= maxLength));
  }
  if (s === '') return !!optional;
  return !maxLength || chars(s) <= maxLength;
}

/** typed is what a field shows while the player's text differs from the
 *  document: the text as typed and the error that keeps it out of the
 *  document. It lasts while the document's value at path is still the one
 *  it was typed over (an undo or another edit there ends it). */
function typed(ctx, path, shown) {
  const d = ctx.typed ? ctx.typed(path) : undefined;
  return d && d.base === shown ? d : undefined;
}

function FieldError({ id, text }) {
  return text ? html`<p class="typed-error" id=${id} role="alert">Enter ${text}.</p>` : null;
}

/** NumField edits a whole number; an empty box removes the field. What is
 *  typed stays in the box; the document takes it only once it is a whole
 *  number within min..max, and until then the field says what is allowed. */
export function NumField({ ctx, path, label, hint, min: lo, max: hi, cls }) {
  ctx.reg(path);
  const lim = ctx.limits ? ctx.limits(path) : {};
  const min = typeof lo === 'number' ? lo : lim.min;
  const max = typeof hi === 'number' ? hi : lim.max;
  // An absent field shows its default as a placeholder, not as a value, so
  // that emptying the box to type a new number does not bring it back.
  const v = get(ctx.doc, path);
  const dflt = ctx.defaultAt(path);
  const id = idFor(path);
  const shown = v === undefined || v === null ? '' : String(v);
  const t = typed(ctx, path, shown);
  const rule = wholeRule(min, max);
  const onInput = (e) => {
    const el = e.target;
    const raw = el.value.trim();
    if (raw === '' && !(el.validity && el.validity.badInput)) {
      ctx.setTyped(path, undefined);
      ctx.remove(path, path);
      return;
    }
    const n = parseWhole(raw, min, max);
    if (n === undefined) {
      ctx.setTyped(path, { raw: el.value, base: shown, error: rule });
      ctx.redraw();
      return;
    }
    ctx.setTyped(path, { raw: el.value, base: String(n) });
    if (n !== v) ctx.set(path, n, path);
    else ctx.redraw();
  };
  const errId = idFor(path, '-e');
  const err = t && t.error;
  // A phone's number pad has no minus sign: a field that takes negative
  // numbers gets the full keyboard.
  return html`<div class=${'field num ' + (cls || '')}>
    <label for=${id}>${label}</label>
    <input id=${id} type="text" inputmode=${typeof min === 'number' && min >= 0 ? 'numeric' : undefined} autocomplete="off" data-path=${path} value=${t ? t.raw : shown}
      placeholder=${dflt === undefined ? undefined : String(dflt)} aria-invalid=${err ? 'true' : invalid(ctx, path)}
      aria-describedby=${describe(ctx, path, hint, err ? errId : undefined)} onInput=${onInput} />
    ${hint ? html`<span class="hint" id=${idFor(path, '-h')}>${hint}</span>` : ''}
    <${FieldError} id=${errId} text=${err} />
    <${Problems} ctx=${ctx} path=${path} />
  </div>`;
}

/** TextField edits a string; an empty box removes an optional field.
 *  Text longer than maxLength (or a required field left empty) stays in
 *  the box with a field error, and the document keeps its last good value. */
export function TextField({ ctx, path, label, hint, optional, multiline, cls, toValue, fromValue, placeholder, maxLength: most, tags, suggest }) {
  ctx.reg(path);
  const maxLength = most || (ctx.limits && !toValue ? ctx.limits(path).maxLength : undefined);
  const raw = valueOf(ctx, path);
  const v = fromValue ? fromValue(raw) : raw;
  const id = idFor(path);
  const shown = v === undefined || v === null ? '' : String(v);
  const t = typed(ctx, path, shown);
  const errId = idFor(path, '-e');
  const onInput = (e) => {
    const s = e.target.value;
    if (!textOK(s, maxLength, optional, tags)) {
      ctx.setTyped(path, { raw: s, base: shown, error: textRule(maxLength, optional, tags) });
      ctx.redraw();
      return;
    }
    const next = s === '' && optional ? undefined : toValue ? toValue(s) : s;
    const after = next === undefined ? '' : String(fromValue ? fromValue(next) : next);
    ctx.setTyped(path, after === s ? undefined : { raw: s, base: after });
    if (next === undefined) ctx.remove(path, path);
    else ctx.set(path, next, path);
  };
  const err = t && t.error;
  // A text field may suggest values (a card of the catalogue) and take any
  // other: the suggestions are a datalist.
  const listId = suggest && suggest.length && !multiline ? idFor(path, '-l') : undefined;
  const attrs = { id, 'data-path': path, value: t ? t.raw : shown, onInput, list: listId,
    'aria-invalid': err ? 'true' : invalid(ctx, path), 'aria-describedby': describe(ctx, path, hint, err ? errId : undefined), placeholder };
  return html`<div class=${'field text ' + (cls || '')}>
    <label for=${id}>${label}</label>
    ${multiline ? html`<textarea rows="3" ...${attrs}></textarea>` : html`<input type="text" autocomplete="off" spellcheck="false" ...${attrs} />`}
    ${listId ? html`<datalist id=${listId}>${suggest.map((o) => html`<option key=${o.value} value=${o.value} label=${o.label}></option>`)}</datalist>` : ''}
    ${hint ? html`<span class="hint" id=${idFor(path, '-h')}>${hint}</span>` : ''}
    <${FieldError} id=${errId} text=${err} />
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
