/**
 * R-TRACK-10: one layout for every order notice, as HTML and as the plain text beside it. The
 * HTML is what mail programs render reliably: tables, inline styles, no script, no image to
 * fetch; a header with the producer's name and the order, the facts as label and value, at most
 * two buttons, a table of tickets, and a footer saying why the reader got it.
 */
export type NoticeButton = { label: string; url: string; secondary?: boolean };

export type NoticeContent = {
  language: string;
  producer: { name: string; lines: string[] };
  subject: string;
  /** Under the producer's name: "Order 1042 · Riverside Lofts". */
  banner: string;
  heading: string;
  intro: string;
  facts: [label: string, value: string][];
  buttons: NoticeButton[];
  /** Small print under the buttons. */
  afterButtons?: string;
  table?: { head: string[]; rows: string[][]; foot?: string[] };
  paragraphs: string[];
  footer: string;
};

const accent = '#1c3d6e';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function buttonHtml(button: NoticeButton): string {
  const [background, color, border] = button.secondary
    ? ['#ffffff', accent, accent]
    : [accent, '#ffffff', accent];
  return `<td style="padding:0 12px 12px 0"><a href="${escapeHtml(button.url)}" style="display:inline-block;padding:12px 22px;border-radius:6px;border:2px solid ${border};background:${background};color:${color};font-weight:600;font-size:15px;text-decoration:none">${escapeHtml(button.label)}</a></td>`;
}

function tableHtml(table: NonNullable<NoticeContent['table']>): string {
  const cell = (text: string, tag: 'th' | 'td', index: number) =>
    `<${tag} style="padding:8px 10px;border-bottom:1px solid #e3e7ee;text-align:${index === 0 ? 'left' : 'right'};${tag === 'th' ? 'font-size:12px;color:#5b6575;text-transform:uppercase;letter-spacing:.04em' : ''}">${escapeHtml(text)}</${tag}>`;
  const row = (cells: string[], tag: 'th' | 'td') =>
    `<tr>${cells.map((text, index) => cell(text, tag, index)).join('')}</tr>`;
  return `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="border-collapse:collapse;margin:8px 0 16px;font-size:14px">
<thead>${row(table.head, 'th')}</thead>
<tbody>${table.rows.map((cells) => row(cells, 'td')).join('')}</tbody>${
    table.foot ? `<tfoot style="font-weight:700">${row(table.foot, 'td')}</tfoot>` : ''
  }
</table>`;
}

export function noticeHtml(content: NoticeContent): string {
  const facts = content.facts
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 16px 6px 0;color:#5b6575;font-size:13px;white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td><td style="padding:6px 0;font-size:15px;color:#17202e">${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`,
    )
    .join('\n');
  const buttons = content.buttons.length
    ? `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:20px 0 4px"><tr>${content.buttons.map(buttonHtml).join('')}</tr></table>`
    : '';
  const paragraph = (text: string, style = '') =>
    `<p style="margin:0 0 12px;font-size:15px;line-height:1.5;${style}">${escapeHtml(text)}</p>`;
  return `<!doctype html>
<html lang="${escapeHtml(content.language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#eef1f5;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#17202e">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#eef1f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:600px;background:#ffffff;border-radius:10px;overflow:hidden;border:1px solid #dde2ea">
<tr><td style="background:${accent};padding:20px 28px;color:#ffffff">
<div style="font-size:20px;font-weight:700">${escapeHtml(content.producer.name)}</div>
<div style="font-size:14px;opacity:.85;margin-top:4px">${escapeHtml(content.banner)}</div>
</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 10px;font-size:22px;color:#17202e">${escapeHtml(content.heading)}</h1>
${paragraph(content.intro)}
<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 8px">${facts}</table>
${buttons}
${content.afterButtons ? paragraph(content.afterButtons, 'font-size:13px;color:#5b6575') : ''}
${content.table ? tableHtml(content.table) : ''}
${content.paragraphs.map((text) => paragraph(text)).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px;background:#f6f8fb;border-top:1px solid #e3e7ee;font-size:12px;line-height:1.5;color:#6b7687">
${escapeHtml(content.footer)}${content.producer.lines.length ? `<br>${content.producer.lines.map(escapeHtml).join(' · ')}` : ''}
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
}

/** The plain-text alternative: the same content, readable in any mail program. */
export function noticeText(content: NoticeContent): string {
  const width = Math.max(0, ...content.facts.map(([label]) => label.length));
  const lines = [
    content.producer.name,
    content.banner,
    '',
    content.heading,
    '',
    content.intro,
    '',
    ...content.facts.map(
      ([label, value]) =>
        `${`${label}:`.padEnd(width + 2)}${value.replace(/\n/g, `\n${' '.repeat(width + 2)}`)}`,
    ),
  ];
  if (content.buttons.length) {
    lines.push('', ...content.buttons.map((button) => `${button.label}:\n${button.url}`));
  }
  if (content.afterButtons) lines.push('', content.afterButtons);
  if (content.table) {
    const { head, rows, foot } = content.table;
    lines.push('', head.join(' | '), ...rows.map((row) => row.join(' | ')));
    if (foot) lines.push(foot.join(' | '));
  }
  if (content.paragraphs.length) lines.push('', ...content.paragraphs);
  lines.push('', '--', content.footer, ...content.producer.lines);
  return `${lines.join('\n')}\n`;
}
