// form.js: the design form, drawn from the game's form description
// (GET /api/v1/rulesets/{ruleset}/form): its groups of plain fields (text,
// integer, enum, boolean, tags), rows widgets for lists of like entries
// (one row each, with columns shown only when another column of the row
// allows them), and the game's named widgets (widgets.js). Every word a
// player reads here is the form's own.
import { html } from '../ui.js';
import { get, idFor, remove } from './doc.js';
import { valueOf, NumField, TextField, SelectField, CheckField, Button, Slot, Problems, Group } from './fields.js';
import { widgets } from './widgets.js';

const words = (s) => String(s).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
const list = (v) => (Array.isArray(v) ? v : []);
const slug = (s) => String(s).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** optionLabel is an option's label; one that only repeats a value
 *  written in camel case ("fooBar") is shown as words ("foo bar"). */
const optionLabel = (o) => (o.label && o.label !== o.value ? o.label : /[a-z][A-Z]/.test(o.value) ? words(o.value) : o.value);

/** DesignForm is the whole form. */
export function DesignForm({ ctx }) {
  ctx.reg('');
  const f = ctx.form;
  return html`<form class="design-form" novalidate onSubmit=${(e) => e.preventDefault()} aria-label=${f.title || 'Design'}>
    ${ctx.kinds ? html`<${KindChooser} ctx=${ctx} />` : ''}
    ${f.intro ? html`<p class="form-intro">${f.intro}</p>` : ''}
    <${Slot} ctx=${ctx} path="" />
    ${f.groups.map((g) => html`<${FormGroup} key=${g.legend} ctx=${ctx} group=${g} />`)}
  </form>`;
}

/** KindChooser asks what the player is making, for a game whose form
 *  makes several kinds of document: choosing another starts a new one of
 *  that kind (undo brings the last back). */
function KindChooser({ ctx }) {
  const now = ctx.kindNow();
  return html`<div class="field enum kind-chooser">
    <label for="doc-kind">What are you making?</label>
    <select id="doc-kind" aria-describedby="doc-kind-h" value=${now ? now.value : ''} onChange=${(e) => ctx.startKind(e.target.value)}>
      ${ctx.kinds.map((k) => html`<option key=${k.value} value=${k.value}>${k.label}</option>`)}
    </select>
    <span class="option-help" id="doc-kind-h">${now ? now.help : ''}</span>
  </div>`;
}

/** FormGroup is one fieldset of the description. A group that is one
 *  named widget is the widget's own part of the form. */
function FormGroup({ ctx, group }) {
  const fs = group.fields || [];
  if (fs.length === 1 && fs[0].kind === 'widget') return html`<${Widget} ctx=${ctx} field=${fs[0]} heading=${group.legend} />`;
  const rows = fs.length === 1 && fs[0].kind === 'rows' ? fs[0] : null;
  const helpId = group.help ? `g-${slug(group.legend)}-help` : undefined;
  return html`<${Group} id=${'g-' + slug(group.legend)} heading=${group.legend} count=${rows ? list(get(ctx.doc, rows.name)).length : undefined}>
    ${group.help ? html`<p class="group-help" id=${helpId}>${group.help}</p>` : ''}
    <div class="grid">${fs.map((f) => html`<${Field} key=${f.name} ctx=${ctx} field=${f} path=${f.name} heading=${rows && rows.label === group.legend ? 'hidden' : ''} />`)}</div>
  </${Group}>`;
}

/** Widget draws a named widget, or says it cannot. */
function Widget({ ctx, field, heading }) {
  const W = widgets[field.widget];
  ctx.reg(field.name);
  if (W && ctx.cat) return html`<${W} ctx=${ctx} heading=${heading} />`;
  return html`<${Group} id=${'g-' + slug(heading || field.label)} heading=${heading || field.label}>
    <p class="notice" data-path=${field.name}>This part of the design (${field.label}) cannot be edited in this browser; importing a document keeps it.</p>
    <${Problems} ctx=${ctx} path=${field.name} />
  </${Group}>`;
}

