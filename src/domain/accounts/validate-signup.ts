import type { TermsAgreement } from './current-terms';
import {
  BLANK,
  bodyError,
  findForbiddenCharacters,
  isPlainObject,
  readText,
  type FieldError,
  type FieldErrors,
  type ValidationResult,
} from '../validation';
import { isCommonPassword } from './common-passwords';
import { validateTermsAgreement } from './terms';

export interface SignupFields {
  /** Trimmed and lower-cased, so one address cannot sign up twice in different cases. */
  email: string;
  username: string;
  password: string;
  termsAgreement: TermsAgreement;
  /** The name teammates see ('' when not given: the username shows). */
  name: string;
  /** The new nursery's name, trimmed ('' when not given: it is named after the person). */
  nurseryName: string;
  /** The invitation joining an existing nursery ('' for none: the person makes a new one). */
  invite: string;
}

export const DISPLAY_NAME_MAX_LENGTH = 100;
export const NURSERY_NAME_MAX_LENGTH = 100;
/** Invitation tokens are much shorter; anything longer is no invitation. */
const INVITE_MAX_LENGTH = 2000;

export const PASSWORD_MIN_LENGTH = 10;
/** bcrypt ignores bytes after 72; we keep the same ceiling whichever hash is used. */
export const PASSWORD_MAX_LENGTH = 72;

const USERNAME = /^[A-Za-z0-9_.-]{3,50}$/;
// Deliberately loose: the verification mail is the real check that an address works.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function normalizeDomains(allowedDomains: readonly string[]): string[] {
  return allowedDomains.map((domain) => domain.trim().toLowerCase().replace(/^@/, '')).filter((domain) => domain !== '');
}

/** Whether an address may sign up (SIGNUP_ALLOWED_DOMAINS; an empty list allows any). */
export function isEmailDomainAllowed(email: string, allowedDomains: readonly string[]): boolean {
  const domains = normalizeDomains(allowedDomains);
  const domain = normalizeEmail(email).split('@').pop() ?? '';
  return domains.length === 0 || domains.includes(domain);
}

/** An address a person gives (sign-up, or a yard account adding one): well formed, and of an allowed domain. */
export function checkEmail(
  value: unknown,
  allowedDomains: readonly string[],
): { ok: true; email: string } | { ok: false; error: FieldError } {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return { ok: false, error: BLANK };
  if (typeof value !== 'string' || value.length > 254 || !EMAIL.test(value.trim()) || findForbiddenCharacters(value, 'single-line')) {
    return { ok: false, error: { code: 'validation_is_email', message: 'Must be a valid email address.' } };
  }
  const email = normalizeEmail(value);
  if (!isEmailDomainAllowed(email, allowedDomains)) {
    return {
      ok: false,
      error: {
        code: 'validation_email_domain_not_allowed',
        message: `Sign-up is limited to addresses at: ${normalizeDomains(allowedDomains).join(', ')}.`,
      },
    };
  }
  return { ok: true, email };
}

/**
 * Checks a new password and its confirmation (sign-up, password reset, own password change and
 * the operator CLI): 10 to 72 characters, not only whitespace, not one of the most common
 * passwords. Errors are keyed `password` and `passwordConfirm`, as PocketBase returns them.
 */
export function validatePasswordPair(password: unknown, passwordConfirm: unknown): ValidationResult<{ password: string }> {
  const errors: FieldErrors = {};
  if (password === undefined || password === null || password === '') errors.password = BLANK;
  else if (typeof password !== 'string') errors.password = { code: 'validation_invalid_type', message: 'Must be text.' };
  else if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    errors.password = {
      code: 'validation_length_out_of_range',
      message:
        password.length < PASSWORD_MIN_LENGTH
          ? `Must be at least ${PASSWORD_MIN_LENGTH} characters.`
          : `Must be ${PASSWORD_MAX_LENGTH} characters or fewer.`,
    };
  } else if (password.trim() === '') {
    errors.password = { code: 'validation_password_blank', message: 'Cannot be only spaces. Use a few words or letters and numbers.' };
  } else if (isCommonPassword(password)) {
    errors.password = {
      code: 'validation_password_too_common',
      message: 'This is one of the most common passwords and is easy to guess. Choose another, such as three unrelated words.',
    };
  }
  if (passwordConfirm === undefined || passwordConfirm === null || passwordConfirm === '') errors.passwordConfirm = BLANK;
  else if (passwordConfirm !== password) errors.passwordConfirm = { code: 'validation_values_mismatch', message: "Values don't match." };

  if (Object.keys(errors).length > 0 || typeof password !== 'string') return { ok: false, errors };
  return { ok: true, value: { password } };
}

