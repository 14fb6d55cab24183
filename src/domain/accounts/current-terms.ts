// Kept apart from the validators: the web gate runs this before first paint, and a bundler
// moves whole modules, so importing it must not pull the validation code into the board chunk.

/** The version of the Terms and Privacy Policy a user must have agreed to (docs/decisions/005). */
export const TERMS_VERSION = 'v1.0';

/** A user's agreement to the Terms, as stored on their account (`termsAgreement`). */
export interface TermsAgreement {
  agreed: boolean;
  /** ISO time at which the user agreed. */
  timestamp: string;
  version: string;
}

/** Whether a user may use the protected screens and collections (access gate, docs/decisions/005). */
export function hasAcceptedCurrentTerms(termsAgreement: TermsAgreement | null | undefined): boolean {
  return termsAgreement?.agreed === true && termsAgreement.version === TERMS_VERSION;
}
