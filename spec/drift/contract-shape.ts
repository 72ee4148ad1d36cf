import ts from 'typescript';

/**
 * Reads the contract of some operations out of an openapi-typescript file (`operations[...]`),
 * the form both our generated `spec/types.ts` and the official client's `schema.d.ts` take, so
 * the two sides are compared after the same lowering of the same tool.
 */

/** What one parameter or one response field looks like once lowered to TypeScript. */
export interface FieldFact {
  /** Sorted JSON kinds: `array`, `boolean`, `null`, `number`, `object`, `string`. */
  kinds: string[];
  /** Sorted literal values when every string (or number) member is a literal. */
  enumeration?: string[];
  required: boolean;
}

export interface OperationContract {
  operationId: string;
  /** Keyed `query limit`, `path principal`. */
  parameters: Map<string, FieldFact>;
  /** Status as written (`200`, `4XX`) → field path (`results[].tx.tx_id`, `` for the body) → fact. */
  responses: Map<string, Map<string, FieldFact>>;
  deprecated: boolean;
  /**
   * Where the contract's deprecation note points: an operation of the file (v8's notes link it),
   * or the routes v9's notes name (`**Deprecated:** use `GET /extended/v3/…` instead`).
   */
  replacedBy?: { operationId?: string; path?: string; routes?: string[] };
}

const MAX_DEPTH = 16;

/**
 * TypeScript's own lib files, parsed once per process: parsing them took nearly all of a
 * lowering's time, and the drift test and `make drift` read several contracts in one process.
 */
const LIB_FILES = new Map<string, ts.SourceFile>();

/**
 * Contracts read lately, by their file's text: the client's comes back in every comparison a
 * process makes (the spec's lowered copies differ each time, so few are kept). Its whole reading
 * is kept, not only its parse: the type checker's walk of it was a second of every comparison.
 */
const CONTRACTS = new Map<string, { operationIds: string; contracts: Map<string, OperationContract> }>();
const CONTRACTS_KEPT = 4;

/**
 * Parses the file's text and reads the named operations; an operation it lacks is an error. The
 * same text and operations give the same map again: read it, never change it.
 */
export function readContracts(fileText: string, operationIds: string[]): Map<string, OperationContract> {
  const key = operationIds.join(' ');
  const cached = CONTRACTS.get(fileText);
  if (cached?.operationIds === key) return cached.contracts;
  const contracts = readContractsOf(fileText, operationIds);
  CONTRACTS.set(fileText, { operationIds: key, contracts });
  if (CONTRACTS.size > CONTRACTS_KEPT) CONTRACTS.delete(CONTRACTS.keys().next().value as string);
  return contracts;
}

function readContractsOf(fileText: string, operationIds: string[]): Map<string, OperationContract> {
  const fileName = '/contract.d.ts';
  // No DOM and no @types packages: a contract's types are JSON's. lib.dom was most of the
  // parsing; node_modules/@types (Node's, Express's, …), loaded by default, a second of each read.
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    types: [],
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const source = ts.createSourceFile(fileName, fileText, ts.ScriptTarget.ES2022, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, ...rest) => {
    if (name === fileName) return source;
    const cached = LIB_FILES.get(name);
    if (cached) return cached;
    const parsed = getSourceFile(name, ...rest);
    if (parsed) LIB_FILES.set(name, parsed);
    return parsed;
  };
  host.fileExists = (name) => name === fileName || fileExists(name);
  host.readFile = (name) => (name === fileName ? fileText : readFile(name));
  const program = ts.createProgram([fileName], options, host);
  const checker = program.getTypeChecker();
  const operations = interfaceType(checker, source, 'operations');
  const deprecation = deprecationNotes(source);
  const contracts = new Map<string, OperationContract>();
  for (const operationId of operationIds) {
    const opType = propertyType(checker, operations, operationId);
    if (!opType) throw new Error(`the contract has no operation ${operationId}`);
    const note = deprecation.get(operationId);
    contracts.set(operationId, {
      operationId,
      parameters: readParameters(checker, opType),
      responses: readResponses(checker, opType),
      deprecated: note !== undefined,
      ...(note?.replacedBy ? { replacedBy: note.replacedBy } : {}),
    });
  }
  return contracts;
}

function interfaceType(checker: ts.TypeChecker, source: ts.SourceFile, name: string): ts.Type {
  const decl = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name,
  );
  if (!decl)
    throw new Error(`the contract file has no \`interface ${name}\` (not openapi-typescript output?)`);
  return checker.getTypeAtLocation(decl);
}

