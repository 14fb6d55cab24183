import { useQuery } from '@tanstack/react-query';
import { emptyVehicleInfo } from '#domain/trolleys/run-plan';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { paths } from '../../lib/paths';
import { useParams } from '../../lib/router/hooks';
import { Link } from '../../lib/router/links';
import { runQuery } from '../../lib/runs/run-queries';
import { useCan } from '../../lib/use-role';
import { TrolleyMapper } from './trolley-mapper';

/** /runs/view/{id}: a saved run, opened in the trolley mapper with everything restored. */
export default function RunViewPage() {
  const { id = '' } = useParams();
  const run = useQuery(runQuery(id));
  const canEdit = useCan('edit');

  if (run.isPending) return <LoadingScreen text="Loading export..." />;
  if (run.isError) {
    const missing = (run.error as { status?: number }).status === 404;
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-10 text-center">
        <p className="font-semibold text-slate-900">
          {missing ? 'This run no longer exists.' : 'This run could not be loaded. Check your connection and try again.'}
        </p>
        <Link to={paths.runs} className="mt-3 inline-block font-medium text-emerald-700 underline-offset-2 hover:underline">
          Back to Runs
        </Link>
      </div>
    );
  }
  const record = run.data;
  // Keyed by the run: a refetch of the same run never resets the planner's edits.
  return (
    <TrolleyMapper
      key={record.id}
      initialPlan={{
        stops: Array.isArray(record.data) ? record.data : [],
        vehicleInfo: { ...emptyVehicleInfo(), ...record.vehicleInfo },
      }}
      savedVersion={{ id: record.id, updated: record.updated }}
      readOnly={!canEdit}
    />
  );
}
