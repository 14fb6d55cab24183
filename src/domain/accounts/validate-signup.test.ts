import { describe, expect, it } from 'vitest';
import { defaultNurseryName, isEmailDomainAllowed, validatePasswordPair, validateSignup } from './validate-signup';

const terms = { agreed: true, version: 'v1.0', timestamp: '2026-11-21T10:04:05.123Z' };
const form = {
  email: 'Sam@Greenfields.co.uk',
  username: 'sam.yard-1',
  password: 'pallets-and-pots',
  passwordConfirm: 'pallets-and-pots',
  termsAgreement: terms,
};
const errorsOf = (result: ReturnType<typeof validateSignup>) => (result.ok ? {} : result.errors);

describe('validateSignup', () => {
  it('accepts a complete sign-up and lower-cases the e-mail', () => {
    expect(validateSignup({ ...form, verified: true }, [])).toEqual({
      ok: true,
      value: {
        email: 'sam@greenfields.co.uk',
        username: 'sam.yard-1',
        password: 'pallets-and-pots',
        termsAgreement: terms,
        name: '',
        nurseryName: '',
        invite: '',
      },
    });
  });

  it('reads the optional name, nursery name and invitation, trimmed, each one line of limited length', () => {
    const read = validateSignup({ ...form, name: ' Sam Yard ', nurseryName: '  Greenfields Nursery ', invite: ' abc ' }, []);
    expect(read.ok && [read.value.name, read.value.nurseryName, read.value.invite]).toEqual(['Sam Yard', 'Greenfields Nursery', 'abc']);
    expect(errorsOf(validateSignup({ ...form, nurseryName: 'x'.repeat(101), name: 'two\nlines' }, []))).toEqual({
      nurseryName: { code: 'validation_max_text_constraint', message: 'Must be 100 characters or fewer.' },
      name: expect.objectContaining({ code: expect.any(String) }),
    });
    expect(defaultNurseryName('', 'sam.yard-1')).toBe("sam.yard-1's nursery");
    expect(defaultNurseryName('Sam', 'sam.yard-1')).toBe("Sam's nursery");
  });

  it('reports every missing field at once', () => {
    expect(errorsOf(validateSignup({}, []))).toEqual({
      email: { code: 'validation_required', message: 'Cannot be blank.' },
      username: { code: 'validation_required', message: 'Cannot be blank.' },
      password: { code: 'validation_required', message: 'Cannot be blank.' },
      passwordConfirm: { code: 'validation_required', message: 'Cannot be blank.' },
      termsAgreement: { code: 'validation_required', message: 'You must agree to the Terms and Privacy Policy.' },
    });
  });

  it.each(['sam', 'sam@', '@greenfields.co.uk', 'sam@greenfields', 'sam smith@greenfields.co.uk'])('refuses e-mail %s', (email) => {
    expect(errorsOf(validateSignup({ ...form, email }, []))).toEqual({
      email: { code: 'validation_is_email', message: 'Must be a valid email address.' },
    });
  });

  it.each([
    ['ab', false],
    ['abc', true],
    ['a'.repeat(50), true],
    ['a'.repeat(51), false],
    ['sam smith', false],
    ['sam@yard', false],
    ['Sam_Yard.2-b', true],
  ])('username %s accepted: %s', (username, accepted) => {
    expect(validateSignup({ ...form, username }, []).ok).toBe(accepted);
  });

  it('limits sign-up to the allowed domains, ignoring case', () => {
    expect(validateSignup(form, ['GREENFIELDS.co.uk']).ok).toBe(true);
    expect(errorsOf(validateSignup({ ...form, email: 'sam@gmail.com' }, ['a.com', ' B.com ']))).toEqual({
      email: { code: 'validation_email_domain_not_allowed', message: 'Sign-up is limited to addresses at: a.com, b.com.' },
    });
  });

  it('does not accept a subdomain or a look-alike of an allowed domain', () => {
    expect(isEmailDomainAllowed('sam@mail.a.com', ['a.com'])).toBe(false);
    expect(isEmailDomainAllowed('sam@xa.com', ['a.com'])).toBe(false);
    expect(isEmailDomainAllowed('sam@A.COM', ['@a.com'])).toBe(true);
    expect(isEmailDomainAllowed('sam@anything.org', ['', ' '])).toBe(true);
  });

  it.each([
    [{ agreed: false, version: 'v1.0', timestamp: terms.timestamp }, 'You must agree to the Terms and Privacy Policy.'],
    [true, 'You must agree to the Terms and Privacy Policy.'],
    [{ ...terms, version: 'v0.9' }, 'Please agree to the current terms (v1.0). Reload the page and try again.'],
    [{ ...terms, timestamp: 'yesterday' }, 'The time of agreement is missing. Reload the page and try again.'],
    [{ ...terms, timestamp: '2026-02-30T10:00:00Z' }, 'The time of agreement is missing. Reload the page and try again.'],
  ])('refuses terms agreement %o', (termsAgreement, message) => {
    expect(errorsOf(validateSignup({ ...form, termsAgreement }, [])).termsAgreement?.message).toBe(message);
  });
});

