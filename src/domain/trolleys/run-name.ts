import type { VehicleInfo } from '../records';

/** yyyy-mm-dd -> dd-mm-yyyy, the order staff write dates in (run names, the run sheet). */
export function dayMonthYear(date: string): string {
  return date.split('-').reverse().join('-');
}

/** A saved run's name: the date (day-month-year), driver and registration joined by hyphens.
 * Saving looks a run up by this name, so the same driver, lorry and day update one run. */
export function runName(vehicleInfo: Pick<VehicleInfo, 'date' | 'driver' | 'reg'>): string {
  return [dayMonthYear(vehicleInfo.date), vehicleInfo.driver.trim(), vehicleInfo.reg.trim()].join('-');
}

/** The run sheet PDF's file name: date(day-month-year)_driver.pdf. */
export function runPdfFileName(vehicleInfo: Pick<VehicleInfo, 'date' | 'driver'>): string {
  return `${dayMonthYear(vehicleInfo.date)}_${vehicleInfo.driver.trim()}.pdf`;
}
