/**
 * The installed bin's `import`, handed to the mock's bundle. The bundle runs from V8's code cache,
 * where Node gives the bundle's own import() no loader ("A dynamic import callback was not
 * specified"), so the optional Clarity engine is imported through the bin's, which Node loaded
 * itself. The bin and the bundle each hold their own copy of this module: the importer is kept on
 * the global object, under a registered symbol both copies find.
 */
const KEY = Symbol.for('stacks-api-mock.import');

type Importer = (name: string) => Promise<unknown>;

export function setModuleImporter(importer: Importer): void {
  (globalThis as Record<symbol, unknown>)[KEY] = importer;
}

/** The bin's importer, when the mock runs from the installed bin's cached bundle. */
export function moduleImporter(): Importer | undefined {
  return (globalThis as Record<symbol, Importer | undefined>)[KEY];
}