/** Field is one input of the description at path. */
export function Field({ ctx, field: f, path, onPick, describedBy, hint, noteBelow, heading }) {
  const help = hint === undefined ? f.help : hint;
  // A field with a paragraph of help takes two columns, so the help
  // reads as lines rather than a narrow column.
  const roomy = help && help.length > 90 ? 'wide' : '';
  switch (f.kind) {
    case 'text':
      return html`<${TextField} ctx=${ctx} path=${path} label=${f.label} hint=${help} optional=${f.optional} maxLength=${f.maxLength} cls=${f.optional ? '' : 'wide'} suggest=${f.options} />`;
    case 'textarea':
      return html`<${TextField} ctx=${ctx} path=${path} label=${f.label} hint=${help} optional=${f.optional} maxLength=${f.maxLength} multiline=${true} cls="full" />`;
    case 'tags':
      return html`<${TextField} ctx=${ctx} path=${path} label=${`${f.label} (comma separated)`} hint=${help} optional=${f.optional} maxLength=${f.maxLength} tags=${f.maxItems || true} cls="wide"
        toValue=${(s) => s.split(',').map((t) => t.trim()).filter((t) => t !== '')} fromValue=${(v) => list(v).join(', ')} />`;
    case 'integer': {
      const choices = ctx.choices(path);
      if (choices && choices.length) {
        // An integer may list its values with their help (crew quality
        // 1 = green … 5 = elite): labels from the options, and the
        // chosen one's help under the field.
        const byValue = new Map((f.options || []).map((o) => [o.value, o]));
        const cur = byValue.get(String(valueOf(ctx, path)));
        const noteId = idFor(path, '-o');
        const note = cur && cur.help ? html`<span class="option-help" id=${noteId}>${cur.help}</span>` : null;
        const ids = [describedBy, note ? noteId : undefined].filter(Boolean).join(' ') || undefined;
        return html`<div class=${'field enum ' + roomy}>
          <${SelectField} ctx=${ctx} path=${path} label=${f.label} hint=${help} choices=${choices}
            labels=${(v) => (byValue.get(String(v)) || { label: String(v) }).label}
            allowEmpty=${ctx.defaultAt(path) === undefined} onPick=${onPick} describedBy=${ids} />
          ${note}
        </div>`;
      }
      return html`<${NumField} ctx=${ctx} path=${path} label=${f.label} hint=${help} min=${f.min} max=${f.max} cls=${roomy} />`;
    }
    case 'enum':
      return html`<${EnumField} ctx=${ctx} field=${f} path=${path} hint=${help} onPick=${onPick} describedBy=${describedBy} noteBelow=${noteBelow} cls=${roomy} />`;
    case 'boolean':
      return html`<${CheckField} ctx=${ctx} path=${path} label=${f.label} />`;
    case 'rows':
      return html`<${RowsField} ctx=${ctx} field=${f} path=${path} heading=${heading} />`;
    case 'widget':
      return html`<${Widget} ctx=${ctx} field=${f} />`;
    default:
      ctx.reg(path);
      return html`<div class="field static" data-path=${path}><span class="label">${f.label}</span>
        <span class="value">cannot be edited here</span><${Problems} ctx=${ctx} path=${path} /></div>`;
  }
}

/** EnumField picks one option. An option whose value is empty is the
 *  choice that leaves the field out ("Generic"). The chosen option's help
 *  is shown under it. */
function EnumField({ ctx, field: f, path, hint, onPick, describedBy, noteBelow, cls }) {
  const opts = f.options || [];
  const none = opts.find((o) => o.value === '');
  const real = opts.filter((o) => o.value !== '');
  const byValue = new Map(real.map((o) => [o.value, o]));
  const chosen = chosenOption(ctx, f, path);
  const noteId = idFor(path, '-o');
  const note = chosen && chosen.help && !noteBelow ? html`<span class="option-help" id=${noteId}>${chosen.help}</span>` : null;
  const ids = [describedBy, chosen && chosen.help ? noteId : undefined].filter(Boolean).join(' ') || undefined;
  return html`<div class=${'field enum ' + (cls || '')}>
    <${SelectField} ctx=${ctx} path=${path} label=${f.label} hint=${hint} choices=${real.map((o) => o.value)}
      labels=${(v) => optionLabel(byValue.get(v) || { value: v })}
      allowEmpty=${!!none || (!!f.optional && ctx.defaultAt(path) === undefined)} emptyLabel=${none ? none.label : '—'}
      onPick=${onPick} describedBy=${ids} />
    ${note}
  </div>`;
}

/** chosenOption is the option an enum field at path shows: its value's,
 *  its default's, or the empty option's when it is left out. */
function chosenOption(ctx, f, path) {
  const opts = f.options || [];
  const cur = get(ctx.doc, path);
  const v = cur === undefined ? ctx.defaultAt(path) : cur;
  return opts.find((o) => o.value !== '' && o.value === v) || (v === undefined ? opts.find((o) => o.value === '') : undefined);
}

/** shown reports whether a column is shown in a row: always, or when the
 *  column its condition names has one of its values. */
function shown(col, row) {
  if (!col.showIf) return true;
  const v = row ? row[col.showIf.field] : undefined;
  return col.showIf.values.includes(v === undefined ? '' : String(v));
}

/** defaultOf is a column's default value, or undefined. */
const defaultOf = (col) => (col.default === undefined || col.default === null ? undefined : col.default);

/** newRow is a row with every shown column at its default, the first
 *  column set to first when given. */
export function newRow(field, first) {
  const cols = field.columns || [];
  const row = {};
  for (const c of cols) {
    const v = c === cols[0] && first !== undefined ? first : defaultOf(c);
    if (v !== undefined && !c.showIf) row[c.name] = v;
  }
  for (const c of cols) if (c.showIf && shown(c, row) && defaultOf(c) !== undefined) row[c.name] = defaultOf(c);
  return row;
}

/** fitColumns drops the columns a row no longer shows and gives newly
 *  shown ones their default, after one of its values changed. A column's
 *  name may be a path within the row ("armour.ramProw"). */
