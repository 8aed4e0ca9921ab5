// panel.js: the live panel. It shows what the server's costing model
// answered for the current document: the headline numbers, the tier and
// what raises it, every problem (a button that focuses the field its path
// names) and the combat value explanation as a tree.
import { html } from '../ui.js';

const fmt = (v) => (Number.isInteger(v) ? String(v) : (Math.round(v * 1000) / 1000).toString());

/** Panel renders the evaluation state. */
export function Panel({ app }) {
  const ev = app.eval;
  const r = ev.result;
  const problems = r ? r.problems || [] : ev.problems || [];
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const stat = (id, label, value, note) => html`<div class="stat" id=${'stat-' + id}>
    <dt>${label}</dt><dd><span class="value">${value === undefined || value === null ? '—' : value}</span>${note ? html`<span class="note">${note}</span>` : ''}</dd></div>`;
  return html`<aside class="panel" aria-labelledby="panel-h" data-rev=${ev.rev} aria-busy=${ev.pending ? 'true' : 'false'}>
    <div class="panel-head">
      <h2 id="panel-h">Live numbers</h2>
      <span class=${'legal ' + (r ? (r.legal ? 'ok' : 'bad') : 'bad')} role="status">
        ${r ? (r.legal ? 'Legal' : 'Not legal') : ev.error ? 'Not evaluated' : problems.length ? 'Unreadable' : '…'}
        ${problems.length ? ` · ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}
      </span>
    </div>
    ${ev.error ? html`<p class="notice bad" role="alert">Could not reach the server: ${ev.error}. Your draft is kept; the numbers will update when it answers.</p>` : ''}
    <dl class="stats">
      ${stat('cv', 'Combat value', r && r.cv)}
      ${stat('points', 'Points', r && r.points)}
      ${stat('ems', 'EMS', r && r.ems)}
      ${stat('tr', 'Target rating', r && r.targetRating)}
      ${stat('mf', 'Mass factor', r && r.massFactor, r ? `${r.hullHits} hull hits` : '')}
      ${stat('tl', 'Min. tech level', r && r.minTechLevel, r ? `design: ${r.techLevel || '—'}` : '')}
      ${stat('tier', 'Tier', r && r.tier)}
    </dl>
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
            <span class="sev">${p.severity}</span> <span class="rule">${p.rule}</span>
            <span class="where">${p.path || 'design'}</span>
            <span class="msg">${p.message}</span>
            ${p.hint ? html`<span class="hint">${p.hint}</span>` : ''}
          </button></li>`)}
      </ul>
    </div>
    ${r && r.explanation ? html`<div class="explain">
      <h3>How the combat value is worked out</h3>
      <ul class="tree" role="list"><${Node} node=${r.explanation} depth=${0} /></ul>
    </div>` : ''}
  </aside>`;
}

/** Node is one number of the explanation, with the formula and inputs
 *  behind it and its children as a collapsible list. */
function Node({ node, depth }) {
  const kids = node.children || [];
  const body = html`<span class="n-label">${node.label}</span> <span class="n-value">${fmt(node.value)}</span>
    ${node.formula ? html`<span class="n-formula">${node.formula}</span>` : ''}
    ${node.inputs && node.inputs.length ? html`<span class="n-inputs">${node.inputs.map((i) => `${i.name} = ${fmt(i.value)}`).join(', ')}</span>` : ''}`;
  if (!kids.length) return html`<li class="leaf">${body}</li>`;
  return html`<li><details open=${depth < 1}>
    <summary>${body}</summary>
    <ul role="list">${kids.map((k) => html`<${Node} key=${k.key} node=${k} depth=${depth + 1} />`)}</ul>
  </details></li>`;
}
