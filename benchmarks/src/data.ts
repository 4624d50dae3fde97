/** One recipient of the e-mail. `nickname` is absent on purpose: the template's `default` fills it in. */
export interface User {
  first_name: string;
  last_name: string;
  nickname?: string;
  city: string;
  interests: string[];
  bio: string;
  balance: number;
  points: number;
  tier: 'gold' | 'silver' | 'bronze';
  email: string;
}

/** One recommended product. An integral `price` is a Python `int`, any other a `float`. */
export interface Product {
  name: string;
  price: number;
}

/** Everything the e-mail template reads (a type alias, so it passes as a record of render variables). */
export type EmailData = {
  user: User;
  products: Product[];
};

// Prices mix ints (printed as-is), floats that round to a non-integral value, and floats that round to an
// integral one (`34.95|round(1)` is `35.0` in Jinja). None is a value where JavaScript's `Math.round(x * 10)`
// and Python's `round(x, 1)` disagree (`0.15`, `12.25`): the peers' `round` filters use the former.
const products: Product[] = [
  { name: 'linen shirt', price: 49.5 },
  { name: 'salt & pepper mill', price: 24.99 },
  { name: 'WOOL SOCKS', price: 12 },
  { name: 'espresso cups', price: 18.75 },
  { name: 'canvas tote', price: 34.95 },
  { name: 'desk lamp', price: 64.32 },
  { name: 'notebook set', price: 9.9 },
  { name: 'ceramic vase', price: 27.04 },
  { name: 'rain jacket', price: 119 },
  { name: 'tea sampler', price: 14.48 },
  { name: 'leather wallet', price: 45.67 },
  { name: 'yoga mat', price: 29.96 },
  { name: 'water bottle', price: 19.5 },
  { name: 'pour over kettle', price: 52.11 },
  { name: 'wall clock', price: 38.02 },
  { name: 'scented candle', price: 16.89 },
  { name: 'bamboo cutting board', price: 22.3 },
  { name: 'silk scarf', price: 59.99 },
  { name: 'reading glasses', price: 20 },
  { name: 'board game', price: 31.44 },
];

/** The data every engine renders: one user and 20 products. */
export const emailData: EmailData = {
  user: {
    first_name: 'ada',
    last_name: 'lovelace',
    city: 'rio-de-janeiro',
    interests: ['chess', 'poetry', 'analytical engines'],
    bio: 'Writes notes on the analytical engine and enjoys long walks by the sea.',
    balance: 1234.5,
    points: 1250,
    tier: 'silver',
    email: 'Ada.Lovelace@Example.COM',
  },
  products,
};
