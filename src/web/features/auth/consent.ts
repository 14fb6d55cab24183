import { TERMS_VERSION, type TermsAgreement } from '#domain/records';

/** The consent record sent at sign-up and on /accept-terms (docs/product.md#accounts). */
export function newConsent(now: Date): TermsAgreement {
  return { agreed: true, timestamp: now.toISOString(), version: TERMS_VERSION };
}
