import type { FieldValues, Resolver } from 'react-hook-form'
import type { ZodType } from 'zod'

/**
 * A zodResolver whose schema (and zod with it) loads after the first paint. For the public
 * entry screens, where zod would otherwise be most of the JavaScript between a phone and its
 * first paint (issue 9's Lighthouse budget). Start `load` when the module loads, so the schema
 * has arrived by the time anyone submits.
 */
export function lazyZodResolver<Values extends FieldValues>(load: Promise<ZodType<Values, FieldValues>>): Resolver<Values> {
  const resolver = Promise.all([import('@hookform/resolvers/zod'), load]).then(
    // The schema parses to the same shape it reads, so input and output values are one type.
    ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<Values>,
  )
  return async (values, context, options) => (await resolver)(values, context, options)
}
