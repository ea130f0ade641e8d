import fc from 'fast-check'

// Generators of what a careless or hostile client sends: wrong types, missing and extra fields,
// over-long, unicode and right-to-left text, markup, extreme numbers, times at daylight-saving
// edges, deep nesting, arrays for objects and prototype-pollution keys.

export const MARKUP_TEXTS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  "'; drop table users; --",
] as const

const ODD_TEXTS = [
  'مرحبا بالعالم',
  'שלום עולם',
  '\u202Egnp.exe',
  '\u200F\u200E\u061C',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦🏒',
  '\u0000',
  '\uFEFF',
  '\uD800',
  '\t\n\r',
  '𝕳𝖔𝖈𝖐𝖊𝖞',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x1F',
  '-1',
  '4.5',
  '',
  '   ',
  '__proto__',
  'constructor',
]

// New York springs forward at 2026-03-08 02:00 (02:30 never happens) and falls back at
// 2026-11-01 02:00 (01:30 happens twice).
export const DST_EDGES = [
  '2026-03-08',
  '2026-11-01',
  '02:30',
  '01:30',
  '02:00',
  '2026-03-08T02:30',
  '2026-03-08T02:30:00-05:00',
  '2026-03-08T02:30:00-04:00',
  '2026-03-08T07:30:00.000Z',
  '2026-11-01T01:30',
  '2026-11-01T01:30:00-04:00',
  '2026-11-01T01:30:00-05:00',
  '2026-11-01T05:30:00Z',
  '2026-03-08T02:30:00America/New_York',
  '24:00',
  '23:59:60',
  '2026-02-30',
  '2026-13-01',
  '+275760-09-13T00:00:00.000Z',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '1970-01-01T00:00:00Z',
]

const EXTREME_NUMBERS = [
  -1,
  -0.25,
  -24,
  0,
  0.001,
  0.125,
  1.005,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 31) - 1,
  100_000.01,
  1e21,
  5e-324,
]

const OVER_LONG_LENGTHS = [21, 51, 101, 201, 256, 501, 1001, 20_000]

// Keys that try to reach an object's prototype, or to set what only the server may set.
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'userId',
  'id',
  'role',
  'approved',
  'isAdmin',
  '',
]

/** An own property, even for '__proto__', so JSON.stringify sends it as a key. */
export function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true })
  return target
}

export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...MARKUP_TEXTS),
  fc.constantFrom(...ODD_TEXTS),
  fc.constantFrom(...DST_EDGES),
  fc.constantFrom(...EXTREME_NUMBERS),
  fc
    .constantFrom(...OVER_LONG_LENGTHS)
    .chain((length) => fc.constantFrom('x'.repeat(length), '<script>'.repeat(Math.ceil(length / 8)), 'ش'.repeat(length))),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.uuid(),
)

/** Nested junk, as parsed JSON: arrays of junk, objects with hostile keys, deep nesting. */
export const hostileStructure: fc.Arbitrary<unknown> = fc.oneof(
  fc.array(hostileScalar, { maxLength: 5 }),
  fc
    .array(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), hostileScalar), { maxLength: 4 })
    .map((entries) => entries.reduce<Record<string, unknown>>((target, [key, value]) => withKey(target, key, value), {})),
  fc.integer({ min: 2, max: 200 }).map((depth) => nest(depth)),
  fc.jsonValue({ maxDepth: 3 }),
)

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileScalar, weight: 6 },
  { arbitrary: hostileStructure, weight: 1 },
)

function nest(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value }
  return value
}

/**
 * A valid value turned hostile: an object keeps, changes or loses each of its fields and may
 * gain hostile ones; an array keeps a few mutated items or is replaced; a scalar may be swapped.
 */
export function mutate(valid: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(valid)) {
    return fc.oneof(
      fc.array(mutate(valid[0]), { maxLength: 3 }),
      fc.constant(Array.from({ length: 60 }, () => valid[0])),
      fc.constant(valid[0]),
      hostileValue,
    )
  }
  if (valid !== null && typeof valid === 'object') {
    const fields = Object.entries(valid as Record<string, unknown>).map(([key, value]) =>
      fc.oneof(
        { arbitrary: fc.constant({ key, value, isKept: true }), weight: 3 },
        { arbitrary: mutate(value).map((changed) => ({ key, value: changed, isKept: true })), weight: 3 },
        { arbitrary: fc.constant({ key, value: undefined, isKept: false }), weight: 1 },
      ),
    )
    const extras = fc.array(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), hostileValue), { maxLength: 2 })
    return fc.tuple(fc.tuple(...fields), extras).map(([kept, added]) => {
      const target: Record<string, unknown> = {}
      for (const { key, value, isKept } of kept) if (isKept) withKey(target, key, value)
      for (const [key, value] of added) withKey(target, key, value)
      return target
    })
  }
  return fc.oneof({ arbitrary: fc.constant(valid), weight: 1 }, { arbitrary: hostileValue, weight: 3 })
}

// value: what the text parses to as JSON, if anything.
export type HostileBody = { contentType: string; text: string; value: unknown }

const RAW_TEXTS = [
  '',
  '{',
  '{"name":',
  'null',
  'undefined',
  "{'name':'x'}",
  '{"name":"x",}',
  '\uFEFF{"name":"x"}',
  '{"name":"x"}{"name":"y"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"name":"\\ud800"}',
  'name=x&__proto__[polluted]=1',
]

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=utf-16',
]

/** A request body for a route whose valid body is `valid`, mostly as JSON. */
export function hostileBody(valid: Record<string, unknown>, focus?: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<HostileBody> {
  const values: fc.Arbitrary<unknown>[] = [
    mutate(valid),
    fc.oneof(hostileValue, fc.constant([valid]), fc.array(mutate(valid), { maxLength: 3 })),
  ]
  if (focus) values.push(focus.map((fields) => ({ ...valid, ...fields })))
  const asJson = fc.oneof(...values).map((value) => {
    const text = JSON.stringify(value) ?? ''
    return { contentType: 'application/json', text, value: parseJson(text) }
  })
  const raw = fc.oneof(
    fc.constantFrom(...RAW_TEXTS),
    fc.string({ maxLength: 50 }),
    fc.integer({ min: 100, max: 5000 }).map((depth) => `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`),
  )
  const rawBody = fc
    .tuple(raw, fc.constantFrom('application/json', ...CONTENT_TYPES))
    .map(([text, contentType]) => ({ contentType, text, value: parseJson(text) }))
  const wrongType = fc.constantFrom(...CONTENT_TYPES).map((contentType) => ({ contentType, text: JSON.stringify(valid), value: valid }))
  return fc.oneof({ arbitrary: asJson, weight: 8 }, { arbitrary: rawBody, weight: 1 }, { arbitrary: wrongType, weight: 1 })
}

// As a server reads a body: decoding UTF-8 drops a leading byte-order mark.
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown
  } catch {
    return undefined
  }
}
