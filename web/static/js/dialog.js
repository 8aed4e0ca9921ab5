// dialog.js: the modal dialog both editors use (a native <dialog>, so
// focus is trapped and Escape closes it) and the log-in-or-register dialog
// that carries on with a save. Shared by the designer and the fleet
// builder; app supplies auth state, authenticate, setAuthMode, closeDialog.
import { html } from './ui.js';

/** Modal opens a <dialog> as modal when it is rendered and reports closing. */
export function Modal({ id, label, onClose, children, cls }) {
  const ref = (el) => {
    if (el && !el.open) el.showModal();
  };
  return html`<dialog id=${id} class=${'modal ' + (cls || '')} aria-labelledby=${id + '-h'} ref=${ref}
      onClose=${onClose} onCancel=${(e) => { e.preventDefault(); onClose(); }}>
    <div class="modal-head"><h2 id=${id + '-h'}>${label}</h2>
      <button type="button" class="btn icon" aria-label="Close" onClick=${onClose}>×</button></div>
    ${children}
  </dialog>`;
}

/** AuthDialog logs in or registers, then carries on with the save. */
export function AuthDialog({ app }) {
  const st = app.auth;
  const reg = st.mode === 'register';
  // The library's limits, from the page (data-account); a new account is
  // held to them, a log-in only to the name's.
  const el = document.querySelector('[data-account]');
  const lim = el ? JSON.parse(el.dataset.account) : {};
  const submit = (e) => {
    e.preventDefault();
    const f = e.target;
    app.authenticate(st.mode, f.elements.username.value, f.elements.password.value);
  };
  const tab = (mode, label) => html`<button type="button" role="tab" aria-selected=${st.mode === mode ? 'true' : 'false'}
    class=${'tab' + (st.mode === mode ? ' on' : '')} onClick=${() => app.setAuthMode(mode)}>${label}</button>`;
  return html`<${Modal} id="auth" label="Log in to save" onClose=${() => app.closeDialog()}>
    <p>Your draft stays in this browser while you log in${st.mode === 'register' ? ' or create an account' : ''}.</p>
    <div role="tablist" aria-label="Account" class="tabs">${tab('login', 'Log in')}${tab('register', 'Register')}</div>
    <form class="auth-form" onSubmit=${submit}>
      <div class="field text"><label for="auth-user">User name${reg ? ` (${lim.nameMin} to ${lim.nameMax} characters)` : ''}</label>
        <input id="auth-user" name="username" autocomplete="username" required minlength=${lim.nameMin} maxlength=${lim.nameMax} /></div>
      <div class="field text"><label for="auth-pass">Password${reg ? ` (${lim.passMin} to ${lim.passMax} characters)` : ''}</label>
        <input id="auth-pass" name="password" type="password" autocomplete=${reg ? 'new-password' : 'current-password'} required
          minlength=${reg ? lim.passMin : undefined} maxlength=${lim.passMax} /></div>
      ${st.error ? html`<p class="notice bad" role="alert" id="auth-error">${st.error}</p>` : ''}
      <div class="actions"><button type="submit" class="btn primary" disabled=${st.busy}>${st.mode === 'register' ? 'Register and save' : 'Log in and save'}</button></div>
    </form>
  </${Modal}>`;
}

