/**
 * Why the engine reads a template's attributes through `propertyLoad(key)` (packages/core/src/runtime/access.ts):
 * V8 keeps an inline cache per function, so one shared `(object, key) => object[key]` that has seen several keys
 * and object shapes goes megamorphic, while a copy of the same function that has only seen one key stays fast.
 * Reads `item.name` and `item.sku` over the order lines three ways, after teaching the shared function other
 * keys and shapes as other templates in the process would. Run with `pnpm bench:property-loads`.
 */
import { shopData } from './constructs/index';

type Load = (object: Record<string, unknown>, key: string) => unknown;

const items = shopData.items as unknown as Record<string, unknown>[];

/** What `isPlain` asks of every object: V8 answers from an inline cache shared by every template too. */
const isPlain = (o: Record<string, unknown>) => o.constructor === Object;
const shared: Load = (object, key) => object[key];
const forName: Load = (object, key) => object[key];
const forSku: Load = (object, key) => object[key];

// Other templates' keys and shapes.
const shapes = Array.from(
  { length: 200 },
  (_, i) => JSON.parse(`{"k${i}": 1, "x": 2}`) as Record<string, unknown>,
);
for (const key of ['k1', 'x', 'name', 'price', 'url']) {
  for (let round = 0; round < 200; round++) for (const shape of shapes) isPlain(shape) && shared(shape, key);
}

/** Milliseconds of CPU time this process has used. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Reads per second of `read` over every order line, timed on CPU for `ms`. */
function readsPerSecond(read: (item: Record<string, unknown>) => number, ms: number): number {
  let n = 0;
  let sink = 0;
  const start = cpuMs();
  let now = start;
  while (now < start + ms) {
    for (let round = 0; round < 100; round++) for (const item of items) sink += read(item);
    n += 100 * items.length * 2;
    now = cpuMs();
  }
  if (sink < 0) console.log(sink);
  return (n / (now - start)) * 1000;
}

const contenders: [string, (item: Record<string, unknown>) => number][] = [
  [
    'one shared function',
    (item) =>
      isPlain(item) ? (shared(item, 'name') as string).length + (shared(item, 'sku') as string).length : 0,
  ],
  [
    'a copy per key',
    (item) =>
      isPlain(item) ? (forName(item, 'name') as string).length + (forSku(item, 'sku') as string).length : 0,
  ],
  ['hand-written item.name', (item) => (item.name as string).length + (item.sku as string).length],
];
for (const [, read] of contenders) readsPerSecond(read, 300);
for (const [name, read] of contenders) {
  const rates = [0, 1, 2].map(() => readsPerSecond(read, 300)).sort((a, b) => a - b);
  console.log(`${name.padEnd(24)} ${(1e9 / rates[1]).toFixed(1)} ns a read`);
}
