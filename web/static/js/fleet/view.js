// view.js: the fleet builder's parts. Each field is bound to a JSON path
// of the fleet document (data-path), so a problem the server reports at a
// path can focus it; every number shown is the server's evaluation.
import { html } from '../ui.js';
import { get, idFor } from '../designer/doc.js';
import { Modal } from '../dialog.js';
import { freeShips, inChain, locate } from './tree.js';

/** Probs lists the problems reported at exactly path. */
function Probs({ app, path }) {
  const list = app.probsAt(path);
  if (!list.length) return null;
  return html`<ul class="field-problems" id=${idFor(path, '-p')}>
    ${list.map((p) => html`<li class=${p.severity}>${p.message}${p.hint ? html` <span class="hint">(${p.hint})</span>` : ''} <span class="rule">${p.rule}</span></li>`)}
  </ul>`;
}

const described = (app, path) => (app.probsAt(path).length ? idFor(path, '-p') : undefined);
const invalid = (app, path) => (app.probsAt(path).some((p) => p.severity === 'error') ? 'true' : undefined);

/** Select edits a choice at path; the first option may stand for "absent".
 *  set, when given, makes the change instead of writing the value at
 *  path; hint is a line under the select that describes it. */
function Select({ app, path, label, options, absent, number, set, hint }) {
  const v = get(app.store.doc, path);
  const id = idFor(path);
  const onChange = (e) => {
    const raw = e.target.value;
    if (set) set(raw);
    else if (raw === '') app.remove(path);
    else app.set(path, number ? Number(raw) : raw);
  };
  return html`<div class="field select">
    <label for=${id}>${label}</label>
    <select id=${id} data-path=${path} value=${v === undefined ? '' : String(v)} onChange=${onChange}
      aria-invalid=${invalid(app, path)} aria-describedby=${[hint ? idFor(path, '-h') : '', described(app, path) || ''].join(' ').trim() || undefined}>
      ${absent !== undefined ? html`<option value="">${absent}</option>` : ''}
      ${options.map((o) => html`<option value=${String(o.value ?? o)}>${o.label ?? String(o)}</option>`)}
    </select>
    ${hint ? html`<span class="hint" id=${idFor(path, '-h')}>${hint}</span>` : ''}
    <${Probs} app=${app} path=${path} />
  </div>`;
}

/** Num edits a whole number at path; an empty box removes it. */
function Num({ app, path, label, min, max, hint }) {
  const v = get(app.store.doc, path);
  const id = idFor(path);
  const onInput = (e) => {
    const raw = e.target.value.trim();
    if (raw === '') app.remove(path, path);
    else if (!Number.isNaN(Number(raw))) app.set(path, Number(raw), path);
  };
  return html`<div class="field num">
    <label for=${id}>${label}</label>
    <input id=${id} type="number" inputmode="numeric" data-path=${path} min=${min} max=${max}
      value=${v === undefined || v === null ? '' : String(v)} onInput=${onInput}
      aria-invalid=${invalid(app, path)} aria-describedby=${[hint ? idFor(path, '-h') : '', described(app, path) || ''].join(' ').trim() || undefined} />
    ${hint ? html`<span class="hint" id=${idFor(path, '-h')}>${hint}</span>` : ''}
    <${Probs} app=${app} path=${path} />
  </div>`;
}

/** Text edits a string at path; an empty optional box removes it. */
function Text({ app, path, label, optional, max }) {
  const v = get(app.store.doc, path);
  const id = idFor(path);
  const onInput = (e) => {
    if (e.target.value === '' && optional) app.remove(path, path);
    else app.set(path, e.target.value, path);
  };
  return html`<div class="field text">
    <label for=${id}>${label}</label>
    <input id=${id} type="text" autocomplete="off" data-path=${path} maxlength=${max} value=${v ?? ''} onInput=${onInput}
      aria-invalid=${invalid(app, path)} aria-describedby=${described(app, path)} />
    <${Probs} app=${app} path=${path} />
  </div>`;
}