/** A username: 3 to 50 letters, digits, dots, dashes or underscores (sign-up and renames alike). */
export function validateUsername(username: unknown): ValidationResult<string> {
  if (username === undefined || username === null || username === '') return { ok: false, errors: { username: BLANK } };
  if (typeof username !== 'string' || !USERNAME.test(username)) {
    return {
      ok: false,
      errors: {
        username: {
          code: 'validation_invalid_username',
          message: 'Use 3 to 50 letters, numbers, dots, dashes or underscores, with no spaces.',
        },
      },
    };
  }
  return { ok: true, value: username };
}

/** An optional one-line text of the sign-up form: trimmed, '' when not sent. */
function optionalLine(value: unknown, max: number): { ok: true; text: string } | { ok: false; error: FieldError } {
  const read = readText(value, max);
  return read.ok ? { ok: true, text: read.text.trim() } : read;
}

/** The name a nursery made at sign-up without a name gets: the person's ("Ann's nursery"), renamable later. */
export function defaultNurseryName(name: string, username: string): string {
  return `${name.trim() || username}'s nursery`.slice(0, NURSERY_NAME_MAX_LENGTH);
}

/**
 * Checks a sign-up body (POST /api/collections/users/records): e-mail, username, password
 * twice and the consent record; optionally a display name, the new nursery's name, or an
 * invitation to an existing one (docs/decisions/036). Only these are read: the server refuses by
 * name a field a client may not set (`verified`, `role` …) before it calls this
 * (docs/decisions/018).
 */
export function validateSignup(input: unknown, allowedDomains: readonly string[]): ValidationResult<SignupFields> {
  if (!isPlainObject(input)) return { ok: false, errors: bodyError('sign-up form') };
  const errors: FieldErrors = {};

  const email = checkEmail(input.email, allowedDomains);
  if (!email.ok) errors.email = email.error;

  const { username } = input;
  const usernameCheck = validateUsername(username);
  if (!usernameCheck.ok) Object.assign(errors, usernameCheck.errors);

  const passwords = validatePasswordPair(input.password, input.passwordConfirm);
  if (!passwords.ok) Object.assign(errors, passwords.errors);

  const terms = validateTermsAgreement(input.termsAgreement);
  if (!terms.ok) errors.termsAgreement = terms.error;

  const name = optionalLine(input.name, DISPLAY_NAME_MAX_LENGTH);
  if (!name.ok) errors.name = name.error;
  const nurseryName = optionalLine(input.nurseryName, NURSERY_NAME_MAX_LENGTH);
  if (!nurseryName.ok) errors.nurseryName = nurseryName.error;
  const invite = optionalLine(input.invite, INVITE_MAX_LENGTH);
  if (!invite.ok) errors.invite = invite.error;

  if (
    Object.keys(errors).length > 0 ||
    !email.ok ||
    !passwords.ok ||
    !terms.ok ||
    !name.ok ||
    !nurseryName.ok ||
    !invite.ok ||
    typeof username !== 'string'
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: {
      email: email.email,
      username,
      password: passwords.value.password,
      termsAgreement: terms.value,
      name: name.text,
      nurseryName: nurseryName.text,
      invite: invite.text,
    },
  };
}

/**
 * An e-mail address someone is invited at (docs/decisions/035): the same rules as sign-up's, so
 * nobody is invited at an address they could not sign up with.
 */
export function readEmailAddress(
  value: unknown,
  allowedDomains: readonly string[],
): { ok: true; email: string } | { ok: false; error: FieldError } {
  return checkEmail(value, allowedDomains);
}
