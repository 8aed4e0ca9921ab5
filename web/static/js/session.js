// session.js: what the page shows of who is signed in. showSignedIn
// replaces the header's "Log in" and "Register" with what the server
// renders for a signed-in player: the name linking to the account page
// and a "Log out" form (built node by node: no HTML strings). The designer
// and the fleet builder call it after their log-in dialog signs a player in.

/** showSignedIn shows name as the signed-in player in the page header. */
export function showSignedIn(name) {
  const who = document.querySelector('header.site .who');
  if (!who) return;
  const link = document.createElement('a');
  link.href = '/account';
  const hidden = document.createElement('span');
  hidden.className = 'visually-hidden';
  hidden.textContent = 'Signed in as ';
  const strong = document.createElement('strong');
  strong.id = 'whoami';
  strong.textContent = name;
  link.append(hidden, strong);
  const form = document.createElement('form');
  form.method = 'post';
  form.action = '/logout';
  form.className = 'logout';
  const button = document.createElement('button');
  button.className = 'button';
  button.type = 'submit';
  button.textContent = 'Log out';
  form.append(button);
  who.replaceChildren(link, form);
}
