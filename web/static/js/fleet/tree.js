// tree.js: editing a fleet's chain of command. The chain is the fleet
// document's "command" list: each command names its level, its command
// ship, the other ships of its own squadron ("ships") and its
// sub-commands ("commands"). Every unit of the tree is one ship (a command
// is its command ship), so a unit is named by its ship id and every edit
// here is a plain change to the document. Nothing here judges a chain:
// the server's evaluation says what is wrong with it (F-03, F-04, F-05).
// The only fact used is the order of the levels the server sends, to
// suggest the level of a new sub-command.

/** locate finds ship id in the chain: {kind, path, list, index, holder,
 *  cmd} where kind is 'command' (cmd is its command object), 'member' (a
 *  ship of holder's squadron) or 'free' (not in the chain). list is the
 *  array holding the unit and holder the command that owns that list (null
 *  for the top list). */
export function locate(doc, id) {
  const top = doc.command || [];
  const walk = (list, listPath, holder) => {
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      if (!c || typeof c !== 'object') continue;
      const p = `${listPath}[${i}]`;
      if (c.ship === id) return { kind: 'command', path: p, list, index: i, holder, cmd: c };
      const ships = c.ships || [];
      for (let k = 0; k < ships.length; k++) {
        if (ships[k] === id) return { kind: 'member', path: `${p}.ships[${k}]`, list: ships, index: k, holder: c };
      }
      const sub = walk(c.commands || [], `${p}.commands`, c);
      if (sub) return sub;
    }
    return null;
  };
  return walk(top, 'command', null) || { kind: 'free', path: '', list: null, index: -1, holder: null };
}

/** inChain lists the ship ids the chain names, in tree order. */
export function inChain(doc) {
  const out = [];
  const walk = (list) => {
    for (const c of list || []) {
      if (!c || typeof c !== 'object') continue;
      out.push(c.ship, ...(c.ships || []));
      walk(c.commands);
    }
  };
  walk(doc.command);
  return out;
}

/** freeShips lists the fleet's ships the chain does not name, in roster order. */
export function freeShips(doc) {
  const named = new Set(inChain(doc));
  return (doc.ships || []).map((s) => s.id).filter((id) => !named.has(id));
}

/** levelBelow is the level one below lvl in the server's order, or the
 *  lowest level. */
export function levelBelow(levels, lvl) {
  const i = levels.indexOf(lvl);
  return i > 0 ? levels[i - 1] : levels[0];
}

function topList(doc) {
  if (!Array.isArray(doc.command)) doc.command = [];
  return doc.command;
}

/** tidy drops empty lists so the document stays as a person would write it. */
function tidy(doc) {
  const walk = (list) => {
    for (const c of list || []) {
      if (!c || typeof c !== 'object') continue;
      if (Array.isArray(c.ships) && c.ships.length === 0) delete c.ships;
      if (Array.isArray(c.commands)) {
        walk(c.commands);
        if (c.commands.length === 0) delete c.commands;
      }
    }
  };
  walk(doc.command);
  if (Array.isArray(doc.command) && doc.command.length === 0) delete doc.command;
}

/** detach takes ship id's unit out of the chain and returns it: a command
 *  object (with its subtree) or the ship id; null when it is free. */
function detach(doc, id) {
  const at = locate(doc, id);
  if (at.kind === 'free') return null;
  const [unit] = at.list.splice(at.index, 1);
  return unit;
}

/** contains reports whether command c holds ship id anywhere below it. */
function contains(c, id) {
  if (!c) return false;
  if ((c.ships || []).includes(id)) return true;
  return (c.commands || []).some((s) => s && (s.ship === id || contains(s, id)));
}

/** The edits. Each takes the document (changed in place), the levels and
 *  a ship id, and returns false when the edit does not apply, so the
 *  caller can say so instead of recording an empty undo step. */
