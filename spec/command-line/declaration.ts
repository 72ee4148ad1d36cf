/**
 * A command's options, declared once: what the parser reads (spec/command-line/parse.ts), what
 * `--help` prints (help.ts) and the one-line errors every command gives, all come from here.
 * Every command of the project (the mock and its subcommands, the contract suite, the tools)
 * declares its options so.
 */
interface Common {
  /** One line for `--help`; the default, the allowed values and the variable are added after it. */
  description: string;
  /** The environment variable read when the flag is not given (an empty value counts as unset). */
  env?: string;
  /** The value's name in `--help` (`N`, `URL`, `FILE`); the type's own by default. */
  placeholder?: string;
  /** Given, by flag or variable, or the command refuses to run: `missing --out`. */
  required?: boolean;
}

/** A switch: present is true. Its variable takes `true`, `false`, `1` or `0`. */
export interface BooleanOption extends Common {
  type: 'boolean';
}

/** A string; `path` is one named as a file or directory (the command resolves it where it must). */
export interface StringOption extends Common {
  type: 'string' | 'path';
  default?: string;
  /** The only values it takes. */
  choices?: readonly string[];
  /** A check beyond the choices, with what it needs in the error's words (`an http:// or https:// URL`). */
  valid?: { test: (value: string) => boolean; needs: string };
}

/** A whole number of plain decimal digits within bounds, or one of `words`. */
export interface IntegerOption extends Common {
  type: 'integer';
  default?: number;
  /** The smallest value (0 by default). */
  min?: number;
  max?: number;
  /** Words it takes besides numbers (`--rate-limit hosted`). */
  words?: readonly string[];
}

/** A number within bounds (`--fault-rate 0.25`). */
export interface NumberOption extends Common {
  type: 'number';
  default?: number;
  /** The smallest value (0 by default). */
  min?: number;
  max?: number;
}

/** Repeatable: every value given, in order; its variable is a comma-separated list. */
export interface ListOption extends Common {
  type: 'list';
}

export type OptionSpec = BooleanOption | StringOption | IntegerOption | NumberOption | ListOption;

export interface ArgumentSpec {
  name: string;
  description: string;
  /** The last argument only: every positional left, in order (none: an empty list). */
  variadic?: boolean;
}

export interface CommandSpec {
  /**
   * The word each error line of a subcommand or tool starts with (`proxy: missing --upstream;
   * see proxy --help`); the main commands' lines start with the problem.
   */
  name?: string;
  /** Where `--help` is asked, for the error lines (`proxy --help`); `--help` by default. */
  helpHint?: string;
  /** The usage line, after `Usage: `. */
  usage: string;
  /** Lines that say what the command does, after the usage line. */
  about?: readonly string[];
  options: Readonly<Record<string, OptionSpec>>;
  /** Positional arguments, each optional, in order; values keyed by name (a variadic one's a list). */
  arguments?: readonly ArgumentSpec[];
  /** Lines after the options (subcommands, notes). */
  footer?: readonly string[];
}

/** What one option reads as. */
export type ValueOf<O> = O extends BooleanOption
  ? boolean
  : O extends ListOption
    ? string[]
    : O extends { type: 'integer'; words: readonly (infer W)[] }
      ? number | W
      : O extends IntegerOption | NumberOption
        ? number
        : O extends { choices: readonly (infer C)[] }
          ? C
          : string;

/** Whether an option always has a value: a switch, a list, one with a default or one required. */
type Always<O> = O extends BooleanOption | ListOption
  ? true
  : O extends { default: unknown }
    ? true
    : O extends { required: true }
      ? true
      : false;

type ArgumentValues<C extends CommandSpec> = C['arguments'] extends readonly ArgumentSpec[]
  ? {
      [A in C['arguments'][number] as A['name']]: A extends { variadic: true }
        ? string[]
        : string | undefined;
    }
  : unknown;

/** A command's values, keyed by flag name (and by argument name): typed from its declaration. */
export type Values<C extends CommandSpec> = {
  -readonly [K in keyof C['options']]: Always<C['options'][K]> extends true
    ? ValueOf<C['options'][K]>
    : ValueOf<C['options'][K]> | undefined;
} & ArgumentValues<C>;

/** Declares a command: its literal types are kept, so its values are typed from it. */
export function defineCommand<const C extends CommandSpec>(command: C): C {
  return command;
}

/** A mistake on the command line or in a variable: one line, exit code 2. */
export class UsageError extends Error {}

/**
 * Another command's options, borrowed without their variables and defaults: each has a value only
 * when given on this command's line (the differential's world flags are the mock's).
 */
export function borrowed<const O extends Readonly<Record<string, OptionSpec>>>(
  options: O,
): { [K in keyof O]: Omit<O[K], 'env' | 'default'> } {
  return Object.fromEntries(
    Object.entries(options).map(([name, { env: _env, ...option }]) => {
      const { default: _default, ...rest } = option as OptionSpec & { default?: unknown };
      return [name, rest];
    }),
  ) as { [K in keyof O]: Omit<O[K], 'env' | 'default'> };
}
