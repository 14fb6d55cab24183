import { paths } from '../../src/web/lib/paths';
import { api, unique } from '../support/e2e-api';
import { ONE_SIZE } from '../support/e2e-board';
import { test, expect } from '../support/e2e-fixtures';
import { readPdf } from '../support/pdf-tools';
import { keepScreenshot } from '../support/screenshots';

// The office mails a customer's statement (docs/decisions/080), at its desktop (nothing here
// differs by size, docs/decisions/086): from the
// statement dialog, to the contacts who receive statements; the toast says to whom it went, and the
// mail lands in the mailbox with the statement's PDF.

const pad = (n: number) => String(n).padStart(2, '0');
/** Today in the browser's (and this process's) time zone, as the ledger dates things. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const screen = ONE_SIZE.desk;
test.describe(`on a ${screen.name}`, () => {
  test.use(screen.use);

  test("office mails a customer's statement to its statement contacts", async ({ page, accounts, signIn, mailbox }) => {
    const admin = await accounts.create();
    const pb = await api(admin);
    const u = unique();
    const name = `Rowan Garden Centre ${u}`;
    const customer = await pb.collection('customers').create({ name, poolAccount: 'CC-5150' });
    const accountsAddress = `accounts-${u}@rowan.test`;
    await pb.collection('customer_contacts').create({ customer: customer.id, email: accountsAddress, deliveryNotices: false });
    await pb.collection('customer_contacts').create({ customer: customer.id, email: `yard-${u}@rowan.test`, statements: false });
    await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: '2020-01-06', trolleys: 2 });
    await pb.collection('trolley_movements').create({ customer: customer.id, kind: 'out', date: today(), trolleys: 5, shelves: 1 });

    await signIn(page, admin, paths.customers);
    await page.getByRole('button', { name: `Statement of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Statement: ${name}` });
    await expect(dialog.getByRole('table', { name: 'Statement' }).getByRole('row')).toHaveCount(4);
    await dialog.getByRole('button', { name: 'Mail statement' }).click();
    // The first PDF after an idle spell starts the server's PDF worker: seconds on a busy machine.
    await expect(page.getByText(`${name}'s statement went to ${accountsAddress}.`)).toBeVisible({ timeout: 30_000 });
    await keepScreenshot(page, { path: test.info().outputPath(`statement-mail-${screen.name}.png`) });

    const mail = await mailbox.waitFor(accountsAddress, 'Trolley statement');
    expect(mail.text).toContain('At the end of the period: 7 trolleys, 1 shelf, 0 extensions.');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.filename).toMatch(/^statement_Rowan-Garden-Centre-[a-z0-9-]+_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = readPdf(new Uint8Array(mail.attachments[0]!.content));
    expect(pdf.rawText).toContain(name);
    expect(pdf.rawText).toContain('Pool account CC-5150');
    expect(pdf.rawText).toMatch(/Closing balance 7 \/ 1 \/ 0/);
  });
});
