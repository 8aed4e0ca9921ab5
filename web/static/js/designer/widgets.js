// widgets.js: Metaverse's named widgets, the parts of its form that the
// form description names rather than describes (sections, weapons,
// squadrons, hangars). Everything they offer comes from the document and
// the catalogue answer (GET /api/v1/catalogue): sections, arcs, sectors,
// system kinds with their categories, colours, ratings and parameters,
// and the values each choice field accepts.
import { Component, html } from '../ui.js';
import { get, idFor, patternMatcher } from './doc.js';
import { NumField, TextField, SelectField, CheckField, SetField, Button, Slot, Problems, Group } from './fields.js';
import { firstReady, readyDef } from './ready.js';

/** Memo draws its part of a page again only when sig, a string of
 *  everything the part shows, changes: a big design's hundreds of rows are
 *  not diffed again for an edit of one. The paths the part registers with
 *  ctx.reg while drawn are registered again when it is skipped, so a
 *  problem still finds its place. */
class Memo extends Component {
  shouldComponentUpdate(next) {
    if (next.sig !== this.props.sig) return true;
    for (const p of this.regs || []) next.ctx.reg(p);
    return false;
  }

  render({ ctx, draw }) {
    const regs = [];
    this.regs = regs;
    return draw({ ...ctx, reg: (p) => { regs.push(p); ctx.reg(p); } });
  }
}

const title = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);
const words = (s) => String(s).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
const list = (v) => (Array.isArray(v) ? v : []);

// Help for the widgets' fields and choices comes from the form
// description's glossary (each game brings its own words), by the path
// pattern each term names.
const termTables = new WeakMap();
/** termFor returns the glossary term of a document path, or undefined. */
export function termFor(form, path) {
  if (!form) return undefined;
  if (!termTables.has(form)) {
    termTables.set(form, patternMatcher(Object.fromEntries((form.glossary || []).flatMap((g) => (g.terms || []).map((t) => [t.path, t])))));
  }
  return termTables.get(form)(path);
}

/** optionOf returns a term's option for value, or undefined. */
function optionOf(form, path, value) {
  const t = termFor(form, path);
  return t && (t.options || []).find((o) => o.value === String(value));
}

/** TermHelp is a closed disclosure listing what the fields of a widget
 *  mean: the glossary groups whose terms lie under prefix. */
function TermHelp({ ctx, prefix, id }) {
  const groups = ((ctx.form && ctx.form.glossary) || []).filter((g) => (g.terms || []).some((t) => t.path.startsWith(prefix)));
  if (!groups.length) return null;
  return html`<details class="stat-help term-help" id=${id}>
    <summary>What these fields mean</summary>
    ${groups.map((g) => html`<div key=${g.heading}>
      ${groups.length > 1 ? html`<h3 class="term-h">${g.heading}</h3>` : ''}
      <dl>${g.terms.filter((t) => t.path !== 'sections.*.systems[].kind').map((t) => html`<div key=${t.path}><dt>${t.label}</dt><dd>${t.help}
        ${t.options && t.options.length ? html`<ul class="term-options">${t.options.map((o) => html`<li key=${o.value}><b>${o.label}</b> ${o.help}</li>`)}</ul>` : ''}</dd></div>`)}</dl>
    </div>`)}
  </details>`;
}

/** optionLabels labels a choice by its glossary option ("AM Antimatter"),
 *  else by fallback. */
const optionLabels = (ctx, path, fallback) => (v) => {
  const o = optionOf(ctx.form, path, v);
  return o ? o.label : fallback ? fallback(v) : String(v);
};

function SectionsPart({ ctx, heading }) {
  const present = ctx.cat.sections.filter((s) => get(ctx.doc, `sections.${s.name}`));
  const missing = ctx.cat.sections.filter((s) => !get(ctx.doc, `sections.${s.name}`));
  ctx.reg('sections');
  return html`<${Group} id="g-sections" heading=${heading || 'Sections'} count=${present.length}>
    <div data-path="sections" class="add-row" role="group" aria-label="Add a section">
      ${missing.map((s) => html`<${Button} label=${'+ ' + title(s.name)} title=${'Add the ' + s.name + ' section'}
        data=${{ 'data-add-section': s.name }} onClick=${() => ctx.set(`sections.${s.name}`, { layers: [{ hullHits: 1 }] })} />`)}
      ${missing.length === 0 ? html`<span class="muted">All five sections are present.</span>` : ''}
    </div>
    <${TermHelp} ctx=${ctx} prefix="sections." id="help-sections" />
    <${Problems} ctx=${ctx} path="sections" />
    ${present.map((s) => html`<${SectionCard} key=${s.name} ctx=${ctx} info=${s} />`)}
  </${Group}>`;
}

