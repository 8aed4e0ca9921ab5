// ready.js: a definition from the armoury (the form description's ready
// parts), made new for a document: a free id and, when its name is taken,
// a numbered name. The values are the server's, so a new definition
// starts from one that passes every rule.

const slug = (s) => String(s).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'part';

/** firstReady is the form's first ready part for the list, or undefined. */
export const firstReady = (form, listName) => (form.armoury || []).find((r) => r.list === listName);

/** readyDef returns a copy of ready's value that fits beside have (the
 *  list it joins): its id and name not yet used there. */
export function readyDef(have, ready) {
  const def = JSON.parse(JSON.stringify(ready.value));
  const base = slug(def.name || def.id);
  let id = base;
  let name = def.name;
  for (let n = 2; have.some((x) => x && (x.id === id || (name && x.name === name))); n++) {
    id = `${base}-${n}`;
    name = def.name ? `${def.name} ${n}` : name;
  }
  def.id = id;
  if (name) def.name = name;
  return def;
}
