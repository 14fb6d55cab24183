import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseMail } from '../../../tests/support/mail';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { startLoopbackSmtp, type LoopbackSmtp, type ReceivedMail } from '../../../tests/support/smtp';

// Mail over real SMTP: a loopback SMTP server receives what the app sends when SMTP_URL is set.

describe('mail over SMTP (SMTP_URL)', () => {
  let smtp: LoopbackSmtp;
  let server: TestServer;
  let received: ReceivedMail[];

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    received = smtp.received;
    server = await startTestServer({
      smtpUrl: smtp.url,
      appUrl: 'https://board.nursery.test',
      mailFrom: 'Trolleyboard <no-reply@nursery.test>',
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('sends the verification mail to the SMTP server; its link confirms the address', async () => {
    const email = `smtp${process.pid}@nursery.test`;
    const password = 'glasshouse-21';
    const pb = server.client();
    await pb.collection('users').create({
      username: `smtp${process.pid}`,
      email,
      password,
      passwordConfirm: password,
      termsAgreement: { agreed: true, version: 'v1.0', timestamp: new Date().toISOString() },
    });
    await pb.collection('users').requestVerification(email);

    await vi.waitFor(() => expect(received.some((m) => m.to.includes(email))).toBe(true), { timeout: 10_000 });
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail?.from).toBe('no-reply@nursery.test');
    const parsed = parseMail(mail?.raw ?? '');
    expect(parsed.subject).toMatch(/verify/i);
    expect(parsed.text).toContain('https://board.nursery.test/auth/confirm-verification/');
    const link = parsed.links.find((l) => l.startsWith('https://board.nursery.test/auth/confirm-verification/'));
    const token = link?.split('/auth/confirm-verification/')[1] ?? '';
    expect(token).not.toBe('');
    // With SMTP configured, nothing is written to DATA_DIR/mail.
    expect(server.mails()).toEqual([]);

    await expect(pb.collection('users').confirmVerification(token)).resolves.toBe(true);
    const signedIn = await pb.collection('users').authWithPassword(email, password);
    expect(signedIn.record.verified).toBe(true);
  });

  it('sends the password reset mail with its link', async () => {
    const email = `smtp${process.pid}@nursery.test`;
    const before = received.length;
    await server.client().collection('users').requestPasswordReset(email);
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(before), { timeout: 10_000 });
    const mail = received.filter((m) => m.to.includes(email)).pop();
    const parsed = parseMail(mail?.raw ?? '');
    expect(parsed.subject).toMatch(/reset/i);
    expect(parsed.text).toContain('https://board.nursery.test/auth/confirm-password-reset/');
  });
});

describe('mail when the SMTP server is unreachable', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, so the connection is refused at once.
    server = await startTestServer({ smtpUrl: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers exactly as for an unknown address, so an outage reveals no accounts', async () => {
    const email = `down${process.pid}@nursery.test`;
    const password = 'glasshouse-21';
    const pb = server.client();
    await pb.collection('users').create({
      username: `down${process.pid}`,
      email,
      password,
      passwordConfirm: password,
      termsAgreement: { agreed: true, version: 'v1.0', timestamp: new Date().toISOString() },
    });
    const known = await fetch(`${server.url}/api/collections/users/request-verification`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const unknown = await fetch(`${server.url}/api/collections/users/request-verification`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `nobody${process.pid}@nursery.test` }),
    });
    expect(known.status).toBe(204);
    expect(unknown.status).toBe(204);
    expect(await known.text()).toBe(await unknown.text());
  });
});
