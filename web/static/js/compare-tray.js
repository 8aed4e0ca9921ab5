// compare-tray.js: the compare tray's box, loaded by compare.js when the
// tray holds a design (so a page with an empty tray loads neither this nor
// css/compare.css). A native <details>: the summary counts the designs;
// open, it lists each with its page's link and a Remove button, then
// "Open comparison" and "Empty the tray". Built node by node.

let sheet = null;

/** styles loads css/compare.css once; it resolves when the sheet is in. */
function styles() {
  if (!sheet) {
    sheet = new Promise((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = new URL('../css/compare.css', import.meta.url).href;
      link.addEventListener('load', resolve);
      link.addEventListener('error', resolve);
      document.head.append(link);
    });
  }
  return sheet;
}

/** draw fills aside with the tray of items, unless a newer draw began. */
export async function draw(aside, items, current, { MAX, OPEN_KEY, el, compareURL, removeFromTray, empty }) {
  await styles();
  if (!current()) return;
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
    el('button', { type: 'button', class: 'btn', id: 'compare-clear', onclick: empty }, 'Empty the tray'));
  details.append(summary, el('div', { class: 'compare-tray-body' }, list, note, actions));
  const hadFocus = aside.contains(document.activeElement) ? document.activeElement : null;
  aside.replaceChildren(details);
  aside.hidden = false;
  document.body.classList.add('has-compare-tray');
  // A removal redraws the tray: keep the focus inside it.
  if (hadFocus && !aside.contains(document.activeElement)) {
    const next = aside.querySelector('[data-tray-remove]') || aside.querySelector('summary');
    next.focus();
  }
}
