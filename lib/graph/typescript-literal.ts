/** Values from a document written into generated TypeScript: always as data, never as code. */

/** A JSON literal that is also safe inside a `//` comment (JSON leaves U+2028/U+2029, which end a JS line, as they are). */
export function literal(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