function SectionCard({ ctx, info }) {
  const base = `sections.${info.name}`;
  ctx.reg(base);
  const headId = idFor(base, '-h');
  return html`<section class="section-card" data-path=${base} aria-labelledby=${headId}>
    <header>
      <h3 id=${headId} tabindex="-1">${title(info.name)} section</h3>
      <${Button} label="Remove" title=${'Remove the ' + info.name + ' section'} cls="danger small" onClick=${() => ctx.remove(base)} />
    </header>
    <${Problems} ctx=${ctx} path=${base} />
    <${Layers} ctx=${ctx} base=${base} />
    <${Defences} ctx=${ctx} base=${base} info=${info} />
    <${Systems} ctx=${ctx} base=${base} />
    <${Mounts} ctx=${ctx} base=${base} info=${info} />
    <${Hangars} ctx=${ctx} base=${base} />
  </section>`;
}

function Layers({ ctx, base }) {
  const path = `${base}.layers`;
  const layers = list(get(ctx.doc, path));
  ctx.reg(path);
  return html`<div class="sub" data-path=${path}>
    <h4>Hull layers</h4>
    <${Problems} ctx=${ctx} path=${path} />
    ${layers.map((_, i) => {
      const p = `${path}[${i}]`;
      return html`<div class="row" key=${i} data-path=${p} role="group" aria-label=${'Layer ' + (i + 1)}>
        <span class="row-label">Layer ${i + 1}</span>
        <${NumField} ctx=${ctx} path=${p + '.hullHits'} label="Hull hits" />
        <${NumField} ctx=${ctx} path=${p + '.crew'} label="Crew" />
        <${NumField} ctx=${ctx} path=${p + '.marines'} label="Marines" />
        <${Button} label="×" title=${`Remove layer ${i + 1} of the ${base.split('.')[1]} section`} cls="icon danger" onClick=${() => ctx.remove(p)} />
        <${Slot} ctx=${ctx} path=${p} />
      </div>`;
    })}
    <${Button} label="+ Layer" title=${`Add a hull layer to the ${base.split('.')[1]} section`} cls="small" data=${{ 'data-add': path }}
      onClick=${() => ctx.set(`${path}[${layers.length}]`, { hullHits: 1 })} />
  </div>`;
}

/** Defences edits armour, ablative plates and shields per arc: the arcs
 *  the section may face (from the catalogue answer) and any the document
 *  already has. */
