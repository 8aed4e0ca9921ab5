// store.js: the design being edited, its undo and redo history, and the
// draft kept in this browser's local storage so that nothing is lost on a
// reload. The document is the single source of the form: every field is
// read from it and every edit is a change to it.
import { clone, diff } from './doc.js';
import { ApiError } from './api.js';

const HISTORY = 200; // undo steps kept
const COALESCE_MS = 1200; // typing into one field within this time is one step

/** draftKey names the local-storage slot of a draft: one for a new design,
 *  one per own design, one per design being forked. */
export function draftKey(meta) {
  if (meta.id) return `slipway.draft:${meta.id}`;
  if (meta.forkOf) return `slipway.draft:fork:${meta.forkOf.id}`;
  return 'slipway.draft:new';
}

/** readDraft returns the stored draft for key, or null. */
export function readDraft(key) {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw);
    return d && typeof d.doc === 'object' && d.doc !== null ? d : null;
  } catch {
    return null;
  }
}

/** Store holds the document, its metadata (saved id, ETag, fork origin)
 *  and the history. onChange runs after every change; keyOf names the
 *  draft's local-storage slot from the metadata (the fleet builder passes
 *  its own). */
export class Store {
  constructor(doc, meta, onChange, keyOf = draftKey) {
    this.keyOf = keyOf;
    this.doc = doc;
    this.meta = meta;
    this.past = [];
    this.future = [];
    this.last = null; // {path, at} of the last coalescable edit
    this.rev = 0;
    this.onChange = onChange;
    this.storageError = '';
  }

  /** change applies fn to a copy of the document as one undo step. A
   *  coalesce path merges quick successive edits of one field. */
  change(fn, coalesce = '') {
    const next = clone(this.doc);
    fn(next);
    const now = Date.now();
    const merge = coalesce && this.last && this.last.path === coalesce && now - this.last.at < COALESCE_MS;
    if (!merge) {
      this.past.push(this.doc);
      if (this.past.length > HISTORY) this.past.shift();
    }
    this.last = coalesce ? { path: coalesce, at: now } : null;
    this.future = [];
    this.doc = next;
    this.changed();
  }

  /** replace swaps in a whole document (import, take theirs, new) as one
   *  undo step. */
  replace(doc) {
    this.change((d) => {
      for (const k of Object.keys(d)) delete d[k];
      Object.assign(d, clone(doc));
    });
  }

  get canUndo() { return this.past.length > 0; }
  get canRedo() { return this.future.length > 0; }

  undo() {
    if (!this.canUndo) return;
    this.future.push(this.doc);
    this.doc = this.past.pop();
    this.last = null;
    this.changed();
  }

  redo() {
    if (!this.canRedo) return;
    this.past.push(this.doc);
    this.doc = this.future.pop();
    this.last = null;
    this.changed();
  }

  /** dirty reports whether the document differs from the saved version. */
  get dirty() {
    return JSON.stringify(this.doc) !== this.meta.baseJSON;
  }

  /** setMeta records a save or a load: the document as saved is the new base. */
  setMeta(meta, oldKey) {
    if (oldKey && oldKey !== this.keyOf(meta)) {
      try { localStorage.removeItem(oldKey); } catch { /* storage unavailable */ }
    }
    this.meta = meta;
    this.persist();
  }

  changed() {
    this.rev++;
    this.persist();
    this.onChange(this);
  }

  /** persist writes the draft; a full or disabled storage is reported, not thrown. */
  persist() {
    try {
      localStorage.setItem(this.keyOf(this.meta), JSON.stringify({ doc: this.doc, meta: this.meta, at: Date.now() }));
      this.storageError = '';
    } catch (e) {
      this.storageError = 'This browser did not keep the draft (' + e.name + '); export it to be safe.';
    }
  }
}

// undoKeys handles Ctrl+Z (undo), Ctrl+Shift+Z and Ctrl+Y (redo) for a
// page's keydown listener: it returns true when it used the key. The
// designer and the fleet builder share it.
export function undoKeys(e, store) {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || !store) return false;
  const k = e.key.toLowerCase();
  if (k === 'z' && !e.shiftKey) {
    e.preventDefault();
    store.undo();
    return true;
  }
  if ((k === 'z' && e.shiftKey) || k === 'y') {
    e.preventDefault();
    store.redo();
    return true;
  }
  return false;
}

// saveFailed tells the player why a save failed, the same way on every
// page that saves a document with the Store (the designer and the fleet
// builder), and leaves the draft as it is: an error that is not the
// server's says so; 401 opens the log-in dialog, which saves again once
// signed in; 412 reads the saved version and opens the conflict dialog
// with every field that differs; 422 shows the page's own reason. The
// page says what differs between them:
//   save()       saves again (after logging in);
//   latest()     reads the saved version: the URL fetched on 412, to
//                {data, etag};
//   docOf(data)  the document in that answer;
//   conflict()   anything more the page's conflict dialog shows;
//   illegal(e)   the text shown for a 422.
export async function saveFailed(app, e, page) {
  const kept = (msg) => ({ text: `not saved: ${msg}. Your draft is kept in this browser.`, kind: 'bad' });
  if (!(e instanceof ApiError)) {
    app.status = kept(e.message);
    return;
  }
  switch (e.status) {
    case 401:
      app.user = null;
      app.pending = () => page.save();
      app.dialog = 'auth';
      app.auth = { mode: 'login', error: 'Your session has ended; log in again to save.', busy: false };
      return;
    case 412: {
      const theirs = await page.latest();
      app.conflict = { theirs: theirs.data, etag: theirs.etag, changes: diff(app.store.doc, page.docOf(theirs.data)),
        ...(page.conflict ? page.conflict() : {}) };
      app.dialog = 'conflict';
      return;
    }
    case 422:
      app.status = { text: page.illegal(e), kind: 'bad' };
      return;
    default:
      app.status = kept(e.message);
  }
}
