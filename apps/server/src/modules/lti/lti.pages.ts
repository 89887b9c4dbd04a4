import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * The few server-rendered pages of the LTI flow (they open inside the platform, often in a frame, before any
 * session exists): an error page, the deep-linking confirmation and the auto-posted form back to the platform.
 * Each sets its own Content-Security-Policy (no script but the one inline, hashed; forms only to us and the
 * platform's return URL) and may be framed by the platform.
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#1d2433;background:#fff;line-height:1.5}
main{max-width:560px;margin:0 auto}h1{font-size:1.4rem}label{display:block;font-weight:600;margin:16px 0 4px}
input[type=text]{width:100%;box-sizing:border-box;padding:8px;font:inherit;border:1px solid #8a93a6;border-radius:6px}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:20px}button{font:inherit;padding:10px 18px;border-radius:6px;
border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}button.secondary{background:#fff;color:#1d4ed8}
button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;

const AUTO_SUBMIT = "document.getElementById('lti-return').submit();";

function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

function send(
  reply: FastifyReply,
  status: number,
  title: string,
  body: string,
  options: { formTargets?: string[]; script?: string } = {},
) {
  const formAction = ["'self'", ...(options.formTargets ?? [])].join(' ');
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `script-src ${options.script === undefined ? "'none'" : scriptHash(options.script)}`,
    `form-action ${formAction}`,
    "base-uri 'none'",
    // opened by the platform, often in a frame of its page
    'frame-ancestors *',
  ].join('; ');
  void reply.removeHeader('x-frame-options');
  const script = options.script === undefined ? '' : `<script>${options.script}</script>`;
  return reply
    .status(status)
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${script}</body></html>`,
    );
}

export function errorPage(reply: FastifyReply, status: number, message: string) {
  return send(
    reply,
    status,
    'Veritext: the launch did not work',
    `<h1>Veritext could not open</h1><p role="alert">${escapeHtml(message)}</p>` +
      '<p>Please go back to your course and try again. If this keeps happening, ask the administrator of your ' +
      'organisation to check the LTI registration on the integrations page.</p>',
  );
}

/** The teacher's confirmation of a deep-linking request: add the check to the assignment, or cancel. */
export function deepLinkConfirmPage(reply: FastifyReply, token: string, defaultTitle: string) {
  return send(
    reply,
    200,
    'Veritext: add to the assignment',
    `<h1>Add Veritext to this assignment</h1>
<p>Students who open it check their text for plagiarism and AI-generated passages; the similarity and AI figures
come back to the grade book with a link to the report.</p>
<form method="post" action="/lti/deep-link">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="lti-title">Title shown in the course</label>
<input type="text" id="lti-title" name="title" maxlength="100" required value="${escapeHtml(defaultTitle)}">
<div class="actions"><button type="submit" name="action" value="add">Add to assignment</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button></div>
</form>`,
  );
}

/** The signed response, posted to the platform by the browser at once (a button where scripts do not run). */
export function autoPostPage(reply: FastifyReply, returnUrl: string, jwt: string) {
  return send(
    reply,
    200,
    'Veritext: returning to your course',
    `<p>Returning to your course…</p>
<form id="lti-return" method="post" action="${escapeHtml(returnUrl)}">
<input type="hidden" name="JWT" value="${escapeHtml(jwt)}">
<noscript><button type="submit">Continue</button></noscript>
</form>`,
    { formTargets: [new URL(returnUrl).origin], script: AUTO_SUBMIT },
  );
}
