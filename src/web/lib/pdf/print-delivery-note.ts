import { countsOfStop, stopKey, trolleysOfStop } from '#domain/ledger/booking';
import {
  COLLECTIONS,
  type NurseryRecord,
  type RunDropRecord,
  type RunStop,
  type TrolleyExportRecord,
  type TrolleyMovementRecord,
} from '#domain/records';
import { deliveryNoteFileName } from '#domain/runs/drops';
import type { RecordModel } from 'pocketbase';
import { downloadFile } from '../download-file';
import { pb } from '../pb';
import { queryClient } from '../query-client';
import { nurseryKeys } from '../query-keys';
import { currentUser } from '../session';
import { loadAppConfig } from '../use-app-config';
import { loadPdfFonts } from './load-pdf-fonts';

export interface DeliveryNoteRequest {
  run: string;
  runName: string;
  /** yyyy-mm-dd */
  runDate: string;
  stop: RunStop & { key: string; number: number };
  dropCount: number;
  drop: RunDropRecord;
  /** The signature drawn on the driver's phone, when there is one. */
  signaturePng?: Uint8Array;
}

/**
 * Builds one drop's delivery note and hands it to the browser (docs/decisions/042). jsPDF and the
 * font load here, on demand, never with a screen. What was left is what the run booked out for the
 * stop in the ledger; a stop not booked out shows its own trolleys.
 */
export async function downloadDeliveryNote(request: DeliveryNoteRequest): Promise<void> {
  const { drop, stop } = request;
  const filter = pb.filter('run = {:run} && stop = {:stop} && kind = "out"', { run: request.run, stop: stop.key });
  const [{ buildDeliveryNotePdf }, fonts, appUrl, booked, signaturePng] = await Promise.all([
    import('#domain/pdf/delivery-note-pdf'),
    loadPdfFonts(),
    loadAppConfig().then(
      (config) => config.appUrl,
      () => window.location.origin,
    ),
    pb.collection(COLLECTIONS.trolleyMovements).getList<TrolleyMovementRecord>(1, 1, { filter, skipTotal: true }),
    request.signaturePng ?? signatureOf(drop.id),
  ]);
  const out = booked.items[0];
  const nursery = queryClient.getQueryData<NurseryRecord>(nurseryKeys.detail(currentUser()?.nursery ?? ''));
  const bytes = buildDeliveryNotePdf({
    nursery: nursery?.name ?? '',
    run: { name: request.runName, date: request.runDate },
    dropNumber: stop.number,
    dropCount: request.dropCount,
    customer: stop.title,
    postcode: stop.postcode,
    left: out ? { trolleys: out.trolleys, shelves: out.shelves, extensions: out.extensions } : countsOfStop(stop),
    back: { trolleys: drop.trolleysBack, shelves: drop.shelvesBack, extensions: drop.extensionsBack },
    planned: trolleysOfStop(stop.trollies),
    outcome: drop.outcome,
    reason: drop.reason,
    receivedBy: drop.receivedBy,
    recordedAt: drop.recordedAt,
    signaturePng,
    today: new Date(),
    appUrl,
    fonts,
  });
  downloadFile(new Blob([bytes], { type: 'application/pdf' }), deliveryNoteFileName(stop.title, request.runDate, stop.number));
}

/**
 * The signature drawn on the driver's phone, or undefined without one. Read afresh: a driver's link
 * stores the signature just after the drop, so a drop kept from a live event may not name it yet.
 * The file is protected (docs/decisions/043): its address carries a short-lived file token.
 */
async function signatureOf(dropId: string): Promise<Uint8Array | undefined> {
  const drop = await pb
    .collection(COLLECTIONS.runDrops)
    .getOne<RunDropRecord>(dropId, { fields: 'id,collectionId,collectionName,signature' });
  if (!drop.signature) return undefined;
  const token = await pb.files.getToken();
  const response = await fetch(pb.files.getURL(drop as unknown as RecordModel, drop.signature, { token }));
  if (!response.ok) throw new Error(`The signature could not be read (${response.status}). Try again.`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The delivery note of the drop at a run's stop, from the customer's ledger (a movement names its
 * run and stop). False when the stop has no drop yet, or is no longer on the run.
 */
export async function downloadDeliveryNoteOfStop(run: string, stop: string): Promise<boolean> {
  const [saved, drops] = await Promise.all([
    pb.collection(COLLECTIONS.trolleyExports).getOne<Pick<TrolleyExportRecord, 'id' | 'name' | 'data' | 'vehicleInfo'>>(run, {
      fields: 'id,name,data,vehicleInfo',
    }),
    pb.collection(COLLECTIONS.runDrops).getFullList<RunDropRecord>({ filter: pb.filter('run = {:run} && stop = {:stop}', { run, stop }) }),
  ]);
  const drop = drops[0];
  const index = saved.data.findIndex((item, i) => stopKey(item, i) === stop);
  const found = saved.data[index];
  if (!drop || !found) return false;
  await downloadDeliveryNote({
    run,
    runName: saved.name,
    runDate: saved.vehicleInfo.date,
    stop: { ...found, key: stop, number: index + 1 },
    dropCount: saved.data.length,
    drop,
  });
  return true;
}
