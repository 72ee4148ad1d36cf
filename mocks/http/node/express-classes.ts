import { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';

export interface ServerClasses {
  IncomingMessage?: typeof IncomingMessage;
  ServerResponse?: typeof ServerResponse;
}

type Constructor = (this: object, ...args: unknown[]) => void;

/** Node's two classes are old-style constructor functions; an ES class could not be `call`ed. */
function callable(f: Function): boolean {
  return !Function.prototype.toString.call(f).startsWith('class');
}

/**
 * Options for `http.createServer` whose request and response objects are born with the
 * prototypes Express gives them (`app.request`, `app.response`). Express calls
 * `Object.setPrototypeOf` on both for every request; moving an object to another prototype costs
 * V8 a new hidden class and leaves garbage that outlives young-generation GCs, which more than
 * halves the requests per second and puts GC pauses into the latency tail. With the prototype
 * already in place that call changes nothing. The objects are the same as before: the same
 * prototype chain, built by Node's own constructors. Should Node's classes ever be ES classes,
 * Node's own are kept.
 */
export function expressServerClasses(
  app: Express,
  base = { IncomingMessage, ServerResponse },
): ServerClasses {
  if (!callable(base.IncomingMessage) || !callable(base.ServerResponse)) return {};
  const NodeRequest = base.IncomingMessage as unknown as Constructor;
  const NodeResponse = base.ServerResponse as unknown as Constructor;
  // Plain functions, not subclasses: `Reflect.construct` or `extends` would put another object
  // between the instance and app.request, or build the object on a path V8 does not optimize.
  function Request(this: object, socket: unknown): void {
    NodeRequest.call(this, socket);
  }
  Request.prototype = app.request;
  function Response(this: object, req: unknown, options: unknown): void {
    NodeResponse.call(this, req, options);
  }
  Response.prototype = app.response;
  // As Node links its own constructors (ServerResponse to OutgoingMessage): V8 sizes a new object
  // from the constructor and the constructors it inherits from. Without the link it would guess
  // from these bodies, which assign nothing, and a response outgrowing that guess falls into
  // dictionary mode, which every property access in Node's HTTP code then pays for.
  Object.setPrototypeOf(Request, NodeRequest);
  Object.setPrototypeOf(Response, NodeResponse);
  return {
    IncomingMessage: Request as unknown as typeof IncomingMessage,
    ServerResponse: Response as unknown as typeof ServerResponse,
  };
}
