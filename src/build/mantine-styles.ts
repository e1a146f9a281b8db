/**
 * Mantine's stylesheet split along the code: each Mantine component's CSS is imported by the module
 * that holds its class names (core's `X.module.mjs` pairs with `styles/X.layer.css`; dates, dropzone
 * and notifications have one sheet each), so a component's styles travel in the same chunk as its
 * code. A screen then loads the styles of the components it renders and no others: the whole sheet is
 * about 300 kB that a phone would otherwise parse before the first signed-in screen. Dependencies are
 * evaluated first, so a component's sheet comes after those of the components it is built from, as
 * Mantine requires. The sheets are the `.layer.css` ones: in the `mantine` cascade layer, the app's own
 * CSS modules win whatever order the sheets arrive in. The three global sheets (reset, variables,
 * global classes) are imported by the entry (src/app/styles.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const CLASS_MODULE =
  /[\\/]node_modules[\\/]@mantine[\\/](core|dates|dropzone|notifications)[\\/]esm[\\/](?:.*[\\/])?([\w-]+)\.module\.mjs$/;

/** The sheet a Mantine class-name module goes with, or null when it has none. */
export function sheetOf(id: string, root = process.cwd()): string | null {
  const match = CLASS_MODULE.exec(id.split('?')[0]!);
  if (!match) return null;
  const [, pkg, name] = match;
  const sheet = pkg === 'core' ? `@mantine/core/styles/${name}.layer.css` : `@mantine/${pkg}/styles.layer.css`;
  return existsSync(path.join(root, 'node_modules', sheet)) ? sheet : null;
}

export function mantineStyles(): Plugin {
  return {
    name: 'mantine-styles-per-component',
    enforce: 'pre',
    transform(code, id) {
      const sheet = sheetOf(id);
      if (!sheet) return null;
      return { code: `import '${sheet}';\n${code}`, map: null };
    },
  };
}