/** FleetSettings: the fleet's name, its limit (CV or points) and tier limit. */
export function FleetSettings({ app }) {
  const f = app.facts;
  const doc = app.store.doc;
  const kind = Object.keys(doc.limit || {})[0] || app.pendingKind || f.limitKinds[0];
  const unit = (k) => (k === 'cv' ? 'CV' : k);
  const setKind = (e) => {
    const k = e.target.value;
    const v = (doc.limit || {})[kind];
    app.pendingKind = k;
    app.set('limit', v === undefined ? {} : { [k]: v });
  };
  return html`<section class="group" aria-labelledby="h-fleet" data-path="">
    <div class="group-body">
      <h2 id="h-fleet">Fleet</h2>
      <div class="grid">
        <div class="wide"><${Text} app=${app} path="name" label="Fleet name" max="80" /></div>
        <div class="field select" data-path="limit">
          <label for="limit-kind">Limit</label>
          <select id="limit-kind" value=${kind} onChange=${setKind}>
            ${f.limitKinds.map((k) => html`<option value=${k}>${unit(k)} limit</option>`)}
          </select>
          <${Probs} app=${app} path="limit" />
        </div>
        <${Num} app=${app} path=${'limit.' + kind} label=${'Limit (' + unit(kind) + ')'} min="1" hint="agreed with your opponent" />
        <${Select} app=${app} path="tierLimit" label="Tier limit" absent="none" number=${true}
          options=${f.tierLimits.filter((t) => t > 0).map((t) => ({ value: t, label: 'tier ' + t }))} />
        <${Select} app=${app} path="model" label="Combat value model" absent=${'current (' + f.currentModel + ')'}
          options=${f.models} hint="the model agreed with your opponent" />
      </div>
      <${Probs} app=${app} path="" />
    </div>
  </section>`;
}

/** AddShips searches the public library and the player's own designs and
 *  adds a design's current version to the fleet. */
export function AddShips({ app }) {
  const s = app.search;
  const row = (d, mine) => html`<li class="pick-row">
    <span class="pick-name">${d.name}</span>
    <span class="pick-info">${mine ? 'yours' : 'by ' + d.owner} · v${d.version} · CV ${d.evaluation ? d.evaluation.cv : '—'} · tier ${d.evaluation ? d.evaluation.tier : '—'}</span>
    <button type="button" class="btn small" data-add=${d.id} aria-label=${'Add ' + d.name + ', version ' + d.version} onClick=${() => app.addShip(d)}>Add</button>
  </li>`;
  return html`<section class="group" aria-labelledby="h-add">
    <div class="group-body">
      <h2 id="h-add">Add ships</h2>
      <form class="add-search" role="search" onSubmit=${(e) => { e.preventDefault(); app.runSearch(); }}>
        <div class="field text"><label for="ship-q">Find designs</label>
          <input id="ship-q" type="search" autocomplete="off" value=${s.q} placeholder="name, tag, author…"
            onInput=${(e) => app.setQuery(e.target.value)} /></div>
        <button type="submit" class="btn">Search</button>
      </form>
      ${s.error ? html`<p class="notice bad" role="alert">${s.error}</p>` : ''}
      <div class="pick-lists">
        ${app.user ? html`<div><h3 class="sub-h">Your designs</h3>
          ${s.mine.length ? html`<ul class="pick-list" aria-label="Your designs">${s.mine.map((d) => row(d, true))}</ul>` : html`<p class="muted small">${s.mineLoaded ? 'None match.' : 'Loading…'}</p>`}</div>` : ''}
        <div><h3 class="sub-h">Public library</h3>
          ${s.results.length ? html`<ul class="pick-list" aria-label="Public library">${s.results.map((d) => row(d, false))}</ul>` : html`<p class="muted small">${s.busy ? 'Searching…' : 'No public design matches.'}</p>`}</div>
      </div>
      <p class="small muted" role="status">${s.busy ? 'Searching…' : ''}</p>
    </div>
  </section>`;
}

/** ShipCard: one ship, what it costs as bought, and what the fleet buys
 *  for it: qualities and the loadout of the bays its design leaves open. */
