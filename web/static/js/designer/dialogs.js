// dialogs.js: the designer's modal dialogs (native <dialog>, so focus is
// trapped and Escape closes them): the system picker (Metaverse's), the
// picker of a new row's first column, log in or register, import, and the
// save conflict.
import { html } from '../ui.js';
import { kindInfo } from './widgets.js';
import { Modal, AuthDialog } from '../dialog.js';

export { AuthDialog };

/** SystemPicker lists the catalogue by category, coloured as on the record
 *  sheet, with each kind's tier, rating and what it does. */
export function SystemPicker({ app, target }) {
  const cat = app.cat.catalogue;
  const q = (app.pickerFilter || '').toLowerCase();
  const cats = [...cat.categories].sort((a, b) => a.order - b.order);
  const section = target.split('.')[1];
  return html`<${Modal} id="picker" label=${`Add a system to the ${section} section`} onClose=${() => app.closeDialog()} cls="wide">
    <div class="field text"><label for="picker-q">Filter</label>
      <input id="picker-q" type="search" autocomplete="off" value=${app.pickerFilter || ''} onInput=${(e) => app.setPickerFilter(e.target.value)} /></div>
    <div class="picker">
      ${cats.map((c) => {
        const kinds = cat.kinds.filter((k) => k.category === c.id && (!q || k.name.toLowerCase().includes(q) || k.kind.toLowerCase().includes(q)));
        if (!kinds.length) return null;
        return html`<section class="picker-cat" style=${{ '--cat': c.colour }} aria-labelledby=${'pc-' + c.id}>
          <h3 id=${'pc-' + c.id}><span class="swatch" aria-hidden="true"></span>${c.name}</h3>
          <ul role="list">${kinds.map((k) => html`<li><button type="button" class="pick" data-kind=${k.kind} onClick=${() => app.addSystem(target, k)}>
            <span class="pick-name">${k.name}</span><span class="pick-info">${kindInfo(app, k)}</span></button></li>`)}</ul>
        </section>`;
      })}
    </div>
  </${Modal}>`;
}

/** RowPicker adds a row to a rows field by the choice of its first
 *  column, listing every option with its help, so that a newcomer reads
 *  what each one is before picking it. */
export function RowPicker({ app, target, field }) {
  const col = field.columns[0];
  const q = (app.pickerFilter || '').toLowerCase();
  const opts = col.options.filter((o) => !q || o.label.toLowerCase().includes(q) || (o.help || '').toLowerCase().includes(q));
  return html`<${Modal} id="rowpicker" label=${field.addLabel || field.label} onClose=${() => app.closeDialog()} cls="wide">
    <div class="field text"><label for="rowpicker-q">Filter</label>
      <input id="rowpicker-q" type="search" autocomplete="off" value=${app.pickerFilter || ''} onInput=${(e) => app.setPickerFilter(e.target.value)} /></div>
    <ul class="picker row-picker" role="list">${opts.map((o) => html`<li key=${o.value}>
      <button type="button" class="pick" data-value=${o.value} onClick=${() => app.pickRow(target, field, o.value)}>
        <span class="pick-name">${o.label}</span><span class="pick-info">${o.help || ''}</span></button></li>`)}</ul>
    ${opts.length === 0 ? html`<p class="muted">Nothing matches “${app.pickerFilter}”.</p>` : ''}
  </${Modal}>`;
}

/** ImportDialog reads a JSON file or pasted JSON. The server checks its
 *  shape first; a document it cannot read changes nothing. */
export function ImportDialog({ app }) {
  const st = app.importState;
  const onFile = async (e) => {
    const f = e.target.files && e.target.files[0];
    if (f) app.importText(await f.text(), f.name);
  };
  return html`<${Modal} id="import-dialog" label="Import a design" onClose=${() => app.closeDialog()}>
    <div class="field text"><label for="import-file">JSON file</label>
      <input id="import-file" type="file" accept=".json,application/json" onChange=${onFile} /></div>
    <div class="field text"><label for="import-text">Or paste the JSON</label>
      <textarea id="import-text" rows="8" spellcheck="false"></textarea></div>
    ${st.error ? html`<div class="notice bad" role="alert" id="import-error"><p>${st.error}</p>
      ${st.problems && st.problems.length ? html`<ul>${st.problems.slice(0, 20).map((p) => html`<li>${p.rule} at ${p.path || 'the document'}: ${p.message}</li>`)}</ul>` : ''}</div>` : ''}
    <div class="actions">
      <button type="button" class="btn primary" onClick=${() => app.importText(document.getElementById('import-text').value, 'pasted JSON')}>Import pasted JSON</button>
    </div>
  </${Modal}>`;
}

/** ConflictDialog shows how the saved version differs from the draft and
 *  lets the player choose; nothing is overwritten without a choice. */
export function ConflictDialog({ app }) {
  const c = app.conflict;
  const show = (v) => (v === undefined ? html`<em>absent</em>` : v);
  return html`<${Modal} id="conflict" label="Someone saved a newer version" onClose=${() => app.closeDialog()} cls="wide">
    <p>While you edited, version ${c.theirs.version} of “${c.theirs.name}” was saved (by ${c.theirs.owner}).
      Your draft is kept. ${c.changes.length} field${c.changes.length === 1 ? ' differs' : 's differ'}:</p>
    <table class="diff">
      <thead><tr><th scope="col">Field</th><th scope="col">Your draft</th><th scope="col">Saved version ${c.theirs.version}</th></tr></thead>
      <tbody>${c.changes.slice(0, 60).map((d) => html`<tr><th scope="row"><code>${d.path}</code></th><td>${show(d.mine)}</td><td>${show(d.theirs)}</td></tr>`)}</tbody>
    </table>
    ${c.changes.length > 60 ? html`<p class="muted">and ${c.changes.length - 60} more.</p>` : ''}
    ${c.valueLabel ? html`<p>${c.valueLabel}: yours ${c.mineValue}, saved ${c.theirsValue}.</p>` : ''}
    ${c.error ? html`<p class="notice bad" role="alert">${c.error}</p>` : ''}
    <div class="actions wrap">
      <button type="button" class="btn primary" data-choice="mine" onClick=${() => app.resolveConflict('mine')}>Save mine as version ${c.theirs.version + 1}</button>
      <button type="button" class="btn" data-choice="theirs" onClick=${() => app.resolveConflict('theirs')}>Take the saved version</button>
      <button type="button" class="btn" data-choice="copy" onClick=${() => app.resolveConflict('copy')}>Save mine as a new design</button>
      <button type="button" class="btn" onClick=${() => app.closeDialog()}>Decide later</button>
    </div>
  </${Modal}>`;
}