describe('validatePasswordPair', () => {
  it.each([
    ['pallets-10', 'pallets-10', {}],
    ['short', 'short', { password: { code: 'validation_length_out_of_range', message: 'Must be at least 10 characters.' } }],
    ['12345678', '12345678', { password: { code: 'validation_length_out_of_range', message: 'Must be at least 10 characters.' } }],
    ['password', 'password', { password: { code: 'validation_length_out_of_range', message: 'Must be at least 10 characters.' } }],
    ['         ', '         ', { password: { code: 'validation_length_out_of_range', message: 'Must be at least 10 characters.' } }],
    [
      ' '.repeat(12),
      ' '.repeat(12),
      { password: { code: 'validation_password_blank', message: 'Cannot be only spaces. Use a few words or letters and numbers.' } },
    ],
    [
      '\t\n'.repeat(6),
      '\t\n'.repeat(6),
      { password: { code: 'validation_password_blank', message: 'Cannot be only spaces. Use a few words or letters and numbers.' } },
    ],
    ['x'.repeat(73), 'x'.repeat(73), { password: { code: 'validation_length_out_of_range', message: 'Must be 72 characters or fewer.' } }],
    ['pallets-10', 'pallets-20', { passwordConfirm: { code: 'validation_values_mismatch', message: "Values don't match." } }],
    ['pallets-10', '', { passwordConfirm: { code: 'validation_required', message: 'Cannot be blank.' } }],
  ])('%s / %s', (password, passwordConfirm, errors) => {
    const result = validatePasswordPair(password, passwordConfirm);
    expect(result.ok ? {} : result.errors).toEqual(errors);
  });

  it('accepts exactly 10 and exactly 72 characters', () => {
    expect(validatePasswordPair('x'.repeat(9) + 'y', 'x'.repeat(9) + 'y').ok).toBe(true);
    expect(validatePasswordPair('x'.repeat(72), 'x'.repeat(72)).ok).toBe(true);
  });
});

describe('common passwords', () => {
  const TOO_COMMON = {
    password: {
      code: 'validation_password_too_common',
      message: 'This is one of the most common passwords and is easy to guess. Choose another, such as three unrelated words.',
    },
  };

  it.each([
    '1234567890',
    'qwertyuiop',
    'password123',
    'iloveyou12',
    'Password123',
    'QWERTYUIOP',
    ' 1q2w3e4r5t ',
    'Trolleyboard',
    'summer2026',
  ])('refuses %j in any letter case', (password) => {
    const result = validatePasswordPair(password, password);
    expect(result.ok ? {} : result.errors).toEqual(TOO_COMMON);
  });

  it.each(['green-house-42', 'Prune-The-Roses', 'trolley pots kent'])('accepts %j', (password) => {
    expect(validatePasswordPair(password, password).ok).toBe(true);
  });
});
