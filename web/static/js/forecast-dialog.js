// forecast-dialog.js: "Test against…" in the designer and "Forecast
// against a fleet…" in the fleet builder. The player picks an opponent
// from the library by searching (no id typed), and the server plays the
// battles (POST /api/v1/forecast); this only shows what it answers.
import { Component, html } from './ui.js';
import { Modal } from './dialog.js';

const LIST = {
  design: { url: (q) => `/api/v1/library?ruleset=metaverse&limit=10&q=${encodeURIComponent(q)}`, items: (p) => p.designs || [],
    cv: (x) => (x.evaluation || {}).cv, side: (id) => ({ design: id }), noun: 'design' },
  fleet: { url: (q) => `/api/v1/fleet-library?limit=10&q=${encodeURIComponent(q)}`, items: (p) => p.fleets || [],
    cv: (x) => (x.summary || {}).cv, side: (id) => ({ fleet: id }), noun: 'fleet' },
};

/** ForecastDialog plays mine (a forecast side: {document} or
 *  {fleetDocument}) against an opponent of the library of kind
 *  ('design' or 'fleet') chosen by search, and shows the forecast. */
export class ForecastDialog extends Component {
  constructor(props) {
    super(props);
    this.state = { q: '', hits: null, pick: null, runs: 1000, busy: false, error: '', result: null };
    this.timer = 0;
    this.ctrl = null;
  }

  componentDidMount() { this.search(''); }

  componentWillUnmount() {
    clearTimeout(this.timer);
    if (this.ctrl) this.ctrl.abort();
  }

  /** search lists the library's designs or fleets matching q. */
  search(q) {
    const L = LIST[this.props.kind];
    this.setState({ q });
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      try {
        const res = await fetch(L.url(q.trim()), { headers: { Accept: 'application/json' } });
        if (!res.ok) throw new Error(`the library answered ${res.status}`);
        const hits = L.items(await res.json());
        // A choice the new list no longer shows is dropped: the forecast
        // plays only an opponent the player can see chosen.
        this.setState((st) => ({ hits, pick: st.pick && hits.some((x) => x.id === st.pick.id) ? st.pick : null }));
      } catch (err) {
        this.setState({ hits: [], error: `The search failed (${err.message}).` });
      }
    }, 150);
  }

  async run(e) {
    e.preventDefault();
    const { pick, runs } = this.state;
    if (!pick) return;
    if (this.ctrl) this.ctrl.abort();
    this.ctrl = new AbortController();
    this.setState({ busy: true, error: '', result: null });
    try {
      const res = await fetch('/api/v1/forecast', { method: 'POST', signal: this.ctrl.signal,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ a: this.props.mine, b: LIST[this.props.kind].side(pick.id), runs, seed: 1 }) });
      const body = await res.json();
      if (!res.ok) throw new Error(body.detail || `the server answered ${res.status}`);
      this.setState({ busy: false, result: body });
    } catch (err) {
      if (err.name === 'AbortError') return;
      this.setState({ busy: false, error: `No forecast: ${err.message}` });
    }
  }

  render({ kind, onClose }, { q, hits, pick, runs, busy, error, result: f }) {
    const L = LIST[kind];
    return html`<${Modal} id="forecast" label=${kind === 'fleet' ? 'Forecast against a fleet' : 'Test against another design'} onClose=${onClose}>
    <form class="forecast-form" onSubmit=${(e) => this.run(e)}>
      <div class="field text"><label for="forecast-q">Find the opponent's ${L.noun}</label>
        <input id="forecast-q" type="search" value=${q} autocomplete="off" onInput=${(e) => this.search(e.target.value)} /></div>
      ${hits === null ? html`<p class="muted small">Searching…</p>`
        : hits.length === 0 ? html`<p class="muted small">No public ${L.noun} matches.</p>`
        : html`<fieldset class="forecast-picks"><legend>Opponent</legend>${hits.map((x) => html`
          <label class="forecast-pick"><input type="radio" name="forecast-pick" value=${x.id} checked=${!!pick && pick.id === x.id}
            onChange=${() => this.setState({ pick: x })} /> ${x.name} <span class="muted">CV ${L.cv(x)}</span></label>`)}</fieldset>`}
      <div class="field"><label for="forecast-runs-d">Battles</label>
        <select id="forecast-runs-d" value=${runs} onChange=${(e) => this.setState({ runs: Number(e.target.value) })}>
          ${[500, 1000, 2000].map((n) => html`<option value=${n}>${n.toLocaleString('en')}</option>`)}</select></div>
      <div class="actions"><button type="submit" class="btn primary" id="forecast-run" disabled=${!pick || busy}>Forecast</button></div>
      <p role="status" aria-live="polite" class="small">${busy ? html`<progress aria-label="Forecast in progress"></progress> Playing ${runs.toLocaleString('en')} battles…` : ''}</p>
    </form>
    ${error ? html`<p class="notice bad" role="alert">${error}</p>` : ''}
    ${f ? html`<div class="forecast-result">
      <p class="forecast-headline"><strong>${f.cvSays}</strong>; ${f.simulated}.</p>
      <dl class="forecast-sides">${f.sides.map((s) => html`<div><dt>${s.name} <span class="muted">CV ${s.cv}</span></dt>
        <dd><meter min="0" max="100" value=${Math.round(100 * s.win)} aria-label=${`${s.name} wins`}></meter> wins ${pct(s.win)} (95 % interval ${pct(s.winLow, true)}-${pct(s.winHigh)})</dd></div>`)}
        <div><dt>Draws</dt><dd>${pct(f.draws)}</dd></div></dl>
      <p><strong>Why:</strong> ${f.reason.text}</p>
      ${f.startNote ? html`<p><strong>Start:</strong> ${f.startNote}</p>` : ''}
      ${f.starts && f.starts.length ? html`<table class="forecast-starts"><caption>From a fixed start, ${f.starts[0].runs.toLocaleString('en')} battles each</caption>
        <thead><tr><th scope="col">Start</th>${f.sides.map((s) => html`<th scope="col">${s.name} wins</th>`)}<th scope="col">Draws</th></tr></thead>
        <tbody>${f.starts.map((st) => html`<tr><th scope="row">from ${st.range} cm</th><td>${pct(st.win[0])}</td><td>${pct(st.win[1])}</td><td>${pct(st.draws)}</td></tr>`)}</tbody></table>` : ''}
      <p class="small muted">${f.runs.toLocaleString('en')} battles ${f.start}${f.starts && f.starts.length ? ` and ${f.starts[0].runs.toLocaleString('en')} from each of ${f.starts.map((st) => st.range).join(', ').replace(/, (\d+)$/, ' and $1')} cm` : ''}, seed ${f.seed}, model ${f.model}.</p>
    </div>` : ''}
  </${Modal}>`;
  }
}

/** pct writes a share as the server's sentences do: "62 %", "0.6 %". */
function pct(x, bare) {
  const p = 100 * x;
  const s = p > 0 && p < 1 ? p.toFixed(1) : Math.round(p).toString();
  return bare ? s : `${s} %`;
}
