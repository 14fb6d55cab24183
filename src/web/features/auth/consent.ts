import { TERMS_VERSION, type TermsAgreement } from '#domain/records';

/** The consent record the spec sends at sign-up and on /accept-terms (section 3). */
export function newConsent(now: Date): TermsAgreement {
  return { agreed: true, timestamp: now.toISOString(), version: TERMS_VERSION };
}