function propertyType(checker: ts.TypeChecker, type: ts.Type, name: string): ts.Type | undefined {
  const symbol = checker.getPropertyOfType(checker.getNonNullableType(type), name);
  if (!symbol) return undefined;
  const declared = checker.getTypeOfSymbol(symbol);
  return declared.flags & ts.TypeFlags.Never ? undefined : checker.getNonNullableType(declared);
}

function readParameters(checker: ts.TypeChecker, opType: ts.Type): Map<string, FieldFact> {
  const facts = new Map<string, FieldFact>();
  const parameters = propertyType(checker, opType, 'parameters');
  for (const location of ['path', 'query', 'header']) {
    const group = parameters && propertyType(checker, parameters, location);
    if (!group) continue;
    for (const symbol of checker.getPropertiesOfType(group)) {
      const fields = new Map<string, FieldFact>();
      const required = !(symbol.flags & ts.SymbolFlags.Optional);
      walk(checker, checker.getNonNullableType(checker.getTypeOfSymbol(symbol)), '', required, fields, 0);
      const fact = fields.get('');
      if (fact) facts.set(`${location} ${symbol.name}`, fact);
    }
  }
  return facts;
}

function readResponses(checker: ts.TypeChecker, opType: ts.Type): Map<string, Map<string, FieldFact>> {
  const responses = new Map<string, Map<string, FieldFact>>();
  const all = propertyType(checker, opType, 'responses');
  if (!all) return responses;
  for (const symbol of checker.getPropertiesOfType(all)) {
    const fields = new Map<string, FieldFact>();
    const content = propertyType(checker, checker.getTypeOfSymbol(symbol), 'content');
    const body = content && propertyType(checker, content, 'application/json');
    if (body) walk(checker, body, '', true, fields, 0);
    responses.set(symbol.name, fields);
  }
  return responses;
}

/**
 * Flattens a type into field paths. Union members that are objects merge: a property is
 * required only where every object member requires it; kinds and literals accumulate.
 */
function walk(
  checker: ts.TypeChecker,
  type: ts.Type,
  path: string,
  required: boolean,
  out: Map<string, FieldFact>,
  depth: number,
): void {
  if (depth > MAX_DEPTH) return;
  const members = type.isUnion() ? type.types : [type];
  const kinds = new Set<string>();
  const literals = new Set<string>();
  let openScalar = false;
  const objects: ts.Type[] = [];
  for (const member of members) {
    const flags = member.flags;
    if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Never | ts.TypeFlags.Unknown | ts.TypeFlags.Any))
      continue;
    if (flags & ts.TypeFlags.Null) kinds.add('null');
    else if (flags & ts.TypeFlags.BooleanLike) kinds.add('boolean');
    else if (member.isStringLiteral() || member.isNumberLiteral()) {
      kinds.add(member.isStringLiteral() ? 'string' : 'number');
      literals.add(String(member.value));
    } else if (flags & ts.TypeFlags.StringLike) {
      kinds.add('string');
      openScalar = true;
    } else if (flags & ts.TypeFlags.NumberLike) {
      kinds.add('number');
      openScalar = true;
    } else if (checker.isArrayType(member) || checker.isTupleType(member)) {
      kinds.add('array');
      for (const element of checker.getTypeArguments(member as ts.TypeReference)) {
        walk(checker, element, `${path}[]`, true, out, depth + 1);
      }
    } else if (flags & ts.TypeFlags.Object || member.isIntersection()) {
      kinds.add('object');
      objects.push(member);
    }
  }
  merge(out, path, {
    kinds: [...kinds].sort(),
    ...(literals.size > 0 && !openScalar ? { enumeration: [...literals].sort() } : {}),
    required,
  });
  const bags = objects.flatMap((object) => propertyBags(checker, object));
  const names = new Set(bags.flatMap((bag) => [...bag.keys()]));
  for (const name of names) {
    const child = path ? `${path}.${name}` : name;
    let requiredEverywhere = true;
    for (const bag of bags) {
      const property = bag.get(name);
      if (!property || property.optional) requiredEverywhere = false;
      if (property) walk(checker, property.type, child, true, out, depth + 1);
    }
    const fact = out.get(child);
    if (fact && !requiredEverywhere) fact.required = false;
  }
  for (const object of objects) {
    for (const index of checker.getIndexInfosOfType(object)) {
      if (index.type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) continue;
      walk(checker, index.type, `${path}{*}`, true, out, depth + 1);
    }
  }
}

