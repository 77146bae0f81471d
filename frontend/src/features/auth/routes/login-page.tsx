import { useNavigate } from 'react-router';
import { resetApiCache } from '../../../lib/api-cache.ts';
import { paths } from '../../../lib/paths.ts';
import { writeSession } from '../../../lib/storage.ts';
import { LegalLinks } from '../components/legal-dialogs.tsx';
import { LoginForm } from '../components/login-form.tsx';

export function LoginPage() {
  const navigate = useNavigate();

  return (
    <div className="flex min-h-screen items-center justify-center bg-linear-to-br from-brand-950 via-brand-900 to-slate-900 px-4 py-12">
      <main className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <h1 className="text-3xl font-extrabold tracking-[0.25em] text-white">JOB CASTING</h1>
          <p className="mt-2 text-sm text-brand-100">Casting agency admin</p>
        </div>
        <div className="rounded-2xl bg-white p-8 shadow-2xl">
          <h2 className="mb-6 text-lg font-semibold text-slate-900">Sign In</h2>
          <LoginForm
            onSignedIn={async (session) => {
              await resetApiCache();
              writeSession(session);
              await navigate(paths.emailAccounts, { replace: true });
            }}
          />
          <div className="mt-6">
            <LegalLinks />
          </div>
        </div>
      </main>
    </div>
  );
}
