import { useQuery } from '@tanstack/react-query';
import { dayLabel } from '#domain/orders/format';
import { FormDialog } from '../../components/ui/form-dialog';
import { describeError } from '../../lib/describe-error';
import { fillPreviewQuery, fillWeek } from '../../lib/standing-orders/standing-order-queries';

// Fill week (docs/decisions/039): the orders the standing orders make in this week, listed first;
// those made already are listed as skipped. Create makes the rest, once: the server refuses twice.

const orders = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

export function FillWeekDialog({ open, year, week, onClose }: { open: boolean; year: number; week: number; onClose: () => void }) {
  const preview = useQuery({ ...fillPreviewQuery(year, week), enabled: open });
  const toCreate = preview.data?.toCreate ?? [];
  const existing = preview.data?.existing ?? [];
  return (
    <FormDialog
      describeError={describeError}
      open={open}
      title={`Fill week ${week} from standing orders`}
      description="Makes this week's orders from the customers' standing orders. Orders made before are not made again."
      actionLabel={preview.isSuccess ? `Create ${orders(toCreate.length)}` : 'Create'}
      busyLabel="Creating..."
      wide
      onClose={onClose}
      onSubmit={async () => {
        const { created, skipped } = await fillWeek({ year, week });
        return `${orders(created)} created for week ${week}${skipped > 0 ? `; ${skipped} already there` : ''}.`;
      }}
    >
      <section aria-label="Fill week preview" className="max-h-72 overflow-y-auto rounded-md border border-slate-200 p-2 text-sm">
        {preview.isPending && <p className="text-slate-600">Reading the standing orders...</p>}
        {preview.isError && (
          <p role="alert" className="text-red-800">
            {describeError(preview.error)}
          </p>
        )}
        {preview.isSuccess && (
          <>
            <p className="font-semibold text-slate-900">
              {toCreate.length === 0 ? 'No orders to create for this week.' : `${orders(toCreate.length)} will be created:`}
            </p>
            <ul aria-label="Orders to create" className="mt-1 space-y-0.5">
              {toCreate.map((order) => (
                <li key={order.standingOrder}>
                  {dayLabel(order.day)}: {order.title}
                  {order.trollies && <span className="text-slate-600"> · {order.trollies} trolleys</span>}
                </li>
              ))}
            </ul>
            {existing.length > 0 && (
              <>
                <p className="mt-2 font-semibold text-slate-700">Already on the board, skipped:</p>
                <ul aria-label="Orders already made" className="mt-1 space-y-0.5 text-slate-600">
                  {existing.map((order) => (
                    <li key={order.standingOrder}>
                      {dayLabel(order.day)}: {order.title}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </section>
    </FormDialog>
  );
}
