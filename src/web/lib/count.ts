/**
 * A count with its noun: '1 space', '3 spaces', '0 spaces'. English plurals are mostly a trailing
 * 's', so only the odd noun needs its plural given ('1 booked event stays', '2 booked events stay').
 */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}
