/**
 * An indicator's frame as text a ticket's history can keep: printable ASCII as it is, control
 * bytes by their ASCII names (`<STX>`, `<CR>`) and any other byte as two hex digits (`<8d>`). `<`
 * itself is written `<3c>`, so the text reads back into exactly the bytes that came in: a disputed
 * weight can be checked against what the indicator really sent, parity bits and all.
 */

const controlNames = [
  'NUL',
  'SOH',
  'STX',
  'ETX',
  'EOT',
  'ENQ',
  'ACK',
  'BEL',
  'BS',
  'HT',
  'LF',
  'VT',
  'FF',
  'CR',
  'SO',
  'SI',
  'DLE',
  'DC1',
  'DC2',
  'DC3',
  'DC4',
  'NAK',
  'SYN',
  'ETB',
  'CAN',
  'EM',
  'SUB',
  'ESC',
  'FS',
  'GS',
  'RS',
  'US',
] as const;

const lessThan = 0x3c;
const del = 0x7f;

/** The bytes as printable, reversible text. */
export function printableBytes(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) {
    if (byte < 0x20) text += `<${controlNames[byte]}>`;
    else if (byte === del) text += '<DEL>';
    else if (byte > del || byte === lessThan) text += `<${byte.toString(16).padStart(2, '0')}>`;
    else text += String.fromCharCode(byte);
  }
  return text;
}

/** The bytes a `printableBytes` text stands for; throws on text it could not have written. */
export function bytesFromPrintable(text: string): Buffer {
  const bytes: number[] = [];
  for (let at = 0; at < text.length;) {
    const code = text.charCodeAt(at);
    if (code !== lessThan) {
      if (code < 0x20 || code >= del) throw new Error(`not printable at ${at}`);
      bytes.push(code);
      at += 1;
      continue;
    }
    const end = text.indexOf('>', at);
    const name = end < 0 ? '' : text.slice(at + 1, end);
    bytes.push(byteNamed(name, at));
    at = end + 1;
  }
  return Buffer.from(bytes);
}

function byteNamed(name: string, at: number): number {
  if (name === 'DEL') return del;
  const control = (controlNames as readonly string[]).indexOf(name);
  if (control >= 0) return control;
  if (/^[0-9a-f]{2}$/.test(name)) return parseInt(name, 16);
  throw new Error(`unknown byte name "<${name}>" at ${at}`);
}
