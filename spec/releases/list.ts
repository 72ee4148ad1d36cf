import { RELEASE_8_11_6 } from './8.11.6.ts';
import { RELEASE_9_0_2 } from './9.0.2.ts';
import type { ReleaseProfile } from './profile.ts';

/**
 * The releases the mock reproduces, newest first: the one list the mock, its command line, the
 * contract suite and the differential read. Adding one: its file, a line here, its golden answers
 * (spec/releases/next-release.test.ts proves nothing else needs editing).
 */
export const RELEASES: readonly ReleaseProfile[] = [RELEASE_9_0_2, RELEASE_8_11_6];