function ShipCard({ app, ship, i }) {
  const f = app.facts;
  const p = `ships[${i}]`;
  const r = app.shipResult(i);
  const design = app.designOf(ship);
  const d = design && design.doc;
  const up = app.updateFor(ship.id);
  const dflt = (v) => `design's${v !== undefined ? ' (' + v + ')' : ''}`;
  return html`<li class="ship-card" data-path=${p} aria-labelledby=${idFor(p, '-h')}>
    <header>
      <h3 id=${idFor(p, '-h')}>${app.label(ship.id)}</h3>
      <span class="small muted">id ${ship.id} · ${ship.design ? html`<a href=${'/designs/' + encodeURIComponent(ship.design)}>${d ? d.name : ship.design}</a> v${ship.version || '?'}` : 'embedded design'}</span>
      <button type="button" class="btn small danger" aria-label=${'Remove ' + app.label(ship.id)} onClick=${() => app.removeShip(i)}>Remove</button>
    </header>
    ${r ? html`<dl class="nums"><div><dt>CV</dt><dd>${r.cv}</dd></div><div><dt>Points</dt><dd>${r.points}</dd></div>
      <div><dt>Tier</dt><dd>${r.tier}</dd></div><div><dt>Quality</dt><dd>${r.quality ? `${r.quality.crew}, ${r.quality.command}, ${r.quality.damageControl}` : '—'}</dd></div>
      ${r.cic ? html`<div><dt>CiC</dt><dd>${r.cic}</dd></div>` : ''}</dl>` : ''}
    ${up ? html`<p class="notice update">Version ${up.latest} of this design exists (the fleet fields v${up.version}).
      <button type="button" class="btn small" data-upgrade=${ship.id} onClick=${() => app.upgrade(ship.id)}>Move to version ${up.latest}</button></p>` : ''}
    <${Probs} app=${app} path=${p} />
    <${Probs} app=${app} path=${p + '.design'} />
    <div class="grid">
      <${Text} app=${app} path=${p + '.name'} label="Ship's name" optional=${true} max="80" />
      <${Select} app=${app} path=${p + '.crewQuality'} label="Crew quality" absent=${dflt(d && d.crewQuality)} number=${true} options=${f.crewQuality} />
      <${Select} app=${app} path=${p + '.commandQuality'} label="Command quality" absent=${dflt(d && d.commandQuality)} options=${f.commandQuality} />
      <${Select} app=${app} path=${p + '.damageControl'} label="Damage control" absent=${dflt(d && d.damageControl)} options=${f.damageControl} />
      <div class="wide"><${TowedBy} app=${app} ship=${ship} p=${p} r=${r} /></div>
    </div>
    ${d ? html`<${Hangars} app=${app} d=${d} p=${p} />` : design && design.error ? html`<p class="notice bad">${design.error}</p>` : ''}
  </li>`;
}

/** TowedBy chooses the fleet ship whose grappler brings this one into the
 *  game (F-07); empty lets the server find one. The line under it says
 *  what the evaluation settled: who tows it and with which grappler, or
 *  that it jumps by itself, and which ships it tows. */
function TowedBy({ app, ship, p, r }) {
  const ships = app.store.doc.ships || [];
  const ftlOf = (id) => {
    const x = (app.eval.result && app.eval.result.ships || []).find((s) => s.id === id);
    return x ? x.ftl : undefined;
  };
  const tow = app.towOf(ship.id);
  const tows = app.towsBy(ship.id);
  const parts = [];
  if (tow) parts.push(`Towed by ${app.label(tow.by)} (grappler ${tow.grappler}, ${tow.chosen ? 'as chosen' : 'found automatically'}).`);
  else if (r && r.ftl) parts.push('Jumps by its own FTL drive.');
  else if (r) parts.push('No tow found.');
  if (tows.length) parts.push(`Tows ${tows.map((t) => `${app.label(t.ship)} (grappler ${t.grappler})`).join(', ')}.`);
  return html`<${Select} app=${app} path=${p + '.towedBy'} label="Towed by" absent="found automatically"
    options=${ships.filter((s) => s.id !== ship.id).map((s) => ({ value: s.id, label: app.label(s.id) + (ftlOf(s.id) === false ? ' · no FTL' : '') }))}
    hint=${parts.join(' ') || undefined} />`;
}

/** Hangars shows each hangar bay of the design: fixed by the design, or a
 *  count per squadron type the bay carries, per bay (F-06). */
