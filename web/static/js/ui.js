// ui.js: the one place the vendored libraries are imported. Preact renders
// the views; htm turns tagged template literals into Preact elements, so
// there is no build step. See ../vendor/README.md for versions.
import { Component, h, render } from '../vendor/preact-10.29.8/preact.module.js';
import htm from '../vendor/htm-3.1.1/htm.module.js';

export { Component, h, render };
export const html = htm.bind(h);

/** count writes n with its noun, agreeing in number: "1 problem", "2 problems". */
export const count = (n, one, many = one + 's') => `${n} ${n === 1 ? one : many}`;
