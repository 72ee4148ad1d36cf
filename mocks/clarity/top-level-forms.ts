/**
 * A contract's top-level forms as source text, in order: enough reading of Clarity to pick out its
 * `define-constant`s (strings, `;;` comments and nested lists skipped as a whole).
 */
export function topLevelForms(source: string): string[] {
  const forms: string[] = [];
  let depth = 0;
  let start = -1;
  for (const { char, at } of brackets(source)) {
    if (char === '(') {
      if (depth++ === 0) start = at;
    } else if (char === ')' && depth > 0 && --depth === 0) {
      forms.push(source.slice(start, at + 1));
    }
  }
  return forms;
}

/** The source's brackets, `()` and `{}`, in order, outside its strings and `;;` comments. */
function* brackets(source: string): Generator<{ char: string; at: number }> {
  for (let i = 0; i < source.length; i++) {
    const char = source[i] as string;
    if (char === ';') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (char === '"') {
      for (i++; i < source.length && source[i] !== '"'; i++) if (source[i] === '\\') i++;
    } else if (char === '(' || char === ')' || char === '{' || char === '}') {
      yield { char, at: i };
    }
  }
}

/** The name a `(define-… name …)` form defines, with what it defines; undefined for any other form. */
export function definitionOf(form: string): { kind: string; name: string } | undefined {
  const match = /^\(\s*(define-[a-z-]+)\s+\(?\s*([^\s()]+)/.exec(form);
  return match ? { kind: match[1] as string, name: match[2] as string } : undefined;
}

/**
 * The call stack depth of epoch 3.3 (`MAX_CALL_STACK_DEPTH_LEGACY`, stacks-core's
 * clarity-types/src/lib.rs: 128 from epoch 3.4), and the AST's allowance above it
 * (`AST_CALL_STACK_DEPTH_BUFFER`, clarity/src/vm/ast/stack_depth_checker.rs).
 */
const MAX_CALL_STACK_DEPTH = 64;
const AST_DEPTH_BUFFER = 5;
const MAX_NESTING_DEPTH = MAX_CALL_STACK_DEPTH + AST_DEPTH_BUFFER;

/**
 * Whether the source nests deeper than a stacks-node before epoch 3.4 takes: the node's static
 * check before its mempool (`Relayer::static_check_problematic_relayed_tx`, `ast_check_size`)
 * finds such a deployment problematic, and neither stores nor relays it. Two counts, as
 * stacks-core's own passes make them: its parser (clarity/src/vm/ast/parser/v2) counts a list
 * one and a `{` tuple two (it becomes a list of pairs) and refuses past 70, the nesting depth
 * plus one; then `VaryStackDepthChecker` counts a list or a tuple one each and refuses one at
 * level 69 (`StackDepthChecker`, lists only, refuses no more than it).
 */
export function nestsTooDeep(source: string): boolean {
  const open: number[] = [];
  let parsed = 0;
  for (const { char } of brackets(source)) {
    if (char === '(' || char === '{') {
      const step = char === '(' ? 1 : 2;
      parsed += step;
      open.push(step);
      if (parsed > MAX_NESTING_DEPTH + 1 || open.length >= MAX_NESTING_DEPTH) return true;
    } else if (open.length > 0) {
      parsed -= open.pop() as number;
    }
  }
  return false;
}

/** The first fungible or non-fungible token the source defines: the asset the world indexes; '' when none. */
export function firstToken(source: string): string {
  for (const form of topLevelForms(source)) {
    const defined = definitionOf(form);
    if (defined?.kind === 'define-fungible-token' || defined?.kind === 'define-non-fungible-token')
      return defined.name;
  }
  return '';
}
