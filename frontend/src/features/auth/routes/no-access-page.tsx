import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { clearSession, readStoredUser } from '../../../lib/storage.ts';

/** Where a signed-in account without admin rights lands: it cannot use the tool (spec §6). */
export function NoAccessPage() {
  const navigate = useNavigate();
  if (!readStoredUser()) return <Navigate to={paths.login} replace />;

  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-bold text-slate-900">JOB CASTING</h1>
        <p className="mt-4 text-sm text-slate-700">Access denied. Admin privileges required.</p>
        <Button
          className="mt-6"
          onPress={() => {
            clearSession();
            void navigate(paths.login, { replace: true });
          }}
        >
          Sign in with another account
        </Button>
      </div>
    </main>
  );
}
