import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';
import { useStoredUser } from '../../../lib/use-stored-user.ts';

export function HomePage() {
  const user = useStoredUser();
  if (!user) return null;

  return (
    <>
      <PageHeader title="Dashboard" />
      <Card>
        <p className="text-lg font-semibold text-slate-900">Welcome, {user.name}.</p>
        <p className="mt-1 text-sm text-slate-600">Signed in as {user.email}</p>
        <h2 className="mt-8 text-sm font-semibold tracking-wide text-slate-700 uppercase">Quick links</h2>
        <div className="mt-3 flex flex-wrap gap-3">
          <ButtonLink href={paths.profile} variant="secondary">
            Update Profile
          </ButtonLink>
          {user.role === 'superadmin' && (
            <ButtonLink href={paths.users} variant="secondary">
              Manage Users
            </ButtonLink>
          )}
        </div>
      </Card>
    </>
  );
}
