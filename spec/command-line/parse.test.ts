import { afterEach, describe, expect, it, vi } from 'vitest';
import { borrowed, defineCommand, UsageError } from './declaration.ts';
import { helpText } from './help.ts';
import { parseCommand, readCommand } from './parse.ts';

const TOOL = defineCommand({
  name: 'tool',
  helpHint: 'tool --help',
  usage: 'tool --to URL [flags] [SPEC]',
  about: ['Does one thing.'],
  options: {
    to: {
      type: 'string',
      env: 'TOOL_TO',
      required: true,
      placeholder: 'URL',
      valid: { test: (v) => v.startsWith('http://'), needs: 'an http:// URL' },
      description: 'where to',
    },
    port: { type: 'integer', env: 'TOOL_PORT', max: 65535, default: 3999, description: 'port' },
    limit: { type: 'integer', words: ['hosted'], description: 'a limit' },
    share: { type: 'number', max: 1, default: 0, description: 'a share' },
    network: { type: 'string', choices: ['mainnet', 'testnet'], default: 'mainnet', description: 'network' },
    key: { type: 'list', env: 'TOOL_KEYS', description: 'a key' },
    quiet: { type: 'boolean', env: 'TOOL_QUIET', description: 'no log' },
    out: { type: 'path', description: 'where the output goes' },
  },
  arguments: [{ name: 'spec', description: 'the spec' }],
});

function parsed(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const values = parseCommand(TOOL, argv, env);
  if (values === 'help') throw new Error('unexpected help');
  return values;
}

afterEach(() => vi.restoreAllMocks());

describe('a command declared once', () => {
  it('reads flags typed from the declaration, else their variables, else their defaults', () => {
    expect(parsed(['--to', 'http://a', '--key', 'k1', '--key=k2', '--limit', 'hosted', 'x.yaml'])).toEqual({
      to: 'http://a',
      port: 3999,
      limit: 'hosted',
      share: 0,
      network: 'mainnet',
      key: ['k1', 'k2'],
      quiet: false,
      out: undefined,
      spec: 'x.yaml',
    });
    const fromEnv = parsed([], { TOOL_TO: 'http://b', TOOL_PORT: '0', TOOL_KEYS: 'a, b,', TOOL_QUIET: '1' });
    expect([fromEnv.to, fromEnv.port, fromEnv.key, fromEnv.quiet]).toEqual(['http://b', 0, ['a', 'b'], true]);
    // A flag wins over its variable; an empty variable is unset.
    expect(parsed(['--to', 'http://a', '--port', '1'], { TOOL_PORT: '2', TOOL_QUIET: '' })).toMatchObject({
      port: 1,
      quiet: false,
    });
  });

  it.each([
    [['--port', '99999'], '--port needs an integer from 0 to 65535, got "99999"'],
    [['--port=-1'], '--port needs an integer from 0 to 65535, got "-1"'],
    [['--port'], '--port needs an integer from 0 to 65535, got nothing'],
    [['--limit', '1.5'], '--limit needs a non-negative integer or hosted, got "1.5"'],
    [['--share', '2'], '--share needs a number from 0 to 1, got "2"'],
    [['--network', 'devnet'], '--network needs one of mainnet, testnet, got "devnet"'],
    [['--to', 'ftp://x'], '--to needs an http:// URL, got "ftp://x"'],
    [['--quiet=yes'], '--quiet takes no value, got "yes"'],
    [['--prot', '1'], 'unknown flag --prot (did you mean --port?)'],
    [['--netwrok', 'mainnet'], 'unknown flag --netwrok (did you mean --network?)'],
    [['--from', 'x'], 'unknown flag --from'],
    [['a', 'b'], 'unexpected argument "b"'],
    [[], 'missing --to (or TOOL_TO)'],
    [['--to', ''], 'missing --to (or TOOL_TO)'],
  ])('refuses %j in one line', (argv, message) => {
    const env = argv.length === 0 || argv[0] === '--to' ? {} : { TOOL_TO: 'http://a' };
    expect(() => parseCommand(TOOL, argv, env)).toThrow(new UsageError(message));
  });

  it('names the variable a bad value came from', () => {
    expect(() => parseCommand(TOOL, [], { TOOL_TO: 'http://a', TOOL_QUIET: 'maybe' })).toThrow(
      new UsageError('TOOL_QUIET needs true or false, got "maybe"'),
    );
    expect(() => parseCommand(TOOL, [], { TOOL_TO: 'http://a', TOOL_PORT: 'x' })).toThrow(
      new UsageError('TOOL_PORT needs an integer from 0 to 65535, got "x"'),
    );
  });

  it('answers --help or -h wherever it is, before any mistake', () => {
    expect(parseCommand(TOOL, ['--bogus', '--help'], {})).toBe('help');
    expect(parseCommand(TOOL, ['-h'], {})).toBe('help');
  });

  it('prints its help from the declaration: placeholders, choices, defaults, variables, arguments', () => {
    const help = helpText(TOOL);
    expect(help.split('\n').slice(0, 3)).toEqual([
      'Usage: tool --to URL [flags] [SPEC]',
      '',
      'Does one thing.',
    ]);
    for (const line of [
      /^ {2}--to URL +where to \(required\) \[TOOL_TO\]$/m,
      /^ {2}--port N +port \(default 3999\) \[TOOL_PORT\]$/m,
      /^ {2}--limit N\|hosted +a limit$/m,
      /^ {2}--network mainnet\|testnet +network \(default mainnet\)$/m,
      /^ {2}--key VALUE +a key \(repeatable\) \[TOOL_KEYS\]$/m,
      /^ {2}--quiet +no log \[TOOL_QUIET\]$/m,
      /^ {2}--out PATH +where the output goes$/m,
      /^ {2}--help +this text$/m,
      /^ {2}SPEC +the spec$/m,
    ])
      expect(help).toMatch(line);
  });

  it('run as a process: prints the help (0) or one line pointing to it (2)', () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    expect(readCommand(TOOL, ['--port', '99999'], { TOOL_TO: 'http://a' })).toBe(2);
    expect(written).toEqual([
      'tool: --port needs an integer from 0 to 65535, got "99999"; see tool --help\n',
    ]);
    expect(readCommand(TOOL, ['--help'], {})).toBe(0);
    expect(written[1]).toBe(`${helpText(TOOL)}\n`);
  });

  it('gives a variadic last argument every positional left, listed in the help as NAME...', () => {
    const many = defineCommand({
      usage: 'many [flags] [FILE...]',
      options: { quiet: TOOL.options.quiet },
      arguments: [
        { name: 'first', description: 'the first' },
        { name: 'file', description: 'the files', variadic: true },
      ],
    });
    expect(parseCommand(many, ['a', '--quiet', 'b', 'c'], {})).toEqual({
      quiet: true,
      first: 'a',
      file: ['b', 'c'],
    });
    expect(parseCommand(many, [], {})).toEqual({ quiet: false, first: undefined, file: [] });
    expect(helpText(many)).toMatch(/^ {2}FILE\.\.\. +the files$/m);
  });

  it('borrows options of another command without their variables and defaults', () => {
    const other = defineCommand({ usage: 'other', options: borrowed({ port: TOOL.options.port }) });
    expect(parseCommand(other, [], { TOOL_PORT: '5' })).toEqual({ port: undefined });
    expect(parseCommand(other, ['--port', '5'], {})).toEqual({ port: 5 });
  });
});
