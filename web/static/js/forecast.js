// forecast.js: while a forecast plays, the "test against" form says so
// and cannot be sent twice; the page that follows shows the result.
const form = document.querySelector('.forecast-form');
if (form) {
  form.addEventListener('submit', () => {
    const runs = form.querySelector('[name=runs]');
    const status = form.querySelector('.forecast-progress');
    const button = form.querySelector('button[type=submit]');
    if (status) {
      status.textContent = '';
      const bar = document.createElement('progress');
      bar.setAttribute('aria-label', 'Forecast in progress');
      status.append(bar, ` Playing ${Number(runs.value).toLocaleString('en')} battles…`);
    }
    if (button) button.disabled = true;
  });
}
