import { TERMS_VERSION, type TermsAgreement } from '../records';

// Kept apart from the validators: the web gate runs this before first paint, and a bundler
// moves whole modules, so importing it must not pull the validation code into the board chunk.

/** Whether a user may use the protected screens and collections (access gate, docs/decisions/005). */
export function hasAcceptedCurrentTerms(termsAgreement: TermsAgreement | null | undefined): boolean {
  return termsAgreement?.agreed === true && termsAgreement.version === TERMS_VERSION;
}
