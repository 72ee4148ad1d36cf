import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');

/** What a stack trace or a file path looks like in text a client or a log reader may see. */
const TELLS: [string, RegExp][] = [
  ['a stack frame', /^\s*at\s+\S/m],
  ['a source position', /\.(?:[cm]?[jt]s)(?::\d+){1,2}\b/],
  ['a file URL', /file:\/\//],
  ['node_modules', /node_modules/],
  [
    'an absolute path under /root, /home, /usr, /tmp or /work',
    /(?:^|[\s"'(=])\/(?:root|home|usr|tmp|work)\/\S/,
  ],
];

/** Every way `text` leaks a stack trace, a file path or one of `secrets`; empty when it leaks nothing. */
export function leaksIn(text: string, secrets: string[] = []): string[] {
  const found = TELLS.filter(([, re]) => re.test(text)).map(([what]) => what);
  if (text.includes(REPO_ROOT)) found.push('the repository path');
  for (const secret of secrets) if (text.includes(secret)) found.push(`the secret "${secret.slice(0, 4)}…"`);
  return found;
}
