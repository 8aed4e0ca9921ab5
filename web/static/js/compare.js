// compare.js: the compare tray. It keeps up to four designs in
// localStorage (`slipway.compare`: [{id, name, game}]), shows them at the
// bottom of every page that offers "Add to compare" (removable, with
// "Open comparison" to /compare?ids=...), and adds that button to every
// element with data-compare-id, -name and -game. The compare page is the
// tray opened: the tray takes its designs. Built node by node.

export const MAX = 4;
const KEY = 'slipway.compare';
const OPEN_KEY = 'slipway.compare-open';
const listeners = new Set();

/** tray returns the designs in the tray, oldest first. */
export function tray() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(v) ? v.filter((x) => x && typeof x.id === 'string').slice(0, MAX) : [];
  } catch {
    return [];
  }
}

function store(items) {
  try {
    localStorage.setItem(KEY, JSON.stringify(items.slice(0, MAX)));
  } catch { /* storage full or off: the tray lives for this page only */ }
  changed();
}

/** inTray reports whether design id is in the tray. */
export const inTray = (id) => tray().some((x) => x.id === id);

/** addToTray adds {id, name, game}; false when the tray is full. */
export function addToTray(item) {
  const t = tray();
  if (t.some((x) => x.id === item.id)) return true;
  if (t.length >= MAX) {
    announce(`The compare tray holds ${MAX} designs; remove one to add ${item.name}.`);
    return false;
  }
  store([...t, { id: item.id, name: item.name || item.id, game: item.game || '' }]);
  announce(`Added ${item.name} to the compare tray (${t.length + 1} of ${MAX}).`);
  return true;
}

/** removeFromTray takes design id out of the tray. */
export function removeFromTray(id) {
  const t = tray();
  const gone = t.find((x) => x.id === id);
  store(t.filter((x) => x.id !== id));
  if (gone) announce(`Removed ${gone.name} from the compare tray.`);
}

/** onTrayChange calls fn after every change of the tray (also from
 *  another tab). */
export function onTrayChange(fn) {
  listeners.add(fn);
}

/** compareURL is the comparison of the designs in the tray. */
export const compareURL = (items = tray()) => (items.length ? `/compare?ids=${items.map((x) => encodeURIComponent(x.id)).join(',')}` : '/compare');

function changed() {
  drawTray();
  drawButtons();
  for (const fn of listeners) fn();
}

window.addEventListener('storage', (e) => {
  if (e.key === KEY) changed();
});

// The tray.

export function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

const comparePage = document.getElementById('compare-page');
let aside = null;
let live = null;

/** announce says msg in the tray's live region. */
function announce(msg) {
  ensureTray();
  live.textContent = msg;
}

function ensureTray() {
  if (aside) return;
  aside = el('aside', { class: 'compare-tray', id: 'compare-tray', 'aria-labelledby': 'compare-tray-h' });
  live = el('p', { class: 'visually-hidden', role: 'status', id: 'compare-tray-status' });
  document.body.append(aside, live);
}

function drawTray() {
  ensureTray();
  const items = tray();
  // The compare page shows the comparison itself; elsewhere the tray
  // shows only when it holds something.
  const show = !comparePage && items.length > 0;
  aside.hidden = !show;
  document.body.classList.toggle('has-compare-tray', show);
  if (!show) {
    aside.replaceChildren();
    return;
  }
  let open = false;
  try {
    open = localStorage.getItem(OPEN_KEY) === '1';
  } catch { /* closed */ }
  const details = el('details', { class: 'compare-tray-box' });
  details.open = open;
  details.addEventListener('toggle', () => {
    try {
      localStorage.setItem(OPEN_KEY, details.open ? '1' : '0');
    } catch { /* not remembered */ }
  });
  const summary = el('summary', { id: 'compare-tray-h' }, `Compare tray (${items.length} of ${MAX})`);
  const list = el('ol', { class: 'compare-tray-list' });
  for (const x of items) {
    list.append(el('li', {},
      el('span', { class: 'compare-tray-name' }, el('a', { href: `/designs/${encodeURIComponent(x.id)}`, text: x.name }),
        x.game ? el('span', { class: 'small muted', text: ` (${x.game})` }) : null),
      el('button', { type: 'button', class: 'btn small', 'data-tray-remove': x.id, onclick: () => removeFromTray(x.id) },
        'Remove', el('span', { class: 'visually-hidden', text: ` ${x.name} from the compare tray` }))));
  }
  const note = items.length < 2 ? el('p', { class: 'small muted', text: 'Add one more design to see them side by side, or open the comparison to search for one.' }) : null;
  const actions = el('p', { class: 'compare-tray-actions' },
    el('a', { class: 'button primary', id: 'compare-open', href: compareURL(items), text: 'Open comparison' }),
    el('button', { type: 'button', class: 'btn', id: 'compare-clear', onclick: () => { store([]); announce('The compare tray is empty.'); } }, 'Empty the tray'));
  details.append(summary, el('div', { class: 'compare-tray-body' }, list, note, actions));
  const hadFocus = aside.contains(document.activeElement) ? document.activeElement : null;
  aside.replaceChildren(details);
  // A removal redraws the tray: keep the focus inside it.
  if (hadFocus && !aside.contains(document.activeElement)) {
    const next = aside.querySelector('[data-tray-remove]') || aside.querySelector('summary');
    next.focus();
  }
}

// "Add to compare" buttons.

/** drawButtons gives every element with data-compare-id (a card, a design
 *  page's slot) its button, labelled by whether the design is in the tray. */
function drawButtons() {
  const t = tray();
  for (const host of document.querySelectorAll('[data-compare-id]')) {
    let b = host.querySelector(':scope > button.add-compare');
    if (!b) host.append(b = el('button', { type: 'button', class: 'btn small add-compare' }));
    const there = t.some((x) => x.id === host.dataset.compareId);
    b.disabled = !there && t.length >= MAX;
    b.classList.toggle('in-tray', there);
    b.replaceChildren(there ? 'Remove from compare' : b.disabled ? 'Compare tray full' : 'Add to compare',
      el('span', { class: 'visually-hidden', text: `: ${host.dataset.compareName}` }));
  }
}

document.addEventListener('click', (e) => {
  const b = e.target.closest && e.target.closest('button.add-compare');
  const host = b && b.closest('[data-compare-id]');
  if (!host) return;
  const { compareId: id, compareName: name, compareGame: game } = host.dataset;
  if (inTray(id)) removeFromTray(id);
  else addToTray({ id, name, game });
});

// The compare page.

/** syncFromPage makes the tray the page's designs, so the library and
 *  the design pages offer what is compared here. */
function syncFromPage() {
  const items = [...comparePage.querySelectorAll('[data-compare-item]')].map((th) => ({ id: th.dataset.id, name: th.dataset.name, game: th.dataset.game }));
  const byId = new Map(items.map((x) => [x.id, x]));
  const ids = (comparePage.dataset.ids || '').split(',').filter(Boolean);
  const t = ids.map((id) => byId.get(id)).filter(Boolean);
  if (JSON.stringify(t) !== JSON.stringify(tray())) store(t);
}

// Start.

if (comparePage) syncFromPage();
drawTray();
drawButtons();
