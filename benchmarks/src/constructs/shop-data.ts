/**
 * The data every construct renders: one customer of an online shop and the 20 lines of their order, as a
 * service's user attributes and event attributes look. Names carry accents, prices mix floats and ints,
 * optional fields are missing on some lines (templates fill them with `default`), free text has the stray
 * spaces and mixed case that real feeds have. Plain JSON, so Jinja2 reads exactly what the engine reads.
 */

/** One size of a product, with its own stock and price. */
export interface Variant {
  size: string;
  stock: number;
  price: number;
}

/** One line of the order. An integral number is a Python `int`, any other a `float`. */
export interface OrderLine {
  sku: string;
  name: string;
  brand: string;
  category: string;
  price: number;
  quantity: number;
  /** Absent when the line is not on sale. */
  discount?: number;
  in_stock: boolean;
  rating: number;
  reviews: number;
  tags: string[];
  /** Absent on items that come in one colour. */
  color?: string;
  size: string;
  url: string;
  /** The product title as the catalogue feed sends it: padded, mixed case. */
  feed_title: string;
  description: string;
  weight_grams: number;
  added_at: string;
  /** Delivery estimate as `DD/MM/YYYY`, the layout the service's examples use. */
  delivery_date: string;
  /** Attributes shown as a small table, as a dict. */
  specs: Record<string, string>;
  status: 'shipped' | 'processing' | 'backordered' | 'delivered';
  /** Care instructions, one per line. */
  care: string;
  /** A short HTML summary from the CMS. */
  summary_html: string;
  /** The gift message: `null` when the customer left none. */
  gift_message: string | null;
  /** A sentence with a tracking link, for `urlize`. */
  tracking_note: string;
  /** A reference passed through in Base64, as some integrations do. */
  encoded_ref: string;
  /** A query parameter as a link tracker passes it back: percent-encoded, `+` for spaces. */
  ref_param: string;
  /** Two to four sizes: the list the aggregate filters (`sum`, `map`, `selectattr`...) run over. */
  variants: Variant[];
}

/** The customer. `nickname` and `middle_name` are absent on purpose: templates fill them with `default`. */
export interface Customer {
  id: string;
  first_name: string;
  last_name: string;
  nickname?: string;
  email: string;
  phone: string;
  city: string;
  country: string;
  postal_code: string;
  language: string;
  tier: 'bronze' | 'silver' | 'gold' | 'platinum';
  points: number;
  balance: number;
  signup_date: string;
  birthday: string;
  last_login: string;
  interests: string[];
  preferences: Record<string, boolean>;
  /** A short message in Base64, as some integrations pass text through attributes. */
  encoded_note: string;
  /** A percent-encoded return path, as a link tracker passes it. */
  return_path: string;
  /** A 1 KB biography with paragraphs, for the text filters. */
  bio: string;
}

/** A node of the shop's category menu. */
export interface MenuNode {
  title: string;
  children: MenuNode[];
}

/** Everything a construct reads (a type alias, so it passes as a record of render variables). */
export type ShopData = {
  customer: Customer;
  items: OrderLine[];
  order: { number: number; coupon: string; currency: string; shipping: number; placed_at: string };
  /** Categories, each with its products: for a recursive loop. */
  menu: MenuNode[];
};

const line = (
  n: number,
  name: string,
  brand: string,
  category: string,
  price: number,
  quantity: number,
  more: Partial<OrderLine>,
): OrderLine => ({
  sku: `SKU-${10020 + n * 7}`,
  name,
  brand,
  category,
  price,
  quantity,
  in_stock: n % 5 !== 3,
  rating: [4.6, 3.9, 4.2, 5, 4.8][n % 5],
  reviews: 12 + ((n * 37) % 400),
  tags: [['summer', 'bestseller'], ['new'], ['eco', 'gift idea', 'new'], [], ['limited']][n % 5],
  size: ['S', 'M', 'L', 'XL', 'one size'][n % 5],
  url: `https://shop.example.com/p/${10020 + n * 7}?ref=mail`,
  feed_title: `  ${name.toUpperCase()}  `,
  description: `${name[0].toUpperCase()}${name.slice(1)} by ${brand}, made to last and easy to care for. Ships in recycled packaging from our warehouse.`,
  weight_grams: 150 + ((n * 211) % 2400),
  added_at: `2024-03-${String(1 + (n % 9)).padStart(2, '0')}T${String(8 + (n % 12)).padStart(2, '0')}:${String((n * 13) % 60).padStart(2, '0')}:00Z`,
  delivery_date: `${String(11 + (n % 15)).padStart(2, '0')}/03/2024`,
  specs: {
    material: ['cotton', 'linen', 'wool', 'steel', 'ceramic'][n % 5],
    origin: ['Portugal', 'España', 'Việt Nam', 'Türkiye'][n % 4],
  },
  status: (['shipped', 'processing', 'delivered', 'backordered'] as const)[n % 4],
  care: [
    'Machine wash cold.\nDo not tumble dry.\nIron on low heat.',
    'Hand wash only.\n\nDry flat in the shade.',
    'Wipe clean with a damp cloth.\nDo not use abrasive cleaners.',
  ][n % 3],
  summary_html: `<p>${name[0].toUpperCase()}${name.slice(1)} by <b>${brand}</b> &amp; friends.</p>\n<ul><li>Free returns</li><li>Ships in 2 days</li></ul>`,
  gift_message: n % 4 === 1 ? `Feliz aniversário, ${['Ana', 'João', 'Lúcia', 'Zoë', 'Émile'][n % 5]}!` : null,
  tracking_note: `Track parcel ${48213 + n} at https://track.example.com/p/${48213 + n}?lang=pt or reply to this message.`,
  encoded_ref: btoa(`ref:${10020 + n * 7}:${category}`),
  ref_param: encodeURIComponent(`${category}/${name} ${n % 3 === 0 ? 'promoção' : 'novo'}`).replaceAll(
    '%20',
    '+',
  ),
  variants: ['S', 'M', 'L', 'XL'].slice(0, 2 + (n % 3)).map((size, i) => ({
    size,
    stock: (n * 7 + i * 5) % 12,
    price: Math.round((price + i * 2.5) * 100) / 100,
  })),
  ...more,
});

