import type { DesktopSnapshot, OpenedForm } from './classic-desktop';

export type PageState = DesktopSnapshot & {
  /** Web clients connected to the hub right now. */
  readonly clients: number;
  readonly apiUrl: string;
};

const title = 'Classic AUJS intercom (stand-in)';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local wall-clock time, as the desktop application shows it; the date is in the tooltip. */
function clockTime(iso: string): { time: string; full: string } {
  const date = new Date(iso);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return {
    time,
    full: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${time}`,
  };
}

function formRow(form: OpenedForm): string {
  const id = [form.formId, form.enumId].filter((part) => part !== null).join(' · ');
  const state = form.dirty
    ? '<span class="badge dirty">Unsaved changes</span>'
    : '<span class="badge saved">Saved</span>';
  const key = escapeHtml(form.key);
  const opened = clockTime(form.openedAt);
  const button = (action: string, label: string, disabled = false) =>
    `<button type="button" data-action="${action}" data-key="${key}"${disabled ? ' disabled' : ''}>${label}</button>`;
  return `<tr>
      <td>${escapeHtml(form.name)}</td>
      <td class="mono">${escapeHtml(id)}</td>
      <td class="mono"><time datetime="${escapeHtml(form.openedAt)}" title="${escapeHtml(opened.full)}">${opened.time}</time></td>
      <td>${state}</td>
      <td class="actions">${button('dirty', 'Mark dirty', form.dirty)}${button('saved', 'Mark saved', !form.dirty)}${button('close', 'Close')}</td>
    </tr>`;
}

function userPanel(state: PageState): string {
  const { user } = state;
  if (!user) {
    return `<section class="panel stack">
      <div>
        <h2>Nobody is logged in</h2>
        <p class="muted">Log in from the web client, or here as if at the desktop.</p>
      </div>
      <form id="login" class="login">
        <label>Server <input name="server" required autocomplete="off"></label>
        <label>Database <input name="database" required autocomplete="off"></label>
        <label>Username <input name="username" required autocomplete="off"></label>
        <button type="submit">Log in</button>
      </form>
    </section>`;
  }
  return `<section class="panel">
      <dl class="facts">
        <div><dt>Classic user</dt><dd id="user">${escapeHtml(user.username)}</dd></div>
        <div><dt>Database</dt><dd>${escapeHtml(user.database)}</dd></div>
        <div><dt>Server</dt><dd>${escapeHtml(user.server ?? '—')}</dd></div>
        <div><dt>Unsaved forms</dt><dd id="dirty-count">${state.dirtyCount}</dd></div>
      </dl>
      <button type="button" data-action="logout">Log out</button>
    </section>`;
}

function formsTable(state: PageState): string {
  if (state.forms.length === 0) {
    return `<p class="muted empty">No classic forms are open.</p>`;
  }
  return `<table>
      <thead><tr><th>Name</th><th>Id</th><th>Opened at</th><th>State</th><th></th></tr></thead>
      <tbody>${state.forms.map(formRow).join('')}</tbody>
    </table>`;
}

/** The part of the page that is re-rendered when the state changes. */
export function renderPageMain(state: PageState): string {
  const clients =
    state.clients === 1 ? '1 web client connected' : `${state.clients} web clients connected`;
  return `<main id="main">
    <header>
      <h1>${title}</h1>
      <p class="muted">${escapeHtml(clients)} · tokens checked at ${escapeHtml(state.apiUrl)}</p>
    </header>
    ${userPanel(state)}
    <section>
      <h2>Opened forms</h2>
      ${formsTable(state)}
    </section>
  </main>`;
}

const styles = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; background: #f4f5f7; color: #1f2933; }
  main { max-width: 980px; margin: 0 auto; padding: 24px; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  h2 { font-size: 16px; margin: 24px 0 8px; }
  .panel h2 { margin: 0 0 4px; }
  .muted { color: #66788a; margin: 0; }
  .panel { background: #fff; border: 1px solid #d9dee3; border-radius: 8px; padding: 16px;
    margin-top: 16px; display: flex; align-items: center; justify-content: space-between;
    gap: 16px; flex-wrap: wrap; }
  .panel.stack { flex-direction: column; align-items: stretch; }
  .facts { display: flex; gap: 32px; margin: 0; flex-wrap: wrap; }
  dt { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: #66788a; }
  dd { margin: 2px 0 0; font-weight: 600; }
  .login { display: flex; gap: 12px; align-items: flex-end; flex-wrap: wrap; }
  label { display: flex; flex-direction: column; font-size: 12px; color: #66788a; gap: 4px; }
  input { font: inherit; padding: 6px 8px; border: 1px solid #c4ccd4; border-radius: 6px; }
  table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid #d9dee3;
    border-radius: 8px; overflow: hidden; }
  th, td { text-align: left; padding: 8px 12px; border-bottom: 1px solid #eef0f2; }
  th { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: #66788a;
    background: #fafbfc; white-space: nowrap; }
  td:first-child { min-width: 180px; }
  .mono { font-family: ui-monospace, "SFMono-Regular", Consolas, monospace; font-size: 13px;
    white-space: nowrap; }
  .actions { white-space: nowrap; text-align: right; }
  button { font: inherit; font-size: 13px; padding: 5px 10px; margin-left: 6px; border-radius: 6px;
    border: 1px solid #c4ccd4; background: #fff; cursor: pointer; }
  button:hover:not(:disabled) { background: #eef2f6; }
  button:disabled { opacity: .45; cursor: default; }
  .badge { display: inline-block; padding: 2px 8px; border-radius: 999px; font-size: 12px;
    font-weight: 600; white-space: nowrap; }
  .badge.saved { background: #e3f6ea; color: #1e7a3c; }
  .badge.dirty { background: #fff1d6; color: #9a5b00; }
  .empty { background: #fff; border: 1px dashed #c4ccd4; border-radius: 8px; padding: 24px;
    text-align: center; }
  .error { color: #b42318; }
`;

/*
 * The page polls /api/state once a second and, when anything moved, swaps in the server's new
 * rendering of <main> (GET /page-main): the server stays the only renderer. Buttons work by delegation, so they
 * survive the swap, and a half-typed login form is left alone while nothing changes.
 */
const script = `
  let shown = null;
  async function post(path, body) {
    const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
    if (!response.ok) {
      const answer = await response.json().catch(() => ({}));
      alert(answer.message ?? 'The request failed: ' + response.status);
    }
    await refresh(true);
  }
  async function refresh(force) {
    try {
      const state = await (await fetch('/api/state')).text();
      if (!force && state === shown) return;
      shown = state;
      const template = document.createElement('template');
      template.innerHTML = await (await fetch('/page-main')).text();
      const next = template.content.getElementById('main');
      if (next) document.getElementById('main').replaceWith(next);
    } catch {
      // The stand-in is restarting: keep the last view until it answers again.
    }
  }
  document.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-action]');
    if (!button) return;
    const { action, key } = button.dataset;
    void post(action === 'logout' ? '/api/logout' : '/api/forms/' + encodeURIComponent(key) + '/' + action);
  });
  document.addEventListener('submit', (event) => {
    if (event.target.id !== 'login') return;
    event.preventDefault();
    void post('/api/login', Object.fromEntries(new FormData(event.target)));
  });
  void refresh(false);
  setInterval(() => void refresh(false), 1000);
`;

export function renderPage(state: PageState, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <style nonce="${nonce}">${styles}</style>
</head>
<body>
  ${renderPageMain(state)}
  <script nonce="${nonce}">${script}</script>
</body>
</html>`;
}

/** Only the page's own nonce-bearing style and script run. */
export function pageSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
