// api.js: the designer's calls to Slipway's public JSON API. The browser
// computes no game rule: every number it shows comes from these answers.

/** ApiError carries the problem details of a failed call. */
export class ApiError extends Error {
  constructor(status, body) {
    super((body && (body.detail || body.title)) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
    this.problems = (body && body.problems) || [];
  }
}

/** call sends a JSON request and resolves to {data, etag, status}; a
 *  failed answer throws ApiError with its problem details. */
export async function call(method, url, body, headers = {}, signal) {
  const opts = { method, headers: { Accept: 'application/json', ...headers }, signal, credentials: 'same-origin' };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const res = await fetch(url, opts);
  const type = res.headers.get('Content-Type') || '';
  const data = type.includes('json') ? await res.json() : null;
  if (!res.ok) throw new ApiError(res.status, data);
  return { data, etag: res.headers.get('ETag'), status: res.status };
}

export const getCatalogue = () => call('GET', '/api/v1/catalogue');
export const getForm = (ruleset) => call('GET', `/api/v1/rulesets/${encodeURIComponent(ruleset)}/form`);

/** Evaluator evaluates the latest document only: a new request aborts the
 *  one in flight, and an answer older than the newest request is dropped. */
export class Evaluator {
  constructor(url = '/api/v1/evaluate') {
    this.url = url;
    this.ctrl = null;
    this.seq = 0;
  }

  /** run resolves to {result, change} or {problems} for the document, or
   *  null when a newer request replaced this one. With before (the JSON
   *  text of the document the panel shows) it asks /evaluate/change, whose
   *  answer says in one line what moved the game's value and why. */
  async run(doc, before) {
    if (this.ctrl) this.ctrl.abort();
    const ctrl = new AbortController();
    this.ctrl = ctrl;
    const seq = ++this.seq;
    try {
      const after = typeof doc === 'string' ? doc : JSON.stringify(doc);
      if (before) {
        const { data } = await call('POST', this.url + '/change', `{"before":${before},"after":${after}}`, {}, ctrl.signal);
        return seq === this.seq ? { result: data.evaluation, change: data.change } : null;
      }
      const { data } = await call('POST', this.url, after, {}, ctrl.signal);
      return seq === this.seq ? { result: data } : null;
    } catch (e) {
      if (seq !== this.seq || e.name === 'AbortError') return null;
      // 413: a document over the size limit, a problem of the document too.
      if (e instanceof ApiError && (e.status === 400 || e.status === 413)) return { problems: e.problems, detail: e.message };
      return { error: e.message };
    }
  }
}

export const validate = (text) => call('POST', '/api/v1/validate', text);
export const me = async () => {
  try {
    return (await call('GET', '/api/v1/me')).data;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
};
export const login = (username, password) => call('POST', '/api/v1/auth/login', { username, password });
export const register = (username, password) => call('POST', '/api/v1/auth/register', { username, password });
export const logout = () => call('POST', '/api/v1/auth/logout');
export const getDesign = (id) => call('GET', `/api/v1/designs/${encodeURIComponent(id)}`);
export const createDesign = (design, visibility) => call('POST', '/api/v1/designs', { visibility, design });
export const updateDesign = (id, design, visibility, etag) =>
  call('PUT', `/api/v1/designs/${encodeURIComponent(id)}`, { visibility, design }, { 'If-Match': etag });
export const forkDesign = (id, version) =>
  call('POST', `/api/v1/designs/${encodeURIComponent(id)}/fork`, { version, visibility: 'private' });
