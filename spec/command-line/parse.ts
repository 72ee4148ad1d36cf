import { parseArgs } from 'node:util';
import {
  UsageError,
  type CommandSpec,
  type IntegerOption,
  type NumberOption,
  type OptionSpec,
  type Values,
} from './declaration.ts';
import { helpText } from './help.ts';
import { nearestName } from './nearest-name.ts';

type Given = Map<string, string | string[] | true>;

/**
 * A command's values: each flag as given, else its variable in `env`, else its default; or
 * 'help' when `--help` (or `-h`) is anywhere. Node's parseArgs in its lenient mode reads the
 * tokens (so `--seed -1` is the value "-1", not a puzzle about dashes); every mistake is then
 * told in the words of the declaration, as a `UsageError` of one line.
 */
export function parseCommand<C extends CommandSpec>(
  command: C,
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Values<C> | 'help' {
  const given = readFlags(command, argv);
  if (given === 'help') return 'help';
  const values: Record<string, unknown> = {};
  const missing: string[] = [];
  for (const [name, option] of Object.entries(command.options)) {
    const value = valueOf(name, option, given.get(name), env);
    values[name] = value;
    const absent = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    if (option.required && absent) missing.push(`--${name}${option.env ? ` (or ${option.env})` : ''}`);
  }
  if (missing.length > 0) throw new UsageError(`missing ${missing.join(', ')}`);
  const positionals = (given.get('') as string[] | undefined) ?? [];
  for (const [i, argument] of (command.arguments ?? []).entries())
    values[argument.name] = argument.variadic ? positionals.slice(i) : positionals[i];
  return values as Values<C>;
}

/**
 * The values of a command run as a process, or its exit code once it has printed what it had to:
 * 0 after `--help` (the help on standard output), 2 after a mistake (its one line on standard
 * error, pointing to `--help`).
 */
export function readCommand<C extends CommandSpec>(
  command: C,
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Values<C> | number {
  try {
    const values = parseCommand(command, argv, env);
    if (values !== 'help') return values;
    process.stdout.write(`${helpText(command)}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${usageLine(command, err.message)}\n`);
    return 2;
  }
}

/** A mistake as the command's one line says it: `proxy: missing --upstream; see proxy --help`. */
export function usageLine(command: CommandSpec, message: string): string {
  return `${command.name ? `${command.name}: ` : ''}${message}; see ${command.helpHint ?? '--help'}`;
}

/** What an option takes, in the words every error uses: `--seed needs a non-negative integer, got "-1"`. */
export function needs(option: OptionSpec): string {
  switch (option.type) {
    case 'integer': {
      const min = option.min ?? 0;
      const integer =
        option.max !== undefined
          ? `an integer from ${min} to ${option.max}`
          : min === 0
            ? 'a non-negative integer'
            : `an integer of at least ${min}`;
      return option.words ? `${integer} or ${option.words.join(', ')}` : integer;
    }
    case 'number':
      return option.max !== undefined
        ? `a number from ${option.min ?? 0} to ${option.max}`
        : `a number of at least ${option.min ?? 0}`;
    case 'boolean':
      return 'true or false';
    case 'list':
      return 'a value';
    default:
      if (option.choices) return `one of ${option.choices.join(', ')}`;
      return option.valid?.needs ?? 'a value';
  }
}

/** The flags as given, by name; positionals under ''. */
function readFlags(command: CommandSpec, argv: readonly string[]): Given | 'help' {
  const { tokens } = parseArgs({
    args: [...argv],
    strict: false,
    allowPositionals: true,
    tokens: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      ...Object.fromEntries(
        Object.entries(command.options).map(([name, o]) => [
          name,
          { type: o.type === 'boolean' ? ('boolean' as const) : ('string' as const) },
        ]),
      ),
    },
  });
  if (tokens.some((t) => t.kind === 'option' && t.name === 'help')) return 'help';
  const given: Given = new Map();
  const positionals: string[] = [];
  const declared = command.arguments ?? [];
  const most = declared.at(-1)?.variadic ? Infinity : declared.length;
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (positionals.length >= most) throw new UsageError(`unexpected argument "${token.value}"`);
      positionals.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    const option = command.options[token.name];
    if (!option) {
      const near = nearestName(token.name, ['help', ...Object.keys(command.options)]);
      throw new UsageError(`unknown flag ${token.rawName}${near ? ` (did you mean --${near}?)` : ''}`);
    }
    const source = `--${token.name}`;
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`${source} takes no value, got "${token.value}"`);
      given.set(token.name, true);
    } else if (token.value === undefined) {
      throw new UsageError(`${source} needs ${needs(option)}, got nothing`);
    } else if (option.type === 'list') {
      given.set(token.name, [...((given.get(token.name) as string[] | undefined) ?? []), token.value]);
    } else {
      given.set(token.name, token.value);
    }
  }
  given.set('', positionals);
  return given;
}

/** One option's value: the flag's, else its variable's (named in any error), else its default. */
function valueOf(
  name: string,
  option: OptionSpec,
  flag: string | string[] | true | undefined,
  env: NodeJS.ProcessEnv,
): unknown {
  const fromEnv = option.env ? env[option.env] : undefined;
  const variable = fromEnv === '' ? undefined : fromEnv;
  switch (option.type) {
    case 'boolean':
      if (flag === true) return true;
      if (variable === undefined) return false;
      if (variable === 'true' || variable === '1') return true;
      if (variable === 'false' || variable === '0') return false;
      return refuse(option.env as string, option, variable);
    case 'list':
      if (Array.isArray(flag)) return flag;
      return variable === undefined
        ? []
        : variable
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean);
    default: {
      if (typeof flag === 'string') return valueFrom(`--${name}`, option, flag);
      if (variable !== undefined) return valueFrom(option.env as string, option, variable);
      return option.default;
    }
  }
}

/** `source` is how the user gave the value: `--seed` or `MOCK_SEED`. */
function valueFrom(source: string, option: OptionSpec, raw: string): string | number {
  switch (option.type) {
    case 'integer':
      return integerFrom(source, option, raw);
    case 'number':
      return numberFrom(source, option, raw);
    case 'string':
    case 'path':
      // An empty value of a required option is no value: `missing --real`, not a bad one.
      if (raw === '' && option.required) return raw;
      if (option.choices && !option.choices.includes(raw)) return refuse(source, option, raw);
      if (option.valid && !option.valid.test(raw)) return refuse(source, option, raw);
      return raw;
    default:
      return raw;
  }
}

function integerFrom(source: string, option: IntegerOption, raw: string): string | number {
  if (option.words?.includes(raw)) return raw;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < (option.min ?? 0) || n > (option.max ?? Infinity))
    return refuse(source, option, raw);
  return n;
}

function numberFrom(source: string, option: NumberOption, raw: string): number {
  const n = Number(raw);
  if (raw.trim() === '' || !(n >= (option.min ?? 0) && n <= (option.max ?? Infinity)))
    return refuse(source, option, raw);
  return n;
}

function refuse(source: string, option: OptionSpec, raw: string): never {
  throw new UsageError(`${source} needs ${needs(option)}, got "${raw}"`);
}
