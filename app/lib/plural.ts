/** "1 invoice", "2 invoices", "0 credit notes": a count with its noun, plural unless it is one. */
export function countOf(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}
