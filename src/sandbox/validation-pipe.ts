import { plainToInstance } from 'class-transformer'
import { validate } from 'class-validator'

// A body is validated as NestJS's ValidationPipe({ whitelist: true, transform: true })
// validates a JSON body: prototype keys stripped, class-transformer builds the DTO,
// class-validator checks it, and the errors are flattened into `path message` lines.
// The steps below follow @nestjs/common's pipes/validation.pipe.js (stripProtoKeys,
// limitFieldErrors, flattenFieldErrors, mapChildrenToFieldErrors,
// prependConstraintsWithParentProp); test/sandbox/validation-pipe.test.ts runs the
// real pipe beside this one on every failing body it tries.

export type Validated<T> = { ok: true; value: T } | { ok: false; messages: string[] }

/** ValidationPipe's default `maxErrorMessagesLength`, and the line it ends a cut list with. */
const maxErrorMessagesLength = 1_000_000
const omittedErrorsMessage = 'Further validation errors were omitted'

/** `__proto__`, `prototype` and `constructor` go before class-transformer sees the body. */
function stripProtoKeys(value: unknown): void {
  const stack = [value]
  while (stack.length > 0) {
    const current = stack.pop()
    if (current === null || typeof current !== 'object') continue
    if (Array.isArray(current)) {
      for (const item of Object.values(current)) stack.push(item)
      continue
    }
    const record = current as Record<string, unknown>
    for (const key of ['__proto__', 'prototype', 'constructor']) {
      if (Object.hasOwn(record, key)) Reflect.deleteProperty(record, key)
    }
    for (const key of Object.keys(record)) stack.push(record[key])
  }
}

/** What the flattening reads of class-validator's ValidationError, as plain data. */
interface FieldError {
  property: string
  constraints?: Record<string, string>
  children?: FieldError[]
}

interface Budget {
  remaining: number
  exceeded: boolean
}

/** Drops the errors past the first million characters of messages (each counted with its path). */
function limitErrors(errors: FieldError[], budget: Budget, parentPathLength = 0): FieldError[] {
  const limited: FieldError[] = []
  for (const error of errors) {
    if (budget.remaining <= 0) {
      budget.exceeded = true
      return limited
    }
    const pathLength = parentPathLength + error.property.length + 1
    for (const message of Object.values(error.constraints ?? {})) budget.remaining -= pathLength + message.length
    limited.push({ ...error, children: error.children && limitErrors(error.children, budget, pathLength) })
  }
  return limited
}

function prefixed(parentPath: string | undefined, error: FieldError): FieldError {
  if (!parentPath || !error.constraints) return error
  const constraints = Object.fromEntries(Object.entries(error.constraints).map(([key, message]) => [key, `${parentPath}.${message}`]))
  return { ...error, constraints }
}

/** Every error with its constraints prefixed by its parent's path, parents before children. */
function withPaths(error: FieldError, into: FieldError[], parentPath?: string): void {
  const current = prefixed(parentPath, error)
  if (!error.children?.length) {
    into.push(current)
    return
  }
  if (error.constraints) into.push(current)
  const path = parentPath ? `${parentPath}.${error.property}` : error.property
  for (const child of error.children) withPaths(child, into, path)
}

function flatten(errors: FieldError[]): string[] {
  const all: FieldError[] = []
  for (const error of errors) withPaths(error, all)
  return all.flatMap((error) => Object.values(error.constraints ?? {}))
}

/** Validates a parsed JSON object against `metatype` and answers with the pipe's messages. */
export async function validateBody<T extends object>(metatype: new () => T, body: Record<string, unknown>): Promise<Validated<T>> {
  stripProtoKeys(body)
  const entity = plainToInstance(metatype, body)
  const errors = await validate(entity, { whitelist: true, forbidUnknownValues: false, validationError: { target: false } })
  if (errors.length === 0) return { ok: true, value: entity }
  const budget: Budget = { remaining: maxErrorMessagesLength, exceeded: false }
  const messages = flatten(limitErrors(errors, budget))
  return { ok: false, messages: budget.exceeded ? [...messages, omittedErrorsMessage] : messages }
}
