import { Link } from '../../lib/router/links';
import { paths } from '../../lib/paths';
import { PanelErrorBoundary } from '../../components/ui/error-boundary';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useAppConfig } from '../../lib/use-app-config';
import { sessionState } from '../../lib/session';
import { can } from '#domain/accounts/role-abilities';
import { roleLabel } from '#domain/collections/users';
import { useNursery } from '../../lib/settings/nursery';
import { useCurrentUser } from '../../lib/use-current-user';
import { AddEmailForm } from './add-email-form';
import { AppearanceChoice } from './appearance-choice';
import { NurserySettings } from './nursery-settings-form';
import { WeekHeadingsForm } from './week-headings-form';

const linkClass = 'font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900';
const cardClass = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm';

/** /settings: account info, how this device looks, contact, and the week headings. Not behind the gate (docs/product.md#settings). */
export default function SettingsPage() {
  const user = useCurrentUser();
  const state = sessionState(user);
  useDocumentTitle('Settings');

  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-semibold text-slate-900">Settings</h1>

      <section aria-labelledby="account-title" className={cardClass}>
        <h2 id="account-title" className="text-lg font-semibold text-slate-900">
          Account Info
        </h2>
        {user ? (
          <>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">Username</dt>
              <dd className="font-medium text-slate-900">{user.username}</dd>
              <dt className="text-slate-600">Email</dt>
              <dd className="break-all text-slate-900">{user.email || 'None (a yard account)'}</dd>
              {state === 'ready' && <NurseryAndRole role={user.role} />}
            </dl>
            {/* A yard account adds an address through a mailed link (docs/decisions/056). */}
            {!user.email && <AddEmailForm />}
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-700">
            <Link to={paths.login} className={linkClass}>
              Log in
            </Link>{' '}
            to see your account.
          </p>
        )}
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <li>
            <Link to={paths.forgotPassword} className={linkClass}>
              Change Password
            </Link>
          </li>
          <li>
            <Link to={paths.terms} className={linkClass}>
              Terms
            </Link>
          </li>
          <li>
            <Link to={paths.privacy} className={linkClass}>
              Privacy
            </Link>
          </li>
        </ul>
      </section>

      <section aria-label="Appearance" className={cardClass}>
        <AppearanceChoice />
      </section>

      <section aria-labelledby="contact-title" className={cardClass}>
        <h2 id="contact-title" className="text-lg font-semibold text-slate-900">
          Contact &amp; Feedback
        </h2>
        <SupportAddress />
      </section>

      {state === 'ready' && can(user?.role, 'nurserySettings') && (
        <section className={cardClass}>
          <PanelErrorBoundary panelName="Nursery">
            <NurserySettings />
          </PanelErrorBoundary>
        </section>
      )}

      <section className={cardClass}>
        <PanelErrorBoundary panelName="Week Headings">
          {state === 'ready' ? (
            <WeekHeadingsForm />
          ) : (
            <>
              <h2 className="text-lg font-semibold text-slate-900">Week Headings</h2>
              <p className="mt-2 text-sm text-slate-700">
                {state === 'logged-out'
                  ? 'Log in to set the route heading for each day.'
                  : 'Week headings can be set once your e-mail is verified and the terms are accepted.'}
              </p>
            </>
          )}
        </PanelErrorBoundary>
      </section>
    </div>
  );
}

function SupportAddress() {
  const config = useAppConfig();
  const email = config.data?.supportEmail;
  const failed = config.isError;

  return (
    <p className="mt-2 text-sm text-slate-700">
      Questions, problems or ideas for Trolleyboard? Write to{' '}
      {email ? (
        <a href={`mailto:${email}`} className={linkClass}>
          {email}
        </a>
      ) : failed ? (
        'our support address (it could not be loaded just now)'
      ) : (
        'our support address'
      )}
      .
    </p>
  );
}

/** Which nursery the account belongs to, and as what. */
function NurseryAndRole({ role }: { role: string }) {
  const nursery = useNursery();
  return (
    <>
      <dt className="text-slate-600">Nursery</dt>
      <dd className="text-slate-900">{nursery.data?.name ?? '…'}</dd>
      <dt className="text-slate-600">Role</dt>
      <dd className="text-slate-900">{roleLabel(role)}</dd>
    </>
  );
}
