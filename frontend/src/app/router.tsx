import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { LoginPage } from '../features/auth/routes/login-page.tsx';
import { NoAccessPage } from '../features/auth/routes/no-access-page.tsx';
import { ErrorPage } from '../features/errors/routes/error-page.tsx';
import { NotFoundPage, PublicNotFoundPage } from '../features/errors/routes/not-found-page.tsx';
import { AddAdminPage } from '../features/users/routes/add-admin-page.tsx';
import { ProfilePage } from '../features/users/routes/profile-page.tsx';
import { UsersPage } from '../features/users/routes/users-page.tsx';
import { paths } from '../lib/paths.ts';
import { AdminShell, dataScreen } from './admin-shell.tsx';
import { PublicOnly } from './public-only.tsx';
import { RequireAdmin } from './require-admin.tsx';
import { RootLayout } from './root-layout.tsx';

/** `/` only forwards to /login, keeping any message a guard attached on the way. */
function ToLogin() {
  const { state } = useLocation();
  return <Navigate to={paths.login} replace state={state} />;
}

const dashboardPage = async () => ({
  Component: (await import('../features/posts/routes/dashboard-page.tsx')).DashboardPage,
});

// Screens of tables and lists take the window's width (see AdminShell); forms keep a readable column.
const handle = dataScreen;

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: paths.root, element: <ToLogin /> },
      {
        path: paths.login,
        element: (
          <PublicOnly>
            <LoginPage />
          </PublicOnly>
        ),
      },
      { path: paths.nonAdminHome, element: <NoAccessPage /> },
      {
        path: paths.admin,
        element: <RequireAdmin />,
        children: [
          {
            element: <AdminShell />,
            children: [
              { index: true, element: <Navigate to={paths.emailAccounts} replace /> },
              // The e-mail side's screens load on first visit (route-level code splitting).
              {
                path: paths.emailAccounts,
                lazy: async () => ({
                  Component: (await import('../features/mail-accounts/routes/email-accounts-page.tsx'))
                    .EmailAccountsPage,
                }),
              },
              { path: paths.dashboard, handle, lazy: dashboardPage },
              { path: `${paths.dashboard}/:accountId`, handle, lazy: dashboardPage },
              {
                path: paths.sentEmails,
                handle,
                lazy: async () => ({
                  Component: (await import('../features/posts/routes/sent-emails-page.tsx')).SentEmailsPage,
                }),
              },
              {
                path: paths.emailCampaigns,
                handle,
                lazy: async () => ({
                  Component: (await import('../features/email-campaigns/routes/campaigns-page.tsx')).CampaignsPage,
                }),
              },
              {
                path: `${paths.emailCampaigns}/:campaignId`,
                handle,
                lazy: async () => ({
                  Component: (await import('../features/email-campaigns/routes/campaign-page.tsx')).CampaignPage,
                }),
              },
              {
                path: paths.favourites,
                handle,
                lazy: async () => ({
                  Component: (await import('../features/posts/routes/favourites-page.tsx')).FavouritesPage,
                }),
              },
              {
                path: paths.contactBook,
                handle,
                lazy: async () => ({
                  Component: (await import('../features/contacts/routes/contact-book-page.tsx')).ContactBookPage,
                }),
              },
              {
                path: paths.messageSender(),
                handle,
                lazy: async () => ({
                  Component: (await import('../features/messaging/routes/message-sender-page.tsx')).MessageSenderPage,
                }),
              },
              {
                path: paths.messageResults,
                handle,
                lazy: async () => ({
                  Component: (await import('../features/messaging/routes/message-results-page.tsx')).MessageResultsPage,
                }),
              },
              {
                path: paths.optOuts,
                handle,
                lazy: async () => ({
                  Component: (await import('../features/consent/routes/opt-outs-page.tsx')).OptOutsPage,
                }),
              },
              {
                path: paths.outreach(),
                handle,
                lazy: async () => ({
                  Component: (await import('../features/consent/routes/outreach-page.tsx')).OutreachPage,
                }),
              },
              { path: paths.profile, element: <ProfilePage /> },
              { path: paths.users, handle, element: <UsersPage /> },
              { path: paths.addAdmin, element: <AddAdminPage /> },
              { path: paths.error, element: <ErrorPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      // Unknown routes show the error page (spec §8), outside the admin area too.
      { path: '*', element: <PublicNotFoundPage /> },
    ],
  },
]);
