/**
 * R-TRACK-12: the small pages a day-before notice's buttons open, rendered here (no
 * web app needed: a customer opens them once, from a mail program). A GET only shows the page
 * and its one button: mail scanners open links to look at them, and must not confirm anything.
 * The button POSTs to the same address, which acts and shows the outcome.
 */
import { escapeHtml } from './notice-layout';

export type NoticePageField = {
  name: string;
  label: string;
  kind: 'textarea' | 'tel';
  max: number;
};

export type NoticePage = {
  language: string;
  producer: string;
  title: string;
  /** Under the producer's name: "Order 1042 · Riverside Lofts". */
  banner: string;
  paragraphs: string[];
  /** The outcome's tone: a confirmation is good news, a refusal is not. */
  tone?: 'good' | 'bad';
  form?: { button: string; fields?: NoticePageField[] };
};

const accent = '#1c3d6e';

/** No script, styles inline in the page, forms to this server only, and no token in referrers. */
export const noticePageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
};

function fieldHtml(field: NoticePageField): string {
  const id = `field-${field.name}`;
  const input =
    field.kind === 'textarea'
      ? `<textarea id="${id}" name="${field.name}" maxlength="${field.max}" rows="4"></textarea>`
      : `<input id="${id}" name="${field.name}" type="tel" maxlength="${field.max}" autocomplete="tel">`;
  return `<label for="${id}">${escapeHtml(field.label)}</label>${input}`;
}

export function noticePageHtml(page: NoticePage): string {
  const toneColor = page.tone === 'good' ? '#1f7a45' : page.tone === 'bad' ? '#a12b2b' : '';
  const form = page.form
    ? `<form method="post">${(page.form.fields ?? []).map(fieldHtml).join('')}<button type="submit">${escapeHtml(page.form.button)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(page.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(page.title)} · ${escapeHtml(page.producer)}</title>
<style>
body{margin:0;background:#eef1f5;font-family:-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#17202e}
main{max-width:520px;margin:32px auto;background:#fff;border:1px solid #dde2ea;border-radius:10px;overflow:hidden}
header{background:${accent};color:#fff;padding:18px 24px}
header .producer{font-size:19px;font-weight:700}
header .banner{font-size:14px;opacity:.85;margin-top:4px}
section{padding:24px}
h1{font-size:22px;margin:0 0 12px${toneColor ? `;color:${toneColor}` : ''}}
p{font-size:16px;line-height:1.5;margin:0 0 12px}
label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}
textarea,input{box-sizing:border-box;width:100%;font:inherit;font-size:16px;padding:10px;border:1px solid #b9c2cf;border-radius:6px}
button{margin-top:18px;width:100%;padding:14px;font-size:17px;font-weight:600;color:#fff;background:${accent};border:0;border-radius:6px;cursor:pointer}
button:focus,textarea:focus,input:focus{outline:3px solid #8fb3e8;outline-offset:1px}
@media (max-width:560px){main{margin:0;border-radius:0;border:0}}
</style>
</head>
<body>
<main>
<header><div class="producer">${escapeHtml(page.producer)}</div>${page.banner ? `<div class="banner">${escapeHtml(page.banner)}</div>` : ''}</header>
<section>
<h1>${escapeHtml(page.title)}</h1>
${page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
${form}
</section>
</main>
</body>
</html>
`;
}
