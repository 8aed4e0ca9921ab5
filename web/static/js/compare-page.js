// compare-page.js: the compare page's search as you type. The page works
// without it (its search is a GET form the server answers); this lists the
// library's designs from GET /api/v1/library while the player types, each
// with an "Add" link to the comparison with the design added. It also
// loads the compare tray (compare.js), which takes the page's designs.
import { MAX, el } from './compare.js';

/** searchAsYouType lists the library's designs for the search box's
 *  text, each with a link that adds it to the comparison. */
function searchAsYouType(form) {
  const input = form.querySelector('input[type="search"]');
  const out = document.getElementById('compare-hits');
  const games = new Map(JSON.parse(form.dataset.games || '[]').map((g) => [g.id, g.name]));
  const first = form.dataset.default;
  const ids = (document.getElementById('compare-page').dataset.ids || '').split(',').filter(Boolean);
  const max = Number(form.dataset.max) || MAX;
  let timer = 0;
  let ctrl = null;
  const run = async () => {
    const q = input.value.trim();
    if (ctrl) ctrl.abort();
    if (!q) {
      out.replaceChildren();
      return;
    }
    ctrl = new AbortController();
    let page;
    try {
      const res = await fetch(`/api/v1/library?q=${encodeURIComponent(q)}&limit=10`, { signal: ctrl.signal, headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(`the library answered ${res.status}`);
      page = await res.json();
    } catch (err) {
      if (err.name === 'AbortError') return;
      out.replaceChildren(el('p', { class: 'notice bad', text: `The search failed (${err.message}); press Search to try again.` }));
      return;
    }
    const designs = page.designs || [];
    if (!designs.length) {
      out.replaceChildren(el('p', { class: 'muted', text: `No public design matches “${q}”.` }));
      return;
    }
    const list = el('ul', { class: 'hit-list', 'aria-label': 'Designs found' });
    for (const d of designs) {
      const ev = d.evaluation || {};
      const game = d.ruleset && d.ruleset !== first ? games.get(d.ruleset) || d.ruleset : '';
      const nums = game ? `${ev.hull || ''} · by ${d.owner}` : `${ev.hull || ''} hull, ${ev.movement || ''} · by ${d.owner} · CV ${ev.cv} · Points ${ev.points} · Tier ${ev.tier}`;
      const there = ids.includes(d.id);
      list.append(el('li', {},
        el('span', { class: 'hit-name' }, el('a', { href: `/designs/${encodeURIComponent(d.id)}`, text: d.name }), ' ',
          el('span', { class: 'small muted', text: (game ? `${game} · ` : '') + nums })),
        there ? el('span', { class: 'small muted', text: 'in the comparison' })
          : ids.length >= max ? null
          : el('a', { class: 'button small-button', href: `/compare?ids=${[...ids, d.id].map(encodeURIComponent).join(',')}`, 'data-add': d.id },
            'Add', el('span', { class: 'visually-hidden', text: ` ${d.name}` }))));
    }
    out.replaceChildren(list);
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(run, 150);
  });
}

const form = document.getElementById('compare-search');
if (form) searchAsYouType(form);
