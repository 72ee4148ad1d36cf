import type { MockKernel } from './kernel.ts';
import type { OkBody } from './operations/types.ts';
import type { WorldCatalogue } from './query/catalogue.ts';
import type { HttpResponse } from '../spec/http/response.ts';
import { urlFor } from '../spec/load.ts';
import type { OperationId, UrlArgs } from '../spec/request/url.ts';

/**
 * A mock's API read in process as any door hands it a request (the tests, the benchmarks and the
 * in-process suite's target file read a world this way): a GET through the kernel's
 * `handle` (the pipeline: route, validation, response cache, the serialized bytes), read back as
 * the spec types the operation's 200. Synchronous, as the kernel answers a read of the world; a
 * read that waits (the Clarity engine, a delay) throws, naming it.
 */
export interface KernelReads {
  /** The kernel's answer to a GET of the request target, whatever its status. */
  answer(target: string): HttpResponse;
  /** An operation's 200 body, undefined for its 404; any other status throws with the answer. */
  get<O extends OperationId>(operationId: O, ...params: UrlArgs<O>): OkBody<O> | undefined;
  /** The world's catalogue, as `/_mock/world` serves it. */
  catalogue(): WorldCatalogue;
}

export function kernelReads(mock: Pick<MockKernel, 'handle'>): KernelReads {
  const answer = (target: string): HttpResponse => {
    const res = mock.handle({ method: 'GET', target, headers: {}, ip: undefined });
    if (res instanceof Promise) throw new Error(`GET ${target} answers later: await the kernel's handle`);
    return res;
  };
  const ok = (target: string): unknown => {
    const res = answer(target);
    if (res.status === 404) return undefined;
    if (res.status !== 200) throw new Error(`GET ${target} → ${res.status}: ${res.text.slice(0, 300)}`);
    return res.body;
  };
  return {
    answer,
    get: <O extends OperationId>(operationId: O, ...params: UrlArgs<O>) =>
      ok(urlFor(operationId, ...params)) as OkBody<O> | undefined,
    catalogue: () => ok('/_mock/world') as WorldCatalogue,
  };
}
