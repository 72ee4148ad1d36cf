/**
 * npm's `prepare`, for both packages (stacks-api-mock here, stacks-api-contract in
 * packages/contract/). npm runs it when it packs a directory (`npm pack`, `npm publish`, an
 * install from a git URL, which packs the clone), and also after a plain `npm install` or
 * `npm ci` in this tree, where a build would only slow every fresh clone down (targets that
 * need dist/ run `npm run build`). Only when packing does npm set `npm_package_resolved`.
 */
if (process.env.npm_package_resolved) await import('./build.ts');
