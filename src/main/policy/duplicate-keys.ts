import { visit, type JSONPath } from 'jsonc-parser'

export interface DuplicateKey {
  key: string
  /** Where the object holding it sits, e.g. `environments.production`; empty at the top. */
  path: string
}

/**
 * The first key that appears twice in one object of a JSON text (after unescaping, so
 * `"role"` and `"r\u006fle"` are the same key), or null. JSON.parse keeps the last of two,
 * and a reviver cannot see the first: jsonc-parser's visitor reports every property.
 */
export function findDuplicateKey(text: string): DuplicateKey | null {
  const open: Set<string>[] = []
  let found: DuplicateKey | null = null
  visit(
    text,
    {
      onObjectBegin: () => {
        open.push(new Set())
      },
      onObjectEnd: () => {
        open.pop()
      },
      onObjectProperty: (property: string, _offset, _length, _line, _column, pathSupplier: () => JSONPath) => {
        const keys = open.at(-1)
        if (found !== null || keys === undefined) return
        if (keys.has(property)) found = { key: property, path: pathSupplier().join('.') }
        keys.add(property)
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  )
  return found
}