function fitColumns(field, row) {
  for (const c of field.columns || []) {
    if (!c.showIf) continue;
    if (!shown(c, row)) remove(row, c.name);
    else if (get(row, c.name) === undefined && defaultOf(c) !== undefined) row[c.name] = defaultOf(c);
  }
}

/** pickerColumn is the column a new row is chosen by: the first, when it
 *  is an enum. */
export const pickerColumn = (field) => {
  const c = (field.columns || [])[0];
  return c && c.kind === 'enum' && c.options && c.options.length ? c : null;
};

/** RowsField is a list of objects, one row each: add (by the first
 *  column's choice when it is an enum), remove, and the columns of each
 *  row. Problems about the whole list are shown above its rows, and the
 *  list takes the focus when one of them is chosen in the panel. */
function RowsField({ ctx, field, path, heading }) {
  const rows = list(get(ctx.doc, path));
  ctx.reg(path);
  const pick = pickerColumn(field);
  const add = () => (pick ? ctx.openRowPicker(path, field) : ctx.addRow(path, newRow(field)));
  const probs = ctx.probs(path);
  const headId = idFor(path, '-rh');
  return html`<div class="rows full" data-path=${path} data-focus-self="" tabindex="-1" role="group" aria-labelledby=${headId}
      aria-describedby=${probs.length ? idFor(path, '-p') : undefined} aria-invalid=${probs.some((p) => p.severity === 'error') ? 'true' : undefined}>
    <h3 class=${'rows-h' + (heading === 'hidden' ? ' visually-hidden' : '')} id=${headId}>${field.label} <span class="count">${rows.length}</span></h3>
    <${Problems} ctx=${ctx} path=${path} />
    ${rows.length ? html`<div class="row-list">${rows.map((row, i) => html`<${RowItem} key=${i} ctx=${ctx} field=${field} path=${`${path}[${i}]`} row=${row} n=${i + 1} />`)}</div>`
      : html`<p class="muted">None yet.</p>`}
    <${Button} label=${'+ ' + (field.addLabel || 'Add')} title=${field.addLabel || `Add to ${field.label}`} cls="small"
      data=${{ 'data-add': path }} onClick=${add} />
  </div>`;
}

function RowItem({ ctx, field, path, row, n }) {
  ctx.reg(path);
  const cols = field.columns || [];
  const first = cols[0];
  const firstOpt = first && first.kind === 'enum' ? (first.options || []).find((o) => o.value === (row && row[first.name])) : null;
  const name = firstOpt ? firstOpt.label : `${field.label} ${n}`;
  // Changing a value may show or hide other columns of the row.
  const pickIn = (col) => (v) => ctx.change((d) => {
    const r = get(d, path);
    if (v === undefined) delete r[col.name];
    else r[col.name] = v;
    fitColumns(field, r);
  });
  const drivers = new Set(cols.filter((c) => c.showIf).map((c) => c.showIf.field));
  const visible = cols.filter((c) => shown(c, row));
  // The chosen options' help is one line under the row, not squeezed
  // under each select.
  const notes = visible.filter((c) => c.kind === 'enum').map((c) => {
    const p = `${path}.${c.name}`;
    const o = chosenOption(ctx, c, p);
    return o && o.help ? html`<p class="kind-info" id=${idFor(p, '-o')} key=${c.name}>${visible.length > 1 && c !== first ? html`<strong>${optionLabel(o)}:</strong> ` : ''}${o.help}</p>` : null;
  });
  return html`<div class="row form-row" role="group" aria-label=${`${field.label} ${n}: ${name}`}>
    ${visible.map((c) => html`<${Field} key=${c.name} ctx=${ctx} field=${c} path=${`${path}.${c.name}`}
      hint="" noteBelow=${true} onPick=${drivers.has(c.name) ? pickIn(c) : undefined} />`)}
    <${Button} label="×" title=${`Remove ${field.label.toLowerCase()} ${n} (${name})`} cls="icon danger" onClick=${() => ctx.remove(path)} />
    ${notes}
    <${Slot} ctx=${ctx} path=${path} />
  </div>`;
}

/** placeOf names a problem's place in the form's words: "Systems 4,
 *  Count" for systems[3].count; a place the description does not reach
 *  (inside a widget) is its path in words. */
export function placeOf(form, path) {
  if (!path) return 'the design';
  const steps = [];
  const re = /([^.[\]]+)|\[(\d+)\]/g;
  let m;
  while ((m = re.exec(path)) !== null) steps.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  let fields = (form.groups || []).flatMap((g) => g.fields || []);
  const out = [];
  let field = null;
  for (const s of steps) {
    if (typeof s === 'number') {
      if (out.length) out[out.length - 1] += ` ${s + 1}`;
      else out.push(String(s + 1));
      continue;
    }
    field = fields.find((f) => f.name === s) || null;
    out.push(field ? field.label : words(s));
    fields = field && field.columns ? field.columns : [];
  }
  return out.join(', ');
}