type PropertyBag = Map<string, { type: ts.Type; optional: boolean }>;

/**
 * The property sets an object type can have. openapi-typescript writes a discriminated `oneOf`
 * inside `allOf` as `A & Omit<B | C, "tag">`, and `Omit` over a union keeps only the common
 * keys; the spec means one set per branch, so such an `Omit` is distributed here.
 */
function propertyBags(checker: ts.TypeChecker, type: ts.Type): PropertyBag[] {
  const bagOf = (t: ts.Type, skip: Set<string> = new Set()): PropertyBag =>
    new Map(
      checker
        .getPropertiesOfType(t)
        .filter((p) => !skip.has(p.name))
        .map((p) => [
          p.name,
          { type: checker.getTypeOfSymbol(p), optional: (p.flags & ts.SymbolFlags.Optional) !== 0 },
        ]),
    );
  let bags = [bagOf(type)];
  for (const part of type.isIntersection() ? type.types : [type]) {
    const [omittedFrom, keys] = part.aliasTypeArguments ?? [];
    if (part.aliasSymbol?.name !== 'Omit' || !omittedFrom?.isUnion()) continue;
    const omitted = new Set(
      (keys?.isUnion() ? keys.types : keys ? [keys] : []).flatMap((k) =>
        k.isStringLiteral() ? [k.value] : [],
      ),
    );
    bags = bags.flatMap((bag) =>
      omittedFrom.types.map((branch) => new Map([...bagOf(branch, omitted), ...bag])),
    );
  }
  return bags;
}

function merge(out: Map<string, FieldFact>, path: string, fact: FieldFact): void {
  const seen = out.get(path);
  if (!seen) {
    out.set(path, fact);
    return;
  }
  seen.kinds = [...new Set([...seen.kinds, ...fact.kinds])].sort();
  if (isOpenScalar(seen) || isOpenScalar(fact)) delete seen.enumeration;
  else if (seen.enumeration || fact.enumeration) {
    seen.enumeration = [...new Set([...(seen.enumeration ?? []), ...(fact.enumeration ?? [])])].sort();
  }
  seen.required = seen.required && fact.required;
}

function isOpenScalar(fact: FieldFact): boolean {
  return fact.enumeration === undefined && fact.kinds.some((k) => k === 'string' || k === 'number');
}

/**
 * The `@deprecated` tag on each `paths` entry, and where its note points. The v8 client's notes
 * read "deprecated in favor of [Title](/api/<operation-id-with-dashes>)"; v9's read
 * "**Deprecated:** use `GET /extended/v3/…`, and `GET …` instead".
 */
function deprecationNotes(source: ts.SourceFile): Map<string, Pick<OperationContract, 'replacedBy'>> {
  const routes = new Map<string, string>();
  const links = new Map<string, string | undefined>();
  const named = new Map<string, string[]>();
  const paths = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'paths',
  );
  for (const entry of paths?.members ?? []) {
    if (!ts.isPropertySignature(entry) || !entry.type || !ts.isTypeLiteralNode(entry.type)) continue;
    const route = ts.isStringLiteral(entry.name) ? entry.name.text : entry.name.getText(source);
    for (const method of entry.type.members) {
      if (!ts.isPropertySignature(method) || !method.type) continue;
      const target = /operations\["([^"]+)"\]/.exec(method.type.getText(source))?.[1];
      if (!target) continue;
      routes.set(target, route);
      const tags = ts.getJSDocTags(method);
      if (!tags.some((t) => t.tagName.text === 'deprecated')) continue;
      const text = tags.map((t) => ts.getTextOfJSDocComment(t.comment) ?? '').join('\n');
      links.set(target, /deprecated in favou?r of \[[^\]]*\]\(\/api\/([a-z0-9-]+)\)/i.exec(text)?.[1]);
      const note = /\*\*Deprecated:\*\*([\s\S]*)/.exec(text)?.[1] ?? '';
      const listed = [...note.matchAll(/`((?:GET|POST) \/[^`\s]*)`/g)].map((m) => m[1] as string);
      if (listed.length) named.set(target, listed);
    }
  }
  const notes = new Map<string, Pick<OperationContract, 'replacedBy'>>();
  for (const [target, link] of links) {
    const operationId = link?.replace(/-/g, '_');
    const path = operationId && routes.get(operationId);
    const listed = named.get(target);
    if (listed) notes.set(target, { replacedBy: { routes: listed } });
    else notes.set(target, operationId ? { replacedBy: { operationId, ...(path ? { path } : {}) } } : {});
  }
  return notes;
}
