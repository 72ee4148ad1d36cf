/** Markup already escaped: what `html` returns, and what it puts in another template as is. */
export class Markup {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}

/** A template whose values are escaped, unless they are markup; arrays are joined. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  const piece = (value: unknown): string => {
    if (value instanceof Markup) return value.text;
    if (Array.isArray(value)) return value.map(piece).join('');
    if (value === undefined || value === null || value === false) return '';
    return escapeHtml(String(value));
  };
  return new Markup(strings.reduce((out, s, i) => out + s + (i < values.length ? piece(values[i]) : ''), ''));
}

/** JSON inside a `<script>` element: no `<` can close it early. */
export function scriptJson(value: unknown): Markup {
  return new Markup(JSON.stringify(value).replace(/</g, '\\u003c'));
}