function Defences({ ctx, base, info }) {
  const have = ['armour', 'ablative', 'shields'].flatMap((k) => Object.keys(get(ctx.doc, `${base}.${k}`) || {}));
  const arcs = ctx.cat.arcs.map((a) => a.arc).filter((a) => info.arcs.includes(a) || have.includes(a));
  const sec = base.split('.')[1];
  const setObj = (kind, arc, field, value, typeField) => {
    const p = `${base}.${kind}.${arc}`;
    ctx.change((d) => {
      const cur = get(d, p);
      if (value === undefined) {
        if (cur && field !== 'type') {
          const s = d.sections[sec][kind];
          delete s[arc];
        } else if (cur) cur.type = undefined;
        return;
      }
      if (!d.sections[sec][kind]) d.sections[sec][kind] = {};
      const obj = cur || { [typeField]: 0, type: ctx.choices(`${p}.type`)[0] };
      obj[field] = value;
      d.sections[sec][kind][arc] = obj;
    }, `${p}.${field}`);
  };
  const num = (kind, arc, field, label) => {
    const p = `${base}.${kind}.${arc}.${field}`;
    ctx.reg(p);
    const v = get(ctx.doc, p);
    const id = idFor(p);
    return html`<div class="field num">
      <label for=${id}>${label}</label>
      <input id=${id} type="number" inputmode="numeric" data-path=${p} value=${v === undefined ? '' : String(v)}
        aria-invalid=${ctx.probs(p).some((x) => x.severity === 'error') ? 'true' : undefined}
        aria-describedby=${ctx.probs(p).length ? idFor(p, '-p') : undefined}
        onInput=${(e) => setObj(kind, arc, field, e.target.value === '' ? undefined : Number(e.target.value), field)} />
      <${Problems} ctx=${ctx} path=${p} />
    </div>`;
  };
  const type = (kind, arc, label) => {
    const p = `${base}.${kind}.${arc}.type`;
    const present = get(ctx.doc, `${base}.${kind}.${arc}`);
    return html`<${SelectField} ctx=${ctx} path=${p} label=${label} labels=${words} allowEmpty=${!present}
      onPick=${(v) => setObj(kind, arc, 'type', v, kind === 'armour' ? 'rating' : 'hits')} />`;
  };
  ctx.reg(`${base}.armour`); ctx.reg(`${base}.shields`); ctx.reg(`${base}.ablative`);
  return html`<div class="sub defences">
    <h4>Armour, ablative plates and shields by arc</h4>
    <${Problems} ctx=${ctx} path=${base + '.armour'} />
    <${Problems} ctx=${ctx} path=${base + '.ablative'} />
    <${Problems} ctx=${ctx} path=${base + '.shields'} />
    ${arcs.map((arc) => {
      ['armour', 'shields'].forEach((k) => ctx.reg(`${base}.${k}.${arc}`));
      const ab = `${base}.ablative.${arc}`;
      return html`<div class="row arc-row" key=${arc} role="group" aria-label=${title(arc) + ' arc defences'}>
        <span class="row-label">${title(arc)}</span>
        <div class="arc-part" data-path=${`${base}.armour.${arc}`} role="group" aria-label=${`Armour facing ${arc}`}>
          ${num('armour', arc, 'rating', 'Armour')}
          ${type('armour', arc, 'Armour type')}
          <${Problems} ctx=${ctx} path=${`${base}.armour.${arc}`} />
        </div>
        <${NumField} ctx=${ctx} path=${ab} label="Ablative" />
        <div class="arc-part" data-path=${`${base}.shields.${arc}`} role="group" aria-label=${`Shields facing ${arc}`}>
          ${num('shields', arc, 'hits', 'Shield hits')}
          ${type('shields', arc, 'Shield type')}
          <${Problems} ctx=${ctx} path=${`${base}.shields.${arc}`} />
        </div>
      </div>`;
    })}
  </div>`;
}

/** kindInfo is the one line a system row shows about what its kind does. */
export function kindInfo(ctx, k) {
  if (!k) return '';
  const o = optionOf(ctx.form, 'sections.*.systems[].kind', k.kind);
  const parts = o && o.help ? [o.help.replace(/ Tier \d+\.$/, ''), `tier ${k.tier}`] : [`tier ${k.tier}`];
  if (k.rating.mode === 'range') parts.push(`rating ${k.rating.min}–${k.rating.max}${k.unit ? ' ' + k.unit : ''}`);
  else parts.push(`rating ${k.rating.mode}`);
  if (k.notes) parts.push(k.notes);
  if (k.required) parts.push(`required (${k.required.where === 'core' ? 'in the core' : 'somewhere'})`);
  return parts.join(' · ');
}

function Systems({ ctx, base }) {
  const path = `${base}.systems`;
  const systems = list(get(ctx.doc, path));
  const sec = base.split('.')[1];
  ctx.reg(path);
  return html`<div class="sub" data-path=${path}>
    <h4>Systems</h4>
    <${Problems} ctx=${ctx} path=${path} />
    ${systems.map((s, i) => {
      const p = `${path}[${i}]`;
      return html`<${Memo} key=${i} ctx=${ctx} sig=${JSON.stringify(s) + ctx.sigAt(p)}
        draw=${(c) => html`<${SystemRow} ctx=${c} path=${p} sys=${s} n=${i + 1} sec=${sec} />`} />`;
    })}
    <${Button} label="+ System" title=${`Add a system to the ${sec} section`} cls="small" data=${{ 'data-add-system': path }}
      onClick=${() => ctx.openPicker(path)} />
  </div>`;
}

