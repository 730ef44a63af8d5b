// The DTOs carry class-validator's and class-transformer's decorators as a NestJS service
// writes them (`@IsInt() price`), applied here by call rather than by syntax: the same
// classes then build under tsc, tsx, vitest and electron-vite with no decorator setting
// in any of them.

type PropertyDecorator = (target: object, propertyKey: string) => void

/**
 * Applies each property's decorators as TypeScript's `__decorate` does for
 * `@A() @B() property`: the one written last first, so the metadata (and the order of
 * the messages) is the same as for the decorated class.
 */
export function decorateProperties(target: abstract new () => object, rules: Record<string, PropertyDecorator[]>): void {
  for (const [property, decorators] of Object.entries(rules)) {
    for (const decorator of [...decorators].reverse()) decorator(target.prototype as object, property)
  }
}
