import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser, type AuthContext } from '../auth/auth-context';
import type { TokenService } from '../auth/token-service';
import type { RecordService } from '../records/record-service';
import { showsInline, sniffType } from './file-types';

export interface FilesRoutesOptions {
  records: RecordService;
  tokens: TokenService;
}

/** How long a file token works: PocketBase's default (3 minutes); the app asks for a new one as it needs. */
export const FILE_TOKEN_SECONDS = 180;

const Text = Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));
const FileParams = Type.Object({ collection: Type.String(), recordId: Type.String(), filename: Type.String() });
const FileQuery = Type.Object({ token: Text, download: Text, thumb: Text }, { additionalProperties: true });

const lastOf = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[value.length - 1] ?? '') : (value ?? ''));

/**
 * PocketBase's files API (docs/decisions/043): `GET /api/files/{collection}/{record}/{name}` serves
 * a record's file (`?download=1` as an attachment; `?thumb=WxH` serves the original, there being no
 * image library here; `?token=` for a protected file) and `POST /api/files/token` gives the
 * signed-in caller a short-lived file token (`pb.files.getToken()`).
 */
export async function filesRoutes(fastify: FastifyInstance, options: FilesRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { records, tokens } = options;

  app.post('/api/files/token', async (request) => {
    const user = requireUser(request.auth);
    return { token: await tokens.issue('file', user, FILE_TOKEN_SECONDS) };
  });

  app.get(
    '/api/files/:collection/:recordId/:filename',
    { schema: { params: FileParams, querystring: FileQuery } },
    async (request, reply) => {
      const { collection, recordId, filename } = request.params;
      const token = lastOf(request.query.token);
      const auth: AuthContext = { user: token === '' ? null : await tokens.userOf(token, 'file') };
      const { field, bytes } = await records.fileFor(collection, recordId, filename, auth);
      const type = sniffType(bytes);
      const download = ['1', 'true', 't'].includes(lastOf(request.query.download).toLowerCase());
      const disposition = download || !showsInline(type) ? 'attachment' : 'inline';
      return reply
        .header('Content-Type', type)
        .header('Content-Disposition', `${disposition}; filename="${filename}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Cache-Control',
          // A protected file's address carries a token: the device that had it may keep it a while, nobody else.
          field.protected ? 'private, max-age=3600' : 'max-age=2592000, stale-while-revalidate=86400',
        )
        .send(Buffer.from(bytes));
    },
  );
}