function SystemRow({ ctx, path, sys, n, sec }) {
  const k = ctx.kind(sys && sys.kind);
  const cat = k ? ctx.category(k.category) : null;
  ctx.reg(path);
  const params = k && k.params ? Object.keys(k.params) : [];
  const extra = ['facing', 'axis', 'arc', 'type'].filter((p) => sys && sys[p] !== undefined && !params.includes(p));
  return html`<div class=${'row system cat-' + (cat ? cat.id : 'unknown')} data-path=${path} style=${cat ? { '--cat': cat.colour } : undefined} role="group" aria-label=${`System ${n}: ${k ? k.name : sys.kind}`}>
    <span class="swatch" aria-hidden="true"></span>
    <${SelectField} ctx=${ctx} path=${path + '.kind'} label="Kind" allowEmpty=${false} choices=${ctx.cat.catalogue.kinds.map((x) => x.kind)}
      labels=${(v) => { const x = ctx.kind(v); return x ? `${x.name} (${ctx.category(x.category).name})` : v; }}
      onPick=${(v) => ctx.change((d) => { const s = get(d, path); s.kind = v; const nk = ctx.kind(v); if (nk.rating.mode !== 'range') delete s.rating; else if (s.rating === undefined) s.rating = nk.rating.min; for (const p of ['facing', 'axis', 'arc', 'type']) if (!(nk.params || {})[p]) delete s[p]; })} />
    ${k && k.rating.mode === 'range' || (sys && sys.rating !== undefined)
      ? html`<${NumField} ctx=${ctx} path=${path + '.rating'} label=${k && k.unit ? `Rating (${k.unit})` : 'Rating'} min=${k && k.rating.min} max=${k && k.rating.max} />`
      : html`<div class="field static"><span class="label">Rating</span><span class="value">${k ? k.rating.mode : '—'}</span></div>`}
    <${NumField} ctx=${ctx} path=${path + '.count'} label="Count" />
    ${[...params, ...extra].map((p) => html`<${SelectField} ctx=${ctx} path=${`${path}.${p}`} label=${title(p)}
      choices=${k && k.params && k.params[p] ? k.params[p].values : []} labels=${words} />`)}
    <${Button} label="×" title=${`Remove system ${n} (${k ? k.name : sys.kind}) from the ${sec} section`} cls="icon danger" onClick=${() => ctx.remove(path)} />
    <p class="kind-info">${kindInfo(ctx, k)}</p>
    <${Slot} ctx=${ctx} path=${path} />
  </div>`;
}

function Mounts({ ctx, base, info }) {
  const path = `${base}.weapons`;
  const mounts = list(get(ctx.doc, path));
  const defs = list(ctx.doc.weapons);
  ctx.reg(path);
  const add = () => ctx.set(`${path}[${mounts.length}]`, { weapon: defs.length ? defs[0].id : '', sectors: [], count: 1 });
  return html`<div class="sub" data-path=${path}>
    <h4>Weapon mounts</h4>
    <${Problems} ctx=${ctx} path=${path} />
    ${mounts.map((m, i) => {
      const p = `${path}[${i}]`;
      const sig = JSON.stringify([m, defs.map((d) => [d.id, d.name]), !!get(ctx.doc, `sections.${info.mirror}`)]) + ctx.sigAt(p);
      return html`<${Memo} key=${i} ctx=${ctx} sig=${sig}
        draw=${(c) => html`<${MountRow} ctx=${c} path=${p} mount=${m} n=${i + 1} info=${info} defs=${defs} />`} />`;
    })}
    <${Button} label="+ From the armoury" title=${`Mount a ready weapon from the armoury in the ${info.name} section`} cls="small" data=${{ 'data-armoury': info.name }}
      onClick=${() => ctx.openArmoury(info.name)} />
    <${Button} label="+ Mount" title=${`Add a weapon mount to the ${info.name} section`} cls="small" data=${{ 'data-add': path }} onClick=${add}
      disabled=${defs.length === 0} />
    ${defs.length === 0 ? html`<span class="muted"> Or define a weapon first (Weapon definitions, below).</span>` : ''}
  </div>`;
}

