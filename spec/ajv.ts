// ajv's compiler and ajv-formats, which only a schema compiled at run time needs: the mock's
// request validators are precompiled in its package (spec/precompiled.ts), and a world file's
// schema is compiled when a world file is read. Their one module, so that the CLI's bundle keeps
// them apart, together (scripts/bundle.ts): ajv-formats builds code with the classes of ajv's
// code generator, which ajv checks with instanceof.
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

export { Ajv, Ajv2020 };

type AddFormats = (ajv: Ajv2020) => Ajv2020;

/** ajv-formats' formats added to `ajv`. */
export function addFormats(ajv: Ajv2020): Ajv2020 {
  // ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
  const add = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
    addFormatsModule) as unknown as AddFormats;
  return add(ajv);
}
