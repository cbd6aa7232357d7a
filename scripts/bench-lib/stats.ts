/** Median of a list of numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** `<name>: <value> <unit>`, with `digits` decimals. */
export function figure(name: string, value: number, unit: string, digits = 2): void {
  console.log(`${name}: ${value.toFixed(digits)} ${unit}`);
}
