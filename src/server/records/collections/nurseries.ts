import { nurseries } from '#domain/collections/nurseries';
import { validateInput } from '#domain/collections/validate-input';
import { BLANK, isPlainObject, readText, type FieldErrors } from '#domain/validation';
import type { WeekHeadings } from '#domain/records';
import { hashDeletePassword } from '../../auth/delete-password';
import { generateDeletePassword } from '../../auth/delete-password-words';
import { validationFailed } from '../../errors';
import { MEMBER, membersWithRole, type AccessRules } from '../access-rules';
import { serverCollection, type CollectionDeps } from '../collection';
import { newRecordId } from '../ids';
import type { Row } from '../record-store';

const OWN_NURSERY = 'id = @request.auth.nursery';

/**
 * Members see their own nursery (its name and headings: every board shows them); its admins change
 * it and alone see the deletion password the server generated for it. Nurseries are made by
 * signing up and are never deleted through the API (docs/decisions/036).
 */
const rules: AccessRules = {
  list: { gate: MEMBER, condition: OWN_NURSERY },
  view: { gate: MEMBER, condition: OWN_NURSERY },
  create: { gate: MEMBER, condition: null, deny: 'A new nursery is made by signing up; its first person becomes its admin.' },
  update: { gate: membersWithRole(['admin'], 'Only an admin of the nursery can change its settings.'), condition: OWN_NURSERY },
  delete: { gate: MEMBER, condition: OWN_NURSERY, deny: 'A nursery cannot be deleted here. Please contact support.' },
  fields: { generatedDeletePassword: '@request.auth.role = "admin" && id = @request.auth.nursery' },
};

export const DELETE_PASSWORD_MIN_LENGTH = 6;
export const DELETE_PASSWORD_MAX_LENGTH = 72;

/**
 * A new nursery's row, its id chosen (a sign-up's account refers to it). Without the operator's
 * DELETE_PASSWORD it gets a generated deletion password, kept as a hash and shown to its admins
 * until they choose their own (docs/decisions/036).
 */
export async function newNurseryRow(
  name: string,
  deps: Pick<CollectionDeps, 'config' | 'passwordHashCost'>,
  headings: WeekHeadings = {},
): Promise<Row & { id: string }> {
  const generated = deps.config.deletePassword ? '' : generateDeletePassword();
  return {
    id: newRecordId(),
    name,
    headings: JSON.stringify(headings),
    deletePasswordHash: generated === '' ? '' : await hashDeletePassword(generated, deps.passwordHashCost),
    generatedDeletePassword: generated,
  };
}

/** A deletion password an admin chose: one line of 6 to 72 characters. */
function readDeletePassword(raw: unknown): { ok: true; text: string } | { ok: false; errors: FieldErrors } {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
    return { ok: false, errors: { deletePassword: BLANK } };
  const read = readText(raw, DELETE_PASSWORD_MAX_LENGTH);
  const text = read.ok ? read.text.trim() : '';
  if (!read.ok || text.length < DELETE_PASSWORD_MIN_LENGTH)
    return {
      ok: false,
      errors: {
        deletePassword: {
          code: 'validation_length_out_of_range',
          message: `The deletion password must be one line of ${DELETE_PASSWORD_MIN_LENGTH} to ${DELETE_PASSWORD_MAX_LENGTH} characters.`,
        },
      },
    };
  return { ok: true, text };
}

/** Nurseries and their settings (fields: src/domain/collections/nurseries.ts). */
export const nurseriesCollection = serverCollection(nurseries, {
  rules,
  needsDeletePassword: false,
  // Only the server makes nurseries (sign-up, the demo seed, the operator): the rules deny clients.
  async prepareCreate(body, { deps }) {
    const result = validateInput(nurseries, body, 'create');
    if (!result.ok) throw validationFailed(result.errors);
    return newNurseryRow(result.value.name, deps, result.value.headings);
  },
  async prepareUpdate(body, existing, { deps }) {
    const result = validateInput(nurseries, body, 'update', nurseriesCollection.toRecord(existing));
    const errors: FieldErrors = result.ok ? {} : { ...result.errors };
    const changes: Row = result.ok ? nurseriesCollection.toRow(result.value) : {};
    if (isPlainObject(body) && Object.hasOwn(body, 'deletePassword')) {
      const chosen = readDeletePassword(body.deletePassword);
      if (!chosen.ok) Object.assign(errors, chosen.errors);
      else {
        // Its own password replaces the generated one, which is no longer shown.
        changes.deletePasswordHash = await hashDeletePassword(chosen.text, deps.passwordHashCost);
        changes.generatedDeletePassword = '';
      }
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return changes;
  },
});