function MountRow({ ctx, path, mount, n, info, defs }) {
  ctx.reg(path);
  const sectors = list(mount && mount.sectors);
  const target = ctx.cat.sections.find((s) => s.name === info.mirror);
  const mirrored = sectors.map((s) => ctx.cat.sectors[s] ? ctx.cat.sectors[s].mirror : s).sort((a, b) => a - b);
  const same = info.mirror === info.name && JSON.stringify([...sectors].sort((a, b) => a - b)) === JSON.stringify(mirrored);
  const targetPresent = !!get(ctx.doc, `sections.${info.mirror}`);
  const canMirror = sectors.length > 0 && !same && targetPresent;
  const mirrorTitle = info.mirror === info.name
    ? `Mirror mount ${n}: add its mirror image to the ${info.name} section`
    : `Mirror to ${info.mirror}: copy mount ${n} there with mirrored sectors`;
  const mirror = () => ctx.change((d) => {
    const t = d.sections[info.mirror];
    t.weapons = t.weapons || [];
    t.weapons.push({ ...mount, sectors: mirrored });
  });
  return html`<div class="row mount" data-path=${path} role="group" aria-label=${`Mount ${n}`}>
    <${SelectField} ctx=${ctx} path=${path + '.weapon'} label="Weapon" allowEmpty=${false}
      choices=${defs.map((d) => d.id)} labels=${(id) => { const d = defs.find((x) => x.id === id); return d && d.name ? `${d.name} (${id})` : id; }} />
    <${NumField} ctx=${ctx} path=${path + '.count'} label="Count" />
    <${ArcPicker} ctx=${ctx} path=${path + '.sectors'} sectors=${sectors} info=${info} />
    <div class="mount-actions">
      <${Button} label=${info.mirror === info.name ? 'Mirror' : `Mirror to ${info.mirror}`} title=${mirrorTitle} cls="small" disabled=${!canMirror}
        data=${{ 'data-mirror': path }} onClick=${mirror} />
      <${Button} label="×" title=${`Remove mount ${n} from the ${info.name} section`} cls="icon danger" onClick=${() => ctx.remove(path)} />
    </div>
    ${!targetPresent && info.mirror !== info.name && target ? html`<p class="kind-info">Add the ${info.mirror} section to mirror this mount.</p>` : ''}
    <${Slot} ctx=${ctx} path=${path} />
  </div>`;
}

/** ArcPicker toggles the eight firing sectors around the ship. Sectors the
 *  section may not use (from the catalogue answer) are disabled unless the
 *  mount already has them, so they can be taken away. */
function ArcPicker({ ctx, path, sectors, info }) {
  ctx.reg(path);
  const toggle = (s) => ctx.change((d) => {
    const cur = list(get(d, path));
    const next = cur.includes(s) ? cur.filter((x) => x !== s) : [...cur, s];
    next.sort((a, b) => a - b);
    const m = get(d, path.replace(/\.sectors$/, ''));
    m.sectors = next;
  });
  const gid = idFor(path);
  const bad = ctx.probs(path).some((p) => p.severity === 'error');
  return html`<fieldset class="field arc-picker" data-path=${path} id=${gid} aria-describedby=${ctx.probs(path).length ? idFor(path, '-p') : undefined}>
    <legend>Firing sectors</legend>
    <div class=${'dial' + (bad ? ' invalid' : '')}>
      <span class="hull-glyph" aria-hidden="true"></span>
      ${ctx.cat.sectors.map((s) => {
        const on = sectors.includes(s.sector);
        const allowed = info.sectors.includes(s.sector);
        return html`<button type="button" class=${'sector' + (on ? ' on' : '')} style=${{ '--bearing': s.bearing + 'deg' }}
          aria-pressed=${on ? 'true' : 'false'} disabled=${!allowed && !on} data-sector=${s.sector}
          aria-label=${`Sector ${s.sector} (${s.arc})${allowed ? '' : ', not allowed in this section'}`}
          title=${`Sector ${s.sector}, ${s.arc} arc`} onClick=${() => toggle(s.sector)}>${s.sector}</button>`;
      })}
    </div>
    <${Problems} ctx=${ctx} path=${path} />
  </fieldset>`;
}

function Hangars({ ctx, base }) {
  const path = `${base}.hangars`;
  const mounts = list(get(ctx.doc, path));
  const bays = list(ctx.doc.hangarBays);
  ctx.reg(path);
  if (!mounts.length && !bays.length) return null;
  return html`<div class="sub" data-path=${path}>
    <h4>Hangar bays</h4>
    <${Problems} ctx=${ctx} path=${path} />
    ${mounts.map((m, i) => {
      const p = `${path}[${i}]`;
      ctx.reg(p);
      return html`<div class="row" key=${i} role="group" aria-label=${`Hangar ${i + 1}`}>
        <${SelectField} ctx=${ctx} path=${p + '.bay'} label="Bay" allowEmpty=${false} choices=${bays.map((b) => b.id)} />
        <${NumField} ctx=${ctx} path=${p + '.count'} label="Count" />
        <${Button} label="×" title=${`Remove hangar ${i + 1}`} cls="icon danger" onClick=${() => ctx.remove(p)} />
        <${Slot} ctx=${ctx} path=${p} />
      </div>`;
    })}
    <${Button} label="+ Hangar" title="Add a hangar bay to this section" cls="small" disabled=${!bays.length}
      data=${{ 'data-add': path }} onClick=${() => ctx.set(`${path}[${mounts.length}]`, { bay: bays[0].id, count: 1 })} />
  </div>`;
}

