// Seeded prospect rows for the benchmarks: the same seed gives the same rows on every run, so runs compare.
// The values carry what real files hold: accents, apostrophes, commas, doubled quotes, line breaks and
// backslashes in Notes. Each bench keeps the word lists it has always used, so that its figures stay
// comparable with its earlier runs: `IMPORT_WORDS` (bench:csv, the longer lists) and `API_WORDS` (bench:api).

export const COLUMNS = [
  "First Name",
  "Last Name",
  "Email",
  "Title",
  "Company",
  "Website",
  "City",
  "Country",
  "Industry",
  "Employees",
  "LinkedIn",
  "Notes",
];

/** Rows generated when no seed is named. */
const DEFAULT_SEED = 20240601;

const SUFFIX = ["Labs", "Cloud", "Robotics", "Foods", "Studio", "Health", "Analytics", "Logistics"];
const INDUSTRIES = ["SaaS", "Fintech", "E-commerce", "Healthcare", "Logistics", "Manufacturing"];

export const IMPORT_WORDS = {
  first: [
    "Łukasz",
    "Zoë",
    "Siobhán",
    "José",
    "Chloé",
    "Maëlle",
    "Sofía",
    "Jürgen",
    "Åsa",
    "Priya",
    "Kenji",
    "Olu",
    "Mateo",
    "Aiko",
    "Liam",
    "Ava",
    "Noémie",
    "François",
    "Ştefan",
    "Dvořák",
  ],
  last: [
    "O'Brien",
    "Müller",
    "García",
    "Kowalski",
    "Nguyen",
    "Johansson",
    "Dubois",
    "Rossi",
    "Okafor",
    "Smith",
    "Patel",
    "Søndergaard",
    "Nakamura",
    "Łęcka",
    "Çelik",
  ],
  titles: [
    "CTO",
    "VP Sales",
    "Head of Growth",
    "Founder & CEO",
    "Marketing Manager",
    "Director, Partnerships",
    "Operations Lead",
  ],
  prefix: [
    "Acme",
    "Globex",
    "Initech",
    "Umbrella",
    "Hooli",
    "Stark",
    "Wayne",
    "Tyrell",
    "Vandelay",
    "Soylent",
    "Cyberdyne",
    "Northwind",
  ],
  suffix: SUFFIX,
  places: [
    ["Berlin", "Germany"],
    ["Kraków", "Poland"],
    ["São Paulo", "Brazil"],
    ["Osaka", "Japan"],
    ["Lagos", "Nigeria"],
    ["Dublin", "Ireland"],
    ["Austin", "USA"],
    ["Lyon", "France"],
    ["Malmö", "Sweden"],
  ],
  industries: INDUSTRIES,
  notes: [
    "",
    "Prefers e-mail, not calls",
    'Hiring 3 SDRs, "scaling fast"',
    "Line one\nline two",
    "Met at SaaStr, asked about pricing",
    "Uses a competitor, renewal in Q3\r\nFollow up in May",
    "Café owner; très intéressé — “smart quotes”",
  ],
};

/** `list` without `drop`, in its order. */
const without = (list, ...drop) => list.filter((x) => !drop.includes(Array.isArray(x) ? x[0] : x));

/** bench:api's lists: shorter ones taken from `IMPORT_WORDS`, and a note with backslashes (COPY doubles them). */
export const API_WORDS = {
  first: IMPORT_WORDS.first.slice(0, 11),
  last: without(IMPORT_WORDS.last, "Rossi", "Okafor", "Smith", "Patel", "Nakamura", "Łęcka"),
  titles: IMPORT_WORDS.titles.slice(0, 6),
  prefix: without(IMPORT_WORDS.prefix, "Soylent", "Cyberdyne"),
  suffix: SUFFIX,
  places: without(IMPORT_WORDS.places, "Dublin", "Lyon"),
  industries: INDUSTRIES,
  notes: [...without(IMPORT_WORDS.notes, "Met at SaaStr, asked about pricing"), "Path C:\\Users\\bench (backslashes)"],
};

/** A small seeded generator of numbers in [0, 1) (mulberry32): fast, and the same sequence for a seed. */
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Letters only, lower case, accents dropped: the e-mail and domain form of a name. */
const ascii = (s) =>
  s
    .normalize("NFD")
    .replace(/[^a-zA-Z]/g, "")
    .toLowerCase() || "x";

/** `count` rows keyed by `COLUMNS`, the same for the same seed and words. */
export function generateRows(count, { seed = DEFAULT_SEED, words = IMPORT_WORDS } = {}) {
  const rand = seededRandom(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const rows = new Array(count);
  for (let i = 0; i < count; i++) {
    const first = pick(words.first);
    const last = pick(words.last);
    const company = `${pick(words.prefix)} ${pick(words.suffix)}`;
    const domain = `${ascii(company)}.example`;
    const [city, country] = pick(words.places);
    rows[i] = {
      "First Name": first,
      "Last Name": last,
      Email: `${ascii(first)}.${ascii(last)}.${i}@${domain}`,
      Title: pick(words.titles),
      Company: company,
      Website: `https://www.${domain}`,
      City: city,
      Country: country,
      Industry: pick(words.industries),
      Employees: String(1 + Math.floor(rand() * 5000)),
      LinkedIn: `https://linkedin.example/in/${i}`,
      Notes: i % 7 === 0 ? `${pick(words.notes)} (#${i})` : pick(words.notes),
    };
  }
  return rows;
}

function csvField(value) {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** CSV text as spreadsheets write it: a header line, CRLF line ends, fields quoted only when they must be. */
export function toCsv(columns, rows) {
  const lines = [columns.map(csvField).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvField(row[c] ?? "")).join(","));
  return lines.join("\r\n") + "\r\n";
}
