// sheet.js: a ship's record sheet to play on. The server draws it as SVG
// from the layout its PDF prints (GET .../ships/{ship}/sheet.svg), every
// box a player marks a group with data-mark (its kind) and data-box (its
// id); this module puts the drawing in the page, makes each box a button
// and shows each box's mark with a data-state attribute the page's
// stylesheet fills. It holds no game rule: which marks a box takes comes
// from the server's answer (ship.choices).

/** loadSheet fetches the drawing as an XML document (no string of markup
 *  reaches the page) and resolves to an SVG element of this document, or
 *  to {status} when there is none. */
export function loadSheet(url) {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.onload = () => {
      const root = xhr.status === 200 && xhr.responseXML && xhr.responseXML.documentElement;
      resolve(root && root.localName === 'svg' ? document.importNode(root, true) : { status: xhr.status || 0 });
    };
    xhr.onerror = () => resolve({ status: 0 });
    xhr.open('GET', url);
    xhr.responseType = 'document';
    xhr.setRequestHeader('Accept', 'image/svg+xml, application/problem+json');
    xhr.send();
  });
}

const KIND_WORDS = { hull: 'hull hit', crew: 'crew party', marine: 'marine party', shield: 'shield hit', adapt: 'shield adaptation',
  plate: 'ablative plate', system: 'system', hangar: 'hangar bay', weapon: 'weapon', lifeSupport: 'life support', fighter: 'squadron' };

/** boxLabel names a box for a screen reader: "core, hull hit, layer 1, box 3". */
export function boxLabel(id) {
  const [sec, kind, place, n] = id.split('.');
  const what = KIND_WORDS[kind] || kind;
  if (/^\d+$/.test(place)) {
    return ['hull', 'crew', 'marine'].includes(kind) ? `${sec}, ${what}, layer ${place}, box ${n}` : `${sec}, ${what} ${place}, copy ${n}`;
  }
  return `${sec}, ${what}, ${place} arc, box ${n}`;
}

/** Sheet is one ship's drawing in play. onTap(id, at) is called with the
 *  id of the box tapped, clicked or pressed with Enter or Space, and the
 *  event's time. */
export class Sheet {
  constructor(svg, onTap) {
    this.svg = svg;
    this.boxes = new Map();
    svg.setAttribute('role', 'group');
    const title = svg.querySelector('title');
    svg.setAttribute('aria-label', title ? title.textContent : 'Record sheet');
    for (const g of svg.querySelectorAll('[data-box]')) {
      this.boxes.set(g.getAttribute('data-box'), g);
      g.setAttribute('role', 'button');
      g.setAttribute('tabindex', '0');
      g.setAttribute('aria-label', boxLabel(g.getAttribute('data-box')));
      g.setAttribute('aria-pressed', 'false');
    }
    svg.addEventListener('click', (e) => {
      const g = e.target.closest('[data-box]') || this.nearest(e.clientX, e.clientY);
      if (g) onTap(g.getAttribute('data-box'), e.timeStamp);
    });
    svg.addEventListener('keydown', (e) => {
      const g = e.target.closest && e.target.closest('[data-box]');
      if (g && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        onTap(g.getAttribute('data-box'), e.timeStamp);
      }
    });
  }

  /** nearest is the box whose centre is closest to a tap that missed
   *  every box, within a fingertip (24 px), or null. */
  nearest(x, y) {
    let best = null, dist = 24 * 24;
    for (const g of this.boxes.values()) {
      const r = g.getBoundingClientRect();
      const dx = r.left + r.width / 2 - x, dy = r.top + r.height / 2 - y;
      const d = dx * dx + dy * dy;
      if (d < dist) { best = g; dist = d; }
    }
    return best;
  }

  /** set shows one box's mark at once (the tap's answer on screen). */
  set(id, mark) {
    const g = this.boxes.get(id);
    if (!g) return;
    if (mark) g.setAttribute('data-state', mark);
    else g.removeAttribute('data-state');
    g.setAttribute('aria-pressed', mark ? 'true' : 'false');
    if (mark) g.setAttribute('aria-label', `${boxLabel(id)}: ${mark}`);
    else g.setAttribute('aria-label', boxLabel(id));
  }

  /** show shows every box's mark: marks is box id to mark. */
  show(marks) {
    for (const [id, g] of this.boxes) {
      const m = marks[id] || '';
      if ((g.getAttribute('data-state') || '') !== m) this.set(id, m);
    }
  }
}
