// An ESLint rule for which folders may import which. It replaced eslint-plugin-boundaries, whose
// resolver looked every import up on disk: nine tenths of the lint's rule time. Here a relative
// specifier is resolved with path.resolve alone (the imports here carry their extension), and a
// bare package name is never one of ours. An import of a file that does not exist is judged by its
// path as well (the plugin skipped what it could not find; tsc fails on it anyway).
import path from 'node:path';

/**
 * @typedef {{ type: string, folders: string[] }} Element A kind of file: those under one of the
 *   folders (at any depth). A file is the first element that holds it.
 * @typedef {{ from: string[], to: string[], because: string }} Policy Files of a `from` type may not
 *   import files of a `to` type; the message gives the reason.
 * @typedef {{ type: string, folder: string }} Placed A file's element and the folder that made it one.
 */

const STRINGS = { type: 'array', items: { type: 'string' } };

/**
 * The element of a file at `relative` (to the project root, `/`-separated), or null for none.
 * @returns {Placed | null}
 */
function placeOf(relative, elements) {
  for (const { type, folders } of elements)
    for (const folder of folders)
      if (relative.startsWith(`${folder}/`) && relative.length > folder.length + 1) return { type, folder };
  return null;
}

/** An absolute path relative to `root` (which ends in a separator), `/`-separated; null outside it. */
function underRoot(absolute, root) {
  if (!absolute.startsWith(root)) return null;
  return absolute.slice(root.length).split(path.sep).join('/');
}

/** Where a specifier points, relative to the root; null for a package (never one of ours). */
function targetOf(specifier, folder, root) {
  if (!specifier.startsWith('.') && !path.isAbsolute(specifier)) return null;
  return underRoot(path.resolve(folder, specifier), root);
}

/** How a message names an element: its folder, and its type where the folder's name is not it. */
function nameOf({ type, folder }) {
  return folder.split('/').at(-1) === type ? folder : `${folder} (${type})`;
}

/** @type {import('eslint').Rule.RuleModule} */
const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids imports between the folders the policies keep apart' },
    schema: [
      {
        type: 'object',
        properties: {
          elements: {
            type: 'array',
            items: {
              type: 'object',
              properties: { type: { type: 'string' }, folders: STRINGS },
              required: ['type', 'folders'],
              additionalProperties: false,
            },
          },
          policies: {
            type: 'array',
            items: {
              type: 'object',
              properties: { from: STRINGS, to: STRINGS, because: { type: 'string' } },
              required: ['from', 'to', 'because'],
              additionalProperties: false,
            },
          },
        },
        required: ['elements', 'policies'],
        additionalProperties: false,
      },
    ],
    messages: { forbidden: '{{from}} may not import {{to}}: {{because}}' },
  },
  create(context) {
    /** @type {{ elements: Element[], policies: Policy[] }} */
    const { elements, policies } = context.options[0];
    const root = path.join(context.cwd, path.sep);
    const own = path.isAbsolute(context.filename) ? underRoot(context.filename, root) : null;
    const importer = own === null ? null : placeOf(own, elements);
    if (importer === null) return {};
    /** The reason each forbidden type is forbidden to this file: the first policy that says so. */
    const forbidden = new Map();
    for (const policy of policies)
      if (policy.from.includes(importer.type))
        for (const type of policy.to) if (!forbidden.has(type)) forbidden.set(type, policy.because);
    if (forbidden.size === 0) return {};
    const folder = path.dirname(context.filename);

    function check(node) {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const target = targetOf(node.value, folder, root);
      const imported = target === null ? null : placeOf(target, elements);
      if (imported === null || !forbidden.has(imported.type)) return;
      context.report({
        node,
        messageId: 'forbidden',
        data: { from: nameOf(importer), to: nameOf(imported), because: forbidden.get(imported.type) },
      });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require')
          node.arguments.forEach(check);
      },
    };
  },
};

export default { meta: { name: 'import-boundaries' }, rules: { 'import-boundaries': importBoundaries } };
