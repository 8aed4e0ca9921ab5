// panel.js: the live panel. It shows what the server's evaluation
// answered for the current document: the numbers the form description's
// stats name (the headline ones large), the tier and what raises it when
// the game has tiers, every problem (a button that focuses the field its
// path names) and the explanation of the value as a tree.
import { Component, html } from '../ui.js';
import { placeOf } from './form.js';
import { ruleHref } from './doc.js';

const fmt = (v) => (Number.isInteger(v) ? String(v) : (Math.round(v * 1000) / 1000).toString());

/** pointer reads a JSON pointer ("/derived/hull") of v, or undefined. */
export function pointer(v, ptr) {
  for (const raw of String(ptr).split('/').slice(1)) {
    const k = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (v === null || typeof v !== 'object') return undefined;
    v = v[k];
  }
  return v;
}

/** statId is the element id of a stat: "stat-cv" for "/cv". */
export const statId = (s) => 'stat-' + String(s.pointer).split('/').filter(Boolean).join('-').replace(/[^A-Za-z0-9-]/g, '_');

/** statValue is a stat's value as shown, with its unit; "—" before the
 *  first answer. */
export function statValue(s, r) {
  const v = r ? pointer(r, s.pointer) : undefined;
  if (v === undefined || v === null) return '—';
  return (typeof v === 'number' ? fmt(v) : String(v)) + (s.unit || '');
}

/** inWords writes the document paths a text names in parentheses (an
 *  explanation term's "(sections.fore.weapons[1])") as the form's words,
 *  "(Sections, fore, weapons 2)". */
const inWords = (form, text) => text.replace(/\(([A-Za-z]\w*(?:\.[A-Za-z]\w*|\[\d+\])+)\)/g, (_, p) => `(${placeOf(form, p)})`);

/** Panel renders the evaluation state. */
export function Panel({ app }) {
  const ev = app.eval;
  const r = ev.result;
  const problems = r ? r.problems || [] : ev.problems || [];
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const stats = app.form.stats || [];
  const stat = (s) => html`<div class=${'stat' + (s.headline ? ' headline' : '')} id=${statId(s)} key=${s.pointer}>
    <dt>${s.label}</dt><dd><span class="value">${statValue(s, r)}</span></dd></div>`;
  const helped = stats.filter((s) => s.help);
  return html`<aside class="panel" aria-labelledby="panel-h" data-rev=${ev.rev} aria-busy=${ev.pending ? 'true' : 'false'}>
    <div class="panel-head">
      <h2 id="panel-h">Live numbers</h2>
      <span class=${'legal ' + (r ? (r.legal ? 'ok' : 'bad') : 'bad')} role="status">
        ${r ? (r.legal ? 'Legal' : 'Not legal') : ev.error ? 'Not evaluated' : problems.length ? 'Unreadable' : '…'}
        ${problems.length ? ` · ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}
      </span>
    </div>
    ${ev.error ? html`<p class="notice bad" role="alert">Could not reach the server: ${ev.error}. Your draft is kept; the numbers will update when it answers.</p>` : ''}
    <dl class="stats headline-stats">${stats.filter((s) => s.headline).map(stat)}</dl>
    <p class="why stat-help" id="why" aria-live="polite">${ev.change ? inWords(app.form, ev.change.text) : ''}</p>
    <dl class="stats">${stats.filter((s) => !s.headline).map(stat)}</dl>
    ${helped.length ? html`<details class="stat-help"><summary>What the numbers mean</summary>
      <dl>${helped.map((s) => html`<div key=${s.pointer}><dt>${s.label}</dt><dd>${s.help}</dd></div>`)}</dl></details>` : ''}
    ${r && r.tierReport && r.tierReport.reasons && r.tierReport.reasons.length ? html`<div class="tier-reasons">
      <h3>What raises the tier</h3>
      <ul>${r.tierReport.reasons.map((t) => html`<li><button type="button" class="linklike" data-goto=${t.path} onClick=${() => app.focusPath(t.path)}>
        <span class=${'tier-badge t' + t.tier}>${t.tier}</span> ${t.reason}</button></li>`)}</ul>
    </div>` : ''}
    <div class="problems">
      <h3>Problems ${problems.length ? html`<span class="count">${problems.length}</span>` : ''}</h3>
      ${problems.length === 0 && r ? html`<p class="muted">None: the design is legal.</p>` : ''}
      <ul class="problem-list">
        ${problems.map((p, i) => html`<li key=${i} class=${p.severity}>
          <button type="button" class="problem" data-goto=${p.path} onClick=${() => app.focusPath(p.path)}>
            <span class="sev">${p.severity}</span>
            <span class="where">${placeOf(app.form, p.path)}</span>
            <span class="msg">${p.message}</span>
            ${p.hint ? html`<span class="hint">${p.hint}</span>` : ''}
          </button>
          <a class="rule" href=${ruleHref(app.ruleset, p.rule)} title=${`Read rule ${p.rule} in the glossary`}>${p.rule}</a></li>`)}
      </ul>
    </div>
    ${r && r.explanation ? html`<div class="explain">
      <h3>How the numbers are worked out</h3>
      <ul class="tree" role="list"><${Node} node=${r.explanation} depth=${0} form=${app.form} /></ul>
    </div>` : ''}
  </aside>`;
}

/** Node is one number of the explanation, with the formula and inputs
 *  behind it and its children as a collapsible list, drawn only while it
 *  is open (a big design's tree has hundreds of numbers). */
class Node extends Component {
  render({ node, depth, form }, { open = depth < 1 }) {
    const kids = node.children || [];
    const body = html`<span class="n-label">${inWords(form, node.label)}</span> <span class="n-value">${fmt(node.value)}</span>
      ${node.formula ? html`<span class="n-formula">${node.formula}</span>` : ''}
      ${node.inputs && node.inputs.length ? html`<span class="n-inputs">${node.inputs.map((i) => `${i.name} = ${fmt(i.value)}`).join(', ')}</span>` : ''}`;
    if (!kids.length) return html`<li class="leaf">${body}</li>`;
    return html`<li><details open=${open} onToggle=${(e) => this.setState({ open: e.currentTarget.open })}>
      <summary>${body}</summary>
      ${open ? html`<ul role="list">${kids.map((k) => html`<${Node} key=${k.key} node=${k} depth=${depth + 1} form=${form} />`)}</ul>` : ''}
    </details></li>`;
  }
}
