import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { balanceReplies } from '#domain/collections/balance-replies';
import { BALANCE_API, BALANCE_LINK_HEADER, type BalanceReplyView } from '#domain/customers/balance-link';
import { requireUser } from '../auth/auth-context';
import { requireAccess, requireRole } from '../auth/require-access';
import { fileChanges, type Upload } from '../files/file-changes';
import { discardUnread, isMultipart, readMultipartBody } from '../files/multipart-body';
import type { UploadBudget } from '../files/upload-budget';
import { validationFailed } from '../errors';
import { bodyOf, Given, paramsOf, QueryText, useRouteSchemas } from '../plugins/route-schemas';
import { MEMBER } from '../records/access-rules';
import type { RecordService } from '../records/record-service';
import { Type } from '@sinclair/typebox';
import type { BalanceLink, BalanceLinkService } from './balance-link-service';

/** Only office staff and admins hand a customer its balance link or answer its disputes (docs/decisions/078). */
export const BALANCE_LINK_EDITORS_ONLY =
  "Only office staff and admins can make or cancel a customer's balance link, or resolve its disputes. Ask one of them.";

export interface BalanceLinkRoutesOptions {
  links: BalanceLinkService;
  records: RecordService;
  uploads: UploadBudget;
}

const CustomerParams = paramsOf('customer');
const LinkParams = paramsOf('id');
const ReplyBody = bodyOf({ kind: Given, trolleys: Given, shelves: Given, extensions: Given, note: Given }, 'A confirmation or a dispute');
const ResolveBody = bodyOf({ reply: Given, adjustment: Given }, 'A reply to a dispute, or an adjustment with its reason');
const StatementQuery = Type.Object({ from: QueryText, to: QueryText });

/** Multipart sends every value as text: a count arrives as "2". */
const COUNT_FIELDS = ['trolleys', 'shelves', 'extensions'] as const;

/**
 * The balance link's routes (docs/decisions/078), thin over BalanceLinkService. The customer's
 * routes are authorised by the link's secret in BALANCE_LINK_HEADER only and name no customer: a
 * signed-in user's token opens none of them, and the secret opens nothing else.
 */
export async function balanceLinkRoutes(fastify: FastifyInstance, { links, records, uploads }: BalanceLinkRoutesOptions): Promise<void> {
  useRouteSchemas(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const editors = requireRole(['admin', 'office'], BALANCE_LINK_EDITORS_ONLY);

  app.get(BALANCE_API.customerLinksRoute, { schema: { params: CustomerParams }, preHandler: editors }, async (request) => ({
    items: await links.list(requireUser(request.auth), request.params.customer),
  }));
  app.post(BALANCE_API.customerLinksRoute, { schema: { params: CustomerParams }, preHandler: editors }, async (request) =>
    links.create(requireUser(request.auth), request.params.customer),
  );
  app.post(BALANCE_API.revokeRoute, { schema: { params: LinkParams }, preHandler: editors }, async (request) =>
    links.revoke(requireUser(request.auth), request.params.id),
  );
  app.get(BALANCE_API.openDisputes, { preHandler: requireAccess(MEMBER, 'balance disputes') }, async (request) =>
    links.openDisputes(requireUser(request.auth)),
  );
  app.post(BALANCE_API.resolveRoute, { schema: { params: LinkParams, body: ResolveBody }, preHandler: editors }, async (request) =>
    links.resolve(requireUser(request.auth), request.params.id, request.body),
  );

  app.get(BALANCE_API.view, async (request) => links.balance(await linkOf(links, request)));
  app.get(BALANCE_API.statement, { schema: { querystring: StatementQuery } }, async (request, reply) => {
    const link = await linkOf(links, request);
    const { fileName, csv } = await links.statement(link, request.query.from, request.query.to);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(csv);
  });
  // JSON, or multipart with a `photo` (its body is read after the link is checked, so the schema sees `{}` for it).
  app.post(BALANCE_API.replies, { schema: { body: ReplyBody } }, async (request): Promise<BalanceReplyView> => {
    // The link first: without a working one the body is never read (docs/decisions/052).
    let link: BalanceLink;
    try {
      link = await linkOf(links, request);
    } catch (error) {
      discardUnread(request);
      throw error;
    }
    if (!isMultipart(request)) return links.replyView(await links.reply(link, request.body));
    const share = uploads.open();
    try {
      let read;
      try {
        read = await readMultipartBody(request, balanceReplies, { mode: 'create', share });
      } catch (error) {
        discardUnread(request);
        throw error;
      }
      const body: Record<string, unknown> = { ...read.body };
      for (const field of COUNT_FIELDS) {
        const value = body[field];
        if (typeof value === 'string' && /^\d{1,3}$/.test(value)) body[field] = Number(value);
      }
      return links.replyView(await recordWithPhoto(links, records, link, body, read.uploads));
    } finally {
      share.release();
    }
  });
}

/** The reply, then its photo on it: a bad photo (type, size) is refused before anything is written. */
async function recordWithPhoto(
  links: BalanceLinkService,
  records: RecordService,
  link: BalanceLink,
  body: Record<string, unknown>,
  uploads: readonly Upload[],
) {
  const checked = fileChanges(balanceReplies, {}, uploads, null, (original) => original);
  if (!checked.ok) throw validationFailed(checked.errors);
  const row = await links.reply(link, body);
  const photos = uploads.filter((upload) => upload.key === 'photo');
  if (photos.length === 0) return row;
  const id = String(row.id);
  return records.writeWithFiles('balance_replies', id, null, {}, photos, ({ columns }) =>
    records.systemBatch(async (batch) => {
      const current = await batch.db.selectFrom('balance_replies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return batch.update('balance_replies', current as unknown as typeof row, columns);
    }),
  );
}

function linkOf(links: BalanceLinkService, request: FastifyRequest): Promise<BalanceLink> {
  return links.linkOf(request.ip, request.headers[BALANCE_LINK_HEADER]);
}
