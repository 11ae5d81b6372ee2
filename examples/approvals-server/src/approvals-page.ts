import type { ApprovalRecord } from '@hexagent/core';

const html = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/**
 * The page a person decides on: every pending call with its tool, input, who asked and until when,
 * and an Approve and a Deny form. Each form carries the input's digest, so a decision on an input
 * that changed since the page was drawn is refused. Plain HTML, no script.
 */
export function approvalsPage(pending: readonly ApprovalRecord[], notice?: string): string {
  const rows = pending.map(
    (a) => `<tr data-approval="${html(a.id)}">
  <td><code>${html(a.toolName)}</code></td>
  <td><pre>${html(JSON.stringify(a.input, null, 2))}</pre></td>
  <td>${html(a.requestedBy)}</td>
  <td>${time(a.requestedAt)}</td>
  <td>${time(a.expiresAt)}</td>
  <td>
    <form method="post" action="/approvals/${html(a.id)}/approve">
      <input type="hidden" name="digest" value="${html(a.inputDigest)}">
      <button type="submit">Approve</button>
    </form>
    <form method="post" action="/approvals/${html(a.id)}/deny">
      <input type="hidden" name="digest" value="${html(a.inputDigest)}">
      <input name="reason" placeholder="why" required>
      <button type="submit">Deny</button>
    </form>
  </td>
</tr>`,
  );
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pending approvals</title>
<style>body{font-family:sans-serif;margin:2em}td,th{border-bottom:1px solid #ccc;padding:.5em;vertical-align:top}pre{margin:0}</style>
</head>
<body>
<h1>Pending approvals</h1>
${notice === undefined ? '' : `<p role="status">${html(notice)}</p>`}
${
  rows.length === 0
    ? '<p id="none">Nothing is waiting for a decision.</p>'
    : `<table><thead><tr><th>tool</th><th>input</th><th>asked by</th><th>asked at (UTC)</th><th>expires (UTC)</th><th></th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>`
}
</body>
</html>
`;
}
