/**
 * Limits on JSON a client sends, checked before the text is parsed. JSON.parse itself copes with
 * deep nesting, but everything that walks the parsed value afterwards (zod, Prisma, our own
 * recursive helpers) would overflow the call stack on 20,000 levels: the depth is measured on the
 * text instead, in one pass and without recursion.
 */

/** The deepest nesting of arrays and objects a request body may have. */
export const MAX_JSON_DEPTH = 64

const OPEN_OBJECT = 0x7b // {
const OPEN_ARRAY = 0x5b // [
const CLOSE_OBJECT = 0x7d // }
const CLOSE_ARRAY = 0x5d // ]
const QUOTE = 0x22 // "
const BACKSLASH = 0x5c // \

/**
 * The deepest nesting of `[`/`{` in `text`, counting only brackets outside strings. Stops early,
 * returning a value over `stopAbove`, once that is exceeded. Malformed JSON gives some number;
 * JSON.parse reports the malformation afterwards.
 */
export function jsonNestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index)
    if (inString) {
      if (code === BACKSLASH) index += 1
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) {
      inString = true
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth += 1
      if (depth > deepest) {
        deepest = depth
        if (deepest > stopAbove) return deepest
      }
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth -= 1
    }
  }
  return deepest
}

/** True when `text` nests arrays/objects deeper than `maxDepth`. */
export function isTooDeeplyNested(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  return jsonNestingDepth(text, maxDepth) > maxDepth
}
