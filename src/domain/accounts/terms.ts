import { TERMS_VERSION, type TermsAgreement } from '../records';
import { isPlainObject, type FieldError } from '../validation';
import { isValidCalendarDate } from '../weeks';

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO-8601 date-time with seconds and a zone, as `Date.prototype.toISOString` writes it. */
export function isIsoTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  return isValidCalendarDate(year, month, day) && hour < 24 && minute < 60 && second < 60;
}

/** Checks the consent record sent at sign-up and by the Accept Terms screen. Only an agreement
 * to the current version is accepted: agreeing to an older one would not pass the gate. */
export function validateTermsAgreement(value: unknown): { ok: true; value: TermsAgreement } | { ok: false; error: FieldError } {
  if (!isPlainObject(value) || value.agreed !== true) {
    return { ok: false, error: { code: 'validation_required', message: 'You must agree to the Terms and Privacy Policy.' } };
  }
  if (value.version !== TERMS_VERSION) {
    return {
      ok: false,
      error: {
        code: 'validation_invalid_value',
        message: `Please agree to the current terms (${TERMS_VERSION}). Reload the page and try again.`,
      },
    };
  }
  if (!isIsoTimestamp(value.timestamp)) {
    return {
      ok: false,
      error: { code: 'validation_invalid_value', message: 'The time of agreement is missing. Reload the page and try again.' },
    };
  }
  return { ok: true, value: { agreed: true, version: TERMS_VERSION, timestamp: value.timestamp } };
}
