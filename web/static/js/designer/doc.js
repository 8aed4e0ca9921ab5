// doc.js: reading and changing a design document by JSON path. Paths are
// written as the server writes them in problems: keys joined by dots and
// list indices in brackets, e.g. "sections.core.layers[0].hullHits".

/** parse splits a path into steps: strings for keys, numbers for indices. */
export function parse(path) {
  const steps = [];
  const re = /([^.[\]]+)|\[(\d+)\]/g;
  let m;
  while ((m = re.exec(path)) !== null) {
    steps.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  }
  return steps;
}

/** join is the inverse of parse. */
export function join(steps) {
  let out = '';
  for (const s of steps) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += out ? `.${s}` : s;
  }
  return out;
}

/** parent returns the path one step up, '' at the top. */
export function parent(path) {
  const steps = parse(path);
  steps.pop();
  return join(steps);
}

/** child appends a key or an index to a path. */
export function child(path, step) {
  return join([...parse(path), step]);
}

/** get reads the value at path, or undefined. */
export function get(doc, path) {
  let v = doc;
  for (const s of parse(path)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[s];
  }
  return v;
}

/** set writes value at path in place, making objects and lists on the way. */
export function set(doc, path, value) {
  const steps = parse(path);
  let v = doc;
  for (let i = 0; i < steps.length - 1; i++) {
    const s = steps[i];
    if (v[s] === null || typeof v[s] !== 'object') {
      v[s] = typeof steps[i + 1] === 'number' ? [] : {};
    }
    v = v[s];
  }
  v[steps[steps.length - 1]] = value;
}

/** remove deletes the key or list entry at path in place. */
export function remove(doc, path) {
  const steps = parse(path);
  const last = steps.pop();
  const holder = get(doc, join(steps));
  if (holder === null || typeof holder !== 'object') return;
  if (Array.isArray(holder) && typeof last === 'number') holder.splice(last, 1);
  else delete holder[last];
}

/** clone deep-copies a JSON value. */
export function clone(v) {
  return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
}

/** patternMatcher compiles the catalogue's field patterns ("*" any key,
 *  "[]" any index) into a lookup from a concrete path to the pattern's value. */
export function patternMatcher(table) {
  const compiled = Object.entries(table || {}).map(([pattern, value]) => {
    const src = pattern.replace(/[.*+?^${}()|[\]\\]/g, (c) => '\\' + c)
      .replace(/\\\[\\\]/g, '\\[\\d+\\]')
      .replace(/\\\*/g, '[^.\\[\\]]+');
    return [new RegExp('^' + src + '$'), value];
  });
  const cache = new Map();
  return (path) => {
    if (cache.has(path)) return cache.get(path);
    const hit = compiled.find(([re]) => re.test(path));
    const v = hit ? hit[1] : undefined;
    cache.set(path, v);
    return v;
  };
}

/** leaves flattens a document into path -> value for its leaves; a list
 *  of plain values (sectors, targets) counts as one leaf. */
export function leaves(v, path = '', out = new Map()) {
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== 'object')) {
      out.set(path, JSON.stringify(v));
      return out;
    }
    v.forEach((x, i) => leaves(x, `${path}[${i}]`, out));
    if (v.length === 0) out.set(path, '[]');
    return out;
  }
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v);
    for (const k of keys) leaves(v[k], path ? `${path}.${k}` : k, out);
    if (keys.length === 0 && path) out.set(path, '{}');
    return out;
  }
  out.set(path, JSON.stringify(v));
  return out;
}

/** diff lists the leaves that differ between two documents. */
export function diff(a, b) {
  const la = leaves(a), lb = leaves(b);
  const out = [];
  for (const [p, v] of la) {
    if (!lb.has(p)) out.push({ path: p, mine: v, theirs: undefined });
    else if (lb.get(p) !== v) out.push({ path: p, mine: v, theirs: lb.get(p) });
  }
  for (const [p, v] of lb) {
    if (!la.has(p)) out.push({ path: p, mine: undefined, theirs: v });
  }
  return out;
}

/** idFor turns a path into an element id that is valid and unique per path. */
export function idFor(path, suffix = '') {
  return 'f-' + path.replace(/[^A-Za-z0-9-]/g, '_') + suffix;
}

/** ruleHref is the address of a rule's text: its entry in the game's
 *  glossary (/glossary lists every rule with the anchor rule-ID). */
export const ruleHref = (ruleset, rule) => `/glossary?ruleset=${encodeURIComponent(ruleset)}#rule-${encodeURIComponent(rule)}`;
