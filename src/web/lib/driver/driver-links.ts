import { DRIVER_API, type DriverLinkView, type DriverLinksAnswer } from '#domain/driver/driver-link';
import { pb } from '../pb';
import { currentUser } from '../session';

// The office's side of the driver's link (docs/decisions/044): list, make and revoke a run's links.

export const canHandDriverLinks = (role: string | null | undefined): boolean => role === 'admin' || role === 'office';

export async function runDriverLinks(runId: string): Promise<DriverLinkView[]> {
  return (await pb.send<DriverLinksAnswer>(DRIVER_API.runLinks(runId), { requestKey: null })).items;
}

export const newDriverLink = (runId: string): Promise<DriverLinkView> =>
  pb.send<DriverLinkView>(DRIVER_API.runLinks(runId), { method: 'POST', requestKey: null });

export const revokeDriverLink = (linkId: string): Promise<DriverLinkView> =>
  pb.send<DriverLinkView>(DRIVER_API.revoke(linkId), { method: 'POST', requestKey: null });

/**
 * The link a printed run sheet carries: the run's newest working one, else a new one when the
 * person printing may make links; null otherwise (the sheet then prints without a QR code, as
 * before), also when the server cannot be reached.
 */
export async function driverLinkForPrint(runId: string): Promise<DriverLinkView | null> {
  if (!canHandDriverLinks(currentUser()?.role)) return null;
  try {
    const working = (await runDriverLinks(runId)).find((link) => link.active);
    return working ?? (await newDriverLink(runId));
  } catch (error) {
    console.warn("The driver's link could not be read for the run sheet.", error);
    return null;
  }
}
