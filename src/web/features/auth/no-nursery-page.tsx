import { Navigate } from '../../lib/router/links';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { currentUser, logout } from '../../lib/session';
import { AuthCard } from './auth-card';

/** /no-nursery: an account an admin took out of its nursery; an invitation brings it into one again (docs/decisions/035). */
export default function NoNurseryPage() {
  if (currentUser()?.nursery) return <Navigate to={paths.board} replace />;
  return (
    <AuthCard title="Not in a nursery">
      <p className="mb-4 text-sm text-slate-700">
        Your account does not belong to a nursery any more. Ask an admin of your nursery to invite you: open the link in their e-mail while
        signed in, and you are back.
      </p>
      <Button variant="secondary" size="lg" fullWidth onClick={logout}>
        Logout
      </Button>
    </AuthCard>
  );
}
