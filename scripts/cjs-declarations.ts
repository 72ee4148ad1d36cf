import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

/** Where the declarations read by a CommonJS importer live in dist/ (package.json's `require` conditions). */
export const CJS_TYPES = 'types-cjs';

/**
 * The package's declarations once more, in dist/types-cjs/ under a `"type": "commonjs"`
 * package.json, for package.json's `require` conditions. TypeScript reads a declaration file in
 * the format of its package: from the ESM ones, `import … from 'msw'` resolves to msw's ESM
 * declarations, while a CommonJS app (`moduleResolution: NodeNext`) gets msw's CommonJS ones for
 * its own `setupServer` from 'msw/node': two copies of msw's handler classes, whose protected
 * members make the handlers unassignable (TS2345, "Property 'resolver' is protected"). Read as
 * CommonJS, these resolve msw the way that app does. The JavaScript stays the one ESM build,
 * which Node's `require` loads. The contract suite's files are not the mock package's.
 */
export function writeCommonJsDeclarations(dist: string): void {
  const out = join(dist, CJS_TYPES);
  const declarations = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter(
    (path) => path.endsWith('.d.ts') && !path.startsWith(`contract-tests${sep}`),
  );
  for (const path of declarations) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    copyFileSync(join(dist, path), join(out, path));
  }
  writeFileSync(join(out, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
}
