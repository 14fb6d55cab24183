import { TERMS_VERSION, type TermsAgreement } from './current-terms';
import { describeIn, isPlainObject, readText, type FieldError } from '../validation';
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

/** Longest terms version a client may store ("v1.0"; room for "v12.3-draft"). */
export const TERMS_VERSION_MAX_LENGTH = 20;
/** An ISO timestamp with nanoseconds and a zone is 35 characters. */
export const TERMS_TIMESTAMP_MAX_LENGTH = 40;

const AGREEMENT_UNREADABLE: FieldError = {
  code: 'validation_invalid_value',
  message: 'The terms agreement must say agreed (true or false) and the terms version.',
};

/**
 * Reads a change of agreement on one's own account (the Accept Terms screen, or a record left
 * from an older version). Any version may be stored — the access gate decides whether it is the
 * current one — but only a short, clean one (docs/decisions/010). The server stamps its own time, so the
 * timestamp sent is only checked for size.
 */
export function readTermsAgreementChange(value: unknown): { ok: true; value: TermsAgreement } | { ok: false; error: FieldError } {
  if (!isPlainObject(value) || typeof value.agreed !== 'boolean' || typeof value.version !== 'string') {
    return { ok: false, error: AGREEMENT_UNREADABLE };
  }
  const version = readText(value.version, TERMS_VERSION_MAX_LENGTH);
  if (!version.ok) return { ok: false, error: { code: version.error.code, message: describeIn('The terms version', version.error) } };
  const rawTimestamp = value.timestamp ?? '';
  if (typeof rawTimestamp !== 'string') return { ok: false, error: AGREEMENT_UNREADABLE };
  const timestamp = readText(rawTimestamp, TERMS_TIMESTAMP_MAX_LENGTH);
  if (!timestamp.ok) {
    return { ok: false, error: { code: timestamp.error.code, message: describeIn('The time of agreement', timestamp.error) } };
  }
  return { ok: true, value: { agreed: value.agreed, version: version.text, timestamp: timestamp.text } };
}
