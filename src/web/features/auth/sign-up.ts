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
} as const;

/** The first rule of docs/product.md#login that the form breaks, or null when it may be sent. */
export function validateSignUp(fields: SignUpFields): string | null {
  if (!fields.email.trim() || !fields.username.trim() || !fields.password) return signUpMessages.missingFields;
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

/**
 * Creates the account with the consent record, then asks for the verification mail.
 * Throws the SDK's ClientResponseError when the server refuses the account; a refused mail
 * request is reported as `verificationSent: false`, because the account exists by then.
 */
export async function signUp(fields: SignUpFields, now: Date): Promise<{ verificationSent: boolean }> {
  const email = fields.email.trim();
  await pb.collection('users').create({
    email,
    username: fields.username.trim(),
    password: fields.password,
    passwordConfirm: fields.password,
    termsAgreement: newConsent(now),
  });
  try {
    await pb.collection('users').requestVerification(email);
    return { verificationSent: true };
  } catch {
    return { verificationSent: false };
  }
}