/** uniqueId returns prefix-N not yet used by any entry of list. */
function uniqueId(items, prefix) {
  for (let i = items.length + 1; ; i++) {
    const id = `${prefix}-${i}`;
    if (!items.some((x) => x && x.id === id)) return id;
  }
}

/** renameRefs makes an id change follow into what refers to it. */
function renameRefs(d, kind, from, to) {
  for (const sec of Object.values(d.sections || {})) {
    if (!sec) continue;
    if (kind === 'weapon') for (const m of list(sec.weapons)) if (m.weapon === from) m.weapon = to;
    if (kind === 'bay') for (const m of list(sec.hangars)) if (m.bay === from) m.bay = to;
  }
  if (kind === 'squadron') {
    for (const b of list(d.hangarBays)) {
      b.carries = list(b.carries).map((x) => (x === from ? to : x));
      if (b.loadout && b.loadout[from] !== undefined) {
        b.loadout[to] = b.loadout[from];
        delete b.loadout[from];
      }
    }
  }
}

function defIdSetter(ctx, kind) {
  return (path, value) => ctx.change((d) => {
    const old = get(d, path);
    const holder = get(d, path.replace(/\.id$/, ''));
    holder.id = value;
    if (old !== value) renameRefs(d, kind, old, value);
  }, path);
}

function withIdRename(ctx, kind) {
  const setId = defIdSetter(ctx, kind);
  return { ...ctx, set: (p, v, c) => (p.endsWith('.id') && typeof v === 'string' ? setId(p, v) : ctx.set(p, v, c)) };
}

function WeaponDefs({ ctx, heading }) {
  const defs = list(ctx.doc.weapons);
  ctx.reg('weapons');
  // A new definition starts as the armoury's first weapon (the form
  // description's), which passes every rule.
  const first = firstReady(ctx.form, 'weapons');
  const add = () => ctx.set(`weapons[${defs.length}]`, first ? readyDef(defs, first) : { id: uniqueId(defs, 'weapon'), name: `Weapon ${defs.length + 1}` });
  const c = withIdRename(ctx, 'weapon');
  return html`<${Group} id="g-weapons" heading=${heading || 'Weapon definitions'} count=${defs.length}>
    <${TermHelp} ctx=${ctx} prefix="weapons[]" id="help-weapons" />
    <div data-path="weapons"><${Problems} ctx=${ctx} path="weapons" /></div>
    ${defs.map((w, i) => {
      const p = `weapons[${i}]`;
      ctx.reg(p);
      return html`<div class="def-card cat-weapon" key=${i} role="group" aria-label=${`Weapon definition ${i + 1}: ${w && w.name}`} data-path=${p}>
        <div class="grid">
          <${TextField} ctx=${c} path=${p + '.id'} label="Id" />
          <${TextField} ctx=${ctx} path=${p + '.name'} label="Name" />
          <${SelectField} ctx=${ctx} path=${p + '.damageType'} label="Damage type" labels=${words} />
          <${NumField} ctx=${ctx} path=${p + '.pulse'} label="Pulse" />
          <${SelectField} ctx=${ctx} path=${p + '.die'} label="Die" allowEmpty=${false} />
          <${NumField} ctx=${ctx} path=${p + '.modifier'} label="Modifier" />
          <${SelectField} ctx=${ctx} path=${p + '.effect'} label="Effect" labels=${words} />
          <${SelectField} ctx=${ctx} path=${p + '.targetMethod'} label="Targeting" labels=${words} />
          <${NumField} ctx=${ctx} path=${p + '.indirectTurns'} label="Indirect turns" />
          <${SelectField} ctx=${ctx} path=${p + '.range'} label="Range (cm)" allowEmpty=${false} />
          <${SelectField} ctx=${ctx} path=${p + '.aoe'} label="Area of effect (cm)" />
          <${SelectField} ctx=${ctx} path=${p + '.rateOfFire'} label="Rate of fire" labels=${words} />
          <${NumField} ctx=${ctx} path=${p + '.armourPiercing'} label="Armour piercing" />
          <${NumField} ctx=${ctx} path=${p + '.shieldPiercing'} label="Shield piercing" />
          <${NumField} ctx=${ctx} path=${p + '.deflectionPiercing'} label="Deflection piercing" />
          <${CheckField} ctx=${ctx} path=${p + '.interceptable'} label="Can be intercepted" />
          <${SetField} ctx=${ctx} path=${p + '.targets'} label="Targets" labels=${words} cls="full" />
          <${SetField} ctx=${ctx} path=${p + '.qualities'} label="Qualities" optional=${true} cls="full" labels=${optionLabels(ctx, p + '.qualities')} />
        </div>
        <div class="def-foot">
          <${TierNote} ctx=${ctx} path=${p} />
          <${Button} label="Remove weapon" title=${`Remove weapon definition ${i + 1}`} cls="small danger" onClick=${() => ctx.remove(p)} />
        </div>
        <${Slot} ctx=${ctx} path=${p} />
      </div>`;
    })}
    <div class="add-row">
      <${Button} label="+ From the armoury" title="Choose a ready weapon from the armoury" cls="small" data=${{ 'data-armoury': '' }} onClick=${() => ctx.openArmoury('')} />
      <${Button} label="+ Weapon definition" title=${first ? `Add a weapon definition, starting as a ${first.name.toLowerCase()}` : 'Add a weapon definition'} cls="small" data=${{ 'data-add': 'weapons' }} onClick=${add} />
    </div>
  </${Group}>`;
}

