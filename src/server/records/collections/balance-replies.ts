import { balanceReplies } from '#domain/collections/balance-replies';
import { IN_NURSERY, MEMBER, type AccessRules } from '../access-rules';
import { serverCollection } from '../collection';

/** The answer for writing a confirmation or dispute through the records API. */
export const REPLIES_BY_THEIR_ROUTE =
  "A customer confirms or disputes its balance from its balance link, and the office resolves a dispute from the customer's ledger; it cannot be written here.";

/**
 * Every member reads the nursery's confirmations and disputes (live, docs/decisions/078); the
 * customer writes them through its balance link and the office resolves them through their
 * route (an adjustment and the dispute in one transaction), never through the records API.
 */
const rules: AccessRules = {
  list: { gate: MEMBER, condition: IN_NURSERY },
  view: { gate: MEMBER, condition: IN_NURSERY },
  create: { gate: MEMBER, condition: null, deny: REPLIES_BY_THEIR_ROUTE },
  update: { gate: MEMBER, condition: IN_NURSERY, deny: REPLIES_BY_THEIR_ROUTE },
  delete: { gate: MEMBER, condition: IN_NURSERY, deny: REPLIES_BY_THEIR_ROUTE },
};

/** Balance replies (fields: src/domain/collections/balance-replies.ts). */
export const balanceRepliesCollection = serverCollection(balanceReplies, { rules, needsDeletePassword: false });
