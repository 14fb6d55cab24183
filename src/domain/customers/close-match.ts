// Close matches of a typed customer name (docs/decisions/062): "Hillside Garden Centre Ltd." and
// "hillside garden centre" are the same customer to the people typing them. Accents, case,
// punctuation, spacing and a company suffix ("Ltd", "Limited") are ignored; nothing else is
// guessed, so "Hillside" and "Hillside Nursery" stay two names.

/** Company suffixes a name may end with or leave off; removed wherever they stand as a word. */
const SUFFIX_WORDS = new Set(['ltd', 'limited']);

/** A name as close matches compare it: lower case, no accents, no punctuation, no "Ltd"/"Limited", one space between words. */
export function closeNameKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/gu, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '' && !SUFFIX_WORDS.has(word));
  return words.join(' ');
}

/** A postcode as compared: upper case, no spaces ("gl7 1ab" is "GL71AB"). */
export function postcodeKey(postcode: string): string {
  return postcode.normalize('NFKC').toUpperCase().replace(/\s+/gu, '');
}

export interface NamedCustomer {
  id: string;
  name: string;
  postcode: string;
}

/** The most close matches offered for one name: a short list a person reads at a glance. */
export const CLOSE_MATCHES_SHOWN = 5;

/**
 * The customers a typed name (and postcode, if any) could mean: those whose name is the same once
 * accents, case, punctuation and "Ltd"/"Limited" are ignored. Those with the same postcode come
 * first, then by name. An empty name matches nobody.
 */
export function closeMatches<T extends NamedCustomer>(name: string, postcode: string, customers: readonly T[]): T[] {
  const key = closeNameKey(name);
  if (key === '') return [];
  const wantedPostcode = postcodeKey(postcode);
  const samePostcode = (customer: T) => wantedPostcode !== '' && postcodeKey(customer.postcode) === wantedPostcode;
  return customers
    .filter((customer) => closeNameKey(customer.name) === key)
    .sort((a, b) => Number(samePostcode(b)) - Number(samePostcode(a)) || a.name.localeCompare(b.name))
    .slice(0, CLOSE_MATCHES_SHOWN);
}

/**
 * The one customer an order saved with a new name should be linked to instead of a new customer:
 * the single close match with the same postcode (or the single close match when either postcode
 * is blank). Null when there is none or more than one: then a person decides.
 */
export function sameCustomer<T extends NamedCustomer>(name: string, postcode: string, customers: readonly T[]): T | null {
  const matches = closeMatches(name, postcode, customers);
  const wanted = postcodeKey(postcode);
  const fitting = matches.filter((customer) => {
    const theirs = postcodeKey(customer.postcode);
    return wanted === '' || theirs === '' || theirs === wanted;
  });
  return fitting.length === 1 ? (fitting[0] ?? null) : null;
}

/** "Hillside Garden Centre, GL7 1AB": how a close match is offered ("Did you mean …?"). */
export function customerWithPostcode(customer: Pick<NamedCustomer, 'name' | 'postcode'>): string {
  const postcode = customer.postcode.trim();
  return postcode === '' ? customer.name.trim() : `${customer.name.trim()}, ${postcode}`;
}
