import type { VehicleInfo } from './run-fields';

/** yyyy-mm-dd -> dd-mm-yyyy, the order staff write dates in (run names, the run sheet). */
export function dayMonthYear(date: string): string {
  return date.split('-').reverse().join('-');
}

/** A saved run's name: the date (day-month-year), driver and registration joined by hyphens.
 * Saving looks a run up by this name, so the same driver, lorry and day update one run. */
export function runName(vehicleInfo: Pick<VehicleInfo, 'date' | 'driver' | 'reg'>): string {
  return [dayMonthYear(vehicleInfo.date), vehicleInfo.driver.trim(), vehicleInfo.reg.trim()].join('-');
}

/**
 * The run sheet PDF's file name: date(day-month-year)_driver.pdf, the driver's name as a file
 * name part ("Tom Jones" -> "Tom-Jones"), so the name needs no quoting anywhere.
 */
export function runPdfFileName(vehicleInfo: Pick<VehicleInfo, 'date' | 'driver'>): string {
  return `${dayMonthYear(vehicleInfo.date)}_${fileNamePart(vehicleInfo.driver)}.pdf`;
}

// eslint-disable-next-line no-control-regex -- control characters are among those a file name may not hold
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;

/**
 * Text made safe to stand in a file name on any system: no spaces (runs of white space become one
 * "-") and none of the characters Windows or macOS refuse or give a meaning (\ / : * ? " < > |).
 * Letters of any script are kept.
 */
export function fileNamePart(text: string): string {
  return text.trim().replace(NOT_IN_FILE_NAMES, '-').replace(/\s+/g, '-').replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
}
