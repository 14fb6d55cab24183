import { ClientResponseError } from 'pocketbase';
import { describeError } from '../../lib/describe-error';
import { pb } from '../../lib/pb';
import { newConsent } from './consent';

export interface SignUpFields {
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  agreed: boolean;
  /** The new nursery's name; not asked when an invitation names the nursery. */
  nurseryName: string;
}

/** The invitation a sign-up joins with (docs/decisions/035): its token, from the mailed link. */
export interface SignUpInvitation {
  token: string;
}

/** The words of docs/product.md#messages, character for character. */
export const signUpMessages = {
  missingFields: 'Please fill in all fields',
  passwordMismatch: 'Passwords do not match',
  termsRequired: 'You must agree to the Terms and Privacy Policy.',
  success: 'Account created! Check your email to verify.',
  // Not in the spec: the account exists but the mail did not go out, so say how to get it.
  mailFailed: 'Account created, but the verification email could not be sent. Use "Didn\'t get a verification email?" to send it again.',
  failed: 'Signup failed.',
  // Not in the spec: an invitation's link proved the address, so there is nothing to verify.
  joined: 'Account created! You can log in now.',
} as const;

/**
 * The first rule of docs/product.md#login that the form breaks, or null when it may be sent. The
 * nursery's name is asked only of a sign-up that starts a nursery, not of one joining by invitation.
 */
export function validateSignUp(fields: SignUpFields, invited = false): string | null {
  if (!fields.email.trim() || !fields.username.trim() || !fields.password || (!invited && !fields.nurseryName.trim()))
    return signUpMessages.missingFields;
  if (fields.password !== fields.confirmPassword) return signUpMessages.passwordMismatch;
  if (!fields.agreed) return signUpMessages.termsRequired;
  return null;
}

const fieldLabels: Record<string, string> = {
  email: 'Email',
  username: 'Username',
  password: 'Password',
  passwordConfirm: 'Confirm Password',
  termsAgreement: 'Terms',
  nurseryName: 'Nursery name',
  invite: 'Invitation',
};

/**
 * What went wrong, in words: every field message the server sent ("Username: ...", e.g. a name
 * already taken), otherwise its message, otherwise the spec's "Signup failed.".
 */
export function describeSignUpError(err: unknown): string {
  if (!(err instanceof ClientResponseError) || err.status >= 500) return describeError(err, signUpMessages.failed);
  const data: unknown = err.response['data'];
  const fieldMessages: string[] = [];
  if (data && typeof data === 'object') {
    for (const [field, problem] of Object.entries(data as Record<string, unknown>)) {
      const message = problem && typeof problem === 'object' ? (problem as { message?: unknown }).message : undefined;
      if (typeof message === 'string' && message) fieldMessages.push(`${fieldLabels[field] ?? field}: ${message}`);
    }
  }
  if (fieldMessages.length > 0) return fieldMessages.join(' ');
  return describeError(err, signUpMessages.failed);
}

/** How a sign-up ended: verified at once (an invitation to this address), or waiting for the mailed link. */
export type SignUpOutcome = { verified: true } | { verified: false; verificationSent: boolean };

/**
 * Creates the account with the consent record: a new nursery of `nurseryName`, or a place in the
 * invitation's nursery. Then, unless the invitation's link already proved the address, asks for
 * the verification mail. Throws the SDK's ClientResponseError when the server refuses the
 * account; a refused mail request is reported as `verificationSent: false`, because the account
 * exists by then.
 */
export async function signUp(fields: SignUpFields, now: Date, invitation?: SignUpInvitation): Promise<SignUpOutcome> {
  const email = fields.email.trim();
  const created = await pb.collection('users').create<{ verified?: boolean }>({
    email,
    username: fields.username.trim(),
    password: fields.password,
    passwordConfirm: fields.password,
    termsAgreement: newConsent(now),
    ...(invitation ? { invite: invitation.token } : { nurseryName: fields.nurseryName.trim() }),
  });
  if (created.verified === true) return { verified: true };
  try {
    await pb.collection('users').requestVerification(email);
    return { verified: false, verificationSent: true };
  } catch {
    return { verified: false, verificationSent: false };
  }
}
