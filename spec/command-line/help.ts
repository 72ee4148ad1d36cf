import type { CommandSpec, OptionSpec } from './declaration.ts';

/** The value's name in a help line: the declared one, else the choices, else the type's. */
function placeholderOf(option: OptionSpec): string {
  if (option.type === 'boolean') return '';
  if (option.placeholder) return option.placeholder;
  switch (option.type) {
    case 'integer':
      return option.words ? ['N', ...option.words].join('|') : 'N';
    case 'number':
      return 'X';
    case 'path':
      return 'PATH';
    case 'string':
      return option.choices ? option.choices.join('|') : 'VALUE';
    default:
      return 'VALUE';
  }
}

/** The description and what the declaration adds to it: repeatable, required, the default, the variable. */
function explained(option: OptionSpec): string {
  const notes = [
    option.type === 'list' ? 'repeatable' : '',
    option.required ? 'required' : '',
    'default' in option && option.default !== undefined ? `default ${option.default}` : '',
  ].filter(Boolean);
  return [
    option.description,
    notes.length > 0 ? ` (${notes.join('; ')})` : '',
    option.env ? ` [${option.env}]` : '',
  ].join('');
}

/** A command's `--help`, from its declaration: the usage, what it does, one line per flag and argument. */
export function helpText(command: CommandSpec): string {
  const rows: [string, string][] = [
    ...Object.entries(command.options).map(([name, option]): [string, string] => {
      const placeholder = placeholderOf(option);
      return [`--${name}${placeholder ? ` ${placeholder}` : ''}`, explained(option)];
    }),
    ['--help', 'this text'],
    ...(command.arguments ?? []).map((a): [string, string] => [
      `${a.name.toUpperCase()}${a.variadic ? '...' : ''}`,
      a.description,
    ]),
  ];
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return [
    `Usage: ${command.usage}`,
    ...(command.about ? ['', ...command.about] : []),
    '',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`),
    ...(command.footer ? ['', ...command.footer] : []),
  ].join('\n');
}
