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
let draws = 0; // the latest drawing of the tray; an older one is dropped

/** announce says msg in the tray's live region. */
function announce(msg) {
  ensureTray();
  live.textContent = msg;
}

function ensureTray() {
  if (aside) return;
  aside = el('aside', { class: 'compare-tray', id: 'compare-tray', 'aria-labelledby': 'compare-tray-h' });
  aside.hidden = true;
  live = el('p', { class: 'visually-hidden', role: 'status', id: 'compare-tray-status' });
  document.body.append(aside, live);
}

function drawTray() {
  ensureTray();
  const items = tray();
  // The compare page shows the comparison itself; elsewhere the tray
  // shows only when it holds something.
  const show = !comparePage && items.length > 0;
  if (!show) {
    aside.hidden = true;
    document.body.classList.remove('has-compare-tray');
    aside.replaceChildren();
    draws++;
    return;
  }
  // The tray's parts and styles load when there is a tray to show.
  const seq = ++draws;
  import('./compare-tray.js').then((m) => m.draw(aside, items, () => seq === draws, { MAX, OPEN_KEY, el, compareURL, removeFromTray, empty: () => { store([]); announce('The compare tray is empty.'); } }));
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