// Prices: floats that do not round to ties at 1 or 2 decimals (JS and Python agree on every one), a few ints.
const items: OrderLine[] = [
  line(0, 'organic cotton t-shirt', 'Maison Océane', 'Apparel', 24.99, 2, { discount: 0.15, color: 'navy' }),
  line(1, 'linen summer dress', 'Atelier Léa', 'Apparel', 89.5, 1, { color: 'sand' }),
  line(2, 'merino wool socks', 'Nordkapp', 'Apparel', 12, 3, { discount: 0.1 }),
  line(3, 'espresso cup set', 'Caffè Milano', 'Kitchen', 34.95, 1, { color: 'white' }),
  line(4, 'cast iron skillet', 'Forge & Co', 'Kitchen', 59, 1, {}),
  line(5, 'bamboo cutting board', 'GreenLeaf', 'Kitchen', 22.3, 2, { discount: 0.2, color: 'natural' }),
  line(6, 'noise cancelling headphones', 'Søndergaard', 'Electronics', 249.99, 1, { color: 'black' }),
  line(7, 'usb-c charging cable', 'Voltra', 'Electronics', 9.9, 4, {}),
  line(8, 'smart desk lamp', 'Lumière', 'Electronics', 64.32, 1, { discount: 0.05, color: 'graphite' }),
  line(9, 'yoga mat', 'Prana Flow', 'Sports', 29.96, 1, { color: 'teal' }),
  line(10, 'trail running shoes', 'Montaña', 'Sports', 119, 1, { discount: 0.25, color: 'orange' }),
  line(11, 'stainless water bottle', 'Fjällräven Lab', 'Sports', 19.5, 2, {}),
  line(12, 'scented candle', 'Maison Océane', 'Home', 16.89, 3, { color: 'amber' }),
  line(13, 'wool throw blanket', 'Nordkapp', 'Home', 79.9, 1, { discount: 0.3 }),
  line(14, 'ceramic vase', 'Atelier Léa', 'Home', 27.04, 1, { color: 'celadon' }),
  line(15, 'pour over coffee kettle', 'Caffè Milano', 'Kitchen', 52.11, 1, {}),
  line(16, 'leather card wallet', 'Cuir Naturel', 'Accessories', 45.67, 1, { color: 'cognac' }),
  line(17, 'silk scarf', 'Atelier Léa', 'Accessories', 59.99, 1, { discount: 0.1, color: 'rosé' }),
  line(18, 'reading glasses', 'Optique Zoë', 'Accessories', 20, 2, {}),
  line(19, 'wooden board game', 'Spielwerk', 'Toys', 31.44, 1, { color: 'oak' }),
];

const menu: MenuNode[] = [];
for (const item of items) {
  let category = menu.find((node) => node.title === item.category);
  if (!category) {
    category = { title: item.category, children: [] };
    menu.push(category);
  }
  category.children.push({ title: item.name, children: [] });
}

/** The data of every construct. */
export const shopData: ShopData = {
  customer: {
    id: 'u-48213',
    first_name: 'josé',
    last_name: 'garcía lópez',
    email: 'Jose.Garcia@Example.COM',
    phone: '+55 11 98765-4321',
    city: 'são paulo',
    country: 'Brasil',
    postal_code: '01310200',
    language: 'pt-BR',
    tier: 'gold',
    points: 12840,
    balance: 1234.5,
    signup_date: '2021-03-14',
    birthday: '14/03/1990',
    last_login: '2024-03-08 17:21:00',
    interests: ['running', 'specialty coffee', 'design', 'board games'],
    preferences: { newsletter: true, sms: false, push: true, partner_offers: false },
    encoded_note: 'T2JyaWdhZG8gcG9yIGNvbXByYXIgY29ub3NjbyEgVm9sdGUgc2VtcHJlLg==',
    return_path: '%2Fconta%2Fpedidos%3Fstatus%3Denviado%26p%3D2',
    bio: 'Designer gráfico em São Paulo.  Corre maratonas aos domingos e coleciona cafés especiais de pequenos produtores.\n\nGosta de jogos de tabuleiro, de livros sobre tipografia e de viajar pela América do Sul com pouca bagagem.  Cliente desde 2021.',
  },
  items,
  order: {
    number: 48213,
    coupon: 'SUMMER-24',
    currency: 'BRL',
    shipping: 14.9,
    placed_at: '2024-03-08T14:32:05Z',
  },
  menu,
};
