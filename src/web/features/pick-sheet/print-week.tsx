import { useState } from 'react';
import { dayLabel } from '#domain/orders/format';
import { DAYS, type Day, type OrderRecord } from '#domain/records';
import { dayNumbersOfIsoWeek } from '#domain/weeks';
import { Button, buttonClass } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/fields';
import { daysWithOrders, ordersOnSheet } from './day-sheets';

interface PrintWeekProps {
  year: number;
  week: number;
  weekOrders: readonly OrderRecord[];
  isPrinting: boolean;
  onPrint(days: Day[], withCollects: boolean): void;
}

/**
 * "Print week": the chosen days of the week as one PDF, each day's pick sheet on a page of its own
 * and, when asked, its collect sheet after it. The days with orders to pick are chosen at first.
 */
export function PrintWeek({ year, week, weekOrders, isPrinting, onPrint }: PrintWeekProps) {
  const [chosenDays, setChosenDays] = useState<Day[] | null>(null);
  const [withCollects, setWithCollects] = useState(true);
  const days = chosenDays ?? daysWithOrders(weekOrders, { year, week });
  const dates = dayNumbersOfIsoWeek(year, week);

  const choose = (day: Day, on: boolean) => setChosenDays(DAYS.filter((d) => (d === day ? on : days.includes(d))));

  return (
    <details className="group mt-3 print:hidden">
      <summary className={`${buttonClass({ variant: 'secondary' })} cursor-pointer list-none`}>Print week {week}...</summary>
      <div className="mt-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Days to print, each on pages of its own (orders to pick)</legend>
          <div className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-4">
            {DAYS.map((day, i) => {
              const picks = ordersOnSheet('pick', weekOrders, { year, week, day }).length;
              return (
                <Checkbox
                  key={day}
                  label={`${dayLabel(day)} ${dates[i]} (${picks})`}
                  checked={days.includes(day)}
                  onChange={(on) => choose(day, on)}
                />
              );
            })}
          </div>
        </fieldset>
        <Checkbox label="Collect sheets too" checked={withCollects} onChange={setWithCollects} />
        <Button variant="primary" className="mt-2" onClick={() => onPrint(days, withCollects)} disabled={isPrinting || days.length === 0}>
          {isPrinting ? 'Printing...' : 'Print week'}
        </Button>
      </div>
    </details>
  );
}