/** TierNote shows the tier reason the server gave for a definition. */
function TierNote({ ctx, path }) {
  const r = ctx.tierReason(path);
  return r ? html`<span class=${'tier-badge t' + r.tier}>Tier ${r.tier}: ${r.reason}</span>` : html`<span class="tier-badge t1">Tier 1</span>`;
}

function SquadronDefs({ ctx, heading }) {
  const defs = list(ctx.doc.starfighters);
  ctx.reg('starfighters');
  const weapon = () => ({ name: 'Gun', damageType: ctx.choices('starfighters[0].weapons[0].damageType')[0], pulse: 1,
    die: ctx.choices('starfighters[0].weapons[0].die')[0], modifier: 0, rateOfFire: ctx.choices('starfighters[0].weapons[0].rateOfFire')[0],
    targets: [ctx.choices('starfighters[0].weapons[0].targets')[0]] });
  const add = () => ctx.set(`starfighters[${defs.length}]`, { id: uniqueId(defs, 'squadron'), name: `Squadron ${defs.length + 1}`,
    strength: 1, speed: ctx.choices('starfighters[0].speed')[0], defence: 0, targetRating: ctx.choices('starfighters[0].targetRating')[0], weapons: [weapon()] });
  const c = withIdRename(ctx, 'squadron');
  return html`<${Group} id="g-squadrons" heading=${heading || 'Starfighter squadrons'} count=${defs.length} open=${defs.length > 0}>
    <${TermHelp} ctx=${ctx} prefix="starfighters[]" id="help-starfighters" />
    <div data-path="starfighters"><${Problems} ctx=${ctx} path="starfighters" /></div>
    ${defs.map((s, i) => {
      const p = `starfighters[${i}]`;
      const ws = list(s && s.weapons);
      ctx.reg(p);
      ctx.reg(p + '.weapons');
      return html`<div class="def-card cat-hangar" key=${i} role="group" aria-label=${`Squadron ${i + 1}: ${s && s.name}`} data-path=${p}>
        <div class="grid">
          <${TextField} ctx=${c} path=${p + '.id'} label="Id" />
          <${TextField} ctx=${ctx} path=${p + '.name'} label="Name" />
          <${NumField} ctx=${ctx} path=${p + '.strength'} label="Strength" />
          <${SelectField} ctx=${ctx} path=${p + '.speed'} label="Speed (cm)" allowEmpty=${false} />
          <${NumField} ctx=${ctx} path=${p + '.defence'} label="Defence" />
          <${SelectField} ctx=${ctx} path=${p + '.targetRating'} label="Target rating" allowEmpty=${false} />
          <${SetField} ctx=${ctx} path=${p + '.qualities'} label="Qualities" optional=${true} labels=${optionLabels(ctx, p + '.qualities', words)} cls="full" />
        </div>
        <h3 class="sub-h">Squadron weapons</h3>
        <${Problems} ctx=${ctx} path=${p + '.weapons'} />
        ${ws.map((_, j) => {
          const wp = `${p}.weapons[${j}]`;
          ctx.reg(wp);
          return html`<div class="grid sub-card" key=${j} role="group" aria-label=${`Squadron ${i + 1} weapon ${j + 1}`}>
            <${TextField} ctx=${ctx} path=${wp + '.name'} label="Name" />
            <${SelectField} ctx=${ctx} path=${wp + '.damageType'} label="Damage type" labels=${words} />
            <${NumField} ctx=${ctx} path=${wp + '.pulse'} label="Pulse" />
            <${SelectField} ctx=${ctx} path=${wp + '.die'} label="Die" allowEmpty=${false} />
            <${NumField} ctx=${ctx} path=${wp + '.modifier'} label="Modifier" />
            <${SelectField} ctx=${ctx} path=${wp + '.rateOfFire'} label="Rate of fire" labels=${words} />
            <${CheckField} ctx=${ctx} path=${wp + '.indirect'} label="Indirect" />
            <${SetField} ctx=${ctx} path=${wp + '.targets'} label="Targets" labels=${words} cls="full" />
            <${SetField} ctx=${ctx} path=${wp + '.qualities'} label="Qualities" optional=${true} cls="full" labels=${optionLabels(ctx, wp + '.qualities')} />
            <${Button} label="Remove weapon" title=${`Remove weapon ${j + 1} of squadron ${i + 1}`} cls="small danger" onClick=${() => ctx.remove(wp)} />
            <${Slot} ctx=${ctx} path=${wp} />
          </div>`;
        })}
        <${Button} label="+ Squadron weapon" title=${`Add a squadron weapon to squadron ${i + 1}`} cls="small" onClick=${() => ctx.set(`${p}.weapons[${ws.length}]`, weapon())} />
        <div class="def-foot">
          <${TierNote} ctx=${ctx} path=${p} />
          <${Button} label="Remove squadron" title=${`Remove squadron ${i + 1}`} cls="small danger" onClick=${() => ctx.remove(p)} />
        </div>
        <${Slot} ctx=${ctx} path=${p} />
      </div>`;
    })}
    <${Button} label="+ Squadron" title="Add a starfighter squadron definition" cls="small" data=${{ 'data-add': 'starfighters' }} onClick=${add} />
  </${Group}>`;
}

