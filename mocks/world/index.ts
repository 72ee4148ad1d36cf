// The world layer's public face: the chain's tables and how they are generated. It knows nothing
// of HTTP or of the API's JSON shapes.
export { buildChain } from './generate/build-chain.ts';
export { tipHeight, type Chain } from './tables/chain.ts';
export { DEFAULT_BLOCKS, resolveOptions, type WorldOptions } from './options.ts';