function Hangars({ app, d, p }) {
  const mounted = new Map();
  for (const sec of Object.values(d.sections || {})) {
    for (const h of (sec && sec.hangars) || []) mounted.set(h.bay, (mounted.get(h.bay) || 0) + (h.count || 1));
  }
  const bays = (d.hangarBays || []).filter((b) => mounted.has(b.id));
  if (!bays.length) return null;
  const sq = new Map((d.starfighters || []).map((s) => [s.id, s]));
  return html`<fieldset class="hangars" data-path=${p + '.loadout'}>
    <legend>Hangar loadout</legend>
    ${bays.map((b) => {
      const fixed = b.loadout && Object.keys(b.loadout).length;
      const bp = `${p}.loadout.${b.id}`;
      return html`<div class="bay" data-path=${bp}>
        <p class="small"><strong>${b.name || b.id}</strong> × ${mounted.get(b.id)}: holds ${b.capacity} per bay.
          ${fixed ? ' Fixed by the design: ' + Object.entries(b.loadout).map(([t, n]) => `${n} ${(sq.get(t) || {}).name || t}`).join(', ') + '.' : ' Choose per bay:'}</p>
        ${fixed ? '' : html`<div class="grid">${(b.carries || []).map((t) => html`<${Num} app=${app} path=${bp + '.' + t} label=${(sq.get(t) || {}).name || t} min="0" />`)}</div>`}
        <${Probs} app=${app} path=${bp} />
      </div>`;
    })}
    <${Probs} app=${app} path=${p + '.loadout'} />
  </fieldset>`;
}

/** Ships lists the fleet's ships. */
export function Ships({ app }) {
  const ships = app.store.doc.ships || [];
  return html`<section class="group" aria-labelledby="h-ships" data-path="ships">
    <div class="group-body">
      <h2 id="h-ships">Ships <span class="count">${ships.length}</span></h2>
      <${Probs} app=${app} path="ships" />
      ${ships.length ? html`<ul class="ship-list">${ships.map((s, i) => html`<${ShipCard} key=${s.id + ':' + i} app=${app} ship=${s} i=${i} />`)}</ul>`
        : html`<p class="muted">No ships yet: add designs above.</p>`}
    </div>
  </section>`;
}

/** Squadrons: independent FTL squadrons bought without a carrier. The
 *  types offered are those of the fleet's designs; the server says which
 *  may fly without a carrier (F-06), and the list marks the ones whose
 *  qualities include the FTL quality the facts name. */
