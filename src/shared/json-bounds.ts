// JSON from the service is shown (the Raw JSON panel) but never trusted in shape: a
// body nested thousands of levels deep makes structured clone, and so IPC, throw, and a
// very wide one costs the renderer for nothing. Parts past these limits are replaced
// by a marker that says what was left out, rather than refusing the whole answer: a
// create the service carried out must still show the payment it made.

import { formatCount as count } from './format/number'

export const jsonLimits = {
  /** No payment record comes near it; structured clone copes with far more. */
  depth: 64,
  /** Items of one array, fields of one object. */
  entries: 1_000,
  /** Values in the whole answer. */
  values: 20_000,
}

export type JsonLimits = typeof jsonLimits

const marker = (what: string) => `…(left out by Payments Desk: ${what})`

/** The key under which an object's left-out fields are counted. */
export const moreFieldsKey = '…'

interface Task {
  source: unknown
  depth: number
  put: (value: unknown) => void
}

function defineField(target: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty, not assignment: a "__proto__" key from JSON.parse must stay a plain field.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

/**
 * A copy of parsed JSON within `limits`, walked without recursion (the input may be far
 * deeper than the call stack). Strings are kept whole: the body's byte limit bounds them,
 * and a cut secret or URL would be worse than a long one.
 */
export function boundJson(value: unknown, limits: JsonLimits = jsonLimits): unknown {
  let result: unknown
  // Values still allowed into the copy; each container left short adds one marker.
  let budget = limits.values
  const tasks: Task[] = [
    {
      source: value,
      depth: 0,
      put: (v) => {
        result = v
      },
    },
  ]
  const take = (available: number) => {
    const taken = Math.min(available, limits.entries, budget)
    budget -= taken
    return taken
  }
  const leftOut = (available: number, taken: number, what: 'item' | 'field') => {
    const more = `${count(available - taken)} more ${what}${available - taken === 1 ? '' : 's'}`
    return marker(taken < Math.min(available, limits.entries) ? `${more}: the answer holds more than ${count(limits.values)} values` : more)
  }
  for (let task = tasks.pop(); task; task = tasks.pop()) {
    const { source, depth, put } = task
    if (typeof source !== 'object' || source === null) {
      put(source)
      continue
    }
    if (depth >= limits.depth) {
      put(marker(`nested deeper than ${limits.depth} levels`))
      continue
    }
    if (Array.isArray(source)) {
      const items: unknown[] = new Array<unknown>(take(source.length))
      for (let i = 0; i < items.length; i++)
        tasks.push({
          source: source[i] as unknown,
          depth: depth + 1,
          put: (v) => {
            items[i] = v
          },
        })
      if (items.length < source.length) items.push(leftOut(source.length, items.length, 'item'))
      put(items)
      continue
    }
    const object: Record<string, unknown> = {}
    const keys = Object.keys(source)
    const kept = keys.slice(0, take(keys.length))
    for (const key of kept) {
      defineField(object, key, undefined)
      tasks.push({
        source: (source as Record<string, unknown>)[key],
        depth: depth + 1,
        put: (v) => {
          object[key] = v
        },
      })
    }
    if (kept.length < keys.length) defineField(object, moreFieldsKey, leftOut(keys.length, kept.length, 'field'))
    put(object)
  }
  return result
}

/** Whether a value is within `limits` (checked without recursion), for the contract's raw fields. */
export function withinJsonBounds(value: unknown, limits: JsonLimits = jsonLimits): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  let seen = 0
  for (let item = stack.pop(); item; item = stack.pop()) {
    // The values kept, plus at most one marker per container.
    seen += 1
    if (seen > 2 * limits.values + 1) return false
    if (typeof item.value !== 'object' || item.value === null) continue
    if (item.depth >= limits.depth) return false
    const children: unknown[] = Array.isArray(item.value) ? item.value : Object.values(item.value)
    if (children.length > limits.entries + 1) return false
    for (const child of children) stack.push({ value: child, depth: item.depth + 1 })
  }
  return true
}