export const edits = {
  /** up and down move a unit among its siblings (a ship outside the chain
   *  moves in the roster). */
  up: (doc, levels, id) => shift(doc, id, -1),
  down: (doc, levels, id) => shift(doc, id, +1),

  /** into puts a unit under a neighbouring command: a squadron ship into
   *  its commander's first sub-command, a command into the command above
   *  it (or below, for the first), a free ship into the flagship's
   *  squadron (or it becomes the first command). */
  into(doc, levels, id) {
    const at = locate(doc, id);
    if (at.kind === 'free') {
      const top = topList(doc);
      if (top.length === 0) {
        top.push({ level: levels[0], ship: id });
      } else {
        (top[0].ships = top[0].ships || []).push(id);
      }
      return true;
    }
    if (at.kind === 'member') {
      const target = (at.holder.commands || []).find((c) => c && typeof c === 'object');
      if (!target) return false;
      at.list.splice(at.index, 1);
      (target.ships = target.ships || []).push(id);
      tidy(doc);
      return true;
    }
    const target = at.list[at.index - 1] || at.list[at.index + 1];
    if (!target || typeof target !== 'object') return false;
    at.list.splice(at.index, 1);
    at.cmd.level = levelBelow(levels, target.level);
    (target.commands = target.commands || []).push(at.cmd);
    tidy(doc);
    return true;
  },

  /** out moves a unit up one command: a squadron ship to its commander's
   *  commander's squadron, a sub-command beside its commander; out of a
   *  top command, the unit leaves the chain. */
  out(doc, levels, id) {
    const at = locate(doc, id);
    if (at.kind === 'free') return false;
    const holderAt = at.kind === 'member' ? locate(doc, at.holder.ship) : at.holder ? locate(doc, at.holder.ship) : null;
    if (at.kind === 'member') {
      at.list.splice(at.index, 1);
      if (holderAt.holder) (holderAt.holder.ships = holderAt.holder.ships || []).push(id);
      tidy(doc);
      return true;
    }
    if (!holderAt) { // a top command leaves the chain with its subtree
      at.list.splice(at.index, 1);
      tidy(doc);
      return true;
    }
    at.list.splice(at.index, 1);
    at.cmd.level = at.holder.level;
    holderAt.list.splice(holderAt.index + 1, 0, at.cmd);
    tidy(doc);
    return true;
  },

  /** command makes a squadron ship (or a free ship) a commander: a
   *  sub-command of its commander one level lower, or a new top command. */
  command(doc, levels, id) {
    const at = locate(doc, id);
    if (at.kind === 'command') return false;
    if (at.kind === 'free') {
      topList(doc).push({ level: levels[0], ship: id });
      return true;
    }
    at.list.splice(at.index, 1);
    (at.holder.commands = at.holder.commands || []).push({ level: levelBelow(levels, at.holder.level), ship: id });
    tidy(doc);
    return true;
  },

  /** member turns a command with no units back into a ship of its
   *  commander's squadron (a top command leaves the chain). */
  member(doc, levels, id) {
    const at = locate(doc, id);
    if (at.kind !== 'command' || (at.cmd.ships || []).length || (at.cmd.commands || []).length) return false;
    at.list.splice(at.index, 1);
    if (at.holder) (at.holder.ships = at.holder.ships || []).push(id);
    tidy(doc);
    return true;
  },

  /** remove takes a unit (and, for a command, everything under it) out of
   *  the chain. */
  remove(doc, levels, id) {
    if (detach(doc, id) === null) return false;
    tidy(doc);
    return true;
  },
};

function shift(doc, id, by) {
  const at = locate(doc, id);
  if (at.kind === 'free') {
    const ships = doc.ships || [];
    const free = freeShips(doc);
    const j = free.indexOf(id) + by;
    if (j < 0 || j >= free.length) return false;
    const a = ships.findIndex((s) => s.id === id), b = ships.findIndex((s) => s.id === free[j]);
    [ships[a], ships[b]] = [ships[b], ships[a]];
    return true;
  }
  const j = at.index + by;
  if (j < 0 || j >= at.list.length) return false;
  [at.list[at.index], at.list[j]] = [at.list[j], at.list[at.index]];
  return true;
}

/** drop moves ship id's unit onto a target: another unit's ship id (a
 *  command takes it into its squadron, or as a sub-command when the unit
 *  is a command), 'free' (out of the chain) or 'top' (a new top command).
 *  A command cannot be dropped into itself or below itself. */
export function drop(doc, levels, id, target) {
  if (target === id) return false;
  const at = locate(doc, id);
  if (target === 'free') return edits.remove(doc, levels, id);
  if (target === 'top') {
    if (at.kind === 'command' && !at.holder) return false;
    const unit = detach(doc, id);
    topList(doc).push(unit && typeof unit === 'object' ? unit : { level: levels[0], ship: id });
    tidy(doc);
    return true;
  }
  let to = locate(doc, target);
  if (to.kind !== 'command') return false;
  if (at.kind === 'command' && contains(at.cmd, target)) return false;
  if (at.kind === 'member' && at.holder === to.cmd) return false;
  const unit = detach(doc, id);
  to = locate(doc, target); // indices may have moved
  if (unit && typeof unit === 'object') {
    unit.level = levelBelow(levels, to.cmd.level);
    (to.cmd.commands = to.cmd.commands || []).push(unit);
  } else {
    (to.cmd.ships = to.cmd.ships || []).push(id);
  }
  tidy(doc);
  return true;
}

/** forget removes ship id from the chain when the ship leaves the fleet:
 *  a command ship's squadron and sub-commands move up to its commander
 *  (or to the top), so the rest of the chain stays. */
export function forget(doc, id) {
  const at = locate(doc, id);
  if (at.kind === 'free') return;
  at.list.splice(at.index, 1);
  if (at.kind === 'command') {
    const c = at.cmd;
    if (at.holder) {
      (at.holder.ships = at.holder.ships || []).push(...(c.ships || []));
      at.list.splice(at.index, 0, ...(c.commands || []));
    } else {
      at.list.splice(at.index, 0, ...(c.commands || []));
    }
  }
  tidy(doc);
}