export function Squadrons({ app }) {
  const f = app.facts;
  const list = app.store.doc.squadrons || [];
  const types = app.squadronTypes();
  const ships = app.store.doc.ships || [];
  return html`<section class="group" aria-labelledby="h-sq" data-path="squadrons">
    <div class="group-body">
      <h2 id="h-sq">Independent FTL squadrons <span class="count">${list.length}</span></h2>
      ${list.map((s, i) => {
        const p = `squadrons[${i}]`;
        const r = app.squadronResult(i);
        return html`<div class="row squadron" data-path=${p} key=${s.id}>
          <span class="row-label">${r && r.name ? r.name : s.type || s.id}</span>
          <${Num} app=${app} path=${p + '.count'} label="Count" min="1" max=${f.maxCount} />
          <${Select} app=${app} path=${p + '.crewQuality'} label="Crew quality" number=${true} options=${f.crewQuality} />
          <${Select} app=${app} path=${p + '.commandQuality'} label="Command quality" options=${f.commandQuality} />
          <${Select} app=${app} path=${p + '.assignedTo'} label="Assigned to" absent="fixed starting mission"
            options=${ships.map((sh) => ({ value: sh.id, label: app.label(sh.id) }))} />
          <span class="small">${r ? `${r.points} points` : ''}</span>
          <button type="button" class="btn small danger" aria-label=${'Remove squadrons ' + (r && r.name ? r.name : s.id)} onClick=${() => app.removeSquadron(i)}>Remove</button>
          <${Probs} app=${app} path=${p} />
          <${Probs} app=${app} path=${p + '.type'} />
        </div>`;
      })}
      ${types.length ? html`<div class="add-row">
        <div class="field select"><label for="sq-type">Squadron type</label>
          <select id="sq-type" value=${types.some((t) => t.key === app.sqPick) ? app.sqPick : types[0].key} onChange=${(e) => { app.sqPick = e.target.value; }}>
            ${types.map((t) => html`<option value=${t.key}>${t.name} (${t.designName})${t.ftl ? ' · FTL' : ' · no FTL'}</option>`)}
          </select></div>
        <button type="button" class="btn" id="add-squadron" onClick=${() => app.addSquadron(types.some((t) => t.key === app.sqPick) ? app.sqPick : types[0].key)}>Add squadrons</button>
      </div>` : html`<p class="muted small">Squadron types come from the fleet's designs; none of them defines one.</p>`}
    </div>
  </section>`;
}

/** Deployment places the fleet's ships in the zones of an encounter
 *  (F-08): whether to give one, the encounter and the role, the zones
 *  with the most of the fleet's CV each may hold (from the facts) and
 *  what each holds (from the evaluation), and a zone per ship. */
export function Deployment({ app }) {
  const f = app.facts;
  const doc = app.store.doc;
  const dep = doc.deployment;
  const ships = doc.ships || [];
  const zones = dep ? app.zonesOf(dep.encounter, dep.role) : [];
  // zones the document names that the encounter does not have stay
  // visible, so the problem the server reports about them has a place
  const extra = dep ? Object.keys(dep.zones || {}).filter((z) => !zones.some((x) => x.zone === z)).sort() : [];
  const zoneProbs = (z) => app.probsAt(`deployment.zones.${z}`);
  return html`<section class="group deployment" aria-labelledby="h-deploy" data-path="deployment">
    <div class="group-body">
      <h2 id="h-deploy">Deployment</h2>
      <div class="field check">
        <input type="checkbox" id="deploy-on" checked=${!!dep} onChange=${(e) => app.toggleDeployment(e.target.checked)} aria-describedby="deploy-help" />
        <label for="deploy-on">Give a deployment</label>
      </div>
      <p class="hint" id="deploy-help">Place the ships in the zones of an encounter; each zone may hold at most a share of the fleet's CV.</p>
      <${Probs} app=${app} path="deployment" />
      ${dep ? html`
        <div class="grid">
          <div class="wide"><${Select} app=${app} path="deployment.encounter" label="Encounter" set=${(v) => app.setDeployment('encounter', v)}
            options=${f.encounters.map((e) => ({ value: e.id, label: `${e.name} (initiative difference ${e.minDifference}+)` }))} /></div>
          <${Select} app=${app} path="deployment.role" label="Role" set=${(v) => app.setDeployment('role', v)} options=${app.roles()} />
        </div>
        <ul class="zone-list" aria-label="Zones">
          ${[...zones, ...extra.map((z) => ({ zone: z }))].map((z) => {
            const zr = app.zoneResult(z.zone);
            const probs = zoneProbs(z.zone);
            const bad = probs.some((x) => x.severity === 'error');
            return html`<li class=${'zone' + (bad ? ' over' : '')} data-zone=${z.zone} data-path=${`deployment.zones.${z.zone}`} key=${z.zone}>
              <span class="zone-name">${z.zone}</span>
              ${z.maxShare !== undefined ? html`<span class="small">CV <b class="zone-cv">${zr ? zr.cv : '—'}</b>, <b class="zone-share">${zr ? Math.round(zr.share) : '—'}%</b> of the fleet; at most <b>${z.maxShare}%</b></span>`
                : html`<span class="small bad">not a zone of this encounter</span>`}
              <${Probs} app=${app} path=${`deployment.zones.${z.zone}`} />
            </li>`;
          })}
        </ul>
        ${ships.length ? html`<table class="placements">
          <caption class="sub-h">Where each ship deploys</caption>
          <thead><tr><th scope="col">Ship</th><th scope="col">Zone</th></tr></thead>
          <tbody>${ships.map((s, i) => {
            const at = app.zoneOf(s.id);
            const id = 'zone-of-' + idFor(s.id);
            const probs = [...(at ? app.probsAt(at.path) : []), ...app.probsAt(`ships[${i}]`).filter((x) => x.rule === 'F-08')];
            return html`<tr key=${s.id}>
              <th scope="row"><label for=${id}>${app.label(s.id)}</label></th>
              <td><div class="field select"><select id=${id} data-path=${at ? at.path : undefined} data-ship=${s.id} value=${at ? at.zone : ''}
                  aria-invalid=${probs.some((x) => x.severity === 'error') ? 'true' : undefined} aria-describedby=${probs.length ? id + '-p' : undefined}
                  onChange=${(e) => app.placeShip(s.id, e.target.value)}>
                <option value="">not deployed</option>
                ${zones.map((z) => html`<option value=${z.zone}>${z.zone} (at most ${z.maxShare}%)</option>`)}
                ${extra.map((z) => html`<option value=${z}>${z} (not a zone of this encounter)</option>`)}
              </select>
              ${probs.length ? html`<ul class="field-problems" id=${id + '-p'}>${probs.map((p) => html`<li class=${p.severity}>${p.message} <span class="rule">${p.rule}</span></li>`)}</ul>` : ''}</div></td>
            </tr>`;
          })}</tbody>
        </table>` : html`<p class="muted small">No ships to deploy yet.</p>`}
      ` : ''}
    </div>
  </section>`;
}

/** Chain draws the chain of command as an ARIA tree: arrows move the
 *  focus, Alt with an arrow moves the focused unit (up, down, into the
 *  command beside it, out of its command), Delete takes it out of the
 *  chain; every move is also a button, and a unit can be dragged by its
 *  grip onto a command, onto "new top command" or out of the chain. */
export function Chain({ app }) {
  const doc = app.store.doc;
  const sel = app.selected;
  const chained = inChain(doc);
  const free = freeShips(doc);
  // one tab stop per tree: the selected unit, else the tree's first
  const stops = new Set([chained.includes(sel) ? sel : chained[0], free.includes(sel) ? sel : free[0]]);
  const item = (id, path, level, kind, cmd, label) => {
    const focusable = stops.has(id);
    const probs = app.probsUnder(path, kind);
    const kids = kind === 'command' ? [...(cmd.ships || []).map((s, k) => ({ id: s, path: `${path}.ships[${k}]`, kind: 'member' })),
      ...(cmd.commands || []).map((c, k) => (c && typeof c === 'object' ? { id: c.ship, path: `${path}.commands[${k}]`, kind: 'command', cmd: c } : null)).filter(Boolean)] : [];
    return html`<li role="treeitem" key=${id} id=${'unit-' + idFor(id)} data-ship=${id} data-path=${path || undefined}
        aria-level=${level} aria-selected=${sel === id ? 'true' : 'false'} aria-expanded=${kids.length ? 'true' : undefined}
        tabindex=${focusable ? '0' : '-1'} class=${'unit ' + kind + (probs.length ? ' has-problem' : '')}
        onFocus=${(e) => { if (e.target === e.currentTarget) app.select(id); }} onKeyDown=${(e) => app.treeKey(e, id)}>
      <div class="unit-row" data-drop=${kind === 'command' ? id : undefined}>
        <span class="grip" aria-hidden="true" onPointerDown=${(e) => app.dragStart(e, id)}>⠿</span>
        ${kind === 'command' ? html`<span class="badge level">${cmd.level}</span>` : ''}
        <span class="unit-name">${label}</span>
        ${kind === 'command' ? html`<span class="small muted">CiC ${app.cicOf(id)} · ${kids.length} unit${kids.length === 1 ? '' : 's'}</span>` : ''}
        ${probs.length ? html`<span class="unit-problem">${probs.map((p) => p.rule).join(', ')}</span>` : ''}
      </div>
      ${kids.length ? html`<ul role="group">${kids.map((k) => item(k.id, k.path, level + 1, k.kind, k.cmd, app.label(k.id)))}</ul>` : ''}
    </li>`;
  };
  const top = (doc.command || []).map((c, i) => (c && typeof c === 'object' ? item(c.ship, `command[${i}]`, 1, 'command', c, app.label(c.ship)) : null));
  const at = sel ? locate(doc, sel) : null;
  const has = !!sel && (doc.ships || []).some((s) => s.id === sel);
  const btn = (op, label, keys) => html`<button type="button" class="btn small" data-op=${op} disabled=${!has} aria-keyshortcuts=${keys}
    onClick=${() => app.treeEdit(op, sel)}>${label}</button>`;
  return html`<section class="group chain" aria-labelledby="h-chain" data-path="command">
    <div class="group-body">
      <h2 id="h-chain">Chain of command</h2>
      <p class="hint" id="chain-help">Select a unit, then move it with the buttons or the keys: arrows to go through the tree, Alt+↑ and Alt+↓ to reorder, Alt+→ into the command beside it, Alt+← out of its command, Delete to take it out of the chain. Or drag a unit by its grip (⠿) onto a command.</p>
      <${Probs} app=${app} path="command" />
      <div class="tree-wrap">
        ${top.length ? html`<ul role="tree" aria-label="Chain of command" aria-describedby="chain-help" class="tree">${top}</ul>`
          : html`<p class="muted small">No chain yet: select a ship below and choose “Make commander” (it becomes the flagship), or drag it onto the box below.</p>`}
        <div class="drop-zone" data-drop="top">Drop here for a new top command</div>
      </div>
      <h3 class="sub-h" id="h-free">Not in the chain (crew quality − 1)</h3>
      ${free.length ? html`<ul role="tree" aria-labelledby="h-free" class="tree free" data-drop="free">
        ${free.map((id) => item(id, '', 1, 'free', null, app.label(id)))}</ul>`
        : html`<div class="drop-zone" data-drop="free">Drop here to take a unit out of the chain</div>`}
      <div class="unit-tools" role="toolbar" aria-label="Move the selected unit">
        <p class="small"><span class="muted">Selected:</span> <strong id="selected-unit">${has ? app.label(sel) : 'none'}</strong>${has && at ? ` (${at.kind === 'command' ? at.cmd.level + ' commander' : at.kind === 'member' ? 'in a squadron' : 'not in the chain'})` : ''}</p>
        ${has && at && at.kind === 'command' ? html`<${Select} app=${app} path=${at.path + '.level'} label="Command level" options=${app.facts.levels} />` : ''}
        <div class="tool-group">
          ${btn('up', 'Move up', 'Alt+ArrowUp')}${btn('down', 'Move down', 'Alt+ArrowDown')}
          ${btn('into', 'Into command', 'Alt+ArrowRight')}${btn('out', 'Out of command', 'Alt+ArrowLeft')}
          ${at && at.kind === 'command' ? btn('member', 'Make squadron ship') : btn('command', 'Make commander')}
          ${btn('remove', 'Take out of chain', 'Delete')}
        </div>
        ${app.treeNote ? html`<p class="small" role="status" id="tree-note">${app.treeNote}</p>` : ''}
      </div>
    </div>
  </section>`;
}

/** LimitBar shows the fleet's CV or points against its limit, in an error
 *  state when over, and the highest tier against the tier limit. */
export function LimitBar({ app }) {
  const r = app.eval.result;
  const t = r && r.totals;
  if (!t) return html`<div class="limit" id="limit-bar"><p class="muted">…</p></div>`;
  const unit = t.limitKind === 'cv' ? 'CV' : t.limitKind || '';
  const over = t.limit > 0 && t.used > t.limit;
  const pct = t.limit > 0 ? Math.min(100, Math.round((t.used * 100) / t.limit)) : 0;
  const tierOver = t.tierLimit > 0 && t.highestTier > t.tierLimit;
  return html`<div class=${'limit' + (over ? ' over' : '')} id="limit-bar">
    ${t.limit > 0 ? html`<div class="bar" role="meter" aria-label=${unit + ' against the limit'} aria-valuemin="0" aria-valuemax=${t.limit} aria-valuenow=${t.used}
        aria-valuetext=${`${t.used} of ${t.limit} ${unit}`} style=${{ '--used': pct + '%' }}><span class="fill"></span></div>
      <p class="limit-text" id="limit-text">${t.used} of ${t.limit} ${unit}: ${over ? html`<strong class="bad">${-t.remaining} over the limit</strong>` : `${t.remaining} left`}</p>`
      : html`<p class="limit-text bad" id="limit-text">No limit set: agree a CV or points limit.</p>`}
    <p class=${'tier-text' + (tierOver ? ' bad' : '')} id="tier-text">Highest tier ${t.highestTier}${t.tierLimit ? ` of a tier ${t.tierLimit} limit` : ', no tier limit'}${tierOver ? ': over' : ''}</p>
  </div>`;
}

/** Panel: the evaluation's totals, the limit bar and every problem, each
 *  a button that focuses the place its path names. */
export function Panel({ app }) {
  const ev = app.eval;
  const r = ev.result;
  const problems = r ? r.problems || [] : ev.problems || [];
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const t = r && r.totals;
  const stat = (id, label, v) => html`<div class="stat" id=${'stat-' + id}><dt>${label}</dt><dd><span class="value">${v ?? '—'}</span></dd></div>`;
  return html`<aside class="panel" aria-labelledby="panel-h" data-rev=${ev.rev} aria-busy=${ev.pending ? 'true' : 'false'}>
    <div class="panel-head">
      <h2 id="panel-h">Fleet totals</h2>
      <span class=${'legal ' + (r && r.legal ? 'ok' : 'bad')} role="status" id="legal">
        ${r ? (r.legal ? 'Legal' : 'Not legal') : ev.error ? 'Not evaluated' : '…'}${problems.length ? ` · ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}
      </span>
    </div>
    ${ev.error ? html`<p class="notice bad" role="alert">Could not reach the server: ${ev.error}. Your draft is kept.</p>` : ''}
    <${LimitBar} app=${app} />
    <dl class="stats">
      ${stat('cv', 'Combat value', t && t.cv)}${stat('points', 'Points', t && t.points)}
      ${stat('ships', 'Ships', t && t.ships)}${stat('squadrons', 'Squadrons', t ? `${t.squadrons} + ${t.carriedSquadrons}` : null)}
      ${stat('tier', 'Highest tier', t && t.highestTier)}
    </dl>
    ${ev.current ? html`<p class="notice" id="pin-note">Agreed under ${ev.model}: these are its numbers. Under today's ${app.facts.currentModel} the fleet would be ${ev.current.totals.cv} CV and ${ev.current.totals.points} point${ev.current.totals.points === 1 ? '' : 's'}.</p>` : ''}
    <div class="problems">
      <h3>Problems ${problems.length ? html`<span class="count">${problems.length}</span>` : ''}</h3>
      ${problems.length === 0 && r ? html`<p class="muted">None: the fleet is legal.</p>` : ''}
      <ul class="problem-list">
        ${problems.map((p, i) => html`<li key=${i} class=${p.severity}>
          <button type="button" class="problem" data-goto=${p.path} onClick=${() => app.focusPath(p.path)}>
            <span class="sev">${p.severity}</span>
            <span class="where">${p.path || 'fleet'}</span>
            <span class="msg">${p.message}</span>
            ${p.hint ? html`<span class="hint">${p.hint}</span>` : ''}
            <span class="rule">${p.rule}</span>
          </button></li>`)}
      </ul>
    </div>
  </aside>`;
}

/** ConflictDialog: a newer version was saved while the player edited. */
export function ConflictDialog({ app }) {
  const c = app.conflict;
  return html`<${Modal} id="conflict" label="Someone saved a newer version" onClose=${() => app.closeDialog()} cls="wide">
    <p>While you edited, version ${c.theirs.version} of “${c.theirs.name}” was saved. Your draft is kept.
      ${c.changes.length} field${c.changes.length === 1 ? ' differs' : 's differ'}:</p>
    <table class="diff"><thead><tr><th scope="col">Field</th><th scope="col">Your draft</th><th scope="col">Saved version ${c.theirs.version}</th></tr></thead>
      <tbody>${c.changes.slice(0, 60).map((d) => html`<tr><th scope="row"><code>${d.path}</code></th><td>${d.mine ?? html`<em>absent</em>`}</td><td>${d.theirs ?? html`<em>absent</em>`}</td></tr>`)}</tbody></table>
    <div class="actions wrap">
      <button type="button" class="btn primary" data-choice="mine" onClick=${() => app.resolveConflict('mine')}>Save mine as version ${c.theirs.version + 1}</button>
      <button type="button" class="btn" data-choice="theirs" onClick=${() => app.resolveConflict('theirs')}>Take the saved version</button>
      <button type="button" class="btn" onClick=${() => app.closeDialog()}>Decide later</button>
    </div>
  </${Modal}>`;
}
