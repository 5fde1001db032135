/**
 * pdfmake, with the Roboto fonts every server PDF is set in read from disk once and parsed once
 * per thread.
 *
 * Why: pdfkit parses a font file anew for every document (`fontkit.create`), and fontkit then
 * decodes each glyph again; that was two thirds of a delivery ticket's 65 ms of layout, paid on
 * every dispatch whose plant prints when the truck is sent (R-PRINT-10), beside the dispatches
 * that follow. A parsed font is only read by a document (each takes its own subset of it), and a
 * thread lays out one document at a time, so our files' parsed fonts are shared. fontkit's
 * exports cannot be changed, so pdfkit is handed a fontkit whose `create` remembers: it must be
 * in place before pdfkit is first loaded, which is why pdfmake is loaded here and only here.
 * The files live in pdfmake's in-memory file system: documents never read a local file.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type Pdfmake from 'pdfmake';

type Fontkit = { create(buffer: Uint8Array, postscriptName?: string): unknown };
/** What this module puts in pdfkit's hands: fontkit, remembering the fonts parsed from our files. */
type Remembering = Fontkit & {
  [remembered]: { fonts: WeakMap<Uint8Array, Map<string, unknown>>; parses: number };
};

const remembered = Symbol.for('dispatch.pdf-fonts');
const require = createRequire(import.meta.url);
const pdfkitPath = require.resolve('pdfkit');
const pdfkitRequire = createRequire(pdfkitPath);
const fontkitPath = pdfkitRequire.resolve('fontkit');

/** Installed once per thread: a second copy of this module (test isolation) finds it in place. */
function installRemembering(): Remembering {
  const loaded = require.cache[fontkitPath]?.exports as Partial<Remembering> | undefined;
  if (loaded?.[remembered]) return loaded as Remembering;
  if (require.cache[pdfkitPath]) {
    throw new Error('pdfkit was loaded before pdf-fonts.ts: load pdfmake through it');
  }
  const fontkit = pdfkitRequire('fontkit') as Fontkit;
  const state = { fonts: new WeakMap<Uint8Array, Map<string, unknown>>(), parses: 0 };
  const remembering = Object.create(fontkit, {
    [remembered]: { value: state },
    create: {
      value(buffer: Uint8Array, postscriptName?: string) {
        const parsed = state.fonts.get(buffer);
        const key = postscriptName ?? '';
        const known = parsed?.get(key);
        if (known) return known;
        state.parses += 1;
        const font = fontkit.create(buffer, postscriptName);
        parsed?.set(key, font);
        return font;
      },
    },
  }) as Remembering;
  require.cache[fontkitPath]!.exports = remembering;
  return remembering;
}
const fontkit = installRemembering();

export const pdfmake = require('pdfmake') as typeof Pdfmake;

const files = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;
const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const { virtualfs } = pdfmake as unknown as {
  virtualfs: { writeFileSync(name: string, content: Buffer): void };
};
for (const file of Object.values(files)) {
  const buffer = readFileSync(join(fontDir, file));
  virtualfs.writeFileSync(file, buffer);
  fontkit[remembered].fonts.set(buffer, new Map());
}
pdfmake.setFonts({ Roboto: { ...files } });

export const pdfFont = 'Roboto';

/** How many font files were parsed on this thread so far (tests: once each, not per document). */
export function fontParses(): number {
  return fontkit[remembered].parses;
}