function HangarDefs({ ctx, heading }) {
  const defs = list(ctx.doc.hangarBays);
  const squadrons = list(ctx.doc.starfighters).map((s) => s.id);
  ctx.reg('hangarBays');
  const add = () => ctx.set(`hangarBays[${defs.length}]`, { id: uniqueId(defs, 'bay'), name: `Bay ${defs.length + 1}`,
    launch: 1, capacity: 1, carries: squadrons.slice(0, 1) });
  const c = withIdRename(ctx, 'bay');
  return html`<${Group} id="g-bays" heading=${heading || 'Hangar bay definitions'} count=${defs.length} open=${defs.length > 0}>
    <${TermHelp} ctx=${ctx} prefix="hangarBays[]" id="help-bays" />
    <div data-path="hangarBays"><${Problems} ctx=${ctx} path="hangarBays" /></div>
    ${defs.map((b, i) => {
      const p = `hangarBays[${i}]`;
      ctx.reg(p);
      ctx.reg(p + '.loadout');
      const carries = list(b && b.carries);
      return html`<div class="def-card cat-hangar" key=${i} role="group" aria-label=${`Hangar bay ${i + 1}: ${b && b.name}`} data-path=${p}>
        <div class="grid">
          <${TextField} ctx=${c} path=${p + '.id'} label="Id" />
          <${TextField} ctx=${ctx} path=${p + '.name'} label="Name" />
          <${NumField} ctx=${ctx} path=${p + '.launch'} label="Launch" />
          <${NumField} ctx=${ctx} path=${p + '.capacity'} label="Capacity" />
          <${SetField} ctx=${ctx} path=${p + '.carries'} label="Carries" choices=${squadrons} cls="full" />
          ${carries.map((id) => html`<${NumField} ctx=${ctx} path=${`${p}.loadout.${id}`} label=${`Loaded: ${id}`} />`)}
        </div>
        <${Problems} ctx=${ctx} path=${p + '.loadout'} />
        <div class="def-foot">
          <${Button} label="Remove bay" title=${`Remove bay ${i + 1} (hangar bay definition)`} cls="small danger" onClick=${() => ctx.remove(p)} />
        </div>
        <${Slot} ctx=${ctx} path=${p} />
      </div>`;
    })}
    <${Button} label="+ Hangar bay" title="Add a hangar bay definition" cls="small" data=${{ 'data-add': 'hangarBays' }} onClick=${add} />
  </${Group}>`;
}

/** widgets are the named widgets a form description may use, by name. */
export const widgets = { sections: SectionsPart, weapons: WeaponDefs, squadrons: SquadronDefs, hangars: HangarDefs };
