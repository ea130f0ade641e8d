import type { FieldValues, Resolver } from 'react-hook-form'
import type { ZodType } from 'zod'

/**
 * A zodResolver whose schema (and zod with it) loads after the first paint. For the public
 * entry screens, where zod would otherwise be most of the JavaScript between a phone and its
 * first paint (the Lighthouse budget in docs/benchmarks.md). Loading starts at once, so the schema has arrived
 * by the time anyone submits; a load that failed (a dropped connection) is tried again on the
 * next submit.
 */
export function lazyZodResolver<Values extends FieldValues>(loadSchema: () => Promise<ZodType<Values, FieldValues>>): Resolver<Values> {
  const load = () =>
    Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      // The schema parses to the same shape it reads, so input and output values are one type.
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<Values>,
    )
  // Not while the build renders the page to HTML (src/web/prerender.tsx): nothing is submitted there.
  let resolver = typeof window === 'undefined' ? null : load()
  return async (values, context, options) => {
    try {
      resolver ??= load()
      return (await resolver)(values, context, options)
    } catch (error) {
      resolver = load()
      throw error
    }
  }
}
