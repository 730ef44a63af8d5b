// Structured Field Values for HTTP (RFC 9651, which obsoletes RFC 8941): the parsing
// algorithms of its section 4.2 for Lists and Dictionaries, enough to read the rate-limit
// header fields. A value that does not parse yields null, and the whole field is ignored, as
// the RFC requires; nothing here throws on any input.

export type BareItem =
  | { type: 'integer' | 'decimal' | 'date'; value: number }
  | { type: 'string' | 'token' | 'bytes' | 'display'; value: string }
  | { type: 'boolean'; value: boolean }

export type Parameters = ReadonlyMap<string, BareItem>

export interface Item {
  kind: 'item'
  value: BareItem
  params: Parameters
}

export interface InnerList {
  kind: 'inner-list'
  items: Item[]
  params: Parameters
}

export type Member = Item | InnerList

class Failure extends Error {}

const fail = (): never => {
  throw new Failure()
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'
const isLcAlpha = (c: string | undefined) => c !== undefined && c >= 'a' && c <= 'z'
const isAlpha = (c: string | undefined) => c !== undefined && /^[A-Za-z]$/.test(c)
// tchar (RFC 9110) plus ':' and '/', which tokens may hold after their first character.
const tokenChar = /^[!#$%&'*+\-.^_`|~0-9A-Za-z:/]$/
const keyChar = /^[a-z0-9_\-.*]$/
const base64Char = /^[A-Za-z0-9+/=]$/

class Reader {
  private at = 0
  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.at >= this.text.length
  }

  peek(): string | undefined {
    return this.text[this.at]
  }

  next(): string {
    return this.text[this.at++] ?? fail()
  }

  skipSpaces(): void {
    while (this.peek() === ' ') this.at += 1
  }

  skipOws(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.at += 1
  }

  /** Members are separated by a comma with optional whitespace; a trailing comma is an error. */
  separator(): boolean {
    this.skipOws()
    if (this.atEnd()) return false
    if (this.next() !== ',') fail()
    this.skipOws()
    if (this.atEnd()) fail()
    return true
  }

  key(): string {
    const first = this.peek()
    if (!isLcAlpha(first) && first !== '*') fail()
    let key = ''
    while (keyChar.test(this.peek() ?? '')) key += this.next()
    return key
  }

  member(): Member {
    if (this.peek() !== '(') return this.item()
    this.at += 1
    const items: Item[] = []
    for (;;) {
      this.skipSpaces()
      if (this.peek() === ')') {
        this.at += 1
        return { kind: 'inner-list', items, params: this.params() }
      }
      items.push(this.item())
      const after = this.peek()
      if (after !== ' ' && after !== ')') fail()
    }
  }

  item(): Item {
    return { kind: 'item', value: this.bareItem(), params: this.params() }
  }

  params(): Map<string, BareItem> {
    const params = new Map<string, BareItem>()
    while (this.peek() === ';') {
      this.at += 1
      this.skipSpaces()
      const key = this.key()
      let value: BareItem = { type: 'boolean', value: true }
      if (this.peek() === '=') {
        this.at += 1
        value = this.bareItem()
      }
      params.set(key, value)
    }
    return params
  }

  bareItem(): BareItem {
    const c = this.peek()
    if (c === '-' || isDigit(c)) return this.number()
    if (c === '"') return { type: 'string', value: this.quoted() }
    if (c === '*' || isAlpha(c)) {
      let token = ''
      while (tokenChar.test(this.peek() ?? '')) token += this.next()
      return { type: 'token', value: token }
    }
    this.at += 1
    if (c === ':') {
      let bytes = ''
      while (this.peek() !== ':') bytes += base64Char.test(this.peek() ?? '') ? this.next() : fail()
      this.at += 1
      // Padding ends base64: '=' before any other character is not base64.
      return /=[^=]/.test(bytes) ? fail() : { type: 'bytes', value: bytes }
    }
    if (c === '?') {
      const bit = this.next()
      return bit === '0' || bit === '1' ? { type: 'boolean', value: bit === '1' } : fail()
    }
    if (c === '@') {
      const date = this.number()
      return date.type === 'integer' ? { type: 'date', value: date.value } : fail()
    }
    if (c === '%' && this.next() === '"') return { type: 'display', value: this.displayString() }
    return fail()
  }

  private number(): BareItem {
    let sign = 1
    if (this.peek() === '-') {
      sign = -1
      this.at += 1
    }
    let digits = ''
    while (isDigit(this.peek()) || (this.peek() === '.' && !digits.includes('.'))) digits += this.next()
    const [whole = '', fraction] = digits.split('.')
    if (whole === '') fail()
    // `+ 0`: "-0" is the integer 0, not JavaScript's negative zero.
    if (fraction === undefined) return whole.length > 15 ? fail() : { type: 'integer', value: sign * Number(whole) + 0 }
    if (whole.length > 12 || fraction.length === 0 || fraction.length > 3) fail()
    return { type: 'decimal', value: sign * Number(digits) + 0 }
  }

  /** RFC 9651 4.2.10: printable ASCII, with '%' and two lowercase hex digits for each other byte of UTF-8; no escapes. */
  private displayString(): string {
    const bytes: number[] = []
    for (;;) {
      const c = this.next()
      if (c === '"') break
      if (c === '%') {
        const hex = this.next() + this.next()
        if (!/^[0-9a-f]{2}$/.test(hex)) fail()
        bytes.push(parseInt(hex, 16))
      } else if (c < ' ' || c > '~') fail()
      else bytes.push(c.charCodeAt(0))
    }
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes))
    } catch {
      return fail()
    }
  }

  private quoted(): string {
    this.at += 1
    let value = ''
    for (;;) {
      const c = this.next()
      if (c === '"') return value
      if (c === '\\') {
        const escaped = this.next()
        value += escaped === '"' || escaped === '\\' ? escaped : fail()
      } else if (c < ' ' || c > '~') fail()
      else value += c
    }
  }
}

function parseField<T>(text: string, parse: (reader: Reader) => T): T | null {
  try {
    const reader = new Reader(text.replace(/^ +| +$/g, ''))
    return parse(reader)
  } catch (error) {
    if (error instanceof Failure) return null
    throw error
  }
}

/** An sf-item, or null when the text is not one. */
export function parseItem(text: string): Item | null {
  return parseField(text, (reader) => {
    const item = reader.item()
    return reader.atEnd() ? item : fail()
  })
}

/** An sf-list, or null when the text is not one. */
export function parseList(text: string): Member[] | null {
  return parseField(text, (reader) => {
    const members: Member[] = []
    if (reader.atEnd()) return members
    do members.push(reader.member())
    while (reader.separator())
    return members
  })
}

/** An sf-dictionary (a later duplicate key wins), or null when the text is not one. */
export function parseDictionary(text: string): Map<string, Member> | null {
  return parseField(text, (reader) => {
    const members = new Map<string, Member>()
    if (reader.atEnd()) return members
    do {
      const key = reader.key()
      if (reader.peek() === '=') {
        reader.next()
        members.set(key, reader.member())
      } else members.set(key, { kind: 'item', value: { type: 'boolean', value: true }, params: reader.params() })
    } while (reader.separator())
    return members
  })
}
