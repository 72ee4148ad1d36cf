import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = join(ROOT, 'docs');
const PAGES = [
  join(ROOT, 'README.md'),
  ...readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(DOCS, f)),
];
/** The README is a map; the rest lives in docs/ (issue 26). */
const README_MAX_LINES = 250;

/** The page's lines outside fenced code blocks, where Markdown links and headings live. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function githubSlug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page's headings give, numbered as GitHub numbers repeated ones (`-1`, `-2`). */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(readFileSync(file, 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const times = seen.get(slug) ?? 0;
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
    seen.set(slug, times + 1);
  }
  return anchors;
}

/** The relative links and images of a page: `[text](target)` outside code. */
function relativeLinks(file: string): string[] {
  const prose = proseLines(readFileSync(file, 'utf8'))
    .join('\n')
    .replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] as string)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

/** Why a link does not resolve, or undefined when it does. */
function brokenLink(from: string, target: string): string | undefined {
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? from : join(dirname(from), decodeURIComponent(path));
  if (!existsSync(file)) return `${target}: no file ${relative(ROOT, file)}`;
  if (anchor === undefined) return undefined;
  if (statSync(file).isDirectory() || !file.endsWith('.md'))
    return `${target}: an anchor into a page that is not Markdown`;
  return anchorsOf(file).has(anchor)
    ? undefined
    : `${target}: no heading #${anchor} in ${relative(ROOT, file)}`;
}

describe('the README and docs/', () => {
  it(`the README is a map of at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it.each(PAGES.map((p) => [relative(ROOT, p), p]))('every relative link in %s resolves', (_name, page) => {
    const links = relativeLinks(page);
    expect(links.flatMap((link) => brokenLink(page, link) ?? [])).toEqual([]);
  });

  it('reads the links of every page', () => {
    expect(PAGES.length).toBeGreaterThan(5);
    expect(relativeLinks(join(ROOT, 'README.md'))).toContain('docs/mock.md#api-keys');
  });

  it('finds a broken file, a broken anchor and a good anchor', () => {
    const readme = join(ROOT, 'README.md');
    expect(brokenLink(readme, 'docs/no-such-page.md')).toMatch(/no file docs\/no-such-page\.md/);
    expect(brokenLink(readme, 'docs/mock.md#no-such-heading')).toMatch(/no heading #no-such-heading/);
    expect(brokenLink(readme, 'docs/mock.md#api-keys')).toBeUndefined();
    expect(githubSlug('In a browser: the home page')).toBe('in-a-browser-the-home-page');
    expect(githubSlug('The id column (`tables/id-column.ts`)')).toBe('the-id-column-tablesid-columnts');
  });
});
