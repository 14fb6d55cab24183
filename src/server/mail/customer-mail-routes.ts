import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CUSTOMER_MAIL_KIND_TABLE, STATEMENT_MAIL_API } from '#domain/customers/customer-mail';
import { requireUser } from '../auth/auth-context';
import { requireRole } from '../auth/require-access';
import { bodyOf, Given, paramsOf, useRouteSchemas } from '../plugins/route-schemas';
import { CUSTOMER_MAIL_STOP_PATH } from './customer-mail-stop';
import type { CustomerMailService, StopLinkTarget } from './customer-mail-service';

const TokenParams = paramsOf('token');
const CustomerParams = paramsOf('customer');
const StatementMailBody = bodyOf({ from: Given, to: Given }, "The statement's period, yyyy-mm-dd to yyyy-mm-dd");

/** Only office staff and admins mail a customer its statement (docs/decisions/080). */
export const STATEMENT_MAILERS_ONLY = "Only office staff and admins can mail a customer's statement. Ask one of them to send it.";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page of its own (no app, no script): a customer opens it from a mail, on any phone. */
function page(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1c1c1c;background:#fff}@media (prefers-color-scheme:dark){body{color:#eee;background:#161616}}button{font:inherit;padding:.75rem 1.25rem;border-radius:.5rem;border:0;background:#2f6b3a;color:#fff;cursor:pointer;min-height:44px}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

const NOT_WORKING =
  '<p>This link does not work: it is incomplete, or the address was removed from the customer. If mail still reaches you, reply to it and ask the nursery to stop.</p>';

function stoppedPage(reply: FastifyReply, target: StopLinkTarget): FastifyReply {
  const plural = CUSTOMER_MAIL_KIND_TABLE[target.kind].plural;
  return page(
    reply,
    200,
    `No more ${plural}`,
    `<p>${escapeHtml(target.email)} will get no more ${escapeHtml(plural)} from ${escapeHtml(target.nurseryName)}. Ask them if you want them again.</p>`,
  );
}

/**
 * The one-click stop of customer mail (docs/decisions/077). GET only shows a page with one button
 * (mail scanners and link previews open links, and must not stop anyone's mail); POST stops it:
 * the button, or a mail program's RFC 8058 one-click POST (`List-Unsubscribe=One-Click`).
 */
export async function customerMailRoutes(fastify: FastifyInstance, { mail }: { mail: CustomerMailService }): Promise<void> {
  useRouteSchemas(fastify);
  // The button's form and mail programs send a form body; what it says does not matter here.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const route = `${CUSTOMER_MAIL_STOP_PATH}:token`;

  app.get(route, { schema: { params: TokenParams } }, async (request, reply) => {
    const target = await mail.stopTarget(request.params.token);
    if (!target) return page(reply, 404, 'This link does not work', NOT_WORKING);
    if (target.stopped) return stoppedPage(reply, target);
    const plural = CUSTOMER_MAIL_KIND_TABLE[target.kind].plural;
    return page(
      reply,
      200,
      `Stop ${plural}?`,
      `<p>${escapeHtml(target.nurseryName)} sends ${escapeHtml(plural)} to ${escapeHtml(target.email)}.</p>` +
        `<form method="post"><button type="submit">Stop ${escapeHtml(plural)}</button></form>`,
    );
  });

  app.post(route, { schema: { params: TokenParams } }, async (request, reply) => {
    const target = await mail.stop(request.params.token);
    if (!target) return page(reply, 404, 'This link does not work', NOT_WORKING);
    return stoppedPage(reply, target);
  });

  // The office mails a customer's statement (docs/decisions/080).
  app.post(
    STATEMENT_MAIL_API.route,
    { schema: { params: CustomerParams, body: StatementMailBody }, preHandler: requireRole(['admin', 'office'], STATEMENT_MAILERS_ONLY) },
    async (request) =>
      mail.mailStatement(requireUser(request.auth).nursery, request.params.customer, {
        from: typeof request.body.from === 'string' ? request.body.from : '',
        to: typeof request.body.to === 'string' ? request.body.to : '',
      }),
  );
}
